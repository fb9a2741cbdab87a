"""Looking and Down's screen: 2 to 8 players at 80x24, the Score Keeper, which hand each
player is on, and frozen in time on every screen (shared/rules/looking_and_down.md)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import engine
from engine.bots import make_bot
from tests.tui.conftest import FakeLink, joined_with, screen_text
from tui.app import make_app
from tui.table import TableScreen

NAMES = ["ann", "bob", "cy", "dee", "eve", "fay", "gus", "hal"]


def play_until(seats: int, seed: int, stop: Callable[[Any], bool],
               options: dict[str, Any] | None = None, limit: int = 4000) -> Any:
    """Random bots play a seeded game until ``stop(game)``."""
    game = engine.create_game("looking_and_down", seats, seed, options or {"max_deals": 1})
    bots = {s: make_bot("random", seed * 10 + s) for s in range(seats)}
    for _ in range(limit):
        if stop(game):
            return game
        seat = min(game.to_act)
        game.apply(seat, bots[seat].act(game.view(seat)))
    raise AssertionError("the moment never came")


def message(game: Any, seat: int | None) -> dict[str, Any]:
    players = [{"seat": s, "name": NAMES[s], "bot": False, "present": True}
               for s in range(game.seats)]
    return {"t": "view", "table": 5, "seq": len(game.log), "round": 1, "seat": seat,
            "over": bool(game.over), "players": players, "view": game.view(seat)}


async def shown(game: Any, seat: int | None, size: tuple[int, int] = (80, 24)) -> str:
    link = FakeLink()
    app = make_app(link)
    async with app.run_test(size=size) as pilot:
        await joined_with(pilot, link, message(game, seat))
        assert isinstance(app.screen, TableScreen)
        return screen_text(app)


@pytest.mark.parametrize("seats", [2, 3, 5, 8])
async def test_every_player_and_the_score_keeper_fit_80x24(seats: int) -> None:
    game = engine.create_game("looking_and_down", seats, 3, {"max_deals": 1})
    text = await shown(game, 1)
    for name in NAMES[:seats]:
        assert text.count(f"{name} ") + text.count(f"{name}·") >= 2, name  # seat and panel
    keeper = game.view(None)["score_keeper"]
    assert f"Score Keeper: {NAMES[keeper]}" in text and "SK" in text
    assert "Looking hand · Down: 11 face down" in text
    assert "11+11 Down" in text


async def test_a_spectator_sees_no_hand_heading_and_the_same_table() -> None:
    game = engine.create_game("looking_and_down", 6, 4, {"max_deals": 1})
    text = await shown(game, None, (100, 30))
    assert "Your hand" not in text and "Score Keeper" in text


def _frozen_out_of_turn(game: Any) -> bool:
    v = game.view(None)
    return any(s != v["turn"] for s in v["frozen_in_time"]) and v["phase"] in ("draw", "play")


async def test_frozen_in_time_is_a_cue_for_the_pile_taker_and_for_everyone_else() -> None:
    game = play_until(4, 11, _frozen_out_of_turn)
    v = game.view(None)
    turn = v["turn"]
    frozen = next(s for s in v["frozen_in_time"] if s != turn)
    other = next(s for s in range(4) if s not in (turn, frozen))
    kinds = {e["type"] for e in game.view(frozen)["legal"]}
    assert kinds & {"meld", "lay_off"}
    mine = await shown(game, frozen)
    may = " and ".join(key for kind, key in (("meld", "meld (m)"), ("lay_off", "lay off (l)"))
                       if kind in kinds)
    assert f"Frozen in time: you may {may} in " in mine
    assert f"in {NAMES[turn]}'s turn." in mine
    theirs = await shown(game, other)
    assert f"{NAMES[frozen]} is frozen in time and may meld now too" in theirs
    turns = await shown(game, turn)
    assert f"Frozen in time: {NAMES[frozen]}." in turns
    assert " · frozen" in mine


async def test_frozen_with_nothing_to_meld_the_prompt_offers_no_key() -> None:
    """Play-test: frozen with 3♠ 3♦ 3♣ 3♣ A♦ the prompt still said "you may meld (m) and
    lay off (l)", and each key answered "Nothing to do now"."""
    def nothing(game: Any) -> bool:
        v = game.view(None)
        return _frozen_out_of_turn(game) and any(
            not game.view(s)["legal"] for s in v["frozen_in_time"] if s != v["turn"])

    game = play_until(3, 11, nothing, limit=20000)
    v = game.view(None)
    frozen = next(s for s in v["frozen_in_time"] if s != v["turn"] and not game.view(s)["legal"])
    mine = await shown(game, frozen)
    assert "Frozen in time: nothing of yours melds or lays off now" in mine, mine
    assert "you may meld" not in mine


