"""Faults play-testers met at real tables over ssh, each checked by what a person sees
or what the screen sends."""

from __future__ import annotations

from typing import Any

import pytest

from tests.tui.conftest import (
    HAND_STAGE,
    FakeLink,
    answered,
    at_table,
    card_ids,
    game_at,
    lobby_message,
    screen_text,
    shown,
)
from tests.tui.test_looking_and_down import play_until
from tests.tui.test_robust import new_table_form
from tui.app import make_app
from tui.cards import CardLook, CodeError, pick_by_codes
from tui.games import screen_for
from tui.sheets import ConfirmDialog

HAND_PLAY = HAND_STAGE.replace("phase: draw", "phase: play")


def status(app: Any) -> str:
    return str(app.screen.query_one("#status").render())


def prompt(app: Any) -> str:
    return str(app.screen.query_one("#prompt").render())


async def typed_and_sent(pilot: Any, field: str, value: str) -> None:
    """A field of the open form typed into, then ^s."""
    from textual.widgets import Input

    pilot.app.screen.query_one(field, Input).value = value
    await pilot.press("ctrl+s")
    await pilot.pause()


async def test_x_after_a_code_that_matched_nothing_asks_before_discarding() -> None:
    link, game = FakeLink(), game_at(HAND_PLAY)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        await pilot.press("slash", *"4d", "enter")  # no 4♦ in this hand
        assert "No 4d in your hand." in status(pilot.app)
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(pilot.app.screen, ConfirmDialog)
        assert "Discard 3♠? No card is selected" in screen_text(pilot.app)
        await pilot.press("n")  # not the card meant: nothing goes
        await pilot.pause()
        assert link.actions == []
        await pilot.press("right", "space", "x")  # arrows and space: no question
        await pilot.pause()
    assert link.actions == [{"type": "discard", "card": card_ids(game, 1, "4S")[0]}]


def no_pair(game: Any) -> bool:
    """The turn's seat is to draw, the pile's top is no three or wild card, and the pile is
    not listed: the hand holds no pair of the top's rank (LD-P4)."""
    view = game.view(game.turn) if game.phase == "draw" else {}
    top = (view.get("discard") or {}).get("top")
    return bool(top) and top["code"][0] not in "23" and not any(
        e.get("type") == "take_pile" for e in view.get("legal", []))


async def test_p_when_the_pile_is_not_listed_says_the_engines_rule() -> None:
    game = play_until(3, 5, no_pair)
    text, sent = await answered(game, game.turn, keys=("p",))
    assert sent and sent[0]["type"] == "take_pile"
    assert "[LD-P" in text and "Not now" not in text, text


async def test_a_free_seat_on_turn_says_it_waits_for_someone_to_sit() -> None:
    from tests.tui.conftest import view_message

    game = game_at(HAND_STAGE)  # seat 1 to draw
    for seat, hint in ((0, " (b adds a bot)"), (None, "")):
        link = FakeLink()
        async with make_app(link).run_test(size=(80, 24)) as pilot:
            await at_table(pilot, link, game, seat)
            message = view_message(game, seat)
            message["players"][1] = {"seat": 1, "name": None, "bot": False,
                                     "present": False}
            link.push(message)
            await pilot.pause()
            assert prompt(pilot.app) == (f" Seat 1 is free: waiting for someone to sit "
                                         f"there{hint}.")
            if seat is not None:  # a game key meanwhile says the same
                await pilot.press("d")
                assert "waiting for seat 1, which is free (b adds a bot)." in status(
                    pilot.app)


async def test_the_hint_and_the_keys_help_say_how_to_select_a_face_card() -> None:
    link, game = FakeLink(), game_at(HAND_PLAY)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        hint = status(pilot.app)
        assert "/kh or 7h selects" in hint and len(hint) <= 80
        await pilot.press("question_mark")
        await pilot.pause()
        lines = pilot.app.screen.lines  # the keys help (it scrolls at 80x24)
        # (folded under its own start, not the dialog's edge: "/)" stood alone, play-test)
        assert "           /  Type cards: /kh, /jk or 7h selects (a face card\n" \
               "              or\u00a0a\u00a0joker needs\u00a0/)" in lines


def test_a_slash_before_any_code_is_taken_as_a_space() -> None:
    """Play-test: `6h /jc` (a / before each face card, as the help says for the first)
    said "/jc is not a card", and nothing was selected."""
    hand = [{"id": 1, "code": "6H"}, {"id": 2, "code": "JC"}, {"id": 3, "code": "JK"}]
    assert pick_by_codes("6h /jc", hand) == [1, 2]
    assert pick_by_codes("/jd/jk", [*hand, {"id": 4, "code": "JD"}]) == [4, 3]


