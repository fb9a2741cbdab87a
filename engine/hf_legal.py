"""What Hand and Foot allows a seat now, described cheaply (the family's pieces of a
listing are in listing.py).

The listing never enumerates subsets of a hand. Each entry names an action kind and
gives the pieces a player or bot needs to build a legal one: meld *blocks* (one new meld
per rank the hand can start), lay-off targets with the cards each can take, the cards
that may be discarded, and for the pile one or two concrete takes the engine has checked.
A meld's `max_cards` leaves the cards HF-G5/G6 require in hand, judged conservatively:
all may go when going out is already possible, else two must stay in the foot stage.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .core import WILD, HandGroups
from .listing import (
    by_value,
    lay_off_targets,
    new_meld_blocks,
    passing,
    pick_blocks,
    richest_blocks,
)

if TYPE_CHECKING:
    from .hand_and_foot import HandAndFoot


def legal_kinds(game: HandAndFoot, seat: int) -> list[dict[str, Any]]:
    """The whole listing in one function: it runs before every action of a driving loop,
    and on the CPython the bench runs on a Python call costs about what a dozen lines
    of this function do, so the play phase and the common draw-phase exits are written
    out here; the helpers below (`meld_blocks`, `lay_off_targets`, `take_options`) say
    the same."""
    if seat not in game._to_act_list:  # a list: an unhashable `seat` is just not there
        return []
    phase = game.phase
    if phase == "play":
        # The play phase: new melds, lay-offs and discards, in that order. The hand
        # index, the unfinished melds and their ranks are read from the game's own
        # caches, as `hand_groups`, `unfinished_melds` and `unfinished_ranks` give them.
        out: list[dict[str, Any]] = []
        hand = game.hands[seat]
        hand_n = len(hand)
        team = game.team_of[seat]
        foot = game.stage[seat] == "foot"
        # HF-G5/G6: in the foot stage two cards stay in hand unless going out is possible
        # (`may_go_out` asks for permission first: asked here without the call).
        keep = 2 if foot and not (game.permission == "yes" and game.may_go_out(seat)) else 0
        room = hand_n - keep
        idx = game._hand_index[seat]
        if idx is None or idx[0] is not hand or idx[1] != game._hand_version[seat]:
            idx = game._index_hand(seat)
        by_rank, wilds, multiples = split = idx[2]
        unfinished = game._unfinished.get(team)
        if unfinished is None:
            unfinished = game.unfinished_melds(team)
        # `meld_blocks`'s own first test, so that it is called only when it finds something.
        ranks_u = game._unfinished_ranks.get(team)
        if ranks_u is None:
            ranks_u = game.unfinished_ranks(team)
        ranks = multiples - ranks_u if multiples else multiples
        if ranks or (len(wilds) >= game.rules.min_meld and None not in ranks_u
                     and game.rules.wild_melds):
            blocks = new_meld_blocks(game, hand, by_rank, wilds, ranks, ranks_u, room)
            if blocks:
                need = 0 if game.opened[team] else game.rules.min_count(game.deal_number)
                # Each block fits alone, so with nothing to reach any block will do.
                if need and wilds and not pick_blocks(by_value(blocks), need, room):
                    blocks = richest_blocks(game, hand, by_rank, wilds, ranks, ranks_u, room)
                if need == 0 or pick_blocks(by_value(blocks), need, room):
                    out.append({"type": "meld", "blocks": blocks, "min_count": need,
                                "max_cards": room})
        if room >= 1 and unfinished:
            # `lay_off_targets`, written out.
            targets: list[dict[str, Any]] = []
            held = by_rank.get
            if not wilds:  # the usual case: only melds of a rank held can take a card
                for m in unfinished:
                    ids = held(m.rank)
                    if ids:
                        targets.append({"meld": m.id, "cards": list(ids)})
            else:
                targets = lay_off_targets(game, split, unfinished)
            if targets:
                out.append({"type": "lay_off", "targets": targets})
        # Discards: any card, except the last foot card while going out is not allowed (HF-G7)
        # and any card but the last under a binding permission (HF-O9).
        if hand_n == 1 and foot:
            if game.may_go_out(seat):
                out.append({"type": "discard", "cards": list(hand), "goes_out": True})
        elif hand_n and not (hand_n > 1 and game.permission == "yes"
                             and game.options["binding_permission"]):
            out.append({"type": "discard", "cards": list(hand)})
    elif phase == "draw":
        out = [{"type": "draw"}]
        discard = game.discard
        # `take_options` finds nothing without a pair for the top card: asked here first.
        # A top card of no meld group (a 3) has none.
        group = game._group[discard[-1]] if discard else None
        if group is not None:
            hand = game.hands[seat]
            idx = game._hand_index[seat]
            if idx is None or idx[0] is not hand or idx[1] != game._hand_version[seat]:
                idx = game._index_hand(seat)
            top = discard[-1]
            pair = idx[2][1] if group == WILD else idx[2][0].get(group, ())
            if len(pair) >= 2:
                takes = take_options(game, seat)
                if takes:
                    out.append({"type": "take_pile", "top": game._card(top),
                                "options": takes})
    elif phase == "answer":
        return [{"type": "answer", "choices": [True, False]}]
    elif phase == "deal_over":
        return [{"type": "next_deal"}]
    else:
        return []
    stage = game.stage
    if stage[seat] == "foot" and not game.asked:
        partner = (seat + 2) % 4
        if stage[partner] == "foot" and game.foot_played[partner]:
            out.append({"type": "ask_to_go_out"})
    return out


def meld_blocks(game: HandAndFoot, seat: int, split: HandGroups,
                max_cards: int | None = None) -> list[dict[str, Any]]:
    """One legal new meld per rank that has no unfinished meld (HF-M1, M2, M6), leaving
    out any of more than `max_cards` cards. Ranks come in order of first appearance in
    the hand; a pair takes the last wild card not yet used. Blocks hold new lists, never
    the hand index's own."""
    rules = game.rules
    by_rank, wilds, multiples = split
    unfinished = game.unfinished_ranks(game.team_of[seat])
    # Only ranks held twice or more can start a meld: usually none or one of them.
    ranks = multiples - unfinished if multiples else multiples
    if not ranks and (len(wilds) < rules.min_meld or None in unfinished
                      or not rules.wild_melds):
        return []
    hand = game.hands[seat]
    return new_meld_blocks(game, hand, by_rank, wilds, ranks, unfinished,
                   len(hand) if max_cards is None else max_cards)


