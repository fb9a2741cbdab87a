"""How a card looks on screen, how a hand is ordered, and how typed codes pick cards.

Only notation lives here (``engine.cards`` for ranks and suits); nothing here decides
whether a move is legal.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text

from engine.cards import (
    GLYPHS,
    JOKER,
    RANK_ORDER,
    SUIT_ORDER,
    format_card,
    parse_card,
    rank_of,
    rank_plural,
    suit_of,
)

# Two-colour and four-colour suit styles; black suits use the default foreground so they
# read on dark and light terminals alike.
TWO_COLOUR = {"S": "bold", "C": "bold", "H": "bold red", "D": "bold red"}
FOUR_COLOUR = {"S": "bold", "H": "bold red", "D": "bold blue", "C": "bold green"}
JOKER_STYLE = "bold magenta"


@dataclass(frozen=True, slots=True)
class CardLook:
    """The per-session choices that change how cards are drawn."""

    colour: bool = True
    four_colour: bool = False
    ascii: bool = False
    wild_ranks: tuple[str, ...] = ()
    """The game's wild ranks (the view's ``wild_ranks``): marked in bold in monochrome."""


def card_label(code: str, look: CardLook = CardLook()) -> str:
    """``7♥`` (or ``7H`` in ASCII mode); jokers are ``JK``."""
    return format_card(code, "code" if look.ascii else "glyph")


def card_style(code: str, look: CardLook = CardLook()) -> str:
    if not look.colour:
        return "bold" if rank_of(code) in look.wild_ranks else ""
    if code == JOKER:
        return JOKER_STYLE
    return (FOUR_COLOUR if look.four_colour else TWO_COLOUR).get(suit_of(code), "")


def card_text(code: str, look: CardLook = CardLook()) -> Text:
    return Text(card_label(code, look), style=card_style(code, look))


def cards_text(cards: Iterable[dict[str, Any]], look: CardLook = CardLook(),
               sep: str = " ", places: dict[int, str] | None = None) -> Text:
    """The cards as the session draws them; a wild card given a place in ``places`` (by
    id) with the card it stands for, ``JK=8♠``: typed as ``jk=8s``, it showed only once
    melded, and a player could not check it before sending (play-test, SK-M6)."""
    out = Text()
    for i, card in enumerate(cards):
        if i:
            out.append(sep)
        out.append_text(card_text(card["code"], look))
        if places and card.get("id") in places:
            out.append("=")
            out.append_text(card_text(places[card["id"]], look))
    return out


CODE_IN_TEXT = re.compile(r"\b(?:10|[2-9JQKA])[SHDC]\b")
"""A card's code inside a sentence the engine wrote ("You took a 3C on offer")."""
TO_ASCII = str.maketrans({glyph: suit for suit, glyph in GLYPHS.items()})


def codes_as_shown(text: str, look: CardLook = CardLook()) -> str:
    """The card codes in an engine's sentence drawn as this session draws cards (``3♣``,
    or ``3C`` with ASCII suits): a refusal said "the wild 2C stands for...: 9H or QH"
    beside a hand of glyphs (play-test)."""
    if look.ascii:
        return text
    return CODE_IN_TEXT.sub(lambda m: card_label(m.group(0), look), text)


def ascii_suits(line: Text) -> Text:
    """A line with its suit glyphs as letters (one cell each, so its styles keep their
    places): the log is written with glyphs and shown with letters where the session
    asks for ASCII suits, old lines too."""
    if not any(g in line.plain for g in GLYPHS.values()):
        return line
    out = line.copy()
    out.plain = line.plain.translate(TO_ASCII)
    return out


def sort_hand(hand: Sequence[dict[str, Any]], order: str = "rank",
              wild_ranks: Iterable[str] = ()) -> list[dict[str, Any]]:
    """By rank (threes first, wilds last), or by suit then rank (``order="suit"``).

    Which ranks are wild is the game's, from the view's ``wild_ranks``.
    """
    wild = frozenset(wild_ranks)

    def group(code: str) -> int:
        """0: threes, 1: naturals, 2: wilds (so wilds and threes sit together)."""
        rank = rank_of(code)
        return 0 if rank == "3" else 2 if rank in wild else 1

    def by_rank(card: dict[str, Any]) -> tuple[int, int, int, int]:
        code = card["code"]
        return (group(code), RANK_ORDER[rank_of(code)], SUIT_ORDER[suit_of(code)], card["id"])

    def by_suit(card: dict[str, Any]) -> tuple[int, int, int, int]:
        code = card["code"]
        return (group(code) == 2, SUIT_ORDER[suit_of(code)], RANK_ORDER[rank_of(code)],
                card["id"])

    return sorted(hand, key=by_suit if order == "suit" else by_rank)


