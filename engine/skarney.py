"""Skarney (`skarney`), as specified in shared/rules/skarney.md.

Four players in two partnerships, or two to four for themselves; 2 packs and 4 jokers,
11 cards each and no discard pile. What differs from the shared core lives here and in
`sk_melds.py` / `sk_legal.py` / `sk_options.py`: groups and same-suit sequences with one
wild card at most, whose place in a sequence is declared and kept (SK-M); stealing a wild
card back with the natural it stands for (SK-W); the contract by deal (SK-I); two cards a
meld a turn (SK-M9); the offer that replaces the discard, asked seat by seat (SK-F, the
`offer` phase, whose `to_act` is the seat being asked); the last card declared, the end
when the stock runs out (SK-T4, SK-E2); asking the partner with a binding plan (SK-G3,
SK-G4); the score with its hand and shutdown bonuses, and void deals dealt again (SK-S,
SK-E4). Rule ids in messages are the ones of that file.
"""

from __future__ import annotations

from itertools import permutations
from typing import Any, ClassVar

from .basic_bot import Tactics
from .cards import JOKER, RANK_ORDER
from .core import Commit, Events, FamilyGame, plain_copy, teams_for
from .errors import EngineError, IllegalAction, InvalidAction
from .melds import (
    Change,
    Meld,
    Run,
    RunChange,
    apply_run_change,
    new_meld,
    new_run,
)
from .permission import PartnerPermission, PlannedAnswer
from .sk_legal import legal_kinds
from .sk_melds import SKMeldChecker, wild_group_kind
from .sk_options import (
    SHUTDOWN_BONUS,
    contract_patterns,
    hand_bonus,
    partnership,
    sk_rules,
    validate_options,
)
from .turns import CanastaGame

# SK-C4: what a melded card earns (jokers and twos earn double in a group of their own).
MELD_VALUES = {"A": 15, "K": 10, "Q": 10, "J": 10, "10": 10}


def meld_value(code: str, own_group: bool) -> int:
    if code == JOKER:
        return 100 if own_group else 50
    rank = code[:-1]
    if rank == "2":
        return 50 if own_group else 25
    return MELD_VALUES.get(rank, 5)


class SKTactics(Tactics):
    """The basic bot's Skarney habits: a turn ends by offering a card (SK-F), an offer
    that pairs with the hand or fits a meld of its own side is taken, a wild card is
    stolen whenever the listing offers a steal, and a last card is declared."""

    discard_kind = "offer"
    search_horizon = 600
    """A Skarney deal ends a few dozen actions after someone is close to going out: the
    search plays it to the end (18 of 24 games against basic, 14 of 24 cut at 48)."""

    def other(self, entry: dict[str, Any], view: dict[str, Any],
              rng: Any) -> dict[str, Any] | None:
        kind = entry["type"]
        if kind == "steal_wild" and entry.get("options"):
            return dict(entry["options"][0])
        if kind == "declare_last_card":
            return {"type": kind}
        if kind in ("accept", "decline"):
            return {"type": "accept" if self._wanted(view) else "decline"}
        return None

    def _wanted(self, view: dict[str, Any]) -> bool:
        card = ((view.get("offer") or {}).get("card") or {}).get("code", "")
        if not card or self.is_wild(card, view):
            return bool(card)
        rank = self.rank(card)
        team = self.side_of(view)
        if any(m.get("team") == team and m.get("rank") == rank
               for m in view.get("melds", ())):
            return True
        held = sum(self.rank(c["code"]) == rank for c in view.get("hand", ()))
        # An accepted ace costs the draw (SK-F6): taken only when it makes a meld. Taken
        # to make a pair, two basic bots with an ace or two each passed them to and fro,
        # neither drawing, and the deal never ended.
        return held >= (2 if rank == "A" else 1)


