"""Every meld on the table in full, side after side: the sheet the table's `M` opens.

At 80x24, late in a deal with many melds, the panel shows a side's first melds and then
``+10 more``, and no key showed the rest, your own side's included (play-test). The sheet
lists each side's melds whole (rank, kind, size, complete or not, every card as the session
draws cards) and scrolls; it reads the same view the panel does and decides nothing.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.games.base import GameScreen
from tui.panels import TableInfo
from tui.widgets import KeysBar


def melds_text(info: TableInfo, game: GameScreen) -> Text:
    """Each side (yours first) under its header, then one line a meld:
    ``#4   K  natural   5/7  not yet   K♠ K♥ K♦ K♣ 2♣`` (long melds wrap, never cut)."""
    panel = game.make_panel()
    out = Text("Melds on the table\n", style="bold")
    for team in info.team_order():
        out.append("\n")
        out.append_text(panel.team_header(info, team))  # names you: "bob (you) + dee"
        out.append("\n")
        melds = panel.team_melds(info, team)
        if not melds:
            out.append("  no melds yet\n", style="dim")
        for meld in melds:
            out.append_text(panel.sheet_line(info, meld))
            out.append("\n")
    return out


class MeldsScreen(ModalScreen[None]):
    """The table's melds in full, scrolled with the arrows or the wheel; Esc closes."""

    BINDINGS = [Binding("escape,M,q", "close", "Back to the table")]

    def __init__(self, info: TableInfo, game: GameScreen) -> None:
        super().__init__()
        self.info = info
        self.game = game

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="sheet"):
            yield Static(melds_text(self.info, self.game), id="melds")
        yield KeysBar()

    def on_mount(self) -> None:
        self.query_one("#sheet", VerticalScroll).focus()  # the arrows scroll it

    def action_close(self) -> None:
        self.dismiss(None)
