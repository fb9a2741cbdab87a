"""Bot strength and speed: seeded full games of one bot level against another, per game
and seating.

For a partnership game one side is all of the level under test and the other all of the
level it plays against, the sides swapped every other game; for an individual game one
seat (a different one each game) is the level under test and every other seat the
opponent level. A game is won when the side under test is among the winners. Printed,
and written to `bench/results/bots.json`: wins, the win rate with its 95% confidence
interval (Wilson), and the time the level under test takes to decide (median and p95 of
`act`, CPU time of this process).

Run: `.venv/bin/python bench/bots.py [--games N] [--game NAME]`.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import statistics
import sys
import time
from datetime import date
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine
from engine.bots import make_bot
from engine.registry import GAMES

RESULTS = Path(__file__).resolve().parent / "results" / "bots.json"

SEATINGS: dict[str, list[tuple[int, dict[str, Any] | None]]] = {
    "hand_and_foot": [(4, None)],
    "looking_and_down": [(2, None), (4, None), (6, None)],
}
"""Seatings measured per game (a game the registry has and this table lacks is measured
at each of its seat counts)."""

MATCHES = [("basic", "random")]
"""(level under test, opponent level). `search` is not built yet."""

MAX_ACTIONS = 200_000


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return round(centre - half, 3), round(centre + half, 3)


def play(name: str, seats: int, options: dict[str, Any] | None, seed: int, test: str,
         against: str, times: list[float]) -> bool:
    game = engine.create_game(name, seats, seed, options)
    teams = [list(t) for t in game.teams]
    ours = seed % len(teams) if len(teams) == 2 else next(
        i for i, t in enumerate(teams) if seed % seats in t)
    levels = {s: (test if s in teams[ours] else against) for s in range(seats)}
    bots = {s: make_bot(levels[s], seed * 64 + s) for s in range(seats)}
    for _ in range(MAX_ACTIONS):
        if game.over:
            break
        seat = min(game.to_act)
        view = game.view(seat)
        started = time.process_time()
        action = bots[seat].act(view)
        if levels[seat] == test:
            times.append(time.process_time() - started)
        game.apply(seat, action)
    return ours in game.winners


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per seating and match")
    parser.add_argument("--game", default=None, help="one game only")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    rows = []
    for name in GAMES:
        if args.game and name != args.game:
            continue
        seatings = SEATINGS.get(name) or [(s, None) for s in GAMES[name].seats]
        for seats, options in seatings:
            for test, against in MATCHES:
                times: list[float] = []
                started = time.perf_counter()
                wins = sum(play(name, seats, options, seed, test, against, times)
                           for seed in range(args.games))
                low, high = wilson(wins, args.games)
                ordered = sorted(times)
                row = {"game": name, "seats": seats, "options": options, "level": test,
                       "against": against, "games": args.games, "wins": wins,
                       "win_rate": round(wins / args.games, 3), "ci95": [low, high],
                       "decide_ms": {
                           "median": round(1000 * statistics.median(ordered), 3),
                           "p95": round(1000 * ordered[int(0.95 * (len(ordered) - 1))], 3),
                           "decisions": len(ordered)},
                       "seconds": round(time.perf_counter() - started, 1)}
                rows.append(row)
                print(f"{name} {seats} seats: {test} vs {against}: {wins}/{args.games} "
                      f"= {row['win_rate']:.0%} (95% CI {low:.0%}-{high:.0%}); {test} decides "
                      f"in {row['decide_ms']['median']} ms median, "
                      f"{row['decide_ms']['p95']} ms p95", flush=True)
    out = {"benchmark": "bots", "date": date.today().isoformat(),
           "machine": {"python": platform.python_version(), "cpu": platform.processor()
                       or platform.machine()},
           "targets": {"basic_vs_random_win_rate": 0.95, "search_vs_basic_win_rate": 0.60,
                       "basic_decide_p95_ms": 20.0},
           "not_built": ["search level"], "rows": rows}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(out, indent=1) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
