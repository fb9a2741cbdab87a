"""What Canastone allows a seat now, described cheaply (never every subset of a hand).

New melds are offered as *blocks* (one per rank the hand can start, and one of wild cards)
built so that any set of them within `max_cards` is legal together: a rank of the team's
table is left out (CN-M6), a pair takes a wild card only while no wild meld would be left
unfinished beside it (CN-M12), and `max_cards` keeps two cards in hand in `play` (CN-G4),
one before the draw (CN-G2). Lay-off targets list the cards each meld can take one at a
time; the pile takes, the last card's lay-offs and the ask (with its going-out plan) are
concrete actions the engine has checked.
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING, Any

from .core import WILD, HandGroups
from .listing import by_value, passing, pick_blocks, richest_blocks

if TYPE_CHECKING:
    from .canastone import Canastone, TeamTable

PLAN_HAND = 3
"""A going-out plan is looked for only with this many cards or fewer in hand: it is tried
on a copy of the game, and larger hands rarely go out by lay-offs alone."""

OUT_BY_MELD_HAND = 7
"""Melds that leave only the card that goes out (CN-G4) are looked for with this many
cards or fewer in hand: a new meld of seven is a canasta, which the going out may need,
and larger hands are checked by the engine when sent, not listed."""

_FIRST = itemgetter(0)


def legal_kinds(game: Canastone, seat: int) -> list[dict[str, Any]]:
    """The listing, bound as the game's `legal` itself (the seat check included)."""
    if seat not in game._to_act_list:
        return []
    phase = game.phase
    if phase == "play":
        return play_entries(game, seat)
    if phase == "draw":
        out: list[dict[str, Any]] = [{"type": "draw"}]
        if not game.opened[game.team_of[seat]]:
            hand_n = len(game.hands[seat])
            need = game.min_count(game.team_of[seat])
            natural_only = need == 50 and game.options["clean_opening_at_50"]
            blocks = meld_blocks(game, seat, hand_n - 1, natural_only)
            if not natural_only and not pick_blocks(by_value(blocks), need, hand_n - 1):
                blocks = richest_first_meld(game, seat, hand_n - 1) or blocks
            if blocks and pick_blocks(by_value(blocks), need, hand_n - 1):
                out.append({"type": "meld", "blocks": blocks, "min_count": need,
                            "max_cards": hand_n - 1})
        else:
            takes = take_options(game, seat)
            if takes:
                out.append({"type": "take_pile", "top": game._card(game.discard[-1]),
                            "options": takes})
        return out
    if phase == "premeld_discard":
        return [discard_entry(game, seat)]
    if phase == "answer":
        return [{"type": "answer", "choices": [True, False]}]
    if phase == "deal_over":
        return [{"type": "next_deal"}]
    return []


def play_entries(game: Canastone, seat: int) -> list[dict[str, Any]]:
    """The play phase's entries. What every part reads (the hand by rank, the team's
    table, whether wild cards are kept for an unfinished wild meld) is looked up once here
    and handed down: a listing runs before every action."""
    out: list[dict[str, Any]] = []
    hand = game.hands[seat]
    hand_n = len(hand)
    groups = game.hand_groups(seat)
    table = game._table()[game.team_of[seat]]
    wild_size = table[1]
    reserved = wild_size is not None and wild_size < game.rules.complete_at \
        and game.options["unfinished_wild_meld_blocks_wilds"]
    room = hand_n - 2  # CN-G4: melds keep two cards; the last ones go by lay-off...
    blocks = out_blocks(game, seat, hand, groups, table, reserved) \
        if 4 <= hand_n <= OUT_BY_MELD_HAND else None
    if blocks:  # ... or all but the one that goes out
        out.append({"type": "meld", "blocks": blocks, "min_count": 0,
                    "max_cards": hand_n - 1})
        ask = ask_with_melds(game, seat, blocks)
        if ask:
            out.append({"type": "ask_to_go_out", "options": ask})
    elif room >= 3:
        blocks = _blocks(game, hand, groups, table, room, False, reserved)
        if blocks:
            out.append({"type": "meld", "blocks": blocks, "min_count": 0, "max_cards": room})
    if hand_n >= 2:
        targets = _targets(game, seat, groups, table, hand_n, reserved)
        if targets:
            out.append({"type": "lay_off", "targets": targets})
        if hand_n <= PLAN_HAND:
            ask = ask_options(game, seat)
            if ask:
                out.append({"type": "ask_to_go_out", "options": ask})
    entry = _discards(game, seat, hand, reserved)
    if entry["cards"]:
        out.append(entry)
    return out


