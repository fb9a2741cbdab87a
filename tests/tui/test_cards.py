"""How cards look: the game's wild ranks, never a list of the screens' own."""

from __future__ import annotations

from tests.tui.conftest import HAND_STAGE, game_at, view_message
from tui.cards import CardLook, card_style
from tui.panels import table_look


def test_monochrome_marks_the_games_wild_ranks_in_bold() -> None:
    mono = CardLook(colour=False, wild_ranks=("7",))  # a game where sevens are wild
    assert card_style("7H", mono) == "bold"
    assert card_style("2H", mono) == "" and card_style("KS", mono) == ""


def test_the_table_look_takes_the_wild_ranks_from_the_view() -> None:
    message = view_message(game_at(HAND_STAGE), 0)
    look = table_look(CardLook(colour=False), message)
    assert set(look.wild_ranks) == set(message["view"]["wild_ranks"]) == {"2", "JK"}
    assert card_style("JK", look) == card_style("2C", look) == "bold"
    assert card_style("9C", look) == ""
