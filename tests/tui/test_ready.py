"""Between deals, a bot that deals next waits for the people at the table to press n:
each screen says whom the table waits for (play-test: the deal's end was gone in seconds)."""

from __future__ import annotations

from typing import Any

import engine
from engine.bots import make_bot
from tests.tui.conftest import NAMES, FakeLink, at_table, screen_text, view_message
from tui.app import make_app


def deal_played(seed: int = 5) -> Any:
    game = engine.create_game("hand_and_foot", 4, seed, {"deals": 2})
    bots = [make_bot("random", s) for s in range(4)]
    while game.phase != "deal_over":
        seat = min(game.to_act)
        game.apply(seat, bots[seat].act(game.view(seat)))
    return game


def ready(message: dict[str, Any], *seats: int) -> dict[str, Any]:
    for p in message["players"]:
        if p["seat"] in seats:
            p["ready"] = True
    return message


async def test_n_says_ready_and_the_screen_says_whom_the_bot_dealer_waits_for() -> None:
    game = deal_played()
    dealer = min(game.to_act)
    me = (dealer + 1) % 4
    link = FakeLink()
    people = [s for s in range(4) if s != dealer]
    async with make_app(link).run_test(size=(100, 30)) as pilot:
        await at_table(pilot, link, game, me, bots=(dealer,), ready_wait=people)
        text = screen_text(pilot.app)
        assert f"bot {dealer} deals when everyone is ready." in text
        assert "n: ready" in text
        assert f"> {NAMES[me]} (you)" in text and f"> bot {dealer}" not in text, text
        assert "n Ready" in screen_text(pilot.app).splitlines()[-1]
        await pilot.press("n")
        await pilot.pause()
        assert link.sent[-1] == {"t": "ready"}
        assert link.actions == []  # not the dealer's next_deal
        link.push(ready(view_message(game, me, bots=(dealer,),
                                     ready_wait=[s for s in people if s != me]), me))
        await pilot.pause()
        text = screen_text(pilot.app)
        assert "Waiting for" in text and "to be ready" in text
        assert "Ready" not in text.splitlines()[-1]  # said: the key goes (play-test)
        assert f"> {NAMES[me]} (you)" not in text  # the others are waited for now
        sent = len(link.sent)
        await pilot.press("n")  # already said: nothing more goes
        await pilot.pause()
        assert len(link.sent) == sent
        link.push(ready(view_message(game, me, bots=(dealer,), ready_wait=[]), *people))
        await pilot.pause()
        assert f"bot {dealer} deals the next deal." in screen_text(pilot.app)


async def test_a_person_dealing_next_is_waited_for_as_before() -> None:
    game = deal_played()
    dealer = min(game.to_act)
    link = FakeLink()
    async with make_app(link).run_test(size=(100, 30)) as pilot:
        await at_table(pilot, link, game, dealer)
        assert "n: deal the next deal" in screen_text(pilot.app)
        await pilot.press("n")
        await pilot.pause()
    assert link.actions == [{"type": "next_deal"}]



async def test_where_the_host_does_not_wait_nobody_is_said_to_be_waited_for() -> None:
    """The host alone decides whom a bot dealing next waits for (a racing bot pace waits
    for nobody): without its ``ready_wait`` the screen names no one and offers no n."""
    game = deal_played()
    dealer = min(game.to_act)
    me = (dealer + 1) % 4
    link = FakeLink()
    async with make_app(link).run_test(size=(100, 30)) as pilot:
        await at_table(pilot, link, game, me, bots=(dealer,))
        text = screen_text(pilot.app)
        assert f"bot {dealer} deals next" in text, text
        assert "ready" not in text.lower(), text


async def test_a_game_key_takes_the_seat_back_from_the_bot_that_covers_it() -> None:
    """Play-test: a player whose clock ran out, still at the screen, had every key refused
    ("Nothing to do now: waiting for pb_ann") while a bot played the seat to the game's
    end. The prompt says how to play the seat again, and a game key sends ``ready``."""
    import engine
    from tests.tui.conftest import FakeLink, joined_with, screen_text, view_message
    from tui.app import make_app

    game = engine.create_game("hand_and_foot", 4, 1, None)
    seat = next(s for s in range(4) if s not in game.to_act)
    message = view_message(game, seat)
    for player in message["players"]:
        if player["seat"] == seat:
            player["covered_by"] = "basic"
    link = FakeLink()
    async with make_app(link).run_test(size=(100, 30)) as pilot:
        await joined_with(pilot, link, message)
        assert "A bot plays your seat (your time ran out)" in screen_text(pilot.app)
        await pilot.press("d")
        await pilot.pause()
        assert {"t": "ready"} in link.sent
        assert "You play your seat again" in screen_text(pilot.app)


