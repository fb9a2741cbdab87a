"""What Looking and Down allows a seat now, described cheaply (the family's pieces of a
listing are in listing.py).

The turn player's draw phase offers `draw` and, where LD-P allows, one or two concrete
takes the engine has checked; the play phase offers meld blocks, lay-off targets and
discards. A frozen seat (LD-F2) is offered melds and lay-offs only. Melds are capped at
six cards before the seat has opened (LD-I3), and a down-stage seat keeps the cards
LD-G4 asks for, judged conservatively as in Hand and Foot.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .core import WILD
from .listing import (
    by_value,
    lay_off_targets,
    new_meld_blocks,
    passing,
    pick_blocks,
    richest_blocks,
)

if TYPE_CHECKING:
    from .looking_and_down import LookingAndDown


def legal_kinds(game: LookingAndDown, seat: int) -> list[dict[str, Any]]:
    """The listing, bound as the game's `legal` itself (the seat check included), as in
    Hand and Foot: one call fewer before every action of a driving loop."""
    if seat not in game._to_act_list:  # a list: an unhashable `seat` is just not there
        return []
    phase = game.phase
    if phase == "deal_over":
        return [{"type": "next_deal"}]
    if phase not in ("draw", "play"):
        return []
    if seat != game.turn:
        return frozen_entries(game, seat)
    if phase == "draw":
        # In the final round the draw takes nothing (LD-E3): the entry says so, for the
        # screens to name the key for what it does ("Draw" read wrong with no stock).
        out: list[dict[str, Any]] = [{"type": "draw", "count": 0} if game.final_round
                                     is not None else {"type": "draw"}]
        # `take_options` finds nothing without two naturals of the top card's meld group
        # in hand (a wild card or a 3 on top blocks the pile): asked here first, as in
        # Hand and Foot's listing.
        discard = game.discard
        group = game._group[discard[-1]] if discard else None
        if group is not None and group != WILD:
            hand = game.hands[seat]
            idx = game._hand_index[seat]
            if idx is None or idx[0] is not hand or idx[1] != game._hand_version[seat]:
                idx = game._index_hand(seat)
            if len(idx[2][0].get(group, ())) >= 2:
                takes = take_options(game, seat)
                if takes:
                    out.append({"type": "take_pile", "top": game._card(discard[-1]),
                                "options": takes})
        return out
    out = melds_and_lay_offs(game, seat, own_turn=True)
    hand = game.hands[seat]
    if len(hand) == 1 and game.stage[seat] == "down" and game.final_round is None:
        if game.may_go_out(seat):  # LD-G3: the last card goes only as a going out
            out.append({"type": "discard", "cards": list(hand), "goes_out": True})
    elif hand:
        out.append({"type": "discard", "cards": list(hand)})
    return out


def frozen_entries(game: LookingAndDown, seat: int,
                   probe: bool = False) -> list[dict[str, Any]]:
    """A frozen seat's melds and lay-offs (LD-F2), outside its own turn (with `probe`,
    possibly only some of them: see `melds_and_lay_offs`)."""
    if seat not in game.frozen or game.phase not in ("draw", "play") or not game.hands[seat]:
        return []
    return melds_and_lay_offs(game, seat, own_turn=False, probe=probe)


def melds_and_lay_offs(game: LookingAndDown, seat: int, own_turn: bool,
                       probe: bool = False) -> list[dict[str, Any]]:
    """New melds and lay-offs, in that order. The hand index and the unfinished melds are
    read from the game's own caches, and the usual lay-off targets (no wild card in hand)
    worked out here, as Hand and Foot's listing does. With `probe` (is anything listed at
    all? `to_act`'s question for a frozen seat, asked as each turn begins) the lay-offs
    are looked at first, and a seat that has one is answered without its melds."""
    hand = game.hands[seat]
    # LD-G4: in the down stage (not the final round) an own-turn action keeps two cards,
    # and a frozen one keeps one, unless going out is already possible.
    keep = 0
    if game.stage[seat] == "down" and game.final_round is None and not game.may_go_out(seat):
        keep = 2 if own_turn else 1
    room = len(hand) - keep
    idx = game._hand_index[seat]  # `hand_groups(seat)`, written out
    if idx is None or idx[0] is not hand or idx[1] != game._hand_version[seat]:
        idx = game._index_hand(seat)
    by_rank, wilds, multiples = split = idx[2]
    opened = game.opened[seat]
    lay_off = None
    if room >= 1 and opened:
        unfinished = game._unfinished.get(seat)
        if unfinished is None:
            unfinished = game.unfinished_melds(seat)
        if not wilds:  # `lay_off_targets`' usual case: melds of a rank held take a card
            targets: list[dict[str, Any]] = []
            held = by_rank.get
            for m in unfinished:
                ids = held(m.rank)
                if ids:
                    targets.append({"meld": m.id, "cards": list(ids)})
        else:
            targets = lay_off_targets(game, split, unfinished)
        red_ids = game.red_three_ids()  # LD-M5: a red three on a red canasta
        if not red_ids.isdisjoint(hand):
            canastas = game.red_canastas(seat)
            if canastas:
                reds = [i for i in hand if i in red_ids]
                for mid in canastas:
                    targets.append({"meld": mid, "cards": reds})
        if targets:
            lay_off = {"type": "lay_off", "targets": targets}
            if probe:
                return [lay_off]
    out: list[dict[str, Any]] = []
    if multiples and room >= game.rules.min_meld:
        longest = game.rules.complete_at if opened else game.rules.complete_at - 1
        blocks = new_meld_blocks(game, hand, by_rank, wilds, multiples, set(), room, longest)
        if blocks:
            need = 0 if opened else game.min_count(seat)
            if need and wilds and not pick_blocks(by_value(blocks), need, room):
                blocks = richest_blocks(game, hand, by_rank, wilds, multiples, set(), room,
                                        longest)
            if need == 0 or pick_blocks(by_value(blocks), need, room):
                out.append({"type": "meld", "blocks": blocks, "min_count": need,
                            "max_cards": room})
    if lay_off is not None:
        out.append(lay_off)
    return out


def take_options(game: LookingAndDown, seat: int) -> list[dict[str, Any]]:
    """At most two concrete takes of the pile (LD-P), each checked by the engine itself."""
    discard = game.discard
    if not discard or game.took_pile_last_turn[seat]:
        return []
    top = discard[-1]
    if game._pile_blocked(top):
        return []
    rank = game._codes[top][:-1]
    by_rank, wilds, _ = game.hand_groups(seat)
    naturals = by_rank.get(rank, [])
    if len(naturals) < 2:
        return []
    candidates: list[dict[str, Any]] = []
    if game.opened[seat]:
        candidates.append({"type": "take_pile", "cards": naturals[:2]})
    else:
        # The top card's meld takes the naturals of its rank (six cards at most, LD-I3);
        # further blocks from the hand are added, best first, until the minimum is met.
        cards = list(naturals[:5])
        need = game.min_count(seat) - sum(map(game._value.__getitem__, [top, *cards]))
        base: dict[str, Any] = {"type": "take_pile", "cards": cards}
        if need > 0:
            hand = game.hands[seat]
            ranks = [r for r in by_rank if r != rank and len(by_rank[r]) >= 2]
            blocks = new_meld_blocks(game, hand, by_rank, wilds, ranks, set(), len(hand),
                                     game.rules.complete_at - 1)
            extra = []
            for b in by_value(blocks):
                if need <= 0:
                    break
                extra.append(b["cards"])
                need -= b["points"]
            if extra:
                base["melds"] = extra
        candidates.append(base)
    return passing(game, seat, candidates)
