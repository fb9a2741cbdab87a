"""A Textual Driver that talks to one SSH channel, all on the event loop.

Textual's LinuxDriver owns the process's tty, signal handlers and two threads; it
cannot serve two sessions (P1). This driver writes to the session's channel, feeds
channel bytes to Textual's own XTermParser and turns window-change requests into
Resize events. The pitfalls it handles are numbered as in
``shared/notes/ssh_textual.md``.
"""

from __future__ import annotations

import asyncio
import sys
from typing import TYPE_CHECKING, Any, Protocol

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

    # output
    def write(self, data: str) -> None:
        self._terminal.write_text(data)

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


def color_system_for(term_type: str, env: dict[str, str]) -> str:
    """Colour depth from what the player's client told us, never the host's env (P6)."""
    term = term_type.lower()
    colorterm = env.get("COLORTERM", "").lower()
    if colorterm in ("truecolor", "24bit") or term.endswith("-direct"):
        return "truecolor"
    if "256color" in term:
        return "256"
    return "standard"


def session_console(term_type: str, env: dict[str, str], size: tuple[int, int]) -> Console:
    """A Console like the one App.__init__ builds, but with this session's colour depth."""
    from textual.app import _NullFile

    return Console(
        color_system=color_system_for(term_type, env),  # type: ignore[arg-type]
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


_strip_patched = False


def per_session_strip_rendering() -> None:
    """Stop Textual reusing one session's colour codes in another (P6, second half).

    ``Strip.render`` caches its escape-sequence string on the Strip, whatever the
    console's colour system, and ``Strip.render_style`` caches the SGR string on the
    Rich ``Style`` itself (``style._ansi``); Styles and some Strips are shared between
    Apps through module-level caches. A 256-colour session's codes then reach an
    ``xterm`` (16-colour) session. This render skips both caches and uses
    ``Strip.render_ansi``, whose lru_cache is keyed by style *and* colour system.
    """
    global _strip_patched
    if _strip_patched:
        return
    from rich.color import ColorSystem
    from textual.strip import Strip

    def render(self: Strip, console: Console) -> str:
        color_system = console._color_system or ColorSystem.TRUECOLOR
        render_ansi = Strip.render_ansi  # lru_cache keyed by (style, colour system)
        out: list[str] = []
        for text, style, _ in self._segments:
            if style is None:
                out.append(text)
                continue
            ansi = render_ansi(style, color_system)
            piece = f"\x1b[{ansi}m{text}\x1b[0m" if ansi else text
            if style._link:
                piece = (f"\x1b]8;id={style._link_id};{style._link}\x1b\\{piece}"
                         "\x1b]8;;\x1b\\")
            out.append(piece)
        return "".join(out)

    Strip.render = render  # type: ignore[method-assign]
    _strip_patched = True