async def test_a_finished_game_says_game_over_not_that_a_bot_plays_your_seat() -> None:
    """Play-test: once a bot covering a player had played the game to its end, the
    player's prompt still said "A bot plays your seat ... press a game key" where the
    others read "Game over: ... n: play again"."""
    from tests.tui.conftest import FakeLink, finished_game, joined_with, screen_text, view_message
    from tui.app import make_app

    message = view_message(finished_game(), 1)
    for player in message["players"]:
        if player["seat"] == 1:
            player["covered_by"] = "basic"
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await joined_with(pilot, link, message)
        text = screen_text(pilot.app)
    assert "A bot plays your seat" not in text and "Game over" in text, text


async def test_play_again_at_the_table_is_asked_before_it_is_sent() -> None:
    """Play-test: n, pressed once more after the last deal, started a new game for
    everyone at once. It asks; n (or Esc) says no, y sends `again`."""
    from tests.tui.conftest import FakeLink, finished_game, joined_with, screen_text, view_message
    from tui.app import make_app

    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await joined_with(pilot, link, view_message(finished_game(), 1))
        await pilot.press("n")
        await pilot.pause()
        assert "Play again: a new game at this table" in screen_text(pilot.app)
        await pilot.press("n")  # no
        await pilot.pause()
        assert not [m for m in link.sent if m.get("t") == "again"]
        await pilot.press("n", "y")
        await pilot.pause()
    assert [m for m in link.sent if m.get("t") == "again"] == [{"t": "again"}]


async def test_a_note_said_while_waiting_goes_when_the_move_comes() -> None:
    """Play-test: "! Nothing to do now: waiting for bob." stayed on the status line under
    "Your turn: draw (d)." once bob had answered."""
    import engine
    from engine.bots import make_bot
    from tests.tui.conftest import FakeLink, joined_with, view_message
    from tui.app import make_app

    game = engine.create_game("hand_and_foot", 4, 3)
    bots = [make_bot("random", s) for s in range(4)]
    while 0 in game.to_act:
        game.apply(0, bots[0].act(game.view(0)))
    waiting = view_message(game, 0)
    while 0 not in game.to_act:
        seat = min(game.to_act)
        game.apply(seat, bots[seat].act(game.view(seat)))
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await joined_with(pilot, link, waiting)
        await pilot.press("d")
        await pilot.pause()
        status = pilot.app.screen.query_one("#status")
        assert "Nothing to do now" in str(status.render())
        link.push(view_message(game, 0))
        await pilot.pause()
        assert "Nothing to do now" not in str(status.render())


async def test_leaving_a_finished_game_is_asked_of_that_game() -> None:
    """Play-test: q at a finished game asked "Leave this table? During a deal your seat
    and hand are kept..." of a game with no deal left."""
    from tests.tui.conftest import FakeLink, finished_game, joined_with, screen_text, view_message
    from tui.app import make_app

    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await joined_with(pilot, link, view_message(finished_game(), 1))
        await pilot.press("q")
        await pilot.pause()
        text = screen_text(pilot.app)
    assert "The game is over: your seat is freed." in text and "During a deal" not in text


async def test_watching_the_table_where_a_bot_plays_your_seat_j_takes_it_back() -> None:
    """Play-test: a player who left mid-deal and came back to watch his own table (a bot
    playing his seat) had no key there to take it back: only the lobby's j. The host's
    `joined` says which seat is held; the prompt says so and j sits there."""
    from tests.tui.conftest import WELCOME, FakeLink, screen_text, view_message
    from tui.app import make_app

    game = engine.create_game("hand_and_foot", 4, 1, None)
    message = view_message(game, None)
    message["players"][2]["covered_by"] = "basic"
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        link.push(WELCOME)
        link.push({"t": "joined", "table": 3, "seat": None, "game": "hand_and_foot",
                   "seats": 4, "role": "spectator", "held": 2})
        link.push({"recent": [], **message})
        await pilot.pause()
        text = screen_text(pilot.app)
        assert "A bot plays your seat 2 while you watch: j takes it back." in text, text
        assert "j Take your seat back" in text, text
        assert not pilot.app.plain_watching()  # (a screen of its own, not a shared one)
        await pilot.press("j")
        await pilot.pause()
        assert {"t": "sit", "table": 3, "seat": 2} in link.sent
        # Once nobody covers it (the creator opened it, say), the offer is gone.
        del message["players"][2]["covered_by"]
        link.push(message)
        await pilot.pause()
        assert "takes it back" not in screen_text(pilot.app)
