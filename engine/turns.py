"""The Canasta-family turn flow, written once: deal, turn, draw, meld, lay off, discard,
the second hand (foot or down), going out, the end of a deal and the score sheet.

`CanastaGame` drives it from the game's `Rules` and a few hooks a game module overrides
where its rules really differ (python-chess's variants: small overrides on one board):

- `_dealers(number)`, `_first_player()`, `_deal_draws(rng, events)`,
  `_turn_upcard(upcard, rng)`, `_reset_deal()`: the deal;
- `_going_out_failure(seat, melds_after)`, `may_go_out(seat)`, `_check_hand_left`,
  `_check_discard(seat, left)`: going out;
- `_went_out(seat, events)`, `_end_turn(events)`, `_next_to_act_after_deal()`: what ends
  a turn or a deal;
- `_score_deal(went_out)`: the game's score-sheet row;
- `MELD_ORDER` / `MELD_IDS` / `CHECKER`: the meld checks, their order and their ids, and
  `_check_whole(team, changes)` for checks on an action's whole result.

Rule ids are the game's own: shared code names them by suffix through `rule_id`, and the
games share the suffixes of the family's rules (T1 turn, T6 discard, M9 own melds, I1
minimum count).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from .cards import RED_THREES, parse_card
from .core import _INTS, Commit, Events, FamilyGame
from .deck import shuffled_deck
from .errors import IllegalAction, InvalidAction
from .melds import Change, Meld, MeldChecker, RunChange, new_change
from .views import PublicParts


class CanastaGame(PublicParts, FamilyGame):
    """The shared flow; a game module subclasses it with its `Rules` and hooks."""

    __slots__ = (*PublicParts.KEPT, "feet", "stage", "foot_played", "first_turn_done",
                 "_checkers", "wild_room")

    MELD_ORDER: ClassVar[tuple[str, ...]]
    MELD_IDS: ClassVar[dict[str, str]]
    CHECKER: ClassVar[type[MeldChecker]]

    def _setup_hands(self, seats: int) -> None:
        """Per-seat state of the two hands (called by a game's `__init__`)."""
        self.feet: list[list[int]] = [[] for _ in range(seats)]   # the second hand
        self.stage: list[str] = [self.rules.stages[0]] * seats
        self.foot_played: list[bool] = [False] * seats
        self.first_turn_done: list[bool] = [False] * seats
        self._checkers: dict[int, MeldChecker] = {}
        # The wild limit by meld size, looked up by listings rather than recomputed.
        self.wild_room = tuple(self.rules.max_wilds(n)
                               for n in range(self.rules.complete_at + 2))

    # ----------------------------------------------------------------- the deal
    def _dealers(self, number: int) -> tuple[int, int]:
        """The dealers of the first and of the second hands of deal `number`."""
        raise NotImplementedError

    def _first_player(self) -> int:
        return (self.dealer + 1) % self.seats

    def _deal_draws(self, rng: random.Random, events: Events) -> None:
        """Numbers the rules draw right after the shuffle (exact cut, exact grab)."""

    def _turn_upcard(self, upcard: int, rng: random.Random) -> int:
        return upcard

    def _deal_attempt(self) -> int:
        """Which try at dealing this deal number it is: 0, or more where a void deal is
        dealt again with a new shuffle (SK-D2)."""
        return 0

    def _reset_deal(self) -> None:
        """Per-deal state of the game's own, cleared before the first turn."""

    def _start_deal(self, number: int) -> Events:
        """Shuffle, give ids, deal the first hands then the second hands, turn the upcard."""
        rules = self.rules
        seats = self.seats
        self.deal_number = number
        first, second = self._dealers(number)
        self.dealer = first
        order_codes, ids, rng = shuffled_deck(self.name, self.seed, number, rules.packs,
                                              rules.jokers, self._deal_attempt())
        events: Events = [self._deal_started_event(number)]
        self._deal_draws(rng, events)
        codes = [""] * len(ids)
        for pos, cid in enumerate(ids):
            codes[cid] = order_codes[pos]
        self.codes = codes
        size, p = rules.hand_size, 0
        for j in range(1, seats + 1):
            seat = (first + j) % seats
            self.hands[seat] = ids[p:p + size]
            p += size
        size = rules.second_hand_size
        for j in range(1, seats + 1):
            seat = (second + j) % seats
            self.feet[seat] = ids[p:p + size]
            p += size
        if rules.upcard:
            upcard, rest = ids[p], ids[p + 1:]
            self.stock = rest[::-1]
            upcard = self._turn_upcard(upcard, rng)
            self.discard = [upcard]
            events.append({"type": "upcard", "card": self._card(upcard)})
        else:
            self.stock = ids[p:][::-1]
            self.discard = []
        self.melds = {}
        self.next_meld_id = 1
        self.red_threes = [[] for _ in self.teams]
        self.opened = [False for _ in self.teams]
        self.stage = [rules.stages[0]] * seats
        self.foot_played = [False] * seats
        self.first_turn_done = [False] * seats
        self._reset_deal()
        self.turn = self._first_player()
        self._begin_turn(events)
        return events

    def _deal_started_event(self, number: int) -> dict[str, Any]:
        return {"type": "deal_started", "deal": number, "dealer": self.dealer}

    def _begin_turn(self, events: Events) -> None:
        """A turn starts in the draw phase; where red threes are placed, a seat's first
        turn of the deal places them first (HF-R1)."""
        seat = self.turn
        self.phase = "draw"
        # `self.to_act_list = [seat]`, without the property's call (once per turn).
        self._to_act_list = [seat]
        self.to_act = frozenset((seat,))
        self._turn_started(seat)
        events.append({"type": "turn", "seat": seat})
        if not self.first_turn_done[seat]:
            self.first_turn_done[seat] = True
            if self.rules.red_threes_placed:
                self._settle_red_threes(seat, events, replace=True)

    def _turn_started(self, seat: int) -> None:
        """Per-turn state of the game's own, reset as the turn starts."""

    def _settle_red_threes(self, seat: int, events: Events, replace: bool) -> None:
        """HF-R1..R5: place red threes face up, drawing replacements while they are owed."""
        codes, team = self._codes, self.team_of[seat]
        while True:
            if RED_THREES.isdisjoint(map(codes.__getitem__, self.hands[seat])):
                return  # the usual case, asked in C
            reds = [i for i in self.hands[seat] if codes[i] in RED_THREES]
            if not reds:
                return
            self._remove(seat, reds)
            self.red_threes[team].extend(reds)
            events.append({"type": "red_threes", "seat": seat, "cards": self._cards_view(reds)})
            if not replace:
                return
            new = self._take_from_stock(len(reds))
            if not new:
                return
            self._add_to_hand(seat, new)
            events.append({"type": "drew", "seat": seat, "count": len(new),
                           "reason": "replacement"})

    def apply(self, seat: int, action: dict[str, Any]) -> Events:
        events = super().apply(seat, action)
        if not self.stock and self.phase in self.TURN_PHASES:
            self._end_dead_end(events)
        return events

    TURN_PHASES: ClassVar[frozenset[str]] = frozenset({"draw", "play"})

    def _end_dead_end(self, events: Events) -> None:
        """The stock is empty and the player whose turn it is has nothing legal left (a
        last card they may not discard, HF-G7): the turn cannot end, so the deal ends as
        when a turn ends on an empty stock (HF-E2, our reading of a case the rules do not
        name). Events are appended to the action's own, so a replay does the same."""
        turn = self.turn
        if turn in self._to_act_list and not self._legal(turn):
            events.append({"type": "stock_exhausted"})
            self._end_deal(events, went_out=None)
            self._version += 1  # views kept for the version the action made are stale

    def _end_turn(self, events: Events) -> None:
        """The deal ends when a turn ends on an empty stock (HF-T8 / HF-E2)."""
        if not self.stock:
            events.append({"type": "stock_exhausted"})
            self._end_deal(events, went_out=None)
            return
        self.turn = (self.turn + 1) % self.seats
        self._begin_turn(events)

    def _after_play(self, seat: int, events: Events, discarded: bool) -> None:
        """After an action that removed cards: the second hand is picked up when the first
        runs out (HF-T7, LD-T7); a seat that runs out of its second hand has gone out."""
        if self.hands[seat]:
            if discarded:
                self._end_turn(events)
            return
        stages = self.rules.stages
        if self.stage[seat] == stages[1]:
            self._went_out(seat, events, discarded)
            return
        self.stage[seat] = stages[1]
        self.hands[seat] = self.feet[seat]
        self.feet[seat] = []
        events.append({"type": "picked_up_" + stages[1], "seat": seat})
        if self.rules.red_threes_placed:
            self._settle_red_threes(seat, events, replace=True)
        if discarded:
            self._end_turn(events)

    def _went_out(self, seat: int, events: Events, discarded: bool) -> None:
        events.append({"type": "went_out", "seat": seat})
        self._end_deal(events, went_out=seat)

    # ----------------------------------------------------------------- going out
    def _going_out_failure(self, seat: int, melds_after: dict[int, Meld]) -> tuple[str, str] | None:
        """(rule id, sentence) of the first going-out condition not met, or None."""
        raise NotImplementedError

    def may_go_out(self, seat: int) -> bool:
        return self._going_out_failure(seat, self._melds) is None

    def _check_hand_left(self, seat: int, left: int, changes: list[Change]) -> None:
        """HF-G5/G6: in the second stage, no empty or one-card hand unless going out."""
        if self.stage[seat] != self.rules.stages[1] or left > 1:
            return
        melds_after = self._melds_after(self.team_of[seat], changes)
        failure = self._going_out_failure(seat, melds_after)
        if failure is not None:
            rule, why = failure
            what = "empty your hand" if left == 0 else "keep just one card"
            raise IllegalAction(rule, f"you cannot {what} now: {why}")

    def _check_discard(self, seat: int, left: int) -> None:
        """A game's own conditions on a discard that leaves `left` cards."""

    # ----------------------------------------------------------------- meld checks
    def _checker(self, team: int) -> MeldChecker:
        """One checker per team and deal (it reads this deal's faces)."""
        cache = self._checkers
        hit = cache.get(team)
        if hit is None or hit.codes is not self._codes:
            hit = cache[team] = self.CHECKER(self, team)
        return hit

    def _check_changes(self, seat: int, changes: list[Change]) -> None:
        """The meld checks over all changes, in the game's order, on the melds as they
        would be; then the checks on the whole result."""
        team = self.team_of[seat]
        checker = self._checker(team)
        passes = checker.passes
        for ch in changes:
            if not passes(ch):  # only then are the named checks run, to name the failure
                failure = checker.first_failure(changes, self.MELD_ORDER)
                if failure is not None:
                    raise IllegalAction(*failure)
                break
        self._check_whole(team, changes)

    def _check_whole(self, team: int, changes: list[Change]) -> None:
        """Checks on an action's whole result (HF-M6: one unfinished meld per rank)."""

    def _melds_after(self, team: int, changes: list[Change]) -> dict[int, Meld]:
        """All melds as the changes would leave them (new melds get the next ids)."""
        after = dict(self._melds)
        next_id = self.next_meld_id
        for ch in changes:
            if ch.meld is None:
                m = self._apply_change(ch, next_id, team)
                next_id += 1
            else:
                m = self._apply_change(ch, 0, team)
            after[m.id] = m
        return after

    def min_count(self, team: int) -> int:
        """What an unopened side's first melds must reach this deal (by deal number, or by
        the side's score before the deal where the rules give score bands)."""
        return self.rules.min_count(self.deal_number, self.totals[team])

    def _check_min_count(self, seat: int, new_meld_cards: list[int]) -> None:
        """An unopened side's first melds must reach the minimum count (HF-I1, LD-I1)."""
        team = self.team_of[seat]
        if self.opened[team]:
            return
        need = self.min_count(team)
        got = sum(map(self._value.__getitem__, new_meld_cards))
        if got < need:
            who = "your team's" if len(self.teams[team]) > 1 else "your"
            raise IllegalAction(self.rule_id("I1"), f"{who} first melds must count at least "
                                                    f"{need}; these count {got}.")

    def _meld_lists(self, value: Any, what: str) -> list[tuple[int, ...]]:
        if not isinstance(value, list):
            raise self._invalid(f"{what} must be a list of melds, each a list of card ids.")
        id_list = self._id_list  # (bound here: the comprehension then needs no cell)
        return [id_list(m, "each meld") for m in value]

    def _invalid(self, message: str) -> InvalidAction:
        return InvalidAction(self.rule_id("T1"), message)

    def meld_kind(self, m: Meld) -> str:
        raise NotImplementedError

    # ----------------------------------------------------------------- actions
    # The commit functions of the frequent kinds (draw, discard, lay-off, meld) take what
    # they need as default values rather than closing over it: closed-over names cost a
    # cell each on every plan, and slower reads in the plan itself.
    def _plan_draw(self, seat: int, action: dict[str, Any]) -> Commit:
        def commit(self: CanastaGame = self, seat: int = seat) -> Events:
            if self.stage[seat] != self.rules.stages[0]:  # HF-T7: the foot is in play
                self.foot_played[seat] = True
            stock = self.stock  # `_take_from_stock`, written out
            n = min(self._draw_count(seat), len(stock))
            if n == 2:  # the usual draw: the top card, then the one under it
                new = [stock.pop(), stock.pop()]
            else:
                new = stock[-n:][::-1] if n else []
                del stock[len(stock) - n:]
            self._add_to_hand(seat, new)
            events: Events = [{"type": "drew", "seat": seat, "count": len(new)}]
            if self.rules.red_threes_placed and not RED_THREES.isdisjoint(
                    map(self._codes.__getitem__, new)):
                self._settle_red_threes(seat, events, replace=True)  # HF-R2
            self.phase = "play"
            return events
        return commit

    def _pile_blocked(self, top: int | None) -> bool:
        """No pile, or a 3 on top (HF-P2, LD-P2); or a wild card where the rules say so
        (the public view says the same, written out)."""
        return top is None or self._codes[top][0] == "3" or (
            self.rules.wild_blocks_pile and self._wild[top])

    def _draw_count(self, seat: int) -> int:
        return self.rules.draw_count

    def _commit_changes(self, seat: int, changes: list[Change], events: Events) -> None:
        team = self.team_of[seat]
        replaced: dict[int, Meld] = {}
        made: list[Meld] = []
        for ch in changes:
            base = ch.meld
            if base is not None:
                base = replaced.get(base.id, self._melds[base.id])
                m = self._apply_change(ch if base is ch.meld else new_change(base, ch.added),
                                       base.id, team)
                events.append({"type": "laid_off", "seat": seat, "meld": m.id,
                               "cards": self._cards_view(ch.added), "size": len(m.cards),
                               "kind": self.meld_kind(m)})
            else:
                m = self._apply_change(ch, self._new_meld_id(), team)
                events.append({"type": "melded", "seat": seat, "meld": m.id,
                               "cards": self._cards_view(m.cards), "kind": self.meld_kind(m)})
            replaced[m.id] = m
            made.append(m)
        self._put_melds(team, made)
        self.opened[team] = True

    def _declared(self, value: Any, ids: tuple[int, ...]) -> tuple[tuple[int, str], ...]:
        """A meld's or lay-off's `as`: {card id: code} for the wild cards of a sequence."""
        if not isinstance(value, dict):
            raise self._invalid("'as' must map wild card ids to the cards they stand for.")
        out = []
        for key, code in value.items():
            i = key if type(key) is int else int(key) if str(key).isdigit() else None
            if i not in ids:
                raise self._invalid(f"'as' names card {key}, which is not among those cards.")
            try:
                out.append((i, parse_card(code)))
            except (ValueError, AttributeError):
                raise self._invalid(f"'as' must give a card code, not {code!r}.") from None
        return tuple(sorted(out))

    def _meld_changes(self, value: Any) -> list[Change]:
        """The new melds of a `meld` action: lists of ids, or where sequences are allowed
        `{"cards": [...], "as": {...}}` declaring what its wild cards stand for."""
        if not self.rules.sequences:
            return [new_change(None, ids) for ids in self._meld_lists(value, "'melds'")]
        if not isinstance(value, list):
            raise self._invalid("'melds' must be a list of melds, each a list of card ids.")
        changes: list[Change] = []
        for m in value:
            if isinstance(m, dict):
                ids = self._id_list(m.get("cards"), "each meld's 'cards'")
                changes.append(RunChange(None, ids, self._declared(m.get("as") or {}, ids)))
            else:
                changes.append(new_change(None, self._id_list(m, "each meld")))
        return changes

    def _plan_meld(self, seat: int, action: dict[str, Any]) -> Commit:
        """Several new melds at once (HF-M12, LD-M12), checked in the game's order."""
        changes = self._meld_changes(self._field(action, "melds", list))
        if not changes:
            raise self._invalid("'melds' must name at least one meld.")
        seen: set[int] = set()
        for ch in changes:
            self._own_cards(seat, ch.added, seen)
        self._check_changes(seat, changes)
        self._check_hand_left(seat, len(self.hands[seat]) - len(seen), changes)
        self._check_opening(seat, changes, list(seen))

        def commit(self: CanastaGame = self, seat: int = seat, seen: set[int] = seen,
                   changes: list[Change] = changes) -> Events:
            if self.stage[seat] != self.rules.stages[0]:  # HF-T7: the foot is in play
                self.foot_played[seat] = True
            self._remove(seat, list(seen))
            events: Events = []
            self._commit_changes(seat, changes, events)
            self._after_play(seat, events, discarded=False)
            return events
        return commit

    def _check_opening(self, seat: int, changes: list[Change], cards: list[int]) -> None:
        """An unopened side's first melds (HF-I1; a game may add LD-I3)."""
        self._check_min_count(seat, cards)

    def _plan_lay_off(self, seat: int, action: dict[str, Any]) -> Commit:
        """Cards from hand onto one of the side's melds; only the result is judged."""
        mid, cards = action.get("meld"), action.get("cards")
        if type(mid) is not int or type(cards) is not list:  # `_field` refuses or takes them
            mid = self._field(action, "meld", int)
            cards = self._field(action, "cards", list)
        if type(cards) is list and _INTS.issuperset(map(type, cards)):  # `_id_list`'s own
            ids = tuple(cards)
        else:
            ids = self._id_list(cards, "'cards'")
        if not ids:
            raise self._invalid("'cards' must name at least one card.")
        if len(ids) == 1:  # `_own_cards` for one card
            if ids[0] not in self.hands[seat]:
                raise IllegalAction(self.rule_id("T1"), f"card {ids[0]} is not in your hand.")
        else:
            self._own_cards(seat, ids, set())
        target = self._melds.get(mid)
        if target is None:
            raise IllegalAction(self.rule_id("M9"), f"there is no meld #{mid} of "
                                f"{'your team' if len(self.teams[0]) > 1 else 'yours'}.")
        changes = [self._lay_off_change(target, ids, action)]
        # `_check_changes` for one extension (whole-result checks concern new melds only).
        team = self.team_of[seat]
        checker = self._checkers.get(team)  # `_checker(team)`, its usual case written out
        if checker is None or checker.codes is not self._codes:
            checker = self._checker(team)
        if target.team != team or not checker.passes(changes[0]):
            failure = checker.first_failure(changes, self.MELD_ORDER)
            if failure is not None:
                raise IllegalAction(*failure)
        left = len(self.hands[seat]) - len(ids)
        if left <= 1 and self.stage[seat] != self.rules.stages[0]:
            self._check_hand_left(seat, left, changes)

        def commit(self: CanastaGame = self, seat: int = seat, ids: tuple[int, ...] = ids,
                   changes: list[Change] = changes, target: Meld = target,
                   team: int = team) -> Events:
            if self.stage[seat] != self.rules.stages[0]:  # HF-T7: the foot is in play
                self.foot_played[seat] = True
            if len(ids) == 1:
                self._remove_one(seat, ids[0])
            else:
                self._remove(seat, ids)
            # `_commit_changes` for this one extension.
            base = self._melds[target.id]
            m = self._apply_change(changes[0] if base is target else new_change(base, ids),
                                   target.id, team)
            events: Events = [{"type": "laid_off", "seat": seat, "meld": m.id,
                               "cards": self._cards_view(ids), "size": len(m.cards),
                               "kind": self.meld_kind(m)}]
            self._put_melds(team, [m])
            self.opened[team] = True
            if self.hands[seat]:  # `_after_play`: cards are left, so the turn goes on
                return events
            self._after_play(seat, events, discarded=False)
            return events
        return commit

    def _lay_off_change(self, target: Meld, ids: tuple[int, ...],
                        action: dict[str, Any]) -> Change:
        """The change a lay-off makes (where the rules have sequences, with what its wild
        cards stand for, `as`); a game may fill in what the action leaves unsaid."""
        if self.rules.sequences and "as" in action:
            return RunChange(target, ids, self._declared(action["as"], ids))
        return new_change(target, ids)

    def _plan_discard(self, seat: int, action: dict[str, Any]) -> Commit:
        """One card on the pile ends the turn; the last card of the second hand only as a
        going out (HF-G7, LD-G3)."""
        card = action.get("card")
        if type(card) is not int:  # `_field` refuses it or takes an int subclass
            card = self._field(action, "card", int)
        if card not in self.hands[seat]:  # `_own_cards` for one card
            raise IllegalAction(self.rule_id("T1"), f"card {card} is not in your hand.")
        left = len(self.hands[seat]) - 1
        if left == 0 and self.stage[seat] != self.rules.stages[0]:
            failure = self._going_out_failure(seat, self._melds)
            if failure is not None:
                rule, why = failure
                raise IllegalAction(rule, f"discarding your last card would go out: {why}")
        self._check_discard(seat, left)

        def commit(self: CanastaGame = self, seat: int = seat, card: int = card) -> Events:
            if self.stage[seat] != self.rules.stages[0]:  # HF-T7: the foot is in play
                self.foot_played[seat] = True
            self._remove_one(seat, card)
            self.discard.append(card)
            events: Events = [{"type": "discarded", "seat": seat,
                                "card": self._card_views[card]}]
            if self.hands[seat]:  # the usual case: the turn ends
                self._end_turn(events)
            else:  # a second hand to pick up, or going out
                self._after_play(seat, events, discarded=True)
            return events
        return commit

    def _plan_next_deal(self, seat: int, action: dict[str, Any]) -> Commit:
        def commit() -> Events:
            return self._start_deal(self.deal_number + 1)
        return commit

    # ----------------------------------------------------------------- end of a deal
    def _end_deal(self, events: Events, went_out: int | None) -> None:
        """Score the deal, then either the next deal's dealer may start it, or the game
        is over (highest total wins; ties share the win)."""
        row = self._score_deal(went_out)
        self.score_sheet.append(row)
        for t, item in row["teams"].items():
            self.totals[t] += item["deal_score"]
        events.append({"type": "deal_scored", "deal": self.deal_number, "row": row})
        if self.rules.game_ends(self.deal_number, self.totals):
            self.over = True
            self.phase = "game_over"
            self.to_act_list = []
            best = max(self.totals.values())
            self.winners = tuple(t for t, p in sorted(self.totals.items()) if p == best)
            events.append({"type": "game_over", "winners": list(self.winners),
                           "totals": dict(self.totals)})
        else:
            self.phase = "deal_over"
            self.to_act_list = [self._next_to_act_after_deal()]

    def _next_to_act_after_deal(self) -> int:
        """Who sends `next_deal`: the next deal's dealer."""
        return self._dealers(self.deal_number + 1)[0]

    def _score_deal(self, went_out: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def score_if_ended(self) -> dict[int, int]:
        """Each side's deal score were the deal to end now with nobody out, by the game's
        own score sheet: how the search bot judges a deal it has not played to its end."""
        return {t: row["deal_score"] for t, row in self._score_deal(None)["teams"].items()}

    def _held_value(self, ids: list[int]) -> int:
        """Unplayed cards' values; a red three costs the red-three penalty (HF-O10,
        LD-SC3) instead of its card value."""
        codes = self._codes
        if RED_THREES.isdisjoint(map(codes.__getitem__, ids)):  # the usual case, in C
            return sum(map(self._value.__getitem__, ids))
        red_cost = self.rules.red_three_penalty
        return sum(red_cost if self.codes[i] in RED_THREES else self.rules.value(self.codes[i])
                   for i in ids)
