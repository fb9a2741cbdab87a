"""A Textual Driver that talks to one SSH channel, all on the event loop.

Textual's LinuxDriver owns the process's tty, signal handlers and two threads; it
cannot serve two sessions (P1). This driver writes to the session's channel, feeds
channel bytes to Textual's own XTermParser and turns window-change requests into
Resize events. The pitfalls it handles are numbered as in
``shared/notes/ssh_textual.md``.
"""

from __future__ import annotations

import asyncio
import re
import sys
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Protocol

from rich.color import Color, ColorSystem
from rich.console import Console
from textual import events
from textual._time import get_time
from textual._xterm_parser import XTermParser
from textual.driver import Driver
from textual.geometry import Size
from textual.message import Message

if TYPE_CHECKING:
    from textual.app import App

ENTER_SEQUENCES = (
    "\x1b[?1049h"  # alternate screen
    "\x1b[?25l"  # hide cursor
    "\x1b[?2004h"  # bracketed paste
    "\x1b[?7l"  # no line wrap
)
MOUSE_ON = "\x1b[?1000h\x1b[?1003h\x1b[?1015h\x1b[?1006h"
MOUSE_OFF = "\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l"
RESTORE_SEQUENCES = (
    MOUSE_OFF
    + "\x1b[?2004l"  # bracketed paste off
    + "\x1b[?1004l"  # focus reports off (never turned on: P11, but a reset is cheap)
    + "\x1b[?7h"  # line wrap on
    + "\x1b[?25h"  # show cursor
    + "\x1b[?1049l"  # leave the alternate screen
)
"""Written on every exit, clean or not, so the player's terminal is usable again (P15)."""


class Terminal(Protocol):
    """What the driver needs from the SSH side of a session."""

    size: tuple[int, int]
    depth: ColorSystem
    """The colour depth the player's terminal reported (P6)."""

    def write_text(self, data: str) -> None: ...

    def attach_driver(self, driver: SSHDriver) -> None: ...


class SessionXTermParser(XTermParser):
    """XTermParser without the class-level lru_cache that keeps dead Apps alive (P4).

    ``_parse_extended_key`` is ``@lru_cache(1024)`` on the class; its keys hold each
    parser, whose generator holds the last Key, whose sender is the App.
    """

    def _parse_extended_key(self, sequence: str) -> list[events.Key] | None:
        return XTermParser._parse_extended_key.__wrapped__(self, sequence)  # type: ignore[attr-defined]


class SSHDriver(Driver):
    """One App's terminal is one SSH channel."""

    def __init__(self, app: App[Any], *, debug: bool = False, mouse: bool = True,
                 size: tuple[int, int] | None = None) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        self._terminal: Terminal = app._meldhall_terminal  # type: ignore[attr-defined]
        self._parser: SessionXTermParser | None = SessionXTermParser()
        self._esc_timer: asyncio.TimerHandle | None = None
        self._input = False
        self._restored = False
        self.colour_depth: ColorSystem = self._terminal.depth

    # output
    def write(self, data: str) -> None:
        self._terminal.write_text(downgrade_colours(data, self.colour_depth))

    def set_colour_depth(self, depth: ColorSystem | None) -> None:
        """The player's colour setting; None goes back to what their terminal reported."""
        self.colour_depth = self._terminal.depth if depth is None else depth

    def start_application_mode(self) -> None:
        self._terminal.attach_driver(self)
        self.write(ENTER_SEQUENCES)
        if self._mouse:
            self.write(MOUSE_ON)
        self._input = True
        width, height = self._terminal.size
        self.resize(width, height)

    def stop_application_mode(self) -> None:
        self.disable_input()
        self.restore_terminal()

    def restore_terminal(self) -> None:
        if not self._restored:
            self._restored = True
            self.write(RESTORE_SEQUENCES)

    def disable_input(self) -> None:
        self._input = False
        if self._esc_timer is not None:
            self._esc_timer.cancel()
            self._esc_timer = None

    def close(self) -> None:
        self.disable_input()
        self._parser = None

    # input
    def send_message(self, message: Message) -> None:
        # Input arrives on the loop thread: no run_coroutine_threadsafe, no Task per key (P2).
        self._app.post_message(message)

    def feed(self, text: str) -> None:
        """Characters typed by the player (already UTF-8 decoded)."""
        if not self._input or self._parser is None:
            return
        for message in self._parser.feed(text):
            self.process_message(message)
        self._arm_escape_timer()

    def _arm_escape_timer(self) -> None:
        # A lone ESC is only reported by tick() once ESCDELAY has passed (P3).
        if self._esc_timer is not None:
            self._esc_timer.cancel()
            self._esc_timer = None
        parser = self._parser
        if parser is None or parser._timeout_time is None:
            return
        delay = max(0.0, parser._timeout_time - get_time()) + 0.001
        self._esc_timer = self._loop.call_later(delay, self._tick)

    def _tick(self) -> None:
        self._esc_timer = None
        if not self._input or self._parser is None:
            return
        for message in self._parser.tick():
            self.process_message(message)
        self._arm_escape_timer()

    def resize(self, width: int, height: int) -> None:
        size = Size(max(width, 1) or 80, max(height, 1) or 24)
        self._app.post_message(events.Resize(size, size))


