"""Run ``meldhall serve`` with cProfile switched on and off by signals, for
``bench/host_load.py --profile FILE``: SIGUSR1 starts profiling (the play window
opens), SIGUSR2 stops it and writes the stats to ``$MELDHALL_PROFILE``. The host itself
is unchanged: ``netcode.cli.main`` runs as ``meldhall serve`` would.

Read the result with ``python -m pstats FILE`` (``sort tottime``, ``stats 40``).
"""

from __future__ import annotations

import cProfile
import os
import signal
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

PROFILER = cProfile.Profile()


def start(*_: Any) -> None:
    PROFILER.enable()


def stop(*_: Any) -> None:
    PROFILER.disable()
    PROFILER.dump_stats(os.environ["MELDHALL_PROFILE"])


def main() -> int:
    from netcode.cli import main as meldhall

    signal.signal(signal.SIGUSR1, start)
    signal.signal(signal.SIGUSR2, stop)
    return meldhall(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
