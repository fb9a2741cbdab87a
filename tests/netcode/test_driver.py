"""The SSH driver's pitfalls (numbers from shared/notes/ssh_textual.md), tested in isolation."""

from __future__ import annotations

import ast
import asyncio
import sys
from pathlib import Path
from typing import Any

from rich.color import Color, ColorSystem
from rich.console import Console
from rich.style import Style
from rich.text import Text
from textual import events
from textual._xterm_parser import XTermParser
from textual.app import _PrintCapture
from textual.strip import Strip

from netcode.driver import (
    RESTORE_SEQUENCES,
    SessionXTermParser,
    SSHDriver,
    color_system_for,
    downgrade_colours,
    release_dead_print_captures,
)
from netcode.identity import Identity
from netcode.server import Host
from netcode.terminal import TerminalHandler

ROOT = Path(__file__).resolve().parents[2]


class FakeTerminal:
    size = (100, 30)
    depth = ColorSystem.TRUECOLOR

    def __init__(self) -> None:
        self.out: list[str] = []
        self.driver: SSHDriver | None = None

    def write_text(self, data: str) -> None:
        self.out.append(data)

    def attach_driver(self, driver: SSHDriver) -> None:
        self.driver = driver


class FakeApp:
    def __init__(self) -> None:
        self._meldhall_terminal = FakeTerminal()
        self.posted: list[Any] = []

    def post_message(self, message: Any) -> bool:
        self.posted.append(message)
        return True


def keys(app: FakeApp) -> list[str]:
    return [m.key for m in app.posted if isinstance(m, events.Key)]


async def test_p2_p3_input_posted_on_the_loop_and_lone_escape_reported() -> None:
    app = FakeApp()
    driver = SSHDriver(app)  # type: ignore[arg-type]
    driver.start_application_mode()
    assert isinstance(app.posted[0], events.Resize) and app.posted[0].size.width == 100
    driver.feed("a")
    assert keys(app) == ["a"]  # posted synchronously: no Task per key (P2)
    driver.feed("\x1b")
    assert keys(app) == ["a"]  # ESC alone is ambiguous until ESCDELAY passes
    await asyncio.sleep(0.3)
    assert keys(app) == ["a", "escape"]  # reported by the timer (P3)
    driver.stop_application_mode()
    assert app._meldhall_terminal.out[-1] == RESTORE_SEQUENCES
    driver.feed("b")
    assert keys(app) == ["a", "escape"]  # input is off after stop


def test_p4_parser_skips_the_class_lru_cache() -> None:
    cached = XTermParser._parse_extended_key
    before = cached.cache_info().currsize  # type: ignore[attr-defined]
    parser = SessionXTermParser()
    parsed = list(parser.feed("\x1b[97;5u"))
    assert any(isinstance(m, events.Key) and m.key == "ctrl+a" for m in parsed)
    assert cached.cache_info().currsize == before  # type: ignore[attr-defined]


def test_p15_restore_turns_mouse_off_and_leaves_alt_screen() -> None:
    for sequence in ("\x1b[?1000l", "\x1b[?1003l", "\x1b[?1006l", "\x1b[?2004l",
                     "\x1b[?25h", "\x1b[?1049l"):
        assert sequence in RESTORE_SEQUENCES


def test_p6_colour_depth_from_the_client() -> None:
    assert color_system_for("xterm", {}) == "standard"
    assert color_system_for("xterm-256color", {}) == "256"
    assert color_system_for("xterm-256color", {"COLORTERM": "truecolor"}) == "truecolor"
    assert color_system_for("xterm-direct", {}) == "truecolor"


def styled_strips() -> list[Strip]:
    """Rows in every kind of colour Textual hands Rich: true colour, the 256 palette,
    the 16 standard colours, defaults, attributes, and no style at all."""
    colours = [Color.from_rgb(r, g, b) for r, g, b in
               ((255, 0, 0), (12, 200, 90), (30, 30, 30), (250, 250, 250), (128, 64, 200))]
    colours += [Color.from_ansi(n) for n in (1, 9, 15, 16, 100, 231, 244)]
    colours += [Color.default(), None]  # type: ignore[list-item]
    strips = []
    for i, fg in enumerate(colours):
        bg = colours[(i + 3) % len(colours)]
        style = Style(color=fg, bgcolor=bg, bold=i % 2 == 0, underline=i % 3 == 0)
        text = Text.assemble(("K♥ ", style), ("plain ", None), ("Q♠", Style(dim=True)))
        strips.append(Strip(text.render(Console()), 12))
    return strips


