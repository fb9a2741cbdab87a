"""Small windows, settings, the lobby's requests, leaving, and a host that says goodbye."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Select

import engine
from netcode.framing import FrameDecoder, encode_frame
from netcode.protocol import CLIENT_TAGS, check_client_message
from tests.tui.conftest import (
    HAND_STAGE,
    WELCOME,
    FakeLink,
    at_table,
    game_at,
    lobby_message,
    screen_text,
    view_message,
)
from tui.app import make_app
from tui.lobby import CreateScreen, seat_range, seats_text
from tui.sheets import QuitDialog, TooSmallScreen
from tui.table import TableScreen


async def in_lobby(pilot: Any, link: FakeLink, lobby: dict[str, Any]) -> None:
    """The welcome and a lobby listing, as a session's first frames."""
    link.push(WELCOME)
    link.push(lobby)
    await pilot.pause()


async def new_table_form(pilot: Any, link: FakeLink, lobby: dict[str, Any]) -> None:
    """The lobby, then n: the new-table form open."""
    await in_lobby(pilot, link, lobby)
    await pilot.press("n")
    await pilot.pause()


@pytest.mark.parametrize("ask_to_leave", [False, True])
async def test_too_small_then_large_again_then_bye(ask_to_leave: bool) -> None:
    link = FakeLink()
    app = make_app(link)
    async with app.run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game_at(HAND_STAGE), 1)
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "at least 80x24 (it is 60x20)" in str(app.screen.query_one("#toosmall").render())
        assert "Stock" not in screen_text(app)  # the cut-up table is covered, not dimmed
        link.push(view_message(game_at(HAND_STAGE), 1, seq=13))  # still rendered underneath
        if ask_to_leave:  # the dialog covers the enlarge screen; staying takes both away
            await pilot.press("ctrl+c")
            await pilot.pause()
            assert isinstance(app.screen, QuitDialog)
        await pilot.resize_terminal(100, 30)
        if ask_to_leave:
            await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        link.push({"t": "bye", "reason": "the host is shutting down"})
        await pilot.pause()
    assert app.return_code == 0 and link.closed


async def test_lobby_requests_and_the_create_form() -> None:
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await in_lobby(pilot, link, lobby_message())
        await pilot.press("down", "w", "up", "enter", "l")
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(pilot.app.screen, CreateScreen)
        pilot.app.screen.query_one("#opt-deals").value = "2"
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert link.sent == [{"t": "watch", "table": 2}, {"t": "sit", "table": 1}, {"t": "list"},
                         {"t": "create", "game": "hand_and_foot", "seats": 4,
                          "options": {"deals": 2}}]


async def test_the_create_forms_bottom_line_names_its_own_keys() -> None:
    """The form covered the lobby but its bottom line still offered the lobby's keys (j Sit,
    w Watch, ...), which do nothing there; it names the form's own."""
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await new_table_form(pilot, link, lobby_message())
        bottom = screen_text(pilot.app).splitlines()[-1]
        assert "Create" in bottom and "Cancel" in bottom
        assert "Sit" not in bottom and "Watch" not in bottom


def every_game_lobby() -> dict[str, Any]:
    """The lobby as the host lists its games: every game, with its options."""
    games = [{"name": info.name, "title": info.title, "seats": list(info.seats),
              "options": dict(info.options), "option_help": dict(info.option_help)}
             for info in engine.GAMES.values()]
    return {**lobby_message(), "games": games}


def as_host_reads(message: dict[str, Any]) -> dict[str, Any]:
    """A client message as the host decodes and checks it (ProtocolError if malformed)."""
    (decoded,) = FrameDecoder().feed(encode_frame({"v": 1, **message},
                                                  allowed_tags=CLIENT_TAGS))
    return check_client_message(decoded)


