"""A real host on 127.0.0.1, port 0, with its data (keys, database) in a temp dir."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from netcode.server import Host, HostConfig


@pytest.fixture
async def host(tmp_path: Path) -> AsyncIterator[Host]:
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    running = Host(HostConfig(data_dir=tmp_path / "data", host="127.0.0.1", port=0,
                              allow_client_seeds=True))
    await running.start()
    try:
        yield running
    finally:
        await running.stop()
