"""The in-process link between a screen and its session.

A screen (``tui``) gets only this object. It encodes what the screen sends as a
client frame and decodes the session's outbox frames back into plain dicts, so
the screen sees exactly the bytes a network client would, and holds no reference
to a table or a Game. Swapping this for a socket would not change the screen.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from netcode.framing import EncodeError, FrameError, decode_frame
from netcode.protocol import client_frame
from netcode.session import Session

log = logging.getLogger(__name__)


class SharedDecodes:
    """Recently decoded frames, shared by every in-process link.

    A table puts the same frame (the same bytes object) on every spectator's outbox, and
    its events frame on everyone's: decoded once here, every screen gets the same
    messages. Screens only read what they are given (``tui.link.Link``), so sharing is
    safe; a frame that has dropped out of this small cache is simply decoded again.
    """

    def __init__(self, size: int = 32) -> None:
        self._size = size
        self._frames: OrderedDict[bytes, dict[str, Any]] = OrderedDict()

    def decode(self, frame: bytes) -> dict[str, Any]:
        message = self._frames.get(frame)
        if message is None:
            message = self._frames[frame] = decode_frame(frame)
            if len(self._frames) > self._size:
                self._frames.popitem(last=False)
        return message


SHARED_DECODES = SharedDecodes()


class LocalLink:
    """Implements ``tui.link.Link`` over a Session in the same process."""

    def __init__(self, session: Session) -> None:
        self._session: Session | None = session
        self.name = session.name
        self._pump: asyncio.Task[None] | None = None

    def send(self, message: dict[str, Any]) -> None:
        session = self._session
        if session is None or session.closed:
            return
        tag = message.get("t")
        fields = {k: v for k, v in message.items() if k != "t"}
        try:
            frame = client_frame(str(tag), **fields)
        except EncodeError as exc:
            log.warning("screen sent an unsendable message: %s", exc)
            return
        session.feed(frame)

    def start(self, on_frame: Callable[[dict[str, Any]], None]) -> None:
        if self._pump is None and self._session is not None:
            self._pump = asyncio.get_running_loop().create_task(self._run(on_frame))

    async def _run(self, on_frame: Callable[[dict[str, Any]], None]) -> None:
        session = self._session
        if session is None:
            return
        async for frame in session.frames():
            try:
                message = SHARED_DECODES.decode(frame)
            except FrameError:
                log.exception("host produced an undecodable frame")
                return
            on_frame(message)
        on_frame({"t": "bye", "reason": session.close_reason})

    def close(self) -> None:
        if self._pump is not None:
            self._pump.cancel()
            self._pump = None
        if self._session is not None:
            self._session.close("left", bye=False)
            self._session = None