async def test_the_lobby_lists_every_game_at_80_columns() -> None:
    """The games line wraps between games: at 80 columns the last game was cut off."""
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await in_lobby(pilot, link, every_game_lobby())
        listed = [f"{g['title']} ({seat_range(g)})" for g in every_game_lobby()["games"]]
        text = screen_text(pilot.app)
        assert all(item in text for item in listed)  # whole, seat counts included
        await pilot.resize_terminal(160, 30)
        await pilot.pause()
        line = next(r for r in screen_text(pilot.app).splitlines() if "Games:" in r)
        assert all(item in line for item in listed)


async def test_the_people_in_the_room_wrap_and_the_rest_are_counted() -> None:
    """The room's people were one line cut at the edge (the last shown ended in a comma);
    they wrap onto two lines, and those that do not fit are counted."""
    people = [{"name": f"player{k:02d}", "table": k % 5 or None, "away": k % 3 == 0}
              for k in range(25)]
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await in_lobby(pilot, link, {**lobby_message(), "people": people, "people_total": 40})
        rows = screen_text(pilot.app).splitlines()
        first = next(i for i, r in enumerate(rows) if "In the room:" in r)
        shown = rows[first] + rows[first + 1]
        assert "player00 (lobby)" in shown
        counted = int(shown.split(" and ")[-1].split()[0])
        assert counted == 40 - shown.count("player")
        assert all(len(r.rstrip()) < 80 for r in rows[first:first + 2])


@pytest.mark.parametrize("name", sorted(engine.GAMES))
async def test_the_create_form_sends_what_the_host_accepts_for_every_game(name: str) -> None:
    """Creating a Skarney table with its defaults used to close the session: the form read
    `contracts` (keyed by deal number) back with string keys, took it for a change, and
    sent it; the wire turns decimal keys into numbers, which the schema refused."""
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await in_lobby(pilot, link, every_game_lobby())
        for edit in (False, True):
            await pilot.press("n")
            await pilot.pause()
            form = pilot.app.screen
            assert isinstance(form, CreateScreen)
            form.query_one("#game", Select).value = name
            await pilot.pause()
            if edit:  # the first option changed: sent, and accepted as it arrives
                first = next(iter(engine.GAMES[name].options))
                field = form.query_one(f"#opt-{first}")
                field.value = field.value.replace("0", "1", 1) if "0" in field.value \
                    else field.value
            await pilot.press("ctrl+s")
            await pilot.pause()
            sent = link.sent[-1]
            assert sent["t"] == "create" and sent["game"] == name
            if not edit:
                assert "options" not in sent  # the defaults, untouched, are not sent
            assert as_host_reads(sent)["game"] == name
    contracts = {"1": [[3, 3]], "2": [[3, 3, 3]]}
    message = {"t": "create", "game": "skarney", "seats": 3, "options": {
        "contracts": contracts}}
    assert as_host_reads(message)["options"]["contracts"] == {1: [[3, 3]], 2: [[3, 3, 3]]}


async def test_the_create_form_shows_yes_no_and_blank_and_sends_their_values() -> None:
    """Play-test: the form showed JSON (``null`` for "no limit", ``false``), which reads
    as code. Yes-or-no options show yes or no, an option with no value is blank, and
    what is typed goes to the host as the values its options take (validated there)."""
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await new_table_form(pilot, link, every_game_lobby())
        form = pilot.app.screen
        form.query_one("#game", Select).value = "skarney"
        await pilot.pause()
        assert form.query_one("#opt-partnership").value == "yes"
        assert form.query_one("#opt-ace_low").value == "no"
        assert form.query_one("#opt-max_group_size").value == ""
        form.query_one("#opt-ace_low").value = "Yes"
        form.query_one("#opt-max_group_size").value = "5"
        await pilot.press("ctrl+s")
        await pilot.pause()
        sent = as_host_reads(link.sent[-1])
        assert sent["options"] == {"ace_low": True, "max_group_size": 5}
        await pilot.press("n")
        await pilot.pause()
        form = pilot.app.screen
        form.query_one("#game", Select).value = "looking_and_down"
        await pilot.pause()
        assert form.query_one("#opt-max_deals").value == ""
        form.query_one("#opt-max_deals").value = "3"
        form.query_one("#opt-frozen_in_time").value = "no"
        await pilot.press("ctrl+s")
        await pilot.pause()
        sent = as_host_reads(link.sent[-1])
        assert sent["options"] == {"max_deals": 3, "frozen_in_time": False}
        engine.GAMES["looking_and_down"].factory.validate_options(4, sent["options"])