def _extra_melds(blocks: list[dict[str, Any]], pair: list[int], need: int
                 ) -> tuple[list[list[int]], int]:
    """The blocks, richest first, that a first take adds beside the pile's meld until the
    minimum is reached: their cards, and what is still short (0 or less: reached)."""
    extra: list[list[int]] = []
    used = set(pair)
    for b in sorted(blocks, key=lambda b: -b["points"]):
        if need <= 0:
            break
        if used.isdisjoint(b["cards"]):
            extra.append(b["cards"])
            used.update(b["cards"])
            need -= b["points"]
    return extra, need


def take_options(game: HandAndFoot, seat: int) -> list[dict[str, Any]]:
    """At most two concrete takes of the pile, each checked by the engine itself."""
    if not game.discard:
        return []
    rules, codes = game.rules, game._codes
    top_code = codes[game.discard[-1]]
    if top_code[0] == "3":
        return []
    team = game.team_of[seat]
    # The pair: the first two wild cards of the hand for a wild top, else its first two
    # naturals of the top card's rank (every rank but the 3s, refused above, is meldable
    # in Hand and Foot, so the hand index holds them), both in hand order.
    by_rank, wilds, _ = game.hand_groups(seat)
    if game._wild[game.discard[-1]]:
        pair, want = wilds[:2], None
    else:
        want = top_code[:-1]
        pair = by_rank.get(want, [])[:2]
    if len(pair) < 2:
        return []
    # Takes the rules refuse whatever else holds are left out unchecked: the top card and
    # the pair overfilling the unfinished meld (HF-M1), a new meld beside it (HF-M6), and
    # a first meld short of the minimum count (HF-I1).
    candidates: list[dict[str, Any]] = []
    # The team's unfinished meld of that rank: the unfinished melds are kept in table order.
    target = None
    for m in game.unfinished_melds(team):  # (a generator would put `want` in a cell)
        if m.rank == want:
            target = m
            break
    if target is not None and (rules.max_meld is None
                               or len(target.cards) + 1 + len(pair) <= rules.max_meld):
        candidates.append({"type": "take_pile", "cards": pair, "onto": target.id})
    base: dict[str, Any] = {"type": "take_pile", "cards": pair}
    need = 0
    if not game.opened[team]:
        need = rules.min_count(game.deal_number) - rules.value(top_code) - sum(
            map(game._value.__getitem__, pair))
        extra, short = _extra_melds(meld_blocks(game, seat, game.hand_groups(seat)), pair,
                                    need)
        if short > 0 and wilds:  # the wild cards arranged for the most points (HF-I1)
            ranks = set(by_rank) - game.unfinished_ranks(team) - {want}
            richer, still = _extra_melds(richest_blocks(
                game, game.hands[seat], by_rank, wilds,
                [r for r in ranks if len(by_rank[r]) >= 2], game.unfinished_ranks(team),
                len(game.hands[seat])), pair, need)
            if still <= 0:
                extra, short = richer, still
        need = short
        if extra:
            base["melds"] = extra
    if target is None and need <= 0:
        candidates.append(base)
    return passing(game, seat, candidates)
