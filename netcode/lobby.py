"""The lobby: every table, every session, and the requests that move people between them.

The lobby owns the registry and the store; tables own their games. Handlers run
on the loop and never touch a Game: creating or restoring one goes through a worker
thread, and everything after that goes through the table's queue. The engine is
the only judge of games, seat counts and options; the lobby passes its refusal
(with the rule id) back to the player unchanged.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import unicodedata
import weakref
from collections import OrderedDict, deque
from dataclasses import dataclass
from typing import Any

import engine
from netcode.framing import EncodeError
from netcode.identity import Identity, display_name
from netcode.protocol import CHAT_MAX, Handler, error_frame, server_frame
from netcode.records import build_record, loads, text_record
from netcode.session import REPLACED, SHUTTING_DOWN, Session
from netcode.store import Store
from netcode.table import (
    BOT_LEVELS,
    TABLE_SETTINGS,
    TABLE_SETTINGS_CHOICES,
    TABLE_SETTINGS_HELP,
    Occupant,
    Table,
    new_seed,
    replayed,
)

log = logging.getLogger(__name__)

BOT_KINDS = BOT_LEVELS
PEOPLE_DELAY = 1.0
"""Seconds within which arrivals and departures share one lobby listing."""
RECORD_TEXT_MAX = 150_000
"""Characters of a text record sent in one frame (the frame limit is 256 KiB)."""
RECORDS_KEPT = 16
"""Finished games' record frames kept (each is made once, however often it is asked for)."""
LOBBY_CHAT_KEPT = 12
PEOPLE_REMEMBERED = 1024
"""People gone whom the lobby keeps something for until they come back (the table they
watched, a word about their seat): the room's bound on each such map."""


def remember_person(kept: dict[str, Any], user_id: str, value: Any) -> None:
    """`kept[user_id] = value`, the newest last, the oldest dropped past the bound."""
    kept.pop(user_id, None)
    kept[user_id] = value
    while len(kept) > PEOPLE_REMEMBERED:
        del kept[next(iter(kept))]
"""The lobby's last chat lines, shown to whoever comes into the lobby."""
LOBBY_CHAT_GAP = 1.0
"""Seconds between one person's lines in the lobby chat: each goes to everyone there, so
one person pasting line after line would fill every screen in the room."""


def changed_settings(table: Table) -> dict[str, Any]:
    """The table's own options that differ from the host's defaults (a 90 s clock after
    which a bot takes the seat was said nowhere a joiner could see, play-test)."""
    return {k: v for k, v in table.settings.items() if TABLE_SETTINGS.get(k) != v}


@dataclass(frozen=True, slots=True)
class LobbyLimits:
    """How much of the room one person, and everyone together, may hold (docs/security.md)."""

    max_tables: int = 200
    """Open tables in the whole room; past it, `create` is refused until one ends or expires."""
    tables_per_player: int = 3
    """Unfinished tables one identity may have created and not yet seen expire."""
    empty_table_ttl: float = 600.0
    """Seconds a table with nobody at it and no person seated (or a finished one) is kept."""
    abandoned_table_ttl: float = 7 * 24 * 3600.0
    """Seconds a table nobody has been at is kept even with people's seats held."""
    page_size: int = 25
    """Tables in one lobby listing; more are reached by page, so a listing fits a frame."""
    people_shown: int = 60
    """People named in a listing (the rest are counted), so it still fits a frame."""


