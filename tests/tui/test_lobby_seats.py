"""Sitting at a chosen seat from the lobby: partners choose where they sit."""

from __future__ import annotations

from typing import Any

from tests.tui.conftest import WELCOME, FakeLink, lobby_message, screen_text
from tui.app import make_app


async def in_lobby(keys: tuple[str, ...], choose: str | None = None
                   ) -> tuple[str, list[dict[str, Any]]]:
    """The lobby of `lobby_message` after the keys (and a digit to choose, if given): the
    screen before the choice, and what was sent."""
    link = FakeLink()
    app = make_app(link)
    async with app.run_test(size=(80, 24)) as pilot:
        link.push(WELCOME)
        link.push(lobby_message())
        await pilot.pause()
        await pilot.press(*keys)
        await pilot.pause()
        text = screen_text(app)
        if choose is not None:
            await pilot.press(choose)
            await pilot.pause()
    return text, link.sent


async def test_J_asks_which_free_seat_and_sits_there() -> None:
    text, sent = await in_lobby(("down", "J"), "2")  # table 2: eve at seat 0, 1-3 free
    assert "Which seat? (eve at seat 0)" in text and "3  seat 3" in text, text
    assert {"t": "sit", "table": 2, "seat": 2} in sent


async def test_j_at_a_partnership_table_with_someone_there_asks_which_seat() -> None:
    """Play-test: j put a friend at seat 1, on the other team; the seat choice (J) was
    only under ?. At a partnership table where a person sits, j asks as J does."""
    text, sent = await in_lobby(("down", "j"), "2")  # table 2: eve at seat 0, 1-3 free
    assert "Which seat? (eve at seat 0)" in text and "partner of eve" in text, text
    assert {"t": "sit", "table": 2, "seat": 2} in sent


async def test_J_at_a_full_table_says_so() -> None:
    text, sent = await in_lobby(("J",))  # table 1: every seat taken
    assert "Every seat at table 1 is taken." in text
    assert not any(m.get("t") == "sit" for m in sent)


async def test_J_says_whose_partner_each_seat_is() -> None:
    """Play-test: the list read "seat 1, seat 2, seat 3" at a partnership table, so a
    player could not tell which seat was their friend's partner."""
    text, _ = await in_lobby(("down", "J"))  # Hand and Foot: eve at seat 0, 1-3 free
    assert "1  seat 1 · partner of seat 3" in text, text
    assert "2  seat 2 · partner of eve" in text and "3  seat 3 · partner of seat 1" in text


def test_where_each_plays_alone_no_seat_names_a_partner() -> None:
    from tui.lobby import seat_mates

    table = {"game": "canastone", "seats": 3, "players": [], "options": {}}
    assert seat_mates(table) == {}
    six = seat_mates({**table, "seats": 6,
                      "players": [{"seat": 0, "name": "eve", "bot": False}]})
    assert six[2] == " · team with eve and seat 4" and six[1] == " · team with seat 3 and seat 5"


async def test_the_lobby_fits_a_window_made_narrower_while_at_a_table() -> None:
    """Play-test: watching from a 200-column window, made 80 wide, then back in the lobby:
    the Seats column kept its width from the wide rows and Watching and State were gone
    off the right edge."""
    import copy

    from tests.tui.conftest import HAND_STAGE, game_at, view_message

    def lobby() -> dict[str, Any]:
        message = lobby_message()
        tables = []
        for table_id in range(12, 16):
            table = copy.deepcopy(message["tables"][0])
            table["id"] = table_id
            for player in table["players"]:
                if player["name"]:
                    player["name"] = f"pt1{player['name']}longname"
            tables.append(table)
        return {**message, "tables": tables}

    link = FakeLink()
    async with make_app(link).run_test(size=(200, 50)) as pilot:
        link.push(WELCOME)
        link.push(lobby())
        await pilot.pause()
        assert "pt1annlongname" in screen_text(pilot.app)  # the names, in a wide window
        link.push({"t": "joined", "table": 3, "seat": None, "game": "hand_and_foot",
                   "seats": 4, "role": "spectator"})
        link.push({"recent": [], **view_message(game_at(HAND_STAGE), None)})
        await pilot.pause()
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        link.push({"t": "left", "table": 3})
        link.push(lobby())
        await pilot.pause()
        text = screen_text(pilot.app)
    assert "Watching  State" in text and " 12  Hand and Foot" in text, text
    assert "playing" in next(row for row in text.splitlines() if " 15 " in row), text


