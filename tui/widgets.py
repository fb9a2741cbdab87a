"""The table's building blocks. Each shows one slice of the view and re-renders only
when that slice (or the look) changes; none of them sends anything to the host."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from tui.cards import CardLook, card_label, card_style


class SliceStatic(Static):
    """A Static that rebuilds its text only when the data it shows changed."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, markup=False, **kwargs)
        self._slice: Any = object()
        self.renders = 0

    def show(self, data: Any, build: Callable[[], Text | str]) -> bool:
        if data == self._slice:
            return False
        self._slice = data
        self.renders += 1
        self.update(build())
        return True


class HandView(Widget, can_focus=True):
    """Your hand: cursor, selection, mouse clicks. Typing codes is handled by the screen."""

    DEFAULT_CSS = "HandView { height: auto; min-height: 1; }"

    class Changed(Message):
        """The selection or cursor moved (the screen updates its hint line)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.cards: list[dict[str, Any]] = []
        self.selected: list[int] = []
        self.cursor = 0
        self.look = CardLook()
        self.hidden: frozenset[int] = frozenset()
        self.mouse = True
        self._hits: list[tuple[int, int, int, int]] = []  # (row, x0, x1, index)
        self._key: Hashable = None

    @property
    def shown(self) -> list[dict[str, Any]]:
        return [c for c in self.cards if c["id"] not in self.hidden]

    def set_cards(self, cards: Sequence[dict[str, Any]], look: CardLook,
                  hidden: frozenset[int], mouse: bool) -> None:
        ids = {c["id"] for c in cards}
        key = (tuple((c["id"], c["code"]) for c in cards), look, hidden)
        self.mouse = mouse
        if key == self._key:
            return
        self._key = key
        self.cards, self.look, self.hidden = list(cards), look, hidden
        self.selected = [i for i in self.selected if i in ids and i not in hidden]
        self.cursor = max(0, min(self.cursor, len(self.shown) - 1))
        self._changed()

    def _changed(self) -> None:
        self.refresh(layout=True)
        self.post_message(self.Changed())

    # selection
    def toggle(self, card_id: int) -> None:
        if card_id in self.selected:
            self.selected.remove(card_id)
        else:
            self.selected.append(card_id)
        self._changed()

    def select(self, ids: Sequence[int]) -> None:
        for i in ids:
            if i not in self.selected:
                self.selected.append(i)
        self._changed()

    def clear(self) -> None:
        self.selected = []
        self._changed()

    def move(self, step: int) -> None:
        if self.shown:
            self.cursor = (self.cursor + step) % len(self.shown)
            self._changed()

    def toggle_cursor(self) -> None:
        shown = self.shown
        if shown:
            self.toggle(shown[self.cursor]["id"])

    def cursor_card(self) -> dict[str, Any] | None:
        shown = self.shown
        return shown[self.cursor] if shown else None

    # drawing
    def _layout(self, width: int) -> list[list[tuple[int, str, str]]]:
        rows: list[list[tuple[int, str, str]]] = [[]]
        x = 0
        for index, card in enumerate(self.shown):
            label = card_label(card["code"], self.look)
            cell = f"[{label}]" if card["id"] in self.selected else f" {label} "
            if x + len(cell) > max(width, 6) and rows[-1]:
                rows.append([])
                x = 0
            rows[-1].append((index, cell, card["code"]))
            x += len(cell)
        return rows

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return max(1, len(self._layout(width)))

    def render(self) -> Text:
        shown = self.shown
        if not shown:
            return Text("(no cards)", style="dim")
        out = Text()
        self._hits = []
        for r, row in enumerate(self._layout(self.size.width)):
            if r:
                out.append("\n")
            x = 0
            for index, cell, code in row:
                style = card_style(code, self.look)
                if index == self.cursor and self.has_focus:
                    style = f"{style} reverse".strip()
                elif index == self.cursor:
                    style = f"{style} underline".strip()
                out.append(cell, style=style)
                self._hits.append((r, x, x + len(cell), index))
                x += len(cell)
        return out

    def on_click(self, event: events.Click) -> None:
        if not self.mouse:
            return
        for row, x0, x1, index in self._hits:
            if row == event.y and x0 <= event.x < x1:
                self.cursor = index
                self.toggle(self.shown[index]["id"])
                return

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
