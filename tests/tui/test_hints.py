"""Hints a player can switch off: cards to lay off, melds changed since your last turn,
and who made the last discard."""

from __future__ import annotations

from engine.bots import make_bot
from tests.tui.conftest import (
    FOOT_STAGE,
    HAND_STAGE,
    FakeLink,
    at_table,
    game_at,
    screen_text,
    seated_view,
    shown_after,
    view_message,
)
from tui.app import make_app


def hand_line(text: str) -> str:
    lines = text.splitlines()
    return next(lines[i + 1] for i, line in enumerate(lines) if "Your hand (" in line)


async def test_cards_you_could_lay_off_are_marked_and_the_hint_switches_off() -> None:
    link, game = FakeLink(), game_at(FOOT_STAGE)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        hand = hand_line(screen_text(pilot.app))
        assert "*7♠" in hand and "*2♣" in hand and "*8♠" not in hand
        await pilot.press("o", "7", "escape")
        await pilot.pause()
        assert "*" not in hand_line(screen_text(pilot.app))


async def test_melds_changed_since_your_last_turn_are_starred() -> None:
    link, game = FakeLink(), game_at(HAND_STAGE)
    async with make_app(link).run_test(size=(100, 30)) as pilot:
        await at_table(pilot, link, game, 1)  # seat 1's turn (draw)
        bots = {s: make_bot("random", 40 + s) for s in range(4)}
        seq = 12
        changed = False
        while not changed and seq < 200:
            (actor,) = game.to_act
            before = {m["id"]: m["size"] for m in game.view(None)["melds"]}
            events = game.apply(actor, bots[actor].act(game.view(actor)))
            seq += 1
            link.push({"t": "events", "table": 3, "seq": seq, "seat": actor, "events": events})
            link.push(view_message(game, 1, seq=seq))
            await pilot.pause()
            after = {m["id"]: m["size"] for m in game.view(None)["melds"]}
            changed = actor != 1 and before != after and game.turn != 1
        text = screen_text(pilot.app)
        assert changed
        stars = [line for line in text.splitlines() if "*#" in line]
        assert stars, text


async def test_the_pile_names_who_discarded_its_top_card() -> None:
    link, game = FakeLink(), game_at(HAND_STAGE)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        top = game.view(None)["discard"]["top"]
        link.push({"t": "events", "table": 3, "seq": 13, "seat": 0,
                   "events": [{"type": "discarded", "seat": 0, "card": top}]})
        link.push(view_message(game, 1, seq=13))
        await pilot.pause()
        assert "from ann (3 cards)" in screen_text(pilot.app)
        await pilot.press("o", "7", "escape")
        await pilot.pause()
        assert "from ann" not in screen_text(pilot.app)


async def test_a_frozen_seat_sees_the_melds_changed_since_its_turn() -> None:
    """A Looking and Down seat frozen in time may act during others' turns, so the hint
    took it for still in its turn and kept counting from an older turn's end: melds it
    had changed itself were starred. The hint counts from the end of the seat's own
    turn, whoever else may act."""
    import re

    import engine

    def table(game: engine.FamilyGame) -> dict[int, tuple[int, ...]]:
        return {m["id"]: tuple(c["id"] for c in m["cards"]) for m in game.view(None)["melds"]}

    for seed in range(300):
        game = engine.create_game("looking_and_down", 3, seed, {"max_deals": 1})
        bots = [make_bot("basic", seed * 3 + s) for s in range(3)]
        views: list[dict] = []
        at_turn_end: dict[int, tuple[int, ...]] | None = None
        at_turn_start = table(game)
        found = False
        while not game.over and game.deal_number == 1 and not found:
            seat = game.turn if game.turn in game.to_act else min(game.to_act)
            was_turn = game.turn
            game.apply(seat, bots[seat].act(game.view(seat)))
            views.append(seated_view(game, 0))
            if was_turn != 0 and game.turn == 0:
                at_turn_start = table(game)
            elif was_turn == 0 and game.turn != 0:
                # the turn ended with a change of its own, the seat still able to act
                at_turn_end = table(game) if 0 in game.view(0)["to_act"] \
                    and table(game) != at_turn_start else None
            elif at_turn_end is not None and seat != 0 and table(game) != at_turn_end:
                found = True
        if found:
            break
    else:
        raise AssertionError("no meld changed while seat 0 was frozen in 300 seeds")
    now = table(game)
    expected = {i for i in now if at_turn_end.get(i) != now[i]}
    text = await shown_after(views, (100, 40))
    assert {int(i) for i in re.findall(r"\*#(\d+)", text)} == expected, text


async def test_other_sides_short_melds_are_starred_when_changed() -> None:
    """Play-test: at four seats and more the others' melds go on one short line
    (``9x3 10x4``), which never marked a meld changed since your turn."""
    import engine

    game = engine.create_game("looking_and_down", 5, 7, {"max_deals": 1})
    bots = [make_bot("basic", 70 + s) for s in range(5)]
    views = [seated_view(game, 0)]
    ended, changed = None, None
    while changed is None and not game.over:
        seat = game.turn if game.turn in game.to_act else min(game.to_act)
        was = game.turn
        game.apply(seat, bots[seat].act(game.view(seat)))
        views.append(seated_view(game, 0))
        melds = {m["id"]: m for m in game.view(None)["melds"]}
        if was == 0 and game.turn != 0:
            ended = {i: m["size"] for i, m in melds.items()}
        elif ended is not None and game.turn != 0:
            moved = [m for i, m in melds.items() if m["team"] != 0 and ended.get(i) != m["size"]]
            if moved:
                changed = moved[0]
    assert changed is not None
    text = await shown_after(views, (80, 24))
    assert f"*{changed['rank'] or 'W'}x{changed['size']}" in text, text


async def test_a_player_back_at_the_table_sees_melds_changed_since_coming_back() -> None:
    """Play-test: coming back to a seat, no meld was marked until a turn of one's own had
    ended; the marks count from the moment the screen came to the table."""
    import engine

    for seed in range(40):
        game = engine.create_game("looking_and_down", 3, seed, {"max_deals": 1})
        bots = [make_bot("basic", seed * 3 + s) for s in range(3)]
        while game.turn == 0 or not game.view(None)["melds"]:
            seat = game.turn if game.turn in game.to_act else min(game.to_act)
            game.apply(seat, bots[seat].act(game.view(seat)))
        views, before, changed = [seated_view(game, 0)], None, None
        before = {m["id"]: m["size"] for m in game.view(None)["melds"]}
        while game.turn != 0 and changed is None:
            seat = game.turn if game.turn in game.to_act else min(game.to_act)
            game.apply(seat, bots[seat].act(game.view(seat)))
            views.append(seated_view(game, 0))
            now = {m["id"]: m["size"] for m in game.view(None)["melds"]}
            changed = next((i for i in now if before.get(i) != now[i]), None)
        if changed is not None:
            break
    else:
        raise AssertionError("no meld changed before seat 0's turn in 40 seeds")
    text = await shown_after(views, (100, 40))  # (back at the seat: its first view)
    assert f"*#{changed}" in text, text
