"""Canastone (`canastone`, Italian Canasta), as specified in shared/rules/canastone.md.

Two, three, four or six players (partnerships at four and six); 3 packs and 6 jokers,
15 cards each. What differs from the shared core lives here and in `cn_melds.py` /
`cn_legal.py` / `cn_options.py`: the pile dealt as 1 to 3 face-up cards over 4 to 14
face-down ones, a deal with three bad up cards dealt again (CN-D); red threes exposed at
the deal seat by seat and replaced when drawn, not when taken (CN-R); the closed team's
two choices and the whole pile taken with a natural pair, or three naturals when it is
frozen (CN-T, CN-P); one meld per rank and one wild meld per team, wild canastas and the
wild cards kept for an unfinished wild meld (CN-M); the initial meld by score bands
(CN-I); going out with a natural and a mixed canasta and a natural last discard, the
partner asked with the whole going out as a plan (CN-G); the stock's end (CN-E2, E3) and
the score sheet (CN-S). Rule ids in messages are the ones of that file.
"""

from __future__ import annotations

import copy
from typing import Any, ClassVar

from .basic_bot import Tactics
from .cards import RED_THREES
from .cn_legal import legal_kinds
from .cn_melds import (
    MELD_IDS,
    MELD_ORDER,
    MIXED_CLASSES,
    NATURAL_CLASSES,
    CNMeldChecker,
    canasta_class,
)
from .cn_options import CANASTA, cn_rules, partnership, validate_options
from .cn_scoring import score_deal
from .core import WILD, Commit, Events, FamilyGame, plain_copy, teams_for
from .deck import shuffled_deck
from .errors import EngineError, IllegalAction, InvalidAction
from .melds import Change, Meld, new_change
from .permission import PlannedAnswer
from .turns import CanastaGame

# CN-D6: face-down cards under the pile by the rank of the top face-up card.
FACE_DOWN = {"4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "J": 11, "Q": 12,
             "K": 13, "A": 14}
UP_CARDS = 3  # CN-D4, CN-D5: a third bad card cancels the deal
# A seat's `counts` entry by hand size, shared by every view (views are read-only).
HAND_SIZES = tuple({"hand": n} for n in range(163))
# A team's table (`Canastone._table`): its melds by rank in table order (one per rank,
# CN-M6; None: the wild meld), its wild meld's size, its canastas' classes.
TeamTable = tuple[dict[str | None, Meld], int | None, list[str]]


class CNTactics(Tactics):
    """The basic bot's Canastone habit: a team that has not melded makes its initial meld
    before drawing when the listing offers one (CN-T2a; drawing first would leave it only
    the discard, CN-T4). Black threes block and wild cards freeze the pile, as the shared
    habits already assume."""

    judge_by_score_sheet = False
    """Canastone's search judges an unfinished deal by the table alone. On the same 20
    seeds of one-deal 4-seat games from both sides it won 57% (margin +447 a game) judging
    by the table and 48% (+301) by the score sheet, where it left the basic move once in 54
    decisions. Likely why: ending now, a side's red threes count by its canastas and an
    unopened side's hand counts double, so the sheet swings by hundreds on cards the move
    does not touch."""

    kind_order = ("answer", "next_deal", "meld", "take_pile", "draw", "ask_to_go_out",
                  "lay_off")

    def freeze_now(self, view: dict[str, Any], behind: bool) -> bool:
        """Also when the next player holds a big hand (pairs for most tops) and the pile
        is worth taking: a wild card freezes it (CN-P3)."""
        pile = view.get("discard") or {}
        if behind or pile.get("frozen") or pile.get("size", 0) < 6:
            return behind
        counts = (view.get("counts") or {}).get(self.next_seat(view)) or {}
        return counts.get("hand", 0) >= 12

    @staticmethod
    def naturals_needed(view: dict[str, Any]) -> int:
        """Natural canastas a side needs to go out: one (CN-G1), or two under CN-O4's
        `"two_natural"` (the table's options are public: the view carries this one)."""
        return 2 if view.get("go_out_canastas") == "two_natural" else 1

    def kept_sizes(self, view: dict[str, Any]) -> tuple[int, ...]:
        """Once the side has opened, pairs and threes of a kind stay in hand to take the
        pile with (CN-P4) until the side has the canastas it needs to go out (a natural
        and a mixed one, CN-G1; two natural ones under CN-O4); then they are melded, so
        it can go out. Against the random bot (bench/bots.py) this beat keeping pairs
        only with a dozen cards in the pile: 2 seats, 300 games, 97% to 99%; 3 seats
        92% to 99.5% of 200. Keeping them even then won as often but went out in 39%
        of deals against 61%."""
        if not (view.get("opened") or {}).get(self.side_of(view)):
            return ()
        have = list((view.get("canastas") or {}).get(self.side_of(view), ()))
        naturals = have.count("natural")
        if naturals < self.naturals_needed(view):
            return (2, 3)
        return (2, 3) if naturals == len(have) and self.naturals_needed(view) == 1 else ()

    def wild_onto(self, meld: dict[str, Any], view: dict[str, Any]) -> bool:
        """A side goes out only with a natural canasta (CN-G1): until it has one, its
        natural meld nearest to a canasta is kept free of wild cards. (Against the random
        bot at two seats, wild cards laid off anywhere lost a fifth of the games, mostly
        deals where the side held mixed canastas only and could not go out.)"""
        team = meld.get("team")
        have = list((view.get("canastas") or {}).get(team, ()))
        if have.count("natural") >= self.naturals_needed(view):
            return True
        natural = [m for m in view.get("melds", ()) if m.get("team") == team
                   and m.get("rank") is not None and not m.get("complete")
                   and not self.holds_wild(m, view)]
        if not natural:
            return True
        return meld.get("id") != max(natural, key=lambda m: (m["size"], -m["id"]))["id"]


