"""A small asyncio client for the ``meldhall`` subsystem (bots, tests, a native client).

    client = await MeldhallClient.connect("127.0.0.1", 2222, "alice")
    client.send("create", game="hand_and_foot", seats=4)
    joined = await client.wait_for("joined")

Every decoded message is also appended to ``client.received`` (with its raw frame
bytes in ``client.raw``), so tests can check everything a seat was ever sent.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any

import asyncssh

from netcode.framing import FrameDecoder, FrameError
from netcode.protocol import client_frame

Predicate = Callable[[dict[str, Any]], bool]


class _ClientSession(asyncssh.SSHClientSession):  # type: ignore[type-arg]
    def __init__(self, client: MeldhallClient) -> None:
        self._client = client

    def data_received(self, data: bytes, datatype: Any) -> None:
        self._client._feed(data)

    def connection_lost(self, exc: Exception | None) -> None:
        self._client._ended()


class MeldhallClient:
    """One subsystem connection: send messages, await the ones you need."""

    def __init__(self) -> None:
        self.conn: asyncssh.SSHClientConnection | None = None
        self.chan: Any = None
        self.received: list[dict[str, Any]] = []
        self.raw: list[bytes] = []
        self.closed = asyncio.Event()
        self.protocol_error: str | None = None
        self._decoder = FrameDecoder()
        self._arrived = asyncio.Condition()
        self._cursor = 0

    @classmethod
    async def connect(cls, host: str, port: int, username: str, *,
                      client_keys: Sequence[Any] | None = None,
                      password: str | None = "", **options: Any) -> MeldhallClient:
        """Open the SSH connection and the subsystem channel."""
        self = cls()
        self.conn = await asyncssh.connect(
            host, port, username=username, known_hosts=None,
            client_keys=client_keys, password=password, agent_path=None,
            preferred_auth="publickey,keyboard-interactive,password", **options,
        )
        self.chan, _ = await self.conn.create_session(
            lambda: _ClientSession(self), subsystem="meldhall", encoding=None
        )
        return self

    def send(self, tag: str, **fields: Any) -> None:
        self.send_raw(client_frame(tag, **fields))

    def send_raw(self, data: bytes) -> None:
        """Write bytes as they are (tests use it for garbage)."""
        if self.chan is not None and not self.chan.is_closing():
            self.chan.write(data)

    def _feed(self, data: bytes) -> None:
        try:
            messages = self._decoder.feed(data)
        except FrameError as exc:
            self.protocol_error = str(exc)
            self.close()
            return
        self._deliver(messages, data)

    def _deliver(self, messages: list[dict[str, Any]], data: bytes) -> None:
        """Keep every decoded message for `next`/`wait_for` (subclasses may stream them)."""
        self.received.extend(messages)
        self.raw.append(data)
        if messages:
            asyncio.get_running_loop().create_task(self._notify())

    async def _notify(self) -> None:
        async with self._arrived:
            self._arrived.notify_all()

    def _ended(self) -> None:
        self.closed.set()
        asyncio.get_running_loop().create_task(self._notify())

    async def next(self, timeout: float = 10.0) -> dict[str, Any]:
        """The next message not yet consumed by ``next``/``wait_for``."""
        return await self.wait_for(None, timeout=timeout)

    async def wait_for(self, tag: str | None, predicate: Predicate | None = None,
                       timeout: float = 10.0) -> dict[str, Any]:
        """Consume messages until one with ``tag`` (and ``predicate``) arrives."""

        def find() -> dict[str, Any] | None:
            while self._cursor < len(self.received):
                message = self.received[self._cursor]
                self._cursor += 1
                if (tag is None or message["t"] == tag) and (
                    predicate is None or predicate(message)
                ):
                    return message
            return None

        async def wait() -> dict[str, Any]:
            async with self._arrived:
                while True:
                    found = find()
                    if found is not None:
                        return found
                    if self.closed.is_set():
                        raise ConnectionError(f"connection closed while waiting for {tag}")
                    await self._arrived.wait()

        return await asyncio.wait_for(wait(), timeout)

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()

    async def wait_closed(self, timeout: float = 10.0) -> None:
        await asyncio.wait_for(self.closed.wait(), timeout)
