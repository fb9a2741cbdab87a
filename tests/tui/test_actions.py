"""Key presses on the table screen send exactly the action frame the engine expects.

Views come from real engine positions; each sent action is also checked against the
engine, so the screen and the engine agree on the action's shape.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine import IllegalAction
from tests.tui.conftest import (
    FOOT_STAGE,
    HAND_STAGE,
    FakeLink,
    at_table,
    card_ids,
    game_at,
    screen_text,
    view_message,
)
from tui.app import make_app
from tui.sheets import RuleDialog
from tui.table import TableScreen

HAND_PLAY = HAND_STAGE.replace("phase: draw", "phase: play")

GO_OUT = """\
deal_number: 3
dealer: 2
turn: 1
phase: play
hands.0: 4C 4D 9S JD
hands.1: 9D
hands.2: 5D 6D
hands.3: 6C 6H 8C 9H
feet.1: null
feet.3: null
stage.1: foot
stage.3: foot
foot_played.1: true
foot_played.3: true
permission: yes
asked: true
melds.1: 5H 5S 5D 5C 5H 5S 5D | KH KS KD KC KH KS KD | AH AS AD AC AH 2D 2S \
| 8H 8S 8D 8C 8H 8S JK | JK JK 2H 2C 2D 2S JK
discard: 4H 9C 6S
stock: 40
totals.0: 2100
totals.1: 3300
"""


def status(app: Any) -> str:
    return str(app.screen.query_one("#status").render())


def prompt(app: Any) -> str:
    return str(app.screen.query_one("#prompt").render())


async def test_draw() -> None:
    link, game = FakeLink(), game_at(HAND_STAGE)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        await pilot.press("m", "x")  # not legal in the draw phase: nothing is sent
        await pilot.press("d")
        await pilot.pause()
    assert link.actions == [{"type": "draw"}]
    game.check(1, link.actions[-1])


async def test_a_key_not_available_now_says_which_keys_work() -> None:
    link, game = FakeLink(), game_at(HAND_STAGE)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        await pilot.press("m")
        await pilot.pause()
        assert "Not now. You can: d Draw, p Take pile." in status(pilot.app)
    assert link.actions == []


async def test_a_discard_before_the_draw_goes_to_the_engine_for_its_reason() -> None:
    """The listing offers no discard in the draw phase; the key sends it anyway, so the
    engine's refusal (with its rule) says why instead of nothing happening."""
    link, game = FakeLink(), game_at(HAND_STAGE)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        await pilot.press("slash", "7", "d", "enter", "x")
        await pilot.pause()
    assert link.actions == [{"type": "discard", "card": card_ids(game, 1, "7D")[0]}]
    with pytest.raises(IllegalAction) as refused:
        game.check(1, link.actions[-1])
    assert refused.value.rule.startswith("HF-")


async def test_a_discard_of_several_cards_before_the_draw_shows_the_engines_rule() -> None:
    """Play-test: "Select one card to discard." before the draw, where the engine says
    the draw comes first (with its rule)."""
    link, game = FakeLink(), game_at(HAND_STAGE)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        await pilot.press("slash", *"7d 7c", "enter", "x")
        await pilot.pause()
        assert "Select one card" not in status(pilot.app)
    assert link.actions == [{"type": "discard"}]
    with pytest.raises(IllegalAction) as refused:
        game.check(1, link.actions[-1])
    assert refused.value.rule.startswith("HF-")


async def test_an_ask_not_offered_goes_to_the_engine_for_its_reason() -> None:
    link, game = FakeLink(), game_at(HAND_PLAY)  # in the hand, not the foot
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        await pilot.press("a")
        await pilot.pause()
    assert link.actions == [{"type": "ask_to_go_out"}]
    with pytest.raises(IllegalAction) as refused:
        game.check(1, link.actions[-1])
    assert refused.value.rule == "HF-G1"


