"""A session's bounded outbox: the table never waits for a slow client.

The table task only ever calls ``put``, which never blocks. A frame tagged with a
``replace_key`` (a table's view for this session) replaces an unsent frame with the
same key, moving to the back so that events queued before it still arrive first:
a client that stalls and catches up skips the intermediate views and lands on the
newest one. Untagged frames (events, errors, acks) are counted against ``limit``;
a session that lets that many pile up is too far behind to be worth saving, and
the outbox reports overflow so the session is closed (the client reconnects and
gets a fresh view).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from itertools import count


class OutboxClosed(Exception):
    """The outbox was closed; no more frames will come."""


class Outbox:
    """Frames waiting to be written to one session, oldest first."""

    def __init__(self, limit: int = 512) -> None:
        self._limit = limit
        self._frames: OrderedDict[object, bytes] = OrderedDict()
        self._keys: dict[str, object] = {}
        self._serial = count()
        self._ready = asyncio.Event()
        self._closed = False
        self.overflowed = False
        self.replaced = 0

    def put(self, frame: bytes, replace_key: str | None = None) -> bool:
        """Queue a frame; False if the outbox is closed or just overflowed."""
        if self._closed:
            return False
        if replace_key is not None:
            old = self._keys.pop(replace_key, None)
            if old is not None:
                del self._frames[old]
                self.replaced += 1
            slot: object = (replace_key, next(self._serial))
            self._keys[replace_key] = slot
        else:
            if len(self._frames) - len(self._keys) >= self._limit:
                self.overflowed = True
                self.close()
                return False
            slot = next(self._serial)
        self._frames[slot] = frame
        self._ready.set()
        return True

    async def get(self) -> bytes:
        """Wait for the oldest frame; raise OutboxClosed once closed and drained."""
        while not self._frames:
            if self._closed:
                raise OutboxClosed
            self._ready.clear()
            await self._ready.wait()
        slot, frame = self._frames.popitem(last=False)
        if isinstance(slot, tuple):
            self._keys.pop(slot[0], None)
        return frame

    def close(self) -> None:
        """Stop accepting frames; ``get`` drains what is left, then raises."""
        self._closed = True
        self._ready.set()

    def discard(self) -> None:
        """Close and drop everything unsent (the peer is gone)."""
        self._frames.clear()
        self._keys.clear()
        self.close()

    @property
    def closed(self) -> bool:
        return self._closed

    def __len__(self) -> int:
        return len(self._frames)
