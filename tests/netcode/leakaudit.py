"""The leak audit over the network: every frame every session was sent, against the engine.

One seeded game per table, for each game in ``engine.GAMES``: every seat is a program
playing random legal moves over the ``meldhall`` subsystem, and spectators watch over
the subsystem too. Every frame each of them received is kept (decoded from the bytes the
SSH channel delivered). Afterwards the table's log is replayed with the engine, and at
each action every frame sent at that point is checked against the full state:

- a ``view`` frame is exactly what the engine's ``view(seat)`` says for that session's
  own seat (or the spectator's view), nothing more;
- no frame of any kind (views, events, lobby, acks, chat) names a card by id that is
  hidden from that session at that moment: another seat's hand, any foot, the stock,
  or the discard pile below its top card.

Shared by ``test_leak_audit.py`` (a few games) and ``bench/leak_audit.py`` (100).
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

from seatplay import play_seat

import engine
from netcode.client import MeldhallClient
from netcode.framing import decode_frame
from netcode.protocol import server_frame
from netcode.server import Host

SPECTATORS = 2


def options_for(game: str, short: bool) -> dict[str, Any]:
    """One deal (and, for a quick run, a shorter stock) where the game has those options."""
    known = engine.GAMES[game].options
    options: dict[str, Any] = {}
    if "deals" in known:
        options["deals"] = 1
    elif "max_deals" in known:  # Looking and Down: played to a score, or this many deals
        options["max_deals"] = 1
    if short and "hand_size" in known:
        options["hand_size"] = 22
    return options


def hidden_ids(game: Any, seat: int | None) -> set[int]:
    """Card ids the seat (None: a spectator) may not see in this state of the game."""
    hidden: set[int] = set(game.stock) | set(game.discard[:-1])
    hidden |= set(getattr(game, "face_down", ()))  # under Canastone's pile
    for other, hand in enumerate(game.hands):
        if other != seat:
            hidden |= set(hand)
    for foot in getattr(game, "feet", []):
        hidden |= set(foot)
    offer = getattr(game, "offer", None)  # a card on offer is shown to everyone (Skarney)
    if offer:
        hidden.discard(offer["card"])
    return hidden


def card_ids(value: Any, key: str = "") -> Iterator[int]:
    """Every card a message names by id: card maps ({id, code}) and id lists of cards."""
    if isinstance(value, dict):
        if "id" in value and "code" in value and isinstance(value["id"], int):
            yield value["id"]
        for k, item in value.items():
            yield from card_ids(item, str(k))
    elif isinstance(value, list):
        if key in ("cards", "hand", "ids") and all(isinstance(i, int) for i in value):
            yield from value
        else:
            for item in value:
                yield from card_ids(item, key)


def wire(view: dict[str, Any]) -> dict[str, Any]:
    """A view as a client decodes it."""
    return decode_frame(server_frame("view", view=view))["view"]


def audit(game_name: str, seats: int, seed: int, options: dict[str, Any], log: list[Any],
          sessions: list[tuple[int | None, list[dict[str, Any]]]]) -> list[str]:
    """Check every kept message of every session against the replayed game."""
    by_seq: dict[int, list[tuple[int | None, dict[str, Any]]]] = defaultdict(list)
    problems: list[str] = []
    for seat, messages in sessions:
        seq = 0
        for message in messages:
            if message.get("t") in ("view", "events"):
                seq = message["seq"]
            by_seq[seq].append((seat, message))
    game = engine.create_game(game_name, seats, seed, options)
    # Cards an event named while they lay face up on the pile: everyone saw them then,
    # and the moves a session is shown (`recent`) may name them after they are covered
    # (Canastone's starting face-up cards under the top, CN-D4, are named at the start).
    announced = set(card_ids(game.events)) & set(game.discard)
    checked = 0
    for n in range(len(log) + 1):
        if n:
            announced |= set(card_ids(game.apply(*log[n - 1]))) & set(game.discard)
        views: dict[int | None, dict[str, Any]] = {}
        for seat, message in by_seq.get(n, []):
            checked += 1
            where = f"{game_name} seed {seed} action {n} seat {seat} {message['t']}"
            if message["t"] == "view":
                if message.get("seat") != seat:
                    problems.append(f"{where}: a view for seat {message.get('seat')}")
                if seat not in views:
                    views[seat] = wire(game.view(seat))
                if message["view"] != views[seat]:
                    problems.append(f"{where}: differs from the engine's view")
            leaked = set(card_ids(message)) & hidden_ids(game, seat) - announced
            if leaked:
                problems.append(f"{where}: names hidden cards {sorted(leaked)}")
    if checked != sum(len(m) for _, m in sessions):
        problems.append(f"{game_name} seed {seed}: frames after the last action were sent")
    return problems


async def play_one(host: Host, game_name: str, seats: int, seed: int, options: dict[str, Any],
                   tag: str) -> dict[str, Any]:
    """One game: seats played by programs, spectators watching; returns the audit."""
    port = host.port
    players = [await MeldhallClient.connect("127.0.0.1", port, f"{tag}p{s}")
               for s in range(seats)]
    watchers = [await MeldhallClient.connect("127.0.0.1", port, f"{tag}w{k}")
                for k in range(SPECTATORS)]
    try:
        players[0].send("create", game=game_name, seats=seats, seed=seed, options=options)
        table_id = (await players[0].wait_for("joined"))["table"]
        for seat in range(1, seats):
            players[seat].send("sit", table=table_id, seat=seat)
            await players[seat].wait_for("joined")
        for watcher in watchers:
            watcher.send("watch", table=table_id)
            await watcher.wait_for("joined")
        for client in players:
            client._cursor = 0
        await asyncio.wait_for(asyncio.gather(
            *(play_seat(c, s, seed + s) for s, c in enumerate(players))), 600)
        table = host.lobby.tables[table_id]
        await table.barrier()
        await asyncio.sleep(0.2)  # the last frames on their way
        log = list(table.game.log)
        sessions = [(s, list(c.received)) for s, c in enumerate(players)]
        sessions += [(None, list(w.received)) for w in watchers]
    finally:
        for client in players + watchers:
            client.close()
    problems = audit(game_name, seats, seed, options, log, sessions)
    return {"game": game_name, "seed": seed, "options": options, "seats": seats, "log": log,
            "sessions": sessions, "actions": len(log),
            "frames": sum(len(m) for _, m in sessions), "problems": problems}
