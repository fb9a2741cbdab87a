"""Skarney's meld checks (SK-M1..M6, SK-M9's own-meld half), judged on each meld as the
action would leave it.

Skarney's melds are not the family's groups with a wild share: a group or a same-suit
sequence holds at most one wild card (a 2 is wild even in its own place, SK-C2), a
sequence's wild card says which card it stands for and keeps it (SK-M6), and wild cards
meld alone only as all jokers or all twos (SK-M4). So one verdict is worked out per
change, naming the rule that fails first in the order below, and `passes` is that verdict.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .cards import JOKER, RANK_ORDER
from .melds import Change, MeldChecker, Run, RunChange, meld_name

if TYPE_CHECKING:
    from .skarney import Skarney

ACE = RANK_ORDER["A"]
KINDS = ("group", "sequence", "joker_group", "two_group")  # SK-M12


def wild_group_kind(faces: Sequence[str]) -> str | None:
    """`joker_group` / `two_group` for all jokers / all twos, else None."""
    if all(c == JOKER for c in faces):
        return "joker_group"
    if all(c[0] == "2" and c != JOKER for c in faces):
        return "two_group"
    return None


class SKMeldChecker(MeldChecker):
    def __init__(self, game: Skarney, team: int) -> None:
        super().__init__(game.rules, game.codes, {},
                         {c: facts[1] for c, facts in game._face_facts.items()})
        self.team = team
        self.max_group = game.options["max_group_size"]

    def passes(self, ch: Change) -> bool:
        return self.verdict(ch) is None

    def first_failure(self, changes: Sequence[Change],
                      order: Sequence[str] = ()) -> tuple[str, str] | None:
        for ch in changes:
            failure = self.verdict(ch)
            if failure is not None:
                return failure
        return None

    def verdict(self, ch: Change) -> tuple[str, str] | None:
        """(rule id, sentence) of the first rule the change breaks, or None."""
        m = ch.meld
        if m is not None and m.team != self.team:
            return "SK-M9", f"{meld_name(m)} is not your team's; lay off on your own melds."
        codes, wild = self.codes, self.wild_faces
        rank = m.rank if m is not None else None
        if rank and type(m) is not Run and type(ch) is not RunChange \
                and self.max_group is None:
            # The usual lay-off on a group: naturals of its rank and one wild card at most.
            wilds = m.wilds  # type: ignore[union-attr]
            for i in ch.added:
                c = codes[i]
                if wild[c]:
                    wilds += 1
                elif c[:-1] != rank:
                    break
            else:
                if wilds <= 1:
                    return None
        declared = dict(getattr(ch, "declared", ()))
        added = [codes[i] for i in ch.added]
        if m is None:
            naturals = [c for c in added if not wild[c]]
            if not naturals:
                kind = "wild_group"
            elif len({c[:-1] for c in naturals}) == 1:
                kind = "group"
            elif len({c[-1] for c in naturals}) == 1:
                kind = "sequence"
            else:
                return "SK-M1", ("a meld is a group of one rank or a sequence of one suit; "
                                 + " ".join(added) + " is neither.")
            if len(added) < 3:
                return "SK-M2" if kind == "group" else "SK-M3" if kind == "sequence" \
                    else "SK-M4", f"a new meld needs at least 3 cards, not {len(added)}."
        elif type(m) is Run:
            kind = "sequence"
        elif m.rank is None:
            kind = "wild_group"
        else:
            kind = "group"
        if kind == "wild_group":
            faces = [codes[i] for i in (m.cards if m is not None else ())] + added
            if any(not wild[c] for c in added):
                return "SK-M4", "only jokers join a group of jokers, and only twos a group of twos."
            if wild_group_kind(faces) is None:
                return "SK-M4", "jokers and twos may not be mixed in a meld of wild cards."
            if declared:
                return "SK-M6", "the cards of a group of wild cards stand for no other card."
            return None
        wilds = sum(1 for c in added if wild[c]) + (m.wilds if m is not None else 0)
        if wilds > 1:
            return "SK-M5", "a group or sequence may hold only one wild card."
        if kind == "group":
            return self._group(m, ch, added, declared)
        return self._sequence(ch, declared)

    def _group(self, m: object, ch: Change, added: list[str],
               declared: dict[int, str]) -> tuple[str, str] | None:
        wild = self.wild_faces
        rank = m.rank if m is not None else next(c[:-1] for c in added if not wild[c])  # type: ignore[attr-defined]
        for c in added:
            if not wild[c] and c[:-1] != rank:
                return "SK-M2", f"a group of {rank}s takes only {rank}s, not {c}."
        for code in declared.values():
            if code[:-1] != rank:
                return "SK-M6", (f"a wild card in a group of {rank}s stands for one of "
                                 f"them, not {code}.")
        size = ch.size
        if self.max_group is not None and size > self.max_group:
            return "SK-M2", f"a group holds at most {self.max_group} cards at this table."
        return None

    def _sequence(self, ch: Change, declared: dict[int, str]) -> tuple[str, str] | None:
        """SK-M3 and SK-M6: one suit, each card in its own place, the places consecutive,
        aces high (or low where the table allows), every wild card declared once."""
        run = ch.meld if type(ch.meld) is Run else None
        codes, wild = self.codes, self.wild_faces
        cards = (run.cards if run is not None else ()) + tuple(ch.added)
        fixed = dict(run.declared) if run is not None else {}
        for i in declared:
            if i in fixed:
                return "SK-M6", "a wild card's place in a sequence never changes."
        fixed.update(declared)
        faces = []
        for i in cards:
            c = codes[i]
            if wild[c]:
                means = fixed.get(i)
                if means is None:
                    fits = self.places(ch, i)
                    return "SK-M6", (f"say which card the wild {c} stands for in the sequence"
                                     + (f": {' or '.join(fits)}." if fits else "."))
                if means == JOKER:
                    return "SK-M6", "a wild card in a sequence stands for a card of it."
                c = means
            faces.append(c)
        suits = {c[-1] for c in faces} | ({run.suit} if run is not None else set())
        if len(suits) > 1:
            if any(wild[codes[i]] for i in ch.added):
                return "SK-M6", "a wild card in a sequence stands for a card of its suit."
            return "SK-M3", "a sequence holds cards of one suit only."
        orders = [RANK_ORDER[c[:-1]] for c in faces]
        ok = self._consecutive(orders)
        if not ok and self.rules.ace_low:
            ok = self._consecutive([-1 if o == ACE else o for o in orders])
        if not ok:
            natural = [o for i, o in zip(cards, orders, strict=True) if not wild[codes[i]]]
            wraps = RANK_ORDER["2"] in orders and ACE in orders  # SK-C3: K-A-2, A-2-3
            fair = len(set(natural)) == len(natural) and \
                max(natural) - min(natural) < len(orders)
            if any(wild[codes[i]] for i in ch.added) and fair and not wraps:
                return "SK-M6", ("the wild card must stand for a card that fits the "
                                 "sequence, each card in its own place.")
            return "SK-M3", ("a sequence's cards follow one another, each rank once, aces "
                             "high" + (" or low" if self.rules.ace_low else "") + ".")
        return None

    def places(self, ch: Change, wild_id: int) -> list[str]:
        """SK-M6: the cards the wild card `wild_id` of a sequence could stand for, with
        every other card of the change as it is (none when it is no sequence at all)."""
        run = ch.meld if type(ch.meld) is Run else None
        codes, wild = self.codes, self.wild_faces
        if not 0 <= wild_id < len(codes):
            return []
        suits = {codes[i][-1] for i in (*(run.cards if run else ()), *ch.added)
                 if 0 <= i < len(codes) and not wild[codes[i]]}
        if run is not None:
            suits.add(run.suit)
        if len(suits) != 1:
            return []
        suit = suits.pop()
        declared = dict(getattr(ch, "declared", ()))
        fits = []
        for rank in RANK_ORDER:
            if rank == JOKER:
                continue
            declared[wild_id] = rank + suit
            if self.verdict(RunChange(ch.meld, ch.added, tuple(sorted(declared.items())))) is None:
                fits.append(rank + suit)
        return fits

    @staticmethod
    def _consecutive(orders: list[int]) -> bool:
        return len(set(orders)) == len(orders) and max(orders) - min(orders) + 1 == len(orders)
