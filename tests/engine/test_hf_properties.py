"""Invariants of Hand and Foot under random play, in the spirit of OpenSpiel's random
simulation tests: cards are conserved, nobody sees a card they may not, illegal actions
change nothing, and a game is fully determined by its seed and log."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.bots import make_bot
from tests.engine.helpers import assert_listing_checks

TOTAL = 270
FULL_GAME_SEEDS = range(200)


def card_ids_in(obj: Any, key: str | None = None) -> set[int]:
    """Every card id a view or event shows: card maps, and id lists in action listings."""
    found: set[int] = set()
    if isinstance(obj, dict):
        if "code" in obj and "id" in obj:
            found.add(obj["id"])
        for k, v in obj.items():
            if k in ("cards", "card") and isinstance(v, int):
                found.add(v)
            found |= card_ids_in(v, k)
    elif isinstance(obj, list):
        for v in obj:
            if isinstance(v, int) and key == "cards":
                found.add(v)
            else:
                found |= card_ids_in(v, key)
    return found


def hidden_from(game: engine.Game, seat: int | None) -> set[int]:
    """Cards the seat may not see: others' hands, every foot not picked up, the stock."""
    hidden = set(game.stock)
    for s in range(game.seats):
        hidden.update(game.feet[s])
        if s != seat:
            hidden.update(game.hands[s])
    return hidden


def assert_views_sound(game: engine.Game) -> None:
    for seat in [*range(game.seats), None]:
        view = game.view(seat)
        assert sum(view["zones"].values()) == TOTAL, view["zones"]
        leaked = card_ids_in(view) & hidden_from(game, seat)
        assert not leaked, f"seat {seat} sees hidden cards {leaked}"
        if seat is None:
            assert view["hand"] == [] and view["legal"] == []
        else:
            assert sorted(c["id"] for c in view["hand"]) == sorted(game.hands[seat])


def play(seed: int, check_every: int = 0, until_deal: int | None = None,
         moments: bool = False) -> engine.Game:
    """Random bots play from the seat's view alone; invariants checked as asked."""
    game = engine.create_game("hand_and_foot", 4, seed)
    bots = [make_bot("random", seed * 7 + s) for s in range(4)]
    step = 0
    while not game.over and (until_deal is None or game.deal_number <= until_deal):
        (seat,) = game.to_act
        action = bots[seat].act(game.view(seat))
        events = game.apply(seat, action)
        step += 1
        public = card_ids_in(events)
        assert not public & hidden_from(game, None), "an event named a hidden card"
        open_hands = game.hands_after_deal()
        if game.phase in ("deal_over", "game_over"):  # what a host may show spectators
            assert open_hands == {s: game.view(s)["hand"] for s in range(4)}
        else:
            assert open_hands is None, "hands shown while the deal is played"
        special = moments and any(e["type"] in ("picked_up_foot", "went_out", "deal_scored",
                                                "deal_started") for e in events)
        if special or (check_every and step % check_every == 0):
            assert_views_sound(game)
    return game


@pytest.mark.parametrize("seed", FULL_GAME_SEEDS)
def test_random_full_games_end_with_four_scored_deals(seed: int) -> None:
    game = play(seed, moments=seed % 10 == 0, check_every=97)
    assert game.over and game.phase == "game_over"
    assert [row["deal"] for row in game.score_sheet] == [1, 2, 3, 4]
    for t in (0, 1):
        assert game.totals[t] == sum(r["teams"][t]["deal_score"] for r in game.score_sheet)
    best = max(game.totals.values())
    assert game.winners == tuple(t for t in (0, 1) if game.totals[t] == best)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31))
def test_views_conserve_cards_and_hide_others_at_every_step(seed: int) -> None:
    play(seed, check_every=1, until_deal=1)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 400))
def test_replay_of_the_log_is_identical(seed: int, steps: int) -> None:
    game = engine.create_game("hand_and_foot", 4, seed)
    bots = [make_bot("random", seed + s) for s in range(4)]
    for _ in range(steps):
        if game.over:
            break
        (seat,) = game.to_act
        game.apply(seat, bots[seat].act(game.view(seat)))
    again = engine.replay("hand_and_foot", 4, seed, None, game.log)
    assert again.to_dict() == game.to_dict()
    assert engine.from_dict(game.to_dict()).to_dict() == game.to_dict()
    assert game.clone().to_dict() == game.to_dict()