class Lobby:
    """Tables, sessions and the lobby requests of the protocol."""

    def __init__(self, store: Store, *, bot_delay: float = 1.0,
                 allow_client_seeds: bool = False, open_hands: bool = False,
                 limits: LobbyLimits | None = None) -> None:
        self.store = store
        self.limits = limits or LobbyLimits()
        self.bot_delay = bot_delay
        self.allow_client_seeds = allow_client_seeds
        self.open_hands = open_hands
        self.tables: dict[int, Table] = {}
        self.sessions: set[Session] = set()
        self.closed_sessions = 0
        """Sessions ended since start-up (``netcode.collector`` reclaims after churn)."""
        self._lobby_pending = False
        self._people_pending: asyncio.TimerHandle | None = None
        self._last_lobby: dict[Session, bytes] = {}  # the listing each session was last sent
        self._left_on_purpose: set[tuple[int, str]] = set()
        self._watched_when_gone: dict[str, int] = {}
        """The table each spectator whose connection ended was watching (the latest last),
        for `open_session` to take them back to it."""
        self._seat_opened: dict[str, str] = {}
        """What a person whose seat was opened while they were away is told on coming
        back (in the lobby, as a line of its chat from the host)."""
        self._restored: dict[int, tuple[int, set[str]]] = {}
        """Tables restored at start: the move they were restored at, and who has been told
        since (see `_join`)."""
        """(table, person) where the person left their kept seat on purpose."""
        self._lobby_said: deque[tuple[str, str]] = deque(maxlen=LOBBY_CHAT_KEPT)
        """The lobby's last chat lines (name, text), for whoever comes in."""
        self._lobby_said_at: weakref.WeakKeyDictionary[Session, float] = \
            weakref.WeakKeyDictionary()
        self._records: OrderedDict[tuple[int, int, int, bool], bytes] = OrderedDict()

    # start and stop
    async def restore(self) -> None:
        """Rebuild every stored table by replaying its log; call before accepting connections."""
        finished = await asyncio.to_thread(self.store.finished_tables)
        for record in await asyncio.to_thread(self.store.load_tables):
            try:
                game, recent = await asyncio.to_thread(replayed, record)
            except Exception:
                log.exception("table %s could not be restored; skipping it", record.id)
                continue
            table = self._new_table(record.id, record.game, record.seats, record.seed,
                                    record.options, game, record.round, record.creator,
                                    record.settings)
            user_ids = [u for s in record.seat_records.values()
                        for u in (s.user_id, s.played_user) if u]
            names = self.store.user_names(user_ids) if user_ids else {}

            def occupant(user_id: str | None, bot: str | None,
                         names: dict[str, str] = names) -> Occupant:
                name = names.get(user_id or "")
                return Occupant(user_id, display_name(user_id, name) if name else None, bot)

            for seat, rec in record.seat_records.items():
                table.occupants[seat] = occupant(rec.user_id, rec.bot)
                table.played[seat] = occupant(rec.played_user, rec.played_bot)
                if rec.covered:
                    table.covered[seat] = list(rec.covered)
                if rec.left and rec.user_id is not None:  # (kept across a restart)
                    self._left_on_purpose.add((record.id, rec.user_id))
            table.has_finished = record.id in finished
            table.remember(recent, record.chat)
            self._restored[table.id] = (table.seq, set())
            table.start()
            log.info("restored table %s (%s) at action %s", record.id, record.game,
                     len(record.log))

    async def shutdown(self) -> None:
        for session in list(self.sessions):
            session.close(SHUTTING_DOWN)
        for table in list(self.tables.values()):
            await table.stop()

    def _new_table(self, table_id: int, game_name: str, seats: int, seed: int,
                   options: dict[str, Any], game: Any, round_no: int = 1,
                   creator: str | None = None,
                   settings: dict[str, Any] | None = None) -> Table:
        table = Table(table_id, game_name, seats, seed, options, game, self.store,
                      round_no=round_no, creator=creator, settings=settings,
                      bot_delay=self.bot_delay,
                      open_hands=self.open_hands, on_change=lambda _t: self._lobby_changed())
        self.tables[table_id] = table
        return table

    # sessions (who a login is: netcode.registry)
    def open_session(self, identity: Identity) -> Session:
        """A new connection: replaces an older one of the same player, then rejoins their seat."""
        watched = self._watched_when_gone.pop(identity.user_id, None)
        for old in [s for s in self.sessions if s.user_id == identity.user_id]:
            if old.table is not None and old.seat is None:
                watched = old.table.id
            old.close(REPLACED)
        session = Session(self, identity)
        self.sessions.add(session)
        session.put(self._welcome(session))
        seat = self._held_seat(identity.user_id)
        if seat is not None:
            self._join(session, seat[0], seat[1])
        elif watched in self.tables:
            # Back to the table they were watching, as a player is back at their seat
            # (play-test: a spectator back from a drop had to find it again).
            self._join(session, self.tables[watched], None)
        else:
            frame = self._last_lobby[session] = self.lobby_frame(session)
            session.put(frame, replace_key="lobby")
            self._lobby_chat_so_far(session)
        opened = self._seat_opened.pop(identity.user_id, None)
        if opened is not None:
            session.put(server_frame("chat", lobby=True, name="meldhall", text=opened))
        if seat is None:
            held = sorted(t.id for t in self.tables.values()
                          if not t.over and t.seat_of(identity.user_id) is not None)
            if held:
                # (seats left on purpose mid-deal: back in the lobby after a restart, they
                # showed only as "bob (away)" on another page, play-test)
                said = ", ".join(map(str, held))
                session.put(server_frame(
                    "chat", lobby=True, name="meldhall",
                    text=f"Your seat is kept at table{'s' if len(held) > 1 else ''} {said}: "
                         "j on it to play on."))
        self._people_changed()  # everyone else in the lobby sees the newcomer
        return session

    def session_closed(self, session: Session) -> None:
        self.closed_sessions += 1
        self.sessions.discard(session)
        self._last_lobby.pop(session, None)
        self._people_changed()
        if session.table is not None and session.seat is None \
                and session.close_reason != REPLACED:
            remember_person(self._watched_when_gone, session.user_id, session.table.id)
        if session.table is not None:
            session.table.detach(session)
            session.table = None

    def _held_seat(self, user_id: str) -> tuple[Table, int] | None:
        """The seat a new connection goes straight back to: one held for the person at a
        game under way, unless they left it on purpose (q): then the lobby, where j sits
        there again (play-test: back after leaving, they were put at that table)."""
        for table_id in sorted(self.tables, reverse=True):
            if (table_id, user_id) in self._left_on_purpose:
                continue
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
    def lobby_frame(self, session: Session | None = None) -> bytes:
        """One page of the listing: tables with open seats first, then games on, then over.

        A page holds at most ``page_size`` tables, each of bounded size (names, seats and
        engine-checked options), so the listing fits a frame however many tables the store
        holds, and every new connection reaches the lobby.
        """
        ordered = sorted(self.tables.values(),
                         key=lambda t: ({"waiting": 0, "playing": 1, "over": 2}[t.state], t.id))
        size = self.limits.page_size
        pages = max(1, -(-len(ordered) // size))
        page = min(session.lobby_page if session is not None else 0, pages - 1)
        tables = [
            {
                "id": t.id,
                "game": t.game_name,
                "title": engine.GAMES[t.game_name].title,
                "seats": t.seats,
                "players": t.players(),
                "spectators": sum(1 for s in t.watchers.values() if s is None),
                "state": t.state,
                "started": t.seq > 0,
                "replay": t.over or t.has_finished,
                "round": t.round,
                "options": t.options,
                "settings": changed_settings(t),
            }
            for t in ordered[page * size:(page + 1) * size]
        ]
        games = [
            {"name": info.name, "title": info.title, "seats": list(info.seats),
             "usual_seats": info.usual_seats, "options": dict(info.options),
             "option_help": dict(info.option_help)}
            for info in (engine.GAMES[name] for name in sorted(engine.GAMES))
        ]
        people = self.people()
        return server_frame("lobby", tables=tables, games=games, bots=list(BOT_KINDS),
                            table_options=TABLE_SETTINGS, table_option_help=TABLE_SETTINGS_HELP,
                            table_option_choices=TABLE_SETTINGS_CHOICES,
                            page=page, pages=pages, total=len(ordered),
                            people=people[:self.limits.people_shown],
                            people_total=len(people))

    def people(self) -> list[dict[str, Any]]:
        """Who is in the room: each connected person and where, and seated people away."""
        out: dict[str, dict[str, Any]] = {}
        for session in self.sessions:
            place: dict[str, Any] = {"name": session.name, "table": None, "away": False}
            if session.table is not None:
                place["table"] = session.table.id
                place["watching"] = session.seat is None
            out[session.user_id] = place
        for table in self.tables.values():
            if table.over:
                continue
            for occ in table.occupants:
                if occ.user_id is not None and occ.user_id not in out:
                    out[occ.user_id] = {"name": occ.name or "?", "table": table.id,
                                        "away": True}
        return sorted(out.values(), key=lambda p: (p["name"].lower(), p["table"] or 0))

    def _lobby_changed(self) -> None:
        """Coalesce lobby updates: one listing per loop turn, whatever changed."""
        if self._lobby_pending:
            return
        self._lobby_pending = True
        # A fresh context: called from a screen's task, the callback would otherwise
        # hold that screen's context (its App) until it runs.
        asyncio.get_running_loop().call_soon(self._send_lobby, context=contextvars.Context())

    def _people_changed(self) -> None:
        """Someone came or went: the lobby's people line is due, but not at once.

        Every arrival changes every lobby screen's text; sent at once, a burst of
        arrivals would cost the square of the people in the lobby. Within PEOPLE_DELAY
        all arrivals share one listing (a table's change sends it sooner, and it names
        them too).
        """
        if self._people_pending is None and not self._lobby_pending:
            self._people_pending = asyncio.get_running_loop().call_later(
                PEOPLE_DELAY, self._send_lobby, context=contextvars.Context())

    def _send_lobby(self) -> None:
        """Send each session its page, unless it is the one it already has.

        Every move at every table asks for a listing, and almost none changes it: a
        listing sent to every session (and decoded and laid out by every screen) for
        each move would cost more than the move's own view. Sessions that see the same
        page share one encoded frame.
        """
        self._lobby_pending = False
        if self._people_pending is not None:
            self._people_pending.cancel()
            self._people_pending = None
        built: dict[int, bytes] = {}
        for session in list(self.sessions):
            if session.table is not None:
                # At a table the listing is not on screen, yet a screen would lay it out
                # all the same: filling a room then cost every seated screen a relayout
                # per newcomer (the square of the room). ``on_leave`` sends a fresh one.
                self._last_lobby.pop(session, None)
                continue
            frame = built.get(session.lobby_page)
            if frame is None:
                frame = built[session.lobby_page] = self.lobby_frame(session)
            if self._last_lobby.get(session) != frame:
                self._last_lobby[session] = frame
                session.put(frame, replace_key="lobby")

    def expire_tables(self, now: float) -> list[int]:
        """Forget tables nobody is at: empty or finished ones soon, any after a long while."""
        gone = []
        for table in list(self.tables.values()):
            if table.idle_since is None:
                continue
            idle = now - table.idle_since
            empty = table.over or not table.has_person()
            if idle >= (self.limits.empty_table_ttl if empty
                        else self.limits.abandoned_table_ttl):
                gone.append(table)
        for table in gone:
            self._forget(table)
        return [t.id for t in gone]

    def _forget(self, table: Table, why: str = "expired") -> None:
        """The table goes: from the room, its task, and the database."""
        del self.tables[table.id]
        self._restored.pop(table.id, None)
        self._left_on_purpose = {e for e in self._left_on_purpose if e[0] != table.id}
        asyncio.get_running_loop().create_task(table.stop())
        self.store.delete_table(table.id)
        log.info("table %s %s", table.id, why)
        self._lobby_changed()

    # joining and leaving
    def _join(self, session: Session, table: Table, seat: int | None) -> None:
        if (table.id, session.user_id) in self._left_on_purpose:
            self._left_on_purpose.discard((table.id, session.user_id))
            held = table.seat_of(session.user_id)
            if held is not None:
                self.store.set_left(table.id, held, False)
        if session.table is not None:
            session.table.detach(session)
        session.table, session.seat = table, seat
        # Watching a table where a bot plays the person's kept seat: the screen offers it
        # back (they had to go to the lobby and sit there again, play-test).
        held = table.seat_of(session.user_id) if seat is None else None
        session.put(server_frame("joined", table=table.id, seat=seat, game=table.game_name,
                                 seats=table.seats,
                                 role="spectator" if seat is None else "player",
                                 creator=session.user_id == table.creator,
                                 options=table.options, settings=changed_settings(table),
                                 held=held))
        restored = self._restored.get(table.id)
        if restored is not None and (restored[0] != table.seq or table.over):
            del self._restored[table.id]  # (it has moved on: nobody needs telling now)
            restored = None
        if restored is not None and session.user_id not in restored[1]:
            # (back after kill -9, nothing said the host had restarted, play-test; said
            # until the game moves on, to each person once)
            restored[1].add(session.user_id)
            session.put(server_frame("chat", table=table.id, name="meldhall",
                                     text="The host was restarted; the game goes on from "
                                          "its last move."))
        table.attach(session, seat)

    def _table(self, session: Session, table_id: int) -> Table | None:
        table = self.tables.get(table_id)
        if table is None:
            session.put(error_frame("no_table", f"There is no table {table_id}."))
        return table

    def _manager(self, session: Session, what: str) -> Table | None:
        """The session's table, if it may change seats or start a game there.

        Seated players may, and the table's creator while watching; a spectator only
        watches and chats.
        """
        table = self._current(session, seated=False)
        if table is None:
            return None
        if session.seat is None and session.user_id != table.creator:
            session.put(error_frame("spectator", f"Spectators cannot {what}."))
            return None
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
            "open_seat": bind(self.on_open_seat),
            "action": bind(self.on_action), "again": bind(self.on_again),
            "record": bind(self.on_record), "take_back": bind(self.on_take_back),
            "ready": bind(self.on_ready), "close": bind(self.on_close),
            "ping": bind(self.on_ping), "chat": bind(self.on_chat),
        }

    async def on_hello(self, session: Session, message: dict[str, Any]) -> None:
        session.put(self._welcome(session))

    async def on_list(self, session: Session, message: dict[str, Any]) -> None:
        session.lobby_page = message.get("page", session.lobby_page)
        frame = self.lobby_frame(session)
        self._last_lobby[session] = frame
        session.put(frame, replace_key="lobby")

    async def on_ping(self, session: Session, message: dict[str, Any]) -> None:
        session.put(server_frame("pong", ref=message.get("ref")))

    async def on_create(self, session: Session, message: dict[str, Any]) -> None:
        name, seats = message["game"], message["seats"]
        options = message.get("options") or {}
        if name not in engine.GAMES:
            session.put(error_frame("unknown_game", f"There is no game called {name!r}."))
            return
        refusal = self._table_cap(session.user_id, make_room=False)
        if refusal is not None:
            session.put(error_frame("too_many_tables", refusal))
            return
        given = message.get("table") or {}
        for option, words in TABLE_SETTINGS_CHOICES.items():  # (the first word: the default)
            if given.get(option, words[0]) not in words:
                session.put(error_frame("invalid", f"{option} must be one of "
                                                   f"{', '.join(words)}."))
                return
        seed = message.get("seed")
        if not (self.allow_client_seeds and isinstance(seed, int)):
            seed = new_seed()
        try:
            game = await asyncio.to_thread(engine.create_game, name, seats, seed, options)
        except engine.EngineError as exc:
            session.put(error_frame("invalid", str(getattr(exc, "message", exc)),
                                    rule=getattr(exc, "rule", None)))
            return
        before = set(self.tables)
        refusal = self._table_cap(session.user_id)  # again: others may have created meanwhile
        if refusal is not None:
            session.put(error_frame("too_many_tables", refusal))
            return
        gave_way = sorted(before - set(self.tables))  # (an empty one of theirs, `_table_cap`)
        settings = {**TABLE_SETTINGS, **(message.get("table") or {})}
        table_id = await asyncio.to_thread(self.store.create_table, name, seats, seed, options,
                                           session.user_id, settings)
        table = self._new_table(table_id, name, seats, seed, options, game,
                                creator=session.user_id, settings=settings)
        table.start()
        if session.closed:
            self._lobby_changed()
            return
        if message.get("sit", True):
            table.set_occupant(0, Occupant(session.user_id, session.name))
            self._join(session, table, 0)
        if gave_way:
            # (the table vanished from the list with no word, play-test)
            table.chat("meldhall", f"Your empty table {gave_way[0]} was closed to make room "
                                   f"for this one ({self.limits.tables_per_player} open "
                                   "tables each).")
        self._lobby_changed()

    def _table_cap(self, user_id: str, make_room: bool = True) -> str | None:
        """Why this person may not open another table now, or None (an empty table they
        left gives way to the new one: forgotten here with ``make_room``, which is asked
        only once nothing else can refuse the new table, as a refused request changes
        nothing)."""
        limits = self.limits
        if len(self.tables) >= limits.max_tables:
            return (f"The room is full ({limits.max_tables} tables): join one, or wait for "
                    "one to finish.")
        mine = [t for t in self.tables.values() if t.creator == user_id and not t.over]
        unused = [t for t in mine if t.creator_left and not t.game.log and not t.has_person()
                  and not t.watchers]
        if len(mine) >= limits.tables_per_player and unused:
            # An empty table of theirs with nothing played gives way to the new one: left
            # behind, it kept them from opening another until it expired (play-test).
            if make_room:
                self._forget(min(unused, key=lambda t: t.id), "gave way to a new one")
            return None
        if len(mine) >= limits.tables_per_player:
            ids = ", ".join(str(t.id) for t in sorted(mine, key=lambda t: t.id))
            # Leaving one kept the seat, so it still counted, and nothing said how to end
            # a game nobody else was playing (play-test: locked out for days).
            return (f"You already have {len(mine)} open tables ({ids}): finish one, or "
                    "close one nobody else plays at (D in the lobby).")
        return None

    async def on_close(self, session: Session, message: dict[str, Any]) -> None:
        """The creator closes their table for good, its game with it: only where nobody
        else holds a seat there and nobody is at it, so no one else's game is lost."""
        table = self._table(session, message["table"])
        if table is None:
            return
        where = f"table {table.id}"
        if table.creator != session.user_id:
            session.put(error_frame("not_yours", f"Only the person who opened {where} may "
                                                 "close it."))
            return
        others = [occ.name or "someone" for occ in table.occupants
                  if occ.user_id not in (None, session.user_id)]
        if others:
            session.put(error_frame("seated", f"{others[0]} holds a seat at {where}: it "
                                              "can be closed only with no one else seated."))
            return
        if table.watchers:
            session.put(error_frame("in_use", f"Someone is at {where} now: it can be closed "
                                              "only when nobody is there."))
            return
        self._forget(table, "closed by its creator")

    async def on_sit(self, session: Session, message: dict[str, Any]) -> None:
        table = self._table(session, message["table"])
        if table is None:
            return
        seat = self._take_seat(session, table, message.get("seat"))
        if seat is not None:
            self._join(session, table, seat)

    def _take_seat(self, session: Session, table: Table, wanted: int | None) -> int | None:
        """The session's seat at `table`: the one it holds, else `wanted` or the first free
        one, now its own; None, with the reason sent, when there is none for it."""
        seat = table.seat_of(session.user_id)
        if seat is not None:
            return seat
        free = [s for s, occ in enumerate(table.occupants) if occ.free]
        looked = table.seat_looked_at(session.user_id)
        if looked is not None and wanted in (None, looked) and looked in free:
            wanted = looked  # the seat whose cards they saw: theirs to take again
        elif looked is not None:
            session.put(error_frame(
                "seen_hand", f"You saw seat {looked}'s cards: you may sit only there until "
                             "this deal is over."))  # (one line at 80 columns)
            return None
        if wanted is None:
            if not free:
                # (named: the cursor may be on another table than one just opened, play-test)
                session.put(error_frame("table_full",
                                        f"Every seat at table {table.id} is taken."))
                return None
            seat = free[0]
        elif not 0 <= wanted < table.seats or wanted not in free:
            session.put(error_frame("seat_taken", f"Seat {wanted} is not free."))
            return None
        else:
            seat = wanted
        before = table.played[seat]
        table.set_occupant(seat, Occupant(session.user_id, session.name))
        if not table.seats_may_change and before.user_id not in (None, session.user_id):
            table.chat("meldhall", f"{session.name} takes over seat {seat} from "
                                   f"{before.name or 'its last player'}, with its hand.")
        return seat

    async def on_watch(self, session: Session, message: dict[str, Any]) -> None:
        """Watch a table; at one where the person holds a seat that waits for them, that
        seat (play-test: a player who had left mid-deal watched his own table, which
        waited for his move, with no hand and no way to make it). Where a bot plays the
        seat meanwhile, watching is watching: it took the seat back from the bot, and the
        player only wanted to watch (play-test); `sit` takes it back."""
        table = self._table(session, message["table"])
        if table is not None:
            seat = table.seat_of(session.user_id)
            self._join(session, table, None if seat in table.covering else seat)

    async def on_leave(self, session: Session, message: dict[str, Any]) -> None:
        table = self._current(session, seated=False)
        if table is None:
            return
        # Mid-deal the seat stays the player's, away, as on a dropped connection: freeing
        # it would hand their cards to whoever sat down next.
        kept = session.seat is not None and not table.seats_may_change
        if session.seat is not None and not kept:
            table.set_occupant(session.seat, Occupant())
        table.detach(session)
        table.creator_left = table.creator_left or session.user_id == table.creator
        if kept:  # (left on purpose: the next connection goes to the lobby, `_held_seat`)
            self._left_on_purpose.add((table.id, session.user_id))
            self.store.set_left(table.id, session.seat, True)
        session.table, session.seat = None, None
        session.put(server_frame("left", table=table.id, kept=kept))
        frame = self._last_lobby[session] = self.lobby_frame(session)
        session.put(frame, replace_key="lobby")
        self._lobby_chat_so_far(session)

    async def on_add_bot(self, session: Session, message: dict[str, Any]) -> None:
        table = self._manager(session, "add a bot")
        if table is None:
            return
        kind = message.get("kind") or table.settings["bot_level"]
        if kind not in BOT_KINDS:
            session.put(error_frame("unknown_bot", f"There is no bot level {kind!r}; levels "
                                                   f"are {', '.join(BOT_KINDS)}."))
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
        # Said at the table: a bot that came or went left no trace, and its level was on
        # no narrow screen (play-test).
        table.chat("meldhall", f"{session.name} added a {kind} bot at seat {seat}.")

    async def on_remove_bot(self, session: Session, message: dict[str, Any]) -> None:
        table = self._manager(session, "remove a bot")
        if table is None:
            return
        seat = message["seat"]
        if not 0 <= seat < table.seats or table.occupants[seat].bot is None:
            session.put(error_frame("no_bot", f"Seat {seat} has no bot."))
            return
        if not table.seats_may_change:
            session.put(error_frame("deal_on", "A bot can leave only between deals: its "
                                               "hand is in play."))
            return
        kind = table.occupants[seat].bot
        table.set_occupant(seat, Occupant())
        table.chat("meldhall", f"{session.name} removed the {kind} bot from seat {seat}.")

    async def on_open_seat(self, session: Session, message: dict[str, Any]) -> None:
        """The table's creator frees the seat of someone who is away, hand and all, so the
        game can go on with someone else; nobody else can."""
        table = self._current(session, seated=False)
        if table is None:
            return
        if session.user_id != table.creator:
            session.put(error_frame("not_creator", "Only the table's creator can open a "
                                                   "seat someone is away from."))
            return
        seat = message["seat"]
        present = {p["seat"]: p["present"] for p in table.players()}
        occupant = table.occupants[seat] if 0 <= seat < table.seats else None
        if occupant is None or occupant.user_id is None or present.get(seat):
            session.put(error_frame("not_away", f"Seat {seat} is not held by someone away."))
            return
        table.set_occupant(seat, Occupant())
        # (the table saw only the seat line change, and a newcomer's log gave the old
        # player's moves to the new one, play-test)
        table.chat("meldhall", f"{session.name} opened {occupant.name or f'seat {seat}'}'s "
                               f"seat {seat}: whoever sits there next plays its hand.")
        # ...and the person away, back, landed in the lobby with no word why (play-test).
        remember_person(self._seat_opened, occupant.user_id,
                        f"While you were away, {session.name} opened your seat {seat} at "
                        f"table {table.id} to others.")

    async def on_action(self, session: Session, message: dict[str, Any]) -> None:
        table = self._current(session, seated=False)
        if table is not None:
            table.submit(session, session.seat, message["action"], message.get("ref"))

    async def on_take_back(self, session: Session, message: dict[str, Any]) -> None:
        table = self._current(session, seated=False)
        if table is not None:
            table.take_back(session, session.seat)

    async def on_ready(self, session: Session, message: dict[str, Any]) -> None:
        table = self._current(session, seated=False)
        if table is not None:
            table.ready(session, session.seat)

    async def on_again(self, session: Session, message: dict[str, Any]) -> None:
        """A new game at the session's table, or, from the lobby, at the finished table it
        names, taking a seat there first: one request, so a refusal (the game is still on,
        every seat is taken) is the one answer the player sees."""
        here = session.table.id if session.table is not None else None
        if message.get("table", here) != here:
            table = self._table(session, message["table"])
            if table is None:
                return
            if not table.over:
                session.put(error_frame(
                    "not_over", "Only a finished game can be played again: j sits, w watches."))
                return
            seat = self._take_seat(session, table, None)
            if seat is None:
                return
            self._join(session, table, seat)
        table = self._manager(session, "start a new game")
        if table is not None:
            table.play_again(session)

    async def on_record(self, session: Session, message: dict[str, Any]) -> None:
        """A finished game's record: the text for the end screen, or the record itself for
        the lobby's replay. Not a moment before the game is over: it shows every hand."""
        if "table" in message:
            table = self._table(session, message["table"])
        else:
            table = self._current(session, seated=False)
        if table is None:
            return
        as_text = message.get("format", "text") != "json"
        if not table.over:
            # The last game played to the end before a play again, where there is one (the
            # lobby's v replays it); the game under way's comes once it is over.
            text = await asyncio.to_thread(self.store.last_finished, table.id) \
                if table.has_finished and not as_text else None
            earlier = loads(text) if text is not None else None
            if earlier is None:
                session.put(error_frame("not_over",
                                        "The record is ready once the game is over."))
                return
            session.put(self._record_message(table, {**earlier, "seed": str(earlier["seed"])}))
            return
        key = (table.id, table.round, table.seq, as_text)
        frame = self._records.get(key)
        if frame is None:
            frame = await self._record_frame(table, as_text)
            self._records[key] = frame
            while len(self._records) > RECORDS_KEPT:
                self._records.popitem(last=False)
        session.put(frame)

    async def _record_frame(self, table: Table, as_text: bool) -> bytes:
        """Made once per finished game and form: a record replays the whole game, and
        asking for it again and again must not cost the host that again and again."""
        names, covered = table.played_names(), table.played_covered()
        log = list(table.game.log)

        def make() -> dict[str, Any]:
            return build_record(table.game_name, table.seats, table.seed, table.options,
                                log, names, table=table.id, round_no=table.round,
                                covered=covered)

        record = await asyncio.to_thread(make)
        if as_text:
            text = await asyncio.to_thread(text_record, record)
            if len(text) > RECORD_TEXT_MAX:
                text = text[:RECORD_TEXT_MAX] + "\n... (cut here: `meldhall export` on the " \
                                                 "host gives the whole record)\n"
            return server_frame("record", table=table.id, text=text)
        # A table's seed has 128 bits (netcode.table.SEED_BITS) and msgpack carries 64:
        # on the wire the seed is its decimal string (`records.seed_of` reads either).
        return self._record_message(table, {**record, "seed": str(record["seed"])})

    @staticmethod
    def _record_message(table: Table, record: dict[str, Any]) -> bytes:
        try:
            return server_frame("record", table=table.id, record=record)
        except EncodeError:
            return error_frame("too_long", "This game is too long to replay here: "
                                           "`meldhall export` on the host gives it.")

    async def on_chat(self, session: Session, message: dict[str, Any]) -> None:
        """A line for the table the session is at, or else for everyone in the lobby."""
        text = "".join(ch for ch in message["text"]
                       if not unicodedata.category(ch).startswith("C")).strip()[:CHAT_MAX]
        if session.table is None:
            if text:
                self._lobby_chat(session, text)
            return
        if text:
            session.table.chat(session.name, text)

    def _lobby_chat(self, session: Session, text: str) -> None:
        now = asyncio.get_running_loop().time()
        if now - self._lobby_said_at.get(session, -LOBBY_CHAT_GAP) < LOBBY_CHAT_GAP:
            session.put(error_frame("slow_down", "The lobby chat takes one line a second "
                                                 "from each person; say it again."))
            return
        self._lobby_said_at[session] = now
        self._lobby_said.append((session.name, text))
        frame = server_frame("chat", lobby=True, name=session.name, text=text)
        for other in self.sessions:
            if other.table is None:
                other.put(frame)

    def _lobby_chat_so_far(self, session: Session) -> None:
        """The lobby's last lines, for someone coming into it."""
        for name, text in self._lobby_said:
            session.put(server_frame("chat", lobby=True, name=name, text=text, earlier=True))
