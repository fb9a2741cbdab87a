"""The score sheet at 80x24 with long names: the figures are never cut."""

from __future__ import annotations

from tests.tui.conftest import FakeLink, finished_game, joined_with, screen_text, view_message
from tui.app import make_app


async def test_long_names_keep_every_figure_and_item_whole() -> None:
    """With 16-letter names the sheet was wider than 80 columns and every column was cut,
    the deal scores to "5…" (play-test); then the words wrapped, and "clean 3:" folded
    from its "1500" (play-test). At 80 columns the sheet is the compact one: a name a
    line, cut to fit (whole in the totals under it), every item and figure whole."""
    game = finished_game()
    message = view_message(game, 1)
    for player, name in zip(message["players"], ("annabellelonger", "bobbytherobber",
                                                 "cynthiacynthia", "deedeedeedeedee"),
                            strict=True):
        player["name"] = name + "✓"
    link = FakeLink()
    app = make_app(link)
    async with app.run_test(size=(80, 24)) as pilot:
        await joined_with(pilot, link, message)
        await pilot.press("s")
        await pilot.pause()
        text = screen_text(app)
    sheet, totals = text.split("Piles and red 3s")
    for row in game.view(None)["score_sheet"]:
        for item in row["teams"].values():
            assert f" {item['deal_score']} " in sheet, (item["deal_score"], text)
            for kind, pile in item["piles"].items():
                assert f" {kind} {pile['count']}: {pile['bonus']} " in sheet, (kind, text)
    for player in message["players"]:
        assert player["name"] in totals, text


async def test_a_wide_window_never_folds_an_item_of_the_sheet() -> None:
    """At 100 columns a four-player Canastone sheet with seven canastas folded
    "5 natural: 500" and "5+ canastas: 1000" onto two lines each (play-test); a sheet whose
    full layout does not fit takes the compact one, where each item is one line."""
    import re

    import engine
    from engine.bots import make_bot
    from tests.tui.conftest import PLAYERS, shown

    names = PLAYERS[:]
    PLAYERS[:4] = ["pt3alice✓", "pt3bob✓", "pt3carol✓", "pt3dave✓"]
    try:
        game = engine.create_game("canastone", 4, 1, {"max_deals": 2})
        bots = [make_bot("basic", s) for s in range(4)]
        while game.phase != "deal_over":
            seat = min(game.to_act)
            game.apply(seat, bots[seat].act(game.view(seat)))
        text, _ = await shown(game, 1, (100, 30), keys=("s",))
    finally:
        PLAYERS[:] = names
    sheet = text.split("Canastas:")[0]
    assert "Total" in sheet and "Deal" in sheet, text
    items = re.findall(r"\b(?:natural|mixed|nat|mix|canastas):?[ ]*(\S*)", sheet)
    assert len(items) >= 7, text  # every canasta and the five-canasta bonus
    assert all(re.fullmatch(r"-?\d+", figure) for figure in items), text


async def test_a_deal_ended_by_the_stock_says_the_stock_ran_out() -> None:
    """CN-E2 ends a deal when the stock is down to one card: the sheet said "stock empty"
    with that card still there (play-test). It says the stock ran out."""
    import engine
    from engine.bots import make_bot
    from tests.tui.conftest import shown

    for seed in range(20):
        game = engine.create_game("canastone", 4, seed, {"max_deals": 2})
        bots = [make_bot("random", seed * 4 + s) for s in range(4)]
        while game.phase != "deal_over":
            seat = min(game.to_act)
            game.apply(seat, bots[seat].act(game.view(seat)))
        if game.view(None)["score_sheet"][-1].get("stock_exhausted"):
            break
    else:
        raise AssertionError("no seed ended a deal on the stock")
    text, _ = await shown(game, 1, (100, 30), keys=("s",))
    assert "ran out" in text and "empty" not in text, text


async def test_LD_SC_the_sheet_at_80_columns_keeps_each_item_on_a_line() -> None:
    """Play-test at 80 columns: "black 2:" folded from its "600", "hand" from "-160";
    and red threes in the Down were counted under a note that said "left in hand". The
    compact sheet keeps each item whole, with each player's hand/Down left and its sum."""
    import engine
    from engine.bots import make_bot
    from tests.tui.conftest import shown

    game = engine.create_game("looking_and_down", 5, 3, {"max_deals": 2})
    bots = [make_bot("basic", s) for s in range(5)]
    while not game.score_sheet:
        seat = next(s for s in sorted(game.to_act) if game.view(s)["legal"])
        game.apply(seat, bots[seat].act(game.view(seat)))
    text, _ = await shown(game, 0, (80, 30), keys=("s",))
    sheet = text.split("Canastas, and red 3s left in hand or Down")[0]
    assert "Left:" in text, text
    for item in game.score_sheet[0]["teams"].values():
        for kind, word in (("red_canasta", "red"), ("red_canasta_3", "red+3"),
                           ("black_canasta", "black")):
            made = item["canastas"][kind]
            assert f" {word} {made['count']}: {made['bonus']} " in sheet, (word, text)
        penalty = item["penalty"]
        assert f" {penalty['hand']}/{penalty['down']} " in sheet, text
        assert f"= {penalty['hand'] + penalty['down']} " in sheet, text