class Skarney(PlannedAnswer, CanastaGame):
    KEPT: ClassVar[tuple[str, ...]] = (
        "_contract_kept", "_extra_kept", "_sk_card_tables", "_sk_meld_parts", "_sk_table")
    __slots__ = (*PlannedAnswer.SLOTS, *KEPT, "partnership", "attempt", "skip_draw",
                 "offer_ban", "offer", "layoffs_this_turn", "contract_turn", "drew_last",
                 "draw_skipped")
    name = "skarney"
    BOT_TACTICS: ClassVar[Tactics] = SKTactics()
    title = "Skarney"
    PHASES: ClassVar[dict[str, frozenset[str]]] = {
        "draw": frozenset({"draw"}),
        "play": frozenset({"steal_wild", "meld", "lay_off", "ask_to_go_out", "offer",
                           "declare_last_card", "end_turn"}),
        "offer": frozenset({"accept", "decline"}),
        "answer": frozenset({"answer"}),
        "deal_over": frozenset({"next_deal"}),
        "game_over": frozenset(),
    }
    ACTIONS = frozenset({"draw", "steal_wild", "meld", "lay_off", "ask_to_go_out", "offer",
                         "declare_last_card", "end_turn", "accept", "decline", "answer",
                         "next_deal"})
    STATE = (*FamilyGame.STATE, "feet", "stage", "foot_played", "first_turn_done",
             "attempt", "skip_draw", "offer_ban", "offer", "layoffs_this_turn",
             "contract_turn", "drew_last", "draw_skipped", "asked", "barred", "plan")
    MELD_ORDER = ()
    MELD_IDS: ClassVar[dict[str, str]] = {}
    CHECKER = SKMeldChecker
    PILE_OF: ClassVar[dict[str, str]] = {}
    COUNT_FLAG = "skip_draw"
    SECOND_ZONE = "feet"

    def __init__(self, seats: int, seed: int, options: dict[str, Any] | None = None,
                 _deal: bool = True) -> None:
        opts = validate_options(seats, options)
        self.rules = sk_rules(opts)
        super().__init__(seats, seed, opts, teams_for(seats, partnership(seats, opts)))
        self._setup_hands(seats)
        self.partnership = len(self.teams) < seats
        self.attempt = 0                       # void replays of this deal so far (SK-D2)
        self.skip_draw: list[bool] = [False] * seats
        self.offer_ban: dict[int, list[str]] = {}
        self.offer: dict[str, Any] | None = None
        self._reset_turn()
        if _deal:
            self.events = self._start_deal(1)

    def _reset_turn(self) -> None:
        self.layoffs_this_turn: dict[int, int] = {}
        self.contract_turn = False
        self.drew_last = False
        self.draw_skipped = False
        self.asked = False
        self.barred = False
        self.plan: dict[str, Any] | None = None

    @classmethod
    def _blank(cls, seats: int, seed: int, options: dict[str, Any]) -> Skarney:
        return cls(seats, seed, options, _deal=False)

    @classmethod
    def validate_options(cls, seats: int, options: dict[str, Any] | None) -> dict[str, Any]:
        return validate_options(seats, options)

    def partner(self, seat: int) -> int:
        return PartnerPermission.partner(self, seat)  # type: ignore[arg-type]

    # ----------------------------------------------------------------- the deal
    def _dealers(self, number: int) -> tuple[int, int]:
        """SK-D1: the dealer moves one seat clockwise after each counted deal."""
        dealer = (self.options["first_dealer"] + number - 1) % self.seats
        return dealer, dealer

    def _deal_attempt(self) -> int:
        return self.attempt

    def _reset_deal(self) -> None:
        self.skip_draw = [False] * self.seats
        self.offer_ban = {}
        self.offer = None

    def _deal_started_event(self, number: int) -> dict[str, Any]:
        return {"type": "deal_started", "deal": number, "dealer": self.dealer,
                "replay": self.attempt}

    def contract(self) -> list[list[tuple[int, str | None]]]:
        """SK-I2: this deal's contract patterns (kept for the deal: listings ask often)."""
        kept = self._contract_kept
        if kept is None or kept[0] != self.deal_number:
            patterns = contract_patterns(self.options, self.deal_number)
            kept = self._contract_kept = (
                self.deal_number, patterns,
                [[{"size": n, "kind": k} for n, k in p] for p in patterns],
                " or ".join(pattern_text(p) for p in patterns))
        return kept[1]

    def _contract_view(self) -> tuple[list[Any], str]:
        self.contract()
        kept = self._contract_kept
        return kept[2], kept[3]

    # ----------------------------------------------------------------- turns
    def _turn_started(self, seat: int) -> None:
        self._reset_turn()

    def _begin_turn(self, events: Events) -> None:
        """SK-T2, SK-F6: a seat that accepted an ace or a wild card starts in `play`."""
        super()._begin_turn(events)
        seat = self.turn
        if self.skip_draw[seat]:
            self.skip_draw = [s != seat and f for s, f in enumerate(self.skip_draw)]
            self.draw_skipped = True
            self.phase = "play"
            events.append({"type": "draw_skipped", "seat": seat})

    def _close_turn(self, events: Events) -> None:
        """SK-T5, SK-F8: the ban of the seat whose turn ends is over; the next seat plays."""
        if self.turn in self.offer_ban:
            self.offer_ban = {s: c for s, c in self.offer_ban.items() if s != self.turn}
        self.offer = None
        self.turn = (self.turn + 1) % self.seats
        self._begin_turn(events)

    def _after_play(self, seat: int, events: Events, discarded: bool) -> None:
        """SK-G1: an empty hand after a meld or lay-off is a going out."""
        if not self.hands[seat]:
            self._went_out(seat, events, discarded)

    def _refuse_turn(self, seat: int, kind: str) -> None:
        if kind == "draw" and seat == self.turn and self.phase == "play" and self.draw_skipped:
            raise IllegalAction("SK-F6", "you took an offered ace or wild card, so you do not "
                                         "draw this turn.")
        if kind in ("offer", "declare_last_card") and self.phase == "offer":
            raise IllegalAction("SK-T1", "a card is on offer; only the player asked may "
                                         "answer it.")
        super()._refuse_turn(seat, kind)

    # ----------------------------------------------------------------- melds
    def meld_kind(self, m: Meld) -> str:
        if type(m) is Run:
            return "sequence"
        if m.rank is None:
            return wild_group_kind([self._codes[i] for i in m.cards]) or "joker_group"
        return "group"

    def _apply_change(self, ch: Change, new_id: int, team: int) -> Meld:
        """A sequence keeps its cards in order, each wild card at its declared place
        (SK-M6, SK-M12), so a view shows it as it lies."""
        m = super()._apply_change(ch, new_id, team)
        if type(m) is not Run:
            return m
        return self._ordered(m)

    def _ordered(self, m: Run) -> Run:
        declared = dict(m.declared)
        ranks = {(declared.get(i) or self._codes[i])[:-1] for i in m.cards}
        low = self.rules.ace_low and "2" in ranks and "K" not in ranks  # A-2-3 (SK-O4)

        def place(i: int) -> int:
            o = RANK_ORDER[(declared.get(i) or self._codes[i])[:-1]]
            return -1 if low and o == RANK_ORDER["A"] else o

        cards = tuple(sorted(m.cards, key=place))
        return new_run(m.id, m.team, cards, m.wilds, m.suit, m.declared)

    def _position_meld(self, mid: int, team: int, ids: list[int],
                       declared: dict[int, str]) -> Meld:
        codes = [self.codes[i] for i in ids]
        naturals = {c[:-1] for c in codes if not self.rules.is_wild(c)}
        if len(naturals) < 2:
            return super()._position_meld(mid, team, ids, declared)
        wilds = sum(1 for c in codes if self.rules.is_wild(c))
        suit = next(c[-1] for c in codes if not self.rules.is_wild(c))
        run = apply_run_change(Change(None, tuple(ids)), mid, team, self.rules, self.codes)
        return self._ordered(Run(mid, team, "", run.cards, wilds, suit,
                                 tuple(sorted(declared.items()))))

    def _meld_text(self, m: Meld) -> str:
        declared = dict(m.declared) if type(m) is Run else {}
        return " ".join(self.codes[i] + (f"={declared[i]}" if i in declared else "")
                        for i in m.cards)

    def _melding(self, seat: int, kind: str) -> None:
        """SK-I4, SK-I5: before the contract nothing but the contract; in its turn nothing
        after it."""
        team = self.team_of[seat]
        if kind == "lay_off" and not self.opened[team]:
            raise IllegalAction("SK-I4", "until your contract is made you may only steal wild "
                                         "cards and make the contract.")
        if self.contract_turn and not self.options["contract_turn_play"]:
            raise IllegalAction("SK-I5", "in the turn you make your contract you make no other "
                                         "meld and lay off nothing.")

    def _check_hand_left(self, seat: int, left: int, changes: list[Change]) -> None:
        """SK-G4: after a refused ask, nothing that would empty the hand this turn."""
        if left == 0 and self.barred:
            raise IllegalAction("SK-G4", "your partner said no, so you may not go out this "
                                         "turn.")

    def _check_opening(self, seat: int, changes: list[Change], cards: list[int]) -> None:
        """SK-I1, SK-I2: a team's first meld is exactly one of the deal's patterns."""
        if self.opened[self.team_of[seat]]:
            return
        made = [(len(ch.added), self._slot_kind(ch)) for ch in changes]
        for pattern in self.contract():
            if matches(made, pattern):
                return
        raise IllegalAction("SK-I2", "your contract this deal must be exactly "
                            + " or ".join(pattern_text(p) for p in self.contract()) + ".")

    def _slot_kind(self, ch: Change) -> str:
        wild = self._wild
        naturals = {self._rank[i] for i in ch.added if not wild[i]}
        return "wild_group" if not naturals else "group" if len(naturals) == 1 else "sequence"

    def _with_declared(self, commit: Commit) -> Commit:
        """Melds and lay-offs on a sequence say in their event what its wild cards stand
        for (public: the table shows it)."""
        def done() -> Events:
            events = commit()
            for e in events:
                if e["type"] in ("melded", "laid_off"):
                    m = self._melds.get(e["meld"])
                    if type(m) is Run and m.declared:
                        e["as"] = {i: c for i, c in m.declared}
            return events
        return done

    # ----------------------------------------------------------------- actions
    def _plan_draw(self, seat: int, action: dict[str, Any]) -> Commit:
        drawing = super()._plan_draw(seat, action)

        def commit() -> Events:
            events = drawing()
            if not self.stock:  # SK-E2: this turn is the deal's last
                self.drew_last = True
                events.append({"type": "stock_exhausted", "seat": seat})
            return events
        return commit

    def _plan_meld(self, seat: int, action: dict[str, Any]) -> Commit:
        self._melding(seat, "meld")
        down = self.opened[self.team_of[seat]]
        commit = super()._plan_meld(seat, action)

        def done() -> Events:
            events = commit()
            if not down:
                self.contract_turn = True
            return events
        return self._with_declared(done)

    def _meld_changes(self, value: Any) -> list[Change]:
        return [self._placed(ch) for ch in super()._meld_changes(value)]

    def _placed(self, ch: Change) -> Change:
        """SK-M6, our reading: a sequence's wild card whose place is the only one that fits
        (J♠ 2♣ K♠: the Q♠, or a wild laid off where one end is closed) stands there
        without being declared, as a player laying it in the gap would expect; where two
        places fit, the player must still say which."""
        codes, wild = self._codes, self._wild
        if not all(type(i) is int and 0 <= i < len(codes) for i in ch.added):
            return ch  # the usual checks refuse it, naming their rule
        declared = dict(getattr(ch, "declared", ()))
        loose = [i for i in ch.added if wild[i] and i not in declared]
        if len(loose) != 1:
            return ch
        if type(ch.meld) is not Run and (ch.meld is not None or len(
                {self._rank[i] for i in ch.added if not wild[i]}) < 2):
            return ch  # a group's wild card needs no place
        fits = self._checker(self.team_of[self.turn]).places(ch, loose[0])
        if len(fits) != 1:
            return ch
        declared[loose[0]] = fits[0]
        return RunChange(ch.meld, ch.added, tuple(sorted(declared.items())))

    def _plan_lay_off(self, seat: int, action: dict[str, Any]) -> Commit:
        """SK-M9: on the team's own melds, at most `layoff_limit` cards a meld a turn."""
        self._melding(seat, "lay_off")
        commit = super()._plan_lay_off(seat, action)
        mid, count = action["meld"], len(action["cards"])
        limit = self.options["layoff_limit"]
        done_before = self.layoffs_this_turn.get(mid, 0)
        if limit is not None and done_before + count > limit:
            raise IllegalAction("SK-M9", f"at most {limit} cards may be laid off on one meld "
                                         f"in a turn; this meld has had {done_before}.")
        self._check_hand_left(seat, len(self.hands[seat]) - count, [])

        def done() -> Events:
            events = commit()
            self.layoffs_this_turn = {**self.layoffs_this_turn, mid: done_before + count}
            return events
        return self._with_declared(done) if type(self._melds[mid]) is Run else done

    def _lay_off_change(self, target: Meld, ids: tuple[int, ...],
                        action: dict[str, Any]) -> Change:
        return self._placed(super()._lay_off_change(target, ids, action))

    def _plan_steal_wild(self, seat: int, action: dict[str, Any]) -> Commit:
        """SK-W1..W5: a natural from hand for the wild card it stands for, from an opposing
        team's group or sequence."""
        mid = self._field(action, "meld", int)
        wild_id = self._field(action, "wild", int)
        card = self._field(action, "card", int)
        m = self._melds.get(mid)
        if m is None:
            raise IllegalAction("SK-W2", f"there is no meld #{mid}.")
        if m.team == self.team_of[seat]:
            raise IllegalAction("SK-W2", "wild cards are stolen from opponents' melds only.")
        if m.rank is None and type(m) is not Run:
            raise IllegalAction("SK-W2", "a group of jokers or of twos can never be robbed.")
        if wild_id not in m.cards or not self._wild[wild_id]:
            raise IllegalAction("SK-W2", f"meld {mid} holds no such wild card.")
        if card not in self.hands[seat]:
            raise IllegalAction("SK-W3", f"card {card} is not in your hand.")
        code = self._codes[card]
        if type(m) is Run:
            means = dict(m.declared)[wild_id]
            fits = code == means and not self._wild[card]
            need = f"the {means}"
        else:
            fits = not self._wild[card] and self._rank[card] == m.rank
            need = f"a natural {m.rank}"
        if not fits:
            extra = " (no natural 2 exists, so it stays)" if need.endswith(("2S", "2H", "2D",
                                                                            "2C")) else ""
            raise IllegalAction("SK-W3", f"that wild card is taken back only with {need}"
                                         f"{extra}, not {code}.")

        def commit() -> Events:
            base = self._melds[mid]
            cards = tuple(card if i == wild_id else i for i in base.cards)
            if type(base) is Run:
                new: Meld = new_run(base.id, base.team, cards, 0, base.suit,
                                    tuple(d for d in base.declared if d[0] != wild_id))
            else:
                new = new_meld(base.id, base.team, base.rank, cards, 0)
            self._remove_one(seat, card)
            self._add_to_hand(seat, [wild_id])
            self._show_in_hand(seat, [wild_id])
            self._put_melds(base.team, [new])
            return [{"type": "stole", "seat": seat, "meld": mid, "team": base.team,
                     "wild": {"code": self._codes[wild_id]}, "card": self._card(card)}]
        return commit

    def _plan_offer(self, seat: int, action: dict[str, Any]) -> Commit:
        """SK-F1..F4, SK-F7, SK-T4, SK-E2."""
        card = self._field(action, "card", int)
        hand = self.hands[seat]
        if card not in hand:
            raise IllegalAction("SK-T1", f"card {card} is not in your hand.")
        if self.drew_last:
            raise IllegalAction("SK-E2", "you drew the last card of the stock: end your turn "
                                         "without an offer.")
        if len(hand) < 2:
            raise IllegalAction("SK-T4", "with one card left you declare it instead of "
                                         "offering it.")
        code = self._codes[card]
        banned = self.offer_ban.get(seat, [])
        if self._same_code(code, banned) and not all(
                self._same_code(self._codes[i], banned) for i in hand):
            article = "an" if code[0] in "A8" else "a"
            raise IllegalAction("SK-F7", f"you took {article} {code} on offer and may not "
                                         "offer that card back this turn.")
        left = (seat + 1) % self.seats
        if self._wild[card] or self._rank[card] == "A":  # SK-F3
            order = [left]
        else:
            order = [(seat + k) % self.seats for k in range(1, self.seats)]

        def commit() -> Events:
            self.offer = {"seat": seat, "card": card, "asked": order[0],
                          "remaining": order[1:]}
            self.phase = "offer"
            self.to_act_list = [order[0]]
            return [{"type": "offered", "seat": seat, "card": self._card(card),
                     "asked": order[0]}]
        return commit

    @staticmethod
    def _same_code(code: str, banned: list[str]) -> bool:
        return code in banned

    def _plan_accept(self, seat: int, action: dict[str, Any]) -> Commit:
        def commit() -> Events:
            offer = self.offer
            assert offer is not None
            card, giver = offer["card"], offer["seat"]
            code = self._codes[card]
            self._remove_one(giver, card)
            self._add_to_hand(seat, [card])
            self._show_in_hand(seat, [card])
            if self._wild[card] or self._rank[card] == "A":  # SK-F6
                self.skip_draw = [f or s == seat for s, f in enumerate(self.skip_draw)]
            self.offer_ban = {**self.offer_ban, seat: [*self.offer_ban.get(seat, []), code]}
            events: Events = [{"type": "accepted", "seat": seat, "from": giver,
                               "code": code}]
            self._close_turn(events)
            return events
        return commit

    def _plan_decline(self, seat: int, action: dict[str, Any]) -> Commit:
        def commit() -> Events:
            offer = self.offer
            assert offer is not None
            events: Events = [{"type": "declined", "seat": seat}]
            rest = offer["remaining"]
            if rest:
                self.offer = {**offer, "asked": rest[0], "remaining": rest[1:]}
                self.to_act_list = [rest[0]]
                return events
            events.append({"type": "offer_returned", "seat": offer["seat"],
                           "code": self._codes[offer["card"]]})
            self._show_in_hand(offer["seat"], [offer["card"]])  # back, seen by all
            self._close_turn(events)
            return events
        return commit

    def _plan_declare_last_card(self, seat: int, action: dict[str, Any]) -> Commit:
        if self.drew_last:
            raise IllegalAction("SK-E2", "you drew the last card of the stock: end your turn.")
        if len(self.hands[seat]) != 1:
            raise IllegalAction("SK-T4", "you declare your last card only when you hold "
                                         "exactly one.")

        def commit() -> Events:
            events: Events = [{"type": "last_card", "seat": seat}]
            self._close_turn(events)
            return events
        return commit

    def _plan_end_turn(self, seat: int, action: dict[str, Any]) -> Commit:
        if not self.drew_last:
            raise IllegalAction("SK-T4", "a turn ends with an offer, or by declaring your last "
                                         "card; end_turn only after drawing the last card.")

        def commit() -> Events:
            events: Events = [{"type": "turn_ended", "seat": seat}]
            self._end_deal(events, went_out=None)
            return events
        return commit

    # ----------------------------------------------------------------- going out
    def _going_out_failure(self, seat: int, melds_after: dict[int, Meld]) -> tuple[str, str] | None:
        if self.barred:
            return "SK-G4", "your partner said no this turn."
        return None

    def _plan_ask_to_go_out(self, seat: int, action: dict[str, Any]) -> Commit:
        """SK-G3: the whole going out is carried, checked now and applied on "yes"."""
        if not self.partnership:
            raise IllegalAction("SK-G3", "there is no partner to ask in individual play.")
        if self.asked:
            raise IllegalAction("SK-G3", "you may ask only once per turn.")
        plan = self._field(action, "plan", dict)
        steps = plain_copy(self._plan_steps(plan))
        if len(steps) == 1:  # one meld or lay-off: checked here, no trial game needed
            step = steps[0]
            self._plan(seat, step)
            cards = step.get("cards") or [i for m in step.get("melds") or [] for i in (
                m.get("cards") or [] if isinstance(m, dict) else m)]
            if len(cards) != len(self.hands[seat]):
                raise IllegalAction("SK-G3", "what you ask to go out with must leave your "
                                             "hand empty.")
        else:
            self._trial_going_out(seat, steps)
        partner = self.partner(seat)

        def commit() -> Events:
            self.asked = True
            self.plan = {"melds": steps[0]["melds"] if steps and steps[0]["type"] == "meld"
                         else [], "steps": steps}
            self.phase = "answer"
            self.to_act_list = [partner]
            return [{"type": "asked_to_go_out", "seat": seat, "partner": partner}]
        return commit

    def _trial_going_out(self, seat: int, steps: list[dict[str, Any]]) -> None:
        """Play the steps on a copy: each must pass, and the last leave the hand empty."""
        log, self.log = self.log, []  # the trial needs the state, not its history
        try:
            trial = self.clone()
        finally:
            self.log = log
        try:
            for step in steps:
                trial._plan(seat, step)()
        except EngineError as e:
            raise type(e)(e.rule, e.message) from None
        if trial.hands[seat] or trial.phase not in self.BETWEEN_DEALS:
            raise IllegalAction("SK-G3", "what you ask to go out with must leave your hand empty.")

    def _plan_steps(self, plan: dict[str, Any]) -> list[dict[str, Any]]:
        melds = plan.get("melds") or []
        lay_offs = plan.get("lay_offs") or []
        if not isinstance(melds, list) or not isinstance(lay_offs, list) \
                or not all(isinstance(x, dict) for x in lay_offs):
            raise self._invalid("'plan' holds 'melds' (a list) and 'lay_offs' (a list of "
                                "maps).")
        steps: list[dict[str, Any]] = []
        if melds:
            steps.append({"type": "meld", "melds": melds})
        for lay in lay_offs:
            step = {"type": "lay_off", "meld": lay.get("meld"), "cards": lay.get("cards")}
            if "as" in lay:
                step["as"] = lay["as"]
            steps.append(step)
        if not steps:
            raise IllegalAction("SK-G3", "what you ask to go out with must leave your hand empty.")
        return steps

    def _went_out(self, seat: int, events: Events, discarded: bool) -> None:
        events.append({"type": "went_out", "seat": seat})
        self._end_deal(events, went_out=seat)

    # ----------------------------------------------------------------- scoring
    def meld_points(self, team: int) -> int:
        """SK-S1 with the values of SK-C4."""
        codes = self._codes
        total = 0
        for m in self._melds.values():
            if m.team != team:
                continue
            own = m.rank is None and type(m) is not Run
            total += sum(meld_value(codes[i], own) for i in m.cards)
        return total

    def _end_deal(self, events: Events, went_out: int | None) -> None:
        """SK-E4: nobody out and a tie for the highest meld points is a void deal, dealt
        again by the same dealer (unless SK-O9's limit of replays is reached)."""
        self.offer = None
        points = [self.meld_points(t) for t in range(len(self.teams))]
        limit = self.options["void_replay_limit"]
        tied = went_out is None and points.count(max(points)) > 1
        if tied and (limit is None or self.attempt < limit):
            row = {"deal": self.deal_number, "void": True, "went_out": None,
                   "stock_exhausted": True,
                   "teams": {t: {"melded": 0, "hand_bonus": 0, "bonus_reason": None,
                                 "shutdown": 0, "penalty": {s: 0 for s in members},
                                 "penalty_total": 0, "deal_score": 0,
                                 "total": self.totals[t]}
                             for t, members in enumerate(self.teams)}}
            self.score_sheet.append(row)
            events.append({"type": "deal_void", "deal": self.deal_number})
            events.append({"type": "deal_scored", "deal": self.deal_number, "row": row})
            self.phase = "deal_over"
            self.to_act_list = [self.dealer]
            return
        super()._end_deal(events, went_out)

    def _plan_next_deal(self, seat: int, action: dict[str, Any]) -> Commit:
        void = bool(self.score_sheet and self.score_sheet[-1].get("void"))

        def commit() -> Events:
            if void:
                self.attempt += 1
                return self._start_deal(self.deal_number)
            self.attempt = 0
            return self._start_deal(self.deal_number + 1)
        return commit

    def _next_to_act_after_deal(self) -> int:
        return self._dealers(self.deal_number + 1)[0]

    def _score_deal(self, went_out: int | None) -> dict[str, Any]:
        """SK-S1..S6."""
        teams = range(len(self.teams))
        points = [self.meld_points(t) for t in teams]
        bonus_team, reason = None, None
        if went_out is not None:
            bonus_team, reason = self.team_of[went_out], "went_out"
        elif points.count(max(points)) == 1:
            bonus_team, reason = points.index(max(points)), "most_meld_points"
        bonus = hand_bonus(self.deal_number)
        rows: dict[int, Any] = {}
        for t in teams:
            gets = bonus if t == bonus_team else 0
            shutdown = 0
            if went_out is not None and t == bonus_team \
                    and self.options["shutdown"] == "opponents_not_down" \
                    and not any(m.team != t for m in self._melds.values()):
                shutdown = SHUTDOWN_BONUS
            penalty = {s: (0 if went_out is not None and t == bonus_team
                           else -sum(map(self._value.__getitem__, self.hands[s])))
                       for s in self.teams[t]}
            penalty_total = sum(penalty.values())
            score = points[t] + gets + shutdown + penalty_total
            rows[t] = {"melded": points[t], "hand_bonus": gets,
                       "bonus_reason": reason if gets else None, "shutdown": shutdown,
                       "penalty": penalty, "penalty_total": penalty_total,
                       "deal_score": score, "total": self.totals[t] + score}
        return {"deal": self.deal_number, "void": False, "went_out": went_out,
                "stock_exhausted": went_out is None, "teams": rows}

    # ----------------------------------------------------------------- views
    PILE = False  # no discard pile: the view has no `discard`, `piles`, `min_count`...

    def _build_public_view(self) -> dict[str, Any]:
        view = super()._build_public_view()
        view["down"] = view["opened"]  # SK-I: a team is down once it has made its contract
        return view

    def _public_extra(self) -> dict[str, Any]:
        view: dict[str, Any] = {}
        self._set_public_extra(view)
        return view

    def _set_public_extra(self, view: dict[str, Any]) -> None:
        # What changes only between deals is kept for the deal (views are read-only).
        key = (self.deal_number, self.attempt)
        kept = self._extra_kept
        if kept is None or kept[0] != key:
            contract, text = self._contract_view()
            kept = self._extra_kept = (key, (
                self.options["deals"], self.partnership, contract, text,
                hand_bonus(max(self.deal_number, 1)), self.options["layoff_limit"],
                self.attempt))
        (view["deals"], view["partnership"], view["contract"], view["contract_text"],
         view["hand_bonus"], view["layoff_limit"], view["void_replays"]) = kept[1]
        offer = self.offer
        view["offer"] = None if offer is None else {
            "seat": offer["seat"], "card": self._card_views[offer["card"]],
            "asked": offer["asked"], "remaining": list(offer["remaining"])}
        skip = self.skip_draw
        view["skip_draw"] = [s for s, f in enumerate(skip) if f] if any(skip) else []
        # (both are replaced, never changed in place: views share them)
        view["offer_ban"] = self.offer_ban
        view["layoffs_this_turn"] = self.layoffs_this_turn
        view["contract_turn"] = self.contract_turn
        view["drew_last"] = self.drew_last
        view["asked"] = self.asked
        view["barred"] = self.barred

    legal = _legal = legal_kinds

    # ----------------------------------------------------------------- positions
    def _load_flags(self, spec: dict[str, Any]) -> None:
        seats = self.seats
        self.first_turn_done = [True] * seats
        self.turn = spec.get("turn", (self.dealer + 1) % seats)
        if "first_dealer" not in (spec.get("options") or {}):  # the dealers follow `dealer`
            self.options["first_dealer"] = (self.dealer - self.deal_number + 1) % seats
        skip = set(spec.get("skip_draw") or [])
        self.skip_draw = [s in skip for s in range(seats)]
        bans = spec.get("offer_ban") or {}
        self.offer_ban = {int(s): (c.split() if isinstance(c, str) else list(c))
                          for s, c in bans.items()}
        self._reset_turn()
        self.layoffs_this_turn = {int(k): v for k, v in
                                  (spec.get("layoffs_this_turn") or {}).items()}
        for key in ("contract_turn", "drew_last", "draw_skipped", "asked", "barred"):
            setattr(self, key, bool(spec.get(key, False)))
        self.attempt = spec.get("attempt", 0)
        if self.phase not in self.PHASES:
            raise InvalidAction("position", f"'{self.phase}' is not a Skarney phase.")
        offer = spec.get("offer")
        self.offer = None
        if offer is not None:
            hand = self.hands[offer["seat"]]
            card = next((i for i in hand if self.codes[i] == offer["card"]), None)
            if card is None:
                raise InvalidAction("position", "the offered card is not in the offerer's hand.")
            self.offer = {"seat": offer["seat"], "card": card, "asked": offer["asked"],
                          "remaining": list(offer.get("remaining") or [])}
        to_act = {"offer": [offer["asked"]] if offer else [],
                  "answer": [self.partner(self.turn)] if self.partnership else [],
                  "deal_over": [self.dealer], "game_over": []}
        self.to_act_list = to_act.get(self.phase, [self.turn])
        self.over = self.phase == "game_over"

    def _position_extra(self) -> dict[str, Any]:
        offer = self.offer
        return {
            "options": dict(self.options),
            "skip_draw": [s for s, f in enumerate(self.skip_draw) if f],
            "offer_ban": {s: " ".join(c) for s, c in self.offer_ban.items()},
            "offer": None if offer is None else {
                "seat": offer["seat"], "card": self.codes[offer["card"]],
                "asked": offer["asked"], "remaining": list(offer["remaining"])},
            "layoffs_this_turn": dict(self.layoffs_this_turn),
            "contract_turn": self.contract_turn, "drew_last": self.drew_last,
            "asked": self.asked, "barred": self.barred, "attempt": self.attempt,
        }


def matches(made: list[tuple[int, str]], pattern: list[tuple[int, str | None]]) -> bool:
    """SK-I2: the melds pair off one to one with the pattern's slots, each with the slot's
    size and, where it names one, kind."""
    if len(made) != len(pattern):
        return False
    return any(all(s == size and k in (None, kind) for (size, kind), (s, k) in
                   zip(made, order, strict=True)) for order in permutations(pattern))


def pattern_text(pattern: list[tuple[int, str | None]]) -> str:
    sizes = sorted({n for n, _ in pattern})
    if len(sizes) == 1 and all(k is None for _, k in pattern):
        return f"{len(pattern)} melds of {sizes[0]} cards"
    return ", ".join(f"{k or 'meld'} of {n}" for n, k in pattern)
