"""What play-testers met at 80 columns: Hand and Foot's side header, silent keys, a
final round's empty draw."""

from __future__ import annotations

import pytest

from tests.tui.conftest import HAND_STAGE, FakeLink, at_table, game_at, screen_text
from tui.app import make_app
from tui.cards import CardLook


async def test_hand_and_foot_red_threes_are_counted_in_the_side_header() -> None:
    """Play-test: at 80 columns the header's red threes were cut at the edge unsaid
    ("red 3s 3" read as three of them); every red three counts the same (HF-SC3)."""
    link, game = FakeLink(), game_at(HAND_STAGE)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        text = screen_text(pilot.app)
    assert "red 3s: 2" in text and "red 3s: 1" in text, text


BLOCKED = HAND_STAGE.replace("discard: 4H 9C KD", "discard: 4H 9C 3S")
"""Seat 1 to draw, a black three on the pile (HF-P2): nothing but the draw is listed."""


async def status_after(key: str, stage: str = HAND_STAGE) -> tuple[str, FakeLink]:
    """Seat 1 in the draw phase (nothing to lay off, no question) presses `key`: the
    status line then, and the link (what was sent)."""
    link, game = FakeLink(), game_at(stage)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        await pilot.press(key)
        await pilot.pause()
        return str(pilot.app.screen.query_one("#status").render()), link


async def test_L_with_no_lay_off_listed_says_which_keys_work() -> None:
    """Play-test: L (stage a lay-off) did nothing at all where no lay-off was listed.
    (Before the draw with the pile to take, L stages a lay-off for the take: HF-P6.)"""
    status, link = await status_after("L", BLOCKED)
    assert "Not now. You can: d Draw" in status, status
    assert link.actions == []
    status, link = await status_after("L")
    assert "Choose the meld with t first." in status, status


@pytest.mark.parametrize("key", ["t", "T"])
async def test_t_out_of_turn_says_whom_the_table_waits_for(key: str) -> None:
    """Play-test: t (choose the meld to lay off onto) out of turn did nothing at all."""
    link, game = FakeLink(), game_at(HAND_STAGE)  # seat 1 to draw; seat 2 looks on
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 2)
        await pilot.press(key)
        await pilot.pause()
        status = str(pilot.app.screen.query_one("#status").render())
    assert "Nothing to do now: waiting for" in status, status


def test_a_final_round_turn_with_nothing_to_draw_reads_so() -> None:
    """Play-test: "bea drew 0." in Looking and Down's final round (LD-P3)."""
    from tui.eventtext import event_text

    line = event_text({"type": "drew", "seat": 1, "count": 0}, lambda s: "bea")
    assert line.plain == "bea had nothing to draw."


def test_the_stock_running_out_is_said_one_way() -> None:
    """Play-test: the log said "The stock is out" at Looking and Down's final round and
    "The stock is empty" where a deal ended on it."""
    from tui.eventtext import event_text
    from tui.games import screen_for

    final = screen_for("looking_and_down").event_line(
        {"type": "final_round", "emptier": 1, "turns": 3}, lambda s: "bea", CardLook(), [])
    assert final.plain.startswith("The stock is empty (bea drew the last card)"), final
    assert event_text({"type": "stock_exhausted"}, lambda s: "bea").plain == \
        "The stock is empty."


async def test_looking_and_downs_final_round_line_fits_and_goes_with_the_deal() -> None:
    """Play-test: "Final round: no drawing, nobody goes out (0 turns l" was cut at 80
    columns, and stayed on the screen once the deal was scored (LD-E3)."""
    import engine
    from engine.bots import make_bot
    from tests.tui.conftest import shown

    game = engine.create_game("looking_and_down", 3, 0, {"max_deals": 2})
    bots = [make_bot("random", s) for s in range(3)]
    while not game.view(None).get("final_round"):
        seat = min(game.to_act)
        game.apply(seat, bots[seat].act(game.view(seat)))
    text, _ = await shown(game, 0)
    assert "Final round: no draws, no going out (3 turns left)" in text, text
    while game.view(None)["final_round"]["turns_left"] > 1:
        seat = min(game.to_act)
        game.apply(seat, bots[seat].act(game.view(seat)))
    text, _ = await shown(game, 0)  # (play-test: "1 turns left")
    assert "Final round: no draws, no going out (1 turn left)" in text, text
    while game.phase != "deal_over":
        seat = min(game.to_act)
        game.apply(seat, bots[seat].act(game.view(seat)))
    text, _ = await shown(game, 0)
    assert "Final round" not in text


