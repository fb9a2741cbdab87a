"""Looking and Down's meld checks (LD-M1..M7, LD-M9), in the order LD-M14 gives.

Each check looks at a change *as the action would leave the meld* (LD-M10: only the
result is judged). Red threes join only a complete red canasta, one each (LD-M5); black
threes are melded only as exactly seven, when going out (LD-M6, whose going-out half is
judged on the whole action by the game); no meld is all wild (LD-M3); nothing but that
red three joins a canasta (LD-M4); 3 to 7 cards of one rank (LD-M1); fewer wilds than
half (LD-M2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import BLACK_THREES, RANK_ORDER, RED_THREES
from .melds import Change, MeldChecker, meld_name

if TYPE_CHECKING:
    from .looking_and_down import LookingAndDown

MELD_ORDER = ("own", "red_three", "black_three", "wild_only", "complete", "size", "shape")
MELD_IDS = {"own": "LD-M9", "red_three": "LD-M5", "black_three": "LD-M6",
            "wild_only": "LD-M3", "complete": "LD-M4", "size": "LD-M1", "shape": "LD-M2"}
BLACK_THREES_MELD = 7  # LD-M6: exactly seven


class LDMeldChecker(MeldChecker):
    def __init__(self, game: LookingAndDown, team: int) -> None:
        super().__init__(game.rules, game.codes, MELD_IDS,
                         {c: facts[1] for c, facts in game._face_facts.items()})
        self.team = team

    def _all_faces(self, ch: Change) -> list[str]:
        cards = ch.added if ch.meld is None else ch.meld.cards + ch.added
        return self._faces(cards)

    @staticmethod
    def _is_black_threes(faces: list[str]) -> bool:
        return len(faces) == BLACK_THREES_MELD and all(c in BLACK_THREES for c in faces)

    def own(self, ch: Change) -> str | None:
        if ch.meld is not None and ch.meld.team != self.team:
            return f"{meld_name(ch.meld)} is another player's; you lay off on your own melds."
        return None

    def red_three(self, ch: Change) -> str | None:
        added = self._faces(ch.added)
        if RED_THREES.isdisjoint(added):
            return None
        faces = self._all_faces(ch)
        reds = [c for c in faces if c in RED_THREES]
        rest = [c for c in faces if c not in RED_THREES]
        ranks = {c[:-1] for c in rest}
        wild = self.wild_faces
        if (len(reds) == 1 and len(rest) == self.rules.complete_at and len(ranks) == 1
                and not any(wild[c] for c in rest) and ranks <= self.rules.meldable_ranks):
            return None
        return ("a red three can join only a complete red canasta (seven naturals, no wild "
                "card), one to a canasta.")

    def black_three(self, ch: Change) -> str | None:
        if ch.meld is not None and ch.meld.rank == "3":
            return "nothing can be added to a meld of black threes."
        added = self._faces(ch.added)
        if BLACK_THREES.isdisjoint(added):
            return None
        if ch.meld is None and self._is_black_threes(added):
            return None  # the going-out half is judged on the whole action
        return "black threes can be melded only as exactly seven of them, when going out."

    def wild_only(self, ch: Change) -> str | None:
        if ch.meld is None and all(self.wild_faces[c] for c in self._faces(ch.added)):
            return "a meld of wild cards only is not allowed."
        return None

    def complete(self, ch: Change) -> str | None:
        m = ch.meld
        if m is not None and len(m.cards) >= self.rules.complete_at \
                and not RED_THREES.issuperset(self._faces(ch.added)):
            return f"{meld_name(m)} is a complete canasta; only a red three can join a red one."
        return None

    def size(self, ch: Change) -> str | None:
        added = self._faces(ch.added)
        m = ch.meld
        n = len(added) + (len(m.cards) if m is not None else 0)
        if m is None and n < self.rules.min_meld:
            return f"a new meld needs at least {self.rules.min_meld} cards, not {n}."
        reds = sum(1 for c in added if c in RED_THREES)  # (one joins only a 7-card meld)
        if n - reds > self.rules.max_meld:
            return f"a meld holds at most {self.rules.max_meld} cards; this one would hold {n}."
        if m is None and self._is_black_threes(added):
            return None
        wild = self.wild_faces
        ranks = {c[:-1] for c in added if not wild[c] and c not in RED_THREES}
        if m is not None and m.rank is not None:
            ranks.add(m.rank)
        if len(ranks) > 1:
            return "a meld holds naturals of one rank only, not " + ", ".join(
                sorted(ranks, key=RANK_ORDER.__getitem__)) + "."
        return None

    def shape(self, ch: Change) -> str | None:
        m = ch.meld
        n = len(ch.added) + (len(m.cards) if m is not None else 0)
        wilds = sum(1 for c in self._faces(ch.added) if self.wild_faces[c]) + (
            m.wilds if m is not None else 0)
        limit = self.rules.max_wilds(n)
        if wilds > limit:
            return (f"a meld of {n} cards may hold at most {limit} wild "
                    f"card{'s' if limit != 1 else ''}, not {wilds}.")
        return None

    def passes(self, ch: Change) -> bool:
        """All the checks above in one pass for the usual change (no three involved, no
        complete canasta); anything else asks the named checks themselves."""
        m = ch.meld
        rules = self.rules
        if m is None:
            rank, wilds, n = None, 0, 0
        elif m.team != self.team or m.rank == "3" or len(m.cards) >= rules.complete_at:
            return self._each_passes(ch)
        else:
            rank, wilds, n = m.rank, m.wilds, len(m.cards)
        codes, wild = self.codes, self.wild_faces
        for i in ch.added:
            c = codes[i]
            if c[0] == "3":
                return self._each_passes(ch)
            if wild[c]:
                wilds += 1
            elif rank is None:
                rank = c[:-1]
            elif c[:-1] != rank:
                return False  # size: one rank
        n += len(ch.added)
        if rank is None or (m is None and n < rules.min_meld) or n > rules.max_meld:
            return False  # wild_only, size
        return wilds <= rules.max_wilds(n)  # shape

    def _each_passes(self, ch: Change) -> bool:
        return all(getattr(self, name)(ch) is None for name in MELD_ORDER)