async def test_a_game_key_out_of_turn_says_it_is_not_your_turn() -> None:
    link, game = FakeLink(), game_at(HAND_STAGE)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 0)
        await pilot.press("d")
        await pilot.pause()
        assert "Nothing to do now: waiting for bob." in status(pilot.app)
    assert link.actions == []


async def test_a_lay_off_no_meld_can_take_says_so() -> None:
    """Before this, l with no lay-off listed said "Which meld? Press t", and t did
    nothing (play-test)."""
    link, game = FakeLink(), game_at(HAND_PLAY.replace("hands.1: 8H", "hands.1: 6D 8H"))
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        await pilot.press("slash", *"6d", "enter", "l")
        await pilot.pause()
        assert "No meld of your side can take these cards now." in status(pilot.app)
    assert link.actions == []


async def test_take_pile_with_chosen_cards() -> None:
    link, game = FakeLink(), game_at(HAND_STAGE)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        await pilot.press("slash", *"kd kh", "enter", "p")
        await pilot.pause()
    assert link.actions == [{"type": "take_pile", "cards": card_ids(game, 1, "KD", "KH")}]
    game.check(1, link.actions[-1])


async def test_take_pile_with_nothing_chosen_sends_the_engines_offer_once_asked() -> None:
    """Play-test: p with nothing selected melded 7♣ 7♠ 7♦ and both of a player's 2s
    unasked. It names the cards the listing's first way uses, and goes on y."""
    link, game = FakeLink(), game_at(HAND_STAGE)
    offer = next(e for e in game.legal(1) if e["type"] == "take_pile")["options"][0]
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        await pilot.press("p")
        await pilot.pause()
        said = " ".join(screen_text(pilot.app).split())
        assert "Take the pile, melding its top card K♦ with your K" in said, said
        assert link.actions == []
        await pilot.press("y")
        await pilot.pause()
    assert link.actions == [offer]


async def test_meld_several_melds_at_once() -> None:
    link, game = FakeLink(), game_at(HAND_PLAY)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        # 9s by typing (a digit starts typing), grouped; 7s and the joker by typing, melded.
        await pilot.press(*"9d 9c 9h", "enter", "g")
        await pilot.press(*"7d7c", "enter", "slash", *"jk", "enter", "m")
        await pilot.pause()
    assert link.actions == [{"type": "meld", "melds": [card_ids(game, 1, "9D", "9C", "9H"),
                                                       card_ids(game, 1, "7D", "7C", "JK")]}]
    game.check(1, link.actions[-1])


async def test_lay_off_on_the_chosen_meld() -> None:
    link, game = FakeLink(), game_at(HAND_PLAY)
    aces = next(m["id"] for m in game.view(1)["melds"] if m["rank"] == "A")
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        await pilot.press("slash", "j", "k", "enter")
        await pilot.press("t")  # the 5s first...
        await pilot.press("t")  # ...then the aces
        await pilot.press("l")
        await pilot.pause()
    assert link.actions == [{"type": "lay_off", "meld": aces, "cards": card_ids(game, 1, "JK")}]
    game.check(1, link.actions[-1])


async def test_lay_off_finds_the_one_meld_the_listing_allows() -> None:
    link, game = FakeLink(), game_at(HAND_PLAY.replace("hands.1: 8H", "hands.1: AC 8H"))
    aces = next(m["id"] for m in game.view(1)["melds"] if m["rank"] == "A")
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        await pilot.press("slash", "j", "k", "enter", "l")  # a joker fits two melds: ask
        await pilot.pause()
        assert link.actions == [] and "Which meld?" in status(pilot.app)
        await pilot.press("t")  # answered: the question goes, the chosen meld is marked
        await pilot.pause()
        assert "Which meld?" not in status(pilot.app)
        await pilot.press("escape", "slash", "a", "c", "enter", "l")  # an ace fits one
        await pilot.pause()
    assert link.actions == [{"type": "lay_off", "meld": aces, "cards": card_ids(game, 1, "AC")}]
    game.check(1, link.actions[-1])


