"""A PTY shell session: one Textual App on our SSHDriver, talking over a LocalLink.

Each App runs in a task started with a fresh ``contextvars.Context`` so its
``active_app`` never leaks into another App's or the host's code (P8). Output is
dropped while the channel is paused and the screen is repainted in full when it
resumes (P17): a slow terminal gets the current picture, not a backlog.
"""

from __future__ import annotations

import asyncio
import codecs
import contextvars
import logging
from typing import Any

from netcode.driver import (
    RESTORE_SEQUENCES,
    SYSTEMS,
    SSHDriver,
    color_system_for,
    release_dead_print_captures,
    session_console,
)
from netcode.inputgate import InputGate, InputLimits
from netcode.link import LocalLink
from netcode.records import RecordStepper
from netcode.session import Session
from tui.app import make_app
from tui.rendering import SHORTCUTS

log = logging.getLogger(__name__)


class TerminalHandler:
    """Connects one SSH channel with a PTY to one App and its Session."""

    live_apps = 0
    """Apps currently running (the churn test reads it)."""

    def __init__(self, chan: Any, session: Session, term_type: str,
                 size: tuple[int, int], env: dict[str, str],
                 limits: InputLimits | None = None,
                 render: frozenset[str] = SHORTCUTS) -> None:
        self._chan = chan
        self.session = session
        self.gate = InputGate(limits or InputLimits(), asyncio.get_running_loop().time())
        size = self.gate.clamp(*size)
        self.size = size
        self.depth = SYSTEMS[color_system_for(term_type, env)]
        self._told_dropped = False
        self._paused = False
        self._dirty = False
        self._driver: SSHDriver | None = None
        self._utf8 = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._pending_input: list[str] = []
        self._link = LocalLink(session)
        app = make_app(self._link, replayer=RecordStepper, shortcuts=render)
        app.driver_class = SSHDriver
        app.console = session_console(term_type, size)
        app._meldhall_terminal = self  # type: ignore[attr-defined]
        self.app: Any = app
        self._task = asyncio.get_running_loop().create_task(
            self._run(), name=f"app-{session.name}", context=contextvars.Context()
        )

    async def _run(self) -> None:
        TerminalHandler.live_apps += 1
        code = 0
        try:
            result = await self.app.run_async(size=self.size)
            code = int(result or 0)
        except Exception:
            log.exception("app for %s crashed", self.session.name)
            code = 1
        finally:
            TerminalHandler.live_apps -= 1
            if self._driver is None or not self._driver._restored:
                self.write_text(RESTORE_SEQUENCES)
            self._link.close()
            self.session.close("left", bye=False)
            if not self._chan.is_closing():
                self._chan.exit(code)
            self.app = None
            self._driver = None
            release_dead_print_captures()

    # Terminal protocol, used by SSHDriver
    def write_text(self, data: str) -> None:
        if self._chan.is_closing():
            return
        if self._paused:
            self._dirty = True
            return
        self._chan.write(data.encode("utf-8"))

    def attach_driver(self, driver: SSHDriver) -> None:
        self._driver = driver
        for text in self._pending_input:
            driver.feed(text)
        self._pending_input.clear()

    # from the SSH channel
    def data_received(self, data: bytes) -> None:
        now = asyncio.get_running_loop().time()
        text, dropped = self.gate.admit(self._utf8.decode(data), now)
        if dropped:
            self._tell_dropped()
        elif text:
            self._told_dropped = False
        if not text:
            return
        self.session.last_input = now
        if self._driver is None:
            self._pending_input.append(text)
        else:
            self._driver.feed(text)

    def _tell_dropped(self) -> None:
        """Once per flood, not once per chunk: the note itself must stay cheap."""
        if self._told_dropped:
            return
        self._told_dropped = True
        log.info("%r: input over the limit was dropped (%s characters so far)",
                 self.session, self.gate.dropped)
        if self.app is not None:
            self.app.notify("Input arrived faster than the host takes it: some was dropped.",
                            severity="warning")

    def resize(self, width: int, height: int) -> None:
        self.size = self.gate.clamp(width, height)
        if self._driver is not None:
            self._driver.resize(*self.size)

    def pause_writing(self) -> None:
        self._paused = True

    def resume_writing(self) -> None:
        self._paused = False
        if self._dirty and self.app is not None:
            self._dirty = False
            self._chan.write(b"\x1b[2J")
            self.app.refresh()  # the whole screen is dirty: the next frame repaints it all

    def peer_gone(self) -> None:
        if self.app is not None and self.app.is_running:
            self.app.exit(0)
        elif self.app is not None:
            self._task.cancel()