def test_a_typed_code_says_what_is_really_the_case() -> None:
    hand = [{"id": 1, "code": "4H"}, {"id": 2, "code": "4H"}, {"id": 3, "code": "7S"},
            {"id": 4, "code": "7H"}, {"id": 5, "code": "7D"}]
    cases = [("4h 4h 4h", (), "You hold only two 4♥."),
             ("7s 7h 7d", (3, 4, 5), "7♠ is already selected."),
             ("4h 4h", (1,), "You hold only two 4♥ (1 already selected)."),
             ("7 7 7 7", (), "You hold only three 7s."),
             ("5c", (), "No 5c in your hand.")]
    for text, taken, said in cases:
        with pytest.raises(CodeError) as refused:
            pick_by_codes(text, hand, taken)
        assert str(refused.value) == said
    with pytest.raises(CodeError, match=r"^You hold only two 4H\.$"):
        pick_by_codes("4h 4h 4h", hand, look=CardLook(ascii=True))


async def test_typing_a_selected_card_again_says_it_is_selected() -> None:
    link, game = FakeLink(), game_at(HAND_PLAY)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        await pilot.press("slash", *"7d 7c", "enter", "slash", *"7d", "enter")
        assert "7♦ is already selected." in status(pilot.app)
        await pilot.press("escape", "slash", *"9d 9d", "enter")
        assert "You hold only one 9♦." in status(pilot.app)


async def test_card_codes_pasted_at_the_table_go_into_the_card_prompt() -> None:
    from textual import events

    link, game = FakeLink(), game_at(HAND_PLAY)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        pilot.app.post_message(events.Paste("7d 7c"))  # as the driver does
        await pilot.pause()
        assert "Select cards: 7d 7c_" in screen_text(pilot.app)
        await pilot.press("enter")
        assert "selected 2: 7♦ 7♣" in screen_text(pilot.app)


async def chat_line_open(pilot: Any, link: FakeLink, game: Any) -> Any:
    """At the table as seat 1, c pressed: the chat line, which has the focus."""
    from textual.widgets import Input

    await at_table(pilot, link, game, 1)
    await pilot.press("c")
    await pilot.pause()
    return pilot.app.screen.query_one("#chat", Input)


async def test_a_long_paste_into_chat_keeps_what_fits() -> None:
    from textual import events

    link, game = FakeLink(), game_at(HAND_PLAY)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        chat = await chat_line_open(pilot, link, game)
        assert pilot.app.focused is chat
        pilot.app.post_message(events.Paste("hello " * 100))  # 600 characters
        await pilot.pause()
        assert len(chat.value) == chat.max_length and chat.value.startswith("hello hello")
        assert "the last 400 of the paste were left out" in screen_text(pilot.app)
        chat.value = "hi "
        chat.cursor_position = 3
        pilot.app.post_message(events.Paste("there"))
        await pilot.pause()
        assert chat.value == "hi there"


async def test_refusals_and_the_log_draw_cards_as_the_session_does() -> None:
    link, game = FakeLink(), game_at(HAND_PLAY)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        link.push({"t": "events", "events": [
            {"type": "discarded", "seat": 0, "card": {"id": 900, "code": "KD"}}]})
        link.push({"t": "error", "code": "illegal", "rule": "SK-M6",
                   "message": "the wild 2C stands for one of two cards: 9H or 10H."})
        await pilot.pause()
        assert "The wild 2♣ stands for one of two cards: 9♥ or 10♥." in status(pilot.app)
        assert "ann discarded K♦." in screen_text(pilot.app)
        pilot.app.change_setting("ascii")
        await pilot.pause()
        assert "The wild 2C stands for one of two cards: 9H or 10H." in status(pilot.app)
        assert "ann discarded KD." in screen_text(pilot.app)
        pilot.app.change_setting("ascii")
        await pilot.pause()
        assert "ann discarded K♦." in screen_text(pilot.app)


async def test_a_refused_new_table_opens_the_form_again_as_it_was_typed() -> None:
    from textual.widgets import Input

    from tui.lobby import CreateScreen

    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await new_table_form(pilot, link, lobby_message())
        await typed_and_sent(pilot, "#opt-deals", "9")
        assert link.sent[-1] == {"t": "create", "game": "hand_and_foot", "seats": 4,
                                 "options": {"deals": 9}}
        link.push({"t": "error", "code": "bad_option", "rule": "HF-O1",
                   "message": "option 'deals' must be from 1 to 8."})
        await pilot.pause()
        form = pilot.app.screen
        assert isinstance(form, CreateScreen)
        assert form.query_one("#opt-deals", Input).value == "9"
        # (the field as the form names it: "option 'first_dealer'" read as code, play-test)
        assert "! 'deals' must be from 1 to 8. [HF-O1]" in screen_text(pilot.app)
        await pilot.pause()
        assert pilot.app.focused is form.query_one("#opt-deals", Input)  # (play-test)
        await pilot.press("escape")  # given up: a later refusal is the lobby's own
        link.push({"t": "error", "code": "full", "message": "every seat is taken."})
        await pilot.pause()
        assert not isinstance(pilot.app.screen, CreateScreen)
        assert "every seat is taken." in screen_text(pilot.app)


