"""Canastone's score sheet (CN-S1..S9): one row per deal, every item apart."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import JOKER
from .cn_melds import NATURAL_CLASSES, canasta_class
from .cn_options import ACE_BONUS, RANK_BONUS, RED_THREE, WILD_BONUS

if TYPE_CHECKING:
    from .canastone import Canastone
    from .melds import Meld


def score_deal(game: Canastone, went_out: int | None) -> dict[str, Any]:
    """CN-S1..S9: one row, every item apart."""
    value, codes = game._value, game._codes
    reason = game.end_reason or "stock"
    teams: dict[int, Any] = {}
    for t, members in enumerate(game.teams):
        melds = game.team_melds(t)
        melded = sum(sum(map(value.__getitem__, m.cards)) for m in melds)
        canastas = []
        for m in melds:
            cls = canasta_class(m, codes)
            if cls is not None:
                canastas.append({"meld": m.id, "rank": m.rank, "class": cls,
                                 "bonus": canasta_bonus(game, m, cls)})
        classes = [c["class"] for c in canastas]
        natural = sum(1 for c in classes if c in NATURAL_CLASSES)
        mixed = len(classes) - natural
        many = many_canastas(game, len(classes), natural, mixed)
        reds = len(game.red_threes[t])
        each = red_three_each(game, natural, mixed)
        red_points = reds * each
        if reds >= 4 and game.options["red_three_values"] == "seed":
            red_points *= 2
        factor = 2 if game.options["unopened_hand_doubled"] and not game.opened[t] else 1
        penalty = {s: -factor * game._held_value(game.hands[s]) for s in members}
        penalty_total = sum(penalty.values())
        going_out = game.rules.go_out_bonus if went_out is not None \
            and game.team_of[went_out] == t else 0
        bonus = sum(c["bonus"] for c in canastas)
        score = melded + bonus + many + going_out + red_points + penalty_total
        teams[t] = {
            "melded": melded, "canastas": canastas, "canasta_bonus": bonus,
            "many_canastas": many, "going_out": going_out,
            "red_threes": {"count": reds, "each": each, "points": red_points},
            "penalty": penalty, "penalty_total": penalty_total,
            "deal_score": score, "total": game.totals[t] + score,
        }
    return {"deal": game.deal_number, "reason": reason, "went_out": went_out,
            "stock_exhausted": reason == "stock", "teams": teams}


def canasta_bonus(game: Canastone, m: Meld, cls: str) -> int:
    """CN-S4."""
    if m.rank is None:
        if cls == "wild_mixed":
            return WILD_BONUS["mixed"]
        jokers = any(game._codes[i] == JOKER for i in m.cards)
        return WILD_BONUS["jokers"] if jokers else WILD_BONUS["twos"]
    return (ACE_BONUS if m.rank == "A" else RANK_BONUS)[cls]


def many_canastas(game: Canastone, count: int, natural: int, mixed: int) -> int:
    """CN-S5 and its variants (CN-O7)."""
    how = game.options["many_canastas"]
    if how == "none":
        return 0
    if how == "five_natural":
        return 2000 if natural >= 5 else 1000 if count >= 5 and mixed else 0
    if natural >= 5 and mixed >= 1:
        return 2000
    if count >= 5 and (how == "seed" or (natural and mixed)):
        return 1000
    return 0


def red_three_each(game: Canastone, natural: int, mixed: int) -> int:
    """CN-S6 (CN-O8 "flat": 100 each)."""
    if game.options["red_three_values"] == "flat":
        return RED_THREE
    if natural and mixed:
        return RED_THREE
    if natural:
        return 0
    return -RED_THREE if mixed else -2 * RED_THREE