async def test_LD_P2_a_blocked_pile_is_not_offered_while_someone_is_frozen() -> None:
    """The turn player's prompt named "take the pile (p)" while a 3 on top blocked it
    (LD-P2) and its keys offered only the draw; and the frozen player's line said
    "FROZEN IN TIME · opened · canastas 0/2", cut at half of 80 columns (a frozen player
    has opened, LD-F3: it need not be said)."""
    def blocked(game: Any) -> bool:
        v = game.view(None)
        return _frozen_out_of_turn(game) and v["phase"] == "draw" and v["discard"]["blocked"]

    game = play_until(3, 11, blocked, limit=20000)
    v = game.view(None)
    turn, frozen = v["turn"], next(s for s in v["frozen_in_time"] if s != v["turn"])
    assert "take_pile" not in {e["type"] for e in game.view(turn)["legal"]}
    text = await shown(game, turn)
    assert "Your turn: draw (d). Frozen in time" in text
    assert "take the pile" not in text
    line = next(r for r in text.splitlines() if " · frozen" in r)
    assert NAMES[frozen] in line and "opened" not in line and "canastas " in line
    assert line.split("│")[0].rstrip().endswith(f"/{v['canastas_to_go_out']}"), line


async def test_melds_past_a_compact_line_are_counted_not_cut() -> None:
    """Another player's one line at 5 seats and 80 columns: melds that do not fit are
    counted ("+5"); they were cut at the panel's edge with nothing to say so."""
    melds = " | ".join(["4H 4C 4D", "5H 5C 5D 5S", "6H 6C 6D", "7H 7C 7D",
                        "8H 8S 8D 8C 8H 8D 8S", "9H 9C 9D", "10H 10C 10D", "JH JC JD",
                        "QH QC QD"])
    spec = engine.parse_position(f"""turn: 0
phase: play
hands.0: 7H 9C KD AS
hands.1: 4C 5C
hands.2: 6D 6S 3C
hands.3: 6D 6S 3C
hands.4: 6D 6S 3C
melds.2: {melds}
stock: 30""")
    spec["seats"] = 5
    text = await shown(engine.load_position("looking_and_down", spec), 0)
    line = next(r.split("│")[0].rstrip() for r in text.splitlines()
                if r.startswith("  cy ") and "opened" in r)
    shown_melds = [w for w in line.split() if "x" in w]
    assert line.endswith(f"+{9 - len(shown_melds)}") and len(shown_melds) >= 3, line


async def test_the_score_sheet_itemises_canastas_red_threes_and_both_hands() -> None:
    game = play_until(3, 5, lambda g: bool(g.view(None)["score_sheet"]))
    link = FakeLink()
    app = make_app(link)
    async with app.run_test(size=(100, 40)) as pilot:
        await joined_with(pilot, link, message(game, 0))
        await pilot.press("s")
        await pilot.pause()
        text = screen_text(app)
    assert "Canastas" in text and "Red 3 left" in text and "Down" in text
    assert "black" in text and "red+3" in text
    assert " Player " in text and " Team " not in text  # each plays alone


