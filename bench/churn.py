"""Sessions churning through the lobby: does the host's memory stay flat?

The cycle is the test suite's (``tests/netcode/churncycle.py``), run longer: ``--rounds``
rounds of ``--sessions`` PTY sessions that connect, see the lobby, type a key and leave.
Prints the RSS after each round and its growth after ``--warm-up`` rounds (Textual's and
asyncssh's caches fill first), and writes ``bench/results/churn.json``.

Run: ``.venv/bin/python bench/churn.py [--rounds 30] [--sessions 20] [--warm-up 10]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "netcode"))

from churncycle import churn  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "churn.json"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--warm-up", type=int, default=10)
    args = parser.parse_args()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as data:
        rss = asyncio.run(churn(Path(data), args.rounds, args.sessions))
    seconds = time.perf_counter() - started
    warm = min(args.warm_up, len(rss)) - 1
    growth = rss[-1] - rss[warm]
    print("RSS MiB per round:", " ".join(f"{r:.1f}" for r in rss))
    print(f"{args.rounds * args.sessions} sessions in {seconds:.0f} s; growth after round "
          f"{warm + 1}: {growth:+.1f} MiB")
    result = {"benchmark": "churn", "date": time.strftime("%Y-%m-%d"),
              "python": platform.python_version(), "rounds": args.rounds,
              "sessions": args.sessions, "warm_up": args.warm_up, "seconds": round(seconds, 1),
              "rss_mib": [round(r, 1) for r in rss], "growth_after_warm_up_mib": round(growth, 1)}
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(f"wrote {RESULTS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
