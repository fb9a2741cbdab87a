"""A first view at a table carries the table's last moves (`recent`): someone back from a
dropped connection, or arriving to watch, reads what just happened in the log, before
whatever the table said since they arrived, and never twice."""

from __future__ import annotations

from typing import Any

import engine
from engine.bots import make_bot
from tests.tui.conftest import PLAYERS, WELCOME, FakeLink, screen_text, seated_view


def played(moves: int) -> tuple[Any, list[dict[str, Any]]]:
    """A Hand and Foot game some random moves in, and each move's events as a table keeps
    them."""
    game = engine.create_game("hand_and_foot", 4, 8, {"deals": 1})
    bots = {s: make_bot("random", s) for s in range(4)}
    recent = []
    for _ in range(moves):
        seat = min(game.to_act)
        events = game.apply(seat, bots[seat].act(game.view(seat)))
        recent.append({"seq": len(game.log), "seat": seat, "events": events})
    return game, recent


def seated_with(link: FakeLink, game: Any, recent: list[dict[str, Any]]) -> None:
    """Welcome, joined at seat 1, and a first view carrying ``recent``."""
    link.push(WELCOME)
    link.push({"t": "joined", "table": 5, "seat": 1, "game": game.name, "seats": 4,
               "role": "player"})
    link.push({**seated_view(game, 1), "recent": recent})


async def log_of_first_view(game: Any, recent: list[dict[str, Any]]) -> list[str]:
    """The log column's lines once a first view carrying ``recent`` has been shown."""
    from tui.app import make_app

    link = FakeLink()
    app = make_app(link)
    async with app.run_test(size=(100, 30)) as pilot:
        seated_with(link, game, recent)
        await pilot.pause()
        return [line for line in log_column(screen_text(app)) if line]


def log_column(text: str) -> list[str]:
    return [line.split("│", 1)[1].strip() for line in text.splitlines() if "│" in line]


async def first_view(moves: int, seat: int | None, before: tuple[dict[str, Any], ...] = ()
                     ) -> tuple[list[dict[str, Any]], list[str], list[str]]:
    """The table's last moves, the log column after a first view carrying them (and what
    the table said before it), and after a second view carrying them too."""
    from tui.app import make_app

    game, recent = played(moves)
    link = FakeLink()
    app = make_app(link)
    async with app.run_test(size=(100, 30)) as pilot:
        link.push(WELCOME)
        link.push({"t": "joined", "table": 5, "seat": seat, "game": game.name, "seats": 4,
                   "role": "spectator" if seat is None else "player"})
        for message in before:
            link.push(message)
        link.push({**seated_view(game, seat), "recent": recent})
        await pilot.pause()
        log = log_column(screen_text(app))
        link.push({**seated_view(game, seat), "recent": recent})
        await pilot.pause()
        return recent, log, log_column(screen_text(app))


async def test_a_first_view_fills_the_log_with_the_last_moves_before_the_notes() -> None:
    chat = {"t": "chat", "table": 5, "name": "meldhall", "text": "bob is back."}
    recent, log, later = await first_view(6, 1, (chat,))
    said = [line for line in log if line]
    first = recent[0]["events"][0]
    assert first["type"] == "drew"
    assert said[0].startswith(f"{PLAYERS[recent[0]['seat']]} drew")
    back = next(i for i, line in enumerate(said) if "meldhall: bob is back." in line)
    assert back > max(i for i, line in enumerate(said) if " drew " in line)
    assert sum("drew" in line for line in said) == sum(
        e["type"] == "drew" for item in recent for e in item["events"])
    # a later view (bob sits elsewhere, a seat changes) adds nothing to the log
    assert [line for line in later if line] == said


async def test_more_moves_than_the_log_holds_fill_it_to_the_last() -> None:
    recent, log, _ = await first_view(30, None)
    shown = [line for line in log if line and line != "c: chat"]
    assert len(shown) >= len(log) - 3  # the page is full, not half empty
    assert any(line.startswith(PLAYERS[recent[-1]["seat"]]) for line in shown[-3:])


async def test_chat_replayed_on_reconnect_is_marked_earlier_and_dim() -> None:
    """Play-test: old chat replayed on reconnect read as new messages; in the first view's
    ``recent`` it is marked and dim, and a line said afterwards is not."""
    from tui.app import make_app

    game, recent = played(4)
    link = FakeLink()
    app = make_app(link)
    async with app.run_test(size=(100, 30)) as pilot:
        seated_with(link, game, [*recent, {"seq": recent[-1]["seq"],
                                           "chat": {"name": "ann✓", "text": "hi"}}])
        link.push({"t": "chat", "table": 5, "name": "cy", "text": "back?"})
        await pilot.pause()
        said = [line for line in log_column(screen_text(app)) if line]
        assert "(earlier) ann✓: hi" in said and "cy: back?" in said, said
        assert not any(line.startswith("(earlier) cy") for line in said)
        old, new = (next(line for line in app.log_lines if line.plain.endswith(text))
                    for text in ("hi", "back?"))
    assert "dim" in str(old.style) and "dim" not in str(new.style)
    assert not any("dim" in str(span.style) for span in new.spans)