async def test_play_again_sends_one_request_naming_the_table() -> None:
    """`a` asks the host to seat you and start a new game at the chosen table, in one
    request; the host decides (the lobby once judged seats itself) and its reason shows."""
    lobby = lobby_message()
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await in_lobby(pilot, link, lobby)
        await pilot.press("down", "a")
        await pilot.pause()
        assert link.sent == [{"t": "again", "table": 2}]
        link.push({"t": "error", "code": "table_full",
                   "message": "Every seat at that table is taken."})
        await pilot.pause()
        assert "Every seat at that table is taken." in screen_text(pilot.app)


async def test_settings_change_the_cards_not_the_host() -> None:
    link = FakeLink()
    app = make_app(link)
    async with app.run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game_at(HAND_STAGE), 1)
        await pilot.press("o", "4", "5", "1", "escape")
        await pilot.pause()
        assert app.settings.ascii and app.settings.sort == "suit" and app.settings.depth == "16"
        hand = str(app.screen.query_one("#hand").render())
        assert "KH" in hand and "♥" not in hand
        await pilot.press("ctrl+z")  # never suspends
        await pilot.pause()
    assert link.sent == []


@pytest.mark.parametrize(("ask", "stay"), [("ctrl+c", "n"), ("ctrl+q", "escape")])
async def test_ctrl_c_asks_first_and_n_returns_to_the_table_unchanged(ask: str,
                                                                     stay: str) -> None:
    link = FakeLink()
    app = make_app(link)
    async with app.run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game_at(HAND_STAGE), 1)
        await pilot.press("right", "space")  # a chosen card, which must survive the dialog
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        hand = str(table.query_one("#hand").render())
        await pilot.press(ask)
        await pilot.pause()
        assert isinstance(app.screen, QuitDialog) and app.is_running
        text = str(app.screen.query_one("#quit").render())
        assert "Leave meldhall?" in text and "seat is kept" in text
        await pilot.press("ctrl+z", "d")  # neither suspends nor reaches the table below
        await pilot.press(stay)
        await pilot.pause()
        assert app.screen is table and app.is_running
        assert str(table.query_one("#hand").render()) == hand
        assert app.screen_stack == [app.lobby_screen, table]
    assert app.return_code is None  # never asked to exit: the harness closed it
    assert link.sent == []


@pytest.mark.parametrize("keys", [("ctrl+c", "y"), ("ctrl+q", "enter"), ("ctrl+c", "ctrl+c")])
async def test_y_or_a_second_ctrl_c_leaves(keys: tuple[str, ...]) -> None:
    link = FakeLink()
    app = make_app(link)
    async with app.run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game_at(HAND_STAGE), 1)
        await pilot.press(*keys)
        await pilot.pause()
        assert not app.is_running
    assert app.return_code == 0 and app.return_value is None  # as the plain quit did
    assert link.closed and link.sent == []


@pytest.mark.parametrize("seat", [None, "lobby"], ids=["watching", "lobby"])
async def test_the_quit_question_promises_a_kept_seat_only_to_a_seated_player(
        seat: str | None) -> None:
    link = FakeLink()
    app = make_app(link)
    async with app.run_test(size=(80, 24)) as pilot:
        if seat is None:
            await at_table(pilot, link, game_at(HAND_STAGE), None)
        else:
            link.push(lobby_message())
            await pilot.pause()
        await pilot.press("ctrl+c")
        await pilot.pause()
        text = str(app.screen.query_one("#quit").render())
        assert "Leave meldhall?" in text and "seat" not in text


