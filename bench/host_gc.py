"""``meldhall serve`` with the cyclic garbage collector's work measured (bench only).

``host_load.py --gc-probe`` starts the host through this wrapper: it times every
collection with ``gc.callbacks`` (per generation: count, seconds, objects collected) and,
on SIGUSR1 and when the host exits, writes the totals as JSON to ``$MELDHALL_GC_STATS``.
The host itself is unchanged: ``netcode.cli.main`` runs as ``meldhall serve`` would.

Run: ``python bench/host_gc.py serve ARGS...`` (the same arguments as ``meldhall``).
"""

from __future__ import annotations

import gc
import json
import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

STATS: dict[int, dict[str, float]] = {g: {"count": 0, "seconds": 0.0, "collected": 0,
                                          "max_ms": 0.0} for g in range(3)}
_started: list[float] = []


def _callback(phase: str, info: dict[str, Any]) -> None:
    if phase == "start":
        _started.append(time.perf_counter())
        return
    took = time.perf_counter() - _started.pop() if _started else 0.0
    entry = STATS[info["generation"]]
    entry["count"] += 1
    entry["seconds"] += took
    entry["collected"] += info.get("collected", 0)
    entry["max_ms"] = max(entry["max_ms"], 1000 * took)


def dump(*_: Any) -> None:
    """Write the totals so far (also on SIGUSR1, so a benchmark can take a window)."""
    out = os.environ.get("MELDHALL_GC_STATS")
    if out:
        Path(out + ".tmp").write_text(json.dumps({
            "generations": {str(g): {k: round(v, 4) for k, v in s.items()}
                            for g, s in STATS.items()},
            "threshold": gc.get_threshold(), "frozen": gc.get_freeze_count(),
            "objects": len(gc.get_objects()), "reclaimed": RECLAIMED,
        }, indent=2))
        os.replace(out + ".tmp", out)


RECLAIMED: dict[str, float] = {}


def reclaim(*_: Any) -> None:
    """SIGUSR2: how much garbage the freeze policy holds: unfreeze, collect it all, freeze."""
    frozen = gc.get_freeze_count()
    started = time.perf_counter()
    gc.unfreeze()
    RECLAIMED.update(frozen_before=frozen, freed=gc.collect(),
                     ms=round(1000 * (time.perf_counter() - started), 1))
    gc.freeze()
    dump()


def main() -> int:
    from netcode.cli import main as meldhall

    gc.callbacks.append(_callback)
    signal.signal(signal.SIGUSR1, dump)
    signal.signal(signal.SIGUSR2, reclaim)
    try:
        return meldhall(sys.argv[1:])
    finally:
        dump()


if __name__ == "__main__":
    sys.exit(main())