async def test_chat_in_the_first_view_sits_among_the_moves_it_came_between() -> None:
    """Play-test: replayed chat came after the replayed moves, below moves made after it;
    the host now puts each line in the first view's ``recent`` after the move it followed."""
    game, recent = played(4)
    hello = {"seq": recent[1]["seq"], "chat": {"name": "ann✓", "text": "hello all"}}
    mixed = [*recent[:2], hello, *recent[2:]]
    said = await log_of_first_view(game, mixed)
    at = said.index("(earlier) ann✓: hello all")
    before = sum(len(item["events"]) for item in recent[:2])  # (a long line may wrap)
    after = sum(len(item["events"]) for item in recent[2:])
    assert at >= before and len(said) - at - 1 >= after, said


async def test_a_move_made_while_the_screen_arrived_does_not_cost_the_log_its_moves() -> None:
    """Play-test: back mid-deal, a player's log held about seven lines, naming seats
    ("seat 1 discarded 3♣"), not people: a move made while the screen arrived sent its
    events and view before the first view with the last moves, and that view's moves were
    dropped as not the first. The moves come from the view that carries them, once."""
    from tui.app import make_app

    game, recent = played(12)
    link = FakeLink()
    app = make_app(link)
    async with app.run_test(size=(100, 30)) as pilot:
        link.push(WELCOME)
        link.push({"t": "joined", "table": 5, "seat": 1, "game": game.name, "seats": 4,
                   "role": "player"})
        link.push({"t": "events", "table": 5, "seq": recent[-1]["seq"],
                   "seat": recent[-1]["seat"], "events": recent[-1]["events"]})
        link.push(seated_view(game, 1))  # the live move's view: no `recent`
        link.push({**seated_view(game, 1), "recent": recent})
        await pilot.pause()
        log = log_column(screen_text(app))
    assert not any(line.startswith("seat ") for line in log), log
    assert len(log) >= 12, log
    assert len(log) == len(set(log)) or log.count(log[-1]) == 1, log  # the last move once


async def test_earlier_moves_keep_the_names_and_melds_of_their_time() -> None:
    """Play-test: someone who took a seat since was named for the moves of the person
    before them, and an earlier deal's lay-offs lost "onto the 7s" (their melds gone from
    the view); the host sends both with each earlier move."""

    game, recent = played(3)
    first = recent[0]
    then = ["zed" if s == first["seat"] else name for s, name in enumerate(PLAYERS)]
    lay_off = {"type": "laid_off", "seat": first["seat"], "meld": 999,
               "cards": [first["events"][0].get("card") or {"id": 0, "code": "7S"}]}
    old_meld = {"id": 999, "team": 0, "rank": "7", "cards": [], "size": 4,
                "complete": False, "kind": "mixed"}
    recent = [{**first, "names": then},
              {"seq": first["seq"], "seat": first["seat"], "events": [lay_off],
               "names": then, "melds": [old_meld]}, *recent[1:]]
    said = await log_of_first_view(game, recent)
    assert said[0].startswith("zed drew"), said
    assert any(line.startswith("zed laid off") and "onto the 7s" in line for line in said), said
    assert not any(line.startswith(f"{PLAYERS[first['seat']]} drew") for line in said[:1])


async def test_a_move_a_covering_bot_made_is_logged_as_the_bots() -> None:
    """Play-test: "cy answered yes." was the answer of the bot covering cy, whose clock
    had run out; the host marks such a move, and the log says "cy's bot"."""
    from tui.app import make_app

    game, recent = played(3)
    link = FakeLink()
    app = make_app(link)
    async with app.run_test(size=(100, 30)) as pilot:
        seated_with(link, game, recent)
        await pilot.pause()
        last = recent[-1]
        link.push({"t": "events", "table": 5, "seq": last["seq"] + 1, "seat": last["seat"],
                   "events": last["events"], "bot": True})
        link.push({"t": "events", "table": 5, "seq": last["seq"] + 2, "seat": last["seat"],
                   "events": last["events"]})
        await pilot.pause()
        said = [line.plain for line in app.log_lines]
    who, n = PLAYERS[last["seat"]], len(last["events"])
    assert any(line.startswith(f"{who}'s bot ") for line in said[-2 * n:-n]), said
    assert not any("'s bot" in line for line in said[-n:]), said
