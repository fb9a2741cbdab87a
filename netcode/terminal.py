"""A PTY shell session: its channel, and the screen (a Textual App on our SSHDriver) it shows.

The App runs in ``netcode.sharing.AppScreen``, in a task started with a fresh
``contextvars.Context`` so its ``active_app`` never leaks into another App's or the host's
code (P8). Usually the screen is the session's own; spectators who would see the same
picture may share one (``netcode/sharing.py``), and any input or resize gives the session
its own again. Output is dropped while this channel is paused and the screen is repainted
in full when it resumes (P17): a slow terminal gets the current picture, not a backlog,
and holds up no one who shares its screen.
"""

from __future__ import annotations

import asyncio
import codecs
import logging
import math
import re
from typing import Any

from netcode.driver import RESTORE_SEQUENCES, SYSTEMS, color_system_for
from netcode.inputgate import PASTE_END, PASTE_START, InputGate, InputLimits
from netcode.session import IDLE, REPLACED, SHUTTING_DOWN, TOO_FAR_BEHIND, Session
from netcode.sharing import AppScreen, ScreenShare
from tui.rendering import SHORTCUTS

log = logging.getLogger(__name__)

MOUSE_REPORT = re.compile(r"\x1b\[<(\d+);\d+;\d+[Mm]")
"""A mouse report in the SGR encoding (mode 1006, which the screens turn on)."""


def pointer_motion_only(text: str) -> bool:
    """Whether input is nothing but reports of the pointer moving with no button or wheel
    (mode 1003 reports every move): what a spectator's mouse sends as it crosses the
    terminal. On a shared watching screen nothing answers to it (no widget there reacts
    to hovering) and splitting off for it would give every mouse user an App of their own."""
    reports = MOUSE_REPORT.findall(text)
    return bool(reports) and MOUSE_REPORT.sub("", text) == "" and all(
        int(code) & 0b1100011 == 0b0100011 for code in reports)  # motion, no button or wheel


FAREWELLS = {
    REPLACED: "meldhall: you connected again from elsewhere, so this connection is closed.",
    SHUTTING_DOWN: "meldhall: the host is shutting down; your games are saved. "
                   "Connect again later.",
    IDLE: "meldhall: closed after too long without a key press. Connect again to play on.",
    TOO_FAR_BEHIND: "meldhall: this terminal fell too far behind the game and was closed. "
                    "Connect again to catch up.",
}
"""The line a player's terminal shows when the host ends the session (by the session's
close reason): the screen used to vanish with only ssh's "Connection closed" (play-test)."""


class TerminalHandler:
    """Connects one SSH channel with a PTY to its Session and the screen it shows."""

    def __init__(self, chan: Any, session: Session, term_type: str,
                 size: tuple[int, int], env: dict[str, str],
                 limits: InputLimits | None = None,
                 render: frozenset[str] = SHORTCUTS,
                 share: ScreenShare | None = None) -> None:
        self._chan = chan
        self.session = session
        self.term_type = term_type
        self.render = render
        self.gate = InputGate(limits or InputLimits(), asyncio.get_running_loop().time())
        size = self.gate.clamp(*size)
        self.size = size
        self.depth = SYSTEMS[color_system_for(term_type, env)]
        self.welcome: dict[str, Any] | None = None
        """This session's identity while it shares a screen (the shared App holds none)."""
        self._split_at = -math.inf
        self._told_dropped = False
        self._paused = False
        self._dirty = False
        self._finished = False
        self._utf8 = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self.screen = AppScreen(share, self, term_type, render)

    @property
    def app(self) -> Any:
        return self.screen.app

    def screen_ended(self, screen: AppScreen, code: int, restored: bool) -> None:
        """The App this terminal showed has ended: so has this session."""
        if screen is self.screen:
            self.finish(code, restored=restored and not screen.shared)

    def finish(self, code: int, restored: bool = False) -> None:
        """Leave the player's terminal usable, end the session and the channel."""
        if self._finished:
            return
        self._finished = True
        if not restored:
            self.write_text(RESTORE_SEQUENCES)
        farewell = FAREWELLS.get(self.session.close_reason)
        if farewell is not None:
            self.write_text(farewell + "\r\n")
        reclaim = self.session.identity.code
        if reclaim is not None:
            # Without a key the code is the only way back to the name and its seats: ssh
            # said only "Connection closed", and it was in the lobby's header alone (play-test).
            name = self.session.identity.name
            self.write_text(f"meldhall: your seats are kept. To have your name back, connect as "
                            f"{name}+{reclaim}\r\n")
        self.session.close("left", bye=False)
        if not self._chan.is_closing():
            self._chan.exit(code)

    def since_split(self) -> float:
        return asyncio.get_running_loop().time() - self._split_at

    def mark_split(self) -> None:
        self._split_at = asyncio.get_running_loop().time()

    def _own_screen(self) -> None:
        """About to do something of its own: a shared screen's viewer gets its own App."""
        if self.screen.shared and self.screen.share is not None:
            self.screen.share.split(self)

    # what the screen writes
    def write_text(self, data: str) -> None:
        self.write_bytes(data.encode("utf-8"))

    def write_bytes(self, data: bytes) -> None:
        if self._chan.is_closing():
            return
        if self._paused:
            self._dirty = True
            return
        self._chan.write(data)

    # from the SSH channel
    def data_received(self, data: bytes) -> None:
        now = asyncio.get_running_loop().time()
        text, dropped = self.gate.admit(self._utf8.decode(data), now)
        if dropped:
            self._tell_dropped(all_of_it=not text.replace(PASTE_START, "").replace(
                PASTE_END, ""))
        elif text:
            self._told_dropped = False
        if not text:
            return
        if self.screen.shared and pointer_motion_only(text):
            return
        self.session.last_input = now
        self._own_screen()
        self.screen.feed(text)

    def _tell_dropped(self, all_of_it: bool) -> None:
        """Once per flood, not once per chunk: the note itself must stay cheap. It says
        whether anything got through (a long paste was dropped whole while the note said
        "some", play-test)."""
        if self._told_dropped:
            return
        self._told_dropped = True
        log.info("%r: input over the limit was dropped (%s characters so far)",
                 self.session, self.gate.dropped)
        self._own_screen()
        if self.app is not None:
            if self.gate.paste_cut:  # (a 60-line paste read as if typed too fast)
                note = (f"A paste is kept to its first {self.gate.limits.paste} "
                        "characters: the rest was dropped.")
            else:
                what = "it was dropped" if all_of_it else "some of it was dropped"
                note = f"Input arrived faster than the host takes it: {what}."
            self.app.notify(note, severity="warning")

    def resize(self, width: int, height: int) -> None:
        self.size = self.gate.clamp(width, height)
        if self.screen.shared:
            self._own_screen()  # built at the new size
        else:
            self.screen.resize(*self.size)

    def pause_writing(self) -> None:
        self._paused = True

    def resume_writing(self) -> None:
        self._paused = False
        if self._dirty:
            self._dirty = False
            self._chan.write(b"\x1b[2J")
            self.screen.repaint()  # the whole screen is dirty: the next frame repaints it all

    def peer_gone(self) -> None:
        screen = self.screen
        if screen.shared:
            screen.leave(self)
            self.finish(0)
        elif screen.app is not None and screen.app.is_running:
            screen.app.exit(0)
        elif screen.app is not None:
            screen.retire()
            self.finish(0)
