"""meldhall's rules engine: pure, deterministic and seeded.

Everything outside this package goes through the names exported here (the engine
contract, shared/contract/engine_api.md). See docs/engine.md for each game's phases,
actions and position keys.
"""

from .cards import Card, format_card, format_cards, parse_card, parse_cards
from .core import FamilyGame as Game
from .errors import EngineError, IllegalAction, InvalidAction
from .positions import format_position, load_position, parse_position, position_of
from .registry import GAMES, GameInfo, create_game, from_dict, replay
from .takeback import may_take_back, take_back

__all__ = [
    "GAMES", "Card", "EngineError", "Game", "GameInfo", "IllegalAction", "InvalidAction",
    "create_game", "format_card", "format_cards", "format_position", "from_dict",
    "load_position", "may_take_back", "parse_card", "parse_cards", "parse_position",
    "position_of", "replay", "take_back",
]