async def test_m_with_lay_offs_staged_and_no_pile_to_take_melds_then_lays_off() -> None:
    from tests.tui.conftest import view_message

    link, game = FakeLink(), game_at(HAND_PLAY)  # in play: no pile to take
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        await pilot.press("slash", *"9d 9c 9h", "enter", "g")
        await pilot.press("slash", *"2c", "enter", "t", "L")
        target = pilot.app.screen.staged[-1][0]
        assert target is not None
        await pilot.press("m")
        await pilot.pause()
        assert "p takes the pile" not in status(pilot.app)
        assert link.actions == [{"type": "meld", "melds": [card_ids(game, 1, "9D", "9C",
                                                                    "9H")]}]
        game.apply(1, link.actions[-1])
        link.push(view_message(game, 1, seq=13))
        await pilot.pause()
        assert link.actions[-1] == {"type": "lay_off", "meld": target,
                                    "cards": card_ids(game, 1, "2C")}
        game.check(1, link.actions[-1])
        assert pilot.app.screen.staged == []


async def test_m_with_lay_offs_staged_where_the_pile_may_be_taken_says_p() -> None:
    link, game = FakeLink(), game_at(HAND_STAGE)  # the draw: the pile is listed
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        screen = pilot.app.screen
        screen.staged = [(5, card_ids(game, 1, "2C"))]  # as L stages it where listed
        await pilot.press("m")
        await pilot.pause()
        assert "p takes the pile with them and the groups" in status(pilot.app)
    assert link.actions == []


@pytest.mark.parametrize("draw", [False, True])
async def test_a_in_individual_skarney_says_there_is_no_partner(draw: bool) -> None:
    import engine

    game = engine.create_game("skarney", 3, 1)  # each plays alone; seat 1 to draw
    if draw:
        game.apply(1, {"type": "draw"})
    text, sent = await shown(game, 1, keys=("a",))
    assert "Each plays alone at this table: there is no partner to ask" in text
    assert not sent and "discard" not in text.splitlines()[-2]


async def test_a_bot_reads_the_same_in_every_deal_at_80_columns() -> None:
    from tests.tui.conftest import view_message

    game = game_at(HAND_STAGE)
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1, bots=(3,))
        seen = []
        for count in (9, 13):  # a short hand, then a long one in the next deal
            message = view_message(game, 1, bots=(3,))
            message["players"][3]["level"] = "basic"
            message["view"]["counts"][3]["hand"] = count
            link.push(message)
            await pilot.pause()
            seen.append(next(line for line in screen_text(pilot.app).splitlines()
                             if "bot 3" in line))
        assert all("bot 3 [bot]" in line for line in seen), seen


async def test_the_keys_help_joins_a_keys_meanings_and_explains_the_seat_marks() -> None:
    from tests.tui.test_robust import in_lobby
    from tui.sheets import KeysScreen

    link, game = FakeLink(), game_at(HAND_PLAY)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await in_lobby(pilot, link, lobby_message())
        await pilot.press("question_mark")
        await pilot.pause()
        lobby_keys = pilot.app.screen.lines
        assert "           [  Prev page" in lobby_keys and "           ]  Next page" in lobby_keys
        await pilot.press("escape")
        await at_table(pilot, link, game, 1)
        await pilot.press("question_mark")
        await pilot.pause()
        keys = pilot.app.screen
        assert isinstance(keys, KeysScreen)
        assert [line for line in keys.lines if line.strip().startswith("n ")] == [
            "           n  No / Next deal / Ready / Play again"]
        legend = keys.screen_keys.keys_legend()
        assert "> marks whose move it is and D the dealer" in legend
        assert "blocked: the card on top stops anyone taking the pile" in legend
    looking = screen_for("looking_and_down").seat_marks
    assert "SK marks the Score Keeper" in looking and "frozen" in looking


def test_the_keys_help_explains_frozen_blocked_and_short_melds() -> None:
    """Play-test: "FROZEN", "blocked" and a side's melds shown short (``Kx7``,
    ``(2♣)``) were nowhere explained; each game's legend says what its own marks mean."""
    canastone = screen_for("canastone").table_marks
    assert "FROZEN: a wild card is in the pile" in canastone and "CN-P3" in canastone
    assert "blocked" in canastone and "Kx7 is a meld of seven kings" in canastone
    assert "Kx7 is a meld of seven kings" in screen_for("looking_and_down").table_marks
    skarney = screen_for("skarney").table_marks
    assert "blocked" not in skarney  # (no discard pile to block)
    assert "5♥-8♥ a sequence by its ends" in skarney and "(2♣=6♥)" in skarney


async def test_k_and_x_say_why_when_the_host_offers_neither() -> None:
    from tests.tui.conftest import view_message

    link, game = FakeLink(), game_at(HAND_PLAY)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        await pilot.press("k")
        assert "Take back is off at this table" in status(pilot.app)
        await pilot.press("X")
        assert "The game record comes when the game is over." in status(pilot.app)
        link.push({**view_message(game, 1), "take_back": False})
        await pilot.press("k")
        assert "Nothing to take back now: only your last meld or lay-off of this turn, not " \
            "a pile take" in " ".join(status(pilot.app).split())
    assert link.sent == []


