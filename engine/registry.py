"""The games the engine knows, and the entry points of the engine contract."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from . import cn_options, hf_options, ld_options, sk_options
from .canastone import Canastone
from .core import FamilyGame, teams_for
from .errors import InvalidAction
from .hand_and_foot import HandAndFoot
from .looking_and_down import LookingAndDown
from .skarney import Skarney


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What a lobby needs to offer a game before one exists."""

    name: str
    title: str
    seats: tuple[int, ...]
    usual_seats: int
    """The seating a new table is offered first: the game the rules describe throughout
    (Canastone's form offered 2 seats, its first allowed count; CN-V3 is 4)."""
    options: Mapping[str, Any]
    option_help: Mapping[str, str]
    rules_file: str
    partnership: Callable[[int, Mapping[str, Any]], bool] = field(
        default=lambda seats, options: False)
    factory: type[FamilyGame] = FamilyGame

    def teams(self, seats: int, options: Mapping[str, Any] | None = None) -> tuple:
        return teams_for(seats, self.partnership(seats, options or {}))


GAMES: Mapping[str, GameInfo] = MappingProxyType({
    "hand_and_foot": GameInfo(
        name="hand_and_foot", title="Hand and Foot", seats=(4,), usual_seats=4,
        options=MappingProxyType(hf_options.DEFAULTS),
        option_help=MappingProxyType(hf_options.HELP),
        rules_file="hand_and_foot.md",
        partnership=lambda seats, options: True,
        factory=HandAndFoot,
    ),
    "looking_and_down": GameInfo(
        name="looking_and_down", title="Looking and Down", seats=ld_options.SEATS,
        usual_seats=4,
        options=MappingProxyType(ld_options.DEFAULTS),
        option_help=MappingProxyType(ld_options.HELP),
        rules_file="looking_and_down.md",
        factory=LookingAndDown,
    ),
    "skarney": GameInfo(
        name="skarney", title="Skarney", seats=sk_options.SEATS,
        usual_seats=4,  # (the partnership game; individual play is its variant)
        options=MappingProxyType(sk_options.DEFAULTS),
        option_help=MappingProxyType(sk_options.HELP),
        rules_file="skarney.md",
        partnership=sk_options.partnership,
        factory=Skarney,
    ),
    "canastone": GameInfo(
        name="canastone", title="Canastone", seats=cn_options.SEATS,
        usual_seats=4,  # CN-V3
        options=MappingProxyType(cn_options.DEFAULTS),
        option_help=MappingProxyType(cn_options.HELP),
        rules_file="canastone.md",
        partnership=cn_options.partnership,
        factory=Canastone,
    ),
})


def game_info(name: str) -> GameInfo:
    if name not in GAMES:
        raise InvalidAction("game", f"there is no game '{name}'; games are "
                                    + ", ".join(GAMES) + ".")
    return GAMES[name]


def _check_seed(seats: Any, seed: Any) -> None:
    for what, v in (("seats", seats), ("seed", seed)):
        if not isinstance(v, int) or isinstance(v, bool):
            raise InvalidAction("game", f"{what} must be a whole number, not {v!r}.")


def create_game(name: str, seats: int, seed: int,
                options: dict[str, Any] | None = None) -> FamilyGame:
    info = game_info(name)
    _check_seed(seats, seed)
    return info.factory(seats, seed, options)


def replay(name: str, seats: int, seed: int, options: dict[str, Any] | None,
           log: list, on_events: Callable[[int, list[dict[str, Any]]], None] | None = None
           ) -> FamilyGame:
    """Rebuild a game from its log; every action is checked again on the way.
    ``on_events(seat, events)`` hears each action's events as they come again (a host
    restoring a table keeps the last ones for its log)."""
    game = create_game(name, seats, seed, options)
    for seat, action in log:
        events = game.apply(seat, action)
        if on_events is not None:
            on_events(seat, events)
    return game


def from_dict(d: dict[str, Any]) -> FamilyGame:
    return game_info(d["game"]).factory.from_dict(d)