class Canastone(PlannedAnswer, CanastaGame):
    KEPT: ClassVar[tuple[str, ...]] = (
        "_table_kept", "_cn_canastas_kept", "_cn_slow_kept", "_face_down_loaded")
    __slots__ = (*PlannedAnswer.SLOTS, *KEPT, "face_down", "frozen", "attempt", "end_reason")
    name = "canastone"
    title = "Canastone"
    BOT_TACTICS: ClassVar[Tactics] = CNTactics()
    PHASES: ClassVar[dict[str, frozenset[str]]] = {
        # A closed team's initial meld is made in `draw`, before drawing (CN-T2a).
        "draw": frozenset({"draw", "take_pile", "meld"}),
        "premeld_discard": frozenset({"discard"}),
        "play": frozenset({"meld", "lay_off", "ask_to_go_out", "discard"}),
        "answer": frozenset({"answer"}),
        "deal_over": frozenset({"next_deal"}),
        "game_over": frozenset(),
    }
    ACTIONS = frozenset({"draw", "take_pile", "meld", "lay_off", "discard", "ask_to_go_out",
                         "answer", "next_deal"})
    STATE = (*FamilyGame.STATE, "feet", "stage", "foot_played", "first_turn_done",
             "face_down", "frozen", "attempt", "asked", "barred", "plan", "end_reason")
    TURN_PHASES: ClassVar[frozenset[str]] = frozenset({"draw", "premeld_discard", "play"})
    MELD_ORDER = MELD_ORDER
    MELD_IDS = MELD_IDS
    CHECKER = CNMeldChecker
    PILE_OF: ClassVar[dict[str, str]] = {}
    COUNT_FLAG = "foot_played"
    SECOND_ZONE = "feet"

    def __init__(self, seats: int, seed: int, options: dict[str, Any] | None = None,
                 _deal: bool = True) -> None:
        opts = validate_options(seats, options)
        self.rules = cn_rules(opts)
        super().__init__(seats, seed, opts, teams_for(seats, partnership(seats)))
        self._setup_hands(seats)
        self.face_down: list[int] = []   # CN-D7: under the pile, hidden till the first take
        self.frozen = False              # CN-P3
        self.attempt = 0                 # cancelled deals of this deal number (CN-D5)
        self.end_reason: str | None = None
        self._reset_turn()
        if _deal:
            self.events = self._start_deal(1)

    def _reset_turn(self) -> None:
        self.asked = False
        self.barred = False
        self.plan: dict[str, Any] | None = None

    @classmethod
    def _blank(cls, seats: int, seed: int, options: dict[str, Any]) -> Canastone:
        return cls(seats, seed, options, _deal=False)

    @classmethod
    def validate_options(cls, seats: int, options: dict[str, Any] | None) -> dict[str, Any]:
        return validate_options(seats, options)

    def partners(self, seat: int) -> list[int]:
        return [s for s in self.teams[self.team_of[seat]] if s != seat]

    # ----------------------------------------------------------------- the deal
    def _dealers(self, number: int) -> tuple[int, int]:
        """CN-D1: the dealer moves one seat clockwise after each scored deal."""
        dealer = (self.options["first_dealer"] + number - 1) % self.seats
        return dealer, dealer

    def _deal_attempt(self) -> int:
        return self.attempt

    def _start_deal(self, number: int) -> Events:
        """CN-D1..D11: deal, turn up the pile, and deal again with a new shuffle while the
        third up card is bad; then the red threes seat by seat (CN-R1), and the first turn."""
        self.deal_number = number
        self.dealer = self._dealers(number)[0]
        self.attempt = 0
        events: Events = [{"type": "deal_started", "deal": number, "dealer": self.dealer}]
        while not self._deal_once(events):
            self.attempt += 1
        self.melds = {}
        self.next_meld_id = 1
        self.red_threes = [[] for _ in self.teams]
        self.opened = [False for _ in self.teams]
        self.feet = [[] for _ in range(self.seats)]
        self.stage = [self.rules.stages[0]] * self.seats
        self.foot_played = [False] * self.seats
        self.first_turn_done = [True] * self.seats  # red threes are settled at the deal
        self.end_reason = None
        self._reset_turn()
        for j in range(1, self.seats + 1):  # CN-R1, from the dealer's left
            self._expose_red_threes((self.dealer + j) % self.seats, events, replace=True)
        self.turn = (self.dealer + 1) % self.seats
        self._begin_turn(events)
        return events

    def _deal_once(self, events: Events) -> bool:
        """One try at the deal (CN-D2..D9); False when it is cancelled (CN-D5)."""
        rules, seats = self.rules, self.seats
        order_codes, ids, _ = shuffled_deck(self.name, self.seed, self.deal_number,
                                            rules.packs, rules.jokers, self.attempt)
        codes = [""] * len(ids)
        for pos, cid in enumerate(ids):
            codes[cid] = order_codes[pos]
        self.codes = codes
        hands: list[list[int]] = [[] for _ in range(seats)]
        dealt = rules.hand_size * seats
        for j in range(seats):  # CN-D3: one at a time, from the dealer's left
            hands[(self.dealer + 1 + j) % seats] = ids[j:dealt:seats]
        p = dealt
        up: list[int] = []
        while True:  # CN-D4
            card = ids[p]
            p += 1
            up.append(card)
            if self._group[card] not in (None, WILD):
                break
            if len(up) == UP_CARDS:
                events.append({"type": "deal_cancelled", "deal": self.deal_number,
                               "attempt": self.attempt, "face_up": self._cards_view(up)})
                return False
        count = FACE_DOWN[self._rank[up[-1]]]  # CN-D6
        self.hands = hands
        self.discard = up
        self.face_down = ids[p:p + count]
        self.stock = ids[p + count:][::-1]
        self.frozen = any(self._wild[i] for i in up)  # CN-D8
        events.append({"type": "pile_started", "face_up": self._cards_view(up),
                       "face_down": count, "frozen": self.frozen})
        return True

    def _expose_red_threes(self, seat: int, events: Events, replace: bool) -> bool:
        """CN-R1..R4: red threes in the hand go face up to the team; replacements are drawn
        while owed. False when one was owed and the stock was empty (CN-R4)."""
        codes, team = self._codes, self.team_of[seat]
        while True:
            if RED_THREES.isdisjoint(map(codes.__getitem__, self.hands[seat])):
                return True
            reds = [i for i in self.hands[seat] if codes[i] in RED_THREES]
            self._remove(seat, reds)
            self.red_threes[team] = [*self.red_threes[team], *reds]
            events.append({"type": "red_threes", "seat": seat,
                           "cards": self._cards_view(reds), "replaced": replace})
            if not replace:
                return True
            new = self._take_from_stock(len(reds))
            if new:
                self._add_to_hand(seat, new)
                events.append({"type": "drew", "seat": seat, "count": len(new),
                               "reason": "replacement"})
            if len(new) < len(reds):
                return False

    def _drawn(self, seat: int, new: list[int], events: Events) -> bool:
        """CN-R2, CN-R4, CN-E3 after a draw from the stock: False when the deal ended."""
        if RED_THREES.isdisjoint(map(self._codes.__getitem__, new)):
            return True
        if self._expose_red_threes(seat, events, replace=True):
            return True
        self.end_reason = "red_three"
        events.append({"type": "deal_ended", "reason": "red_three", "seat": seat})
        self._end_deal(events, went_out=None)
        return False

    # ----------------------------------------------------------------- turns
    def _turn_started(self, seat: int) -> None:
        self._reset_turn()

    def _end_turn(self, events: Events) -> None:
        """CN-T7, CN-E2: a turn about to begin with 0 or 1 card in the stock ends the deal."""
        if len(self.stock) <= 1:
            self.end_reason = "stock"
            events.append({"type": "stock_exhausted", "stock": len(self.stock)})
            self._end_deal(events, went_out=None)
            return
        self.turn = (self.turn + 1) % self.seats
        self._begin_turn(events)

    def _after_play(self, seat: int, events: Events, discarded: bool) -> None:
        """One hand only: an empty hand is a going out (only a discard can empty it)."""
        if not self.hands[seat]:
            self._went_out(seat, events, discarded)
        elif discarded:
            self._end_turn(events)

    def _went_out(self, seat: int, events: Events, discarded: bool) -> None:
        self.end_reason = "went_out"
        events.append({"type": "went_out", "seat": seat})
        self._end_deal(events, went_out=seat)

    def _refuse_turn(self, seat: int, kind: str) -> None:
        """The refusals CN-T2..T4 and CN-P1 name, for the player whose turn it is."""
        if seat in self._to_act_list and seat == self.turn:
            is_open = self.opened[self.team_of[seat]]
            phase = self.phase
            if phase == "draw" and kind in ("lay_off", "discard", "ask_to_go_out"):
                if is_open:
                    raise IllegalAction("CN-T3", "draw two cards or take the pile first.")
                raise IllegalAction("CN-T2", "your team has not melded: make your initial "
                                             "meld, or draw and then discard.")
            if phase == "premeld_discard" and kind in self.ACTIONS - {"discard"}:
                raise IllegalAction("CN-T4", "after drawing before your team has melded, "
                                             "your only move is the discard.")
            if phase == "play" and kind == "take_pile":
                raise IllegalAction("CN-P1", "the pile can be taken only instead of "
                                             "drawing, at the start of your turn.")
        super()._refuse_turn(seat, kind)

    # ----------------------------------------------------------------- melds
    def meld_kind(self, m: Meld) -> str:
        """CN-M17: natural or mixed rank meld, or wild meld (the class is `canasta`)."""
        return "wild" if m.rank is None else "mixed" if m.wilds else "natural"

    def canasta(self, m: Meld) -> str | None:
        return canasta_class(m, self._codes)

    def _describe_meld(self, m: Meld) -> dict[str, Any]:
        d = super()._describe_meld(m)
        d["canasta"] = self.canasta(m)
        return d

    def _table(self) -> list[TeamTable]:
        """Per team: its melds by rank in table order (None: its wild meld), the size of its
        wild meld (None: it has none) and its canastas' classes (shared: read only).
        Listings and views ask on every action and a scan of the table was a tenth of the
        legal loop, so they are kept for the table's version and brought up to date by
        `_put_melds` (meld values are never changed in place)."""
        kept = self._table_kept
        if kept is None or kept[0] != self._melds_version or kept[1] is not self._melds:
            kept = self._table_kept = (self._melds_version, self._melds,
                                       self._scan(self._melds))
        return kept[2]

    def _put_melds(self, team: int, made: list[Meld]) -> None:
        kept = self._table_kept
        current = kept is not None and kept[0] == self._melds_version \
            and kept[1] is self._melds
        super()._put_melds(team, made)
        if not current:
            return
        table = list(kept[2])
        for m in made:
            by_rank, wild_size, classes = table[m.team]
            by_rank = by_rank.copy()  # (an update keeps the rank's place: table order)
            by_rank[m.rank] = m
            if m.rank is None:
                wild_size = len(m.cards)
            if len(m.cards) >= CANASTA:
                classes = [canasta_class(o, self._codes) for o in by_rank.values()
                           if len(o.cards) >= CANASTA]  # type: ignore[misc]
            table[m.team] = (by_rank, wild_size, classes)
        self._table_kept = (self._melds_version, self._melds, table)

    def _scan(self, melds: dict[int, Meld]) -> list[TeamTable]:
        teams = range(len(self.teams))
        by_rank: list[dict[str | None, Meld]] = [{} for _ in teams]
        wild_size: list[int | None] = [None for _ in teams]
        classes: list[list[str]] = [[] for _ in teams]
        codes = self._codes
        for m in melds.values():
            t = m.team
            by_rank[t][m.rank] = m
            n = len(m.cards)
            if m.rank is None:
                wild_size[t] = n
            if n >= CANASTA:
                classes[t].append(canasta_class(m, codes))  # type: ignore[arg-type]
        return list(zip(by_rank, wild_size, classes, strict=True))

    def _table_of(self, melds: dict[int, Meld] | None) -> list[TeamTable]:
        """`_table()` for the melds on the table (None, or the table's own dict), else a
        scan of the melds given (melds as an action would leave them)."""
        return self._table() if melds is None or melds is self._melds else self._scan(melds)

    def _classes(self, team: int, melds: dict[int, Meld] | None = None) -> list[str]:
        """The classes of the team's canastas, in table order (shared: read only)."""
        return self._table_of(melds)[team][2]

    def unfinished_wild(self, team: int, melds: dict[int, Meld] | None = None) -> bool:
        """CN-M12: the team has a wild meld of fewer than seven cards."""
        size = self._table_of(melds)[team][1]
        return size is not None and size < CANASTA

    def _check_whole(self, team: int, changes: list[Change]) -> None:
        """CN-M6: one meld per rank and one wild meld; CN-M12 on the whole action."""
        by_rank, size, _ = self._table()[team]
        have = set(by_rank)
        tabled = set(have)  # (the ranks the team has on the table, before this action)
        wild, rank_of = self._wild, self._rank
        for ch in changes:
            if ch.meld is not None:
                continue
            rank = None
            for i in ch.added:
                if not wild[i]:
                    rank = rank_of[i]
                    break
            if rank in have:
                what = "a wild meld" if rank is None else f"a meld of {rank}s"
                if rank not in tabled:  # (it said "already has" of a meld not yet made)
                    raise IllegalAction("CN-M6", f"one move makes at most one "
                                                 f"{what.removeprefix('a ')}; put those "
                                                 "cards into one meld.")
                raise IllegalAction("CN-M6", f"your team already has {what}; add to it by "
                                             "laying off instead.")
            have.add(rank)
        self._check_wild_reserve(team, changes, size)

    def _check_wild_reserve(self, team: int, changes: list[Change],
                            size: int | None) -> None:
        """CN-M12 (first point): while the team's wild meld, as the action leaves it, is not
        a canasta, no wild card goes into a rank meld (`size`: the wild meld's now)."""
        if not self.options["unfinished_wild_meld_blocks_wilds"]:
            return
        if len(changes) == 1 and changes[0].meld is not None \
                and (size is None or size >= CANASTA):
            return  # a lay-off while no wild meld is unfinished (the usual case)
        wild = self._wild
        into_rank = started = False
        for ch in changes:
            wilds = sum(map(wild.__getitem__, ch.added))
            is_wild_meld = ch.meld.rank is None if ch.meld is not None else wilds == len(
                ch.added)
            if is_wild_meld:
                size, started = ch.size, ch.meld is None
            elif wilds:
                into_rank = True
        if into_rank and size is not None and size < CANASTA:
            # (said of the wild meld this play starts too: "your team's wild meld" read
            # wrong to a team that had none yet, play-test)
            whose = "the wild meld this play starts" if started \
                else "your team's wild meld"
            raise IllegalAction("CN-M12", f"while {whose} is not yet a canasta, wild cards "
                                          "may go only onto it.")

    def _check_hand_left(self, seat: int, left: int, changes: list[Change]) -> None:
        """CN-G2: no empty hand but by the final discard; CN-G4: one card kept in `play`
        only if it could go out."""
        if left >= 2:
            return
        if left <= 0:
            raise IllegalAction("CN-G2", "you may not play every card: a player goes out "
                                         "only by discarding the last one.")
        if self.phase != "play":
            return  # an initial meld before the draw may keep one card
        used = {i for ch in changes for i in ch.added}
        last = next(i for i in self.hands[seat] if i not in used)
        failure = self._out_failure(seat, self._melds_after(self.team_of[seat], changes),
                                    last)
        if failure is not None:
            raise IllegalAction("CN-G4", "keep at least two cards unless you can go out with "
                                         f"the last one: {failure[1]}")

    def _check_opening(self, seat: int, changes: list[Change], cards: list[int]) -> None:
        """CN-I2, CN-I3 (and CN-O11): the initial meld's card values reach the minimum."""
        team = self.team_of[seat]
        if self.opened[team]:
            return
        need = self.min_count(team)
        got = sum(map(self._value.__getitem__, cards))
        who = "your team's" if len(self.teams[team]) > 1 else "your"
        if got < need:
            raise IllegalAction("CN-I2", f"{who} initial meld must count at least {need}; "
                                         f"this one counts {got}.")
        if need == 50 and self.options["clean_opening_at_50"] \
                and any(self._wild[i] for i in cards):
            raise IllegalAction("CN-I2", f"{who} initial meld of 50 must be made of natural "
                                         "melds only.")

    # ----------------------------------------------------------------- going out
    def _out_failure(self, seat: int, melds: dict[int, Meld],
                     card: int | None) -> tuple[str, str] | None:
        """CN-G7, then CN-G1's three conditions (the last one for `card`, when given)."""
        if self.barred:
            return "CN-G7", "your partner said no to going out this turn."
        team = self.team_of[seat]
        _, wild_size, classes = self._table_of(melds)[team]
        natural = sum(1 for c in classes if c in NATURAL_CLASSES)
        if self.options["go_out_canastas"] == "two_natural":
            if natural < 2:
                return "CN-G1", "your team needs two natural canastas to go out."
        elif not natural or not any(c in MIXED_CLASSES for c in classes):
            return "CN-G1", "your team needs a natural and a mixed canasta to go out."
        if self.options["unfinished_wild_meld_blocks_going_out"] \
                and wild_size is not None and wild_size < CANASTA:
            return "CN-G1", "your team's wild meld is not yet a canasta."
        if card is not None and (self._wild[card] or self._codes[card][0] == "3"):
            return "CN-G1", "the last card must be a natural card, not a wild card or a three."
        return None

    def _going_out_failure(self, seat: int, melds_after: dict[int, Meld]) -> tuple[str, str] | None:
        return self._out_failure(seat, melds_after, None)

    def may_go_out(self, seat: int) -> bool:
        return self._out_failure(seat, self._melds, None) is None

    # ----------------------------------------------------------------- actions
    def _plan_draw(self, seat: int, action: dict[str, Any]) -> Commit:
        """CN-T2b (a closed team draws `premeld_draw`, then only discards) and CN-T3."""
        closed = not self.opened[self.team_of[seat]]
        n = self.options["premeld_draw"] if closed else self.rules.draw_count

        # (Values as defaults, not closed over: see turns.py's note on commit functions.)
        def commit(self: Canastone = self, seat: int = seat, n: int = n,
                   closed: bool = closed) -> Events:
            new = self._take_from_stock(n)
            self._add_to_hand(seat, new)
            events: Events = [{"type": "drew", "seat": seat, "count": len(new)}]
            self.phase = "premeld_discard" if closed else "play"
            if not RED_THREES.isdisjoint(map(self._codes.__getitem__, new)):  # `_drawn`'s test
                self._drawn(seat, new, events)
            return events
        return commit

    def _plan_meld(self, seat: int, action: dict[str, Any]) -> Commit:
        """CN-T2a / CN-I1: a closed team melds in `draw`, an open one in `play` (CN-T3)."""
        is_open = self.opened[self.team_of[seat]]
        if self.phase == "draw" and is_open:
            raise IllegalAction("CN-T3", "your team has melded: draw two cards or take the "
                                         "pile before you meld.")
        if self.phase == "play" and not is_open:
            raise IllegalAction("CN-I1", "the initial meld is made before drawing.")
        return super()._plan_meld(seat, action)

    def _plan_lay_off(self, seat: int, action: dict[str, Any]) -> Commit:
        """CN-M9..M12 on the one meld, then CN-G2 / CN-G4 on the hand left."""
        commit = super()._plan_lay_off(seat, action)
        cards = action["cards"]
        team = self.team_of[seat]
        size = self._table()[team][1]
        left = len(self.hands[seat]) - len(cards)
        # The usual lay-off (no wild meld unfinished, two cards kept) passes both checks
        # below: it is told here, before a change is made to be judged.
        if (size is not None and size < CANASTA) or left < 2:
            change = new_change(self._melds[action["meld"]], tuple(cards))
            self._check_wild_reserve(team, [change], size)
            self._check_hand_left(seat, left, [change])
        return commit

    def _plan_discard(self, seat: int, action: dict[str, Any]) -> Commit:
        """CN-T6, CN-M12 (no wild discard while the wild meld is unfinished, unless the hand
        is all wild, CN-A20), CN-G1 / CN-G3 / CN-G7 for the last card; a wild card
        discarded freezes the pile (CN-P3)."""
        card = action.get("card")
        if type(card) is not int:
            card = self._field(action, "card", int)
        hand = self.hands[seat]
        wild = False
        if card in hand:
            wild = self._wild[card]
            if len(hand) == 1:
                failure = self._out_failure(seat, self._melds, card)
                if failure is not None:
                    raise IllegalAction(failure[0], "discarding your last card would go out: "
                                                    + failure[1])
            elif wild and self.options["unfinished_wild_meld_blocks_wilds"] \
                    and self.unfinished_wild(self.team_of[seat]) \
                    and not all(map(self._wild.__getitem__, hand)):
                raise IllegalAction("CN-M12", "while your team's wild meld is not yet a "
                                              "canasta, you may not discard a wild card.")
        commit = super()._plan_discard(seat, action)
        if not wild or self.frozen:
            return commit

        def freezing() -> Events:
            self.frozen = True
            events = commit()
            events.insert(1, {"type": "pile_frozen"})
            return events
        return freezing

    def _plan_take_pile(self, seat: int, action: dict[str, Any]) -> Commit:
        """CN-P1..P11, refused in the order CN-P11 gives."""
        team = self.team_of[seat]
        if not self.opened[team]:
            raise IllegalAction("CN-P1", "your team must have melded before it can take the "
                                         "pile: make your initial meld first, or draw.")
        if not self.discard:
            raise IllegalAction("CN-P2", "the pile is empty.")
        top = self.discard[-1]
        if self._group[top] in (None, WILD):
            raise IllegalAction("CN-P2", f"a {self._codes[top]} on top stops anyone taking "
                                         "the pile.")
        cards = self._id_list(self._field(action, "cards", list), "'cards'")
        extra = self._meld_lists(action.get("melds") or [], "'melds'")
        hand = self.hands[seat]
        seen: set[int] = set()
        for i in cards:
            if i in seen or i not in hand:
                raise IllegalAction("CN-P4", f"card {i} is not in your hand (or is named "
                                             "twice).")
            seen.add(i)
        rank = self._rank[top]
        need = 3 if self.frozen else 2
        if any(self._group[i] != rank for i in cards):
            raise IllegalAction("CN-P4", f"the cards shown with the pile must be natural "
                                         f"{rank}s, like its top card.")
        if len(cards) < need:
            why = " (the pile is frozen)" if self.frozen else ""
            raise IllegalAction("CN-P4", f"taking the pile needs {need} natural {rank}s from "
                                         f"your hand{why}.")
        received = [*self.discard[:-1], *self.face_down]
        kept = sum(1 for i in received if self._codes[i] not in RED_THREES)
        if len(hand) - len(cards) + kept == 0:  # CN-P9
            raise IllegalAction("CN-G2", "taking the pile this way would leave you with no "
                                         "cards.")
        if extra:
            self._trial_take(seat, action)
        target = next((m for m in self._melds.values() if m.team == team and m.rank == rank),
                      None)

        def commit() -> Events:
            pile, under = self.discard, self.face_down
            self.discard, self.face_down, self.frozen = [], [], False
            self._remove(seat, cards)
            events: Events = [{"type": "took_pile", "seat": seat, "top": self._card(top),
                               "cards": self._cards_view(cards),
                               "received": len(pile) - 1 + len(under),
                               "face_down": len(under)}]
            self._commit_changes(seat, [new_change(target, (top, *cards))], events)  # CN-P5
            self._add_to_hand(seat, [*pile[:-1], *under])  # CN-P6, CN-P7
            self._show_in_hand(seat, pile[:-1])  # (the face-down cards only it has seen)
            self._expose_red_threes(seat, events, replace=False)  # CN-R3
            self.phase = "play"
            new = self._take_from_stock(1)  # CN-P8
            self._add_to_hand(seat, new)
            events.append({"type": "drew", "seat": seat, "count": len(new)})
            if self._drawn(seat, new, events) and extra:  # CN-P10
                events.extend(self._plan(seat, {"type": "meld",
                                                "melds": [list(m) for m in extra]})())
            return events
        return commit

    def _trial(self) -> Canastone:
        """A copy of the game to try steps on (an ask's plan, a take's extra melds): the
        containers a step changes are copied, the faces and rules shared, the caches
        dropped. `clone()` (the whole state through `to_dict`) cost 6% of the bench's
        legal loop, in the asks its listing checks."""
        trial = copy.copy(self)
        for k in self._ALL_KEPT:
            setattr(trial, k, None)
        trial.hands = [list(h) for h in self.hands]
        trial.feet = [list(f) for f in self.feet]
        trial._hand_index = [None] * self.seats
        trial._hand_version = list(self._hand_version)
        trial.stock, trial.discard = list(self.stock), list(self.discard)
        trial.face_down = list(self.face_down)
        trial.melds = dict(self._melds)
        trial.red_threes = [list(r) for r in self.red_threes]
        trial.opened = list(self.opened)
        trial.stage, trial.foot_played = list(self.stage), list(self.foot_played)
        trial.first_turn_done = list(self.first_turn_done)
        trial.totals = dict(self.totals)
        trial.score_sheet = list(self.score_sheet)
        trial.log, trial.events = [], []
        trial.to_act_list = list(self._to_act_list)
        trial._checkers, trial._meld_views = {}, {}
        trial._public_cache = None
        return trial

    def _trial_take(self, seat: int, action: dict[str, Any]) -> None:
        """CN-P10: the extra melds are judged as a `meld` right after the take and draw."""
        trial = self._trial()
        trial._plan_take_pile(seat, {"type": "take_pile", "cards": action["cards"]})()
        if trial.phase == "play":
            trial._plan(seat, {"type": "meld", "melds": plain_copy(action["melds"])})

    def _plan_ask_to_go_out(self, seat: int, action: dict[str, Any]) -> Commit:
        """CN-G5: the ask carries the whole going out, checked now, applied on "yes"."""
        partners = self.partners(seat)
        if not partners:
            raise IllegalAction("CN-G5", "there is no partner to ask in a game without "
                                         "partnerships.")
        if not self.options["partner_permission"]:
            raise IllegalAction("CN-O10", "asking a partner to go out is not played at this "
                                          "table.")
        if self.asked:
            raise IllegalAction("CN-G5", "you may ask only once per turn.")
        partner = action.get("partner")
        if partner is None:
            if len(partners) > 1:
                raise IllegalAction("CN-G5", "with six players, name the partner you ask.")
            partner = partners[0]
        elif partner not in partners:
            raise IllegalAction("CN-G5", "you may ask only one of your partners.")
        if len(self.hands[seat]) < 2:
            raise IllegalAction("CN-G5", "with one card left you go out by discarding it; "
                                         "there is nothing to ask.")
        steps = self._plan_steps(self._field(action, "plan", dict))
        trial = self._trial()
        try:
            for step in steps[:-1]:
                trial._plan(seat, step)()
            # The discard, always last, is checked but not played: it goes out exactly when
            # it is the one card left (its plan has judged that going out), and playing it
            # would score the deal on the copy, most of an ask's cost.
            trial._plan(seat, steps[-1])
        except EngineError as e:
            raise type(e)(e.rule, e.message) from None
        if len(trial.hands[seat]) != 1:
            # ("the plan must go out" spoke the engine's word, not the player's, play-test)
            raise IllegalAction("CN-G5", "what you ask to go out with must go out: its melds, "
                                         "lay-offs and discard must leave your hand empty.")

        def commit() -> Events:
            self.asked = True
            self.plan = {"steps": steps, "partner": partner}
            self.phase = "answer"
            self.to_act_list = [partner]
            return [{"type": "asked_to_go_out", "seat": seat, "partner": partner}]
        return commit

    def _plan_steps(self, plan: dict[str, Any]) -> list[dict[str, Any]]:
        """A plan's melds, lay-offs and discard as the actions they stand for, in order."""
        melds = plan.get("melds") or []
        lay_offs = plan.get("lay_offs") or []
        if not isinstance(melds, list) or not isinstance(lay_offs, list) \
                or not all(isinstance(x, dict) for x in lay_offs):
            raise self._invalid("'plan' holds 'melds' (a list of melds), 'lay_offs' (a list "
                                "of {meld, cards}) and 'discard' (a card id).")
        card = plan.get("discard")
        if type(card) is not int:
            raise self._invalid("'plan' must name its 'discard', a card id.")
        steps: list[dict[str, Any]] = []
        if melds:
            steps.append({"type": "meld", "melds": plain_copy(melds)})
        for lay in lay_offs:
            steps.append({"type": "lay_off", "meld": lay.get("meld"),
                          "cards": plain_copy(lay.get("cards"))})
        steps.append({"type": "discard", "card": card})
        return steps

    # ----------------------------------------------------------------- scoring
    def _score_deal(self, went_out: int | None) -> dict[str, Any]:
        return score_deal(self, went_out)

    # ----------------------------------------------------------------- views
    def _build_public_view(self) -> dict[str, Any]:
        """The contract's keys and Canastone's own (docs/engine.md), built here whole rather
        than as the family's view patched; what changes only between deals, or when a team
        opens, is kept and copied in at C speed (a view is built on every action)."""
        top = self.discard[-1] if self.discard else None
        melds, _, melded = self._melds_public()
        hands = self.hands
        up, down = len(self.discard), len(self.face_down)
        table = self._table()
        kept = self._cn_canastas_kept
        if kept is None or kept[0] is not table:
            kept = self._cn_canastas_kept = (
                table, {t: team[2] for t, team in enumerate(table)})
        plan = self.plan
        stock = len(self.stock)
        # The slow keys copied, then the rest set one by one (the same key order): cheaper
        # than merging both into a new dict.
        v = self._slow_public().copy()
        v["phase"] = self.phase
        v["turn"] = self.turn
        v["to_act"] = sorted(self._to_act_list)
        v["counts"] = dict(enumerate(map(HAND_SIZES.__getitem__, map(len, hands))))
        v["melds"] = melds
        v["discard"] = {"top": self._card_views[top] if top is not None else None,
                        "size": up + down, "face_up": up, "face_down": down,
                        "frozen": self.frozen,
                        "blocked": top is None or self._group[top] in (None, WILD)}
        v["stock"] = stock
        v["zones"] = {"stock": stock, "discard": up, "face_down": down,
                      "hands": sum(map(len, hands)), "melds": melded,
                      "red_threes": sum(map(len, self.red_threes))}
        v["red_threes"] = self._red_threes_public()
        v["canastas"] = kept[1]
        v["asked"] = self.asked
        v["barred"] = self.barred
        v["question"] = None if plan is None else {"seat": self.turn,
                                                   "partner": plan["partner"]}
        return v

    def _slow_public(self) -> dict[str, Any]:
        """The view's keys that change only between deals or when a team opens."""
        key = (*self.opened, self.deal_number, len(self.score_sheet), self.over,
               self.dealer)
        kept = self._cn_slow_kept
        if kept is not None and kept[0] == key:
            return kept[1]
        teams = range(len(self.teams))
        opened = dict(enumerate(self.opened))
        fixed = self._fixed_public
        totals, sheet, winners = self._scores_public()
        slow = {
            "game": self.name, "title": self.title, "deal_number": self.deal_number,
            "dealer": self.dealer, "teams": fixed["teams"], "wild_ranks": fixed["wild_ranks"],
            "partnership": len(self.teams) < self.seats,
            "opened": opened, "open": opened,
            "min_count": {t: 0 if self.opened[t] else self.min_count(t) for t in teams},
            "initial_minimum": {t: self.min_count(t) for t in teams},
            "target_score": self.options["target_score"],
            "go_out_canastas": self.options["go_out_canastas"],
            "max_deals": self.options["max_deals"],
            "totals": totals, "score_sheet": sheet, "over": self.over, "winners": winners,
        }
        self._cn_slow_kept = (key, slow)
        return slow

    def _add_private(self, view: dict[str, Any], seat: int) -> None:
        """The asker alone sees the plan it sent (CN-G5: hidden from everybody else)."""
        if self.plan is not None and seat == self.turn:
            view["plan"] = self.plan["steps"]

    legal = _legal = legal_kinds

    # ----------------------------------------------------------------- positions
    def _load_extra(self, spec: dict[str, Any], pool: Any) -> dict[str, list[list[int]]]:
        """Position keys `red_threes` (codes by team) and `face_down_under_pile` (a count
        or codes)."""
        reds = {int(k): v for k, v in (spec.get("red_threes") or {}).items()}
        red_ids = [pool.zone(reds.get(t, "")) for t in range(len(self.teams))]
        under = pool.zone(spec.get("face_down_under_pile", 0))
        return {"red_threes": red_ids, "_face_down_loaded": [under]}

    def _load_flags(self, spec: dict[str, Any]) -> None:
        self.face_down = self._face_down_loaded[0]
        self._face_down_loaded = None
        frozen = spec.get("frozen")
        self.frozen = any(self._wild[i] for i in self.discard) if frozen is None else bool(
            frozen)
        if "target_score" in spec:
            self.options["target_score"] = spec["target_score"]
            validate_options(self.seats, self.options)
            self.rules = cn_rules(self.options)
        self.first_turn_done = [True] * self.seats
        self._reset_turn()
        self.asked = bool(spec.get("asked", False))
        self.barred = bool(spec.get("barred", False))
        if self.phase not in self.PHASES or self.phase == "answer":
            raise InvalidAction("position", f"'{self.phase}' is not a Canastone phase a "
                                            "position may start in.")
        self.to_act_list = {"deal_over": [self._dealers(self.deal_number + 1)[0]],
                            "game_over": []}.get(self.phase, [self.turn])
        self.over = self.phase == "game_over"
        for s in range(self.seats):
            if any(self.codes[i] in RED_THREES for i in self.hands[s]):
                raise InvalidAction("CN-R6", f"seat {s} holds a red three; red threes are "
                                             "never kept in a hand.")

    def _position_extra(self) -> dict[str, Any]:
        def text(ids: list[int]) -> str:
            return " ".join(self.codes[i] for i in ids)

        return {
            "options": dict(self.options),
            "face_down_under_pile": text(self.face_down), "frozen": self.frozen,
            "red_threes": {t: text(r) for t, r in enumerate(self.red_threes)},
            "asked": self.asked, "barred": self.barred,
            "target_score": self.options["target_score"],
            "go_out_canastas": self.options["go_out_canastas"],
        }

