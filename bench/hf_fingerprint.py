"""One hash of Hand and Foot's behaviour, to prove a refactor changed nothing.

Plays 200 seeded random-bot games with the default options and a few with other options,
hashing `to_dict()` after each game and, along the way, every action, every event list,
the acting seat's legal listing at each step, and the views of all seats and the spectator
at a sample of steps. Prints one hex digest. Run from a worktree:
`.venv/bin/python bench/hf_fingerprint.py [--games N]`.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from typing import Any

import engine
from engine.bots import make_bot

OTHER_OPTIONS: list[dict[str, Any]] = [
    {"deals": 1, "take_count": "all", "hand_size": 11},
    {"deals": 2, "bury_first_upcard": True, "exact_cut_bonus": "chance",
     "exact_cut_chance": 0.5, "first_dealer": 2},
    {"deals": 1, "binding_permission": True, "red_three_value": -500,
     "go_out_piles": {"clean": 1, "dirty": 0, "wild": 0}, "min_counts": [0]},
    {"deals": 1, "pile_bonuses": {"clean": 100, "dirty": 50, "wild": 10}, "take_count": 3},
]


def _dump(x: Any) -> bytes:
    return json.dumps(x, sort_keys=True, default=str).encode()


def play(h: Any, seed: int, options: dict[str, Any] | None) -> None:
    game = engine.create_game("hand_and_foot", 4, seed, options)
    h.update(_dump(game.events))
    bots = [make_bot("random", seed * 4 + s) for s in range(4)]
    step = 0
    while not game.over:
        (seat,) = sorted(game.to_act)
        legal = game.legal(seat)
        h.update(_dump(legal))
        if step % 97 == 0:
            for s in [*range(4), None]:
                h.update(_dump(game.view(s)))
        view = game.view(seat)
        action = bots[seat].act(view)
        h.update(_dump([seat, action]))
        h.update(_dump(game.apply(seat, action)))
        step += 1
    h.update(_dump(game.to_dict()))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    h = hashlib.sha256()
    for seed in range(args.games):
        play(h, seed, None)
    for n, options in enumerate(OTHER_OPTIONS):
        for seed in range(3):
            play(h, 10_000 + 10 * n + seed, options)
    play(h, 2**127 + 12345, {"deals": 1})  # a 128-bit seed, as the host draws them
    print(h.hexdigest())
    return 0


if __name__ == "__main__":
    sys.exit(main())