async def test_discard_the_card_under_the_cursor_or_the_selected_one() -> None:
    link, game = FakeLink(), game_at(HAND_PLAY)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        await pilot.press("right", "x")  # sorted by rank: 3S first, then 4S
        assert "Discard 4♠?" in screen_text(pilot.app)  # nothing selected: asked first
        await pilot.press("y")
        await pilot.press("left", "space", "x")  # selected: the 3S
        await pilot.pause()
    assert link.actions == [{"type": "discard", "card": card_ids(game, 1, "4S")[0]},
                            {"type": "discard", "card": card_ids(game, 1, "3S")[0]}]
    game.check(1, link.actions[0])


async def test_ask_and_answer_with_a_prompt_for_both_partners() -> None:
    game = game_at(FOOT_STAGE)
    asker = FakeLink()
    async with make_app(asker).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, asker, game, 1)
        await pilot.press("a")
        await pilot.pause()
        assert asker.actions == [{"type": "ask_to_go_out"}]
        game.apply(1, asker.actions[-1])
        asker.push(view_message(game, 1))
        await pilot.pause()
        assert "You asked dee whether you may go out; waiting for the answer." in \
            prompt(pilot.app)
        await pilot.press("slash", *"9d", "enter", "x")  # the asker waits for the answer
        await pilot.pause()
        assert "Nothing to do now: waiting for dee." in status(pilot.app)
    partner = FakeLink()
    async with make_app(partner).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, partner, game, 3)
        assert "bob asks: may I go out?   y: yes   n: no" in prompt(pilot.app)
        await pilot.press("x")  # the keys that work now are the answer's, y and n
        await pilot.pause()
        assert "Not now. You can: y Yes, n No." in status(pilot.app)
        await pilot.press("y")
        await pilot.pause()
    assert partner.actions == [{"type": "answer", "answer": {"allow": True}}]
    game.check(3, partner.actions[-1])


async def test_refusing_sends_no() -> None:
    game = game_at(FOOT_STAGE)
    game.apply(1, {"type": "ask_to_go_out"})
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 3)
        await pilot.press("n")
        await pilot.pause()
    assert link.actions == [{"type": "answer", "answer": {"allow": False}}]


async def test_going_out_then_the_next_deal() -> None:
    game = game_at(GO_OUT)
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        assert "You may go out this turn." in prompt(pilot.app)
        await pilot.press(*"9d", "enter", "x")
        await pilot.pause()
    assert link.actions == [{"type": "discard", "card": card_ids(game, 1, "9D")[0]}]
    events = game.apply(1, link.actions[-1])
    assert [e["type"] for e in events][:2] == ["discarded", "went_out"]
    dealer = FakeLink()  # the next dealer (seat 3) starts the next deal
    async with make_app(dealer).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, dealer, game, 3)
        assert "n: deal the next deal" in prompt(pilot.app)
        await pilot.press("n")
        await pilot.pause()
    assert dealer.actions == [{"type": "next_deal"}]
    game.check(3, dealer.actions[-1])


async def test_an_illegal_move_shows_the_rule_and_its_text() -> None:
    link, game = FakeLink(), game_at(HAND_PLAY)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        await pilot.press("slash", *"9d 9c 2c jk", "enter", "m")
        await pilot.pause()
        refusal = ""
        try:
            game.check(1, link.actions[-1])
        except Exception as exc:  # the engine's refusal, sent back as the host does
            refusal = exc.message
            link.push({"t": "error", "code": "illegal", "message": exc.message,
                       "rule": exc.rule})
        await pilot.pause()
        shown = status(pilot.app)
        sentence = refusal[:1].upper() + refusal[1:]  # shown as a sentence: capital first
        # The rule before the sentence, so that a sentence cut at 80 columns keeps it.
        assert f"! [HF-M2] {sentence}" in shown
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(pilot.app.screen, RuleDialog)
        assert "HF-M2" in str(pilot.app.screen.query_one("Static").render())
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(pilot.app.screen, TableScreen)


