"""The leak audit over the network, large: 100 seeded games across every game on main.

Each game is played to its end over real SSH subsystem sessions (every seat a program
playing random legal moves, two spectators); every frame every session received is
checked against the engine's full state at that action (``tests/netcode/leakaudit.py``
says how). Prints a summary and writes ``bench/results/leak_audit.json``.

Run: ``.venv/bin/python bench/leak_audit.py [--games 100] [--parallel 4]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "netcode"))

from leakaudit import options_for, play_one  # noqa: E402

import engine  # noqa: E402
from netcode.lobby import LobbyLimits  # noqa: E402
from netcode.server import Host, HostConfig  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "leak_audit.json"


async def run(args: argparse.Namespace) -> dict[str, Any]:
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    games = sorted(engine.GAMES)
    work = Path(tempfile.mkdtemp(prefix="meldhall-audit-"))
    host = Host(HostConfig(data_dir=work / "data", host="127.0.0.1", port=0, bot_delay=0.01,
                           allow_client_seeds=True, max_per_address=64,
                           max_unauthenticated_per_address=32,
                           lobby_limits=LobbyLimits(tables_per_player=args.games)))
    await host.start()
    results: list[dict[str, Any]] = []
    started = time.perf_counter()
    gate = asyncio.Semaphore(args.parallel)

    async def one(index: int) -> None:
        name = games[index % len(games)]
        seats = engine.GAMES[name].seats[index // len(games) % len(engine.GAMES[name].seats)]
        async with gate:
            result = await play_one(host, name, seats, args.seed + index,
                                    options_for(name, short=args.short), f"g{index}")
        del result["log"], result["sessions"]  # kept small: 100 games of frames add up
        results.append(result)
        if len(results) % 10 == 0:
            print(f"  {len(results)} games", flush=True)

    try:
        await asyncio.gather(*(one(i) for i in range(args.games)))
    finally:
        await host.stop()
        shutil.rmtree(work, ignore_errors=True)
    problems = [p for r in results for p in r["problems"]]
    return {"benchmark": "leak_audit", "games": len(results),
            "by_game": {g: sum(1 for r in results if r["game"] == g) for g in games},
            "options": {g: options_for(g, short=args.short) for g in games},
            "spectators_per_game": 2, "seed": args.seed,
            "actions": sum(r["actions"] for r in results),
            "frames_checked": sum(r["frames"] for r in results),
            "seconds": round(time.perf_counter() - started, 1),
            "problems": problems[:100], "problem_count": len(problems),
            "ok": not problems}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--parallel", type=int, default=4)
    parser.add_argument("--seed", type=int, default=7000)
    parser.add_argument("--short", action="store_true", help="shorter stock (faster games)")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    result = asyncio.run(run(args))
    print(f"{result['games']} games {result['by_game']}, {result['actions']} actions, "
          f"{result['frames_checked']} frames checked in {result['seconds']} s: "
          f"{result['problem_count']} problems")
    for line in result["problems"][:20]:
        print("  " + line)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