def out_blocks(game: Canastone, seat: int, hand: list[int], groups: HandGroups,
               table: TeamTable, reserved: bool) -> list[dict[str, Any]] | None:
    """New melds of every card but one, after which that one goes out (CN-G4), as blocks
    any set of which is legal: a smaller set leaves four cards or more. None where there
    are none: a play-test held 5C 7H 7D 7D with the canastas to go out, and the listing
    offered no meld (it keeps two cards), though the engine took one."""
    if game._out_failure(seat, game._melds, None) is not None:
        return None  # (a new meld of six or fewer completes no canasta the team lacks)
    blocks = _blocks(game, hand, groups, table, len(hand) - 1, False, reserved)
    if sum(len(b["cards"]) for b in blocks) != len(hand) - 1:
        return None
    melds = {"type": "meld", "melds": [list(b["cards"]) for b in blocks]}
    return blocks if passing(game, seat, [melds]) else None


def ask_with_melds(game: Canastone, seat: int, blocks: list[dict[str, Any]]
                   ) -> list[dict[str, Any]]:
    """CN-G5: the ask whose plan is `out_blocks`' melds and the card they leave."""
    if game.asked or not game.options["partner_permission"]:
        return []
    partners = game.partners(seat)
    if not partners:
        return []
    melded = {i for b in blocks for i in b["cards"]}
    (last,) = (i for i in game.hands[seat] if i not in melded)
    action: dict[str, Any] = {"type": "ask_to_go_out", "plan": {
        "melds": [list(b["cards"]) for b in blocks], "lay_offs": [], "discard": last}}
    if len(partners) > 1:
        action["partner"] = partners[0]
    return passing(game, seat, [action])


def meld_blocks(game: Canastone, seat: int, max_cards: int,
                natural_only: bool) -> list[dict[str, Any]]:
    """One new meld per rank the team has not melded, and one wild meld, each of at most
    `max_cards` cards, any set of them legal together (see the module's docstring)."""
    if max_cards < 3:  # CN-M2
        return []
    table = game._table()[game.team_of[seat]]
    wild_size = table[1]
    reserved = wild_size is not None and wild_size < game.rules.complete_at \
        and game.options["unfinished_wild_meld_blocks_wilds"]
    return _blocks(game, game.hands[seat], game.hand_groups(seat), table, max_cards,
                   natural_only, reserved)


def richest_first_meld(game: Canastone, seat: int, max_cards: int) -> list[dict[str, Any]]:
    """The blocks of a first meld arranged for the most points (`richest_blocks`), for a
    minimum count the usual blocks miss; none while the team's unfinished wild meld
    keeps wild cards out of other melds (CN-M12), and no wild meld beside a pair's wild
    card where that would leave the wild meld unfinished."""
    by_rank, wilds, multiples = game.hand_groups(seat)
    table = game._table()[game.team_of[seat]]
    have = table[0]
    reserved = table[1] is not None and table[1] < game.rules.complete_at \
        and game.options["unfinished_wild_meld_blocks_wilds"]
    if not wilds or reserved:
        return []
    starts = multiples.difference(have) if multiples else set()
    blocks = richest_blocks(game, game.hands[seat], by_rank, wilds, starts, set(have),
                            max_cards)
    wild = set(wilds)
    if game.options["unfinished_wild_meld_blocks_wilds"]:
        mixed = any(not wild.issuperset(b["cards"]) and wild.intersection(b["cards"])
                    for b in blocks)
        blocks = [b for b in blocks if not (mixed and wild.issuperset(b["cards"])
                                            and len(b["cards"]) < game.rules.complete_at)]
    return blocks


