"""A fake link and realistic host messages built from real engine positions.

Every message passes through the wire encoding (``netcode.framing``) the way the host
sends it, so the screens see integer keys restored, tuples as lists, and so on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import engine
from netcode.framing import FrameDecoder, encode_frame
from netcode.protocol import SERVER_TAGS
from tui.table import TableScreen

NAMES = ["ann", "bob", "cy", "dee"]

HAND_STAGE = """\
deal_number: 2
dealer: 0
turn: 1
phase: draw
hands.0: 4C 4D 9S JD QC QH KS AD 2S
hands.1: 8H 8S 2C 9D 9C 9H 4S 3S KD KH JK 7D 7C
hands.2: 5D 6D 6S 7S 10H 10D JS QD AS AC 3C
hands.3: 6C 6H 8C 9H 10C JC QS KC KD AH 2H
melds.0: 8D 8C 8H 8S | JK JK 2H | QS QD QH QC QS QD QH
melds.1: 5H 5S 5D 5C 2D | AH AS AD
red_threes.0: 3H 3D
red_threes.1: 3H
discard: 4H 9C KD
stock: 80
totals.0: 1240
totals.1: -35
"""

FOOT_STAGE = """\
deal_number: 3
dealer: 2
turn: 1
phase: play
hands.0: 4C 4D 9S JD
hands.1: 8H 8S 2C 9D 9C 9H 7H 7S 7D
hands.2: 5D 6D
hands.3: 6C 6H 8C 9H
feet.1: null
feet.3: null
stage.1: foot
stage.3: foot
foot_played.3: true
melds.0: KS KH KD KC KS KH KD | 10H 10D 10S
melds.1: 5H 5S 5D 5C 5H 5S 5D | AH AS AD AC AH 2D 2S | JK JK 2H | 7C 7C 7C 7C
discard: 4H 9C 6S
stock: 40
totals.0: 2100
totals.1: 3300
"""


class FakeLink:
    name = "bob"
    keeps_code = False

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []
        self.deliver: Callable[[dict[str, Any]], None] | None = None
        self.closed = False

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    def start(self, on_frame: Callable[[dict[str, Any]], None]) -> None:
        self.deliver = on_frame

    def close(self) -> None:
        self.closed = True

    def push(self, message: dict[str, Any]) -> None:
        assert self.deliver is not None, "the app has not started its link"
        self.deliver(wire(message))

    @property
    def actions(self) -> list[dict[str, Any]]:
        return [m["action"] for m in self.sent if m.get("t") == "action"]


def wire(message: dict[str, Any]) -> dict[str, Any]:
    """The message as a client decodes it from the host's frame."""
    frame = encode_frame({"v": 1, **message} if "v" not in message else message,
                         allowed_tags=SERVER_TAGS)
    (decoded,) = FrameDecoder().feed(frame)
    return decoded


def game_at(text: str) -> Any:
    return engine.load_position("hand_and_foot", engine.parse_position(text))


def finished_game() -> Any:
    """A two-deal game that random bots played to its end."""
    from engine.bots import make_bot

    game = engine.create_game("hand_and_foot", 4, 11, {"deals": 2})
    bots = [make_bot("random", seat) for seat in range(4)]
    while not game.over:
        seat = min(game.to_act)
        game.apply(seat, bots[seat].act(game.view(seat)))
    return game


def players(bots: tuple[int, ...] = (), away: tuple[int, ...] = ()) -> list[dict[str, Any]]:
    return [{"seat": s, "name": f"bot {s}" if s in bots else NAMES[s], "bot": s in bots,
             "present": s not in away} for s in range(4)]


def view_message(game: Any, seat: int | None, *, table: int = 3, seq: int = 12,
                 bots: tuple[int, ...] = (), away: tuple[int, ...] = (),
                 ready_wait: list[int] | None = None) -> dict[str, Any]:
    """The host's envelope (``netcode.table.Table._view_frame``) around ``game.view(seat)``;
    ``ready_wait``: the seats whose person a bot dealing next waits for."""
    message = {"t": "view", "table": table, "seq": seq, "round": 1, "seat": seat,
               "over": bool(game.over), "players": players(bots, away),
               "view": game.view(seat)}
    if ready_wait is not None:
        message["ready_wait"] = ready_wait
    return message


def card_ids(game: Any, seat: int, *codes: str) -> list[int]:
    """Ids of the named cards in a seat's hand, each card used once, in the order named."""
    pool = list(game.view(seat)["hand"])
    out = []
    for code in codes:
        card = next(c for c in pool if c["code"] == code)
        pool.remove(card)
        out.append(card["id"])
    return out


