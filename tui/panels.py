"""The middle of the table, chosen by ``view["game"]``: each team's melds and standing.

A game whose moments need more (Skarney's offered card and declared wilds, Looking and
Down's frozen melds, Canastone's frozen pile and closed teams) gets its own subclass in
``PANELS``; the table screen only calls ``panel.show(info)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.containers import VerticalScroll

from tui.cards import CardLook, cards_text
from tui.widgets import SliceStatic

SHORT_KINDS = {"natural": "natural", "mixed": "mixed", "wild": "wild", "clean": "CLEAN",
               "dirty": "DIRTY", "wild_pile": "WILD", "canasta": "CANASTA"}


@dataclass(frozen=True)
class TableInfo:
    """What every part of the table screen needs from one ``view`` message."""

    message: dict[str, Any]
    names: tuple[str, ...]
    look: CardLook
    target: int | None = None

    @property
    def view(self) -> dict[str, Any]:
        return self.message.get("view") or {}

    @property
    def seat(self) -> int | None:
        return self.message.get("seat")

    @property
    def teams(self) -> list[list[int]]:
        teams = self.view.get("teams")
        if teams:
            return [list(t) for t in teams]
        return [[s] for s in range(len(self.names))]

    def name(self, seat: Any) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.names):
            return self.names[seat]
        return "someone" if seat is None else f"seat {seat}"

    def team_of(self, seat: int | None) -> int | None:
        for team, seats in enumerate(self.teams):
            if seat in seats:
                return team
        return None

    def team_order(self) -> list[int]:
        mine = self.team_of(self.seat)
        order = list(range(len(self.teams)))
        if mine is not None:
            order.remove(mine)
            order.insert(0, mine)
        return order

    def team_name(self, team: int) -> str:
        label = "+".join(self.name(s) for s in self.teams[team])
        return f"{label} (you)" if team == self.team_of(self.seat) else label


def meld_line(meld: dict[str, Any], look: CardLook, target: int | None,
              complete_at: int = 7) -> Text:
    rank = meld.get("rank") or "*"
    kind = SHORT_KINDS.get(meld.get("kind", ""), meld.get("kind", ""))
    size = meld.get("size", len(meld.get("cards", [])))
    mark = ">" if meld.get("id") == target else " "
    line = Text(f"{mark}#{meld.get('id'):<2} {rank:>2} ",
                style="reverse" if meld.get("id") == target else "")
    if meld.get("complete"):
        line.append(f"{kind:<7}", style="bold")
    else:
        line.append(f"{kind:<7}")
    line.append(f" {size}/{complete_at} ")
    line.append_text(cards_text(meld.get("cards", []), look))
    return line


class GamePanel(VerticalScroll):
    """Generic: per team, a header and its melds with kind and size."""

    complete_at = 7

    def show(self, info: TableInfo) -> None:
        teams = info.team_order()
        blocks = list(self.query(SliceStatic))
        if len(blocks) != len(teams):
            self.remove_children()
            blocks = [SliceStatic(classes="team") for _ in teams]
            self.mount_all(blocks)
        for block, team in zip(blocks, teams, strict=True):
            melds = [m for m in info.view.get("melds", []) if m.get("team") == team]
            data = (self.team_slice(info, team), tuple(map(_freeze, melds)), info.look,
                    info.target if any(m.get("id") == info.target for m in melds) else None,
                    info.team_name(team))
            block.set_class(team == info.team_of(info.seat), "mine")
            block.show(data, lambda t=team, ms=melds: self.team_text(info, t, ms))

    def team_slice(self, info: TableInfo, team: int) -> Any:
        return _freeze(info.view.get("totals", {}).get(team))

    def team_header(self, info: TableInfo, team: int) -> Text:
        total = info.view.get("totals", {}).get(team, 0)
        return Text(f"{info.team_name(team)} · {total} pts", style="bold")

    def team_text(self, info: TableInfo, team: int, melds: list[dict[str, Any]]) -> Text:
        out = self.team_header(info, team)
        if not melds:
            out.append("\n  no melds yet", style="dim")
        for meld in melds:
            out.append("\n")
            out.append_text(meld_line(meld, info.look, info.target, self.complete_at))
        return out


class HandAndFootPanel(GamePanel):
    """Adds the minimum count, piles toward going out and red threes."""

    def team_slice(self, info: TableInfo, team: int) -> Any:
        v = info.view
        return _freeze([v.get("totals", {}).get(team), v.get("opened", {}).get(team),
                        v.get("min_count", {}).get(team), v.get("piles", {}).get(team),
                        v.get("red_threes", {}).get(team), v.get("go_out_piles")])

    def team_header(self, info: TableInfo, team: int) -> Text:
        v = info.view
        out = super().team_header(info, team)
        need = v.get("min_count", {}).get(team, 0)
        if v.get("opened", {}).get(team):
            out.append(" · opened", style="green")
        else:
            out.append(f" · needs {need} to open", style="bold yellow")
        reds = v.get("red_threes", {}).get(team, [])
        if reds:
            out.append(" · red 3s ")
            out.append_text(cards_text(reds, info.look))
        piles = v.get("piles", {}).get(team, {})
        goal = v.get("go_out_piles", {})
        parts = [f"{kind} {piles.get(kind, 0)}/{goal.get(kind, 0)}"
                 for kind in ("clean", "dirty", "wild")]
        out.append("\n piles to go out: " + "  ".join(parts), style="")
        return out


PANELS: dict[str, type[GamePanel]] = {"hand_and_foot": HandAndFootPanel}


def panel_for(game: str | None) -> type[GamePanel]:
    return PANELS.get(game or "", GamePanel)


def _freeze(value: Any) -> Any:
    """A hashable, comparable copy of view data (dicts and lists all the way down)."""
    if isinstance(value, dict):
        return tuple(sorted((str(k), _freeze(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    return value
