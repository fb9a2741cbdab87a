"""The one-pass meld verdict (`MeldChecker.passes`) agrees with the named checks.

`first_failure` trusts `passes` and runs the checks in the game's order only to name a
failure, so the two must never disagree: a change passes exactly when no check fails.
Changes are drawn to sit near the rules' edges (one rank plus a few wilds, threes, full
and complete melds), over Hand and Foot's rules and over family variants of them.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from engine.deck import pack_codes
from engine.hand_and_foot import MELD_IDS, MELD_ORDER, HandAndFoot, HFMeldChecker
from engine.melds import Change, MeldChecker, apply_change
from engine.rules import Rules

FAMILY_ORDER = ("threes", "complete", "naturals_on_wild", "size", "shape")
FAMILY_IDS = {name: name for name in FAMILY_ORDER}


def random_change(rng: random.Random, codes: list[str], rules: Rules, team: int) -> Change:
    """A new meld or an extension of a meld of up to nine cards, mostly of one rank."""
    by_rank: dict[str, list[int]] = {}
    for i, c in enumerate(codes):
        by_rank.setdefault("W" if rules.is_wild(c) else c[:-1], []).append(i)
    ranks = sorted(by_rank)

    def cards(n: int, rank: str) -> tuple[int, ...]:
        out = []
        for _ in range(n):
            roll = rng.random()
            pick = rank if roll < 0.6 else "W" if roll < 0.85 else rng.choice(ranks)
            out.append(rng.choice(by_rank[pick]))
        return tuple(out)

    rank = rng.choice(ranks)
    added = cards(rng.randint(1, 5), rank)
    if rng.random() < 0.4:
        return Change(None, added)
    base = cards(rng.randint(1, 9), rank)
    meld = apply_change(Change(None, base), 1, rng.choice((team, 1 - team)), rules, codes)
    return Change(meld, added)


def agree(checker: MeldChecker, order: tuple[str, ...], ch: Change) -> None:
    named = None
    for name in order:
        named = getattr(checker, name)(ch)
        if named is not None:
            break
    assert checker.passes(ch) == (named is None), (ch, named)


@pytest.mark.parametrize("seed", range(4))
def test_passes_agrees_with_hand_and_foot_checks(seed: int) -> None:
    game = HandAndFoot(4, seed)
    rng = random.Random(seed)
    for team in (0, 1):
        checker = HFMeldChecker(game, team)
        for _ in range(2000):
            agree(checker, MELD_ORDER, random_change(rng, game.codes, game.rules, team))
    assert MELD_IDS.keys() == set(MELD_ORDER)


VARIANTS = [
    {},
    {"max_meld": None},                       # melds grow past completion (Canasta)
    {"wild_melds": False},
    {"min_meld": 2, "complete_at": 5, "max_meld": 6},
    {"wild_ranks": frozenset({"JK"})},
    {"sequences": True, "max_meld": None, "wild_cap": 1},  # same-suit runs (Skarney)
]


@pytest.mark.parametrize("knobs", VARIANTS, ids=[str(v) for v in VARIANTS])
def test_passes_agrees_with_family_checks(knobs: dict) -> None:
    rules = dataclasses.replace(Rules(prefix="X", packs=2, jokers=4, hand_size=11), **knobs)
    codes = pack_codes(2, 4)
    checker = MeldChecker(rules, codes, FAMILY_IDS)
    rng = random.Random(str(knobs))
    for _ in range(2500):
        agree(checker, FAMILY_ORDER, random_change(rng, codes, rules, 0))


@pytest.mark.parametrize("seed", range(3))
def test_passes_agrees_with_looking_and_down_checks(seed: int) -> None:
    import engine
    from engine.ld_melds import MELD_ORDER as LD_ORDER
    from engine.ld_melds import LDMeldChecker

    game = engine.create_game("looking_and_down", 3, seed)
    rng = random.Random(seed)
    for team in (0, 1):
        checker = LDMeldChecker(game, team)
        for _ in range(2000):
            agree(checker, LD_ORDER, random_change(rng, game.codes, game.rules, team))
