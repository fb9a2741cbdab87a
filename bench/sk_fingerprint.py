"""One hash of Skarney's behaviour, to prove a speed change altered nothing.

Plays seeded random-bot games (four deals each, so both contract sizes come up, at most
two replays of a void deal) at 2, 3 and 4 individual seats and the 4-seat partnership,
and a few at each seating with other options (aces low, a group limit, play after the
contract, no lay-off limit, contracts with kinds), hashing along the way every action,
every event list, the listing of every seat in `to_act` at each step, and the views of all
seats and the spectator at a sample of steps; then `to_dict()` after each game (the loop
is `ld_fingerprint.play_game`). Prints one hex digest. Run from a worktree:
`.venv/bin/python bench/sk_fingerprint.py [--games N]`.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from typing import Any

from ld_fingerprint import play_game

BASE: dict[str, Any] = {"deals": 4, "void_replay_limit": 2}
SEATINGS: list[tuple[int, dict[str, Any]]] = [
    (2, {}), (3, {}), (4, {"partnership": False}), (4, {}),
]
OTHER_OPTIONS: list[dict[str, Any]] = [
    {"ace_low": True, "max_group_size": 4},
    {"contract_turn_play": True, "layoff_limit": None, "first_dealer": 1},
    {"contracts": {"1": [[3, {"size": 4, "kind": "sequence"}], [{"size": 3, "kind": "group"},
                                                                 3, 3]],
                   "2": [[{"size": 3, "kind": "wild_group"}, 3]], "3": [[4, 4]],
                   "4": [[5, 3]]},
     "shutdown": "off"},
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20, help="games per seating")
    args = parser.parse_args()
    h = hashlib.sha256()
    for seats, options in SEATINGS:
        for seed in range(args.games):
            play_game(h, "skarney", seats, seed, {**BASE, **options}, every=29)
        for n, other in enumerate(OTHER_OPTIONS):
            for seed in range(3):
                play_game(h, "skarney", seats, 10_000 + 10 * n + seed,
                          {**BASE, **options, **other}, every=29)
    print(h.hexdigest())
    return 0


if __name__ == "__main__":
    sys.exit(main())
