"""Stepping through a finished game, deal by deal and action by action, every hand shown.

The screen renders steps it is handed (``Stepper``); it never runs the engine itself, so
it works the same in ``meldhall replay FILE`` and wherever else a stepper comes from.
"""

from __future__ import annotations

from typing import Any, Protocol

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from tui.cards import CardLook, cards_text, sort_hand
from tui.eventtext import with_melds
from tui.games import screen_for
from tui.panels import TableInfo, pile_text
from tui.widgets import KeysBar


class StepView(Protocol):
    index: int
    label: str
    deal: int
    views: dict[int, dict[str, Any]]
    public: dict[str, Any]
    events: tuple[dict[str, Any], ...]


class Stepper(Protocol):
    """A finished game to step through (``netcode.records.RecordStepper``)."""

    count: int
    deal_starts: list[int]
    players: list[str]
    title: str
    covered: str
    """"A bot played for ann in deal 1." ("" if no bot played for anyone)."""

    def step(self, index: int) -> StepView: ...


def step_text(stepper: Stepper, step: StepView, look: CardLook, width: int) -> Text:
    """Everything at one moment: what happened, every hand, the table."""
    public = step.public
    names = tuple(stepper.players) or tuple(f"seat {s}" for s in sorted(step.views))
    info = TableInfo({"view": public, "seat": None}, names, look)
    out = Text()
    out.append(f"{stepper.title} · deal {step.deal} · action {step.index} of "
               f"{stepper.count}\n", style="bold")
    if stepper.covered:
        out.append(stepper.covered + "\n", style="yellow")
    # The events in the screen's look, as the hands below are: "The upcard is 3D" read
    # beside hands of glyphs (play-test). The plain label where there are none.
    game = screen_for(public.get("game"))
    teams = [list(t) for t in public.get("teams") or []]
    told = [game.event_line(e, info.name, look, teams)
            for e in with_melds(step.events, public.get("melds"))]
    out.append_text(Text(" ").join(told) if told else Text(step.label))
    out.append("\n\n")
    for seat, view in sorted(step.views.items()):
        out.append(f"{info.name(seat)}: ", style="bold")
        hand = sort_hand(view.get("hand", []), "rank", tuple(public.get("wild_ranks") or ()))
        out.append_text(cards_text(hand, look) if hand else Text("(no cards)", style="dim"))
        counts = (public.get("counts") or {}).get(seat)
        out.append_text(screen_for(public.get("game")).seat_detail(info, seat, counts))
        out.append("\n")
    out.append("\n")
    out.append_text(pile_text(public, look, game.pile_detail(public.get("discard") or {})))
    out.append("\n\n")
    for line in screen_for(public.get("game")).make_panel().lines(info, width):
        out.append_text(line)
        out.append("\n")
    return out


class ReplayScreen(Screen[None]):
    """A finished game, one step at a time."""

    BINDINGS = [
        # Priority: the scrolling container would take these keys for itself.
        Binding("right,l", "move(1)", "Next action", priority=True),
        Binding("left,h", "move(-1)", "Previous action", priority=True),
        Binding("pagedown,n", "deal(1)", "Next deal", priority=True),
        Binding("pageup,p", "deal(-1)", "Previous deal", priority=True),
        Binding("home", "jump(0)", "Start", show=False, priority=True),
        Binding("end", "jump(-1)", "End", show=False, priority=True),
        Binding("q,escape", "close", "Close"),
    ]

    def __init__(self, stepper: Stepper, look: CardLook | None = None) -> None:
        super().__init__()
        self.stepper = stepper
        self.look = look or CardLook()
        self.index = 0

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(id="step", markup=False)
        yield KeysBar()

    def on_mount(self) -> None:
        self._show()

    def _show(self) -> None:
        step = self.stepper.step(self.index)
        self.query_one("#step", Static).update(
            step_text(self.stepper, step, self.look, max(40, self.app.size.width - 2)))

    def action_move(self, by: int) -> None:
        self.index = max(0, min(self.stepper.count, self.index + by))
        self._show()

    def action_deal(self, by: int) -> None:
        starts = self.stepper.deal_starts
        if by > 0:
            later = [s for s in starts if s > self.index]
            self.index = later[0] if later else self.stepper.count
        else:
            earlier = [s for s in starts if s < self.index]
            self.index = earlier[-1] if earlier else 0
        self._show()

    def action_jump(self, where: int) -> None:
        self.index = self.stepper.count if where < 0 else where
        self._show()

    def action_close(self) -> None:
        self.dismiss(None)


class ReplayApp(App[None]):
    """``meldhall replay FILE``: the replay screen on its own."""

    def __init__(self, stepper: Stepper, look: CardLook | None = None) -> None:
        super().__init__()
        self.screen_for_replay = ReplayScreen(stepper, look)

    def on_mount(self) -> None:
        self.push_screen(self.screen_for_replay, lambda _: self.exit())