def _blocks(game: Canastone, hand: list[int], groups: HandGroups, table: TeamTable,
            max_cards: int, natural_only: bool, reserved: bool) -> list[dict[str, Any]]:
    by_rank, wilds, multiples = groups
    have = table[0]
    starts = multiples.difference(have) if multiples else multiples
    if not starts and (len(wilds) < 3 or None in have):
        return []  # the usual case: no rank to start, no wild meld to make
    pair_wilds = not natural_only and not reserved
    pool = list(wilds)
    points = game._value.__getitem__
    blocks: list[dict[str, Any]] = []
    if starts:
        # In order of first appearance in the hand (the hand index's own order follows
        # the cards' comings and goings, which a copy of the game built afresh has not).
        # Sorted as the hand positions of each rank's first card, all in C: a key function
        # would close over the index, a cell on every listing.
        if len(starts) > 1:
            firsts = sorted(map(hand.index, map(_FIRST, map(by_rank.__getitem__, starts))))
            starts = map(game._group.__getitem__, map(hand.__getitem__, firsts))
        for rank in starts:
            ids = by_rank[rank]
            if len(ids) >= 3:
                cards = list(ids)
            elif pair_wilds and pool:
                cards = [*ids, pool.pop()]
            else:
                continue
            if len(cards) <= max_cards:
                blocks.append({"cards": cards, "points": sum(map(points, cards))})
    if len(pool) >= 3 and None not in have and not natural_only and game.rules.wild_melds:
        cards = pool[:max_cards]
        # A wild meld left unfinished beside a pair's wild card would break CN-M12.
        clash = game.options["unfinished_wild_meld_blocks_wilds"] and len(pool) < len(
            wilds) and len(cards) < game.rules.complete_at
        if len(cards) >= 3 and not clash:
            blocks.append({"cards": cards, "points": sum(map(points, cards))})
    return blocks


def lay_off_targets(game: Canastone, seat: int) -> list[dict[str, Any]]:
    """Each of the team's melds with the hand cards it can take one at a time (CN-M9..M12);
    with two cards left, only those after which the last card could go out (CN-G4)."""
    hand_n = len(game.hands[seat])
    if hand_n < 2:
        return []
    table = game._table()[game.team_of[seat]]
    wild_size = table[1]
    reserved = wild_size is not None and wild_size < game.rules.complete_at \
        and game.options["unfinished_wild_meld_blocks_wilds"]
    return _targets(game, seat, game.hand_groups(seat), table, hand_n, reserved)


def _targets(game: Canastone, seat: int, groups: HandGroups, table: TeamTable, hand_n: int,
             reserved: bool) -> list[dict[str, Any]]:
    by_rank, wilds, _ = groups
    targets: list[dict[str, Any]] = []
    if not wilds:  # the usual case: the team's melds of the ranks held, in table order
        held = by_rank.get
        for rank, m in table[0].items():
            ids = held(rank)  # type: ignore[arg-type]
            if ids:
                targets.append({"meld": m.id, "cards": list(ids)})
    else:
        complete = game.rules.complete_at
        room = game.wild_room
        wl = list(wilds)  # (one list for every target: listings are read-only)
        held = by_rank.get
        for m in table[0].values():
            rank = m.rank
            if rank is None:
                targets.append({"meld": m.id, "cards": wl})
                continue
            ids = held(rank)
            n = len(m.cards)
            if not reserved and n < complete and m.wilds < room[n + 1]:
                cards = [*ids, *wl] if ids else wl
            elif ids:
                cards = list(ids)
            else:
                continue
            targets.append({"meld": m.id, "cards": cards})
    if hand_n == 2:  # CN-G4: the card left must go out
        kept = []
        for t in targets:
            cards = [c for c in t["cards"] if passing(game, seat, [
                {"type": "lay_off", "meld": t["meld"], "cards": [c]}])]
            if cards:
                kept.append({"meld": t["meld"], "cards": cards})
        targets = kept
    return targets


