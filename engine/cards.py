"""Card faces and their text notation.

A card's face is its code (``7H``, ``10S``, ``JK``). Physical cards are told apart by an
integer id that a game assigns after the shuffle; the face is looked up from the id, so
actions and views name cards by id and show them by code.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Suit(StrEnum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"


RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKER = "JK"
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
# Ascending order used for sorting hands and for Skarney's sequences (aces high).
RANK_ORDER: dict[str, int] = {
    r: i for i, r in enumerate(("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"))
}
RANK_ORDER[JOKER] = 13
SUIT_ORDER: dict[str, int] = {"S": 0, "H": 1, "D": 2, "C": 3, "": 4}
GLYPHS: dict[str, str] = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SUIT_OF_GLYPH = {g: s for s, g in GLYPHS.items()}
RANK_PLURALS: dict[str, str] = {"J": "jacks", "Q": "queens", "K": "kings", "A": "aces"}


def rank_plural(rank: str) -> str:
    """A rank in a sentence: ``7s``, and a face rank as a word ("two As" read as the word
    "as", play-test)."""
    return RANK_PLURALS.get(rank.upper(), f"{rank}s")


RED_THREES: frozenset[str] = frozenset({"3H", "3D"})
BLACK_THREES: frozenset[str] = frozenset({"3S", "3C"})


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card: its id within a game and its face."""

    id: int
    code: str

    @property
    def rank(self) -> str:
        return rank_of(self.code)

    @property
    def suit(self) -> str:
        return suit_of(self.code)

    def to_dict(self) -> dict[str, int | str]:
        return {"id": self.id, "code": self.code}


def rank_of(code: str) -> str:
    return JOKER if code == JOKER else code[:-1]


def suit_of(code: str) -> str:
    return "" if code == JOKER else code[-1]


def parse_card(text: str) -> str:
    """Normalise a typed code (``t h``, ``10♥`` → ``10H``; ``jk`` → ``JK``); else ValueError."""
    t = text.strip().upper().replace(" ", "")
    if t in ("JK", "JOKER", "*"):
        return JOKER
    if len(t) < 2:
        raise ValueError(f"not a card: {text!r}")
    rank, suit = t[:-1], _SUIT_OF_GLYPH.get(t[-1], t[-1])
    if rank == "T":
        rank = "10"
    if rank not in RANKS or suit not in SUITS:
        raise ValueError(f"not a card: {text!r}")
    return rank + suit


def format_card(code: str, style: str = "code") -> str:
    """Show a code as text: ``code`` (``10H``) or ``glyph`` (``10♥``); jokers stay ``JK``."""
    if style == "code" or code == JOKER:
        return code
    return code[:-1] + GLYPHS[code[-1]]


def parse_cards(text: str) -> list[str]:
    """Parse a space-separated list of codes (the notation positions and tests use)."""
    return [parse_card(t) for t in text.split()]


def format_cards(codes: list[str] | tuple[str, ...]) -> str:
    return " ".join(codes)


def sort_key(code: str) -> tuple[int, int]:
    return (RANK_ORDER[rank_of(code)], SUIT_ORDER[suit_of(code)])
