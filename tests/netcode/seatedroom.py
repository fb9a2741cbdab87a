"""A seeded Hand and Foot table played by four seat programs, and its watchers' screens.

Tests that compare what PTY watchers see on two hosts (`test_render_paths.py`, the
rendering shortcuts; `test_shared_screens.py`, shared spectator screens) set the same
table up on each host and stop both at the same action; each adds its own watchers.
"""

from __future__ import annotations

import asyncio
from typing import Any

from ptyscreen import PtyScreen
from seatplay import play_seat

from netcode.client import MeldhallClient
from netcode.server import Host


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


class SeatedTable:
    """One host's table (Hand and Foot, seed 77, one deal) with a seat program at every
    seat; `watchers` are the PTY screens a test adds, by name."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.clients: list[MeldhallClient] = []
        self.watchers: dict[str, PtyScreen] = {}
        self.table = 0

    async def open(self) -> None:
        for i in range(4):
            client = await MeldhallClient.connect("127.0.0.1", self.host.port, f"p{i}")
            self.clients.append(client)
            await client.wait_for("welcome")
        first = self.clients[0]
        first.send("create", game="hand_and_foot", seats=4, seed=77, options={"deals": 1})
        self.table = (await first.wait_for("joined"))["table"]
        for i, client in enumerate(self.clients[1:], 1):
            client.send("sit", table=self.table, seat=i)
            await client.wait_for("joined")

    async def play_to(self, stop: int) -> None:
        """The seat programs play until a view reaches ``stop`` actions; then every open
        watcher's screen settles."""
        for client in self.clients:  # each seat program starts from its newest view
            views = [i for i, m in enumerate(client.received) if m.get("t") == "view"]
            client._cursor = views[-1] if views else 0
        await asyncio.gather(*(play_seat(c, i, bot_seed=500 + i, stop_at=stop)
                               for i, c in enumerate(self.clients)))
        for screen in self.watchers.values():
            if not screen.closed:
                await settled(screen)

    def close(self) -> None:
        for client in self.clients:
            client.close()
