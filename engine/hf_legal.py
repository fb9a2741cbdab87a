"""What Hand and Foot allows a seat now, described cheaply.

The listing never enumerates subsets of a hand. Each entry names an action kind and
gives the pieces a player or bot needs to build a legal one: meld *blocks* (one new meld
per rank the hand can start), lay-off targets with the cards each can take, the cards
that may be discarded, and for the pile one or two concrete takes the engine has checked.
A meld's `max_cards` leaves the cards HF-G5/G6 require in hand, judged conservatively:
all may go when going out is already possible, else two must stay in the foot stage.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import EngineError

if TYPE_CHECKING:
    from .hand_and_foot import HandAndFoot
    from .melds import Meld


def legal_kinds(game: HandAndFoot, seat: int) -> list[dict[str, Any]]:
    phase = game.phase
    if phase == "answer":
        return [{"type": "answer", "choices": [True, False]}]
    if phase == "deal_over":
        return [{"type": "next_deal"}]
    if phase not in ("draw", "play"):
        return []
    out: list[dict[str, Any]] = []
    if phase == "draw":
        out.append({"type": "draw"})
        takes = take_options(game, seat)
        if takes:
            out.append({"type": "take_pile", "top": game._card(game.discard[-1]),
                        "options": takes})
    else:
        keep = keep_count(game, seat)
        hand_n = len(game.hands[seat])
        team = game.team_of[seat]
        need = 0 if game.opened[team] else game.rules.min_count(game.deal_number)
        split = split_hand(game, seat)
        unfinished = game.unfinished_melds(team)
        blocks = [b for b in meld_blocks(game, seat, split, unfinished)
                  if len(b["cards"]) <= hand_n - keep]
        # Each block fits alone, so with nothing to reach any block will do.
        if blocks and (need == 0 or pick_blocks(by_value(blocks), need, hand_n - keep)):
            out.append({"type": "meld", "blocks": blocks, "min_count": need,
                        "max_cards": hand_n - keep})
        if hand_n - 1 >= keep:
            targets = lay_off_targets(game, split, unfinished)
            if targets:
                out.append({"type": "lay_off", "targets": targets})
        cards = discard_cards(game, seat)
        if cards:
            out.append({"type": "discard", "cards": cards})
    partner = game.partner(seat)
    if (game.stage[seat] == "foot" and not game.asked and game.stage[partner] == "foot"
            and game.foot_played[partner]):
        out.append({"type": "ask_to_go_out"})
    return out


def keep_count(game: HandAndFoot, seat: int) -> int:
    if game.stage[seat] == "hand":
        return 0
    return 0 if game._going_out_failure(seat, game.melds) is None else 2


Split = tuple[dict[str, list[int]], list[int]]


def split_hand(game: HandAndFoot, seat: int) -> Split:
    """The hand's meldable naturals by rank and its wilds, in the hand's own order."""
    wild, rank_of, meldable = game._wild, game._rank, game.rules.meldable_ranks
    by_rank: dict[str, list[int]] = {}
    wilds: list[int] = []
    for i in game.hands[seat]:
        if wild[i]:
            wilds.append(i)
        else:
            r = rank_of[i]
            if r in meldable:
                if r in by_rank:
                    by_rank[r].append(i)
                else:
                    by_rank[r] = [i]
    return by_rank, wilds


def meld_blocks(game: HandAndFoot, seat: int, split: Split,
                unfinished_melds: list[Meld] | None = None) -> list[dict[str, Any]]:
    """One legal new meld per rank that has no unfinished meld (HF-M1, M2, M6)."""
    rules, value = game.rules, game._value
    if unfinished_melds is None:
        unfinished_melds = game.unfinished_melds(game.team_of[seat])
    unfinished = {m.rank for m in unfinished_melds}
    by_rank, wilds = split
    pool = list(wilds)
    blocks: list[list[int]] = []
    for rank in by_rank:
        if rank in unfinished:
            continue
        ids = by_rank[rank]
        if len(ids) >= 3:
            blocks.append(ids[:rules.complete_at])
        elif len(ids) == 2 and pool:
            blocks.append([*ids, pool.pop()])
    if rules.wild_melds and None not in unfinished and len(pool) >= rules.min_meld:
        blocks.append(pool[:rules.complete_at])
    return [{"cards": b, "points": sum([value[i] for i in b])} for b in blocks]


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


def lay_off_targets(game: HandAndFoot, split: Split,
                    unfinished: list[Meld]) -> list[dict[str, Any]]:
    """Each unfinished team meld, with the single hand cards it can take (HF-M7)."""
    rules = game.rules
    by_rank, wilds = split
    targets = []
    for m in unfinished:
        size = len(m.cards)
        if m.rank is None:
            cards = wilds
        else:
            cards = by_rank.get(m.rank, [])
            if wilds and m.wilds + 1 <= rules.max_wilds(size + 1):
                cards = cards + wilds
        if cards:
            targets.append({"meld": m.id, "cards": cards})
    return targets


def discard_cards(game: HandAndFoot, seat: int) -> list[int]:
    hand = game.hands[seat]
    if len(hand) == 1 and game.stage[seat] == "foot":
        return hand if game._going_out_failure(seat, game.melds) is None else []
    if len(hand) > 1 and game.permission == "yes" and game.options["binding_permission"]:
        return []
    return list(hand)


def take_options(game: HandAndFoot, seat: int) -> list[dict[str, Any]]:
    """At most two concrete takes of the pile, each checked by the engine itself."""
    if not game.discard:
        return []
    rules, codes = game.rules, game.codes
    top_code = codes[game.discard[-1]]
    if top_code[0] == "3":
        return []
    hand, wild, rank_of = game.hands[seat], game._wild, game._rank
    team = game.team_of[seat]
    if rules.is_wild(top_code):
        pair, want = [i for i in hand if wild[i]][:2], None
    else:
        want = top_code[:-1]
        pair = [i for i in hand if rank_of[i] == want and not wild[i]][:2]
    if len(pair) < 2:
        return []
    candidates: list[dict[str, Any]] = []
    target = next((m for m in game.melds.values() if m.team == team and m.rank == want
                   and m.size < rules.complete_at), None)
    if target is not None:
        candidates.append({"type": "take_pile", "cards": pair, "onto": target.id})
    base: dict[str, Any] = {"type": "take_pile", "cards": pair}
    if not game.opened[team]:
        need = rules.min_count(game.deal_number) - rules.value(top_code) - sum(
            rules.value(codes[i]) for i in pair)
        extra: list[list[int]] = []
        used = set(pair)
        for b in sorted(meld_blocks(game, seat, split_hand(game, seat)),
                        key=lambda b: -b["points"]):
            if need <= 0:
                break
            if used.isdisjoint(b["cards"]):
                extra.append(b["cards"])
                used.update(b["cards"])
                need -= b["points"]
        if extra:
            base["melds"] = extra
    candidates.append(base)
    out = []
    for action in candidates:
        try:
            game.check(seat, action)
        except EngineError:
            continue
        out.append(action)
    return out