def discard_entry(game: Canastone, seat: int) -> dict[str, Any]:
    """Any card, but no wild card while the wild meld is unfinished (CN-M12, unless the
    hand is all wild) and the last card only as a going out (CN-G1, CN-G3)."""
    reserved = game.options["unfinished_wild_meld_blocks_wilds"] \
        and game.unfinished_wild(game.team_of[seat])
    return _discards(game, seat, game.hands[seat], reserved)


def _discards(game: Canastone, seat: int, hand: list[int], reserved: bool) -> dict[str, Any]:
    if len(hand) == 1:
        if game._out_failure(seat, game._melds, hand[0]) is None:
            return {"type": "discard", "cards": list(hand), "goes_out": True}
        return {"type": "discard", "cards": []}
    if reserved:
        wild = game._wild
        if not all(map(wild.__getitem__, hand)):
            return {"type": "discard", "cards": [i for i in hand if not wild[i]]}
    return {"type": "discard", "cards": list(hand)}


def take_options(game: Canastone, seat: int) -> list[dict[str, Any]]:
    """The pile with the fewest naturals it needs (CN-P4), and with all of them."""
    discard = game.discard
    if not discard:
        return []
    top = discard[-1]
    group = game._group[top]
    if group is None or group == WILD:  # CN-P2
        return []
    naturals = game.hand_groups(seat)[0].get(group, ())
    need = 3 if game.frozen else 2
    if len(naturals) < need:
        return []
    options = [{"type": "take_pile", "cards": list(naturals[:need])}]
    if len(naturals) > need:
        options.append({"type": "take_pile", "cards": list(naturals)})
    if len(naturals) == len(game.hands[seat]):  # CN-P9 could refuse one: ask the engine
        return passing(game, seat, options)
    return options


def ask_options(game: Canastone, seat: int) -> list[dict[str, Any]]:
    """CN-G5: one ask whose plan lays off every card but a natural last discard, when the
    team may go out and the hand is small; checked by the engine (a trial on a copy)."""
    hand = game.hands[seat]
    if game.asked or game.barred or not game.options["partner_permission"] \
            or not 2 <= len(hand) <= PLAN_HAND:
        return []
    partners = game.partners(seat)
    if not partners or game._out_failure(seat, game._melds, None) is not None:
        return []
    team = game.team_of[seat]
    codes, wild = game._codes, game._wild
    melds = game._table()[team][0].values()
    target_of = {}  # each card's meld of its rank (None for a wild card: the wild meld)
    for i in hand:
        rank = None if wild[i] else game._rank[i]
        target_of[i] = next((m.id for m in melds if m.rank == rank), None)
    # The last card is a natural, not a three (CN-G1); of those, one that no meld takes
    # first (holding 9S KD 5C with K and 5 melds, the 9S is the one to keep).
    naturals = [i for i in hand if not wild[i] and codes[i][0] != "3"]
    naturals.sort(key=lambda i: target_of[i] is not None)
    for last in naturals:
        if all(target_of[i] is not None for i in hand if i != last):
            break
    else:
        return []
    lay_offs: dict[int, list[int]] = {}
    for i in hand:
        if i != last:
            lay_offs.setdefault(target_of[i], []).append(i)
    action: dict[str, Any] = {"type": "ask_to_go_out", "plan": {
        "melds": [], "lay_offs": [{"meld": m, "cards": c} for m, c in lay_offs.items()],
        "discard": last}}
    if len(partners) > 1:
        action["partner"] = partners[0]
    return passing(game, seat, [action])
