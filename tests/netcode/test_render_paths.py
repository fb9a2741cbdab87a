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
from ptyscreen import PtyScreen, open_pty
from seatplay import play_seat

from netcode.client import MeldhallClient
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


def cells(screen: PtyScreen) -> list[list[tuple[Any, ...]]]:
    """Every cell as a person sees it: the character, its colours and attributes."""
    buffer = screen.screen.buffer
    return [[(c.data, c.fg, c.bg, c.bold, c.italics, c.underscore, c.reverse)
             for c in (buffer[y][x] for x in range(screen.screen.columns))]
            for y in range(screen.screen.lines)]


async def settled(screen: PtyScreen, quiet: float = 0.4) -> None:
    """Wait until the screen has had nothing new for ``quiet`` seconds."""
    while True:
        screen.changed.clear()
        try:
            await asyncio.wait_for(screen.changed.wait(), quiet)
        except TimeoutError:
            return


class Room:
    """One host's table: four seat programs, an observer and the two watchers."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.clients: list[MeldhallClient] = []
        self.conns: list[Any] = []
        self.watchers: dict[str, PtyScreen] = {}
        self.table = 0

    async def open(self) -> None:
        port = self.host.port
        seats = []
        for i in range(4):
            client = await MeldhallClient.connect("127.0.0.1", port, f"p{i}")
            self.clients.append(client)
            await client.wait_for("welcome")
            seats.append(client)
        seats[0].send("create", game="hand_and_foot", seats=4, seed=77, options={"deals": 1})
        self.table = (await seats[0].wait_for("joined"))["table"]
        for i, client in enumerate(seats[1:], 1):
            client.send("sit", table=self.table, seat=i)
            await client.wait_for("joined")
        for term in TERMS:
            conn, screen = await open_pty(port, term.replace("-", ""), term=term)
            self.conns.append(conn)
            await screen.wait_for(lambda t: "lobby" in t)
            screen.press("w")
            await screen.wait_for(lambda t: f"table {self.table}" in t)
            self.watchers[term] = screen
        for client in self.clients:
            client._cursor = 0  # the seat programs act on the views already received

    async def play_to(self, stop: int) -> None:
        for client in self.clients:  # each seat program starts from its newest view
            views = [i for i, m in enumerate(client.received) if m.get("t") == "view"]
            client._cursor = views[-1] if views else 0
        await asyncio.gather(*(play_seat(c, i, bot_seed=500 + i, stop_at=stop)
                               for i, c in enumerate(self.clients)))
        for screen in self.watchers.values():
            await screen.wait_for(lambda t: True)
            await settled(screen)

    def close(self) -> None:
        for client in self.clients:
            client.close()
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
