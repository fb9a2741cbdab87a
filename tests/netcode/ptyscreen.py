"""A PTY session over real SSH read through pyte, for the fault tests."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import asyncssh
import pyte

WIDTH, HEIGHT = 100, 30


class PtyScreen(asyncssh.SSHClientSession):  # type: ignore[type-arg]
    """What a player's terminal shows, and every byte it was sent."""

    def __init__(self) -> None:
        self.screen = pyte.Screen(WIDTH, HEIGHT)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()
        self.changed = asyncio.Event()
        self.chan: Any = None
        self.closed = False

    def connection_made(self, chan: Any) -> None:
        self.chan = chan

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.raw += data
        self.stream.feed(data)
        self.changed.set()

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        self.changed.set()

    @property
    def text(self) -> str:
        return "\n".join(self.screen.display)

    def press(self, keys: str) -> None:
        if self.chan is not None and not self.chan.is_closing():
            self.chan.write(keys.encode())

    async def wait_for(self, check: Callable[[str], bool], timeout: float = 20.0) -> str:
        async def wait() -> str:
            while not check(self.text):
                if self.closed:
                    raise ConnectionError("the session closed")
                self.changed.clear()
                await self.changed.wait()
            return self.text

        return await asyncio.wait_for(wait(), timeout)


async def open_pty(port: int, name: str, term: str = "xterm-256color", **options: Any
                   ) -> tuple[asyncssh.SSHClientConnection, PtyScreen]:
    conn = await asyncssh.connect("127.0.0.1", port, username=name, known_hosts=None,
                                  client_keys=None, agent_path=None, password="",
                                  preferred_auth="keyboard-interactive")
    _chan, screen = await conn.create_session(PtyScreen, term_type=term,
                                              term_size=(WIDTH, HEIGHT), encoding=None,
                                              **options)
    return conn, screen
