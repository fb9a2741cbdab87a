"""The lobby's chat: c opens its line, Enter sends and keeps it open, Esc goes back to the
tables; the last lines stay under the tables (play-test: nobody could say anything there)."""

from __future__ import annotations

from tests.tui.conftest import WELCOME, FakeLink, lobby_message, screen_text
from tui.app import make_app


async def test_c_says_a_line_to_the_lobby_and_its_last_lines_stay_on_screen() -> None:
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        link.push(WELCOME)
        link.push(lobby_message())
        link.push({"t": "chat", "lobby": True, "name": "cy", "text": "anyone for skarney?",
                   "earlier": True})
        await pilot.pause()
        assert "c Chat" in screen_text(pilot.app).splitlines()[-1]
        await pilot.press("c", *"me too", "enter")
        await pilot.pause()
        assert link.sent[-1] == {"t": "chat", "text": "me too"}
        await pilot.press(*"j", "enter")  # still the chat line: j is typed, not Sit
        assert link.sent[-1] == {"t": "chat", "text": "j"}
        for n in range(3):
            link.push({"t": "chat", "lobby": True, "name": "bob", "text": f"line {n}"})
        await pilot.pause()
        text = screen_text(pilot.app)
        assert "bob: line 0" in text and "bob: line 2" in text
        assert "anyone for skarney?" not in text  # the last three lines stay
        await pilot.press("escape")
        await pilot.pause()
        assert "Enter sends" not in screen_text(pilot.app).splitlines()[-1]
        assert "bob: line 2" in screen_text(pilot.app)


async def test_a_long_paste_into_the_lobby_chat_keeps_what_fits() -> None:
    """The lobby's line is the table's chat line: a paste longer than a line was refused
    whole by Textual's Input; it keeps what fits, its lines joined by spaces."""
    from textual import events

    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        link.push(WELCOME)
        link.push(lobby_message())
        await pilot.pause()
        await pilot.press("c")
        line = pilot.app.screen.query_one("#lobbysay")
        line.post_message(events.Paste("first line\nsecond " + "x" * 400))
        await pilot.pause()
        assert "A chat line holds 200 characters" in screen_text(pilot.app)
        await pilot.press("enter")
        await pilot.pause()
    sent = link.sent[-1]
    assert sent["t"] == "chat" and sent["text"].startswith("first line second x")
    assert len(sent["text"]) == 200


async def test_typing_past_a_full_chat_line_says_it_is_full() -> None:
    """Play-test: the 201st character typed into the lobby's line did nothing and said
    nothing; the status line now says the line is full and how to go on."""
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        link.push(WELCOME)
        link.push(lobby_message())
        await pilot.pause()
        await pilot.press("c")
        line = pilot.app.screen.query_one("#lobbysay")
        line.value = "y" * 199
        line.cursor_position = 199
        await pilot.press("z")
        await pilot.pause()
        assert "A chat line holds" not in screen_text(pilot.app)
        await pilot.press("q")
        await pilot.pause()
        assert line.value == "y" * 199 + "z"
        assert "A chat line holds 200 characters: send it (Enter) to say more." in \
            screen_text(pilot.app)
        await pilot.press("enter")  # sent: the warning goes with it
        await pilot.pause()
        assert "A chat line holds" not in screen_text(pilot.app)


async def test_a_long_lobby_line_wraps_instead_of_being_cut() -> None:
    """Play-test: a lobby chat line longer than the screen was cut at its edge."""
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        link.push(WELCOME)
        link.push(lobby_message())
        words = " ".join(f"word{n}" for n in range(20))  # about 120 characters
        link.push({"t": "chat", "lobby": True, "name": "cy", "text": words})
        await pilot.pause()
        text = screen_text(pilot.app)
        assert "cy: word0" in text and "word19" in text, text
        rows = [row for row in text.splitlines() if "word" in row]
        assert len(rows) == 2 and all(row.startswith(" ") for row in rows), text
        link.push({"t": "chat", "lobby": True, "name": "bob", "text": "short one"})
        await pilot.pause()
        text = screen_text(pilot.app)  # the long line and the short fit: both whole
        assert "cy: word0" in text and "bob: short one" in text, text
        link.push({"t": "chat", "lobby": True, "name": "eve", "text": "another"})
        await pilot.pause()
        text = screen_text(pilot.app)  # no room for the long one: not its tail alone
        assert "word19" not in text and "bob: short one" in text and "eve: another" in text
        await pilot.resize_terminal(140, 24)
        await pilot.pause()
        text = screen_text(pilot.app)
        line = next(row for row in text.splitlines() if "cy: word0" in row)
        assert "word19" in line, text  # one row where it fits


async def test_the_reclaim_code_line_is_whole_with_a_long_name() -> None:
    """Play-test: "reclaim code ...: connect as pt2bartholomew_x+DR3C-X3JG-FF8Q next ti",
    cut at 80 columns; it goes on to a second line instead."""
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        link.push({**WELCOME, "name": "pt2bartholomew_x"})
        link.push(lobby_message())
        await pilot.pause()
        text = screen_text(pilot.app)
    assert "connect as pt2bartholomew_x+K3Q7-M9XP-R2TW next time" in text, text


async def test_a_line_the_host_refuses_for_coming_too_soon_comes_back_to_send_again() -> None:
    """Play-test: a second line within the second vanished from the chat line, and only
    the status line said "say it again"."""
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        link.push(WELCOME)
        link.push(lobby_message())
        await pilot.pause()
        await pilot.press("c", *"first", "enter")
        link.push({"t": "chat", "lobby": True, "name": "bob", "text": "first"})
        await pilot.press(*"second", "enter")
        link.push({"t": "error", "code": "slow_down", "message": "The lobby chat takes one "
                   "line a second from each person; say it again."})
        await pilot.pause()
        assert pilot.app.screen.query_one("#lobbysay").value == "second"
        assert "say it again" in screen_text(pilot.app)
