"""A real host on 127.0.0.1, port 0, with its data (keys, database) in a temp dir."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from netcode.client import MeldhallClient
from netcode.server import Host, HostConfig


@pytest.fixture
def host_config(tmp_path: Path) -> HostConfig:
    return HostConfig(data_dir=tmp_path / "data", host="127.0.0.1", port=0,
                      bot_delay=0.01, allow_client_seeds=True)


@asynccontextmanager
async def running(config: HostConfig) -> AsyncIterator[Host]:
    """A host started on `config` (its data directory as it is: a restart, with one
    stopped before) and stopped afterwards."""
    started = Host(config)
    await started.start()
    try:
        yield started
    finally:
        await started.stop()


@pytest.fixture
async def host(host_config: HostConfig) -> AsyncIterator[Host]:
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    async with running(host_config) as started:
        yield started


@pytest.fixture
def connect(host: Host):  # type: ignore[no-untyped-def]
    clients: list[MeldhallClient] = []

    async def _connect(name: str, **options: object) -> MeldhallClient:
        client = await MeldhallClient.connect("127.0.0.1", host.port, name, **options)
        clients.append(client)
        return client

    yield _connect
    for client in clients:
        client.close()
