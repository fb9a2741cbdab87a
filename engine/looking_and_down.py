"""Looking and Down (`looking_and_down`), as specified in shared/rules/looking_and_down.md.

2 to 8 individual players, N + 1 packs of 54. Each holds a Looking hand, then a Down
(the family's second hand). What differs from the shared core lives here: the Score
Keeper's seat and the two dealers (LD-S), the whole pile taken on a pair and the opening
it may carry (LD-P), no pile twice running, frozen in time (several seats in `to_act`,
LD-F), canastas and red canastas with a red three, the black-three meld (LD-M), going out
with two canastas (LD-G), the final round after the stock runs out (LD-E3), minimum
counts by cumulative score (LD-I) and the score sheet (LD-SC). Rule ids in messages are
the ones of that file.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar

from .basic_bot import Tactics
from .cards import RED_THREES
from .core import Commit, Events, FamilyGame, teams_for
from .errors import IllegalAction, InvalidAction
from .ld_legal import frozen_entries, legal_kinds
from .ld_melds import MELD_IDS, MELD_ORDER, LDMeldChecker
from .ld_options import ld_rules, next_nk, validate_options
from .melds import Change, Meld, new_change, new_meld
from .turns import CanastaGame

CANASTA_KINDS = ("red_canasta", "red_canasta_3", "black_canasta")


KEEP_BESIDE = 3
"""See `LDTactics.kept_sizes`."""


class LDTactics(Tactics):
    """The basic bot's Looking and Down habits: a red three held costs 500 (LD-C4), so
    it goes onto a red canasta when it can and is otherwise the first card discarded."""

    def points(self, code: str, view: dict[str, Any]) -> int:
        return 500 if code in RED_THREES else super().points(code, view)

    def kept_sizes(self, view: dict[str, Any]) -> tuple[int, ...]:
        """Pairs and threes of a kind stay in hand, opened or not: only a pair in hand
        takes the pile (LD-P4), the whole of it (LD-P7), and with no one melding in time to
        take it the pile grows to forty cards and more. Keeping them played best against
        the random bot (bench/bots.py, 200 games: 4 seats 90% to 99%, 6 seats 73% to 94%;
        pairs alone 94% and 84%, pairs only once opened 90% and 76%; fours as well 98%
        and 94%).

        But not once they are most of the hand (`KEEP_BESIDE` other cards or fewer): kept
        for good, the looking hand never emptied, the down hand was never picked up and
        counted against the bot, and no deal ended by going out (play-test). One such
        bot against bots that keep them for good, one-deal games from every seat: with
        3 cards beside them it won 83 of 120 at 2 seats (+977 a game; it went out in 59)
        and 43 of 100 at 4 (an equal seat wins a quarter); with 4 it won 88 of 120 and 44
        of 100 but beat the random bot at 6 seats in 92% of 600 games (96% with 3, 95%
        before); with 2, 74 of 120 and 41 of 100."""
        faces = self.faces(view)
        hand = view.get("hand", ())
        held = Counter(f.rank for f in (faces[c["code"]] for c in hand)
                       if not f.wild and not f.blocks)
        in_sets = sum(n for n in held.values() if n in (2, 3))
        return () if len(hand) - in_sets <= KEEP_BESIDE else (2, 3)

    def wild_onto(self, meld: dict[str, Any], view: dict[str, Any]) -> bool:
        """Natural melds stay natural: a red canasta pays 500, and 1000 with a red three,
        which otherwise costs 500 in hand (LD-SC2, LD-M5); a black canasta pays 300."""
        return self.holds_wild(meld, view)


class LookingAndDown(CanastaGame):
    KEPT: ClassVar[tuple[str, ...]] = ("_red_three_ids", "_red_canastas_kept")
    __slots__ = (*KEPT, "keeper", "down_dealer", "took_pile_last_turn",
                 "took_pile_this_turn", "frozen", "final_round", "went_out", "exact_grab")
    name = "looking_and_down"
    title = "Looking and Down"
    BOT_TACTICS: ClassVar[Tactics] = LDTactics()
    PHASES: ClassVar[dict[str, frozenset[str]]] = {
        # Frozen seats meld and lay off in the turn player's draw and play phases (LD-F2).
        "draw": frozenset({"draw", "take_pile", "meld", "lay_off"}),
        "play": frozenset({"meld", "lay_off", "discard"}),
        "deal_over": frozenset({"next_deal"}),
        "game_over": frozenset(),
    }
    ACTIONS = frozenset({"draw", "take_pile", "meld", "lay_off", "discard", "next_deal"})
    STATE = (*FamilyGame.STATE, "feet", "stage", "foot_played", "first_turn_done",
             "down_dealer", "took_pile_last_turn", "took_pile_this_turn", "frozen",
             "final_round", "went_out", "exact_grab")
    MELD_ORDER = MELD_ORDER
    MELD_IDS = MELD_IDS
    CHECKER = LDMeldChecker
    PILE_OF: ClassVar[dict[str, str]] = {k: k for k in CANASTA_KINDS}
    COUNT_FLAG = "took_pile_last_turn"
    SECOND_ZONE = "downs"

    def __init__(self, seats: int, seed: int, options: dict[str, Any] | None = None,
                 _deal: bool = True) -> None:
        opts = validate_options(seats, options)
        self.rules = ld_rules(seats, opts)
        super().__init__(seats, seed, opts, teams_for(seats, False))
        self._setup_hands(seats)
        self.keeper: int = opts["score_keeper"]
        self.down_dealer = 0
        self.took_pile_last_turn: list[bool] = [False] * seats
        self.took_pile_this_turn = False
        self.frozen: list[int] = []                 # seats frozen in time, in order
        self.final_round: dict[str, int] | None = None
        self.went_out: list[int] = []
        self.exact_grab: list[int] = [0] * seats
        if _deal:
            self.events = self._start_deal(1)

    @classmethod
    def _blank(cls, seats: int, seed: int, options: dict[str, Any]) -> LookingAndDown:
        return cls(seats, seed, options, _deal=False)

    @classmethod
    def validate_options(cls, seats: int, options: dict[str, Any] | None) -> dict[str, Any]:
        return validate_options(seats, options)

    def next_nk(self, seat: int) -> int:
        return next_nk(seat, self.seats, self.keeper)

    # ----------------------------------------------------------------- the deal
    def _dealers(self, number: int) -> tuple[int, int]:
        """LD-S4: the Down dealer of one deal is the Looking dealer of the next."""
        looking = self.options["first_dealer"]
        for _ in range(number - 1):
            looking = self.next_nk(looking)
        return looking, self.next_nk(looking)

    def _first_player(self) -> int:
        return self.next_nk(self.down_dealer)

    def _deal_started_event(self, number: int) -> dict[str, Any]:
        self.down_dealer = self._dealers(number)[1]
        return {"type": "deal_started", "deal": number, "dealer": self.dealer,
                "down_dealer": self.down_dealer, "score_keeper": self.keeper}

    def _deal_draws(self, rng: Any, events: Events) -> None:
        """LD-S7: in "chance" mode u_L then u_D, always both, right after the shuffle."""
        self.exact_grab = [0] * self.seats
        if self.options["exact_grab"] != "chance":
            return
        chance = self.options["exact_grab_chance"]
        u_looking, u_down = rng.random(), rng.random()
        for seat, u in ((self.dealer, u_looking), (self.down_dealer, u_down)):
            if u < chance:
                self.exact_grab[seat] += 100
                events.append({"type": "exact_grab", "seat": seat, "points": 100})

    def _reset_deal(self) -> None:
        self.took_pile_last_turn = [False] * self.seats
        self.took_pile_this_turn = False
        self.frozen = []
        self.final_round = None
        self.went_out = []

    # ----------------------------------------------------------------- turns
    def _begin_turn(self, events: Events) -> None:
        """LD-T2, LD-F1 (a frozen seat thaws as its own turn begins), LD-E3 (a final-round
        turn begun with no cards ends at once)."""
        seat = self.turn
        self.phase = "draw"
        self.took_pile_this_turn = False
        events.append({"type": "turn", "seat": seat})
        if seat in self.frozen:
            self.frozen = [s for s in self.frozen if s != seat]
            events.append({"type": "unfrozen", "seat": seat})
        if self.final_round is not None and not self.hands[seat]:
            events.append({"type": "turn_skipped", "seat": seat})
            self._end_turn(events)
            return
        self._refresh_to_act()

    def _end_turn(self, events: Events) -> None:
        """LD-F1, LD-F5, LD-E3 and LD-T8, in that order."""
        seat = self.turn
        if self.took_pile_this_turn and self.options["frozen_in_time"] \
                and seat not in self.frozen and self.hands[seat]:
            self.frozen = sorted((*self.frozen, seat))
            events.append({"type": "frozen", "seat": seat})
        following = (seat + 1) % self.seats
        if following in self.went_out:  # LD-F5: the turn would pass to a seat gone out
            self._end_deal(events, went_out=self.went_out[0])
            return
        fr = self.final_round
        if fr is not None:
            left = fr["turns_left"] - 1
            self.final_round = {"emptier": fr["emptier"], "turns_left": left}
            if left <= 0:
                self._end_deal(events, went_out=None)
                return
        elif not self.stock:  # LD-E3: the turn whose draw emptied the stock is over
            turns = self.seats if self.options["final_round"] == "full" else self.seats - 1
            self.final_round = {"emptier": seat, "turns_left": turns}
            events.append({"type": "final_round", "emptier": seat, "turns": turns})
        self.turn = following
        self._begin_turn(events)

    def _end_deal(self, events: Events, went_out: int | None) -> None:
        """Nobody stays frozen in time once the deal is over (cleared here, not while
        scoring: the search bot scores unfinished deals as if they ended now)."""
        self.frozen = []
        super()._end_deal(events, went_out)

    def _went_out(self, seat: int, events: Events, discarded: bool) -> None:
        """A down-stage seat ran out of cards: a going out (LD-G, LD-E1, LD-F5), or in the
        final round nothing at all (LD-E3)."""
        if self.final_round is not None:
            events.append({"type": "hand_emptied", "seat": seat})
            if seat == self.turn:  # no discard is due from an empty hand
                self._end_turn(events)
            return
        self.went_out.append(seat)
        frozen = seat != self.turn
        events.append({"type": "went_out", "seat": seat, "frozen": frozen})
        if not frozen:
            self._end_deal(events, went_out=seat)
            return
        self.frozen = [s for s in self.frozen if s != seat]

    def _refresh_to_act(self) -> None:
        """LD-T1: the turn player, and each frozen seat that holds cards and has a meld or
        a lay-off it may make now."""
        if self.phase not in ("draw", "play"):
            return
        if not self.frozen:  # the usual case
            self.to_act_list = [self.turn]
            return
        seats = [self.turn]
        for s in self.frozen:
            if s != self.turn and self.hands[s] and self._frozen_may_act(s):
                seats.append(s)
        self.to_act_list = sorted(seats)

    @property
    def waiting_for(self) -> frozenset[int]:
        """The turn player alone while frozen seats may meld too (LD-F2: they may, if they
        wish and can; that they can is theirs to know)."""
        if self.frozen and self.phase in ("draw", "play"):
            return frozenset((self.turn,))
        return self.to_act

    def _public_to_act(self) -> list[int]:
        """`to_act` as everyone may know it: the turn player and every frozen seat with
        cards. The exact `to_act` lists a frozen seat only while its hidden hand can meld
        or lay off, and every screen marked it so (play-test: a spectator read from the
        mark whether a frozen player had anything to put down)."""
        if not self.frozen or self.phase not in ("draw", "play"):
            return sorted(self._to_act_list)
        return sorted({self.turn, *(s for s in self.frozen if self.hands[s])})

    def _frozen_may_act(self, seat: int) -> bool:
        """Whether the frozen seat has a meld or lay-off listed (asked after its own actions
        and as each turn begins)."""
        return bool(frozen_entries(self, seat, probe=True))

    def _then_refresh(self, seat: int, commit: Commit) -> Commit:
        """What a frozen seat can do changes only with its own actions (its hand, its
        melds, going out: all melds and lay-offs) and as a turn begins (`_begin_turn`
        works `to_act` out then, the final round included): after a frozen seat's action,
        `to_act` is worked out again."""
        if seat == self.turn:
            return commit

        def frozen_commit() -> Events:
            events = commit()
            self._refresh_to_act()
            return events
        return frozen_commit

    def meld_rank_of(self, codes: list[str]) -> str | None:
        """Positions: a meld's rank is its first natural's, red threes aside (LD-M5)."""
        naturals = [c for c in codes if not self.rules.is_wild(c) and c not in RED_THREES]
        return naturals[0][:-1] if naturals else None

    # ----------------------------------------------------------------- who may act
    def _refuse_turn(self, seat: int, kind: str) -> None:
        if kind == "take_pile" and seat == self.turn and self.phase == "play":
            raise IllegalAction("LD-P1", "the pile can be taken only instead of drawing, "
                                         "at the start of your turn.")
        super()._refuse_turn(seat, kind)

    def _own_turn_only(self, seat: int, kind: str) -> None:
        if seat != self.turn:
            raise IllegalAction("LD-T1", f"'{kind}' is for the turn player only; a frozen "
                                         "player may only meld and lay off.")

    def _melding_allowed(self, seat: int) -> None:
        """LD-M12: in one's own play phase, or at any time while frozen (LD-F2)."""
        if seat == self.turn:
            if self.phase != "play":
                raise IllegalAction("LD-T1", "draw or take the pile before you meld.")
        elif seat not in self.frozen:
            raise IllegalAction("LD-T1", "only a player frozen in time may meld outside "
                                         "their turn.")

    # ----------------------------------------------------------------- melds
    def meld_kind(self, m: Meld) -> str:
        if m.rank == "3":
            return "black_threes"
        n = len(m.cards)
        if n >= self.rules.complete_at:
            if n > self.rules.complete_at:
                return "red_canasta_3"
            return "black_canasta" if m.wilds else "red_canasta"
        return "mixed" if m.wilds else "natural"

    def red_three_ids(self) -> frozenset[int]:
        """The ids of this deal's red threes (they stay in hands, LD-M5). Listings ask at
        every step whether a hand holds one: asked of a set of ids, that costs a quarter of
        looking each card's face up (kept with the faces it was made from)."""
        kept = self._red_three_ids
        if kept is None or kept[0] is not self._codes:
            codes = self._codes
            kept = self._red_three_ids = (codes, frozenset(
                i for i, c in enumerate(codes) if c in RED_THREES))
        return kept[1]

    def red_canastas(self, seat: int) -> list[int]:
        """The ids of the seat's red canastas still without their red three (LD-M5), in
        table order (shared: read only). Listings ask whenever a hand holds a red three,
        and scanning the table each time cost 4% of an action (callgrind), so they are
        kept for the table's dict until `_apply_change` makes a meld of seven cards or
        more (a canasta made or added to: rare), when the table is scanned again."""
        kept = self._red_canastas_kept
        if kept is None or kept[0] is not self._melds:
            complete = self.rules.complete_at
            by_seat: list[list[int]] = [[] for _ in range(self.seats)]
            for m in self._melds.values():
                if len(m.cards) == complete and not m.wilds and m.rank != "3":
                    by_seat[m.team].append(m.id)
            kept = self._red_canastas_kept = (self._melds, by_seat)
        return kept[1][seat]

    def canastas(self, seat: int, melds: dict[int, Meld] | None = None) -> int:
        """LD-G2: the seat's canastas, red or black (not the black-three meld)."""
        if melds is None:
            melds = self._melds
        complete = self.rules.complete_at
        return sum(1 for m in melds.values()
                   if m.team == seat and len(m.cards) >= complete and m.rank != "3")

    def _apply_change(self, ch: Change, new_id: int, team: int) -> Meld:
        """A new meld's rank is its naturals' (a red three is not one of them); seven
        black threes are a meld of rank 3 (LD-M6)."""
        m = ch.meld
        wild = self._wild
        added_wilds = sum(map(wild.__getitem__, ch.added))
        if m is not None:
            cards = m.cards + tuple(ch.added)
            if len(cards) >= self.rules.complete_at:  # a canasta: `red_canastas` looks again
                self._red_canastas_kept = None
            return new_meld(m.id, m.team, m.rank, cards, m.wilds + added_wilds)
        if len(ch.added) >= self.rules.complete_at:
            self._red_canastas_kept = None
        rank = None
        for i in ch.added:
            if not wild[i] and self._codes[i] not in RED_THREES:
                rank = self._rank[i]
                break
        return new_meld(new_id, team, rank, tuple(ch.added), added_wilds)

    def _going_out_failure(self, seat: int, melds_after: dict[int, Meld]) -> tuple[str, str] | None:
        """LD-G1, LD-G2; in the final round nobody goes out and emptying a hand is free."""
        if self.final_round is not None:
            return None
        if self.stage[seat] != "down":
            return "LD-G1", "only a player who has picked up their Down can go out."
        need = self.options["canastas_to_go_out"]
        have = self.canastas(seat, melds_after)
        if have < need:
            return "LD-G2", (f"to go out you need {need} canastas, and you would have "
                             f"{have}.")
        return None

    def _check_hand_left(self, seat: int, left: int, changes: list[Change]) -> None:
        """LD-M6's going-out half, then LD-G4 (cited as LD-G2): in the down stage and
        outside the final round, no empty hand but by going out, and in one's own turn
        no single card unless discarding it would go out. A frozen seat may keep one."""
        black = [ch for ch in changes if ch.meld is None and self._is_black_threes(ch)]
        if black:
            self._check_black_threes(seat, left, changes)
        if self.stage[seat] != "down" or self.final_round is not None or left > 1:
            return
        if left == 1 and seat != self.turn:
            return
        failure = self._going_out_failure(seat, self._melds_after(seat, changes))
        if failure is not None:
            rule, why = failure
            what = "empty your hand" if left == 0 else "keep just one card"
            raise IllegalAction(rule, f"you cannot {what} now: {why}")

    def _is_black_threes(self, ch: Change) -> bool:
        return len(ch.added) == 7 and all(self._codes[i] in ("3S", "3C") for i in ch.added)

    def _check_black_threes(self, seat: int, left: int, changes: list[Change]) -> None:
        """LD-M6: seven black threes only by a down-stage player going out with this action
        (no cards left, or one to discard in their own turn), never in the final round."""
        why = None
        if self.final_round is not None:
            why = "the black-three meld is not allowed in the final round."
        elif self.stage[seat] != "down":
            why = "black threes can be melded only when going out, from your Down."
        elif left > 1 or (left == 1 and seat != self.turn):
            why = "black threes can be melded only in the action that goes out."
        elif self._going_out_failure(seat, self._melds_after(seat, changes)) is not None:
            why = (f"black threes can be melded only when going out, with "
                   f"{self.options['canastas_to_go_out']} canastas.")
        if why is not None:
            raise IllegalAction("LD-M6", why)

    def _check_opening(self, seat: int, changes: list[Change], cards: list[int]) -> None:
        """LD-I3 then LD-I1: the opening action lays down no canasta and reaches the seat's
        minimum count (by its score before the deal)."""
        if self.opened[seat]:
            return
        for ch in changes:
            if ch.meld is None and len(ch.added) >= self.rules.complete_at:
                raise IllegalAction("LD-I3", "your opening melds may not include a meld of "
                                             "seven cards.")
        self._check_min_count(seat, cards)

    # ----------------------------------------------------------------- actions
    def _plan_draw(self, seat: int, action: dict[str, Any]) -> Commit:
        """LD-T3: two cards, fewer if fewer remain, none in the final round."""
        self._own_turn_only(seat, "draw")
        drawing = super()._plan_draw(seat, action)

        def commit() -> Events:
            had = len(self.stock)
            events = drawing()
            self.took_pile_last_turn[seat] = False
            if had and not self.stock:  # LD-E3: this seat's turn ends, then the final round
                events.append({"type": "stock_exhausted", "seat": seat})
            return events
        return commit

    def _draw_count(self, seat: int) -> int:
        return 0 if self.final_round is not None else self.rules.draw_count

    def _plan_meld(self, seat: int, action: dict[str, Any]) -> Commit:
        self._melding_allowed(seat)
        return self._then_refresh(seat, super()._plan_meld(seat, action))

    def _plan_lay_off(self, seat: int, action: dict[str, Any]) -> Commit:
        self._melding_allowed(seat)
        return self._then_refresh(seat, super()._plan_lay_off(seat, action))

    def _plan_discard(self, seat: int, action: dict[str, Any]) -> Commit:
        self._own_turn_only(seat, "discard")
        return super()._plan_discard(seat, action)

    def _plan_take_pile(self, seat: int, action: dict[str, Any]) -> Commit:
        """LD-P1..P10, checked in the order LD-P11 gives."""
        self._own_turn_only(seat, "take_pile")
        codes = self._codes
        top = self.discard[-1] if self.discard else None
        if self._pile_blocked(top):  # LD-P2
            why = ("the pile is empty" if top is None else "a wild card on top blocks it"
                   if self._wild[top] else "a 3 on top blocks it")
            raise IllegalAction("LD-P2", f"the pile cannot be taken: {why}.")
        if self.took_pile_last_turn[seat]:
            raise IllegalAction("LD-P3", "you took the pile on your last turn, so you must "
                                         "draw this time.")
        cards = self._id_list(self._field(action, "cards", list), "'cards'")
        extra = self._meld_lists(action.get("melds") or [], "'melds'")
        seen: set[int] = set()
        try:  # LD-P8: every named card comes from the hand
            for ids in (cards, *extra):
                self._own_cards(seat, ids, seen)
        except IllegalAction as e:
            raise IllegalAction("LD-P8", e.message[:-1] + "; cards under the top of the pile "
                                                          "can be used only after the take.") \
                from None
        rank = codes[top][:-1]
        wild = self._wild
        held = sum(1 for i in self.hands[seat] if not wild[i] and codes[i][:-1] == rank)
        if held < 2:  # LD-P4, on what the hand holds
            raise IllegalAction("LD-P4", f"to take the pile with {codes[top]} on top you need "
                                         f"two natural {rank}s in your hand.")
        naturals = [i for i in cards if not wild[i] and codes[i][:-1] == rank]
        changes: list[Change] = []
        if self.opened[seat]:  # LD-P5: show the pair, keep it
            if len(cards) != 2 or len(naturals) != 2 or extra:
                raise IllegalAction("LD-P5", f"having opened, you take the pile by showing "
                                             f"exactly two natural {rank}s, which you keep.")
            used: list[int] = []
        else:  # LD-P6: the top card and the pair (at least) make the opening meld
            if len(naturals) < 2:
                # (with nothing named, the minimum was left unsaid: a player holding the
                # pair read this as wrong, play-test)
                raise IllegalAction("LD-P6", f"to open with the pile, meld {codes[top]} with "
                                             f"two or more natural {rank}s from your hand, and "
                                             f"other melds if they come short of "
                                             f"{self.min_count(self.team_of[seat])}.")
            changes = [new_change(None, (top, *cards))]
            changes.extend(new_change(None, ids) for ids in extra)
            self._check_changes(seat, changes)
            used = list(seen)
        left = len(self.hands[seat]) - len(used) + len(self.discard) - 1
        self._check_hand_left(seat, left, changes)
        if changes:
            self._check_opening(seat, changes, [top, *used])

        def commit() -> Events:
            pile = self.discard
            self.discard = []
            count = len(pile)
            events: Events = [{"type": "took_pile", "seat": seat, "top": self._card(top),
                               "count": count}]
            if changes:
                self._remove(seat, used)
                self._commit_changes(seat, changes, events)
                self._add_to_hand(seat, pile[:-1])  # the top card is in the opening meld
                self._show_in_hand(seat, pile[:-1])
            else:  # LD-P4/A12: the pair is shown, by face, and the whole pile joins the hand
                # (the top card by face only: its id is now hidden in the hand)
                events[0]["top"] = {"code": codes[top]}
                events[0]["pair"] = [codes[i] for i in cards]
                self._add_to_hand(seat, pile)
                self._show_in_hand(seat, pile)
            self.took_pile_last_turn[seat] = True
            self.took_pile_this_turn = True
            self.phase = "play"
            self._after_play(seat, events, discarded=False)
            return events
        return commit

    # ----------------------------------------------------------------- scoring
    def _score_deal(self, went_out: int | None) -> dict[str, Any]:
        """LD-SC1..SC6: each seat scored apart, items in the keeper's order."""
        value = self._value
        codes = self._codes
        bonuses = self.rules.bonuses
        rows: dict[int, Any] = {}
        for seat in range(self.seats):
            melds = self.team_melds(seat)
            kinds = dict.fromkeys(CANASTA_KINDS, 0)
            for m in melds:
                kind = self.meld_kind(m)
                if kind in kinds:
                    kinds[kind] += 1
            canastas = {k: {"count": n, "bonus": n * bonuses[k]} for k, n in kinds.items()}
            melded = sum(sum(map(value.__getitem__, m.cards)) for m in melds)
            held = [*self.hands[seat], *self.feet[seat]]
            reds = sum(1 for i in held if codes[i] in RED_THREES)
            penalty = {"hand": -sum(map(value.__getitem__, self.hands[seat])),
                       "down": -sum(map(value.__getitem__, self.feet[seat])),
                       "red_threes": {"count": reds,
                                      "points": -reds * self.rules.red_three_penalty}}
            penalty_total = penalty["hand"] + penalty["down"] + penalty["red_threes"]["points"]
            going_out = self.rules.go_out_bonus if seat in self.went_out else 0
            score = (going_out + self.exact_grab[seat]
                     + sum(c["bonus"] for c in canastas.values()) + penalty_total + melded)
            rows[seat] = {
                "going_out": going_out, "exact_grab": self.exact_grab[seat],
                "canastas": canastas, "penalty": penalty, "penalty_total": penalty_total,
                "melded": melded, "deal_score": score, "total": self.totals[seat] + score,
                "stage": self.stage[seat],
            }
        return {"deal": self.deal_number, "went_out": list(self.went_out),
                "stock_exhausted": not self.stock, "teams": rows}

    # ----------------------------------------------------------------- views
    def _public_extra(self) -> dict[str, Any]:
        view: dict[str, Any] = {}
        self._set_public_extra(view)
        return view

    def _set_public_extra(self, view: dict[str, Any]) -> None:
        options = self.options
        view["score_keeper"] = self.keeper
        view["looking_dealer"] = self.dealer
        view["down_dealer"] = self.down_dealer
        view["frozen_in_time"] = list(self.frozen)
        view["to_act"] = self._public_to_act()
        view["went_out"] = list(self.went_out)
        view["final_round"] = dict(self.final_round) if self.final_round else None
        view["canastas_to_go_out"] = options["canastas_to_go_out"]
        view["target_score"] = options["target_score"]
        view["max_deals"] = options["max_deals"]

    def _add_private(self, view: dict[str, Any], seat: int) -> None:
        """`out_of_turn`: the seat may act although it is not its turn (frozen in time)."""
        view["out_of_turn"] = seat != self.turn and seat in self._to_act_list

    # The listing lives in ld_legal.py; bound as `legal` itself (see `legal_kinds`).
    legal = _legal = legal_kinds

    # ----------------------------------------------------------------- positions
    def _load_extra(self, spec: dict[str, Any], pool: Any) -> dict[str, list[list[int]]]:
        """Position keys `stage` and `downs` (count, codes or null once picked up)."""
        seats = self.seats
        stage = {int(k): v for k, v in (spec.get("stage") or {}).items()}
        self.stage = [stage.get(s, "looking") for s in range(seats)]
        if any(v not in ("looking", "down") for v in self.stage):
            raise InvalidAction("position", "a stage is 'looking' or 'down'.")
        downs = {int(k): v for k, v in (spec.get("downs") or {}).items()}
        size = self.rules.second_hand_size
        down_ids = [pool.zone(downs.get(s, size if self.stage[s] == "looking" else None))
                    for s in range(seats)]
        return {"feet": down_ids}

    def _load_flags(self, spec: dict[str, Any]) -> None:
        seats = self.seats
        if "looking_dealer" in spec:
            self.dealer = spec["looking_dealer"]
        self.down_dealer = spec.get("down_dealer", self.next_nk(self.dealer))
        if "turn" not in spec:
            self.turn = self.next_nk(self.down_dealer)
        took = {int(k): v for k, v in (spec.get("took_pile_last_turn") or {}).items()}
        self.took_pile_last_turn = [bool(took.get(s, False)) for s in range(seats)]
        self.took_pile_this_turn = bool(spec.get("took_pile_this_turn", False))
        self.frozen = sorted(spec.get("frozen") or [])
        fr = spec.get("final_round")
        self.final_round = None if fr is None else {"emptier": fr["emptier"],
                                                    "turns_left": fr["turns_left"]}
        self.went_out = list(spec.get("went_out") or [])
        self.first_turn_done = [True] * seats
        if self.phase not in self.PHASES:
            raise InvalidAction("position", f"'{self.phase}' is not a Looking and Down phase.")
        self.to_act_list = {"deal_over": [self._dealers(self.deal_number + 1)[0]],
                            "game_over": []}.get(self.phase, [self.turn])
        self.over = self.phase == "game_over"
        self._refresh_to_act()

    def _position_extra(self) -> dict[str, Any]:
        def text(ids: list[int]) -> str:
            return " ".join(self.codes[i] for i in ids)

        return {
            "options": dict(self.options),
            "looking_dealer": self.dealer, "down_dealer": self.down_dealer,
            "stage": dict(enumerate(self.stage)),
            "downs": {s: (text(d) if self.stage[s] == "looking" else None)
                      for s, d in enumerate(self.feet)},
            "took_pile_last_turn": dict(enumerate(self.took_pile_last_turn)),
            "took_pile_this_turn": self.took_pile_this_turn,
            "frozen": list(self.frozen), "final_round": self.final_round,
            "went_out": list(self.went_out),
        }