async def test_spectators_get_no_hand_and_no_actions() -> None:
    link, game = FakeLink(), game_at(HAND_STAGE)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, None)
        await pilot.press("d", "p", "7", "x", "enter")
        await pilot.pause()
        assert not pilot.app.screen.query_one("#hand").display or \
            not pilot.app.screen.query_one("#hand").region.height
        assert pilot.app.screen.active_bindings.get("d") is None
    assert link.actions == []


async def test_play_again_chat_and_leave() -> None:
    link, game = FakeLink(), game_at(HAND_STAGE)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        await pilot.press("c", *"hi all", "enter", "escape")
        link.push({"t": "chat", "table": 3, "name": "ann", "text": "hello bob"})
        await pilot.press("q")  # a player is asked first
        await pilot.pause()
        assert "Leave this table?" in str(pilot.app.screen.query_one("#quit").render())
        await pilot.press("n")
        await pilot.pause()
        assert link.sent[-1] == {"t": "chat", "text": "hi all"}
        await pilot.press("q", "y")
        await pilot.pause()
    assert link.sent[-2:] == [{"t": "chat", "text": "hi all"}, {"t": "leave"}]


async def test_enter_never_answers_yes_to_leaving() -> None:
    """Typing codes that start with a letter ("qs qs 2c" Enter, for the queens) pressed
    `q` (leave) and then Enter, which answered the question yes: the player was back in
    the lobby mid-turn. Enter answers nothing; `y` leaves, `n` stays."""
    link, game = FakeLink(), game_at(HAND_STAGE)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        await pilot.press(*"qs qs 2c", "enter")
        await pilot.pause()
        assert "Leave this table?" in str(pilot.app.screen.query_one("#quit").render())
        assert link.sent == []
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(pilot.app.screen, TableScreen) and link.sent == []


async def test_removing_a_bot_asks_first() -> None:
    link, game = FakeLink(), game_at(HAND_STAGE)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1, bots=(3,), seq=0)  # before the first move
        await pilot.press("u")
        await pilot.pause()
        assert "Remove bot 3 from seat 3?" in str(pilot.app.screen.query_one("#quit").render())
        await pilot.press("n", "u", "y")
        await pilot.pause()
    assert [m for m in link.sent if m.get("t") == "remove_bot"] == [
        {"t": "remove_bot", "seat": 3}]


async def test_removing_a_bot_during_a_deal_says_why_at_once() -> None:
    """Play-test: u asked "Remove bot 3 from seat 3?" and only after y came the host's
    refusal; during a deal the request goes at once and the refusal is the answer."""
    link, game = FakeLink(), game_at(HAND_STAGE)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1, bots=(3,))  # a deal under way
        await pilot.press("u")
        await pilot.pause()
        assert isinstance(pilot.app.screen, TableScreen)
        assert [m for m in link.sent if m.get("t") == "remove_bot"] == [
            {"t": "remove_bot", "seat": 3}]
        link.push({"t": "error", "code": "deal_on",
                   "message": "A bot can leave only between deals: its hand is in play."})
        await pilot.pause()
        status = str(pilot.app.screen.query_one("#status").render())
    assert "A bot can leave only between deals: its hand is in play." in status


async def test_the_creator_opens_an_away_seat_after_a_question() -> None:
    link, game = FakeLink(), game_at(HAND_STAGE)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1, away=(2,))
        await pilot.press("O")
        await pilot.pause()
        assert "Open cy's seat to anyone?" in str(pilot.app.screen.query_one("#quit").render())
        await pilot.press("y")
        await pilot.pause()
    assert link.sent[-1] == {"t": "open_seat", "seat": 2}