def sheet_text(game: str, row: dict[str, Any], seats: int) -> str:
    from rich.console import Console

    from tui.panels import TableInfo
    from tui.sheets import score_renderable

    view = {"game": game, "title": game, "deal_number": 2, "teams": [[s] for s in range(seats)],
            "score_sheet": [row], "totals": {}}
    info = TableInfo({"seat": 0, "view": view, "players": []}, tuple(NAMES_3[:seats]),
                     CardLook())
    console = Console(width=120, record=True)
    console.print(score_renderable(info, 120))
    return console.export_text()


NAMES_3 = ("ann", "bob", "cy")


def test_the_out_column_reads_as_a_person_expects() -> None:
    item = {"melded": 170, "penalty": {}, "penalty_total": 0, "deal_score": 270, "total": 270}
    skarney = {"deal": 1, "went_out": 1, "teams": {
        "0": {**item, "hand_bonus": 0, "bonus_reason": None},
        "1": {**item, "hand_bonus": 100, "bonus_reason": "went_out"},
        "2": {**item, "hand_bonus": 50, "bonus_reason": "most_meld_points"}}}
    rows = {name: line for line in sheet_text("skarney", skarney, 3).splitlines()
            for name in NAMES_3 if f" {name} " in line}
    assert "out +100" in rows["bob"] and " 100 out" not in rows["bob"], rows
    assert "50 most" in rows["cy"] and "out" not in rows["cy"]
    looking = {"deal": 1, "went_out": [0], "teams": {
        "0": {**item, "going_out": 100, "canastas": {}},
        "1": {**item, "going_out": 0, "canastas": {}}}}
    text = sheet_text("looking_and_down", looking, 2)
    assert "out +100" in text and "[0]" not in text and "seat" not in text, text


def test_a_players_cards_left_are_one_figure_a_teams_are_summed() -> None:
    """Play-test: a player's row of Skarney's sheet said "ann -5" and "= -5" under it; a
    single figure is its own sum, and the row names the player already."""
    item = {"melded": 140, "penalty": {"0": -5}, "penalty_total": -5, "deal_score": 135,
            "total": 135, "hand_bonus": 0, "bonus_reason": None}
    text = sheet_text("skarney", {"deal": 1, "teams": {"0": item}}, 1)
    row = next(line for line in text.splitlines() if " ann " in line)
    assert row.split()[-3:] == ["-5", "135", "135"], text
    assert "= " not in text and "ann -5" not in text, text
    pair = {**item, "penalty": {"0": -5, "2": -10}, "penalty_total": -15}
    view_teams = {"game": "skarney", "title": "skarney", "deal_number": 2,
                  "teams": [[0, 2], [1, 3]], "totals": {},
                  "score_sheet": [{"deal": 1, "teams": {"0": pair}}]}
    from rich.console import Console

    from tui.panels import TableInfo
    from tui.sheets import score_renderable

    info = TableInfo({"seat": 0, "view": view_teams, "players": []},
                     ("ann", "bob", "cy", "dee"), CardLook())
    console = Console(width=120, record=True)
    console.print(score_renderable(info, 120))
    shown = console.export_text()
    assert "ann -5" in shown and "cy -10" in shown and "= -15" in shown, shown


async def test_at_80_columns_a_refusal_keeps_to_its_line_and_frozen_keeps_its_stop() -> None:
    game = play_until(3, 5, no_pair)
    text, _ = await answered(game, game.turn, keys=("p",))
    lines = text.splitlines()
    assert lines[-2].startswith(" ! [LD-P4]") and lines[-2].rstrip().endswith("hand."), lines
    assert "e Rule text" in lines[-1]

    from tests.tui.test_looking_and_down import _frozen_out_of_turn

    frozen_game = play_until(4, 11, _frozen_out_of_turn)
    v = frozen_game.view(None)
    frozen = next(s for s in v["frozen_in_time"] if s != v["turn"])
    line = screen_for("looking_and_down").prompt(_long_named(frozen_game, frozen))
    assert line is not None and len(line[0]) <= 80 and line[0].endswith("'s turn."), line


def _long_named(game: Any, seat: int) -> Any:
    from tui.panels import TableInfo

    names = tuple(f"{'abcdefghijklmnop'[:16 - len(str(s))]}{s}" for s in range(game.seats))
    return TableInfo({"seat": seat, "view": game.view(seat), "players": []}, names,
                     CardLook())


async def test_a_larger_window_fills_the_log_with_the_older_lines_it_has() -> None:
    from tui.widgets import LogView

    link, game = FakeLink(), game_at(HAND_PLAY)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        for n in range(60):
            link.push({"t": "chat", "name": "ann", "text": f"line {n}"})
        await pilot.pause()
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.pause()
        log = pilot.app.screen.query_one("#log", LogView)
        rows = [log.render_line(y).text.strip() for y in range(log.content_region.height)]
        assert log.content_region.height > 10
        assert all(rows), rows  # every row holds a line
        assert rows[-1] == "ann: line 59", rows


