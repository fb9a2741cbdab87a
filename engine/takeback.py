"""Taking back a meld or a lay-off within the turn (a table option of the host's).

What may be taken back is the engine's call, like every other question of what is
legal: the acting seat's own last meld or lay-off, made in its current turn, that showed
it no new hidden card. A draw, a pile take, a discard and a meld that emptied the hand
(and so picked up the second hand) are never undone: the player has seen something new.
A take-back is no action of its own: the game is rebuilt from its log without the last
action, so the log stays the whole truth and a replay gives the same game.
"""

from __future__ import annotations

from typing import Any

from .core import FamilyGame
from .errors import IllegalAction
from .registry import create_game

UNDOABLE = frozenset({"meld", "lay_off"})
"""The kinds of action a player may take back."""
REVEALING = ("drew", "took_pile", "picked_up_", "red_threes")
"""Event types (or their starts) that show the acting seat a card it had not seen."""
RULE = "TB"
"""Refusals name this id: the table option's, not a rule of the game's."""


def may_take_back(game: FamilyGame, seat: int) -> bool:
    """A cheap first answer for screens: the log's last action is this seat's meld or
    lay-off and it may still act. ``take_back`` makes the full check."""
    if not game.log or game.over:
        return False
    last_seat, last_action = game.log[-1]
    return last_seat == seat and last_action.get("type") in UNDOABLE and seat in game.to_act


def take_back(game: FamilyGame, seat: int) -> tuple[FamilyGame, list[dict[str, Any]]]:
    """The game as it was before ``seat``'s last meld or lay-off, and the public event.

    Raises IllegalAction (rule ``TB``) when there is nothing the seat may take back.
    """
    if not may_take_back(game, seat):
        raise IllegalAction(RULE, "there is no meld or lay-off of yours in this turn to "
                                  "take back.")
    before = create_game(game.name, game.seats, game.seed, dict(game.options))
    log = list(game.log)
    for acted, action in log[:-1]:
        before.apply(acted, action)
    kind = log[-1][1]["type"]
    events = before.clone().apply(seat, log[-1][1])
    if any(str(e.get("type", "")).startswith(REVEALING) for e in events):
        raise IllegalAction(RULE, f"that {kind.replace('_', '-')} showed you new cards, so it "
                                  "stays.")
    # How many melds a meld action made: a two-meld opening read as "took back a meld".
    made = len(log[-1][1].get("melds") or ()) if kind == "meld" else 1
    return before, [{"type": "took_back", "seat": seat, "action": kind, "count": made}]