def advance(game: engine.Game, rng: random.Random, steps: int) -> None:
    bots = [make_bot("random", rng.randrange(10**9)) for _ in range(4)]
    for _ in range(steps):
        if game.over:
            return
        (seat,) = game.to_act
        game.apply(seat, bots[seat].act(game.view(seat)))


garbage = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 300) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=12,
)
kinds = st.sampled_from([*sorted(engine.GAMES["hand_and_foot"].factory.ACTIONS), "shuffle"])


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 300), seat=st.integers(-1, 4),
       kind=kinds, fields=st.dictionaries(
           st.sampled_from(["cards", "card", "meld", "melds", "onto", "lay_offs", "answer"]),
           garbage, max_size=3))
def test_illegal_or_malformed_actions_raise_and_change_nothing(
        seed: int, steps: int, seat: int, kind: str, fields: dict) -> None:
    game = engine.create_game("hand_and_foot", 4, seed)
    advance(game, random.Random(seed), steps)
    before = game.to_dict()
    action = {"type": kind, **fields}
    try:
        game.apply(seat, action)
    except engine.EngineError as e:
        assert e.rule and e.message.endswith(".")
        assert game.to_dict() == before
    else:
        assert seat in before["state"]["to_act_list"]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 500))
def test_out_of_turn_actions_are_refused_as_HF_T1(seed: int, steps: int) -> None:
    game = engine.create_game("hand_and_foot", 4, seed)
    advance(game, random.Random(seed), steps)
    if game.over:
        return
    (seat,) = game.to_act
    action = make_bot("random", seed).act(game.view(seat))
    before = game.to_dict()
    for other in range(4):
        if other != seat:
            with pytest.raises(engine.IllegalAction) as e:
                game.apply(other, action)
            assert e.value.rule == "HF-T1"
    assert game.to_dict() == before


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 600), viewer=st.integers(0, 3),
       shuffle_seed=st.integers(0, 2**31))
def test_a_seats_view_ignores_cards_it_cannot_see(seed: int, steps: int, viewer: int,
                                                  shuffle_seed: int) -> None:
    game = engine.create_game("hand_and_foot", 4, seed)
    advance(game, random.Random(seed), steps)
    state = game.to_dict()
    hidden = sorted(hidden_from(game, viewer))
    faces = [state["state"]["codes"][i] for i in hidden]
    random.Random(shuffle_seed).shuffle(faces)
    for i, code in zip(hidden, faces, strict=True):
        state["state"]["codes"][i] = code
    redealt = engine.from_dict(state)
    assert redealt.view(viewer) == game.view(viewer)
    assert redealt.view(None) == game.view(None)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 600))
def test_every_listed_legal_choice_passes_check(seed: int, steps: int) -> None:
    game = engine.create_game("hand_and_foot", 4, seed)
    advance(game, random.Random(seed), steps)
    if game.over:
        return
    (seat,) = game.to_act
    assert_listing_checks(game, seat)


def test_seeded_games_are_identical_and_seeds_differ() -> None:
    a = engine.create_game("hand_and_foot", 4, 42)
    b = engine.create_game("hand_and_foot", 4, 42)
    c = engine.create_game("hand_and_foot", 4, 43)
    assert a.to_dict() == b.to_dict()
    assert a.view(1)["hand"] != c.view(1)["hand"]


@pytest.mark.parametrize("seed", range(6))
def test_kept_view_parts_match_views_built_afresh(seed: int) -> None:
    """The public view keeps parts between states (the meld part brought up to date from
    the melds put since it looked, each seat's counts, the scores): at every step it
    equals, key order included, the view of a clone that builds everything afresh."""
    game = engine.create_game("hand_and_foot", 4, seed)
    bots = [make_bot("random", seed * 4 + s) for s in range(4)]
    step = 0
    while not game.over:
        (seat,) = game.to_act
        view = game.view(seat)
        if step % 3 == 0:
            fresh = game.clone().view(seat)
            assert list(view) == list(fresh) and view == fresh
        game.apply(seat, bots[seat].act(view))
        step += 1
    assert game.view(None) == game.clone().view(None)
