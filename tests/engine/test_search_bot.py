"""The `search` bot: legal, and fair although the host hands it the table's game.

It gets the game only to deal the cards its seat cannot see in new ways; these tests
hold it to what its seat may know: with the unseen cards lying differently (the same
view), it makes the same decision. A fixed number of deals per decision (`deals`) makes
a decision repeatable; at a table it thinks for a time instead (`bench/bots.py`
measures how long, and how strong).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.bots import make_bot
from engine.search_bot import SearchBot, determinize

from .test_properties import advance, unknown_to

SEATINGS: list[tuple[str, int, dict[str, Any]]] = [
    ("hand_and_foot", 4, {"deals": 1}),
    ("looking_and_down", 2, {"max_deals": 1}),
    ("looking_and_down", 4, {"max_deals": 1}),
    ("skarney", 3, {"deals": 1}),
    ("canastone", 2, {"max_deals": 1}),
    ("canastone", 4, {"max_deals": 1}),
]
IDS = [f"{name}-{seats}" for name, seats, _ in SEATINGS]
FEW = settings(max_examples=4, deadline=None, suppress_health_check=list(HealthCheck))


def redealt(game: engine.Game, seat: int, shuffle_seed: int) -> engine.Game:
    """The same game with the cards the seat cannot see lying differently."""
    state = game.to_dict()
    hidden = sorted(unknown_to(game, seat))
    faces = [state["state"]["codes"][i] for i in hidden]
    random.Random(shuffle_seed).shuffle(faces)
    for i, code in zip(hidden, faces, strict=True):
        state["state"]["codes"][i] = code
    return engine.from_dict(state)


@pytest.mark.parametrize(("name", "seats", "options"), SEATINGS, ids=IDS)
def test_search_bot_only_sends_legal_actions(name: str, seats: int,
                                             options: dict[str, Any]) -> None:
    game = engine.create_game(name, seats, 5, options)
    bots = {s: SearchBot(50 + s, deals=2) for s in range(seats)}
    while not game.over:
        seat = min(game.to_act)
        action = bots[seat].act(game.view(seat), game)
        game.check(seat, action)
        game.apply(seat, action)


@pytest.mark.parametrize(("name", "seats", "options"), SEATINGS, ids=IDS)
@FEW
@given(seed=st.integers(0, 2**64), steps=st.integers(0, 400), shuffle_seed=st.integers(0, 2**31))
def test_search_bot_decides_from_what_its_seat_may_know(
        name: str, seats: int, options: dict[str, Any], seed: int, steps: int,
        shuffle_seed: int) -> None:
    game = engine.create_game(name, seats, seed, options)
    advance(game, random.Random(seed), steps)
    for seat in sorted(game.to_act):
        other = redealt(game, seat, shuffle_seed)
        assert other.view(seat) == game.view(seat)
        assert SearchBot(3, deals=3).act(other.view(seat), other) == \
            SearchBot(3, deals=3).act(game.view(seat), game)


@pytest.mark.parametrize(("name", "seats", "options"), SEATINGS[:2], ids=IDS[:2])
def test_determinize_keeps_the_seats_view_and_the_deck(name: str, seats: int,
                                                      options: dict[str, Any]) -> None:
    game = engine.create_game(name, seats, 9, options)
    advance(game, random.Random(9), 120)
    seat = min(game.to_act)
    world = determinize(game, seat, random.Random(1))
    assert world.view(seat) == game.view(seat)
    assert game.log and world.log == []  # the history is not copied into every rollout
    assert sorted(world.to_dict()["state"]["codes"]) == sorted(game.to_dict()["state"]["codes"])
    others = [s for s in range(seats) if s != seat]
    assert any(world.view(s)["hand"] != game.view(s)["hand"] for s in others)


def test_without_the_game_it_plays_as_the_basic_bot() -> None:
    from engine.bots import make_bot

    game = engine.create_game("hand_and_foot", 4, 2, {"deals": 1})
    for _ in range(40):
        seat = min(game.to_act)
        view = game.view(seat)
        assert make_bot("search", 4, think_ms=5).act(view) == make_bot("basic", 4).act(view)
        game.apply(seat, make_bot("basic", 4).act(view))


def asked_and_let(name: str, count: int) -> list[engine.Game]:
    """Basic-bot games (one per seed) stopped at a partner's question that the basic bot
    answers yes, the first `count` found."""
    found = []
    for seed in range(40):
        game = engine.create_game(name, 4, seed)
        bots = [make_bot("basic", s) for s in range(4)]
        while not game.over:
            seat = min(game.to_act)
            action = bots[seat].act(game.view(seat))
            if game.phase == "answer" and action["answer"] == {"allow": True}:
                found.append(game)
                break
            game.apply(seat, action)
        if len(found) == count:
            return found
    raise AssertionError("partners seldom asked to go out and were let")


@pytest.mark.parametrize("name", ["skarney", "canastone"])
def test_search_bot_lets_its_partner_go_out_as_the_basic_bot_would(name: str) -> None:
    """Letting a partner go out carries out the partner's plan, whose cards the answering
    seat cannot see: in a deal of the unseen cards the plan fails. Such a deal must say
    nothing about the answer (it was scored as a disaster, so the search refused every
    partner who asked). Where the basic bot says yes, the search may still say no (going
    out can end a deal the side was winning by more): it must not say no every time."""
    answers = []
    for game in asked_and_let(name, 5):
        seat = min(game.to_act)
        answers.append(SearchBot(1, deals=6).act(game.view(seat), game)["answer"]["allow"])
    assert answers.count(True) >= 2, answers


@pytest.mark.parametrize(("name", "seats"), [("hand_and_foot", 4), ("looking_and_down", 3),
                                             ("canastone", 4), ("skarney", 4)])
def test_determinize_keeps_cards_everyone_saw_join_a_hand(name: str, seats: int) -> None:
    """Cards taken with the pile (or, in Skarney, an accepted offer or a stolen wild card)
    were seen by everyone: a deal of the unseen cards leaves them, face and place, in the
    hand that took them; the next deal starts with none."""
    game = engine.create_game(name, seats, 3)
    bots = [make_bot("basic", s) for s in range(seats)]
    while not any(game.shown_in_hands().values()):
        assert not game.over, "no card was ever shown joining a hand"
        seat = min(game.to_act)
        game.apply(seat, bots[seat].act(game.view(seat)))
    taker = next(s for s, ids in game.shown_in_hands().items() if ids)
    shown = game.shown_in_hands()[taker]
    assert set(shown) <= set(game.hands[taker])
    viewer = (taker + 1) % seats
    for k in range(3):
        world = determinize(game, viewer, random.Random(k))
        assert set(shown) <= set(world.hands[taker])
        assert [world.codes[i] for i in shown] == [game.codes[i] for i in shown]
    deal = game.deal_number
    while game.deal_number == deal:  # a new deal gives new ids: nothing of it seen yet
        assert not game.over
        seat = min(game.to_act)
        game.apply(seat, bots[seat].act(game.view(seat)))
    assert game.shown == [[] for _ in range(seats)]
