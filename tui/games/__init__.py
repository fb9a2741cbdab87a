"""Each game's screen hooks, registered by game name (``view["game"]``)."""

from __future__ import annotations

from tui.games.base import GameScreen
from tui.games.canastone import CanastoneScreen
from tui.games.hand_and_foot import HandAndFootScreen
from tui.games.looking_and_down import LookingAndDownScreen
from tui.games.skarney import SkarneyScreen

SCREENS: dict[str, GameScreen] = {
    screen.name: screen for screen in (HandAndFootScreen(), LookingAndDownScreen(),
                                      SkarneyScreen(), CanastoneScreen())}


def screen_for(game: str | None) -> GameScreen:
    """The game's screen hooks; a game without its own module is shown plainly."""
    return SCREENS.get(game or "") or GameScreen()
