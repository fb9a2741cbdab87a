"""The rendering shortcuts (``meldhall serve --render``) change nothing a person sees.

Two hosts, one with the shortcuts into Textual's private classes and one on plain
Textual, play the same seeded Hand and Foot table with the same seeded players; on each,
a watcher at 16 colours and one at 256 colours (real SSH, screens rebuilt with pyte)
follow it. Whenever both tables stop at the same action, each watcher's screen, cell by
cell with its colours and attributes, is the same on the two hosts. The stops come
after single moves as well as after many, so the shortcut's partial repaints are
compared, not only full redraws.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from ptyscreen import open_pty
from seatedroom import SeatedTable, cells

from netcode.server import Host, HostConfig
from tui.rendering import KNOWN

TERMS = ("xterm", "xterm-256color")
STOPS = (8, 9, 10, 30, 31)


@pytest.fixture
async def hosts(tmp_path: Path) -> AsyncIterator[list[Host]]:
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    running = []
    for name, render in (("shortcuts", KNOWN), ("plain", frozenset[str]())):
        host = Host(HostConfig(data_dir=tmp_path / name, host="127.0.0.1", port=0,
                               bot_delay=0.01, allow_client_seeds=True, render=render))
        await host.start()
        running.append(host)
    try:
        yield running
    finally:
        for host in running:
            await host.stop()


class Room(SeatedTable):
    """One host's table with a watcher at each colour depth of `TERMS`."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.conns: list[Any] = []

    async def open(self) -> None:
        await super().open()
        for term in TERMS:
            conn, screen = await open_pty(self.host.port, term.replace("-", ""), term=term)
            self.conns.append(conn)
            await screen.wait_for(lambda t: "lobby" in t)
            screen.press("w")
            await screen.wait_for(lambda t: f"table {self.table}" in t)
            self.watchers[term] = screen

    def close(self) -> None:
        super().close()
        for conn in self.conns:
            conn.close()


async def test_the_table_looks_the_same_with_and_without_the_shortcuts(
        hosts: list[Host]) -> None:
    rooms = [Room(host) for host in hosts]
    try:
        for room in rooms:
            await room.open()
        for stop in STOPS:
            await asyncio.gather(*(room.play_to(stop) for room in rooms))
            for term in TERMS:
                fast, plain = (cells(room.watchers[term]) for room in rooms)
                differ = [y for y in range(len(fast)) if fast[y] != plain[y]]
                assert not differ, (
                    f"{term} after action {stop}: rows {differ} differ\n"
                    + rooms[0].watchers[term].text + "\n---\n" + rooms[1].watchers[term].text)
                assert any(c[1] != "default" or c[2] != "default"
                           for row in fast for c in row), "colours were compared"
    finally:
        for room in rooms:
            room.close()