async def test_someone_who_did_not_create_the_table_is_told_so_without_a_question() -> None:
    link, game = FakeLink(), game_at(HAND_STAGE)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, None, away=(2,))
        link.push({"t": "joined", "table": 3, "seat": None, "game": "hand_and_foot",
                   "seats": 4, "role": "spectator", "creator": False})
        link.push(view_message(game, None, away=(2,)))
        await pilot.pause()
        await pilot.press("O")
        await pilot.pause()
        assert not pilot.app.screen.query("#quit")  # no question
        assert "Only the table's creator can open a seat" in screen_text(pilot.app)
    assert not [m for m in link.sent if m.get("t") == "open_seat"]


async def test_take_back_is_offered_only_when_the_host_says_so_and_is_logged() -> None:
    link, game = FakeLink(), game_at(FOOT_STAGE)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        assert pilot.app.screen.active_bindings.get("k") is None
        link.push({**view_message(game, 1, seq=13), "take_back": True})
        await pilot.pause()
        assert "k Take back" in screen_text(pilot.app)
        await pilot.press("k")
        await pilot.pause()
        assert link.sent[-1] == {"t": "take_back"}
        link.push({"t": "events", "table": 3, "seq": 12, "seat": 1,
                   "events": [{"type": "took_back", "seat": 1, "action": "lay_off"}]})
        await pilot.pause()
        assert "bob took back a lay-off." in screen_text(pilot.app)


async def test_adding_a_bot_asks_its_level() -> None:
    """`b` offers the levels by number; Esc sends nothing; a table with no free seat is
    told so without a question."""
    link, game = FakeLink(), game_at(HAND_STAGE)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        message = view_message(game, 1)
        message["players"][2] = {"seat": 2, "name": None, "bot": False, "present": False}
        link.push(message)
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        asked = str(pilot.app.screen.query_one("#quit").render())
        assert "Which level?" in asked and "1  basic" in asked and "3  search" in asked
        await pilot.press("escape", "b", "2")
        await pilot.pause()
        assert [m for m in link.sent if m.get("t") == "add_bot"] == [
            {"t": "add_bot", "kind": "random"}]
        link.push(view_message(game, 1))  # every seat taken again
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(pilot.app.screen, TableScreen)
    assert len([m for m in link.sent if m.get("t") == "add_bot"]) == 1
    # A spectator is told at once (the level was asked, then refused, play-test).
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, None)
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(pilot.app.screen, TableScreen)
        assert "Spectators cannot add a bot" in status(pilot.app)
    assert not [m for m in link.sent if m.get("t") == "add_bot"]


async def test_escape_leaves_the_chat_line_and_keys_are_commands_again() -> None:
    """docs/screens.md: `c` chat (type, Enter sends, Esc back). Esc did nothing, so the
    keys after it went on typing into the chat line."""
    for seat in (1, None):  # a player and a spectator
        link, game = FakeLink(), game_at(HAND_STAGE)
        async with make_app(link).run_test(size=(80, 24)) as pilot:
            await at_table(pilot, link, game, seat)
            await pilot.press("c", "h", "i", "escape", "s")
            await pilot.pause()
            assert type(pilot.app.screen).__name__ == "ScoreScreen"
            await pilot.press("escape", "c", "enter")  # the draft waited in the line
            await pilot.pause()
        assert link.sent[-1] == {"t": "chat", "text": "hi"}


async def test_a_dialogs_keys_are_on_the_bottom_line() -> None:
    """A question's keys ("y Yes  esc No") sat on the line under its box, in the middle of
    the table (seen with the add-a-bot question over ssh); they belong on the bottom line,
    where every screen has its keys."""
    link, game = FakeLink(), game_at(HAND_STAGE)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1, bots=(3,), seq=0)  # (between deals u asks)
        await pilot.press("u")
        await pilot.pause()
        rows = screen_text(pilot.app).splitlines()
        assert any("Remove" in r for r in rows)
        assert "Yes" in rows[-1]
        assert not any(" Yes " in r for r in rows[:-1])


