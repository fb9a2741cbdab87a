"""The Canasta-family game object: state, the public API of the engine contract, views.

A game module subclasses `FamilyGame`, gives its `Rules`, its phase table and one
`_plan_<kind>` method per action kind. A plan method checks everything and returns a
commit function, so `check` (plan only) and `apply` (plan, then commit) share one path
and a refused action never changes anything.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable, Iterable
from itertools import filterfalse
from operator import attrgetter
from typing import Any, ClassVar

from .cards import SUIT_ORDER, rank_of, sort_key
from .errors import IllegalAction, InvalidAction
from .melds import Change, Meld, Run, apply_run_change, meld_from_dict, meld_rank, new_meld
from .rules import Rules

Events = list[dict[str, Any]]
HandGroups = tuple[dict[str, list[int]], list[int], set[str]]
Commit = Callable[[], Events]


_CONTAINERS = (dict, list, tuple)
_SEQUENCES = (list, tuple)
_SCALARS = frozenset({int, str, bool, float, type(None)})
_INTS = frozenset({int})
_MELD_ID = attrgetter("id")
_MELD_RANK = attrgetter("rank")


def data_copy(x: Any) -> Any:
    """A deep copy of plain data (the state, the log) for `to_dict` and `from_dict`:
    a pickle round trip, about a quarter of `copy.deepcopy`'s time, which the search bot
    pays for every deal of the unseen cards it tries (only our own data is pickled)."""
    return pickle.loads(pickle.dumps(x, pickle.HIGHEST_PROTOCOL))


def plain_copy(x: Any) -> Any:
    """A copy of msgpack-like data (dicts, lists, scalars); much cheaper than deepcopy.

    Every action is copied into the log, so dicts are copied whole and only their
    container values copied again; scalars are taken as they are. Whether any value
    needs copying again is asked first in one C-level pass (most actions hold none), and
    exact types are tested before `isinstance`, which costs several times more."""
    t = type(x)
    if t is dict or (t is not list and isinstance(x, dict)):
        d = dict(x)
        if not _SCALARS.issuperset(map(type, d.values())):
            for k, v in d.items():
                tv = type(v)
                if tv in _SCALARS:
                    continue
                if tv is list and _SCALARS.issuperset(map(type, v)):
                    d[k] = list(v)  # what `plain_copy(v)` gives: card ids, without the call
                elif isinstance(v, _CONTAINERS):
                    d[k] = plain_copy(v)
        return d
    if t is list or isinstance(x, _SEQUENCES):
        out = list(x)
        if not _SCALARS.issuperset(map(type, out)):
            for n, v in enumerate(out):
                tv = type(v)
                if tv in _SCALARS:
                    continue
                if tv is list and _SCALARS.issuperset(map(type, v)):
                    out[n] = list(v)  # a meld's card ids, as in the dict case
                elif isinstance(v, _CONTAINERS):
                    out[n] = plain_copy(v)
        return out
    return x


KIND_WORDS = {
    "draw": "draw", "take_pile": "take the pile", "accept": "take the offered card",
    "decline": "decline the offer", "steal_wild": "steal a wild card", "meld": "meld",
    "lay_off": "lay off", "ask_to_go_out": "ask to go out", "answer": "answer",
    "declare_last_card": "declare your last card", "offer": "offer a card",
    "discard": "discard", "end_turn": "end your turn", "next_deal": "start the next deal",
}
"""Each action kind as a refusal names it, in the order a turn meets them: "'discard' is
not allowed in the draw phase" read as the engine's words, not a player's (play-test)."""

WILD = "*"  # the meld group of wild cards (no rank is spelt so)


def _sort_keys(order: tuple[int, ...]) -> list[int]:
    """One int per card that sorts as (rank, suit, id) would (ints compare faster); apart
    from `_sorted`, whose every call would otherwise make the cell the comprehension
    reads `n` from."""
    n = len(order)
    return [k * n + i for i, k in enumerate(order)]


