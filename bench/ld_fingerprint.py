"""One hash of Looking and Down's behaviour, to prove a speed change altered nothing.

Plays 100 seeded random-bot games (50 at 3 seats, 50 at 5, `max_deals` 2 so each ends),
hashing along the way every action, every event list, the listing of every seat in
`to_act` at each step, and the views of all seats and the spectator at a sample of steps;
then `to_dict()` after each game. Where several seats may act, the acting seat is drawn
from `to_act` by a seeded generator, so frozen seats' melds and lay-offs are played too.
Prints one hex digest. Run from a worktree: `.venv/bin/python bench/ld_fingerprint.py`.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from typing import Any

import engine
from engine.bots import make_bot


def _dump(x: Any) -> bytes:
    return json.dumps(x, sort_keys=True, default=str).encode()


def play(h: Any, seats: int, seed: int) -> None:
    play_game(h, "looking_and_down", seats, seed, {"max_deals": 2}, every=53)


def play_game(h: Any, name: str, seats: int, seed: int, options: dict[str, Any] | None,
              every: int, bot: str = "random") -> None:
    """One seeded game of `name` by bots of level `bot` into the hash (also the Skarney
    and Canastone fingerprints'): the views of every seat and the spectator at each
    `every`-th step."""
    game = engine.create_game(name, seats, seed, options)
    h.update(_dump(game.events))
    bots = [make_bot(bot, seed * seats + s) for s in range(seats)]
    pick = random.Random(seed)
    step = 0
    while not game.over:
        acting = sorted(game.to_act)
        for s in acting:
            h.update(_dump([s, game.legal(s)]))
        if step % every == 0:
            for s in [*range(seats), None]:
                h.update(_dump(game.view(s)))
        seat = acting[pick.randrange(len(acting))]
        action = bots[seat].act(game.view(seat))
        h.update(_dump([seat, action]))
        h.update(_dump(game.apply(seat, action)))
        step += 1
    h.update(_dump(game.to_dict()))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=50, help="games per seating")
    args = parser.parse_args()
    h = hashlib.sha256()
    for seats in (3, 5):
        for seed in range(args.games):
            play(h, seats, seed)
    print(h.hexdigest())
    return 0


if __name__ == "__main__":
    sys.exit(main())