async def test_the_keys_line_says_how_to_send_and_leave_while_chatting() -> None:
    """Play-test: Tab (or c) put the focus in the chat line and the keys line went blank,
    with nothing to say how to send or how to get back to the table."""
    link, game = FakeLink(), game_at(HAND_PLAY)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)

        def keys_line() -> str:
            return screen_text(pilot.app).splitlines()[-1]

        for key in ("tab", "c"):
            await pilot.press(key)
            await pilot.pause()
            assert keys_line().strip() == "Enter sends   Esc back to the table", keys_line()
            await pilot.press("escape")
            await pilot.pause()
            assert "x Discard" in keys_line(), keys_line()
        await pilot.press("c", *"hi", "enter")
        await pilot.pause()
        # The line stays open after Enter (typing on played the game, play-test).
        assert keys_line().strip() == "Enter sends   Esc back to the table", keys_line()
        await pilot.press("d", "escape")
        await pilot.pause()
        assert "x Discard" in keys_line()
    assert link.sent[-1] == {"t": "chat", "text": "hi"}


def table_lobby() -> dict[str, Any]:
    """The lobby as the host lists it, with the table's own options beside the game's."""
    from netcode.table import TABLE_SETTINGS, TABLE_SETTINGS_CHOICES, TABLE_SETTINGS_HELP

    return {**lobby_message(), "table_options": dict(TABLE_SETTINGS),
            "table_option_help": dict(TABLE_SETTINGS_HELP),
            "table_option_choices": dict(TABLE_SETTINGS_CHOICES)}


@pytest.mark.parametrize(("field", "typed", "said"), [
    ("bot_pace_ms", "abc", "! bot pace (ms) must be a whole number from 0 to 10000."),
    ("clock", "maybe", "! clock must be yes or no."),
    ("absent_grace", "0", "! absent grace must be a whole number from 1 to 3600."),
    ("clock_limit", "2.5", "! clock limit must be a whole number from 0 to 3600."),
    ("absent", "sometimes", "! absent must be one of wait, bot."),
    ("bot_level", "clever", "! bot level must be one of basic, random, search."),
])
async def test_a_bad_table_field_sends_nothing_and_the_form_says_why(
        field: str, typed: str, said: str) -> None:
    """`abc` in "bot pace (ms)" and ^s dropped the connection: the host closes a session
    whose message breaks its schema."""
    from textual.widgets import Input

    from tui.lobby import CreateScreen, option_text

    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await new_table_form(pilot, link, table_lobby())
        form = pilot.app.screen
        form.query_one(f"#table-{field}", Input).value = typed
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert link.sent == [] and pilot.app.screen is form
        assert said in screen_text(pilot.app)
        assert form.query_one(f"#table-{field}", Input).value == typed
        assert pilot.app.focused is form.query_one(f"#table-{field}", Input)
        form.query_one(f"#table-{field}", Input).value = option_text(table_lobby()[
            "table_options"][field])
        form.query_one("#table-bot_pace_ms", Input).value = "500"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(pilot.app.screen, CreateScreen)
    assert link.sent == [{"t": "create", "game": "hand_and_foot", "seats": 4,
                          "table": {"bot_pace_ms": 500}}]


async def test_good_table_fields_go_to_the_host_well_typed() -> None:
    from textual.widgets import Input

    from tests.tui.test_robust import as_host_reads

    link = FakeLink()
    typed = {"clock": "yes", "clock_limit": " 120", "take_back": "True",
             "bot_level": "search", "bot_pace_ms": "0", "absent": "bot",
             "absent_grace": "3600"}
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await new_table_form(pilot, link, table_lobby())
        for name, text in typed.items():
            pilot.app.screen.query_one(f"#table-{name}", Input).value = text
        await pilot.press("ctrl+s")
        await pilot.pause()
    (sent,) = link.sent
    assert sent["table"] == {"clock": True, "clock_limit": 120, "take_back": True,
                             "bot_level": "search", "absent": "bot", "absent_grace": 3600}
    assert as_host_reads(sent)["table"] == sent["table"]


async def test_a_game_option_the_host_could_not_take_is_not_sent() -> None:


    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await new_table_form(pilot, link, table_lobby())
        await typed_and_sent(pilot, "#opt-deals", "99999999999")
        assert "! option 'deals' is past 2147483647." in screen_text(pilot.app)
    assert link.sent == []


def test_the_forms_table_fields_are_the_hosts_schema() -> None:
    """tui does not import netcode, so the form keeps its own copy of the host's types and
    ranges for the table's options; here the two are held equal, edge by edge."""
    from netcode.protocol import CLIENT_SCHEMA, ProtocolError
    from netcode.table import TABLE_SETTINGS
    from tui.lobby import TABLE_FIELDS

    check = CLIENT_SCHEMA["create"]["table"][0]
    assert set(TABLE_FIELDS) == set(TABLE_SETTINGS)
    for name, (kind, lo, hi) in TABLE_FIELDS.items():
        good = [True, False] if kind is bool else [lo, hi] if kind is int else ["x" * hi]
        bad = [1, "true"] if kind is bool else [lo - 1, hi + 1, "1"] if kind is int else [
            "x" * (hi + 1), 1]
        for value in good:
            check({name: value}, "table")
        for value in bad:
            with pytest.raises(ProtocolError):
                check({name: value}, "table")


