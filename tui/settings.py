"""One session's display choices (nothing here reaches the host)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from tui.cards import CardLook

DEPTHS = ("auto", "16", "256", "truecolor")
SORTS = ("rank", "suit")


@dataclass(frozen=True, slots=True)
class Settings:
    depth: str = "auto"
    """Colour depth: ``auto`` keeps what the session's TERM gave."""
    mono: bool = False
    """Cards without colour (selection and cursor still shown by brackets and reverse)."""
    four_colour: bool = False
    ascii: bool = False
    """Suits as S H D C instead of ♠ ♥ ♦ ♣."""
    sort: str = "rank"
    mouse: bool = True
    hints: bool = True
    """Mark the cards you could lay off, the melds changed since your last turn, and who
    made the last discard."""

    @property
    def look(self) -> CardLook:
        return CardLook(colour=not self.mono, four_colour=self.four_colour, ascii=self.ascii)

    def cycled(self, field: str) -> Settings:
        """The next value of one setting (what a settings key press does)."""
        if field == "depth":
            return replace(self, depth=DEPTHS[(DEPTHS.index(self.depth) + 1) % len(DEPTHS)])
        if field == "sort":
            return replace(self, sort=SORTS[(SORTS.index(self.sort) + 1) % len(SORTS)])
        return replace(self, **{field: not getattr(self, field)})
