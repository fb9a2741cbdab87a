"""One hash of Canastone's behaviour, to prove a speed change altered nothing.

Plays seeded games at 2, 3, 4 and 6 seats, each seating with the default options and a
few variants (`max_deals` 1 or 2 so each ends), mostly with the `random` bot and some with
the `basic` bot (which goes out, asks its partner and takes the pile far more often). Along
the way it hashes every action, every event list, the listing of the acting seat at each
step (and of every other seat, which must be empty), the views of all seats and the
spectator at a sample of steps, and `to_dict()` after each game. Prints one hex digest.
Run from a worktree: `PYTHONPATH=. .venv/bin/python bench/cn_fingerprint.py [--games N]`.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from typing import Any

import engine
from engine.bots import make_bot

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


def _dump(x: Any) -> bytes:
    return json.dumps(x, sort_keys=True, default=str).encode()


def play(h: Any, seats: int, seed: int, options: dict[str, Any], bot: str) -> None:
    game = engine.create_game("canastone", seats, seed, options)
    h.update(_dump(game.events))
    bots = [make_bot(bot, seed * seats + s) for s in range(seats)]
    step = 0
    while not game.over:
        seat = min(game.to_act)
        for s in range(seats):
            h.update(_dump([s, game.legal(s)]))
        if step % 37 == 0:
            for s in [*range(seats), None]:
                h.update(_dump(game.view(s)))
        action = bots[seat].act(game.view(seat))
        h.update(_dump([seat, action]))
        h.update(_dump(game.apply(seat, action)))
        step += 1
    h.update(_dump(game.to_dict()))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10,
                        help="random-bot games per seating and variant")
    args = parser.parse_args()
    h = hashlib.sha256()
    for seats in SEATINGS:
        for v, options in enumerate(VARIANTS):
            for seed in range(args.games):
                play(h, seats, seed * 10 + v, options, "random")
            play(h, seats, 1000 + v, options, "basic")
    print(h.hexdigest())
    return 0


if __name__ == "__main__":
    sys.exit(main())