def sgr(style: Style, text: str, system: ColorSystem) -> str:
    """What Textual's ``Strip.render`` writes for one segment at a depth (without the
    ``style._ansi`` cache, which is what made sharing unsafe)."""
    ansi = Strip.render_ansi(style, system)
    return f"\x1b[{ansi}m{text}\x1b[0m" if ansi else text


def test_p6_true_colour_brought_down_matches_rendering_at_that_depth() -> None:
    """A session's output is rendered once in true colour and brought down to its depth
    on the way out; what reaches the terminal is what Textual writes at that depth."""
    for system in (ColorSystem.STANDARD, ColorSystem.EIGHT_BIT, ColorSystem.TRUECOLOR):
        for strip in styled_strips():
            at_depth, true = (
                "".join(text if style is None else sgr(style, text, depth)
                        for text, style, _ in strip)
                for depth in (system, ColorSystem.TRUECOLOR))
            assert downgrade_colours(true, system) == at_depth, system


def test_p5_dead_print_capture_released() -> None:
    class DeadApp:
        _closed = True
        is_running = False

    saved = sys.stdout
    try:
        sys.stdout = _PrintCapture(DeadApp())  # type: ignore[arg-type,assignment]
        release_dead_print_captures()
        assert sys.stdout is sys.__stdout__
    finally:
        sys.stdout = saved


class FakeChannel:
    def __init__(self) -> None:
        self.data = bytearray()
        self.exit_status: int | None = None

    def write(self, data: bytes) -> None:
        self.data += data

    def is_closing(self) -> bool:
        return self.exit_status is not None

    def exit(self, status: int) -> None:
        self.exit_status = status


async def test_p17_paused_channel_drops_frames_and_repaints_on_resume(host: Host) -> None:
    session = host.lobby.open_session(Identity("name:paula", "paula"))
    chan = FakeChannel()
    handler = TerminalHandler(chan, session, "xterm-256color", (100, 30), {})
    for _ in range(200):
        if b"meldhall lobby" in chan.data:
            break
        await asyncio.sleep(0.02)
    assert b"meldhall lobby" in chan.data
    handler.pause_writing()
    paused_at = len(chan.data)
    other = host.lobby.open_session(Identity("name:quinn", "quinn"))
    await host.lobby.on_create(other, {"game": "hand_and_foot", "seats": 4})
    await asyncio.sleep(0.3)
    assert len(chan.data) == paused_at  # nothing written while the client is not reading
    handler.resume_writing()
    for _ in range(100):
        if b"waiting" in chan.data[paused_at:]:  # the new table's row in the lobby
            break
        await asyncio.sleep(0.02)
    resumed = bytes(chan.data[paused_at:])
    assert resumed.startswith(b"\x1b[2J") and b"waiting" in resumed
    assert b"meldhall lobby" in resumed and b"New table" in resumed  # all of it
    handler.data_received(b"\x03")
    for _ in range(100):
        if b"Leave meldhall?" in chan.data:
            break
        await asyncio.sleep(0.02)
    assert chan.exit_status is None  # Ctrl+C asks first
    handler.data_received(b"y")
    for _ in range(100):
        if chan.exit_status is not None:
            break
        await asyncio.sleep(0.02)
    assert chan.exit_status == 0
    other.close()


def test_tui_never_imports_netcode() -> None:
    for path in (ROOT / "tui").rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert not name.startswith("netcode"), f"{path} imports {name}"


def test_engine_never_imports_netcode_or_tui() -> None:
    for path in (ROOT / "engine").rglob("*.py"):
        source = path.read_text()
        assert "import netcode" not in source and "from netcode" not in source, path
        assert "import tui" not in source and "from tui" not in source, path