def test_frozen_and_final_round_events_read_as_sentences() -> None:
    from tui.cards import CardLook
    from tui.games import screen_for

    ld = screen_for("looking_and_down")
    name = {0: "ann", 1: "bob"}.get
    assert str(ld.event_line({"type": "frozen", "seat": 1}, name, CardLook(), [[0], [1]])) \
        == "bob is frozen in time: they may meld during others' turns."
    line = ld.event_line({"type": "final_round", "emptier": 0, "turns": 4}, name, CardLook(),
                         [[0], [1]])
    assert "final round of 4 turns" in str(line)


async def test_LD_M4_canastas_are_named_in_words_and_a_lone_winner_wins() -> None:
    """A canasta showed as `black_canasta` (the view's kind as it is); the game over line
    read `bob win.` for a player alone ("ann+cy win" is for a partnership)."""
    game = play_until(2, 7, lambda g: g.over)
    kinds = {m["kind"] for m in game.view(None)["melds"]}
    text = await shown(game, None, (120, 60))  # (every meld in sight: complete ones last)
    assert not any("_" in k and k in text for k in kinds)
    words = {"red_canasta": "RED ", "red_canasta_3": "RED+3", "black_canasta": "BLACK"}
    assert all(words[k] in text for k in kinds if k in words)
    (winner,) = game.winners
    assert f"Game over: {NAMES[winner]} wins." in text


async def test_eight_seats_of_bots_show_who_is_frozen_whole_at_80_columns() -> None:
    """A seat's cell is half of 80 columns: "bot 3 [basic bot] D · 11+11 Down frozen" was
    cut to "fro…". Where the full cell does not fit, a bot is only "[bot]"; a wide window
    still names its level."""
    game = play_until(8, 11, _frozen_out_of_turn)
    frozen = next(s for s in game.view(None)["frozen_in_time"] if s != game.view(None)["turn"])
    players = [{"seat": s, "name": "ann" if s == 0 else f"bot {s}", "bot": s != 0,
                "level": "basic", "present": True} for s in range(8)]

    async def seen(size: tuple[int, int]) -> list[str]:
        link = FakeLink()
        app = make_app(link)
        async with app.run_test(size=size) as pilot:
            view = message(game, 0)  # the frozen seat deals this deal: one more mark
            await joined_with(pilot, link, {**view, "players": players,
                                            "view": {**view["view"], "dealer": frozen}})
            return screen_text(app).splitlines()

    name = "ann" if frozen == 0 else f"bot {frozen}"
    narrow = await seen((80, 24))
    cell = next(c for r in narrow for c in (r[:40], r[40:]) if f" {name} " in c and "·" in c)
    assert cell.rstrip().endswith("frozen"), cell
    wide = await seen((140, 30))
    assert any("[basic bot]" in r and "frozen" in r for r in wide)


def test_the_log_names_canasta_kinds_in_words_and_counts_one_card() -> None:
    from tui.eventtext import PLAIN
    from tui.games import screen_for

    screen = screen_for("looking_and_down")
    laid = {"type": "laid_off", "seat": 1, "meld": 3, "kind": "black_canasta", "size": 7,
            "cards": [{"id": 1, "code": "QD"}]}
    took = {"type": "took_pile", "seat": 1, "count": 1, "top": {"id": 2, "code": "5H"}}
    assert screen.event_line(laid, str, PLAIN, [[0], [1]]).plain == \
        "1 laid off Q♦ (black canasta, 7/7)."
    assert "took the pile (1 card) with 5♥" in screen.event_line(took, str, PLAIN,
                                                                   [[0], [1]]).plain


def test_the_unplayed_sum_adds_up_what_its_cell_lists() -> None:
    """The red threes left have their own column: the sum under "hand, Down" is theirs
    alone, so a reader adding the row's cells gets the deal's score."""
    from tui.games import screen_for

    item = {"penalty": {"hand": -20, "down": -20, "red_threes": {"count": 1, "points": -500}},
            "penalty_total": -540}
    assert screen_for("looking_and_down").unplayed_total(item) == -40
    assert screen_for("hand_and_foot").unplayed_total({"penalty_total": -90}) == -90


