"""Canastone's screen: the 2-, 3-, 4- and 6-seat tables at 80x24 and larger, the
face-down cards under the pile as a count until taken, a frozen pile, each team's melds by
rank with every canasta's class, a closed team's two choices, the ask with its plan, and
the bonus items on the score sheet (shared/rules/canastone.md)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

import engine
from engine.bots import make_bot
from tests.tui.conftest import PLAYERS, answered, joined_with, seated_view, shown
from tui.games.canastone import CanastoneScreen

NAMES = PLAYERS

TABLE = """turn: 0
phase: play
deal_number: 1
hands.0: 7H 9C KD 9S 4S 5D
hands.1: 4C 5C 9H 8S 8C
hands.2: 6D 6S 3C JH QH
hands.3: 8D 5H 10C 10D 4D
melds.0: KH KS KC KD KH KS KC | 7H 7S 7D 7C 2C 7H 7S | 5H 5S 5D
melds.1: QH QS JK
red_threes.0: 3H
face_down_under_pile: 0
discard: 6H 8H
stock: 40"""



def position(text: str = TABLE, seats: int = 4, **extra: Any) -> Any:
    spec = engine.parse_position(text)
    spec["seats"] = seats
    spec.update(extra)
    return engine.load_position("canastone", spec)


def play_until(seats: int, seed: int, stop: Callable[[Any], bool],
               level: str = "basic") -> Any:
    """Bots play seeded one-deal games, from ``seed`` on, until ``stop(game)``."""
    for tried in range(seed, seed + 40):
        game = engine.create_game("canastone", seats, tried, {"max_deals": 1})
        bots = {s: make_bot(level, tried * 10 + s) for s in range(seats)}
        while game.to_act:
            if stop(game):
                return game
            seat = min(game.to_act)
            game.apply(seat, bots[seat].act(game.view(seat)))
        if stop(game):
            return game
    raise AssertionError("the moment never came")


@pytest.mark.parametrize("seats", [2, 3, 4, 6])
@pytest.mark.parametrize("size", [(80, 24), (160, 40)])
async def test_every_seating_fits_with_the_pile_and_the_opening_minimum(
        seats: int, size: tuple[int, int]) -> None:
    game = engine.create_game("canastone", seats, 3, {"max_deals": 1})
    v = game.view(None)
    text, _ = await shown(game, 1, size)
    for name in NAMES[:seats]:
        assert name in text, name
    assert "needs 50 to open" in text
    down = v["discard"]["face_down"]
    assert f"{down} of them face down" in text
    assert f"Stock {v['stock']}" in text


async def test_a_closed_teams_turn_offers_its_two_choices() -> None:
    game = engine.create_game("canastone", 4, 3, {"max_deals": 1})
    turn = game.view(None)["turn"]
    text, _ = await shown(game, turn)
    assert "open with melds worth 50+ (m), or draw 2 (d)" in text
    other, _ = await shown(game, (turn + 1) % 4)
    assert f"{NAMES[turn]}'s turn: open with 50+ or draw 2." in other
    game.apply(turn, {"type": "draw"})
    assert game.phase == "premeld_discard"  # CN-T2b: a closed team's draw, then a discard
    text, _ = await shown(game, turn)
    assert "discard (x); your side opens on a later turn" in text


async def test_melds_by_rank_with_each_canastas_class_and_the_red_threes() -> None:
    game = position()
    text, _ = await shown(game, 0, (100, 30))
    assert "NATURAL" in text and "MIXED" in text
    assert "canastas 1 mixed, 1 natural" in text
    assert text.index(" 5 ") < text.index(" 7 ") < text.index(" K ")  # by rank
    assert "red 3s" in text and "· open" in text


async def test_the_face_down_count_goes_once_the_pile_is_taken() -> None:
    game = play_until(4, 5, lambda g: any(a["type"] == "take_pile" for _, a in g.log))
    assert game.view(None)["discard"]["face_down"] == 0
    text, _ = await shown(game, 0)
    assert "of them face down" not in text


async def test_a_frozen_pile_is_marked() -> None:
    game = play_until(4, 7, lambda g: g.view(None)["discard"]["frozen"], level="random")
    text, _ = await shown(game, None)
    assert "FROZEN" in text


ASK = TABLE.replace("hands.0: 7H 9C KD 9S 4S 5D", "hands.0: 9S KD 5C")


async def test_a_with_nothing_staged_asks_with_the_listings_plan() -> None:
    game = position(ASK)
    entry = next(e for e in game.view(0)["legal"] if e["type"] == "ask_to_go_out")
    _text, actions = await shown(game, 0, keys=("a", "y"))
    assert actions[-1] == entry["options"][0]
    assert actions[-1]["plan"]["discard"] is not None


async def test_the_listings_plan_is_shown_before_it_is_sent() -> None:
    """Play-test: a with nothing staged sent the listing's plan unseen; a yes plays it at
    once (CN-G6), so which card it discards is shown first, and n sends nothing."""
    from textual.widgets import Static

    from tests.tui.conftest import FakeLink
    from tui.app import make_app
    from tui.sheets import ConfirmDialog

    game = position(ASK)
    plan = next(e for e in game.view(0)["legal"]
                if e["type"] == "ask_to_go_out")["options"][0]["plan"]
    faces = {c["id"]: c["code"] for c in game.view(0)["hand"]}
    assert faces[plan["discard"]] == "9S"
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await joined_with(pilot, link, seated_view(game, 0))
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(pilot.app.screen, ConfirmDialog) and not link.actions
        question = str(pilot.app.screen.query_one(Static).render())
        await pilot.press("n")
        await pilot.pause()
    rank = {m["id"]: m["rank"] for m in game.view(0)["melds"]}
    lays = ", ".join(f"{'K♦' if faces[lay['cards'][0]] == 'KD' else '5♣'} on "
                     f"#{lay['meld']} ({rank[lay['meld']]})" for lay in plan["lay_offs"])
    assert "Ask cy: may I go out?" in question
    assert f"lay off {lays}; discard 9♠." in question, question
    assert not link.actions


def test_a_staged_plan_takes_the_selected_card_as_its_last_discard() -> None:
    game = position(ASK, seats=6, **{"hands.4": "4C 4D", "hands.5": "8C 8D"})
    v = game.view(0)
    entry = next(e for e in v["legal"] if e["type"] == "ask_to_go_out")
    codes = {c["code"]: c["id"] for c in v["hand"]}
    lay_offs = [{"meld": 1, "cards": [codes["KD"]]}, {"meld": 3, "cards": [codes["5C"]]}]
    action = CanastoneScreen().ask_action(entry, [], lay_offs, [codes["9S"]], [codes["9S"]])
    assert action["plan"] == {"melds": [], "lay_offs": lay_offs, "discard": codes["9S"]}
    assert action["partner"] == entry["options"][0]["partner"]  # six seats: whom to ask
    game.check(0, action)


async def test_the_score_sheet_lists_each_canasta_and_the_red_threes() -> None:
    def scored_with_canastas(g: Any) -> bool:
        return bool(g.score_sheet) and any(
            t["canastas"] for t in g.score_sheet[-1]["teams"].values())

    game = play_until(4, 2, scored_with_canastas)
    row = game.score_sheet[-1]
    text, _ = await shown(game, 0, (120, 40), keys=("s",))
    assert "Canastas" in text and "Red 3" in text
    words = {"natural": "natural", "mixed": "mixed", "wild_natural": "wild natural",
             "wild_mixed": "wild mixed"}
    for item in row["teams"].values():
        for c in item["canastas"]:  # each canasta on its own line: rank, class, bonus
            assert f"{c['rank'] or ''} {words[c['class']]}: {c['bonus']}".strip() in text
        reds = item["red_threes"]
        if reds["count"]:
            each = reds["points"] // reds["count"]  # (doubled from four, CN-S6)
            assert f"{reds['count']} x {each}: {reds['points']}" in text


async def test_the_keys_help_lists_only_canastones_actions() -> None:
    """? at a Canastone table lists its actions (take the pile, discard, ask to go out),
    not Skarney's (offer, last card, steal a wild card)."""
    game = engine.create_game("canastone", 4, 1)
    text, _ = await shown(game, 0, (80, 40), keys=("question_mark",))
    assert "Take pile" in text and "Discard" in text and "Ask to go out" in text
    assert "Offer" not in text and "Last card" not in text and "Steal wild" not in text


