"""The random bot's written-out choice is `random.Random.choice` bit for bit, so seeded
bots (benchmarks, fuzzers, saved games) pick exactly what they always picked."""

from __future__ import annotations

import random

import pytest

from engine.bots import RandomBot


@pytest.mark.parametrize("seed", range(10))
def test_random_bot_choice_is_randoms_own(seed: int) -> None:
    bot, rng = RandomBot(seed), random.Random(seed)
    for n in [1, 2, 3, 4, 7, 8, 9, 16, 17, 100, 255, 256, 257] * 20:
        seq = list(range(n))
        assert bot.choice(seq) == rng.choice(seq)
    assert bot.rng.random() == rng.random()


def test_random_bot_choice_from_nothing_raises_as_random_does() -> None:
    with pytest.raises(IndexError):
        RandomBot(0).choice([])


@pytest.mark.parametrize("seed", range(10))
def test_random_bot_act_picks_with_randoms_own_choice(seed: int) -> None:
    """`act` and the discard builder write `choice` out: they pick what `Random.choice`
    picks, kind first and then card, and leave the generator in the same state."""
    bot, rng = RandomBot(seed), random.Random(seed)
    for n in [1, 2, 3, 5, 8, 9, 13, 17] * 10:
        listing = [{"type": "draw"}, {"type": "discard", "cards": list(range(100, 100 + n))},
                   {"type": "next_deal"}][: 1 + n % 3]
        entry = rng.choice(listing)
        want = {"type": "discard", "card": rng.choice(entry["cards"])} \
            if entry["type"] == "discard" else {"type": entry["type"]}
        assert bot.act({"legal": listing}) == want
    assert bot.rng.random() == rng.random()


def test_random_bot_discard_from_nothing_raises_as_random_does() -> None:
    with pytest.raises(IndexError):
        RandomBot(0).act({"legal": [{"type": "discard", "cards": []}]})


@pytest.mark.parametrize("seed", range(10))
def test_random_bot_lay_off_picks_with_randoms_own_choice(seed: int) -> None:
    bot, rng = RandomBot(seed), random.Random(seed)
    for n in [1, 2, 3, 4, 5, 9, 17] * 10:
        targets = [{"meld": m, "cards": list(range(10 * m, 10 * m + n + m))}
                   for m in range(1, 1 + n)]
        listing = [{"type": "lay_off", "targets": targets}]
        rng.choice(listing)
        target = rng.choice(targets)
        want = {"type": "lay_off", "meld": target["meld"], "cards": [rng.choice(target["cards"])]}
        assert bot.act({"legal": listing}) == want
    assert bot.rng.random() == rng.random()