async def test_a_long_refusal_wraps_to_a_second_line_instead_of_being_cut() -> None:
    link, game = FakeLink(), game_at(HAND_STAGE)
    message = ("Taking the pile needs 3 natural 8s from your hand (the pile is frozen by "
               "a wild card), and you hold only two of them.")
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        link.push({"t": "error", "code": "illegal", "message": message, "rule": "HF-P4"})
        await pilot.pause()
        text = screen_text(pilot.app)
    assert "only two of them." in text and "[HF-P4]" in text, text
    assert "Your hand" in text  # the rest of the table is still there


async def test_a_pair_taking_the_pile_goes_onto_the_sides_unfinished_meld() -> None:
    """Play-test: two 6s selected with a 6 on the pile, the side holding an unfinished
    meld of 6s: p made a second meld of them and was refused with HF-M6. The listing's
    way with those cards (onto the 6s) goes, with the cards the player chose."""
    text = HAND_STAGE.replace("hands.1: 8H 8S 2C 9D 9C 9H 4S 3S KD KH JK 7D 7C",
                              "hands.1: 8H 8S 2C 9D 6C 9H 4S 3S KD KH JK 6H 6S") \
        .replace("melds.1: 5H 5S 5D 5C 2D | AH AS AD", "melds.1: 5H 5S 5D 5C 2D | 6D 6D 6C") \
        .replace("discard: 4H 9C KD", "discard: 4H 9C 6H")
    link, game = FakeLink(), game_at(text)
    mine = [c["id"] for c in game.view(1)["hand"] if c["code"] in ("6H", "6S")]
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        await pilot.press("slash", *"6h 6s", "enter", "p")
        await pilot.pause()
    (sent,) = link.actions
    assert sent["type"] == "take_pile" and "onto" in sent and sorted(sent["cards"]) == mine
    game.check(1, sent)


async def test_HF_P6_L_stages_a_lay_off_for_the_take_before_the_draw() -> None:
    """Play-test: L answered "Not now. You can: d Draw, p Take pile." before the draw,
    the only time a pile can be taken, so a take that lays off (HF-P6) could not be made
    from the screen; and the meld chosen with t stayed chosen after L."""
    link, game = FakeLink(), game_at(HAND_STAGE)
    fives = next(m["id"] for m in game.view(1)["melds"] if m["cards"][0]["code"] == "5H")
    async with make_app(link).run_test(size=(100, 30)) as pilot:
        await at_table(pilot, link, game, 1)
        await pilot.press("slash", *"jk", "enter", "t")
        await pilot.pause()
        assert pilot.app.screen.target == fives
        await pilot.press("L")
        await pilot.pause()
        assert pilot.app.screen.staged == [(fives, card_ids(game, 1, "JK"))]
        assert pilot.app.screen.target is None
        await pilot.press("slash", *"kd kh", "enter", "p")
        await pilot.pause()
    assert link.actions == [{"type": "take_pile", "cards": card_ids(game, 1, "KD", "KH"),
                             "lay_offs": [{"meld": fives, "cards": card_ids(game, 1, "JK")}]}]
    game.check(1, link.actions[-1])


async def test_t_goes_to_the_melds_that_take_the_selected_cards() -> None:
    """Play-test: t stepped through every meld of the side, beginning with ones the
    selected card could not go onto."""
    link, game = FakeLink(), game_at(HAND_PLAY.replace(" 7D 7C", " 7D AC"))
    aces = next(m["id"] for m in game.view(1)["melds"] if m["cards"][0]["code"] == "AH")
    async with make_app(link).run_test(size=(100, 30)) as pilot:
        await at_table(pilot, link, game, 1)
        await pilot.press("slash", *"ac", "enter", "t")
        await pilot.pause()
        assert pilot.app.screen.target == aces
        await pilot.press("t")  # the only one that takes it: t stays there
        await pilot.pause()
        assert pilot.app.screen.target == aces
        await pilot.press("escape", "t")  # nothing selected: every unfinished meld
        await pilot.pause()
        assert pilot.app.screen.target != aces
