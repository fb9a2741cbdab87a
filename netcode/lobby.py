"""The lobby: every table, every session, and the requests that move people between them.

The lobby owns the registry and the store; tables own their games. Handlers run
on the loop and never touch a Game: creating or restoring one goes through a worker
thread, and everything after that goes through the table's queue. The engine is
the only judge of games, seat counts and options; the lobby passes its refusal
(with the rule id) back to the player unchanged.
"""

from __future__ import annotations

import asyncio
import logging
import random
import unicodedata
from typing import Any

import engine
from netcode.identity import Identity, display_name
from netcode.protocol import CHAT_MAX, Handler, error_frame, server_frame
from netcode.session import Session
from netcode.store import Store
from netcode.table import Occupant, Table

log = logging.getLogger(__name__)

BOT_KINDS = ("random",)


class Lobby:
    """Tables, sessions and the lobby requests of the protocol."""

    def __init__(self, store: Store, *, bot_delay: float = 1.0,
                 allow_client_seeds: bool = False, open_hands: bool = False) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.allow_client_seeds = allow_client_seeds
        self.open_hands = open_hands
        self.tables: dict[int, Table] = {}
        self.sessions: set[Session] = set()
        self._lobby_pending = False
        self._last_lobby: bytes | None = None  # the listing everyone was last sent

    # start and stop
    async def restore(self) -> None:
        """Rebuild every stored table by replaying its log; call before accepting connections."""
        for record in await asyncio.to_thread(self.store.load_tables):
            try:
                game = await asyncio.to_thread(
                    engine.replay, record.game, record.seats, record.seed,
                    record.options, record.log,
                )
            except Exception:
                log.exception("table %s could not be restored; skipping it", record.id)
                continue
            table = self._new_table(record.id, record.game, record.seats, record.seed,
                                    record.options, game, record.round)
            user_ids = [s.user_id for s in record.seat_records.values() if s.user_id]
            names = self.store.user_names(user_ids) if user_ids else {}
            for seat, rec in record.seat_records.items():
                name = names.get(rec.user_id or "")
                table.occupants[seat] = Occupant(
                    rec.user_id, display_name(rec.user_id, name) if name else None, rec.bot)
            table.start()
            log.info("restored table %s (%s) at action %s", record.id, record.game,
                     len(record.log))

    async def shutdown(self) -> None:
        for session in list(self.sessions):
            session.close("the host is shutting down")
        for table in list(self.tables.values()):
            await table.stop()

    def _new_table(self, table_id: int, game_name: str, seats: int, seed: int,
                   options: dict[str, Any], game: Any, round_no: int = 1) -> Table:
        table = Table(table_id, game_name, seats, seed, options, game, self.store,
                      round_no=round_no, bot_delay=self.bot_delay,
                      open_hands=self.open_hands, on_change=lambda _t: self._lobby_changed())
        self.tables[table_id] = table
        return table

    # sessions (who a login is: netcode.registry)
    def open_session(self, identity: Identity) -> Session:
        """A new connection: replaces an older one of the same player, then rejoins their seat."""
        for old in [s for s in self.sessions if s.user_id == identity.user_id]:
            old.close("replaced by a newer connection")
        session = Session(self, identity)
        self.sessions.add(session)
        session.put(self._welcome(session))
        seat = self._held_seat(identity.user_id)
        if seat is not None:
            self._join(session, seat[0], seat[1])
        else:
            session.put(self.lobby_frame(), replace_key="lobby")
        return session

    def session_closed(self, session: Session) -> None:
        self.sessions.discard(session)
        if session.table is not None:
            session.table.detach(session)
            session.table = None

    def _held_seat(self, user_id: str) -> tuple[Table, int] | None:
        for table_id in sorted(self.tables, reverse=True):
            table = self.tables[table_id]
            seat = table.seat_of(user_id)
            if seat is not None and not table.over:
                return table, seat
        return None

    def _welcome(self, session: Session) -> bytes:
        fields: dict[str, Any] = {"name": session.name, "user": session.user_id,
                                  "server": "meldhall"}
        if session.identity.code is not None:
            fields["code"] = session.identity.code
        return server_frame("welcome", **fields)

    # lobby listing
    def lobby_frame(self) -> bytes:
        tables = [
            {
                "id": t.id,
                "game": t.game_name,
                "title": engine.GAMES[t.game_name].title,
                "seats": t.seats,
                "players": t.players(),
                "spectators": sum(1 for s in t.watchers.values() if s is None),
                "state": t.state,
                "round": t.round,
                "options": t.options,
            }
            for t in sorted(self.tables.values(), key=lambda t: t.id)
        ]
        games = [
            {"name": info.name, "title": info.title, "seats": list(info.seats),
             "options": dict(info.options), "option_help": dict(info.option_help)}
            for info in (engine.GAMES[name] for name in sorted(engine.GAMES))
        ]
        return server_frame("lobby", tables=tables, games=games, bots=list(BOT_KINDS))

    def _lobby_changed(self) -> None:
        """Coalesce lobby updates: one listing per loop turn, whatever changed."""
        if self._lobby_pending:
            return
        self._lobby_pending = True
        asyncio.get_running_loop().call_soon(self._send_lobby)

    def _send_lobby(self) -> None:
        """Send the listing to everyone, unless it is the one they already have.

        Every move at every table asks for a listing, and almost none changes it: a
        listing sent to every session (and decoded and laid out by every screen) for
        each move would cost more than the move's own view. A newcomer gets the current
        listing when its session opens.
        """
        self._lobby_pending = False
        if not self.sessions:
            self._last_lobby = None  # whoever comes next is sent the listing of then
            return
        frame = self.lobby_frame()
        if frame == self._last_lobby:
            return
        self._last_lobby = frame
        for session in list(self.sessions):
            session.put(frame, replace_key="lobby")

    # joining and leaving
    def _join(self, session: Session, table: Table, seat: int | None) -> None:
        if session.table is not None:
            session.table.detach(session)
        session.table, session.seat = table, seat
        session.put(server_frame("joined", table=table.id, seat=seat, game=table.game_name,
                                 seats=table.seats,
                                 role="spectator" if seat is None else "player"))
        table.attach(session, seat)

    def _table(self, session: Session, table_id: int) -> Table | None:
        table = self.tables.get(table_id)
        if table is None:
            session.put(error_frame("no_table", f"There is no table {table_id}."))
        return table

    def _current(self, session: Session, *, seated: bool) -> Table | None:
        if session.table is None:
            session.put(error_frame("not_at_table", "You are not at a table."))
            return None
        if seated and session.seat is None:
            session.put(error_frame("spectator", "Spectators cannot do that."))
            return None
        return session.table

    # protocol handlers
    def handlers(self, session: Session) -> dict[str, Handler]:
        """The tag → handler table for one session."""

        def bind(method: Any) -> Handler:
            async def handler(message: dict[str, Any]) -> None:
                await method(session, message)

            return handler

        return {
            "hello": bind(self.on_hello), "list": bind(self.on_list),
            "create": bind(self.on_create), "sit": bind(self.on_sit),
            "watch": bind(self.on_watch), "leave": bind(self.on_leave),
            "add_bot": bind(self.on_add_bot), "remove_bot": bind(self.on_remove_bot),
            "action": bind(self.on_action), "again": bind(self.on_again),
            "ping": bind(self.on_ping), "chat": bind(self.on_chat),
        }

    async def on_hello(self, session: Session, message: dict[str, Any]) -> None:
        session.put(self._welcome(session))

    async def on_list(self, session: Session, message: dict[str, Any]) -> None:
        session.put(self.lobby_frame(), replace_key="lobby")

    async def on_ping(self, session: Session, message: dict[str, Any]) -> None:
        session.put(server_frame("pong", ref=message.get("ref")))

    async def on_create(self, session: Session, message: dict[str, Any]) -> None:
        name, seats = message["game"], message["seats"]
        options = message.get("options") or {}
        if name not in engine.GAMES:
            session.put(error_frame("unknown_game", f"There is no game called {name!r}."))
            return
        seed = message.get("seed")
        if not (self.allow_client_seeds and isinstance(seed, int)):
            seed = random.SystemRandom().randrange(1, 2**31)
        try:
            game = await asyncio.to_thread(engine.create_game, name, seats, seed, options)
        except engine.EngineError as exc:
            session.put(error_frame("invalid", str(getattr(exc, "message", exc)),
                                    rule=getattr(exc, "rule", None)))
            return
        table_id = await asyncio.to_thread(self.store.create_table, name, seats, seed, options)
        if session.closed:
            return
        table = self._new_table(table_id, name, seats, seed, options, game)
        table.start()
        if message.get("sit", True):
            table.set_occupant(0, Occupant(session.user_id, session.name))
            self._join(session, table, 0)
        self._lobby_changed()

    async def on_sit(self, session: Session, message: dict[str, Any]) -> None:
        table = self._table(session, message["table"])
        if table is None:
            return
        seat = table.seat_of(session.user_id)
        if seat is None:
            wanted = message.get("seat")
            free = [s for s, occ in enumerate(table.occupants) if occ.free]
            if wanted is None:
                if not free:
                    session.put(error_frame("table_full", "Every seat at that table is taken."))
                    return
                seat = free[0]
            elif not 0 <= wanted < table.seats or wanted not in free:
                session.put(error_frame("seat_taken", f"Seat {wanted} is not free."))
                return
            else:
                seat = wanted
            table.set_occupant(seat, Occupant(session.user_id, session.name))
        self._join(session, table, seat)

    async def on_watch(self, session: Session, message: dict[str, Any]) -> None:
        table = self._table(session, message["table"])
        if table is not None:
            self._join(session, table, None)

    async def on_leave(self, session: Session, message: dict[str, Any]) -> None:
        table = self._current(session, seated=False)
        if table is None:
            return
        if session.seat is not None:
            table.set_occupant(session.seat, Occupant())
        table.detach(session)
        session.table, session.seat = None, None
        session.put(server_frame("left", table=table.id))
        session.put(self.lobby_frame(), replace_key="lobby")

    async def on_add_bot(self, session: Session, message: dict[str, Any]) -> None:
        table = self._current(session, seated=False)
        if table is None:
            return
        kind = message.get("kind", "random")
        if kind not in BOT_KINDS:
            session.put(error_frame("unknown_bot", f"There is no bot called {kind!r}."))
            return
        free = [s for s, occ in enumerate(table.occupants) if occ.free]
        seat = message.get("seat")
        if seat is None:
            if not free:
                session.put(error_frame("table_full", "Every seat at this table is taken."))
                return
            seat = free[0]
        elif seat not in free:
            session.put(error_frame("seat_taken", f"Seat {seat} is not free."))
            return
        table.set_occupant(seat, Occupant(bot=kind))

    async def on_remove_bot(self, session: Session, message: dict[str, Any]) -> None:
        table = self._current(session, seated=False)
        if table is None:
            return
        seat = message["seat"]
        if not 0 <= seat < table.seats or table.occupants[seat].bot is None:
            session.put(error_frame("no_bot", f"Seat {seat} has no bot."))
            return
        table.set_occupant(seat, Occupant())

    async def on_action(self, session: Session, message: dict[str, Any]) -> None:
        table = self._current(session, seated=False)
        if table is not None:
            table.submit(session, session.seat, message["action"], message.get("ref"))

    async def on_again(self, session: Session, message: dict[str, Any]) -> None:
        table = self._current(session, seated=False)
        if table is not None:
            table.play_again(session)

    async def on_chat(self, session: Session, message: dict[str, Any]) -> None:
        table = self._current(session, seated=False)
        if table is None:
            return
        text = "".join(ch for ch in message["text"]
                       if not unicodedata.category(ch).startswith("C")).strip()[:CHAT_MAX]
        if text:
            table.chat(session.name, text)