async def test_the_selected_cards_stay_on_the_hand_heading_at_80_columns() -> None:
    """The Looking hand's detail, the sort hint and four selected cards passed 80 columns
    and the last selected cards were cut off (play-test): the hint and detail give way."""
    from tests.tui.conftest import shown
    from tui.cards import card_label

    game = engine.create_game("looking_and_down", 3, 4)
    seat = min(game.to_act)
    codes = [c["code"] for c in game.view(seat)["hand"]][:4]
    keys = ("slash", *" ".join(c.lower() for c in codes), "enter")
    text, _ = await shown(game, seat, (80, 24), keys=keys)
    head = next(r for r in text.splitlines() if r.startswith(" Your hand"))
    chosen = head.split("selected 4:")[1].split()
    assert sorted(chosen) == sorted(card_label(c) for c in codes), head


def test_a_covered_seat_reads_alike_in_every_cell() -> None:
    """A covered seat's state is "(away, bot plays)" wide or narrow: "(away: basic bot
    plays)" stood beside "(away, bot plays)" on one screen (play-test); the prompt names
    the bot's level."""
    from tui.cards import CardLook
    from tui.games import screen_for
    from tui.panels import TableInfo

    game = engine.create_game("looking_and_down", 3, 4)
    info = TableInfo({"seat": 0, "view": game.view(0), "players": []}, ("ann", "bob", "cy"),
                     CardLook())
    player = {"name": "cy", "covered_by": "basic"}
    args = (info, 2, player, game.view(0)["counts"][2], False, screen_for("looking_and_down"))
    assert "(away, bot plays)" in TableScreen._seat_text(*args).plain
    assert "(away, bot plays)" in TableScreen._seat_text(*args, compact=True).plain


async def test_the_sheets_totals_never_part_a_name_from_its_score_at_80_columns() -> None:
    """Play-test: at 80 columns the Totals line wrapped inside "bot 6 0"."""
    from tests.tui.conftest import PLAYERS
    from tests.tui.conftest import shown as shown_with_keys

    game = play_until(8, 3, lambda g: bool(g.score_sheet), {"max_deals": 2})
    text, _ = await shown_with_keys(game, 0, (80, 24), keys=("s", "end"))
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if "Totals: " in line)
    folded = [lines[start]] + [line for line in lines[start + 1:] if line.startswith("  ")]
    items = "   ".join(line.replace("Totals: ", "").strip() for line in folded).split("   ")
    for team, total in game.totals.items():
        name = PLAYERS[team] + (" (you)" if team == 0 else "")
        assert f"{name}: {total}" in items, (name, total, folded)


async def test_a_lay_off_kept_from_the_last_card_is_refused_with_that_rule() -> None:
    """Play-test: in the down stage with one canasta, 7♦ 2♦ in hand, l with the 2♦ was
    refused as "Meld #8 (queens) is a complete canasta; only a red three can join a red
    one" (LD-M4): the real reason is the last card kept without two canastas (LD-G4,
    cited LD-G2). The lay-off goes to an unfinished meld, so the engine names the turn's
    rule."""
    from tests.engine.ld_helpers import position
    from tests.tui.conftest import answered

    game = position("""turn: 1
phase: play
hands.1: 7D 2D
hands.2: 4H 4S 4D 9D
melds.1: QH QS QD QC QH QS QD | KH KS KD
stage.1: down
discard: 10C
stock: 30""")
    assert "lay_off" not in [e["type"] for e in game.legal(1)]
    text, sent = await answered(game, 1, (100, 30), keys=("slash", *"2d", "enter", "l"))
    assert sent and sent[-1]["type"] == "lay_off"
    assert "[LD-G2]" in text and "LD-M4" not in text, text


