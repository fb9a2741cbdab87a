"""Hand and Foot (`hand_and_foot`), as specified in shared/rules/hand_and_foot.md.

Four players in two partnerships; each holds a hand and then a foot. What differs from
the shared Canasta-family core lives here: the foot, automatic red threes, taking the
top seven of the pile with a pair, piles of exactly seven, the partner's permission
and the going-out requirements. Rule ids in messages are the ones of that file.
"""

from __future__ import annotations

from typing import Any, ClassVar

from .cards import RED_THREES
from .core import Commit, Events, FamilyGame, teams_for
from .errors import IllegalAction, InvalidAction
from .hf_legal import legal_kinds
from .hf_options import hf_rules, validate_options
from .melds import Change, Meld, MeldChecker, meld_name, new_change
from .permission import PartnerPermission
from .turns import CanastaGame

# HF-M13: the order in which meld rules are checked, and the id each reports.
MELD_ORDER = ("own", "threes", "complete", "naturals_on_wild", "size", "shape", "one_incomplete")
MELD_IDS = {"own": "HF-M9", "threes": "HF-M4", "complete": "HF-M5", "naturals_on_wild": "HF-M3",
            "size": "HF-M1", "shape": "HF-M2", "one_incomplete": "HF-M6"}
PILE_KINDS = ("clean", "dirty", "wild")
_PILE_OF = {"clean": "clean", "dirty": "dirty", "wild_pile": "wild"}  # a complete meld's pile


class HFMeldChecker(MeldChecker):
    """The family checks plus HF-M9 (own melds) and HF-M6 (one incomplete meld per rank)."""

    def __init__(self, game: HandAndFoot, team: int) -> None:
        # Whether a face is wild was settled with the deal's per-face facts.
        super().__init__(game.rules, game.codes, MELD_IDS,
                         {c: facts[1] for c, facts in game._face_facts.items()})
        self.team = team

    def own(self, ch: Change) -> str | None:
        if ch.meld is not None and ch.meld.team != self.team:
            return f"{meld_name(ch.meld)} belongs to the other team."
        return None

    def one_incomplete(self, ch: Change) -> str | None:
        return None  # judged once on the whole result, see `_check_changes`

    def passes(self, ch: Change) -> bool:
        return (ch.meld is None or ch.meld.team == self.team) and MeldChecker.passes(self, ch)