def teams_for(seats: int, partnership: bool) -> tuple[tuple[int, ...], ...]:
    """Partners sit opposite: with 4 seats {0, 2} and {1, 3}; with 6, {0, 2, 4} and {1, 3, 5}."""
    if not partnership:
        return tuple((s,) for s in range(seats))
    return (tuple(range(0, seats, 2)), tuple(range(1, seats, 2)))


class FamilyGame:
    # Slots, not an instance dict: a game has more than thirty attributes, past which
    # CPython 3.11 no longer shares an instance dict's keys with its class, and every
    # attribute read and method call on the game then missed the interpreter's fast paths
    # (with slots, `bench/engine_playout.py`'s legal loop ran 3-4% faster and its view
    # loop 5-7%, best of five runs of each side alternated on the same machine). A
    # subclass lists its own attributes in `__slots__`, its caches in `KEPT`.
    __slots__ = (
        "_card_views", "_codes", "_face_facts", "_group", "_hand_index", "_hand_version",
        "_meld_views", "_melds", "_melds_put", "_melds_version", "_order", "_public_cache",
        "_rank", "_sort_keys", "_to_act_list", "_unfinished", "_unfinished_ranks",
        "_value", "_version", "_wild", "deal_number", "dealer", "discard", "events",
        "hands", "log", "next_meld_id", "opened", "options", "over", "phase", "red_threes",
        "rules", "score_sheet", "seats", "seed", "shown", "stock", "team_of", "teams",
        "to_act", "totals", "turn", "winners")
    KEPT: ClassVar[tuple[str, ...]] = ()
    """Slots of a class's own caches: None in a new game (and in a trial copy, where a
    game makes one), so each is read as a plain attribute."""

    name: ClassVar[str]
    title: ClassVar[str]
    PHASES: ClassVar[dict[str, frozenset[str]]]
    ACTIONS: ClassVar[frozenset[str]]
    # Attributes that make up the full state, in to_dict order.
    STATE: ClassVar[tuple[str, ...]] = (
        "deal_number", "dealer", "turn", "phase", "to_act_list", "codes", "hands", "stock",
        "discard", "melds", "next_meld_id", "red_threes", "opened", "totals", "score_sheet",
        "over", "winners", "log", "shown",
    )

    rules: Rules
    BETWEEN_DEALS: ClassVar[frozenset[str]] = frozenset({"deal_over", "game_over"})
    """Phases after a deal's last play, when what is left in the hands is settled."""

    def __init__(self, seats: int, seed: int, options: dict[str, Any], teams: tuple) -> None:
        for kept in self._ALL_KEPT:
            setattr(self, kept, None)
        self.seats = seats
        self.seed = seed
        self.options = options
        self.teams: tuple[tuple[int, ...], ...] = teams
        self.team_of: tuple[int, ...] = tuple(
            next(t for t, members in enumerate(teams) if s in members) for s in range(seats)
        )
        self.deal_number = 0
        self.dealer = 0
        self.turn = 0
        self.phase = "draw"
        self.to_act_list = []
        self._meld_views: dict[int, tuple[Meld, dict[str, Any]]] = {}
        self._face_facts: dict[str, tuple[int, bool, int, str, str | None]] = {}
        self.codes: list[str] = []
        self.hands: list[list[int]] = [[] for _ in range(seats)]
        # Cards every player saw join a hand (taken with the pile, an accepted offer, a
        # stolen wild card), by seat, in the order they came: `shown_in_hands`.
        self.shown: list[list[int]] = [[] for _ in range(seats)]
        self._hand_index: list[list[Any] | None] = [None] * seats
        # Bumped by every change a helper makes to a seat's hand, current index or not:
        # an index is current only for the very list and version it was kept for.
        self._hand_version: list[int] = [0] * seats
        self.stock: list[int] = []          # top of the stock is the last element
        self.discard: list[int] = []        # top of the pile is the last element
        self._melds_version = 0
        self.melds: dict[int, Meld] = {}
        self.next_meld_id = 1
        self.red_threes: list[list[int]] = [[] for _ in teams]
        self.opened: list[bool] = [False for _ in teams]
        self.totals: dict[int, int] = {t: 0 for t in range(len(teams))}
        self.score_sheet: list[dict[str, Any]] = []
        self.over = False
        self.winners: tuple[int, ...] = ()
        self.log: list[tuple[int, dict[str, Any]]] = []
        self.events: Events = []            # the events of the deal start (no action made them)
        self._version = 0
        self._public_cache: tuple[int, dict[str, Any]] | None = None

    # ----------------------------------------------------------------- faces
    @property
    def codes(self) -> list[str]:
        """The face of every card id of the current deal (hidden state: never in a view)."""
        return self._codes

    @codes.setter
    def codes(self, value: list[str]) -> None:
        # Faces are fixed for a deal, so what views and listings look up per card is
        # computed once here rather than on every view. A deal has 270 cards but only 53
        # faces: what depends on the face alone is worked out once per face and game.
        self._codes = value
        self.shown = [[] for _ in range(self.seats)]  # a new deal's ids: nothing seen yet
        facts = self._face_facts
        for c in set(value).difference(facts):  # after the first deal: none
            facts[c] = self._facts_of(c)
        order: tuple[int, ...] = ()
        wild: tuple[bool, ...] = ()
        points: tuple[int, ...] = ()
        rank: tuple[str, ...] = ()
        group: tuple[str | None, ...] = ()
        if value:
            order, wild, points, rank, group = zip(*map(facts.__getitem__, value), strict=True)
        # Sort keys are for views only (a bot on a listing never needs them): made on the
        # first `_sorted` of the deal.
        self._order = order
        self._sort_keys: list[int] | None = None
        self._card_views = [{"id": i, "code": c} for i, c in enumerate(value)]
        self._wild, self._value, self._rank = wild, points, rank
        self._group = group

    def _facts_of(self, code: str) -> tuple[int, bool, int, str, str | None]:
        """What a face alone decides: its sort position, whether it is wild, its value,
        its rank, and its meld group (`WILD`, a meldable rank, or None: never melded)."""
        rules = self.rules
        rank_order, suit_order = sort_key(code)
        wild = rules.is_wild(code)
        rank = rank_of(code)
        group = WILD if wild else rank if rank in rules.meldable_ranks else None
        return (rank_order * len(SUIT_ORDER) + suit_order, wild, rules.value(code), rank, group)

    # ----------------------------------------------------------------- contract API
    @property
    def to_act_list(self) -> list[int]:
        """The seats that may act now, in order (state). Assign a new list, never change
        one in place: assigning also sets `to_act`, the contract's frozenset, kept as a
        plain attribute because a driving loop reads it before every action."""
        return self._to_act_list

    @to_act_list.setter
    def to_act_list(self, value: list[int]) -> None:
        self._to_act_list = value
        self.to_act: frozenset[int] = frozenset(value)

    def check(self, seat: int, action: dict[str, Any]) -> None:
        self._plan(seat, action)

    def apply(self, seat: int, action: dict[str, Any]) -> Events:
        # `_plan`'s dispatch, written out for the usual case (a plain dict of a kind the
        # phase allows, from a seat that may act): every other case goes through `_plan`,
        # which refuses it in the right order. Either way the plan checks everything.
        if type(action) is dict and type(seat) is int and seat in self.to_act:
            try:  # the phase's plans are keyed by str kinds; anything else is not there
                plan = self._PHASE_PLANS[self.phase][action["type"]]
            except (KeyError, TypeError):
                plan = None  # `_plan` names what is wrong
            if plan is not None:
                events = plan(self, seat, action)()
                # The log's copy: most actions hold scalars only (asked in one C pass).
                self.log.append((seat, dict(action) if _SCALARS.issuperset(
                    map(type, action.values())) else plain_copy(action)))
                self._version += 1
                return events
        events = self._plan(seat, action)()
        self.log.append((seat, plain_copy(action)))
        self._version += 1
        return events

    @property
    def waiting_for(self) -> frozenset[int]:
        """The seats the game cannot go on without (a turn clock times them): those in
        `to_act`, but for seats a game lets act if they wish (Looking and Down's frozen
        seats, whose being able to act says something of their hidden hands)."""
        return self.to_act

    def legal(self, seat: int) -> list[dict[str, Any]]:
        if seat not in self._to_act_list:  # a list: an unhashable `seat` is just not there
            return []
        return self._legal(seat)

    def hands_after_deal(self) -> dict[int, list[dict[str, Any]]] | None:
        """Each seat's hand as that seat itself sees it, once the deal is over; ``None``
        while it is played. A host may show these to spectators (``--open-hands``)."""
        if self.phase not in self.BETWEEN_DEALS:
            return None
        return {seat: self.view(seat)["hand"] for seat in range(self.seats)}

    def view(self, seat: int | None) -> dict[str, Any]:
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < self.seats):
            raise InvalidAction(self.rule_id("T1"), f"there is no seat {seat!r}")
        v = dict(self._public_view())
        v["seat"] = seat
        if seat is None:
            v["hand"] = []
            v["legal"] = []
        else:
            v["hand"] = self._cards_view(self._sorted(self.hands[seat]))
            v["legal"] = self.legal(seat)
            self._add_private(v, seat)
        return v

    def to_dict(self) -> dict[str, Any]:
        # (the parts written in their own form below are not copied twice)
        state = data_copy({k: getattr(self, k) for k in self.STATE
                           if k not in ("melds", "totals", "winners")})
        state["melds"] = [m.to_dict() for m in self.melds.values()]
        state["totals"] = [[t, p] for t, p in sorted(self.totals.items())]
        state["winners"] = list(self.winners)
        state["log"] = [[s, a] for s, a in state["log"]]
        return {"game": self.name, "seats": self.seats, "seed": self.seed,
                "options": data_copy(self.options), "state": state}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> FamilyGame:
        game = cls._blank(d["seats"], d["seed"], d["options"])
        state = d["state"]
        # (a state saved before a key was added keeps the blank game's value for it)
        copied = data_copy({k: state[k] for k in cls.STATE if k in state})
        for k in cls.STATE:
            if k in copied:
                setattr(game, k, copied[k])
        game.melds = {m["id"]: meld_from_dict(m) for m in state["melds"]}
        game.totals = {t: p for t, p in state["totals"]}
        game.winners = tuple(state["winners"])
        game.log = [(s, a) for s, a in state["log"]]
        return game

    def clone(self) -> FamilyGame:
        return type(self).from_dict(self.to_dict())

    @classmethod
    def _blank(cls, seats: int, seed: int, options: dict[str, Any]) -> FamilyGame:
        """A game with no deal dealt, for `from_dict` and positions to fill in."""
        raise NotImplementedError

    @classmethod
    def validate_options(cls, seats: int, options: dict[str, Any] | None) -> dict[str, Any]:
        """The options merged with the game's defaults; InvalidAction naming the option."""
        raise NotImplementedError

    def meld_rank_of(self, codes: list[str]) -> str | None:
        """The rank of a meld given by its faces (positions); None for wild cards only."""
        return meld_rank(codes, self.rules)

    def _position_meld(self, mid: int, team: int, ids: list[int],
                       declared: dict[int, str]) -> Meld:
        """A meld of a loaded position; `declared`: what wild cards written `JK=6H`
        stand for (games with sequences read it)."""
        wilds = sum(1 for i in ids if self.rules.is_wild(self.codes[i]))
        return Meld(mid, team, self.meld_rank_of([self.codes[i] for i in ids]), tuple(ids),
                    wilds)

    def _meld_text(self, m: Meld) -> str:
        """A meld as a position writes it."""
        return " ".join(self.codes[i] for i in m.cards)

    # Position hooks: each game reads and writes its own position keys.
    def _load_extra(self, spec: dict[str, Any], pool: Any) -> dict[str, list[list[int]]]:
        return {}

    def _load_flags(self, spec: dict[str, Any]) -> None:
        pass

    def _position_extra(self) -> dict[str, Any]:
        return {}

    # ----------------------------------------------------------------- dispatch
    def rule_id(self, suffix: str) -> str:
        return f"{self.rules.prefix}-{suffix}"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._ALL_KEPT = tuple(k for c in reversed(cls.__mro__)
                              for k in c.__dict__.get("KEPT", ()))
        phases = cls.__dict__.get("PHASES")
        if phases is not None:
            # Each phase's `_plan_<kind>` functions by kind, looked up once per class
            # rather than spelt and fetched with getattr on every action.
            cls._PHASE_PLANS = {phase: {k: getattr(cls, "_plan_" + k) for k in sorted(kinds)}
                                for phase, kinds in phases.items()}

    _ALL_KEPT: ClassVar[tuple[str, ...]] = ()
    _PHASE_PLANS: ClassVar[dict[str, dict[str, Callable[..., Commit]]]] = {}

    def _plan(self, seat: Any, action: Any) -> Commit:
        if not isinstance(action, dict):
            raise InvalidAction(self.rule_id("T1"), "an action is a map with a 'type'.")
        kind = action.get("type")
        if not isinstance(kind, str):
            raise InvalidAction(self.rule_id("T1"), "an action is a map with a 'type'.")
        if type(seat) is not int or not 0 <= seat < self.seats:
            raise InvalidAction(self.rule_id("T1"), f"there is no seat {seat!r}.")
        plan = self._PHASE_PLANS[self.phase].get(kind)
        if plan is None or seat not in self.to_act:
            if kind not in self.ACTIONS:
                raise IllegalAction(self.rule_id("T1"),
                                    f"'{kind}' is not an action in {self.title}.")
            self._refuse_turn(seat, kind)
        return plan(self, seat, action)

    def _refuse_turn(self, seat: int, kind: str) -> None:
        """The seat may not act now, or not with this kind: raise, naming the rule."""
        t1 = self.rule_id("T1")
        if seat not in self.to_act_list:
            if self.over:
                raise IllegalAction(t1, "the game is over.")
            raise IllegalAction(t1, f"it is not seat {seat}'s move now.")
        # What the seat may do now as the listing says (at two seats "ask to go out" was
        # offered where nobody can be asked, play-test); the phase's kinds if it lists none.
        listed = {entry.get("type") for entry in self._legal(seat)} or self.PHASES[self.phase]
        may = [words for k, words in KIND_WORDS.items() if k in listed]
        either = ", ".join(may[:-1]) + " or " + may[-1] if len(may) > 1 else "".join(may)
        raise IllegalAction(t1, f"you cannot {KIND_WORDS.get(kind, kind)} now: you may "
                                f"{either or 'not act'}.")

    # ----------------------------------------------------------------- helpers for games
    def _field(self, action: dict[str, Any], key: str, kind: type, required: bool = True) -> Any:
        if key not in action:
            if required:
                raise InvalidAction(self.rule_id("T1"), f"'{action['type']}' needs '{key}'.")
            return None
        value = action[key]
        if type(value) is kind:  # the usual case, decided without `isinstance`
            return value
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
            raise InvalidAction(self.rule_id("T1"),
                                f"'{key}' must be a {kind.__name__}, not {type(value).__name__}.")
        return value

    def _id_list(self, value: Any, what: str) -> tuple[int, ...]:
        if type(value) is list and _INTS.issuperset(map(type, value)):
            return tuple(value)  # the usual case: a list of plain ints, decided in C
        if isinstance(value, _SEQUENCES):
            for i in value:
                if not isinstance(i, int) or isinstance(i, bool):
                    break
            else:
                return tuple(value)
        raise InvalidAction(self.rule_id("T1"), f"{what} must be a list of card ids.")

    def _own_cards(self, seat: int, ids: tuple[int, ...], seen: set[int]) -> None:
        """Every id is in the seat's hand and named once in the whole action (`seen`)."""
        hand = self.hands[seat]
        for i in ids:
            if i in seen:
                raise IllegalAction(self.rule_id("T1"), f"card {self._name(i)} is named twice.")
            seen.add(i)
            if i not in hand:
                raise IllegalAction(self.rule_id("T1"), f"card {i} is not in your hand.")

    def _name(self, card_id: int) -> str:
        return self.codes[card_id] if 0 <= card_id < len(self.codes) else str(card_id)

    def _sorted(self, ids: list[int]) -> list[int]:
        keys = self._sort_keys
        if keys is None:
            keys = self._sort_keys = _sort_keys(self._order)
        return sorted(ids, key=keys.__getitem__)

    def _cards_view(self, ids: list[int] | tuple[int, ...]) -> list[dict[str, Any]]:
        """Card maps shared between views: views are read-only data for their consumers."""
        return list(map(self._card_views.__getitem__, ids))

    def _card(self, card_id: int) -> dict[str, Any]:
        return self._card_views[card_id]

    def _take_from_stock(self, n: int) -> list[int]:
        n = min(n, len(self.stock))
        if n == 0:
            return []
        taken = self.stock[-n:][::-1]
        del self.stock[-n:]
        return taken

    # ----------------------------------------------------------------- the hand index
    def hand_groups(self, seat: int) -> HandGroups:
        """The seat's hand by meld group (shared: read only): the naturals of each meldable
        rank and the wild cards, each in hand order, and the ranks held twice or more.

        Listings ask for it on every play-phase step, and a pass over the hand cost more
        than the rest of a listing, so it is kept per seat and changed card by card by
        `_remove` (`_remove_one`) and `_add_to_hand`, the only ways a hand changes in
        place. It is built again when the hand is another list (a new deal, the foot, a
        loaded position) or changed since it was kept (the seat's hand version moved on)."""
        hand = self.hands[seat]
        idx = self._hand_index[seat]
        if idx is None or idx[0] is not hand or idx[1] != self._hand_version[seat]:
            idx = self._index_hand(seat)
        return idx[2]

    def _index_hand(self, seat: int) -> list[Any]:
        """Build the seat's hand index: [hand list, its version, (by rank, wilds, multiples)]."""
        hand = self.hands[seat]
        groups: HandGroups = ({}, [], set())
        self._file_cards(groups, hand)
        idx = self._hand_index[seat] = [hand, self._hand_version[seat], groups]
        return idx

    def _current_index(self, seat: int) -> list[Any] | None:
        """The seat's hand index if it was kept for the hand as it is now, else None."""
        idx = self._hand_index[seat]
        return idx if idx is not None and idx[0] is self.hands[seat] \
            and idx[1] == self._hand_version[seat] else None

    def _add_to_hand(self, seat: int, ids: list[int]) -> None:
        """Cards join the end of the hand; the hand index follows if it is current."""
        idx = self._current_index(seat)
        self.hands[seat].extend(ids)
        version = self._hand_version[seat] = self._hand_version[seat] + 1
        if idx is not None:
            self._file_cards(idx[2], ids)
            idx[1] = version

    def _show_in_hand(self, seat: int, ids: list[int]) -> None:
        """Cards of the hand that every player saw go there (`shown`). A new
        list: a trial game (Canastone's checks) shares its game's lists until it sets
        its own."""
        self.shown = [[*ids_, *ids] if s == seat else ids_ for s, ids_ in enumerate(self.shown)]

    def shown_in_hands(self) -> dict[int, list[int]]:
        """The cards each seat holds that every player saw it take (with the pile, as an
        accepted offer, as a stolen wild card) and has not melded, laid off or given up
        since: public knowledge a person at the table remembers, which the search bot
        keeps in place when it deals the unseen cards anew (`determinize`)."""
        out = {}
        for seat, ids in enumerate(self.shown):
            held = set(self.hands[seat])
            out[seat] = [i for i in ids if i in held]
        return out

    def _file_cards(self, groups: HandGroups, ids: Iterable[int]) -> None:
        """File cards, in order, under their meld group in a hand index."""
        by_rank, wilds, multiples = groups
        group = self._group
        for i in ids:
            g = group[i]
            if g == WILD:
                wilds.append(i)
            elif g is not None:
                same = by_rank.get(g)
                if same is None:
                    by_rank[g] = [i]
                else:
                    same.append(i)
                    multiples.add(g)

    def _unfile_card(self, groups: HandGroups, i: int) -> None:
        """Take one card out of a hand index (the other half of `_file_cards`)."""
        by_rank, wilds, multiples = groups
        g = self._group[i]
        if g == WILD:
            wilds.remove(i)
        elif g is not None:
            same = by_rank[g]
            same.remove(i)
            n = len(same)
            if n == 1:
                multiples.discard(g)
            elif not n:
                del by_rank[g]

    def _remove_one(self, seat: int, i: int) -> None:
        """`_remove(seat, (i,))`: the usual case (a discard, a lay-off), without the loop."""
        idx = self._current_index(seat)
        self.hands[seat].remove(i)
        version = self._hand_version[seat] = self._hand_version[seat] + 1
        if idx is not None:
            self._unfile_card(idx[2], i)
            idx[1] = version

    def _remove(self, seat: int, ids: tuple[int, ...] | list[int]) -> None:
        """Cards leave the hand, which keeps its order; the hand index follows if current."""
        if len(ids) == 1:
            self._remove_one(seat, ids[0])
            return
        idx = self._current_index(seat)
        hand = self.hands[seat]
        drop = set(ids)
        left = self.hands[seat] = list(filterfalse(drop.__contains__, hand))
        version = self._hand_version[seat] = self._hand_version[seat] + 1
        if idx is None or len(left) != len(hand) - len(ids):
            return  # no index kept, or an id named twice or not held: built again later
        for i in ids:
            self._unfile_card(idx[2], i)
        idx[0] = left
        idx[1] = version

    def _new_meld_id(self) -> int:
        mid = self.next_meld_id
        self.next_meld_id += 1
        return mid

    @property
    def melds(self) -> dict[int, Meld]:
        """Every meld on the table by id. Assign a new dict freely; change one in place
        only through `_put_melds`, which keeps the unfinished-meld lists current."""
        return self._melds

    @melds.setter
    def melds(self, value: dict[int, Meld]) -> None:
        self._melds = value
        self._unfinished: dict[int, list[Meld]] = {}
        self._unfinished_ranks: dict[int, set[str | None]] = {}
        # Never reused, so anything cached against a version of the table stays right.
        self._melds_version += 1
        # The melds put since the public view last looked (None: it has not looked at
        # this dict yet, so it builds its part whole).
        self._melds_put: list[Meld] | None = None

    def unfinished_melds(self, team: int) -> list[Meld]:
        """The team's melds still short of completion, in table order (shared: read only).

        Listings ask for it on every play-phase turn, so it is kept rather than rescanned:
        built once per `melds` dict and updated by `_put_melds`."""
        found = self._unfinished.get(team)
        if found is None:
            complete = self.rules.complete_at
            found = self._unfinished[team] = []
            for m in self._melds.values():  # (a comprehension would need cells every call)
                if m.team == team and len(m.cards) < complete:
                    found.append(m)
        return found

    def unfinished_ranks(self, team: int) -> set[str | None]:
        """The ranks of the team's unfinished melds, None for a wild meld (shared: read
        only); kept beside `unfinished_melds` and dropped whenever that list changes."""
        found = self._unfinished_ranks.get(team)
        if found is None:
            found = self._unfinished_ranks[team] = set(map(_MELD_RANK,
                                                           self.unfinished_melds(team)))
        return found

    def _put_melds(self, team: int, made: list[Meld]) -> None:
        """Put the team's new and extended melds on the table, in the order made."""
        melds = self._melds
        for m in made:
            melds[m.id] = m
        self._melds_version += 1
        put = self._melds_put
        if put is not None:
            put.extend(made)
        found = self._unfinished.get(team)
        if found is None:
            self._unfinished_ranks.pop(team, None)
            return
        complete = self.rules.complete_at
        if len(made) == 1 and len(made[0].cards) < complete:
            # The usual case, one unfinished meld extended: it keeps its place, and the
            # ranks of the unfinished melds stay as they were.
            m = made[0]
            mid = m.id
            for n, old in enumerate(found):
                if old.id == mid:
                    kept = found.copy()
                    kept[n] = m
                    self._unfinished[team] = kept
                    return
        self._unfinished_ranks.pop(team, None)
        # Extended melds keep their place, completed ones leave; the rest of `made` was
        # complete already (so stays so) or is new: new melds come last, in the order made.
        kept = list(found)
        ids = list(map(_MELD_ID, found))
        new: dict[int, Meld] = {}
        done = False
        for m in made:
            if m.id in ids:
                kept[ids.index(m.id)] = m
            elif m.team == team:
                new[m.id] = m
            if len(m.cards) >= complete:
                done = True
        if done:  # (a loop: a comprehension would put `complete` in a cell on every call)
            still = []
            for m in kept:
                if len(m.cards) < complete:
                    still.append(m)
            kept = still
        for m in new.values():
            if len(m.cards) < complete:
                kept.append(m)
        self._unfinished[team] = kept

    def _apply_change(self, ch: Change, new_id: int, team: int) -> Meld:
        """`melds.apply_change` reading this deal's per-card tables instead of faces."""
        if self.rules.sequences and (type(ch.meld) is Run or (ch.meld is None and len(
                {self._rank[i] for i in ch.added if not self._wild[i]}) > 1)):
            return apply_run_change(ch, new_id, team, self.rules, self._codes)
        wild = self._wild
        added_wilds = sum(map(wild.__getitem__, ch.added))  # True counts 1
        m = ch.meld
        if m is None:
            # The first natural's rank (a loop: a generator here would put `wild` in a
            # cell for every call, lay-offs included).
            rank = None
            for i in ch.added:
                if not wild[i]:
                    rank = self._rank[i]
                    break
            return new_meld(new_id, team, rank, tuple(ch.added), added_wilds)
        return new_meld(m.id, m.team, m.rank, m.cards + tuple(ch.added), m.wilds + added_wilds)

    def team_melds(self, team: int) -> list[Meld]:
        return [m for m in self.melds.values() if m.team == team]

    # ----------------------------------------------------------------- views
    def _public_view(self) -> dict[str, Any]:
        cache = self._public_cache
        if cache is not None and cache[0] == self._version:
            return cache[1]
        v = self._build_public_view()
        self._public_cache = (self._version, v)
        return v

    def _build_public_view(self) -> dict[str, Any]:
        raise NotImplementedError

    def _meld_view(self, m: Meld) -> dict[str, Any]:
        """A meld's view, rebuilt only when the meld itself was replaced."""
        hit = self._meld_views.get(m.id)
        if hit is not None and hit[0] is m:
            return hit[1]
        d = self._describe_meld(m)
        self._meld_views[m.id] = (m, d)
        return d

    def _describe_meld(self, m: Meld) -> dict[str, Any]:
        raise NotImplementedError

    def _add_private(self, view: dict[str, Any], seat: int) -> None:
        """A game's own keys of a seat's view, set in it (no map made and merged per view)."""

    def _legal(self, seat: int) -> list[dict[str, Any]]:
        raise NotImplementedError
