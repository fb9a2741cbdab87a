"""The fault suite, part 1: SIGKILL at seeded random moments of bot games, then restart.

Four tables, one of each game (a program at seat 0, bots at 1-3, one-deal games so the
play-again path is killed into too) and three kills: after each, the database holds every action any
client was told of, each table comes back at exactly its stored action with the same
view, and play carries on. ``bench/kill_restart.py`` runs the same cycle 100 times.
"""

from __future__ import annotations

import random
from pathlib import Path

from killcycle import GAMES, Seat, cycle

KILLS = 3
SEED = 15


async def test_sigkill_at_random_moments_loses_no_acknowledged_action(tmp_path: Path) -> None:
    rng = random.Random(SEED)
    data_dir = tmp_path / "data"
    seats = [Seat(f"killer{i}") for i in range(len(GAMES))]
    for kill in range(KILLS + 1):
        last = kill == KILLS
        result = await cycle(data_dir, seats, rng, first=kill == 0,
                             play_for=(0.05, 0.1) if last else (0.3, 1.2))
        assert result["lost"] == [], result
        for seat in seats:
            assert seat.problems == [], (seat.name, seat.problems)
    assert all(seat.actions > 0 for seat in seats)
