"""SIGKILL the host 100 times at seeded random moments of bot games; nothing told is lost.

The cycle is the fault suite's (``tests/netcode/killcycle.py``): four tables, one of each
game, with a program at seat 0 and bots at 1-3; after each kill the database must hold
every action a client was told of, and after each restart every table must come back at
exactly its stored action with the same view. Prints a summary and writes
``bench/results/kill_restart.json``.

Run: ``.venv/bin/python bench/kill_restart.py [--kills 100] [--seed 1]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "netcode"))

from killcycle import Seat, cycle  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "kill_restart.json"


async def run(args: argparse.Namespace) -> dict[str, Any]:
    rng = random.Random(args.seed)
    work = Path(tempfile.mkdtemp(prefix="meldhall-kill-"))
    seats = [Seat(f"killer{i}") for i in range(args.tables)]
    lost: list[str] = []
    started = time.perf_counter()
    try:
        for kill in range(args.kills):
            before = sum(len(s.problems) for s in seats)
            snapshot = work / "before"
            if (work / "data").exists():
                shutil.rmtree(snapshot, ignore_errors=True)
                shutil.copytree(work / "data", snapshot)
            result = await cycle(work / "data", seats, rng, first=kill == 0)
            lost += result["lost"]
            if result["lost"] or sum(len(s.problems) for s in seats) > before:
                keep = Path(tempfile.gettempdir()) / f"meldhall-kill-problem-{kill}"
                shutil.copytree(work, keep, dirs_exist_ok=True)
                print(f"  kill {kill}: a problem; the data before and after are in {keep}: "
                      f"{result['lost'] + [p for s in seats for p in s.problems]}", flush=True)
            if (kill + 1) % 10 == 0:
                print(f"  {kill + 1} kills, stored {result['stored']}", flush=True)
        # a last start: every table must still come back
        final = await cycle(work / "data", seats, rng, first=False, play_for=(0.05, 0.1))
        lost += final["lost"]
    finally:
        shutil.rmtree(work, ignore_errors=True)
    problems = [p for s in seats for p in s.problems]
    return {"benchmark": "kill_restart", "kills": args.kills, "tables": args.tables,
            "seed": args.seed, "seconds": round(time.perf_counter() - started, 1),
            "actions_by_seat_0_programs": sum(s.actions for s in seats),
            "lost": lost, "problems": problems, "ok": not lost and not problems}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--tables", type=int, default=4, help="table i plays the i-th game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    result = asyncio.run(run(args))
    print(f"{result['kills']} kills in {result['seconds']} s: "
          f"{len(result['lost'])} lost, {len(result['problems'])} problems")
    for line in (result["lost"] + result["problems"])[:20]:
        print("  " + line)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
