"""Bot strength and speed: seeded full games of one bot level against another, per game
and seating.

For a partnership game one side is all of the level under test and the other all of the
level it plays against; for an individual game one seat is the level under test and every
other seat the opponent level. Each seeded deal is played once from every side
(duplicate): a single game per seed gave the side under test that seed's luck, so the
basic bot measured against itself on seeds 0-19 of one-deal games "won" 25% at Looking
and Down's 2 seats and 70% at Skarney's 4, and the search level's rates said more about
the seeds than about the search. With every side played, the basic bot against itself
scores exactly half. A game is won when the side under test is among the winners. Printed,
and written to `bench/results/bots.json`: wins, the win rate with its 95% confidence
interval (Wilson), and the time the level under test takes to decide (median and p95 of
`act`, wall-clock time: the search level keeps to its time by the clock; `max` shows
it never runs over `think_ms` by much). With more than two sides a game is won only by
finishing ahead of every other side (against five random players at six seats, one bad
deal of red threes decides it), so the rows also give the **pairwise** rate: of all
(game, other side) pairs, the share in which the side under test finished ahead of that
side (a tie counts half). With two sides the two rates are the same. And the **margin**:
the side under test's total less the best other side's, a game, averaged over each seed's
games first (the deal's luck cancels) with a 95% interval over the seeds. Between two
levels that both play sensibly, the same deal is won from the same side by either level
most of the time, so the win rate stays near half while one level scores hundreds of
points a game more: the margin shows that; the win rate shows only the deals it turns.

The search level (`search`, `think_ms` 200 by default) is measured against `basic` over
one-deal games (`ONE_DEAL`), one seating per game (`SEARCH_SEATINGS`): a decision may take
its whole 200 ms, so a full game of several deals would take minutes; a one-deal game is
won by the side with the highest score for the deal. Its decision time is reported too.
Several `--think-ms` values give a row each, on the same seeds: how its strength follows
its time.

Run: `.venv/bin/python bench/bots.py [--games N] [--search-games N] [--think-ms MS ...]
[--game NAME] [--seats N] [--match basic|search]`.
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

MATCHES = [("basic", "random"), ("search", "basic")]
"""(level under test, opponent level)."""

ONE_DEAL: dict[str, dict[str, Any]] = {
    "hand_and_foot": {"deals": 1}, "looking_and_down": {"max_deals": 1},
    "skarney": {"deals": 1}, "canastone": {"max_deals": 1}}
"""Options that make a game one deal long (the search match)."""

SEARCH_SEATINGS: dict[str, list[int]] = {
    "hand_and_foot": [4], "looking_and_down": [2, 3], "skarney": [4], "canastone": [4]}

MAX_ACTIONS = 200_000


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return round(centre - half, 3), round(centre + half, 3)


def play(name: str, seats: int, options: dict[str, Any] | None, seed: int, test: str,
         against: str, times: list[float],
         settings: dict[str, dict[str, Any]] | None = None,
         side: int = 0) -> tuple[bool, float, int, int]:
    """One game, the level under test playing side `side` (a team's index): whether it
    won, how many other sides it finished ahead of (a tie counts half) out of how many,
    and its margin: its total less the best other side's."""
    settings = settings or {}
    game = engine.create_game(name, seats, seed, options)
    teams = [list(t) for t in game.teams]
    ours = side % len(teams)
    levels = {s: (test if s in teams[ours] else against) for s in range(seats)}
    bots = {s: make_bot(levels[s], seed * 64 + s, **settings.get(levels[s], {}))
            for s in range(seats)}
    for _ in range(MAX_ACTIONS):
        if game.over:
            break
        seat = min(game.to_act)
        view = game.view(seat)
        bot = bots[seat]
        started = time.perf_counter()
        # The search level is handed the game to deal the unseen cards anew, as a table does.
        action = bot.act(view, game) if getattr(bot, "wants_game", False) else bot.act(view)
        if levels[seat] == test:
            times.append(time.perf_counter() - started)
        game.apply(seat, action)
    mine = game.totals.get(ours, 0)
    others = [v for t, v in game.totals.items() if t != ours]
    ahead = sum(1.0 if mine > v else 0.5 if mine == v else 0.0 for v in others)
    return ours in game.winners, ahead, len(others), mine - max(others, default=0)


def margin_figure(margins: list[list[int]]) -> dict[str, Any]:
    """The mean margin per game, with a 95% interval over the seeds: each seed's games (one
    from every side) averaged first, so the deal's luck, the same for both levels, cancels
    and what is left is the levels' difference. A win rate moves only when that difference
    turns a deal's result, which a few hundred points in a deal of thousands seldom does."""
    per_seed = [statistics.mean(m) for m in margins]
    mean = statistics.mean(per_seed)
    half = 1.96 * statistics.stdev(per_seed) / math.sqrt(len(per_seed)) \
        if len(per_seed) > 1 else 0.0
    return {"mean": round(mean), "ci95": [round(mean - half), round(mean + half)]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100,
                        help="seeded deals per seating and match (each played from every side)")
    parser.add_argument("--search-games", type=int, default=20,
                        help="seeded one-deal games per seating of search against basic "
                             "(each played from every side)")
    parser.add_argument("--think-ms", type=float, nargs="+", default=[200.0],
                        help="the search level's time; several: a row for each, on the same "
                             "seeds (how its strength follows its time)")
    parser.add_argument("--seats", type=int, default=None, help="one seating only")
    parser.add_argument("--against", default=None,
                        help="the opponent level (default: random for basic, basic for "
                             "search; `--match basic --against basic` is the control, 50%%)")
    parser.add_argument("--match", choices=("basic", "search"), default=None,
                        help="one match only (the level under test)")
    parser.add_argument("--game", default=None, help="one game only")
    parser.add_argument("--first-seed", type=int, default=0,
                        help="seeds from this one on (a later run adds games to an earlier "
                             "one's: same levels, new deals)")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    rows = []
    for name in GAMES:
        if args.game and name != args.game:
            continue
        for test, against in MATCHES:
            if args.match and test != args.match:
                continue
            against = args.against or against
            if test == "search":
                seatings = [(s, ONE_DEAL[name]) for s in SEARCH_SEATINGS.get(name, ())]
                games = args.search_games
            else:
                seatings = SEATINGS.get(name) or [(s, None) for s in GAMES[name].seats]
                games = args.games
            runs = [(seats, options, think) for seats, options in seatings
                    if args.seats in (None, seats)
                    for think in (args.think_ms if test == "search" else [None])]
            for seats, options, think in runs:
                settings = {"search": {"think_ms": think}}
                times: list[float] = []
                started = time.perf_counter()
                sides = len(engine.create_game(name, seats, 0, options).teams)
                by_seed = [[play(name, seats, options, seed, test, against, times, settings,
                                 side) for side in range(sides)]
                           for seed in range(args.first_seed, args.first_seed + games)]
                results = [r for seed in by_seed for r in seed]
                games_played = len(results)
                wins = sum(r[0] for r in results)
                ahead, pairs = sum(r[1] for r in results), sum(r[2] for r in results)
                low, high = wilson(wins, games_played)
                ordered = sorted(times)
                row = {"game": name, "seats": seats, "options": options, "level": test,
                       "against": against, "seeds": games, "first_seed": args.first_seed,
                       "games": games_played,
                       "wins": wins, "win_rate": round(wins / games_played, 3),
                       "ci95": [low, high],
                       "pairwise": {"ahead": ahead, "pairs": pairs,
                                    "rate": round(ahead / pairs, 3),
                                    "ci95": list(wilson(round(ahead), pairs))},
                       "margin": margin_figure([[r[3] for r in seed] for seed in by_seed]),
                       "decide_ms": {
                           "median": round(1000 * statistics.median(ordered), 3),
                           "p95": round(1000 * ordered[int(0.95 * (len(ordered) - 1))], 3),
                           "max": round(1000 * ordered[-1], 3),
                           "decisions": len(ordered)},
                       "seconds": round(time.perf_counter() - started, 1)}
                rows.append(row)
                if test == "search":
                    row["think_ms"] = think
                at = f" at {think:g} ms" if think is not None else ""
                print(f"{name} {seats} seats: {test}{at} vs {against}: {wins}/{games_played} "
                      f"= {row['win_rate']:.0%} (95% CI {low:.0%}-{high:.0%}), pairwise "
                      f"{row['pairwise']['rate']:.0%} of {pairs}, margin "
                      f"{row['margin']['mean']:+} a game (95% CI {row['margin']['ci95'][0]:+} "
                      f"to {row['margin']['ci95'][1]:+}); {test} decides "
                      f"in {row['decide_ms']['median']} ms median, "
                      f"{row['decide_ms']['p95']} ms p95", flush=True)
    out = {"benchmark": "bots", "date": date.today().isoformat(),
           "machine": {"python": platform.python_version(), "cpu": platform.processor()
                       or platform.machine()},
           "targets": {"basic_vs_random_win_rate": 0.95, "search_vs_basic_win_rate": 0.60,
                       "basic_decide_p95_ms": 20.0},
           "rows": rows}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(out, indent=1) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