async def test_enter_in_a_form_field_goes_to_the_next_and_only_create_creates() -> None:
    """`3` in "first dealer" then Enter created the table with the defaults in every other
    field (play-test)."""
    from textual.widgets import Input

    from tui.lobby import CreateScreen

    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await new_table_form(pilot, link, table_lobby())
        form = pilot.app.screen
        assert "^s or Create. Enter/Tab: next field. Esc: cancel." in screen_text(pilot.app)
        await pilot.press("tab", "tab", "tab", "3", "enter")  # game, seats, first dealer
        await pilot.pause()
        assert link.sent == [] and pilot.app.screen is form
        assert pilot.app.focused is form.query_one("#opt-deals", Input)
        await pilot.press("2", "enter", "ctrl+s")
        await pilot.pause()
        assert not isinstance(pilot.app.screen, CreateScreen)
        await pilot.press("n", "enter")  # Enter on the Create button, as the form opens
        await pilot.pause()
    assert link.sent == [
        {"t": "create", "game": "hand_and_foot", "seats": 4,
         "options": {"first_dealer": 3, "deals": 2}},
        {"t": "create", "game": "hand_and_foot", "seats": 4}]



def many_melds_game() -> Any:
    """Late in a Hand and Foot deal: bob's side has twelve melds, more than an 80x24
    panel shows."""
    from tests.tui.conftest import FOOT_STAGE

    ours = " | ".join(f"{r}H {r}S {r}D {r}C" for r in ("4", "6", "8", "9", "10", "J", "Q",
                                                        "K", "A"))
    text = FOOT_STAGE.replace(
        "melds.1: 5H 5S 5D 5C 5H 5S 5D | AH AS AD AC AH 2D 2S | JK JK 2H | 7C 7C 7C 7C",
        f"melds.1: 5H 5S 5D 5C 5H 5S 5D | JK JK 2H | 7C 7C 7C 7C | {ours}")
    return game_at(text)


async def test_m_lists_every_meld_the_panel_cuts_to_more() -> None:
    """At 80x24 late in a deal your own side's melds ended in "+10 more" and no key
    showed them (play-test)."""
    link, game = FakeLink(), many_melds_game()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        table = screen_text(pilot.app)
        assert " more (M lists every meld)" in table and "#14" not in table
        await pilot.press("M")
        await pilot.pause()
        sheet = pilot.app.screen
        text = sheet.query_one("#melds").render()
        lines = str(text).splitlines()
        own = lines.index(next(line for line in lines if line.startswith("bob (you) + dee")))
        theirs = lines.index(next(line for line in lines if line.startswith("ann + cy")))
        assert own < theirs
        for meld in game.view(1)["melds"]:
            row = next(line for line in lines if line.startswith(f"  #{meld['id']} "))
            assert (lines.index(row) < theirs) == (meld["team"] == 1)
            assert ("complete" in row) == bool(meld["complete"]), row
        assert "  #11   J  natural   4/7  not yet   J♥ J♠ J♦ J♣" in lines
        assert "  #3    5  CLEAN     7/7  complete  5♥ 5♠ 5♦ 5♣ 5♥ 5♠ 5♦" in lines
        await pilot.press("end")
        await pilot.pause()
        assert "#2   10  natural" in screen_text(pilot.app)  # scrolled to the last
        await pilot.press("escape")
        await pilot.pause()
        assert pilot.app.screen is not sheet
        await pilot.press("question_mark")
        await pilot.pause()
        assert "           M  Every meld on the table, in full" in pilot.app.screen.lines


async def test_a_lobby_refusal_goes_with_a_newer_listing_or_the_next_key() -> None:
    """"! Every seat at this table is taken." stayed in the lobby after cy left that
    table (play-test); the host words the same refusal, naming the table."""
    from tests.tui.test_robust import in_lobby

    said = " ! Every seat at table 1 is taken."
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await in_lobby(pilot, link, lobby_message())
        await pilot.press("J")  # table 1: every seat taken
        assert said in screen_text(pilot.app)
        link.push(lobby_message())  # the same listing again: nothing changed
        await pilot.pause()
        assert said in screen_text(pilot.app)
        cy_left = lobby_message()
        cy_left["tables"][0]["players"][2] = {"seat": 2, "name": None, "bot": False,
                                              "present": False}
        link.push(cy_left)  # at once: a listing sent with the refusal shows what it answers
        await pilot.pause()
        assert said in screen_text(pilot.app)
        pilot.app.lobby_screen.NOTE_HOLD = 0  # (a second later)
        link.push({**cy_left, "people_total": 5})
        await pilot.pause()
        assert said in screen_text(pilot.app)  # table 1 is as it was when last drawn
        link.push(lobby_message())  # cy is back in table 1's listing: it changed
        await pilot.pause()
        assert "Every seat" not in screen_text(pilot.app)
        await pilot.press("J")
        assert said in screen_text(pilot.app)
        await pilot.press("l")  # the next key
        await pilot.pause()
        assert "Every seat" not in screen_text(pilot.app)
    assert {"t": "list"} in link.sent


