"""The pieces of a legal listing every family game shares.

A listing never enumerates subsets of a hand: it offers meld *blocks* (one possible new
meld per rank), lay-off targets with the single cards each can take, and lets
`pick_blocks` combine blocks up to a minimum count. Bots build their melds with the same
`pick_blocks`, so a meld the listing offers can always be built.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .core import HandGroups
from .errors import EngineError

if TYPE_CHECKING:
    from .melds import Meld
    from .turns import CanastaGame


def new_meld_blocks(game: CanastaGame, hand: list[int], by_rank: dict[str, list[int]],
                    wilds: list[int], ranks: set[str] | list[str],
                    unfinished: set[str | None], max_cards: int,
                    longest: int | None = None) -> list[dict[str, Any]]:
    """One new meld per rank of `ranks` (in order of first appearance in the hand) and
    one of wild cards where the rules allow it, none longer than `longest` (default: a
    complete meld) nor than `max_cards`. A pair takes the last wild card not yet used.
    Blocks hold new lists, never the hand index's own; callers have asked first that
    there is something to find (a rank held twice, or enough wild cards)."""
    rules = game.rules
    points = game._value.__getitem__
    if len(ranks) > 1:  # (names bound as defaults: closing over them costs every call)
        ranks = sorted(ranks, key=lambda r, where=hand.index, by_rank=by_rank:
                       where(by_rank[r][0]))
    complete = rules.complete_at if longest is None else longest
    pool = list(wilds)
    blocks: list[dict[str, Any]] = []
    for rank in ranks:
        ids = by_rank[rank]
        if len(ids) >= 3:
            cards = ids[:complete]
        elif pool:
            cards = [*ids, pool.pop()]
        else:
            continue
        if len(cards) <= max_cards:
            blocks.append({"cards": cards, "points": sum(map(points, cards))})
    if rules.wild_melds and None not in unfinished and len(pool) >= rules.min_meld:
        cards = pool[:complete]
        if len(cards) <= max_cards:
            blocks.append({"cards": cards, "points": sum(map(points, cards))})
    return blocks


def richest_blocks(game: CanastaGame, hand: list[int], by_rank: dict[str, list[int]],
                   wilds: list[int], ranks: set[str] | list[str],
                   unfinished: set[str | None], max_cards: int,
                   longest: int | None = None) -> list[dict[str, Any]]:
    """`new_meld_blocks` arranged for the most points, for a first meld that must reach a
    minimum count when the usual blocks do not: the wild cards complete the pairs worth
    most, then join the blocks they may (one at a time, within the rules' wild share and
    the longest meld), and the rest make a wild meld where the rules allow. Every card a
    first meld could use is then counted: with one wild card, AH AC 2S reaches 50 where
    9S 9C 2S did not, and KC KD KH JK where KC KD KH alone did not; a seat's screen offers
    to meld only when the listing has a meld."""
    rules = game.rules
    points = game._value.__getitem__
    complete = rules.complete_at if longest is None else longest
    pool = sorted(wilds, key=points, reverse=True)
    melds: list[tuple[list[int], int]] = []  # (cards, wild cards among them)
    pairs = []
    # In order of first appearance in the hand: a set's order of strings differs from one
    # process to the next, and a listing must not.
    for rank in sorted(ranks, key=lambda r: hand.index(by_rank[r][0])):
        ids = by_rank[rank]
        if len(ids) >= 3:
            melds.append((ids[:complete], 0))
        else:
            pairs.append(ids)
    pairs.sort(key=lambda ids: -sum(map(points, ids)))
    for ids in pairs:
        if not pool or game.wild_room[len(ids) + 1] < 1:
            break
        melds.append(([*ids, pool.pop(0)], 1))
    for n, (cards, w) in enumerate(melds):
        while pool and len(cards) < complete and w < game.wild_room[len(cards) + 1]:
            cards, w = [*cards, pool.pop(0)], w + 1
        melds[n] = (cards, w)
    if rules.wild_melds and None not in unfinished and len(pool) >= rules.min_meld:
        melds.append((pool[:complete], len(pool[:complete])))
    return [{"cards": cards, "points": sum(map(points, cards))}
            for cards, _ in melds if len(cards) <= max_cards]


def pick_blocks(blocks: list[dict[str, Any]], need: int,
                max_cards: int) -> list[dict[str, Any]] | None:
    """Blocks taken in the given order, skipping any that would pass `max_cards`, until
    `need` points are reached; None if that never happens. Bots share this with the
    listing, so a meld the listing offers can always be built."""
    chosen: list[dict[str, Any]] = []
    points = cards = 0
    for b in blocks:
        if chosen and points >= need:
            break
        if cards + len(b["cards"]) > max_cards:
            continue
        chosen.append(b)
        points += b["points"]
        cards += len(b["cards"])
    return chosen if chosen and points >= need else None


def by_value(blocks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(blocks, key=lambda b: -b["points"] / len(b["cards"]))


def lay_off_targets(game: CanastaGame, split: HandGroups,
                    unfinished: list[Meld]) -> list[dict[str, Any]]:
    """Each unfinished team meld, with the single hand cards it can take (HF-M7), in new
    lists (never the hand index's own)."""
    wild_room = game.wild_room
    by_rank, wilds, _ = split
    targets: list[dict[str, Any]] = []
    add, held = targets.append, by_rank.get
    if not wilds:  # the usual case: only melds of a rank held can take a card
        for m in unfinished:
            ids = held(m.rank)
            if ids:
                add({"meld": m.id, "cards": list(ids)})
        return targets
    for m in unfinished:
        if m.rank is None:
            add({"meld": m.id, "cards": list(wilds)})
        elif m.wilds < wild_room[len(m.cards) + 1]:
            add({"meld": m.id, "cards": [*held(m.rank, ()), *wilds]})
        else:
            ids = held(m.rank)
            if ids:
                add({"meld": m.id, "cards": list(ids)})
    return targets


def passing(game: CanastaGame, seat: int, candidates: list[dict[str, Any]]
            ) -> list[dict[str, Any]]:
    """The candidate actions that pass `check`: a listing offers only what would be
    accepted, and the one check decides it (a pile take's options)."""
    out = []
    for action in candidates:
        try:
            game.check(seat, action)
        except EngineError:
            continue
        out.append(action)
    return out