async def test_the_cursor_stays_on_its_table_when_the_listing_reorders() -> None:
    """Play-test: the cursor stayed on the second row when a new listing put another
    table there, and J asked for a seat at the wrong table."""
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        link.push(WELCOME)
        first = lobby_message()
        link.push(first)
        await pilot.pause()
        await pilot.press("down")  # table 2
        reordered = lobby_message()
        reordered["tables"] = [first["tables"][1], first["tables"][0]]  # 2 first now
        link.push(reordered)
        await pilot.pause()
        await pilot.press("j")  # (table 2 is a partnership table with eve: which seat?)
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
    assert link.sent[-1] == {"t": "sit", "table": 2, "seat": 1}


async def test_a_game_under_way_with_a_free_seat_is_not_called_waiting() -> None:
    """Play-test: a table whose game was under way, someone having left, read "waiting"
    like a table not begun."""
    message = lobby_message()
    begun = {**message["tables"][1], "id": 7, "game": "looking_and_down",
             "title": "Looking and Down", "started": True}
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        link.push(WELCOME)
        link.push({**message, "tables": [*message["tables"], begun]})
        await pilot.pause()
        text = screen_text(pilot.app)
    rows = {row.split()[0]: row for row in text.splitlines() if row.strip()[:1].isdigit()}
    assert rows["7"].rstrip().endswith("seat free"), text
    assert rows["2"].rstrip().endswith("waiting") and rows["1"].rstrip().endswith("playing")


async def test_D_asks_before_closing_the_chosen_table() -> None:
    """Play-test: a seat kept by leaving counted against the tables one may open, and no
    key ended such a game. D closes the chosen table, after a question."""
    text, sent = await in_lobby(("down", "D"), "y")
    assert "Close table 2 (Hand and Foot) for good?" in text, text
    assert {"t": "close", "table": 2} in sent
    _, sent = await in_lobby(("D",), "n")
    assert not any(m.get("t") == "close" for m in sent)


async def test_q_in_the_lobby_asks_before_leaving_meldhall() -> None:
    """Play-test: q did nothing in the lobby (it leaves a table), with no note."""
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        link.push(WELCOME)
        link.push(lobby_message())
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        from tui.sheets import QuitDialog

        assert isinstance(pilot.app.screen, QuitDialog)
        await pilot.press("n")
        await pilot.pause()
        assert not isinstance(pilot.app.screen, QuitDialog)


async def test_the_cursor_starts_on_the_table_holding_your_seat() -> None:
    """Play-test: back in the lobby with a seat kept at table 2, the cursor sat on table
    1, where j said "Every seat at that table is taken."."""
    message = lobby_message()
    message["tables"][0]["players"][1]["name"] = "fay"  # (bob is at table 2 alone)
    message["tables"][1]["players"][1] = {"seat": 1, "name": "bob", "bot": False,
                                          "present": False}
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        link.push(WELCOME)  # (bob)
        link.push(message)
        await pilot.pause()
        await pilot.press("j")
        await pilot.pause()
    assert {"t": "sit", "table": 2} in link.sent


async def test_the_lobby_columns_are_as_wide_as_their_cells_at_once() -> None:
    """Play-test (after a host restart, the host busy): the columns came out as wide as
    their headers, "1  Cana  alice  0  playi", until the next connection. Each column's
    width is set with its rows, not left for the table to work out when next idle."""
    from textual.widgets import DataTable

    from tests.tui.conftest import WELCOME, lobby_message
    from tui.app import make_app

    link = FakeLink()
    async with make_app(link).run_test(size=(100, 30)) as pilot:
        link.push(WELCOME)
        await pilot.pause()
        lobby = pilot.app.lobby_screen
        lobby.show(lobby_message())  # no pause: as drawn at once
        table = lobby.query_one(DataTable)
        widths = [c.get_render_width(table) - 2 * table.cell_padding
                  for c in table.columns.values()]
        assert widths[1] >= len("Hand and Foot") and widths[4] >= len("playing"), widths