class HandAndFoot(PartnerPermission, CanastaGame):
    __slots__ = (*PartnerPermission.SLOTS, "exact_cut")
    name = "hand_and_foot"
    title = "Hand and Foot"
    PHASES: ClassVar[dict[str, frozenset[str]]] = {
        "draw": frozenset({"draw", "take_pile", "ask_to_go_out"}),
        "play": frozenset({"meld", "lay_off", "ask_to_go_out", "discard"}),
        "answer": frozenset({"answer"}),
        "deal_over": frozenset({"next_deal"}),
        "game_over": frozenset(),
    }
    ACTIONS = frozenset({"draw", "take_pile", "meld", "lay_off", "discard", "ask_to_go_out",
                         "answer", "next_deal"})
    MELD_ORDER = MELD_ORDER
    MELD_IDS = MELD_IDS
    CHECKER = HFMeldChecker
    STATE = (*FamilyGame.STATE, "feet", "stage", "foot_played", "first_turn_done", "asked",
             "permission", "answer_return", "exact_cut")

    def __init__(self, seats: int, seed: int, options: dict[str, Any] | None = None,
                 _deal: bool = True) -> None:
        opts = validate_options(seats, options)
        self.rules = hf_rules(opts)
        super().__init__(seats, seed, opts, teams_for(seats, True))
        self._setup_hands(seats)
        self.asked = False
        self.permission = "none"
        self.answer_return = "draw"
        self.exact_cut: list[int] = [0, 0]
        if _deal:
            self.events = self._start_deal(1)

    @classmethod
    def _blank(cls, seats: int, seed: int, options: dict[str, Any]) -> HandAndFoot:
        return cls(seats, seed, options, _deal=False)

    @classmethod
    def validate_options(cls, seats: int, options: dict[str, Any] | None) -> dict[str, Any]:
        return validate_options(seats, options)

    # ----------------------------------------------------------------- positions
    def _load_extra(self, spec: dict[str, Any], pool: Any) -> dict[str, list[list[int]]]:
        """Position keys `stage`, `feet` (count, codes or null) and `red_threes` (by team)."""
        stage = {int(k): v for k, v in (spec.get("stage") or {}).items()}
        self.stage = [stage.get(s, "hand") for s in range(4)]
        if any(v not in ("hand", "foot") for v in self.stage):
            raise InvalidAction("position", "a stage is 'hand' or 'foot'.")
        feet = {int(k): v for k, v in (spec.get("feet") or {}).items()}
        size = self.rules.hand_size
        foot_ids = [pool.zone(feet.get(s, size if self.stage[s] == "hand" else None))
                    for s in range(4)]
        reds = {int(k): v for k, v in (spec.get("red_threes") or {}).items()}
        red_ids = [pool.zone(reds.get(t, "")) for t in range(2)]
        return {"feet": foot_ids, "red_threes": red_ids}

    def _load_flags(self, spec: dict[str, Any]) -> None:
        def per_seat(key: str, default: bool) -> list[bool]:
            given = {int(k): v for k, v in (spec.get(key) or {}).items()}
            return [bool(given.get(s, default)) for s in range(4)]

        self.foot_played = per_seat("foot_played", False)
        self.first_turn_done = per_seat("first_turn_done", True)
        self.permission = spec.get("permission", "none")
        self.asked = bool(spec.get("asked", False))
        self.answer_return = spec.get("answer_return", "play")
        if self.phase not in self.PHASES:
            raise InvalidAction("position", f"'{self.phase}' is not a Hand and Foot phase.")
        self.to_act_list = {
            "draw": [self.turn], "play": [self.turn], "answer": [self.partner(self.turn)],
            "deal_over": [(self.dealer + 1) % 4], "game_over": [],
        }[self.phase]
        self.over = self.phase == "game_over"
        for s in range(4):
            if self.first_turn_done[s] and any(self.codes[i] in RED_THREES
                                               for i in self.hands[s]):
                raise InvalidAction("HF-C5", f"seat {s} holds a red three after its first turn; "
                                             "red threes are placed at once.")

    def _position_extra(self) -> dict[str, Any]:
        def text(ids: list[int]) -> str:
            return " ".join(self.codes[i] for i in ids)

        return {
            "stage": dict(enumerate(self.stage)),
            "feet": {s: (text(f) if self.stage[s] == "hand" else None)
                     for s, f in enumerate(self.feet)},
            "red_threes": {t: text(r) for t, r in enumerate(self.red_threes)},
            "foot_played": dict(enumerate(self.foot_played)),
            "first_turn_done": dict(enumerate(self.first_turn_done)),
            "permission": self.permission, "asked": self.asked,
        }

    # ----------------------------------------------------------------- the deal
    # ----------------------------------------------------------------- the deal
    def _dealers(self, number: int) -> tuple[int, int]:
        """HF-S3: the deal passes to the left; the dealer deals hands and feet."""
        dealer = (self.options["first_dealer"] + number - 1) % 4
        return dealer, dealer

    def _deal_draws(self, rng: Any, events: Events) -> None:
        """HF-O8: one draw per seat, seats 0..3, right after the shuffle."""
        self.exact_cut = [0, 0]
        if self.options["exact_cut_bonus"] == "chance":
            for seat in range(4):
                if rng.random() < self.options["exact_cut_chance"]:
                    self.exact_cut[self.team_of[seat]] += 100
                    events.append({"type": "exact_cut", "seat": seat, "points": 100})

    def _turn_upcard(self, upcard: int, rng: Any) -> int:
        """HF-O7: a red three or joker turned first is buried in the stock."""
        if self.options["bury_first_upcard"]:
            while self.codes[upcard] in RED_THREES or self.codes[upcard] == "JK":
                self.stock.insert(rng.randrange(len(self.stock) + 1), upcard)
                upcard = self.stock.pop()
        return upcard

    def _turn_started(self, seat: int) -> None:
        self.asked = False
        self.permission = "none"

    def _check_discard(self, seat: int, left: int) -> None:
        if left > 0 and self.permission == "yes" and self.options["binding_permission"]:
            raise IllegalAction("HF-O9", "your partner allowed you to go out, so you may not "
                                         "end the turn with cards left (binding permission).")

    def _check_whole(self, team: int, changes: list[Change]) -> None:
        for ch in changes:
            if ch.meld is None:  # only a new meld can break HF-M6
                self._check_one_incomplete(team, changes)
                return

    # ----------------------------------------------------------------- checks
    def _refuse_turn(self, seat: int, kind: str) -> None:
        if kind == "take_pile" and seat == self.turn and self.phase == "play":
            raise IllegalAction("HF-P1", "the pile can be taken only instead of drawing, "
                                         "at the start of your turn.")
        super()._refuse_turn(seat, kind)

    def piles(self, team: int, melds: dict[int, Meld] | None = None) -> dict[str, int]:
        """HF-M5: the team's complete piles by kind."""
        counts = dict.fromkeys(PILE_KINDS, 0)
        for m in (melds if melds is not None else self._melds).values():
            if m.team == team and len(m.cards) >= self.rules.complete_at:
                counts["wild" if m.rank is None else "dirty" if m.wilds else "clean"] += 1
        return counts

    def meld_kind(self, m: Meld) -> str:
        if len(m.cards) >= self.rules.complete_at:
            return "wild_pile" if m.rank is None else "dirty" if m.wilds else "clean"
        return "wild" if m.rank is None else "mixed" if m.wilds else "natural"

    def _going_out_failure(self, seat: int, melds_after: dict[int, Meld]) -> tuple[str, str] | None:
        """HF-G2, G3, G4 in that order (G1 holds: only foot-stage players get here)."""
        need = self.options["go_out_piles"]
        have = self.piles(self.team_of[seat], melds_after)
        short = [f"{need[k] - have[k]} more {k} pile{'s' if need[k] - have[k] > 1 else ''}"
                 for k in PILE_KINDS if have[k] < need[k]]
        if short:
            return "HF-G2", "to go out your team needs " + ", ".join(short) + "."
        partner = self.partner(seat)
        if self.stage[partner] != "foot" or not self.foot_played[partner]:
            return "HF-G3", "your partner must have played from their foot before you go out."
        if self.permission != "yes":
            if self.permission == "no":
                return "HF-G4", "your partner said no to going out this turn."
            return "HF-G4", "ask your partner's permission before going out."
        return None

    def may_go_out(self, seat: int) -> bool:
        """`_going_out_failure` finds nothing: its cheapest conditions are asked first."""
        partner = self.partner(seat)
        return (self.permission == "yes" and self.stage[partner] == "foot"
                and self.foot_played[partner]
                and self._going_out_failure(seat, self._melds) is None)

    def _check_one_incomplete(self, team: int, changes: list[Change]) -> None:
        """HF-M6 on the result: one unfinished meld per rank, and one unfinished wild meld.

        The team's unfinished melds as the changes would leave them, in table order, are
        its unfinished melds now (extended in place, completed ones gone) followed by the
        new melds in the order made; they are walked without building the table after."""
        complete = self.rules.complete_at
        extended = {ch.meld.id: len(ch.added) for ch in changes if ch.meld is not None}
        seen: set[str | None] = set()
        for m in self.unfinished_melds(team):
            if m.id in extended and len(m.cards) + extended[m.id] >= complete:
                continue
            self._one_of_rank(m.rank, seen)
        wild, rank_of = self._wild, self._rank
        for ch in changes:
            if ch.meld is None and len(ch.added) < complete:
                rank = None  # the first natural's (a loop: a generator would need cells)
                for i in ch.added:
                    if not wild[i]:
                        rank = rank_of[i]
                        break
                self._one_of_rank(rank, seen)

    @staticmethod
    def _one_of_rank(rank: str | None, seen: set[str | None]) -> None:
        if rank in seen:
            what = "wild meld" if rank is None else f"meld of {rank}s"
            raise IllegalAction("HF-M6", f"your team may have only one unfinished {what}.")
        seen.add(rank)

    def _plan_take_pile(self, seat: int, action: dict[str, Any]) -> Commit:
        """HF-P1..P10, checked in the order HF-P10 gives."""
        if not self.discard or self._codes[self.discard[-1]][0] == "3":  # HF-P2
            why = "the pile is empty" if not self.discard else "a 3 on top blocks the pile"
            raise IllegalAction("HF-P2", f"the pile cannot be taken: {why}.")
        top = self.discard[-1]
        cards = self._id_list(self._field(action, "cards", list), "'cards'")
        onto_id = action.get("onto")
        if onto_id is not None and (not isinstance(onto_id, int) or isinstance(onto_id, bool)):
            raise self._invalid("'onto' must be a meld id.")
        lay_offs_raw = action.get("lay_offs") or []
        if not isinstance(lay_offs_raw, list) or not all(
                isinstance(x, dict) and isinstance(x.get("meld"), int) for x in lay_offs_raw):
            raise self._invalid("'lay_offs' must be a list of {meld, cards}.")
        lay_offs = [(x["meld"], self._id_list(x.get("cards"), "lay-off cards"))
                    for x in lay_offs_raw]
        extra = self._meld_lists(action.get("melds") or [], "'melds'")
        seen: set[int] = set()
        try:  # HF-P9: every named card comes from the hand
            for ids in [cards, *(c for _, c in lay_offs), *extra]:
                self._own_cards(seat, ids, seen)
        except IllegalAction as e:
            raise IllegalAction("HF-P9", e.message[:-1] + "; cards taken with the pile can be "
                                                          "used only after the take.") from None
        codes, rules = self._codes, self.rules
        top_code = codes[top]
        team = self.team_of[seat]
        wild = self._wild  # `rules.is_wild` of each card's face, for this deal
        if wild[top]:  # HF-P5
            wilds = sum(map(wild.__getitem__, cards))
            if wilds < 2 or wilds < len(cards):  # two wild cards, and nothing else
                raise IllegalAction("HF-P5", f"a wild card on top ({top_code}) can be taken only "
                                             "into a wild meld with at least two wild cards "
                                             "from your hand.")
        else:  # HF-P4
            rank = top_code[:-1]
            naturals = 0  # (loops here: generators would put these names in cells)
            for i in cards:
                if not wild[i] and codes[i][:-1] == rank:
                    naturals += 1
            if naturals < 2:
                raise IllegalAction("HF-P4", f"to take the pile with {top_code} on top you need "
                                             f"two natural {rank}s from your hand with it.")
        # Lay-offs first (HF-P6), then the top-card meld, then further melds. Everything an
        # action adds to one meld is judged together, on the result (HF-M7, HF-A12).
        working = dict(self._melds) if lay_offs else self._melds  # changed only by lay-offs
        added: dict[int, tuple[int, ...]] = {}
        for mid, ids in lay_offs:
            if mid not in working:
                raise IllegalAction("HF-M9", f"your team has no meld {mid}.")
            added[mid] = added.get(mid, ()) + ids
            working[mid] = self._apply_change(new_change(working[mid], ids), mid, team)
        if onto_id is not None:
            target = working.get(onto_id)
            want = None if rules.is_wild(top_code) else top_code[:-1]
            if target is None or target.team != team or target.rank != want \
                    or target.size >= rules.complete_at:
                rule = "HF-P5" if want is None else "HF-P4"
                raise IllegalAction(rule, f"'onto' must name your team's unfinished meld of "
                                          f"{'wild cards' if want is None else want + 's'}.")
            added[onto_id] = (*added.get(onto_id, ()), top, *cards)
        changes = [new_change(self._melds[mid], ids) for mid, ids in added.items()]
        if onto_id is None:
            changes.append(new_change(None, (top, *cards)))
        changes.extend(new_change(None, ids) for ids in extra)
        self._check_changes(seat, changes)
        count = len(self.discard) if rules.take_count is None else min(rules.take_count,
                                                                       len(self.discard))
        buried = self.discard[-count:-1]
        used = len(seen)
        left = len(self.hands[seat]) - used
        for i in buried:
            if codes[i] not in RED_THREES:
                left += 1
        self._check_hand_left(seat, left, changes)
        new_cards = [top, *cards] if onto_id is None else []
        for ids in extra:
            new_cards.extend(ids)
        if not self.opened[team]:
            self._check_min_count(seat, new_cards)

        def commit(self: HandAndFoot = self, seat: int = seat, count: int = count,
                   seen: set[int] = seen, top: int = top,
                   changes: list[Change] = changes) -> Events:
            if self.stage[seat] == "foot":  # HF-T7: the foot is in play
                self.foot_played[seat] = True
            taken = self.discard[-count:]
            del self.discard[-count:]
            self._remove(seat, list(seen))
            events: Events = [{"type": "took_pile", "seat": seat, "top": self._card(top),
                               "count": count}]
            self._commit_changes(seat, changes, events)
            self._add_to_hand(seat, taken[:-1])
            self._show_in_hand(seat, taken[:-1])
            self._settle_red_threes(seat, events, replace=False)  # HF-R4
            self.phase = "play"
            self._after_play(seat, events, discarded=False)
            return events
        return commit

    def _score_deal(self, went_out: int | None) -> dict[str, Any]:
        rules, value = self.rules, self._value
        bonus = rules.bonuses
        red_value = rules.red_three_value
        teams: dict[int, Any] = {}
        for t, members in enumerate(self.teams):
            melds = self.team_melds(t)
            melded = sum([sum(map(value.__getitem__, m.cards)) for m in melds])
            piles = self.piles(t)
            pile_items = {k: {"count": piles[k], "bonus": piles[k] * bonus[k]} for k in PILE_KINDS}
            reds = len(self.red_threes[t])
            penalty: dict[int, dict[str, int]] = {}
            for s in members:
                penalty[s] = {"hand": -self._held_value(self.hands[s]),
                              "foot": -self._held_value(self.feet[s])}
            going_out = rules.go_out_bonus if went_out is not None \
                and self.team_of[went_out] == t else 0
            penalty_total = sum(p["hand"] + p["foot"] for p in penalty.values())
            score = (melded + sum(p["bonus"] for p in pile_items.values()) + reds * red_value
                     + going_out + self.exact_cut[t] + penalty_total)
            teams[t] = {
                "melded": melded, "piles": pile_items,
                "red_threes": {"count": reds, "points": reds * red_value},
                "going_out": going_out, "exact_cut": self.exact_cut[t],
                "penalty": penalty, "penalty_total": penalty_total,
                "deal_score": score, "total": self.totals[t] + score,
            }
        return {"deal": self.deal_number, "went_out": went_out,
                "stock_exhausted": went_out is None, "teams": teams}

    # ----------------------------------------------------------------- views
    PILE_OF: ClassVar[dict[str, str]] = _PILE_OF
    COUNT_FLAG = "foot_played"
    SECOND_ZONE = "feet"

    def _public_extra(self) -> dict[str, Any]:
        view: dict[str, Any] = {}
        self._set_public_extra(view)
        return view

    def _set_public_extra(self, view: dict[str, Any]) -> None:
        view["deals"] = self.options["deals"]
        view["go_out_piles"] = self._fixed_public["go_out_piles"]
        view["asked"] = self.asked
        view["permission"] = self.permission

    def _fixed_extra(self) -> dict[str, Any]:
        return {"go_out_piles": dict(self.options["go_out_piles"])}

    # The listing lives in hf_legal.py; bound as `legal` itself (the seat check included):
    # one call fewer per action than `FamilyGame.legal` calling `_legal`.
    legal = _legal = legal_kinds