async def test_a_crowded_lobby_turns_pages_and_says_how_many_tables() -> None:
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await in_lobby(pilot, link, {**lobby_message(), "page": 0, "pages": 3, "total": 70})
        await pilot.press("left_square_bracket", "right_square_bracket")
        await pilot.pause()
        shown = str(pilot.app.screen.query_one("#games").render())
        assert "70 tables, page 1 of 3" in shown
    assert link.sent == [{"t": "list", "page": 1}]


async def test_the_game_record_is_a_key_away_once_the_game_is_over() -> None:
    from tests.tui.conftest import finished_game

    link = FakeLink()
    app = make_app(link)
    async with app.run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, finished_game(), 1)
        await pilot.press("X")
        await pilot.pause()
        assert link.sent[-1] == {"t": "record"}
        link.push({"t": "record", "table": 3, "text": "Hand and Foot: a game record\nWinner: x"})
        await pilot.pause()
        assert "a game record" in str(app.screen.query_one("#record").render())


async def test_the_turn_clock_counts_and_warns_the_player_on_turn() -> None:
    link, game = FakeLink(), game_at(HAND_STAGE)  # seat 1 (bob) to act
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        link.push({**view_message(game, 1, seq=13), "clock": {"elapsed": 42, "limit": 120}})
        await pilot.pause()
        assert "your time 0:42 of 2:00" in screen_text(pilot.app)  # bob, on turn
        link.push({**view_message(game, 1, seq=14), "clock": {"elapsed": 95, "limit": 120}})
        await pilot.pause()
        assert "s left!" in screen_text(pilot.app)
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 2)
        link.push({**view_message(game, 2, seq=14), "clock": {"elapsed": 95, "limit": 120}})
        await pilot.pause()
        text = screen_text(pilot.app)
        assert "bob thinking 1:35 of 2:00" in text
        assert "left!" not in text  # only the player on turn is warned


async def test_the_clock_counts_on_when_the_same_view_is_shown_again() -> None:
    """Play-test: Esc (which shows the view again), t or a setting set the clock back by
    the time since the view came (0:19 to 0:07), while the host's limit ran on."""
    link, game = FakeLink(), game_at(HAND_STAGE)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        link.push({**view_message(game, 1, seq=13), "clock": {"elapsed": 12, "limit": 60}})
        await pilot.pause()
        screen = pilot.app.screen
        since = screen._clock[2]
        await pilot.press("escape", "t", "escape")
        await pilot.pause()
        assert screen._clock[2] == since and screen._clock[0] == 12
        link.push({**view_message(game, 1, seq=14), "clock": {"elapsed": 0, "limit": 60}})
        await pilot.pause()
        assert screen._clock[0] == 0 and screen._clock[2] > since  # a new view's clock


async def test_a_dialog_with_many_keys_shows_them_all_at_80_columns() -> None:
    """The settings dialog's eight keys did not fit with two spaces after each: the
    last, `esc Close`, was cut off. Where the line is too long, one space is left."""
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game_at(HAND_STAGE), 1)
        await pilot.press("o")
        await pilot.pause()
        bar = next(r for r in screen_text(pilot.app).splitlines() if "Colours" in r)
        assert "esc Close" in bar
        await pilot.resize_terminal(120, 30)
        await pilot.pause()
        bar = next(r for r in screen_text(pilot.app).splitlines() if "Colours" in r)
        assert "Colours   2 " in bar  # two spaces after each where they fit


@pytest.mark.parametrize("size", [(50, 15), (30, 10)])
async def test_the_enlarge_message_fits_a_window_narrower_than_itself(
        size: tuple[int, int]) -> None:
    """The message box was as wide as its one line: in a window narrower than that, the
    part saying how large the window is was cut off. It wraps instead."""
    link = FakeLink()
    async with make_app(link).run_test(size=size) as pilot:
        await in_lobby(pilot, link, lobby_message())
        words = " ".join(" ".join(line.strip("│ ").split())
                         for line in screen_text(pilot.app).splitlines())
        assert f"at least 80x24 (it is {size[0]}x{size[1]})." in words


