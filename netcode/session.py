"""One connected person (or program): frames in, frames out, one seat or none.

A Session is transport-agnostic. The SSH subsystem feeds it channel bytes and
writes its outbox to the channel; a screen's in-process link does the same with
frames it encodes and decodes itself. Either way everything crosses as msgpack
frames, so what a screen could see is exactly what a socket would carry.

A frame that cannot be decoded, or a message that breaks the schema, gets one
``error`` frame and the session is closed: the stream cannot be trusted after
that. Nothing else (not the table, not other sessions) is affected.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable
from typing import TYPE_CHECKING, Any

from netcode.framing import FrameDecoder, FrameError
from netcode.identity import Identity
from netcode.inputgate import TokenBucket
from netcode.outbox import Outbox, OutboxClosed
from netcode.protocol import Dispatcher, ProtocolError, UnknownType, error_frame, server_frame

if TYPE_CHECKING:
    from netcode.lobby import Lobby
    from netcode.table import Table

log = logging.getLogger(__name__)

REPLACED = "replaced by a newer connection"
SHUTTING_DOWN = "the host is shutting down"
IDLE = "idle for too long"
TOO_FAR_BEHIND = "too far behind"
"""Reasons the host closes a session (its ``bye`` says them; a terminal adds a line of
its own for each, ``netcode.terminal.FAREWELLS``)."""

REQUEST_RATE = 50.0
"""Requests a second a session may make, sustained; a screen sends a few per move."""
REQUEST_BURST = 200.0


class Session:
    """A person's connection to the lobby and at most one table."""

    def __init__(self, lobby: Lobby, identity: Identity, *, outbox_limit: int = 512) -> None:
        self.lobby = lobby
        self.identity = identity
        self.user_id = identity.user_id
        self.name = identity.display  # verified, marked for key players: seats and chat use it
        self.outbox = Outbox(outbox_limit)
        self.table: Table | None = None
        self.seat: int | None = None
        self.lobby_page = 0
        self.closed = False
        self.close_reason = ""
        self.last_input = asyncio.get_running_loop().time()
        self._decoder = FrameDecoder()
        self._requests = TokenBucket(REQUEST_RATE, REQUEST_BURST, self.last_input)
        self._told_slow = False
        self._inbound: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self._on_close: list[Callable[[Session], None]] = []
        self._dispatcher = Dispatcher(lobby.handlers(self), self._unknown)
        self._reader = asyncio.get_running_loop().create_task(
            self._read(), name=f"session-{self.name}"
        )

    def __repr__(self) -> str:
        return f"<Session {self.name} table={self.table and self.table.id} seat={self.seat}>"

    # output side
    def put(self, frame: bytes, replace_key: str | None = None) -> None:
        if self.closed:
            return
        if not self.outbox.put(frame, replace_key) and self.outbox.overflowed:
            log.warning("%r: outbox overflowed; closing the session", self)
            self.close(TOO_FAR_BEHIND)

    async def frames(self) -> AsyncIterator[bytes]:
        """Frames to write, in order, until the session closes."""
        while True:
            try:
                yield await self.outbox.get()
            except OutboxClosed:
                return

    # input side
    def feed(self, data: bytes) -> None:
        """Bytes from the peer, in whatever pieces the transport delivers."""
        if self.closed:
            return
        self.last_input = asyncio.get_running_loop().time()
        try:
            messages = self._decoder.feed(data)
        except FrameError as exc:
            self.fail("bad_frame", f"Closing: {exc}.")
            return
        for message in messages:
            if self._requests.take(1, self.last_input):
                self._told_slow = False
                self._inbound.put_nowait(message)
            else:
                # A request that carries a ref is answered, so a client waiting on it
                # learns it was dropped; others get one refusal per flood.
                ref = message.get("ref")
                ref = ref if type(ref) is int else None
                if ref is None and self._told_slow:
                    continue
                self._told_slow = True
                self.put(error_frame("slow_down", "Too many requests at once: some were "
                                                  "dropped. Wait a moment and try again.",
                                     ref=ref))

    async def _read(self) -> None:
        while True:
            message = await self._inbound.get()
            if message is None or self.closed:
                return
            try:
                await self._dispatcher.dispatch(message)
            except ProtocolError as exc:
                self.fail(exc.code, f"Closing: {exc.message}.")
                return
            except Exception:
                log.exception("%r: handler failed", self)
                self.put(error_frame("internal", "The host failed on that request."))

    async def _unknown(self, unknown: UnknownType) -> None:
        self.put(error_frame("unknown_type", f"Unknown message type {unknown.tag!r}."))

    # ending
    def on_close(self, callback: Callable[[Session], None]) -> None:
        self._on_close.append(callback)

    def fail(self, code: str, message: str) -> None:
        """Protocol breach: tell the peer why (no traceback), then close."""
        log.info("%r: %s (%s)", self, message, code)
        self.put(error_frame(code, message))
        self.close(code)

    def close(self, reason: str = "closed", *, bye: bool = True) -> None:
        """Leave the lobby; the outbox drains what is queued, then ends the transport."""
        if self.closed:
            return
        # Closed before the goodbye is queued: an outbox that just overflowed refuses it,
        # and that refusal must not start another close.
        self.closed = True
        if bye:
            self.outbox.put(server_frame("bye", reason=reason))
        self.close_reason = reason
        self.outbox.close()
        self._inbound.put_nowait(None)
        self.lobby.session_closed(self)
        for callback in self._on_close:
            callback(self)
        self._on_close.clear()

    def abort(self) -> None:
        """The peer is gone: nothing more can be delivered."""
        self.outbox.discard()
        self.close("disconnected", bye=False)
