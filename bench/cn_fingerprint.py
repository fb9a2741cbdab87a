"""One hash of Canastone's behaviour, to prove a speed change altered nothing.

Plays seeded games at 2, 3, 4 and 6 seats, each seating with the default options and a
few variants (`max_deals` 1 or 2 so each ends), mostly with the `random` bot and some with
the `basic` bot (which goes out, asks its partner and takes the pile far more often). Along
the way it hashes every action, every event list, the listing of the acting seat at each
step, the views of all seats and the spectator at a sample of steps, and `to_dict()` after
each game (the loop is `ld_fingerprint.play_game`). Prints one hex digest.
Run from a worktree: `PYTHONPATH=. .venv/bin/python bench/cn_fingerprint.py [--games N]`.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from typing import Any

from ld_fingerprint import play_game

SEATINGS = (2, 3, 4, 6)
VARIANTS: list[dict[str, Any]] = [
    {"max_deals": 2},
    {"max_deals": 1, "premeld_draw": 1, "first_dealer": 1},
    {"max_deals": 1, "wild_melds": False, "go_out_canastas": "two_natural"},
    {"max_deals": 2, "unfinished_wild_meld_blocks_wilds": False,
     "unfinished_wild_meld_blocks_going_out": False, "clean_opening_at_50": True},
    {"max_deals": 1, "partner_permission": False, "unopened_hand_doubled": True,
     "many_canastas": "pagat", "red_three_values": "flat"},
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10,
                        help="random-bot games per seating and variant")
    args = parser.parse_args()
    h = hashlib.sha256()
    for seats in SEATINGS:
        for v, options in enumerate(VARIANTS):
            for seed in range(args.games):
                play_game(h, "canastone", seats, seed * 10 + v, options, every=37)
            play_game(h, "canastone", seats, 1000 + v, options, every=37, bot="basic")
    print(h.hexdigest())
    return 0


if __name__ == "__main__":
    sys.exit(main())