async def test_a_key_players_fingerprint_is_shown_whole_at_80_columns() -> None:
    """It followed the name on the top line, and 80 columns cut it short."""
    key = "SHA256:j36fXChFUF/k7KhDT+MExfPsX5uZwQ52VktD0Jw1wFQ"
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await in_lobby(pilot, link, lobby_message())
        link.push({"t": "welcome", "name": "mona✓", "user": f"key:{key}",
                   "server": "meldhall"})
        await pilot.pause()
        text = screen_text(pilot.app)
        assert "user: mona✓" in text and f"your key {key}" in text


async def test_a_table_of_eight_keeps_the_watching_and_state_columns_at_80_columns() -> None:
    """Eight seats spelled out (``bot 0, bot 1, ...``) were wider than an 80-column lobby
    leaves for Seats: the Watching column was cut to "Wa" and State was off the screen.
    The bots and free seats are counted instead; a wide window spells them out."""
    seats = [{"seat": 0, "name": "ann", "bot": False, "present": False}] + [
        {"seat": s, "name": f"bot {s}", "bot": True, "present": True} for s in range(1, 7)] + [
        {"seat": 7, "name": None, "bot": False, "present": False}]
    table = {"id": 5, "game": "looking_and_down", "title": "Looking and Down", "seats": 8,
             "players": seats, "spectators": 3, "state": "waiting", "round": 1, "options": {}}
    lobby = lobby_message()
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await in_lobby(pilot, link, {**lobby, "tables": [*lobby["tables"], table]})
        rows = screen_text(pilot.app).splitlines()
        header = next(r for r in rows if " Seats " in r)
        assert "Watching" in header and "State" in header
        row = next(r for r in rows if "Looking and Down" in r)
        assert "ann (away), 6 bots, 1 free" in row
        assert row.split()[-2:] == ["3", "waiting"]
        await pilot.resize_terminal(160, 30)
        await pilot.pause()
        row = next(r for r in screen_text(pilot.app).splitlines() if "Looking and Down" in r)
        assert "ann (away), bot 1, bot 2, bot 3, bot 4, bot 5, bot 6, -" in row


def test_seats_are_counted_when_even_the_people_do_not_fit() -> None:
    players = [{"seat": s, "name": f"player{s}", "bot": False, "present": True}
               for s in range(6)] + [{"seat": 6, "name": "bot 6", "bot": True}]
    assert seats_text({"players": players}, 30) == "6 people, 1 bot"
    assert seats_text({"players": players[:1]}, 30) == "player0"
    players[2]["present"] = players[4]["present"] = False  # (play-test: who is away)
    assert seats_text({"players": players}, 30) == "6 people (2 away), 1 bot"



async def test_the_clock_names_the_seats_the_host_times() -> None:
    """Looking and Down's views list a frozen seat among those to act whether or not its
    hand can meld (that is its own to know); the clock times the turn player alone, and
    said "ann and cy thinking"."""
    link, game = FakeLink(), game_at(HAND_STAGE)  # seat 1 (bob) to act
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 2)
        message = view_message(game, 2, seq=14)
        message["view"] = {**message["view"], "to_act": [0, 1]}
        link.push({**message, "clock": {"elapsed": 42, "limit": None, "seats": [1]}})
        await pilot.pause()
        text = screen_text(pilot.app)
    assert "bob thinking 0:42" in text and "ann and bob" not in text, text


async def test_back_straight_at_a_table_in_a_small_window_asks_to_enlarge_it() -> None:
    """Play-test: reconnecting (name+code) from a 60x20 window went straight to the table,
    drawn cut up over the enlarge screen, and play went on; in the lobby the same window
    was asked to enlarge."""
    link = FakeLink()
    app = make_app(link)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await at_table_small(pilot, link)
        assert isinstance(app.screen, TooSmallScreen)
        assert "Stock" not in screen_text(app)
        await pilot.press("d")
        await pilot.pause()
        assert link.actions == []  # no game key reaches the table under it
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert sum(isinstance(s, TooSmallScreen) for s in app.screen_stack) == 0
        app.screen.action_leave() if not app.screen.seated() else None
        link.push({"t": "left", "table": 3, "kept": False})
        await pilot.pause()
        assert not isinstance(app.screen, TooSmallScreen | TableScreen)


