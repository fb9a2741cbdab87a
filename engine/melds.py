"""Melds and the checks every Canasta-family game runs on them.

A game states the order in which it checks (its rules file lists it) and the rule id
each check reports; the checks themselves are written once here. Each check looks at
the melds *as they would be after the action* (`Change`), so several cards added
together are judged on the result, never card by card.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from .cards import RANK_ORDER, rank_plural
from .rules import Rules


@dataclass(frozen=True, slots=True)
class Meld:
    """A meld on the table; replaced (never mutated) when cards are added."""

    id: int
    team: int
    rank: str | None          # None: a meld of wild cards only
    cards: tuple[int, ...]
    wilds: int

    @property
    def size(self) -> int:
        return len(self.cards)

    def to_dict(self) -> dict:
        return {"id": self.id, "team": self.team, "rank": self.rank,
                "cards": list(self.cards), "wilds": self.wilds}

    @classmethod
    def from_dict(cls, d: dict) -> Meld:
        return cls(d["id"], d["team"], d["rank"], tuple(d["cards"]), d["wilds"])


_new_object = object.__new__
# The slots' own setters: a frozen dataclass's __init__ goes through
# `object.__setattr__` once per field, several times the cost of these.
_set_id, _set_team, _set_rank, _set_cards, _set_wilds = (
    Meld.__dict__[f].__set__ for f in ("id", "team", "rank", "cards", "wilds"))


def new_meld(id: int, team: int, rank: str | None, cards: tuple[int, ...], wilds: int) -> Meld:
    """`Meld(id, team, rank, cards, wilds)`, built at a fraction of the cost: the engine
    makes one on every meld and lay-off. The value is the same frozen `Meld`."""
    m = _new_object(Meld)
    _set_id(m, id)
    _set_team(m, team)
    _set_rank(m, rank)
    _set_cards(m, cards)
    _set_wilds(m, wilds)
    return m


@dataclass(frozen=True, slots=True)
class Run(Meld):
    """A same-suit sequence (where `Rules.sequences` allows them): `rank` is "" (no one
    rank), `suit` its suit, and `declared` the code each wild card in it stands for, fixed
    when the card joined (a wild card's declared value)."""

    suit: str = ""
    declared: tuple[tuple[int, str], ...] = ()

    def to_dict(self) -> dict:
        return {**Meld.to_dict(self), "suit": self.suit,
                "as": [[i, code] for i, code in self.declared]}


_set_suit, _set_declared = (Run.__dict__[f].__set__ for f in ("suit", "declared"))


def new_run(id: int, team: int, cards: tuple[int, ...], wilds: int, suit: str,
            declared: tuple[tuple[int, str], ...]) -> Run:
    """`Run(id, team, "", cards, wilds, suit, declared)` without the frozen dataclass
    __init__ (see `new_meld`): a sequence is built twice on every meld and lay-off of one."""
    m = _new_object(Run)
    _set_id(m, id)
    _set_team(m, team)
    _set_rank(m, "")
    _set_cards(m, cards)
    _set_wilds(m, wilds)
    _set_suit(m, suit)
    _set_declared(m, declared)
    return m


def meld_from_dict(d: dict) -> Meld:
    """A meld written by `to_dict`: a run where it has a suit."""
    if "suit" in d:
        return Run(d["id"], d["team"], d["rank"], tuple(d["cards"]), d["wilds"], d["suit"],
                   tuple((i, code) for i, code in d["as"]))
    return Meld.from_dict(d)


def meld_name(m: Meld) -> str:
    """A meld as a refusal names it: its number as the screens show it, and its rank
    ("meld #8 (kings)"): "meld 8 is already a canasta" read as a meld of eights, with an
    8s canasta on the table (play-test)."""
    if type(m) is Run or m.rank is None:
        return f"meld #{m.id}" + ("" if type(m) is Run else " (wild cards)")
    return f"meld #{m.id} ({rank_plural(m.rank)})"


@dataclass(frozen=True, slots=True)
class Change:
    """One meld as an action would leave it: a new meld (`meld` None) or an extension."""

    meld: Meld | None
    added: tuple[int, ...]

    @property
    def size(self) -> int:
        return len(self.added) + (self.meld.size if self.meld else 0)


_set_meld, _set_added = (Change.__dict__[f].__set__ for f in ("meld", "added"))


@dataclass(frozen=True, slots=True)
class RunChange(Change):
    """A change that says what its wild cards stand for (`as`): only runs need it."""

    declared: tuple[tuple[int, str], ...] = ()


def new_change(meld: Meld | None, added: tuple[int, ...]) -> Change:
    """`Change(meld, added)` without the frozen dataclass __init__ (see `new_meld`)."""
    ch = _new_object(Change)
    _set_meld(ch, meld)
    _set_added(ch, added)
    return ch


FAMILY_CHECKS = ("threes", "complete", "naturals_on_wild", "size", "shape")


def meld_rank(codes: Iterable[str], rules: Rules) -> str | None:
    """The rank of the naturals among `codes`, or None when there are none."""
    for c in codes:
        if not rules.is_wild(c):
            return c[:-1]
    return None


class MeldChecker:
    """The family's meld checks, bound to one game's rules, faces and rule ids.

    `ids` maps a check name to the rule id the game reports for it. Each check returns a
    plain sentence when it fails and None when it passes; `first_failure` runs them in the
    game's order.
    """

    def __init__(self, rules: Rules, codes: Sequence[str], ids: dict[str, str],
                 wild_faces: dict[str, bool] | None = None) -> None:
        self.rules = rules
        self.codes = codes
        self.ids = ids
        # Whether each face is wild, asked once per face rather than once per card checked
        # (or given by a game that knows it already: it must cover every face of `codes`).
        self.wild_faces = wild_faces if wild_faces is not None else {
            c: rules.is_wild(c) for c in dict.fromkeys(codes)}
        self._bound: dict[str, Callable[[Change], str | None]] = {}

    def _faces(self, ids: Iterable[int]) -> list[str]:
        return [self.codes[i] for i in ids]

    def threes(self, ch: Change) -> str | None:
        for c in self._faces(ch.added):
            if c[0] == "3":
                return f"a 3 can never be melded ({c})."
        return None

    def complete(self, ch: Change) -> str | None:
        if ch.meld is not None and self.rules.max_meld is not None \
                and ch.meld.size >= self.rules.complete_at:
            return (f"{meld_name(ch.meld)} is already a complete pile of {ch.meld.size}; "
                    "nothing can be added.")
        return None

    def naturals_on_wild(self, ch: Change) -> str | None:
        if ch.meld is not None and ch.meld.rank is None:
            for c in self._faces(ch.added):
                if not self.rules.is_wild(c):
                    return f"only wild cards may join a wild meld, not {c}."
        return None

    def size(self, ch: Change) -> str | None:
        if ch.meld is None and ch.size < self.rules.min_meld:
            return f"a new meld needs at least {self.rules.min_meld} cards, not {ch.size}."
        mx = self.rules.max_meld
        if mx is not None and ch.size > mx:
            return f"a meld holds at most {mx} cards; this one would hold {ch.size}."
        return None

    def is_run(self, ch: Change) -> bool:
        """The change makes or extends a same-suit sequence (never without
        `Rules.sequences`): a run already, or a new meld whose naturals are not of one rank."""
        if not self.rules.sequences:
            return False
        if ch.meld is not None:
            return type(ch.meld) is Run
        wild = self.wild_faces
        return len({c[:-1] for c in self._faces(ch.added) if not wild[c]}) > 1

    def sequence(self, ch: Change) -> str | None:
        """A run: naturals of one suit and wild cards each declared as a card of that suit,
        every card in its own place, the places consecutive (an ace high or low as the rules
        say), and no more wilds than the size allows."""
        run = ch.meld if type(ch.meld) is Run else None
        cards = (run.cards if run is not None else ()) + tuple(ch.added)
        declared = dict(run.declared if run is not None else ())
        declared.update(getattr(ch, "declared", ()))
        wild = self.wild_faces
        faces = []
        for i in cards:
            c = self.codes[i]
            if wild[c]:
                if i not in declared:
                    return f"say which card the wild {c} stands for in a sequence."
                c = declared[i]
                if c == "JK" or c[:-1] not in RANK_ORDER:
                    return f"a wild card in a sequence stands for a card of it, not {c}."
            faces.append(c)
        for i, c in zip(cards, faces, strict=True):
            if not wild[self.codes[i]] and c[:-1] not in self.rules.meldable_ranks:
                return f"{c[:-1]}s cannot be melded."
        suits = {c[-1] for c in faces} | ({run.suit} if run is not None else set())
        if len(suits) > 1:
            return "a sequence holds cards of one suit only."
        orders = [RANK_ORDER[c[:-1]] for c in faces]  # 2 = 0 ... K = 11, A = 12
        highs = [*orders]
        lows = [-1 if o == RANK_ORDER["A"] else o for o in orders]
        fits = [o for o, allowed in ((highs, self.rules.ace_high), (lows, self.rules.ace_low))
                if allowed and len(set(o)) == len(o) and max(o) - min(o) + 1 == len(o)]
        if not fits:
            return "a sequence's cards must follow one another, each in its own place."
        wilds = sum(1 for i in cards if wild[self.codes[i]])
        limit = self.rules.max_wilds(len(cards))
        if wilds > limit:
            return (f"a meld of {len(cards)} cards may hold at most {limit} wild "
                    f"card{'s' if limit != 1 else ''}, not {wilds}.")
        return None

    def one_rank(self, ch: Change) -> str | None:
        """Naturals of one rank, for a game whose rules give that its own id ahead of the
        wild limit (`shape` says the same where one id covers both)."""
        if self.is_run(ch):
            return None
        ranks = self._natural_ranks(ch)
        if len(ranks) > 1:
            return "a meld holds naturals of one rank only, not " + ", ".join(ranks) + "."
        return None

    def _natural_ranks(self, ch: Change) -> list[str]:
        """The ranks of the naturals the meld would hold, in rank order."""
        ranks = {c[:-1] for c in self._faces(ch.added) if not self.rules.is_wild(c)}
        if ch.meld is not None and ch.meld.rank is not None:
            ranks.add(ch.meld.rank)
        return sorted(ranks, key=RANK_ORDER.__getitem__)

    def shape(self, ch: Change) -> str | None:
        """Naturals of one meldable rank, and no more wilds than the size allows (or, where
        the rules allow sequences, a run: `sequence`)."""
        if self.is_run(ch):
            return self.sequence(ch)
        mixed = self.one_rank(ch)
        if mixed is not None:
            return mixed
        faces = self._faces(ch.added)
        naturals = [c for c in faces if not self.rules.is_wild(c)]
        ranks = self._natural_ranks(ch)
        if ranks and ranks[0] not in self.rules.meldable_ranks:
            return f"{ranks[0]}s cannot be melded."
        if not ranks and (ch.meld is None or ch.meld.rank is None):
            if not self.rules.wild_melds:
                return "a meld of wild cards only is not allowed."
            return None
        wilds = len(faces) - len(naturals) + (ch.meld.wilds if ch.meld else 0)
        limit = self.rules.max_wilds(ch.size)
        if wilds > limit:
            return (f"a meld of {ch.size} cards may hold at most {limit} wild "
                    f"card{'s' if limit != 1 else ''}, not {wilds}.")
        return None

    def passes(self, ch: Change) -> bool:
        """The verdict of every check above on one change, in one pass.

        Most changes pass, and naming a failure needs the game's order, so `first_failure`
        asks this first and runs the named checks only when it says no. It must agree
        with them exactly; a subclass that adds or changes a check overrides it too.
        """
        rules, codes, m = self.rules, self.codes, ch.meld
        if rules.sequences:  # runs are judged by the game's named checks themselves
            return all(getattr(self, name)(ch) is None for name in FAMILY_CHECKS
                       if name in self.ids)
        mx = rules.max_meld
        if m is not None and mx is not None and len(m.cards) >= rules.complete_at:
            return False  # complete
        size = len(ch.added) + (len(m.cards) if m is not None else 0)
        if (m is None and size < rules.min_meld) or (mx is not None and size > mx):
            return False  # size
        rank = m.rank if m is not None else None
        wilds = m.wilds if m is not None else 0
        wild_faces = self.wild_faces
        for i in ch.added:
            c = codes[i]
            if c[0] == "3":
                return False  # threes
            if wild_faces[c]:
                wilds += 1
            elif m is not None and m.rank is None:
                return False  # naturals_on_wild
            elif rank is None:
                rank = c[:-1]
            elif c[:-1] != rank:
                return False  # shape: one rank
        if rank is None:
            return rules.wild_melds  # shape: wild cards only
        return rank in rules.meldable_ranks and wilds <= rules.max_wilds(size)  # shape

    def first_failure(
        self, changes: Sequence[Change], order: Sequence[str]
    ) -> tuple[str, str] | None:
        """Run the named checks in order over every change; (rule id, sentence) of the first."""
        passes = self.passes
        for ch in changes:
            if not passes(ch):
                break
        else:
            return None
        bound = self._bound
        for name in order:
            check = bound.get(name)
            if check is None:
                check = bound[name] = getattr(self, name)
            for ch in changes:
                msg = check(ch)
                if msg is not None:
                    return self.ids[name], msg
        return None


def apply_run_change(ch: Change, new_id: int, team: int, rules: Rules,
                     codes: Sequence[str]) -> Run:
    """The run a checked change produces: its suit from the first natural, its wild cards'
    declared values kept."""
    run = ch.meld if type(ch.meld) is Run else None
    cards = (run.cards if run is not None else ()) + tuple(ch.added)
    declared = (run.declared if run is not None else ()) + tuple(getattr(ch, "declared", ()))
    suit = run.suit if run is not None else next(
        codes[i][-1] for i in cards if not rules.is_wild(codes[i]))
    wilds = sum(1 for i in cards if rules.is_wild(codes[i]))
    return new_run(run.id if run is not None else new_id, team, cards, wilds, suit, declared)


def apply_change(ch: Change, new_id: int, team: int, rules: Rules, codes: Sequence[str]) -> Meld:
    """The meld a checked change produces."""
    added_wilds = sum(1 for i in ch.added if rules.is_wild(codes[i]))
    if ch.meld is None:
        rank = meld_rank((codes[i] for i in ch.added), rules)
        return new_meld(new_id, team, rank, tuple(ch.added), added_wilds)
    m = ch.meld
    return new_meld(m.id, m.team, m.rank, m.cards + tuple(ch.added), m.wilds + added_wilds)


