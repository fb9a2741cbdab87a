"""``gc_freeze``: the host hides long-lived objects from the collector, and still frees
the Apps of sessions that left once enough have gone (``netcode.collector``)."""

from __future__ import annotations

import asyncio
import gc
from pathlib import Path

import asyncssh
from churncycle import live_apps, one_session

from netcode.server import Host, HostConfig
from netcode.sharing import AppScreen

SESSIONS = 12
ROUNDS = 3


async def test_frozen_objects_are_freed_after_churn(tmp_path: Path) -> None:
    host = Host(HostConfig(data_dir=tmp_path, host="127.0.0.1", port=0, gc_freeze=True,
                           max_per_address=SESSIONS * 2, max_unauthenticated=SESSIONS * 2,
                           max_unauthenticated_per_address=SESSIONS * 2))
    await host.start()
    collector = host.collector
    assert collector is not None and gc.get_freeze_count() > 0
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(SESSIONS)]
    try:
        for _round in range(ROUNDS):
            await asyncio.wait_for(asyncio.gather(
                *(one_session(host.port, f"f{i}", keys[i]) for i in range(SESSIONS))), 120)
            for _ in range(50):
                if AppScreen.live_apps == 0 and not host.lobby.sessions:
                    break
                await asyncio.sleep(0.02)
            collector.tick()  # what the timer does every few seconds
        # 36 sessions left (>= 32): that tick unfroze and collected everything
        assert collector.full_collections == 1
        assert gc.get_freeze_count() > 0  # and froze what lives on again
        gc.unfreeze()  # no collection of our own: the collector's one freed the Apps
        assert live_apps() == 0
    finally:
        await host.stop()
    assert gc.get_freeze_count() == 0


def test_a_full_collection_comes_on_time_even_without_churn() -> None:
    from netcode.collector import Collector

    collector = Collector(lambda: (10, 0), full_every=0.0)
    try:
        collector.tick()
        assert collector.full_collections == 1 and gc.get_freeze_count() > 0
        collector.full_every = 3600.0
        collector.tick()
        assert collector.full_collections == 1  # young collection and freeze only
    finally:
        collector.stop()
    assert gc.get_freeze_count() == 0