async def at_table_small(pilot: Any, link: FakeLink) -> None:
    link.push(WELCOME)
    link.push({"t": "joined", "table": 3, "seat": 1, "game": "hand_and_foot", "seats": 4,
               "role": "player"})
    link.push({"recent": [], **view_message(game_at(HAND_STAGE), 1)})
    await pilot.pause()


@pytest.mark.parametrize("seat", [1, None])
async def test_the_reclaim_code_is_told_at_the_table_too(seat: int | None) -> None:
    """Play-test: players who went straight from the lobby to a table never saw their
    code (the lobby's header line), and after a host restart could not take their seat
    again. Seated, a note says to keep it; the keys help (?) says how to come back."""
    link = FakeLink()
    app = make_app(link)
    async with app.run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game_at(HAND_STAGE), seat)
        noted = any("K3Q7-M9XP-R2TW" in line.plain for line in app.log_lines)
        assert noted == (seat is not None)  # (a spectator's screen may be shared)
        if noted:
            assert "Only you see this" in screen_text(app)
            app.forget_identity()  # (the App is about to be shared: the line goes)
            await pilot.pause()
            assert "K3Q7" not in screen_text(app)
            assert not any("K3Q7" in line.plain for line in app.log_lines)
            app.welcome = dict(WELCOME)
        await pilot.press("question_mark")
        await pilot.pause()
        assert "connect as bob+K3Q7-M9XP-R2TW to come back" in screen_text(app)


async def test_editing_keys_typed_in_one_burst_act_in_their_order() -> None:
    """Play-test: keys arriving together over SSH ("abc", Backspace, "d") sent "abc" from
    the chat line: the field's editing keys ran after the characters typed behind them
    (Textual issue 6605). They act in the order typed, in the chat line and in the
    new-table form's fields."""
    from textual import events
    from textual.widgets import Input

    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await in_lobby(pilot, link, lobby_message())
        await pilot.press("c")
        await pilot.pause()
        field = pilot.app.focused
        assert isinstance(field, Input)
        burst = [*"abc", "backspace", "d", "left", "x", "home", "ctrl+k", *"yes", "enter"]
        for key in burst:  # (posted together, as a driver delivers a burst)
            pilot.app.post_message(events.Key(key, key if len(key) == 1 else None))
        await pilot.pause()
        await pilot.pause()
    said = [m for m in link.sent if m.get("t") == "chat"]
    assert said == [{"t": "chat", "text": "yes"}], said
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await new_table_form(pilot, link, lobby_message())
        field = pilot.app.screen.query_one("#opt-deals", Input)
        field.focus()
        await pilot.pause()
        for key in ["end", "ctrl+u", "3", "backspace", "2"]:  # (together again)
            pilot.app.post_message(events.Key(key, key if len(key) == 1 else None))
        await pilot.pause()
        await pilot.pause()
        assert field.value == "2", field.value


async def test_the_forms_focused_row_stands_out() -> None:
    """Play-test: in the new-table form a focused field differed from the others by a
    shade, and a focused dropdown not at all. The focused row's name is bold on a tint."""
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 30)) as pilot:
        await new_table_form(pilot, link, lobby_message())
        await pilot.press("tab")
        await pilot.pause()
        focused_row = pilot.app.focused.parent
        names = {str(label.render()): label.rich_style
                 for label in pilot.app.screen.query(".name")}
        mine = focused_row.query_one(".name").rich_style
        others = [style for name, style in names.items()
                  if name != str(focused_row.query_one(".name").render())]
    assert mine.bold and all(not style.bold and style.bgcolor != mine.bgcolor
                             for style in others)