async def test_the_final_rounds_d_says_it_skips_the_draw() -> None:
    """Play-test: the keys line offered "d Draw" in Looking and Down's final round, where
    the draw takes nothing (LD-E3): it says "Skip draw", and sends the same draw."""
    import engine
    from engine.bots import make_bot
    from tests.tui.conftest import shown

    game = engine.create_game("looking_and_down", 3, 0, {"max_deals": 2})
    bots = [make_bot("random", s) for s in range(3)]
    while not (game.final_round and game.phase == "draw"):
        seat = min(game.to_act)
        game.apply(seat, bots[seat].act(game.view(seat)))
    text, sent = await shown(game, game.turn, size=(100, 30), keys=("d",))
    assert "d Skip draw" in text and "d Draw" not in text, text
    assert "Your turn: skip the draw (d)" in text, text  # the prompt says the same
    assert sent == [{"type": "draw"}]


async def test_what_was_staged_goes_when_the_turn_goes_on() -> None:
    """Play-test: a lay-off staged before the partner said no to going out stayed staged
    after the discard, its card hidden: the hand read "(no cards)" though it held one."""
    from tests.tui.conftest import joined_with, seated_view

    game = game_at(HAND_STAGE)
    link = FakeLink()
    async with make_app(link).run_test(size=(100, 30)) as pilot:
        game.apply(1, {"type": "draw"})
        await joined_with(pilot, link, seated_view(game, 1))
        screen = pilot.app.screen
        kept = game.hands[1][0]
        screen.staged = [(None, [kept])]
        game.apply(1, {"type": "discard", "card": game.hands[1][-1]})
        assert game.turn != 1
        link.push(seated_view(game, 1))
        await pilot.pause()
        assert screen.staged == []
        assert "(no cards)" not in screen_text(pilot.app)


async def test_a_note_of_the_screens_own_fades(monkeypatch: pytest.MonkeyPatch) -> None:
    """Play-test: "Nobody is away from this table." stayed through a dozen keys, a resize
    and a chat line. A note of the screen's own goes after a while; the host's refusals
    stay until the next move."""
    import asyncio

    import tui.table

    monkeypatch.setattr(tui.table, "NOTE_SECONDS", 0.2)
    link, game = FakeLink(), game_at(BLOCKED)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        await pilot.press("L")
        await pilot.pause()
        status = pilot.app.screen.query_one("#status")
        assert "Not now" in str(status.render())
        await asyncio.sleep(0.4)
        await pilot.pause()
        assert "Not now" not in str(status.render())


async def test_y_with_no_question_says_so_and_f1_shows_the_keys() -> None:
    """Play-test: y and n with no question pending did nothing at all, and F1 (where many
    programs keep their help) did nothing either."""
    status, link = await status_after("y")
    assert "y and n answer a question put to you; none is now." in status, status
    assert link.actions == []
    # Another player's question (or turn): whom the table waits for (play-test: "there is
    # none now" while a partner was asked).
    link, game = FakeLink(), game_at(HAND_STAGE)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 0)
        await pilot.press("n")
        await pilot.pause()
        said = str(pilot.app.screen.query_one("#status").render())
    assert "none is now: the table waits for bob." in said, said
    link, game = FakeLink(), game_at(HAND_STAGE)
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game, 1)
        await pilot.press("f1")
        await pilot.pause()
        assert "d" in screen_text(pilot.app) and pilot.app.screen.__class__.__name__ != \
            "TableScreen"


def test_a_two_meld_opening_taken_back_says_two_melds() -> None:
    """Play-test: taking back a two-meld opening was logged "took back a meld"."""
    from tui.eventtext import event_text

    line = event_text({"type": "took_back", "seat": 1, "action": "meld", "count": 2},
                      lambda s: "bea")
    assert line.plain == "bea took back 2 melds."
    one = event_text({"type": "took_back", "seat": 1, "action": "lay_off", "count": 1},
                     lambda s: "bea")
    assert one.plain == "bea took back a lay-off."


async def test_a_long_side_header_breaks_between_its_parts_not_at_the_edge() -> None:
    """Play-test at 80x24: "pt1alice + pt1bob (you) · 0 pts · needs 50 to ope", the
    header cut at the panel's edge. It goes on to a second line between its parts."""
    from tests.tui.conftest import joined_with, view_message

    link, game = FakeLink(), game_at(HAND_STAGE)
    message = view_message(game, 1)
    for player, name in zip(message["players"], ("pt1alice", "pt1bob", "pt1carol", "pt1dave"),
                            strict=True):
        player["name"] = name
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await joined_with(pilot, link, {**message, "table": 3})
        text = screen_text(pilot.app)
    rows = text.splitlines()
    mine = next(n for n, row in enumerate(rows) if "pt1bob (you) + pt1dave" in row)
    assert "red 3s: 1" in rows[mine + 1], text  # whole, on the next row
    assert all(not row.split("│")[0].rstrip().endswith(("· red", "re")) for row in rows), text