async def test_the_clocks_warning_is_never_cut_off_the_pile_line() -> None:
    """With the face-down count, the clock and its warning the pile line outgrew 80
    columns and lost "(25s left!)": the clock then takes a line of its own."""
    from tests.tui.conftest import FakeLink, screen_text
    from tui.app import make_app

    game = engine.create_game("canastone", 4, 5)
    seat = min(game.to_act)
    assert game.view(None)["discard"]["face_down"]
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await joined_with(pilot, link, {**seated_view(game, seat),
                                         "clock": {"elapsed": 95, "limit": 120}})
        rows = screen_text(pilot.app).splitlines()
    pile = next(i for i, r in enumerate(rows) if r.startswith(" Stock "))
    assert "of them face down" in rows[pile]
    assert "your time 1:3" in rows[pile + 1] and "s left!)" in rows[pile + 1]


MANY = (("4", 4), ("5", 3), ("6", 5), ("7", 3), ("8", 7), ("9", 3), ("J", 4), ("Q", 8),
        ("K", 3), ("A", 4))
"""Rank and size of the melds a side has late in a deal (the sevens and eights canastas)."""


def crowded(seats: int, own: int, others: int) -> Any:
    """A late deal: your side has ``own`` melds, every other side ``others``; the cards
    come from the three packs (each card at most three times, then wild cards)."""
    teams = 2 if seats in (4, 6) else seats
    used: Counter[str] = Counter()

    def card(rank: str) -> str:  # a two or a joker where the naturals have run out
        code = next(c for c in [rank + s for s in "HSDC"] + ["2H", "2S", "2D", "2C", "JK"]
                    if used[c] < (6 if c == "JK" else 3))
        used[code] += 1
        return code

    melds = "\n".join(
        f"melds.{t}: " + " | ".join(" ".join(card(rank) for _ in range(size))
                                    for rank, size in MANY[:own if t == 0 else others])
        for t in range(teams))
    hands = "\n".join(f"hands.{s}: {card('10')} {card('10')}" for s in range(seats))
    reds = "\n".join(f"red_threes.{t}: 3H 3D" for t in range(teams))
    return position(f"""turn: 0
phase: play
deal_number: 1
{hands}
{melds}
{reds}
face_down_under_pile: 0
discard: {card('K')}
stock: 40""", seats=seats)


def panel_rows(text: str) -> list[str]:
    """The rows of the melds' panel, left of the log."""
    return [r.split("│")[0].rstrip() for r in text.splitlines() if "│" in r]


@pytest.mark.parametrize(("seats", "own", "others"), [(2, 8, 10), (3, 7, 8), (4, 8, 10),
                                                        (6, 7, 10)])