SYSTEMS = {"standard": ColorSystem.STANDARD, "256": ColorSystem.EIGHT_BIT,
           "truecolor": ColorSystem.TRUECOLOR}


def color_system_for(term_type: str, env: dict[str, str]) -> str:
    """Colour depth from what the player's client told us, never the host's env (P6)."""
    term = term_type.lower()
    colorterm = env.get("COLORTERM", "").lower()
    if colorterm in ("truecolor", "24bit") or term.endswith("-direct"):
        return "truecolor"
    if "256color" in term:
        return "256"
    return "standard"


def session_console(term_type: str, size: tuple[int, int]) -> Console:
    """A Console like the one App.__init__ builds, for this session's terminal.

    It renders in true colour whatever the terminal: the driver brings the output down to
    the session's depth (``downgrade_colours``), so what Textual caches and shares
    between Apps is the same for every session."""
    from textual.app import _NullFile

    return Console(
        color_system="truecolor",
        file=_NullFile(),
        markup=True,
        highlight=False,
        emoji=False,
        legacy_windows=False,
        _environ={"TERM": term_type, "COLUMNS": str(size[0]), "LINES": str(size[1])},
        force_terminal=True,
        safe_box=False,
        soft_wrap=False,
    )


def release_dead_print_captures() -> None:
    """Point sys.stdout/stderr back at the real streams if a finished App still owns them (P5).

    ``App.run_async`` wraps each App in process-global redirect_stdout/stderr; sessions
    end in any order, so the last restore can leave a dead App's capture installed,
    keeping that App alive and swallowing output.
    """
    for name, real in (("stdout", sys.__stdout__), ("stderr", sys.__stderr__)):
        current = getattr(sys, name)
        owner = getattr(current, "app", None)
        if owner is not None and type(current).__name__ == "_PrintCapture" and (
            owner._closed or not owner.is_running
        ):
            setattr(sys, name, real)


SGR = re.compile(r"\x1b\[([0-9;]*)m")


@lru_cache(maxsize=4096)
def downgraded_sgr(params: str, system: ColorSystem) -> str:
    """One SGR sequence's colours as ``system`` shows them, the way Rich downgrades them."""
    parts = params.split(";")
    out: list[str] = []
    i = 0
    while i < len(parts):
        part = parts[i]
        if part in ("38", "48") and i + 1 < len(parts):
            foreground = part == "38"
            if parts[i + 1] == "2" and i + 4 < len(parts):
                r, g, b = (int(n) for n in parts[i + 2:i + 5])
                out.extend(Color.from_rgb(r, g, b).downgrade(system).get_ansi_codes(foreground))
                i += 5
                continue
            if parts[i + 1] == "5" and i + 2 < len(parts):
                colour = Color.from_ansi(int(parts[i + 2]))
                out.extend(colour.downgrade(system).get_ansi_codes(foreground))
                i += 3
                continue
        out.append(part)
        i += 1
    return f"\x1b[{';'.join(out)}m"


def downgrade_colours(data: str, system: ColorSystem) -> str:
    """Screen output rendered in true colour, as a terminal of ``system`` depth takes it (P6).

    Every session's App renders in true colour, so the strips and styles Textual shares
    between Apps through its caches always hold the same codes; each session's depth is
    applied here, on the way out, with Rich's own downgrade (the one Textual applies when
    it renders at that depth). A true-colour session's output passes untouched.
    """
    if system == ColorSystem.TRUECOLOR or "\x1b[" not in data:
        return data
    return SGR.sub(lambda m: downgraded_sgr(m.group(1), system), data)