def test_a_lay_off_that_finishes_the_wild_pile_says_onto_the_wild_meld() -> None:
    """Play-test: "ann laid off JK onto the wild meld (wild, 4/7)." but "ann laid off
    2♦ 2♣ (wild pile, 7/7)." once it made the pile."""
    from tui.eventtext import MELD_RANK, event_text

    for kind in ("wild", "wild_pile"):
        line = event_text({"type": "laid_off", "seat": 0, "meld": 3, "kind": kind,
                           "size": 7, "cards": [{"id": 1, "code": "2D"}], MELD_RANK: None},
                          lambda s: "ann").plain
        assert " onto the wild meld " in line, line


def test_a_pile_kind_going_out_does_not_need_shows_its_count_alone() -> None:
    """Play-test: with no dirty pile needed to go out, the header read "dirty 6/0"."""
    from tui.cards import CardLook
    from tui.games.hand_and_foot import HandAndFootPanel
    from tui.panels import TableInfo

    def header(goal: dict[str, int]) -> str:
        view = {"game": "hand_and_foot", "teams": [[0, 2], [1, 3]], "totals": {0: 0, 1: 0},
                "opened": {0: True}, "go_out_piles": goal,
                "piles": {0: {"clean": 1, "dirty": 6, "wild": 0}}}
        info = TableInfo({"seat": 0, "view": view, "players": []},
                         ("ann", "bob", "cy", "dee"), CardLook())
        return HandAndFootPanel().team_header(info, 0).plain

    assert "piles to go out: clean 1/2  dirty 6  wild 0/1" in header(
        {"clean": 2, "dirty": 0, "wild": 1})
    assert "piles: clean 1  dirty 6  wild 0" in header({"clean": 0, "dirty": 0, "wild": 0})
    assert "piles to go out: clean 1/2  dirty 6/2  wild 0/1" in header(
        {"clean": 2, "dirty": 2, "wild": 1})


def test_an_empty_pile_is_said_once() -> None:
    """Play-test: "Pile empty (0 cards)" said the same thing twice."""
    from tui.cards import CardLook
    from tui.panels import pile_text

    empty = {"stock": 40, "discard": {"top": None, "size": 0}}
    assert pile_text(empty, CardLook()).plain == " Stock 40   Pile empty"
    one = {"stock": 40, "discard": {"top": {"id": 1, "code": "7H"}, "size": 1}}
    assert pile_text(one, CardLook(four_colour=False)).plain.endswith("(1 card)")


def test_melds_that_take_cards_come_first_and_your_side_keeps_its_rows() -> None:
    """Play-test: late in a deal a side's complete piles filled its rows and the melds a
    player could still add to were under "+8 more", while the opponents had more rows."""
    from rich.text import Text

    from tui.cards import CardLook
    from tui.panels import GamePanel, TableInfo, fitted

    melds = [{"id": i, "team": 0, "rank": "K", "complete": i % 2 == 1,
              "cards": [{"id": 100 + i, "code": "KH"}]} for i in range(1, 5)]
    info = TableInfo({"seat": 0, "view": {"melds": melds, "teams": [[0, 2], [1, 3]]},
                      "players": []}, ("ann", "bob", "cy", "dee"), CardLook())
    assert [m["id"] for m in GamePanel().team_melds(info, 0)] == [2, 4, 1, 3]
    blocks = [[Text(f"own {n}") for n in range(6)], [Text(f"other {n}") for n in range(6)]]
    own, other = fitted(blocks, 9, side=False, own=0)
    assert len(own) == 5 and len(other) == 4


async def test_a_refusal_on_two_lines_indents_its_second() -> None:
    """Play-test: a refusal too long for the window went on at column 0 under " ! ",
    where it read as a line of its own."""
    link, game = FakeLink(), game_at(HAND_STAGE)
    async with make_app(link).run_test(size=(100, 30)) as pilot:
        await at_table(pilot, link, game, 1)
        link.push({"t": "error", "code": "illegal", "rule": "HF-G3", "message":
                   "you cannot keep just one card now: your partner must have played from "
                   "their foot before you go out."})
        await pilot.pause()
        status = str(pilot.app.screen.query_one("#status").render()).splitlines()
    assert len(status) == 2 and status[0].startswith(" ! [HF-G3] You cannot"), status
    assert status[1].startswith("   ") and status[1].strip(), status


async def test_t_with_nothing_to_lay_off_says_what_it_is_for() -> None:
    """Play-test: t (choose the meld a lay-off goes onto) answered only "Not now."."""
    status, link = await status_after("t", BLOCKED)
    assert "t picks the meld a lay-off (l) goes onto, once you have drawn." in status, status
    assert link.actions == []
