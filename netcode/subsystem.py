"""The ``meldhall`` SSH subsystem: the protocol's frames straight on the channel.

Programs (bots, tests, a future native client) sit at tables like anyone else.
There is no screen: channel bytes go to the session's decoder and its outbox is
written to the channel. While the client is not reading (asyncssh paused our
writes) frames wait in the outbox, where newer views replace older ones, so a
stalled program costs the host a bounded amount of memory.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from netcode.session import Session

log = logging.getLogger(__name__)


class SubsystemHandler:
    """Connects one SSH channel to one Session."""

    def __init__(self, chan: Any, session: Session) -> None:
        self._chan = chan
        self.session = session
        self._writable = asyncio.Event()
        self._writable.set()
        self._pump = asyncio.get_running_loop().create_task(self._write_out())

    async def _write_out(self) -> None:
        try:
            async for frame in self.session.frames():
                await self._writable.wait()
                self._chan.write(frame)
        finally:
            if not self._chan.is_closing():
                self._chan.exit(0)

    def data_received(self, data: bytes) -> None:
        self.session.feed(data)

    def pause_writing(self) -> None:
        self._writable.clear()

    def resume_writing(self) -> None:
        self._writable.set()

    def peer_gone(self) -> None:
        self.session.abort()
        self._writable.set()
        self._pump.cancel()

    def resize(self, width: int, height: int) -> None:
        """Subsystems have no terminal."""
