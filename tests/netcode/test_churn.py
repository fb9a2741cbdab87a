"""Churn: 14 rounds of 12 PTY sessions connecting, rendering the lobby and leaving.

After the first rounds (caches filling) the process's memory stays flat and no
finished App stays alive: this fails without the P4 (parser lru_cache) and P5
(print capture) fixes. The long sweep (30 rounds of 20, RSS per round) is
``bench/churn.py``; it flattens after about 120 sessions, here 8 rounds.
"""

from __future__ import annotations

import logging
from pathlib import Path

from churncycle import churn

ROUNDS = 14
SESSIONS = 12
WARM_UP = 8
MAX_GROWTH_MIB = 3.0
"""After warm-up the growth measured 0.5 MiB over 72 sessions (bench/churn.py: 0.7 over
400); a leak of 45 KB a session would not pass it."""

log = logging.getLogger(__name__)


async def test_churn_memory_flat_and_no_app_survives(tmp_path: Path) -> None:
    rss = await churn(tmp_path, ROUNDS, SESSIONS)
    log.warning("churn RSS MiB per round: %s", " ".join(f"{r:.1f}" for r in rss))
    growth = rss[-1] - rss[WARM_UP - 1]
    assert growth < MAX_GROWTH_MIB, f"RSS grew {growth:.1f} MiB after warm-up: {rss}"