async def test_no_sides_melds_are_pushed_off_the_bottom_of_80x24(
        seats: int, own: int, others: int) -> None:
    """Late in a deal the other sides' blocks ran off the bottom of an 80x24 panel (at 3
    seats cy's whole block, at 6 the other side's last melds) with nothing to say so.
    Where the full blocks do not fit, the others' melds go on short lines (rank x size)."""
    game = crowded(seats, own, others)
    teams = game.view(0)["teams"]
    rows = panel_rows((await shown(game, 0))[0])
    text = "\n".join(rows)
    for team, seats_of in enumerate(teams):
        names = [NAMES[s] + (" (you)" if s == 0 else "") for s in seats_of]
        assert " + ".join(names) in text, team
    mine = [m for m in game.view(0)["melds"] if m["team"] == 0]
    for meld in mine:  # your side in full: each meld by its number, for lay-offs
        assert f"#{meld['id']:<2} " in text, meld["id"]
    for meld in game.view(0)["melds"]:
        if meld["team"] != 0:
            assert f"{meld['rank'] or 'W'}x{meld['size']}" in text, meld
    wide = panel_rows((await shown(game, 0, (120, 40)))[0])
    assert len([r for r in wide if "#" in r]) == len(game.view(0)["melds"])  # all in full


async def test_a_sides_canastas_and_red_threes_are_never_cut_at_the_panels_edge() -> None:
    """The line under a side's name ran past half of 80 columns and lost its last red
    threes ("canastas 2 mixed, 1 natural · red 3s 3♥ 3♦ 3♦" and no fourth), seen in bot
    games at 2, 4 and 6 seats; it goes on to a next line instead."""
    game = position(TABLE.replace("red_threes.0: 3H", "red_threes.0: 3H 3D 3H 3D"))
    rows = panel_rows((await shown(game, 0))[0])
    block = rows[:next(n for n, r in enumerate(rows) if "#" in r)]
    assert any("red 3s 3♥ 3♦ 3♥ 3♦" in r for r in block), block
    assert all(len(r) <= 51 for r in rows), rows


async def test_a_long_meld_of_tens_is_summed_up_not_cut_at_the_panels_edge() -> None:
    """Eight or nine tens (three cells a card) ran past half of 80 columns: the line
    ended at the sixth or seventh ten with nothing to say so (seen in bot games at 2, 4
    and 6 seats). A meld whose cards do not fit shows its naturals as a count."""
    game = position(TABLE.replace("melds.1: QH QS JK",
                                  "melds.1: QH QS JK | 10H 10S 10D 10C 10H 10S 10D 2C 2D"
                                  " | 2H 2S 2D 2C 2H 2S JK JK JK JK 2D"))
    rows = panel_rows((await shown(game, 1))[0])
    assert any(" 9 10x7 2♣ 2♦" in r for r in rows), rows
    assert any("11 JKx4 2x7" in r or "11 2x7 JKx4" in r for r in rows), rows
    assert all(len(r) <= 51 for r in rows), rows


async def test_when_your_side_nearly_fills_80x24_the_others_melds_are_counted() -> None:
    """With ten melds of your own at 3 seats the others get one line each: their melds,
    and the count of those that do not fit ("+4"); that count took in the canastas' and
    red threes' words too, and the words pushed melds out of the line."""
    game = crowded(3, 10, 6)
    rows = panel_rows((await shown(game, 0))[0])
    for name in ("bob", "cy"):
        (line,) = [r for r in rows if r.startswith(f"  {name} ·")]
        words = line.split()
        more = int(words[-1][1:]) if words[-1].startswith("+") else 0
        assert len([w for w in words if "x" in w]) + more == 6, line
    assert len([r for r in rows if "#" in r]) == 10 == len(
        [m for m in game.view(0)["melds"] if m["team"] == 0])


async def test_at_six_seats_your_many_melds_give_way_to_the_others_melds() -> None:
    """Play-test: at 6 seats with twelve melds of your side, the other side's line read
    "bot 1 + bot 3 + bot 5 · score 130 · open · +2": three names left room for no meld.
    Your side gives way ("+N more", M lists them) and every other meld is shown."""
    game = crowded(6, 11, 6)
    rows = panel_rows((await shown(game, 0))[0])
    theirs = [w for r in rows if not r.startswith("▌") for w in r.split()
              if re.fullmatch(r"\*?(\d+|[JQKAW])x\d+", w)]
    assert len(theirs) == 6, rows
    assert any("more (M lists every meld)" in r for r in rows), rows


async def test_a_meld_of_every_rank_at_three_seats_still_fits_80x24() -> None:
    """Noticed last session: your own side with twelve melds ran off an 80x24 panel at 3
    seats. It now ends in "+N more", and every player and your hand stay on screen."""
    ranks = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
    melds = " | ".join(f"{r}H {r}S {r}D" for r in ranks)
    text = TABLE.replace("melds.0: KH KS KC KD KH KS KC | 7H 7S 7D 7C 2C 7H 7S | 5H 5S 5D",
                         f"melds.0: {melds} | JK JK 2C")
    text = text.replace("melds.1: QH QS JK", "melds.1: 3S 3S 3S").replace(
        "hands.3: 8D 5H 10C 10D 4D\n", "")
    game = position(text.replace("melds.1: 3S 3S 3S\n", ""), seats=3)
    shown_text, _ = await shown(game, 0, (80, 24))
    assert "more" in shown_text and "Your hand" in shown_text, shown_text
    for name in NAMES[:3]:
        assert name in shown_text, name


