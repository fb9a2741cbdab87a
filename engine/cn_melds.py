"""Canastone's meld checks (CN-M1..M5, M9..M11, M14) and canasta classes (CN-M7, M8).

Each check looks at a change *as the action would leave the meld*. The checks on a whole
action (one meld per rank and one wild meld, CN-M6; wild cards kept for an unfinished wild
meld, CN-M12) are the game's (`Canastone._check_whole`), since they need the team's table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import JOKER
from .melds import Change, Meld, MeldChecker, meld_name

if TYPE_CHECKING:
    from .canastone import Canastone

NATURAL_CLASSES = ("natural", "wild_natural")  # how CN-G1, S5, S6 count wild canastas
MIXED_CLASSES = ("mixed", "wild_mixed")

MELD_ORDER = ("own", "threes", "naturals_on_wild", "onto_canasta", "no_wild_melds", "size",
              "one_rank", "shape")
MELD_IDS = {"own": "CN-M14", "threes": "CN-M4", "naturals_on_wild": "CN-M11",
            "onto_canasta": "CN-M10", "no_wild_melds": "CN-O9", "size": "CN-M2",
            "one_rank": "CN-M1", "shape": "CN-M3"}


def canasta_class(m: Meld, codes: list[str]) -> str | None:
    """CN-M7, CN-M8: `natural`, `mixed`, `wild_natural`, `wild_mixed`, or None when the
    meld is not a canasta. A wild canasta is natural when all twos, or exactly the six
    jokers and one two."""
    if len(m.cards) < 7:
        return None
    if m.rank is not None:
        return "mixed" if m.wilds else "natural"
    jokers = sum(1 for i in m.cards if codes[i] == JOKER)
    twos = len(m.cards) - jokers
    return "wild_natural" if jokers == 0 or (jokers == 6 and twos == 1) else "wild_mixed"


class CNMeldChecker(MeldChecker):
    """The family checks (threes, naturals on a wild meld, size, the wild limit) plus
    CN-M14 (own melds) and CN-M10 (only naturals onto a rank canasta)."""

    def __init__(self, game: Canastone, team: int) -> None:
        super().__init__(game.rules, game.codes, MELD_IDS,
                         {c: facts[1] for c, facts in game._face_facts.items()})
        self.team = team

    def own(self, ch: Change) -> str | None:
        if ch.meld is not None and ch.meld.team != self.team:
            return f"{meld_name(ch.meld)} belongs to another team; you add only to your own."
        return None

    def onto_canasta(self, ch: Change) -> str | None:
        m = ch.meld
        if m is None or m.rank is None or len(m.cards) < self.rules.complete_at:
            return None
        if any(self.wild_faces[self.codes[i]] for i in ch.added):
            return f"{meld_name(m)} is already a canasta; only natural cards may be added to it."
        return None

    def no_wild_melds(self, ch: Change) -> str | None:
        if not self.rules.wild_melds and ch.meld is None \
                and all(self.wild_faces[self.codes[i]] for i in ch.added):
            return "melds of wild cards only are not played at this table."
        return None

    def passes(self, ch: Change) -> bool:
        m = ch.meld
        if m is not None:
            if m.team != self.team:
                return False
            if m.rank is not None and len(m.cards) >= self.rules.complete_at:
                wild = self.wild_faces
                codes = self.codes
                for i in ch.added:
                    if wild[codes[i]]:
                        return False
        return MeldChecker.passes(self, ch)
