"""The in-process link between a screen and its session (or sessions).

A screen (``tui``) gets only this object. It encodes what the screen sends as a
client frame and decodes the session's outbox frames back into plain dicts, so
the screen sees exactly the bytes a network client would, and holds no reference
to a table or a Game. Swapping this for a socket would not change the screen.
Spectators who share a screen (``netcode/sharing.py``) feed one App through one
link from all their sessions' outboxes.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
from collections import OrderedDict, deque
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

RECENT = 64
"""Frames a link remembers having delivered: each sharing session's outbox carries the
same frame objects, and the first session to hand one over delivers it; the others skip
it."""


class LocalLink:
    """``tui.link.Link`` for an App fed by the outboxes of one or more sessions.

    Every session's outbox is drained by a pump of its own. A frame (the same bytes object
    in every spectator's outbox) is handed to the App once; ``guard`` may hold a frame back
    from the App (it then deals with it). A session that is removed is not closed: it goes
    on with another screen. Closing the link (the App ended) closes the sessions still on it.
    """

    def __init__(self, name: str, seen: list[tuple[bytes, dict[str, Any]]] | None = None,
                 guard: Callable[[Session, bytes, dict[str, Any]], bool] | None = None,
                 ended: Callable[[Session], bool] | None = None) -> None:
        self.name = name
        self.keeps_code = False  # (an ssh login: the person types name+code)
        self.recent: deque[tuple[bytes, dict[str, Any]]] = deque(seen or (), maxlen=RECENT)
        self.sessions: dict[Session, asyncio.Task[None] | None] = {}
        self._guard = guard
        self._ended = ended
        self._on_frame: Callable[[dict[str, Any]], None] | None = None
        self._context: contextvars.Context | None = None

    def add(self, session: Session) -> None:
        self.sessions[session] = None
        if self._on_frame is not None:
            self._pump(session)

    def remove(self, session: Session) -> None:
        task = self.sessions.pop(session, None)
        if task is not None:
            task.cancel()

    def send(self, message: dict[str, Any]) -> None:
        """From the App: only a screen of one session's own ever sends (sharing ends
        with any input). A screen shown to several sessions speaks for none of them:
        what it would send is dropped rather than sent in the name of whichever
        session happens to be first."""
        if len(self.sessions) != 1:
            if self.sessions:
                log.warning("a shared screen tried to send %r: dropped", message.get("t"))
            return
        session = next(iter(self.sessions))
        if session.closed:
            return
        fields = {k: v for k, v in message.items() if k != "t"}
        try:
            frame = client_frame(str(message.get("t")), **fields)
        except EncodeError as exc:
            log.warning("screen sent an unsendable message: %s", exc)
            return
        session.feed(frame)

    def start(self, on_frame: Callable[[dict[str, Any]], None]) -> None:
        if self._on_frame is None:
            self._on_frame = on_frame
            self._context = contextvars.copy_context()  # the App's (P8)
            for session in self.sessions:
                self._pump(session)

    def _pump(self, session: Session) -> None:
        """Every pump runs in the App's context, as if the App had started it (P8)."""
        assert self._context is not None
        self.sessions[session] = asyncio.get_running_loop().create_task(
            self._run(session), name=f"screen-link-{session.name}",
            context=self._context.copy())

    async def _run(self, session: Session) -> None:
        async for frame in session.frames():
            if any(seen is frame for seen, _ in self.recent):
                continue
            try:
                message = SHARED_DECODES.decode(frame)
            except FrameError:
                log.exception("host produced an undecodable frame")
                return
            if self._guard is not None and not self._guard(session, frame, message):
                return  # the guard took the session elsewhere
            self.recent.append((frame, message))
            assert self._on_frame is not None
            self._on_frame(message)
        self.sessions.pop(session, None)
        if self._ended is None or self._ended(session):
            assert self._on_frame is not None
            self._on_frame({"t": "bye", "reason": session.close_reason})

    def close(self) -> None:
        for session in list(self.sessions):
            self.remove(session)
            session.close("left", bye=False)