def lobby_message() -> dict[str, Any]:
    info = engine.GAMES["hand_and_foot"]
    games = [{"name": info.name, "title": info.title, "seats": list(info.seats),
              "options": dict(info.options), "option_help": dict(info.option_help)}]
    tables = [
        {"id": 1, "game": "hand_and_foot", "title": "Hand and Foot", "seats": 4,
         "players": players(bots=(3,), away=(2,)), "spectators": 2, "state": "playing",
         "round": 1, "options": {}},
        {"id": 2, "game": "hand_and_foot", "title": "Hand and Foot", "seats": 4,
         "players": [{"seat": 0, "name": "eve", "bot": False, "present": True}]
         + [{"seat": s, "name": None, "bot": False, "present": False} for s in (1, 2, 3)],
         "spectators": 0, "state": "waiting", "round": 1, "options": {"deals": 2}},
    ]
    people = [{"name": "ann", "table": 1, "away": False, "watching": False},
              {"name": "bob", "table": None, "away": False},
              {"name": "cy", "table": 1, "away": True},
              {"name": "eve", "table": 2, "away": False, "watching": False}]
    return {"t": "lobby", "tables": tables, "games": games, "bots": ["random"],
            "people": people, "people_total": 4}


WELCOME = {"t": "welcome", "name": "bob", "user": "name:bob", "server": "meldhall",
           "code": "K3Q7-M9XP-R2TW"}


async def at_table(pilot: Any, link: FakeLink, game: Any, seat: int | None, **kw: Any) -> None:
    """Welcome, lobby, joined (a seat, or watching with None) and the first view."""
    link.push(WELCOME)
    link.push(lobby_message())
    link.push({"t": "joined", "table": 3, "seat": seat, "game": "hand_and_foot", "seats": 4,
               "role": "player" if seat is not None else "spectator"})
    link.push({"recent": [], **view_message(game, seat, **kw)})  # (see `joined_with`)
    await pilot.pause()
    assert isinstance(pilot.app.screen, TableScreen)


async def joined_with(pilot: Any, link: FakeLink, message: dict[str, Any]) -> None:
    """Welcome, joined and the first view ``message``, for any game: the game, the seat
    and the seats are read from the message itself."""
    seat = message["seat"]
    link.push(WELCOME)
    link.push({"t": "joined", "table": message["table"], "seat": seat,
               "game": message["view"]["game"], "seats": len(message["players"]),
               "role": "spectator" if seat is None else "player"})
    # The host's first view at a table carries its last moves (none here, unless given).
    link.push({"recent": [], **message})
    await pilot.pause()


def screen_text(app: Any) -> str:
    """What the App's screen shows now, as plain lines."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


PLAYERS = ["ann", "bob", "cy", "dee", "eve", "fay", "gus", "hal"]


def seated_view(game: Any, seat: int | None) -> dict[str, Any]:
    """A view message for any game, every seat a present person named from PLAYERS."""
    players = [{"seat": s, "name": PLAYERS[s], "bot": False, "present": True}
               for s in range(game.seats)]
    return {"t": "view", "table": 5, "seq": len(game.log), "round": 1, "seat": seat,
            "over": bool(game.over), "players": players, "view": game.view(seat)}


async def shown_after(views: list[dict[str, Any]], size: tuple[int, int] = (80, 24)) -> str:
    """The screen of a fresh App that joined with the first view message and was then
    sent the others, one after another (as a seat sees a game go on)."""
    from tui.app import make_app

    link = FakeLink()
    async with make_app(link).run_test(size=size) as pilot:
        await joined_with(pilot, link, views[0])
        for message in views[1:]:
            link.push(message)
        await pilot.pause()
        return screen_text(pilot.app)


async def shown(game: Any, seat: int | None, size: tuple[int, int] = (80, 24),
                keys: tuple[str, ...] = ()) -> tuple[str, list[dict[str, Any]]]:
    """A table of any game on a fresh App: the screen after the keys, and the actions sent."""
    from tui.app import make_app

    link = FakeLink()
    app = make_app(link)
    async with app.run_test(size=size) as pilot:
        await joined_with(pilot, link, seated_view(game, seat))
        assert isinstance(app.screen, TableScreen)
        for key in keys:
            await pilot.press(key)
        await pilot.pause()
        return screen_text(app), link.actions


async def answered(game: Any, seat: int, size: tuple[int, int] = (80, 24),
                   keys: tuple[str, ...] = ()) -> tuple[str, list[dict[str, Any]]]:
    """As `shown`, and each action sent is judged by the engine as the host does: a
    refusal comes back as the host's ``error`` (its code, sentence and rule), so the
    screen shows what a player would read. The game itself is not changed."""
    from engine import EngineError, IllegalAction
    from tui.app import make_app

    link = FakeLink()
    app = make_app(link)
    async with app.run_test(size=size) as pilot:
        link.push(WELCOME)
        link.push({"t": "joined", "table": 5, "seat": seat, "game": game.name,
                   "seats": game.seats, "role": "player"})
        link.push(seated_view(game, seat))
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        judged = 0
        for key in (*keys, None):
            if key is not None:
                await pilot.press(key)
            await pilot.pause()
            for action in link.actions[judged:]:
                try:
                    game.check(seat, action)
                except EngineError as exc:
                    code = "illegal" if isinstance(exc, IllegalAction) else "invalid"
                    link.push({"t": "error", "code": code, "message": exc.message,
                               "rule": exc.rule})
                    await pilot.pause()
            judged = len(link.actions)
        return screen_text(app), link.actions