async def test_a_paste_into_chat_keeps_its_order_and_its_lines() -> None:
    """A 60-line paste kept only its first line (play-test); a paste that holds an ESC
    keeps its text in order, the ESC a space."""
    from textual import events

    link, game = FakeLink(), game_at(HAND_PLAY)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        chat = await chat_line_open(pilot, link, game)
        pilot.app.post_message(events.Paste("alpha \x1b[31mbeta gamma"))
        await pilot.pause()
        assert chat.value == "alpha  [31mbeta gamma"
        await pilot.press("enter")  # sent; the line stays open
        await pilot.pause()
        pilot.app.post_message(events.Paste("\n".join(f"line {n}" for n in range(60))))
        await pilot.pause()
        assert chat.value.startswith("line 0 line 1 line 2 ") and "\n" not in chat.value
        assert len(chat.value) == chat.max_length
        await pilot.press("enter")
    chats = [m["text"] for m in link.sent if m.get("t") == "chat"]
    assert chats[0] == "alpha  [31mbeta gamma" and chats[1].startswith("line 0 line 1")


async def test_chat_lines_typed_fast_go_one_by_one() -> None:
    """Play-test: "one" Enter "two" Enter "three" Enter in one burst (as a terminal sends
    it) went as "onetwo" and "onetwothree", each twice."""
    from textual import events

    link, game = FakeLink(), game_at(HAND_PLAY)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await chat_line_open(pilot, link, game)
        for ch in "one\rtwo\rthree\r":
            pilot.app.post_message(events.Key("enter", None) if ch == "\r"
                                   else events.Key(ch, ch))
        await pilot.pause()
        await pilot.pause()
    assert [m["text"] for m in link.sent if m.get("t") == "chat"] == ["one", "two", "three"]


async def test_a_spectators_keys_help_lists_the_keys_that_work_for_them() -> None:
    """Play-test: the keys help a spectator opened listed the players' keys (draw, meld,
    discard ...), none of which does anything for them."""
    link, game = FakeLink(), game_at(HAND_PLAY)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, None)
        await pilot.press("question_mark")
        await pilot.pause()
        lines = pilot.app.screen.lines
    said = " ".join(lines)
    assert "Draw" not in said and "Discard" not in said and "Take back" not in said, lines
    assert "Rules" in said and "Leave" in said.title(), lines


async def test_a_long_option_shows_the_start_of_its_value() -> None:
    """Play-test: the form's "min count table" showed "1, 90], [3001, 120], ...", the end
    of its text, with its start out of sight."""
    from textual.widgets import Input

    import engine

    info = engine.GAMES["looking_and_down"]
    lobby = {**table_lobby(), "games": [
        {"name": info.name, "title": info.title, "seats": list(info.seats),
         "options": dict(info.options), "option_help": dict(info.option_help)}]}
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await new_table_form(pilot, link, lobby)
        await pilot.pause()
        field = pilot.app.screen.query_one("#opt-min_count_table", Input)
        field.focus()  # (tabbed through: its cursor went to the end, and stayed there)
        await pilot.pause()
        field.screen.focus_next()
        await pilot.pause()
        row = next(r for r in screen_text(pilot.app).splitlines() if "min count table" in r)
    assert "[[null, 15], [0, 50]" in row, row


def test_a_refusal_names_a_field_as_the_form_labels_it() -> None:
    from tui.lobby import said_of_fields

    assert said_of_fields("option 'first_dealer' must be a seat from 0 to 1.") == \
        "'first dealer' must be a seat from 0 to 1."


async def test_long_option_names_are_shown_whole_and_unlike() -> None:
    """Play-test: Canastone's form showed two fields both labelled "unfinished wild" (the
    names were cut at the label's width)."""
    import engine

    message = lobby_message()
    info = engine.GAMES["canastone"]
    message["games"] = [{"name": info.name, "title": info.title, "seats": list(info.seats),
                         "options": dict(info.options), "option_help": dict(info.option_help)}]
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await new_table_form(pilot, link, message)
        for name in ("unfinished_wild_meld_blocks_wilds", "unfinished_wild_meld_blocks_going_out"):
            field = pilot.app.screen.query_one(f"#opt-{name}")
            field.focus()
            await pilot.pause()
            label = field.parent.query_one(".name")  # two lines, the name whole
            assert label.size.height == 2, (name, label.size)
            assert str(label.render()) == name.replace("_", " ")
            for _ in range(40):  # (the form scrolls to the focused field, animated)
                shown = [row for row in screen_text(pilot.app).splitlines()
                         if "blocks" in row]
                if shown and name.split("_")[-1] in " ".join(shown):
                    break
                await pilot.pause(0.05)
            assert shown and name.split("_")[-1] in " ".join(shown), shown


