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

from .cards import sort_key
from .errors import EngineError

if TYPE_CHECKING:
    from .hand_and_foot import HandAndFoot


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
        blocks = meld_blocks(game, seat)
        if blocks and feasible(blocks, need, hand_n - keep):
            out.append({"type": "meld", "blocks": blocks, "min_count": need,
                        "max_cards": hand_n - keep})
        if hand_n - 1 >= keep:
            targets = lay_off_targets(game, seat)
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


def _split_hand(game: HandAndFoot, seat: int) -> tuple[dict[str, list[int]], list[int]]:
    rules, codes = game.rules, game.codes
    by_rank: dict[str, list[int]] = {}
    wilds: list[int] = []
    for i in game._sorted(game.hands[seat]):
        c = codes[i]
        if rules.is_wild(c):
            wilds.append(i)
        elif c[:-1] in rules.meldable_ranks:
            by_rank.setdefault(c[:-1], []).append(i)
    return by_rank, wilds


def meld_blocks(game: HandAndFoot, seat: int) -> list[dict[str, Any]]:
    """One legal new meld per rank that has no unfinished meld (HF-M1, M2, M6)."""
    rules, codes = game.rules, game.codes
    team = game.team_of[seat]
    unfinished = {m.rank for m in game.melds.values()
                  if m.team == team and m.size < rules.complete_at}
    by_rank, wilds = _split_hand(game, seat)
    pool = list(wilds)
    blocks: list[list[int]] = []
    for rank in sorted(by_rank, key=lambda r: sort_key(r + "S")):
        if rank in unfinished:
            continue
        ids = by_rank[rank]
        if len(ids) >= 3:
            blocks.append(ids[:rules.complete_at])
        elif len(ids) == 2 and pool:
            blocks.append([*ids, pool.pop()])
    if rules.wild_melds and None not in unfinished and len(pool) >= rules.min_meld:
        blocks.append(pool[:rules.complete_at])
    return [{"cards": b, "points": sum(rules.value(codes[i]) for i in b)} for b in blocks]


def feasible(blocks: list[dict[str, Any]], need: int, max_cards: int) -> bool:
    """Whether some choice of blocks reaches `need` points using at most `max_cards` cards."""
    points = cards = 0
    for b in sorted(blocks, key=lambda b: -b["points"] / len(b["cards"])):
        if points >= need:
            break
        points += b["points"]
        cards += len(b["cards"])
    if points < need:
        return False
    if cards <= max_cards:
        return True
    return any(b["points"] >= need and len(b["cards"]) <= max_cards for b in blocks)


def lay_off_targets(game: HandAndFoot, seat: int) -> list[dict[str, Any]]:
    """Each unfinished team meld, with the single hand cards it can take (HF-M7)."""
    rules = game.rules
    team = game.team_of[seat]
    by_rank, wilds = _split_hand(game, seat)
    targets = []
    for m in game.melds.values():
        if m.team != team or m.size >= rules.complete_at:
            continue
        cards = [] if m.rank is None else list(by_rank.get(m.rank, []))
        if m.rank is None or m.wilds + 1 <= rules.max_wilds(m.size + 1):
            cards.extend(wilds)
        if cards:
            targets.append({"meld": m.id, "cards": cards})
    return targets


def discard_cards(game: HandAndFoot, seat: int) -> list[int]:
    hand = game._sorted(game.hands[seat])
    if len(hand) == 1 and game.stage[seat] == "foot":
        return hand if game._going_out_failure(seat, game.melds) is None else []
    if len(hand) > 1 and game.permission == "yes" and game.options["binding_permission"]:
        return []
    return hand


def take_options(game: HandAndFoot, seat: int) -> list[dict[str, Any]]:
    """At most two concrete takes of the pile, each checked by the engine itself."""
    if not game.discard:
        return []
    rules, codes = game.rules, game.codes
    top_code = codes[game.discard[-1]]
    if top_code[0] == "3":
        return []
    by_rank, wilds = _split_hand(game, seat)
    team = game.team_of[seat]
    if rules.is_wild(top_code):
        pair, want = wilds[:2], None
    else:
        want = top_code[:-1]
        pair = by_rank.get(want, [])[:2]
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
        for b in sorted(meld_blocks(game, seat), key=lambda b: -b["points"]):
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
