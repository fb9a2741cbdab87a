"""The cyclic garbage collector, kept off the full room's critical path.

Every session's App is tens of thousands of long-lived objects (widgets, styles, strips),
so a full room holds millions. CPython's automatic full collection walks all of them: at
256 sessions that is one 4-second stop of the whole loop (every screen, every table)
about every 20 seconds of play, and 20 % of a core (bench/results/host_run1.json).

Objects that have survived a while are almost all going to live as long as their
session, so they are moved out of the collector's sight with ``gc.freeze()`` every few
seconds, right after a young collection has removed what was already garbage. Full
collections then only walk what is new since. What dies after being frozen (chiefly
the Apps of sessions that ended) is reclaimed by one full collection of everything
(``gc.unfreeze()``, then ``gc.collect()``) once many sessions have left, and every hour
for the little cyclic garbage play itself makes. Each is a pause as long as an automatic
full collection (about 3.5 s at 256 sessions, 0.6 s at 48), but once an hour or after
churn instead of every 20 seconds of play.

Play made about 10 cyclic objects per screen update until 2026-11-27: every row a widget
rendered held itself through Textual's strip caches, so it was garbage for the cyclic
collector alone, kept frozen until a full pass (then every ten minutes). The table
screen's compositor and line widgets no longer make such rows
(``tui/compositor.py``); a minute of 4 tables x 8 now leaves 550 objects for the full
pass where it left 168,000 (docs/scaling.md).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from collections.abc import Callable

log = logging.getLogger(__name__)


class Collector:
    """Runs ``gc.freeze()`` on a timer and a full collection after churn."""

    def __init__(self, sessions: Callable[[], tuple[int, int]], *, period: float = 5.0,
                 churn: int = 32, full_every: float = 3600.0) -> None:
        self._sessions = sessions
        """(sessions open now, sessions closed since the host started)"""
        self.period = period
        self.churn = churn
        """Sessions that must have left since the last full collection to start one (or
        half of those still here, if more): each costs about 3 MiB while frozen."""
        self._closed_seen = 0
        self.full_every = full_every
        """Seconds between full collections whatever happens: screens make a little cyclic
        garbage as they play (measured: under 0.1 object per screen update), and frozen
        garbage is only freed by a full collection."""
        self._last_full = time.monotonic()
        self._task: asyncio.Task[None] | None = None
        self.full_collections = 0

    def start(self) -> None:
        gc.collect()
        gc.freeze()  # what start-up built (modules, classes, restored games) lives on
        self._task = asyncio.get_running_loop().create_task(self._run(), name="collector")

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.period)
            self.tick()

    def tick(self) -> None:
        live, closed = self._sessions()
        left = closed - self._closed_seen
        due = time.monotonic() - self._last_full >= self.full_every
        if due or left >= max(self.churn, live // 2):
            started = time.perf_counter()
            gc.unfreeze()
            found = gc.collect()
            self.full_collections += 1
            log.info("full collection (%s sessions left since the last): %s objects freed "
                     "in %.0f ms", left, found, 1000 * (time.perf_counter() - started))
            self._closed_seen = closed
            self._last_full = time.monotonic()
        else:
            gc.collect(1)
        gc.freeze()

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None
        gc.unfreeze()