async def test_a_sixteen_letter_name_keeps_the_top_line_whole(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """"Canastone · table 5 · deal 1 · discard (not open yet) · you: seat 0 (...)" with a
    16-letter name passed 80 columns; the name gives way (the seat line marks you)."""
    import tests.tui.conftest as conftest

    monkeypatch.setattr(conftest, "PLAYERS", ["abcdefghijklmnop", *PLAYERS[1:]])
    game = position(TABLE.replace("phase: play", "phase: premeld_discard"))
    text, _ = await shown(game, 0, (80, 24))
    top = text.splitlines()[0]
    assert top.rstrip().endswith("· you: seat 0"), top


async def test_an_ask_not_offered_sends_the_staged_plan_not_a_bare_ask() -> None:
    """A bare ask was refused as malformed ("'ask_to_go_out' needs 'plan'", CN-T1): with
    nothing staged the screen says what to stage; with a card selected the plan goes to
    the engine, which judges it by the going-out rules."""
    game = position()
    assert "ask_to_go_out" not in {e["type"] for e in game.view(0)["legal"]}
    text, sent = await shown(game, 0, (80, 24), keys=("a",))
    assert "Stage the melds and lay-offs you would go out with" in text and not sent
    _, sent = await shown(game, 0, (80, 24), keys=("slash", *"9c", "enter", "a"))
    assert sent[-1]["type"] == "ask_to_go_out" and "discard" in sent[-1]["plan"]
    with pytest.raises(engine.IllegalAction) as refused:
        game.check(0, sent[-1])
    assert refused.value.rule != "CN-T1"


async def test_once_asked_this_turn_the_keys_offer_no_ask() -> None:
    """Play-test: after the partner said no, the keys line still offered "a Ask to go
    out", and a said "[CN-G5] You may ask only once per turn."."""
    staged = ("slash", *"9c", "enter", "g")
    text, _ = await shown(position(), 0, (100, 30), keys=staged)
    assert "a Ask to go out" in text, text
    text, _ = await shown(position(asked=True), 0, (100, 30), keys=staged)
    assert "a Ask to go out" not in text, text


async def test_with_six_players_an_ask_not_offered_names_the_partner_asked() -> None:
    """Play-test: at six seats a with a card selected and nothing listed was refused
    "[CN-G5] With six players, name the partner you ask.", and the screen had no way to
    name one. It asks which of the two, then the engine judges the plan itself."""
    game = position(seats=6, **{"hands.4": "4C 4D", "hands.5": "8C 8D"})
    assert "ask_to_go_out" not in {e["type"] for e in game.view(0)["legal"]}
    keys = ("slash", *"9c", "enter", "a")
    text, sent = await shown(game, 0, (80, 24), keys=keys)
    assert "Ask which partner?" in text and not sent
    partners = [s for s in game.teams[0] if s != 0]
    _, sent = await shown(game, 0, (80, 24), keys=(*keys, "2"))
    assert sent[-1]["type"] == "ask_to_go_out" and sent[-1]["partner"] == partners[1]
    with pytest.raises(engine.IllegalAction) as refused:
        game.check(0, sent[-1])
    assert "name the partner" not in refused.value.message


async def test_an_empty_pile_is_not_called_blocked() -> None:
    """Third play-test: "Pile empty (0 cards) blocked"."""
    game = position(TABLE.replace("discard: 6H 8H\n", ""))
    text, _ = await shown(game, 0, (80, 24))
    line = next(r for r in text.splitlines() if r.startswith(" Stock "))
    assert "Pile empty" in line and "blocked" not in line, line


def test_a_wrapped_line_does_not_end_on_a_separator() -> None:
    """Third play-test: "canastas 1 natural ·" with the melds on the next line."""
    from rich.text import Text

    from tui.panels import wrapped

    lines = wrapped(Text("  bob+dee · score 300 ·"), [Text("canastas 1 natural ·"),
                                                    Text("Kx7 Qx3 9x4 5x3")], 40)
    assert len(lines) > 1 and not any(line.plain.endswith("·") for line in lines[:-1])


async def test_x_with_several_cards_before_the_draw_shows_the_engines_rule() -> None:
    """Play-test: x with two cards selected before the draw said "Select one card to
    discard."; the discard is not the move yet, and the engine's refusal says so."""
    game = position(TABLE.replace("phase: play", "phase: draw"))
    assert "discard" not in {e["type"] for e in game.view(0)["legal"]}
    text, sent = await answered(game, 0, (80, 24),
                                keys=("slash", *"9c 9s", "enter", "x"))
    assert sent == [{"type": "discard"}]
    assert "[CN-T3] Draw two cards or take the pile first." in text, text
    assert "Select one card" not in text


async def test_x_with_several_cards_where_a_discard_is_listed_asks_for_one() -> None:
    game = position()
    text, sent = await shown(game, 0, (80, 24), keys=("slash", *"9c 9s", "enter", "x"))
    assert "Select one card to discard." in text and not sent


ORDER = TABLE.replace("melds.0: KH KS KC KD KH KS KC | 7H 7S 7D 7C 2C 7H 7S | 5H 5S 5D",
                      "melds.0: KH KS KC | 5H 5S 5D | 9H 9S 9D")
"""Your side's melds by id K (#1), 5 (#2), 9 (#3); the panel shows them 5, 9, K."""


@pytest.mark.parametrize(("keys", "chosen"), [(("t",), 2), (("t", "t"), 3), (("t",) * 3, 1),
                                              (("t",) * 4, 2), (("T",), 1), (("T", "T"), 3),
                                              (("t", "t", "T"), 2)])
async def test_t_and_T_choose_melds_in_the_panels_order(keys: tuple[str, ...],
                                                        chosen: int) -> None:
    """Play-test: t went by meld id (K, 5, 9) while the panel lists by rank (5, 9, K), and
    there was no way back; T now goes back up the panel."""
    game = position(ORDER)
    text, _ = await shown(game, 0, (80, 24), keys=keys)
    rows = panel_rows(text)
    assert [re.search(r"#\d+", r)[0] for r in rows if "#" in r][:3] == ["#2", "#3", "#1"]
    assert any(f">#{chosen} " in r for r in rows), rows
    assert sum(">#" in r for r in rows) == 1


async def test_the_chosen_meld_takes_the_lay_off() -> None:
    game = position(ORDER.replace("hands.0: 7H 9C KD 9S 4S 5D", "hands.0: 7H 9C KD 4S 5D"))
    _, sent = await shown(game, 0, (80, 24), keys=("slash", *"9c", "enter", "T", "T", "l"))
    nines = next(m["id"] for m in game.view(0)["melds"] if m["rank"] == "9")
    assert sent[-1] == {"type": "lay_off", "meld": nines,
                        "cards": [c["id"] for c in game.view(0)["hand"] if c["code"] == "9C"]}
    game.check(0, sent[-1])


async def test_the_keys_help_lists_T() -> None:
    """T is in the keys help (?) beside t, and the marks' legend says it goes back."""
    from textual.widgets import Static

    from tests.tui.conftest import FakeLink
    from tui.app import make_app
    from tui.sheets import KeysScreen

    game = position(ORDER)
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await joined_with(pilot, link, seated_view(game, 0))
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(pilot.app.screen, KeysScreen)
        body = str(pilot.app.screen.query_one(Static).render())
    assert "t  Target: next meld" in body and "T  Target: previous meld" in body
    assert "> the meld chosen with t (T goes back)" in body


async def test_t_comes_to_a_canasta_the_listing_takes_lay_offs_on() -> None:
    """A canasta grows past seven cards, and the listing names it as a lay-off target;
    t skipped every complete meld, so it could never be chosen."""
    game = position()
    targets = next(e for e in game.view(0)["legal"] if e["type"] == "lay_off")["targets"]
    kings = next(m for m in game.view(0)["melds"] if m["rank"] == "K")
    assert kings["complete"] and kings["id"] in {t["meld"] for t in targets}
    text, sent = await shown(game, 0, (80, 24),
                             keys=("slash", *"kd", "enter", "t", "t", "t", "l"))
    king = next(c["id"] for c in game.view(0)["hand"] if c["code"] == "KD")
    assert sent[-1] == {"type": "lay_off", "meld": kings["id"], "cards": [king]}
    game.check(0, sent[-1])
    text, _ = await shown(game, 0, (80, 24), keys=("t", "t", "t"))
    assert any(f">#{kings['id']} " in r for r in panel_rows(text))


async def test_after_the_partners_no_the_prompt_says_going_out_is_off() -> None:
    """Play-test: after "no" to "may I go out?" the prompt said only "meld, lay off,
    then discard". The view's ``barred`` says the no stands for this turn."""
    game = position(ASK)
    entry = next(e for e in game.view(0)["legal"] if e["type"] == "ask_to_go_out")
    game.apply(0, entry["options"][0])
    game.apply(2, {"type": "answer", "answer": {"allow": False}})
    assert game.view(0)["barred"] and game.view(0)["phase"] == "play"
    text, _ = await shown(game, 0, (80, 24))
    line = next(r for r in text.splitlines() if "partner said no" in r)
    assert line.strip() == ("Your partner said no: you may not go out this turn. Meld, "
                            "lay off, discard."), line
    other, _ = await shown(game, 1, (80, 24))
    assert "partner said no" not in other and "ann's turn (play)." in other


async def test_before_any_answer_the_prompt_says_nothing_of_going_out() -> None:
    game = position(ASK)
    assert not game.view(0)["barred"]
    text, _ = await shown(game, 0, (80, 24))
    assert "Your turn: meld, lay off, then discard." in text and "said no" not in text


@pytest.mark.parametrize("seats", [4, 6])
async def test_your_side_is_named_with_you_marked_by_your_name(seats: int) -> None:
    """Play-test: "ann+bea (you)" read as if bea were you."""
    game = engine.create_game("canastone", seats, 3, {"max_deals": 1})
    teams = game.view(0)["teams"]
    mine = next(t for t in teams if 1 in t)
    text, _ = await shown(game, 1, (80, 24))
    label = " + ".join(NAMES[s] + (" (you)" if s == 1 else "") for s in mine)
    assert label in text and label.startswith("bob (you) + "), text
    assert "(you)" not in text.replace("bob (you)", ""), text
    for team in teams:
        if 1 not in team:
            assert " + ".join(NAMES[s] for s in team) in text


def _scored_with_canastas(g: Any) -> bool:
    return bool(g.score_sheet) and any(t["canastas"] for t in g.score_sheet[-1]["teams"].values())


async def test_the_score_sheet_at_80x24_keeps_each_item_on_one_line() -> None:
    """Play-test: at 80x24 "A mixed: 500" folded into three rows a canasta and
    "bob+dee+fay" broke mid-name, so a deal took a screenful. A narrow sheet gives each
    canasta and the red threes one short line, and a team's names one a line."""
    from tui.games.canastone import CLASS_SHORT

    game = play_until(4, 2, _scored_with_canastas)
    row = game.score_sheet[-1]
    text, _ = await shown(game, 0, (80, 24), keys=("s",))
    lines = text.splitlines()
    for item in row["teams"].values():
        for c in item["canastas"]:
            short = f"{c['rank'] or ''} {CLASS_SHORT[c['class']]} {c['bonus']}".strip()
            assert any(short in line for line in lines), (short, text)
        reds = item["red_threes"]
        if reds["count"]:
            each = reds["points"] // reds["count"]  # (doubled from four, CN-S6)
            assert f"{reds['count']}x{each}={reds['points']}" in text, text
        assert f" {item['deal_score']} " in text and f" {item['total']} " in text
    assert "Canastas: rank, class (nat natural, mix mixed" in text
    assert all(len(line) <= 80 for line in lines) and "…" not in text
    rows = lines[lines.index(next(r for r in lines if "───" in r)) + 1:]
    deal = rows[:next(n for n, r in enumerate(rows) if not r.strip() or "Canastas:" in r)]
    seats = max(len(t) for t in game.view(0)["teams"])
    assert len(game.score_sheet) == 1  # one deal: per team, its seats' cards left and a sum
    assert len(deal) <= 2 * (seats + 1), deal


async def test_the_score_sheet_takes_the_full_layout_when_the_window_widens() -> None:
    from tests.tui.conftest import FakeLink, screen_text
    from tui.app import make_app

    game = play_until(4, 2, _scored_with_canastas)
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await joined_with(pilot, link, seated_view(game, 0))
        await pilot.press("s")
        await pilot.pause()
        assert "Canastas: rank, class" in screen_text(pilot.app)
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        wide = screen_text(pilot.app)
    assert "Canastas: each with its class and bonus" in wide
    c = game.score_sheet[-1]["teams"][0]["canastas"][0]
    assert f"{c['rank'] or ''} {c['class'].replace('_', ' ')}: {c['bonus']}".strip() in wide


async def test_a_long_score_sheet_at_80x24_scrolls_to_its_totals() -> None:
    """Six seats, three deals: more rows than 80x24 holds; End scrolls to the last deal
    and the totals, each canasta still on one line."""
    from tui.games.canastone import CLASS_SHORT

    game = engine.create_game("canastone", 6, 5, {"max_deals": 3})
    bots = {s: make_bot("basic", 50 + s) for s in range(6)}
    while game.to_act and len(game.score_sheet) < 3:
        seat = min(game.to_act)
        game.apply(seat, bots[seat].act(game.view(seat)))
    top, _ = await shown(game, 0, (80, 24), keys=("s",))
    assert "Totals:" not in top  # the sheet is longer than the window
    text, _ = await shown(game, 0, (80, 24), keys=("s", "end"))
    assert "Totals:" in text and all(len(line) <= 80 for line in text.splitlines())
    for item in game.score_sheet[-1]["teams"].values():
        assert f" {item['total']} " in text
        for c in item["canastas"]:
            assert f"{c['rank'] or ''} {CLASS_SHORT[c['class']]} {c['bonus']}".strip() \
                in text


CLOSED_180 = """turn: 0
phase: draw
deal_number: 2
hands.0: 9S 9S 9H JS JH JD JK 5C 6D 7H
hands.1: 4C 5C 9H 8S 8C
melds.1: QH QS JK
face_down_under_pile: 0
discard: 6H 8H
stock: 40
totals.0: 10500
totals.1: 200"""
"""A closed side needing 180 (CN-I2) whose hand holds no meld worth it alone: the
listing names no meld, only the draw."""


async def test_g_stages_an_opening_the_listing_does_not_name() -> None:
    """Play-test: g said "Not now. You can: d Draw." with no meld listed, so the next
    selection joined the first and m sent seven cards as one meld, refused as [CN-M3]."""
    game = position(CLOSED_180, seats=2)
    assert {e["type"] for e in game.view(0)["legal"]} == {"draw"}
    text, sent = await answered(game, 0, (80, 24), keys=(
        "slash", *"9s9s9h", "enter", "g", "slash", *"jsjhjdjk", "enter", "m"))
    assert sent[-1]["type"] == "meld" and [len(m) for m in sent[-1]["melds"]] == [3, 4]
    assert "[CN-I2] Your initial meld must count at least 180; this one counts 110." \
        in text, text
    assert "Not now" not in text and "CN-M3" not in text


OPEN_DRAW = """turn: 0
phase: draw
deal_number: 1
hands.0: 8S 8C 9S 9C 9H 4S 5D KD
hands.1: 4C 5C 9H 8S 8C
melds.0: KH KS KC
melds.1: QH QS JK
face_down_under_pile: 0
discard: 6H 8H
stock: 40"""
"""An open side's draw, the pile's 8♥ its to take with a pair of eights."""


async def test_g_stages_melds_to_go_with_a_pile_take() -> None:
    """Play-test: in an open side's draw g said "Not now. You can: d Draw, p Take pile.",
    so no meld could go with the take (CN-P10)."""
    game = position(OPEN_DRAW, seats=2)
    assert "meld" not in {e["type"] for e in game.view(0)["legal"]}
    text, sent = await answered(game, 0, (80, 24), keys=(
        "slash", *"9s9c9h", "enter", "g", "slash", *"8s8c", "enter", "p"))
    nines = [c["id"] for c in game.view(0)["hand"] if c["code"][0] == "9"]
    eights = [c["id"] for c in game.view(0)["hand"] if c["code"][0] == "8"]
    assert len(sent) == 1 and sent[0]["type"] == "take_pile", text
    assert sorted(sent[0]["cards"]) == sorted(eights)
    assert [sorted(m) for m in sent[0]["melds"]] == [sorted(nines)]
    game.check(0, sent[-1])
    assert "Not now" not in text and "!" not in text.splitlines()[-2], text


LAST_WILD = """turn: 0
phase: play
deal_number: 1
hands.0: AC 2H
hands.1: 4C 5C 9H 8S 8C
melds.0: AH AS AD AC AH AS AD | KH KS KC KD 2C 2D KH
melds.1: QH QS JK
face_down_under_pile: 0
discard: 6H 8H
stock: 40"""
"""Two cards left, A♣ and 2♥, a natural canasta of aces on the table: laying off the ace
would leave the wild card as the last card (CN-G4), so the listing names no lay-off."""


async def test_l_onto_a_canasta_the_listing_leaves_out_shows_the_engines_rule() -> None:
    """Play-test: l said "No meld of your side can take these cards now.", a sentence of
    the screen's own that hid the reason; the engine's refusal names it."""
    game = position(LAST_WILD, seats=2)
    assert "lay_off" not in {e["type"] for e in game.view(0)["legal"]}
    text, sent = await answered(game, 0, (80, 24), keys=("slash", *"ac", "enter", "l"))
    aces = next(m["id"] for m in game.view(0)["melds"] if m["rank"] == "A")
    ace = next(c["id"] for c in game.view(0)["hand"] if c["code"] == "AC")
    assert sent == [{"type": "lay_off", "meld": aces, "cards": [ace]}]
    assert "[CN-G4]" in text and "No meld of your side" not in text, text


async def test_l_before_the_draw_shows_the_engines_rule() -> None:
    game = position(OPEN_DRAW, seats=2)
    text, sent = await answered(game, 0, (80, 24), keys=("slash", *"kd", "enter", "l"))
    assert [a["type"] for a in sent] == ["lay_off"]
    assert "[CN-T3] Draw two cards or take the pile first." in text, text


@pytest.mark.parametrize(("player", "said"), [
    ({"name": None, "bot": False, "present": False},
     " Seat {turn} is free: waiting for someone to sit there (b adds a bot)."),
    ({"name": "ann✓", "bot": False, "present": False},
     " ann✓ is away; the table waits for them."),
    ({"name": "ann✓", "bot": False, "present": False, "cover_after": 15},
     " ann✓ is away; a bot plays for them once they have been away 15\u00a0s."),
    ({"name": "ann✓", "bot": False, "present": False, "covered_by": "basic"},
     " ann✓ is away; a basic bot plays for them (draw)."),
])
async def test_the_prompt_says_when_nobody_is_there_to_make_the_move(
        player: dict[str, Any], said: str) -> None:
    """Play-test: a free seat's turn read "seat 1's turn: open with 50+ or draw 2.", and
    an away player's "ann✓'s turn: ...", as if a move were coming."""
    from tests.tui.conftest import FakeLink
    from tui.app import make_app

    game = engine.create_game("canastone", 4, 3, {"max_deals": 1})
    turn = game.view(None)["turn"]
    seat = (turn + 1) % 4
    message = seated_view(game, seat)
    message["players"][turn] = {"seat": turn, **player}
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await joined_with(pilot, link, message)
        shown_prompt = str(pilot.app.screen.query_one("#prompt").render())
        assert shown_prompt == said.format(turn=turn)
        if player["name"] and "covered_by" not in player:
            await pilot.press("d")
            await pilot.pause()
            status = str(pilot.app.screen.query_one("#status").render())
            assert "waiting for ann✓, who is away." in status, status


async def test_the_others_read_who_may_go_out_while_a_partner_is_asked() -> None:
    """Play-test: "ann asks cy to go out." read as if cy were the one asked to go out."""
    game = position(ASK)
    entry = next(e for e in game.view(0)["legal"] if e["type"] == "ask_to_go_out")
    game.apply(0, entry["options"][0])
    assert game.view(1)["phase"] == "answer"
    text, _ = await shown(game, 1, (80, 24))
    assert " ann asks cy: may ann go out?" in text, text
    assert "to go out." not in text


def _sheet_with_every_long_item(game: Any) -> dict[str, Any]:
    """A six-seat view whose last score row holds what folded at 80 columns: a canasta of
    tens, a wild one, four red threes (doubled, CN-S6: the row's ``each`` is the value
    before doubling), five, and going out by a bot."""
    message = seated_view(game, 0)
    for player in message["players"][1:]:
        player["name"], player["bot"] = f"bot {player['seat']}", True
    row = message["view"]["score_sheet"][-1]
    mine, theirs = row["teams"][0], row["teams"][1]
    mine["canastas"] = [{"meld": 1, "rank": "10", "class": "natural", "bonus": 500},
                        {"meld": 2, "rank": None, "class": "wild_natural", "bonus": 5000},
                        {"meld": 3, "rank": "A", "class": "mixed", "bonus": 500}]
    mine["red_threes"] = {"count": 5, "each": 100, "points": 1000}
    mine["going_out"] = 300
    row["went_out"] = 2
    theirs["red_threes"] = {"count": 4, "each": -100, "points": -800}
    return message


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_no_number_or_name_on_the_score_sheet_breaks_across_lines(
        size: tuple[int, int]) -> None:
    """Play-test at 80 columns: "4x-100=-80" over "00", "5x100=100" over "0", "10 nat"
    over "500", "+300 bot" over "1"; and at 120 "4 x -100: -800" hid the doubling of four
    red threes; the wild canasta's rank read "*"."""
    from tests.tui.conftest import FakeLink, screen_text
    from tui.app import make_app

    game = play_until(6, 2, _scored_with_canastas)
    link = FakeLink()
    async with make_app(link).run_test(size=size) as pilot:
        await joined_with(pilot, link, _sheet_with_every_long_item(game))
        await pilot.press("s")
        await pilot.pause()
        text = screen_text(pilot.app)
    lines = text.splitlines()
    if size[0] < 100:
        said = ("10 nat 500", "wild nat 5000", "A mix 500", "5x200=1000", "4x-200=-800")
        assert any(re.search(r"\+300 +.*-\d", line) for line in lines), text
        assert any(re.search(r"^ *stock bot 2 .* bot 2 ", line) for line in lines), text
    else:
        said = ("10 natural: 500", "wild natural: 5000", "5 x 200: 1000", "4 x -200: -800",
                "out +300 bot 2")
    for item in said:
        assert any(item in line for line in lines), (item, text)
    assert "…" not in text and " * " not in text and "x-100" not in text, text


@pytest.mark.parametrize("long_names", [False, True])
async def test_a_six_seat_sides_header_fits_80_columns(long_names: bool) -> None:
    """Play-test at 80x24, six seats: "cy✓ (you) + seat 2 + seat 4 · 0 pts · needs 50 to"
    was cut at the panel's edge; the header breaks between names and items instead."""
    from tests.tui.conftest import FakeLink, screen_text
    from tui.app import make_app

    game = engine.create_game("canastone", 6, 3, {"max_deals": 1})
    message = seated_view(game, 0)
    message["players"][0]["name"] = "cy✓"
    for seat in (2, 4, 5):
        message["players"][seat] = {"seat": seat, "name": None, "bot": False,
                                    "present": False}
    if long_names:
        for seat in (0, 1, 3):
            message["players"][seat]["name"] = f"annabellelonger{seat}"
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await joined_with(pilot, link, message)
        text = screen_text(pilot.app)
    panel = "\n".join(row.split("│")[0] for row in text.splitlines()[4:18])
    assert panel.count("needs 50 to open") == 2, text
    names = ("annabellelonger0 (you)", "annabellelonger1", "annabellelonger3") \
        if long_names else ("cy✓ (you)", "bob", "dee")
    for name in (*names, "seat 2", "seat 4", "seat 5"):
        assert name in panel, (name, text)


async def test_aces_are_called_aces_and_one_card_is_one_card() -> None:
    """Play-test: "needs 2 natural As" read as the word "as", and a take of one card
    said "1 cards to the hand"."""
    from tui.cards import CardLook, CodeError, pick_by_codes
    from tui.eventtext import PLAIN

    game = position(OPEN_DRAW.replace("hands.0: 8S 8C", "hands.0: AS 8C")
                    .replace("discard: 6H 8H", "discard: 6H AH"), seats=2)
    text, _ = await answered(game, 0, (80, 24), keys=("slash", *"as", "enter", "p"))
    assert "[CN-P4] Taking the pile needs 2 natural aces from your hand." in text, text
    with pytest.raises(CodeError, match=r"^You hold only two kings\.$"):
        pick_by_codes("k k k", [{"id": 1, "code": "KH"}, {"id": 2, "code": "KS"}],
                      look=CardLook())
    took = {"type": "took_pile", "seat": 1, "top": {"id": 9, "code": "AH"},
            "cards": [{"id": 3, "code": "AS"}, {"id": 4, "code": "AC"}], "received": 1}
    line = CanastoneScreen().event_line(took, lambda s: NAMES[s], PLAIN, [[0], [1]])
    assert line.plain.endswith("; 1 card to the hand."), line.plain


async def test_a_lay_off_in_the_log_names_its_meld_and_a_canasta_past_seven() -> None:
    """Play-test: "bot 3 laid off JK (mixed, 5/7)" did not say onto which meld, and a
    canasta grown to eight read "(mixed, 8/7)"."""
    from tests.tui.conftest import FakeLink
    from tui.app import make_app

    game = position()
    view = game.view(0)
    kings = next(m["id"] for m in view["melds"] if m["rank"] == "K")
    fives = next(m["id"] for m in view["melds"] if m["rank"] == "5")
    hand = {c["code"]: c["id"] for c in view["hand"]}
    link = FakeLink()
    async with make_app(link).run_test(size=(100, 30)) as pilot:
        await joined_with(pilot, link, seated_view(game, 0))
        for meld, code in ((kings, "KD"), (fives, "5D")):
            events = game.apply(0, {"type": "lay_off", "meld": meld, "cards": [hand[code]]})
            link.push({"t": "events", "table": 5, "seq": len(game.log), "events": events})
            link.push(seated_view(game, 0))
            await pilot.pause()
        said = [line.plain for line in pilot.app.log_lines]
    assert "ann laid off K♦ onto the kings (natural canasta, 8 cards)." in said, said
    assert "ann laid off 5♦ onto the 5s (natural, 4/7)." in said, said


async def test_a_teams_long_names_are_one_a_line_on_the_full_score_sheet() -> None:
    """Play-test at 100 columns: "pt3alice✓+pt3" over "bob✓": a team's names folded
    mid-name. Each name is whole on its line."""
    from tests.tui.conftest import FakeLink, screen_text
    from tui.app import make_app

    game = play_until(4, 1, _scored_with_canastas)
    message = seated_view(game, 1)
    names = ["pt3alice✓", "pt3bob✓", "pt3carol✓", "pt3dave✓"]
    for player in message["players"]:
        player["name"] = names[player["seat"]]
    link = FakeLink()
    async with make_app(link).run_test(size=(100, 30)) as pilot:
        await joined_with(pilot, link, message)
        await pilot.press("s")
        await pilot.pause()
        text = screen_text(pilot.app)
    for name in names:  # no name cut after a "+" (its rest folded to the next line)
        for cut in range(1, len(name)):
            assert not re.search(rf"\+{re.escape(name[:cut])}(\s|$)", text, re.M), (name, text)


async def test_CN_O_max_deals_the_top_line_counts_the_deals() -> None:
    """Play-test: with `max_deals` set the score sheet said "deal 1 of 2" and the top line
    only "deal 1"."""
    import engine
    from tests.tui.conftest import shown

    game = engine.create_game("canastone", 4, 1, {"max_deals": 2})
    text, _ = await shown(game, 0, (80, 24))
    assert "deal 1/2" in text.splitlines()[0], text


async def test_the_last_discards_question_says_it_goes_out() -> None:
    """Play-test: with one card left and none selected, x asked "Discard A♦? ..." and
    the yes went out and ended the deal; the question says so."""
    game = position(TABLE.replace("hands.0: 7H 9C KD 9S 4S 5D", "hands.0: AD"))
    text, sent = await shown(game, 0, (100, 30), keys=("x",))
    assert "Discard A♦ and go out?" in text and not sent, text
    text, _ = await shown(position(), 0, (100, 30), keys=("x",))
    assert "and go out" not in text, text