class CodeError(ValueError):
    """A typed code names no card of the hand."""


def _token(token: str) -> tuple[str, str | None]:
    """A typed token as (rank, suit or None): ``7h``, ``10♠``, ``ts``, ``jk``, or a bare
    rank (``7``, ``q``) that any card of the rank matches. Full codes go through the
    engine's own notation, `parse_card`."""
    t = token.strip().upper()
    if t in ("JO", "JOKER"):
        t = JOKER
    bare = "10" if t == "T" else t
    if bare in RANK_ORDER:
        return bare, None
    try:
        code = parse_card(t)
    except ValueError:
        raise CodeError(f"{token.lower()} is not a card.") from None
    return rank_of(code), (suit_of(code) or None)


def pick_by_codes(text: str, hand: Sequence[dict[str, Any]],
                  taken: Iterable[int] = (), look: CardLook = CardLook()) -> list[int]:
    """Ids of the cards named in ``text`` (``7h 7s 2`` or ``7h7s2c``), each card used once.

    A rank alone (``7``) takes any card of that rank. Cards in ``taken`` are skipped.
    """
    before = set(taken)
    used = set(before)
    ids: list[int] = []
    for token in split_codes(text):
        rank, suit = _token(token)
        fits = [c for c in hand if rank_of(c["code"]) == rank
                and (suit is None or suit_of(c["code"]) == suit)]
        match = next((c for c in fits if c["id"] not in used), None)
        if match is None:
            raise CodeError(_none_left(token, fits, before, look))
        used.add(match["id"])
        ids.append(match["id"])
    return ids


COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")

RANK_PLURAL_IN_TEXT = re.compile(r"(?<=\w )([JQKA])s\b")
"""A face rank made plural inside a sentence ("2 natural As", "a meld of As"); after a
word, so the English "As" that starts a sentence is left alone."""


def ranks_as_words(text: str) -> str:
    """An engine's sentence with its plural face ranks as words: "needs 2 natural aces",
    "a meld of aces", where it wrote "As" (the engine's words are its own; this is how
    the screen shows them)."""
    return RANK_PLURAL_IN_TEXT.sub(lambda m: rank_plural(m.group(1)), text)


def _none_left(token: str, fits: list[dict[str, Any]], before: set[int],
               look: CardLook) -> str:
    """Why a typed code picked no card, as the case is: none in the hand, all already
    selected, or fewer than typed ("/4h 4h 4h" with two said "No 4h in your hand.",
    play-test)."""
    if not fits:
        return f"No {token.lower()} in your hand."
    card = bool(suit_of(fits[0]["code"])) and len({c["code"] for c in fits}) == 1
    one = card_label(fits[0]["code"], look) if card else token.upper()
    if all(c["id"] in before for c in fits):
        return (f"{one} is already selected." if len(fits) == 1
                else f"Every {one} in your hand is already selected.")
    n = len(fits)
    many = COUNT_WORDS[n] if n < len(COUNT_WORDS) else str(n)
    what = one if n == 1 or card else rank_plural(one)
    chosen = sum(c["id"] in before for c in fits)
    already = f" ({chosen} already selected)" if chosen else ""
    return f"You hold only {many} {what}{already}."


def split_codes(text: str) -> list[str]:
    """``7h7s 2c`` → ``["7h", "7s", "2c"]``: a suit letter or glyph ends a code. A ``/``
    is a space: it opens the codes at the table, and players typed it before each face
    card too (``6h /jc`` said "/jc is not a card", play-test)."""
    tokens: list[str] = []
    for word in text.replace(",", " ").replace("/", " ").split():
        current = ""
        upper = word.upper()
        i = 0
        while i < len(upper):
            if upper.startswith("JK", i) and not current:
                tokens.append("JK")
                i += 2
                continue
            ch = upper[i]
            current += ch
            if ch in "SHDC♠♥♦♣" and current[:-1]:
                tokens.append(current)
                current = ""
            i += 1
        if current:
            tokens.append(current)
    return tokens