async def test_the_lobby_says_the_options_a_chosen_table_was_opened_with() -> None:
    """Play-test: a table set to end after two deals looked like any other in the lobby;
    the line under the tables says what the chosen table's creator changed."""
    from tests.tui.test_robust import in_lobby

    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await in_lobby(pilot, link, lobby_message())
        assert "plays with" not in screen_text(pilot.app)  # table 1: every option as usual
        await pilot.press("down")
        await pilot.pause()
        assert "Table 2 plays with: deals 2" in screen_text(pilot.app)
        lobby = lobby_message()  # the table's own options too (its clock, its absent bot)
        lobby["tables"][1]["settings"] = {"clock": True, "clock_limit": 90, "absent": "bot"}
        link.push(lobby)
        await pilot.pause()
        assert "Table 2 plays with: deals 2, clock yes, clock limit 90, absent bot" in \
            screen_text(pilot.app)
        await pilot.press("up")
        await pilot.pause()
        assert "plays with" not in screen_text(pilot.app)


async def test_a_refused_staged_lay_off_stays_staged() -> None:
    """Play-test: after the host refused a staged lay-off, the "Staged:" line was gone
    with the cards on it; it stays, with the refusal, to mend or clear (Esc)."""
    from tests.tui.conftest import FOOT_STAGE, answered

    game = game_at(FOOT_STAGE)
    text, sent = await answered(game, 1, (100, 30),
                                keys=("slash", "8", "h", "enter", "t", "L", "m"))
    assert [a["type"] for a in sent] == ["lay_off"]
    assert "[HF-M3]" in text and "Staged: [8♥] onto #5" in text, text


async def test_a_staged_meld_and_lay_off_read_each_for_itself() -> None:
    """Play-test: "Staged: [9♥ 9♣ JK] onto #13 [A♠ A♠]" read as the 9s going onto #13,
    where the 9s were a new meld and the aces the lay-off."""
    from tests.tui.conftest import FOOT_STAGE

    keys = ("slash", *"9h9d9c", "enter", "g", "slash", "8", "h", "enter", "t", "L")
    text, _ = await shown(game_at(FOOT_STAGE), 1, (100, 30), keys=keys)
    assert "Staged: [9♥ 9♦ 9♣] · [8♥] onto #5" in text, text


async def test_the_new_table_form_offers_a_games_usual_seating_first() -> None:
    """Play-test: Canastone's form offered 2 seats (its first allowed count), where the
    rules describe the 4-seat game throughout (CN-V3); the host names the usual count."""
    from textual.widgets import Select

    import engine

    message = lobby_message()
    message["games"] = [
        {"name": info.name, "title": info.title, "seats": list(info.seats),
         "usual_seats": info.usual_seats, "options": dict(info.options),
         "option_help": dict(info.option_help)}
        for info in (engine.GAMES["canastone"], engine.GAMES["skarney"])]
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await new_table_form(pilot, link, message)
        seats = pilot.app.screen.query_one("#seats", Select)
        assert seats.value == 4
        seats.value = 2
        pilot.app.screen.query_one("#game", Select).value = "skarney"
        await pilot.pause()
        assert seats.value == 4  # (another game: its own usual count)


async def test_a_rules_text_says_first_what_the_table_changed() -> None:
    """Play-test: under "[HF-G2] ... your team needs 1 more clean pile", e showed "two
    clean piles, two dirty piles and one wild pile": the usual game's text, at a table
    set to one clean pile. The text says first what this table changed."""
    from tests.tui.conftest import WELCOME, view_message

    link, game = FakeLink(), game_at(HAND_STAGE)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        link.push(WELCOME)
        link.push(lobby_message())
        link.push({"t": "joined", "table": 3, "seat": 1, "game": "hand_and_foot",
                   "seats": 4, "role": "player",
                   "options": {"go_out_piles": {"clean": 1, "dirty": 0, "wild": 0}}})
        link.push({"recent": [], **view_message(game, 1)})
        await pilot.pause()
        pilot.app.show_rule("HF-G2")
        await pilot.pause()
        from textual.widgets import Static

        text = " ".join(str(pilot.app.screen.query_one(Static).content).split())
    assert "This table plays with options of its own; the text below is the usual" in text
    assert "go out piles: clean 1, dirty 0, wild 0 (usually clean 2, dirty 2, wild 1)" \
        in text, text


async def test_the_tables_own_fields_are_level_with_their_names() -> None:
    """Play-test at 80x24: in "This table" each field sat above its name ("▊ no", then
    "clock" a line under), where the game's options were level with theirs."""
    from textual.widgets import Input

    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await new_table_form(pilot, link, table_lobby())
        form = pilot.app.screen
        for name in ("clock", "clock_limit", "absent"):
            field = form.query_one(f"#table-{name}", Input)
            field.focus()
            await pilot.pause()
            label = field.parent.query_one(".name")
            assert label.content_region.y == field.region.y, (name, label.content_region,
                                                              field.region)
        deals = form.query_one("#opt-deals", Input)
        assert deals.parent.query_one(".name").content_region.y == deals.region.y
