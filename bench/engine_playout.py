"""Random-bot full games of each meldhall game, against OpenSpiel's gin_rummy in the same run.

Games: Hand and Foot (4 seats, its default four deals), Looking and Down (4 seats,
`max_deals` 2 so every game ends; where several seats may act, the lowest acts) and Skarney
(4 seats in partnerships, two deals, at most two replays of a void deal) and Canastone
(4 seats in partnerships, `max_deals` 2: random players rarely reach 12,000). Two loops
are timed per game, both with the `random` bot:
- `legal` loop: `game.legal(seat)` -> bot -> `game.apply`, the same shape as OpenSpiel's
  `legal_actions()` -> random choice -> `apply_action()` loop (the ratio is taken here);
- `view` loop: `game.view(seat)` -> bot -> `game.apply`, what a bot at a network table does.
Figures are CPU time of this process (`time.process_time`), so other load on the machine
moves them less. Each loop is timed in `--rounds` slices, and every slice is followed at
once by a slice of gin_rummy of the same length; the figure is the loop's actions per
second over all its slices against gin_rummy's over the slices that followed them (the
lowest and highest ratio of single pairs are printed beside it: a slice of a few games
varies with the games it happens to play). On a shared machine the load drifts over a
run; measured back to back, both sides of a ratio see the same load, where one gin_rummy
figure for the whole run did not.
Run: `make bench` or `.venv/bin/python bench/engine_playout.py [--seconds S] [--rounds R]`.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import resource
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

import engine
from engine.bots import make_bot

RESULTS = Path(__file__).resolve().parent / "results" / "engine.json"


GAMES: dict[str, tuple[int, dict[str, Any] | None]] = {
    "hand_and_foot": (4, None),
    "looking_and_down": (4, {"max_deals": 2}),
    "skarney": (4, {"deals": 2, "void_replay_limit": 2}),
    "canastone": (4, {"max_deals": 2}),
}


def meldhall_loop(name: str, seconds: float, use_view: bool, seed: int = 0) -> dict[str, Any]:
    """Whole games, from `seed` on, for `seconds` of CPU time."""
    seats, options = GAMES[name]
    actions = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        game = engine.create_game(name, seats, seed, options)
        bots = [make_bot("random", seed * seats + s) for s in range(seats)]
        while not game.over:
            seat = min(game.to_act)
            seen = game.view(seat) if use_view else {"legal": game.legal(seat)}
            game.apply(seat, bots[seat].act(seen))
            actions += 1
        games += 1
        seed += 1
    cpu = time.process_time() - start
    return {"actions": actions, "games": games, "cpu_s": round(cpu, 3),
            "actions_per_s": round(actions / cpu), "games_per_s": round(games / cpu, 2),
            "actions_per_game": round(actions / games), "next_seed": seed}


def openspiel_loop(seconds: float, seed: int = 0) -> dict[str, Any] | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(seed)
    actions = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                action = rng.choices(outcomes, probs)[0]
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
            actions += 1
        games += 1
    cpu = time.process_time() - start
    return {"actions": actions, "games": games, "cpu_s": round(cpu, 3),
            "actions_per_s": round(actions / cpu), "games_per_s": round(games / cpu, 2),
            "actions_per_game": round(actions / games)}


def merged(slices: list[dict[str, Any]]) -> dict[str, Any]:
    """Slices of one loop as one figure (totals over all of them)."""
    actions = sum(x["actions"] for x in slices)
    games = sum(x["games"] for x in slices)
    cpu = sum(x["cpu_s"] for x in slices)
    return {"actions": actions, "games": games, "cpu_s": round(cpu, 3),
            "actions_per_s": round(actions / cpu), "games_per_s": round(games / cpu, 2),
            "actions_per_game": round(actions / max(games, 1))}


def peak_memory_one_game() -> dict[str, float]:
    tracemalloc.start()
    game = engine.create_game("hand_and_foot", 4, 12345)
    bots = [make_bot("random", s) for s in range(4)]
    while not game.over:
        seat = min(game.to_act)
        game.apply(seat, bots[seat].act(game.view(seat)))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {"traced_peak_mib_one_game": round(peak / 2**20, 2)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=10.0, help="CPU seconds per loop")
    parser.add_argument("--rounds", type=int, default=5,
                        help="slices per loop, each paired with a gin_rummy slice")
    args = parser.parse_args()
    loops: dict[str, dict[str, dict[str, Any]]] = {}
    pairs: dict[str, dict[str, list[float]]] = {}
    spiel_slices: list[dict[str, Any]] = []
    slice_s = args.seconds / args.rounds
    for name in GAMES:
        loops[name], pairs[name] = {}, {}
        for kind, use_view in (("legal_loop", False), ("view_loop", True)):
            slices, paired, ratios, seed = [], [], [], 0
            for _ in range(args.rounds):
                ours = meldhall_loop(name, slice_s, use_view, seed)
                seed = ours["next_seed"]
                theirs = openspiel_loop(slice_s, len(spiel_slices))
                slices.append(ours)
                if theirs is not None:
                    spiel_slices.append(theirs)
                    paired.append(theirs)
                    ratios.append(ours["actions_per_s"] / theirs["actions_per_s"])
            loops[name][kind] = merged(slices)
            # The figure: all of this loop's slices against all of its gin_rummy slices (a
            # slice of a few games varies with the games it happened to play).
            pairs[name][kind] = [loops[name][kind]["actions_per_s"]
                                 / merged(paired)["actions_per_s"], *ratios] if paired else []
    spiel = merged(spiel_slices) if spiel_slices else None
    memory = peak_memory_one_game()
    memory["process_max_rss_mib"] = round(
        resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    result: dict[str, Any] = {
        "benchmark": "engine_playout", "bot": "random",
        "python": platform.python_version(), "machine": platform.machine(),
        "games": {name: {"seats": GAMES[name][0], "options": GAMES[name][1], **loop}
                  for name, loop in loops.items()},
        "openspiel_gin_rummy": spiel, "memory": memory,
        "targets": {"legal_loop_ratio": 1.0, "view_loop_ratio": 0.6},
    }
    for name, loop in loops.items():
        legal, view = loop["legal_loop"], loop["view_loop"]
        print(f"meldhall {name}, legal loop: {legal['actions_per_s']:>8} actions/s  "
              f"{legal['games_per_s']:>6} games/s  ({legal['actions_per_game']} actions/game)")
        print(f"meldhall {name}, view loop:  {view['actions_per_s']:>8} actions/s  "
              f"{view['games_per_s']:>6} games/s")
    if spiel:
        print(f"openspiel gin_rummy: {spiel['actions_per_s']:>8} actions/s  "
              f"{spiel['games_per_s']:>6} games/s  ({spiel['actions_per_game']} actions/game)")
        for name in loops:
            ratios = {k: round(pairs[name][k][0], 3) for k in ("legal_loop", "view_loop")}
            spread = {k: [round(min(pairs[name][k][1:]), 3), round(max(pairs[name][k][1:]), 3)]
                      for k in ("legal_loop", "view_loop")}
            result["games"][name]["ratio_to_openspiel"] = ratios
            result["games"][name]["ratio_range"] = spread
            print(f"ratio meldhall/openspiel, {name}: legal loop {ratios['legal_loop']:.2f} "
                  f"({spread['legal_loop'][0]:.2f}-{spread['legal_loop'][1]:.2f}), view loop "
                  f"{ratios['view_loop']:.2f} ({spread['view_loop'][0]:.2f}-"
                  f"{spread['view_loop'][1]:.2f})")
    else:
        print("openspiel not installed (pip install -e '.[bench]'): no ratio")
    print(f"memory: {memory}")
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(f"wrote {RESULTS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
