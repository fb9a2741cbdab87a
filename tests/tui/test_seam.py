"""The screens' per-game seam: shared screens name no game; each game's hooks are its own."""

from __future__ import annotations

import re
from pathlib import Path

from rich.text import Text

from tui.cards import CardLook
from tui.games import SCREENS, screen_for
from tui.games.base import GameScreen

TUI = Path(__file__).resolve().parents[2] / "tui"
GAME_WORDS = re.compile(r"hand_and_foot|looking_and_down|canastone|skarney|\bfoot\b",
                        re.IGNORECASE)


def test_the_shared_screens_name_no_game() -> None:
    shared = [p for p in TUI.glob("*.py") if p.name != "rules_text.py"]
    assert shared
    offenders = {p.name: GAME_WORDS.findall(p.read_text()) for p in shared}
    assert {name: words for name, words in offenders.items() if words} == {}


def test_each_registered_screen_is_its_games_and_unknown_games_get_the_plain_one() -> None:
    assert all(name == screen.name for name, screen in SCREENS.items())
    assert type(screen_for("no_such_game")) is GameScreen
    assert screen_for("hand_and_foot").hand_detail({"foot": 11}) == " · foot: 11 face down"
    assert GameScreen().hand_detail({"foot": 11}) == ""
    assert GameScreen().prompt(None) is None  # type: ignore[arg-type]


def test_a_game_only_event_is_worded_by_its_game() -> None:
    names = {0: "ann"}.get
    event = {"type": "picked_up_foot", "seat": 0}
    hf = screen_for("hand_and_foot").event_line(event, names, CardLook(), [[0, 2], [1, 3]])
    assert str(hf) == "ann picked up the foot."
    plain = GameScreen().event_line(event, names, CardLook(), [[0]])
    assert isinstance(plain, Text) and "picked_up_foot" in str(plain)


def test_meld_sizes_are_shown_against_the_games_complete_size() -> None:
    class FiveCardGame(GameScreen):
        complete_at = 5

    names = {0: "ann"}.get
    event = {"type": "melded", "seat": 0, "cards": [], "kind": "natural", "size": 3}
    assert "3/5" in str(FiveCardGame().event_line(event, names, CardLook(), [[0]]))
    assert FiveCardGame().make_panel().complete_at == 5