def test_a_player_with_canastas_enough_is_told_so_not_shown_three_of_two() -> None:
    """Play-test: "canastas 3/2" read as a fault; once a player has the canastas going
    out needs, the header says so."""
    from tui.cards import CardLook
    from tui.games.looking_and_down import LookingAndDownPanel
    from tui.panels import TableInfo

    def header(piles: dict[str, int], compact: bool = False) -> str:
        view = {"game": "looking_and_down", "teams": [[0], [1]], "totals": {0: 0, 1: 0},
                "opened": {0: True}, "canastas_to_go_out": 2, "piles": {0: piles}}
        info = TableInfo({"seat": 1, "view": view, "players": []}, ("ann", "bob"),
                         CardLook())
        return LookingAndDownPanel().team_header(info, 0, compact).plain

    assert header({"red_canasta": 1}).endswith("canastas 1/2")
    assert header({"red_canasta": 1}, compact=True).endswith(" · 1/2")
    enough = {"red_canasta": 1, "black_canasta": 2}
    assert header(enough).endswith("canastas 3 (enough)"), header(enough)
    assert header(enough, compact=True).endswith(" · 3 canastas")


def test_LD_M5_a_red_canasta_with_its_red_three_is_short_as_Kx7_plus_3() -> None:
    """Play-test: another player's red canasta with its red three read "Kx8", as if eight
    kings; it is "Kx7+3", bold as complete."""
    from tui.cards import CardLook
    from tui.games.looking_and_down import LookingAndDownPanel
    from tui.panels import TableInfo

    info = TableInfo({"view": {}}, ("ann", "bob"), CardLook())
    meld = {"id": 4, "team": 1, "rank": "K", "size": 8, "complete": True,
            "kind": "red_canasta_3", "cards": []}
    label = LookingAndDownPanel.short_label(meld, info)
    assert label.plain == "Kx7+3" and "bold" in str(label.style)
    assert LookingAndDownPanel.short_label({**meld, "kind": "red_canasta", "size": 7},
                                           info).plain == "Kx7"


def _only_discard(game: Any, last: bool) -> bool:
    turn = game.turn
    return (game.phase == "play" and not game.frozen and turn in game.to_act
            and {e["type"] for e in game.legal(turn)} == {"discard"}
            and (len(game.hands[turn]) == 1) == last)


@pytest.mark.parametrize("last", [False, True])
async def test_the_turn_line_says_when_only_the_discard_is_left(last: bool) -> None:
    """Play-test: "Your turn: meld, lay off, then discard." with nothing to meld. What a
    last card's discard does (going out, LD-G3; the Down hand; nothing in the final
    round) is not the screen's to guess: the line says only that the discard is left."""
    from tests.tui.conftest import shown

    for seed in range(40):
        game = engine.create_game("looking_and_down", 3, seed, {"max_deals": 1})
        bots = {s: make_bot("random", seed * 10 + s) for s in range(3)}
        while game.to_act and not _only_discard(game, last):
            seat = min(game.to_act)
            game.apply(seat, bots[seat].act(game.view(seat)))
        if game.to_act:
            break
    text, _ = await shown(game, game.turn, (100, 30))
    assert "Your turn: nothing of yours melds or lays off now; discard (x)." in text, text


async def test_LD_G7_the_last_discard_in_the_final_round_is_not_called_going_out() -> None:
    """The question before a discard of the cursor's card said "and go out" for any last
    card with no second hand left: in the final round that card only empties the hand
    (LD-G7), and with its two canastas the same card does go out (LD-G3)."""
    from tests.engine.ld_helpers import position
    from tests.tui.conftest import shown

    table = """turn: 1
phase: play
hands.1: 8C
hands.2: 4H 4S 4D 9D
melds.1: QH QS QD QC QH QS QD | KH KS KD KC KH KS 2C
stage.1: down
discard: 10C
stock: 30"""
    text, sent = await shown(position(table), 1, (100, 30), keys=("x",))
    assert "Discard 8♣ and go out?" in text and not sent, text
    final = position(table, final_round={"emptier": 0, "turns_left": 3}, stock=0)
    text, sent = await shown(final, 1, (100, 30), keys=("x",))
    assert "Discard 8♣?" in text and "go out" not in text and not sent, text
