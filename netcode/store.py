"""SQLite persistence: users, tables, their options and seats, and each table's log.

The log of ``(seat, action)`` pairs is the whole truth about a game (the engine is
deterministic), so an action is committed here before anyone hears its result; on
start every table is rebuilt with ``engine.replay``. One connection serialised by
a lock: table tasks call in from worker threads (``asyncio.to_thread``) so a slow
disk never stalls the event loop. WAL with ``synchronous=NORMAL`` survives the
host process being killed, which is the failure a LAN host actually sees.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from netcode.framing import pack_plain, unpack_plain
from netcode.identity import hash_code, is_hashed, name_skeleton

SCHEMA_VERSION = 1

SCHEMA = """
CREATE TABLE IF NOT EXISTS users (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    code TEXT,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS names (
    name TEXT PRIMARY KEY,
    skeleton TEXT NOT NULL,
    user_id TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS names_by_skeleton ON names (skeleton);
CREATE TABLE IF NOT EXISTS tables (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    seats INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    options TEXT NOT NULL,
    round INTEGER NOT NULL DEFAULT 1,
    created REAL NOT NULL,
    creator TEXT,
    settings TEXT
);
CREATE TABLE IF NOT EXISTS seats (
    table_id INTEGER NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    user_id TEXT,
    bot TEXT,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS finished (
    table_id INTEGER PRIMARY KEY REFERENCES tables(id),
    round INTEGER NOT NULL,
    record TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    table_id INTEGER NOT NULL REFERENCES tables(id),
    idx INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action BLOB NOT NULL,
    PRIMARY KEY (table_id, idx)
);
CREATE TABLE IF NOT EXISTS chat (
    table_id INTEGER NOT NULL REFERENCES tables(id),
    number INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    name TEXT NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
);
"""


@dataclass(slots=True)
class SeatRecord:
    user_id: str | None = None
    bot: str | None = None
    covered: list[int] = field(default_factory=list)
    """Deals of this game in which a bot played for the seat's person."""
    played_user: str | None = None
    played_bot: str | None = None
    """Who last sat at the seat while this game was played (None and None: nobody, or a
    database from before it was kept): the record names them after they have left."""
    left: bool = False
    """Its person left it on purpose mid-deal (`Store.set_left`)."""


@dataclass(slots=True)
class TableRecord:
    id: int
    game: str
    seats: int
    seed: int
    options: dict[str, Any]
    round: int
    creator: str | None = None
    settings: dict[str, Any] = field(default_factory=dict)
    """The table's own options (the host's, not the game's: the turn clock)."""
    seat_records: dict[int, SeatRecord] = field(default_factory=dict)
    log: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    chat: list[tuple[int, int, str, str]] = field(default_factory=list)
    """The table's last chat lines: (number, the log's length when said, name, text)."""


class Store:
    """The host's database; every method is safe to call from any thread."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        try:
            self._open()
        except sqlite3.Error:
            self._db.close()
            raise

    def _open(self) -> None:
        """Check the file is a sound SQLite database, then set it up (raises sqlite3.Error)."""
        with self._lock:
            (verdict,) = self._db.execute("PRAGMA quick_check").fetchone()
            if verdict != "ok":
                raise sqlite3.DatabaseError(f"integrity check failed: {verdict}")
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.executescript(SCHEMA)
            columns = {row[1] for row in self._db.execute("PRAGMA table_info(tables)")}
            for column in ("creator", "settings"):  # a database from before they existed
                if column not in columns:
                    self._db.execute(f"ALTER TABLE tables ADD COLUMN {column} TEXT")
            seat_columns = {row[1] for row in self._db.execute("PRAGMA table_info(seats)")}
            for column in ("covered", "played_user", "played_bot", "left_on_purpose"):  # (as above)
                if column not in seat_columns:
                    self._db.execute(f"ALTER TABLE seats ADD COLUMN {column} TEXT")
            self._migrate()

    def _migrate(self) -> None:
        """Bring a database from an older meldhall up to date (``user_version``).

        Version 1 binds each name to one identity and hashes reclaim codes. A
        keyless player's name is theirs (it *is* their identity); a name used only
        by keys goes to the key that first used it. Codes stored in plain text
        before are hashed in place; their owners are given a new, long code the
        next time they reclaim their name.
        """
        (version,) = self._db.execute("PRAGMA user_version").fetchone()
        if version >= SCHEMA_VERSION:
            return
        self._db.execute("BEGIN")
        rows = self._db.execute(
            "SELECT id, name, code, created FROM users "
            "ORDER BY id NOT LIKE 'name:%', created, id"
        ).fetchall()
        for user_id, name, code, created in rows:
            self._db.execute(
                "INSERT OR IGNORE INTO names (name, skeleton, user_id, created) "
                "VALUES (?, ?, ?, ?)",
                (name.lower(), name_skeleton(name), user_id, created),
            )
            if code is not None and not is_hashed(code):
                self._db.execute("UPDATE users SET code = ? WHERE id = ?",
                                 (hash_code(code), user_id))
        self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        self._db.execute("COMMIT")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # users
    def get_user(self, user_id: str) -> tuple[str, str | None] | None:
        """(name, hashed reclaim code) of a known player."""
        with self._lock:
            row = self._db.execute(
                "SELECT name, code FROM users WHERE id = ?", (user_id,)
            ).fetchone()
        return None if row is None else (row[0], row[1])

    def name_owner(self, name: str) -> str | None:
        """The identity a name is bound to, if anyone has taken it (any case)."""
        with self._lock:
            row = self._db.execute(
                "SELECT user_id FROM names WHERE name = ?", (name.lower(),)
            ).fetchone()
        return None if row is None else str(row[0])

    def claim(self, user_id: str, name: str, code_hash: str | None = None) -> str | None:
        """Bind ``name`` to ``user_id`` unless another identity holds it; record the player.

        A name nobody holds is also refused when it looks like one held by someone
        else (``name_skeleton``). One transaction, so two first claims of one name
        cannot both win. Returns None when ``name`` is now ``user_id``'s, else the
        name that stands in the way, and then nothing changed.
        """
        low, skeleton = name.lower(), name_skeleton(name)
        with self._lock:
            self._db.execute("BEGIN")
            try:
                row = self._db.execute(
                    "SELECT name, user_id FROM names WHERE name = ?", (low,)
                ).fetchone()
                if row is None:
                    row = self._db.execute(
                        "SELECT name, user_id FROM names WHERE skeleton = ? AND user_id != ? "
                        "ORDER BY created LIMIT 1", (skeleton, user_id),
                    ).fetchone()
                if row is not None and row[1] != user_id:
                    self._db.execute("ROLLBACK")
                    return str(row[0])
                now = time.time()
                self._db.execute(
                    "INSERT OR IGNORE INTO names (name, skeleton, user_id, created) "
                    "VALUES (?, ?, ?, ?)", (low, skeleton, user_id, now),
                )
                self._db.execute(
                    "INSERT INTO users (id, name, code, created) VALUES (?, ?, ?, ?) "
                    "ON CONFLICT(id) DO UPDATE SET name = excluded.name",
                    (user_id, name, code_hash, now),
                )
                self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise
        return None

    def set_code(self, user_id: str, code_hash: str) -> None:
        with self._lock:
            self._db.execute("UPDATE users SET code = ? WHERE id = ?", (code_hash, user_id))

    def user_names(self, user_ids: list[str]) -> dict[str, str]:
        with self._lock:
            rows = self._db.execute(
                f"SELECT id, name FROM users WHERE id IN ({','.join('?' * len(user_ids))})",
                user_ids,
            ).fetchall()
        return dict(rows)

    # tables
    def create_table(self, game: str, seats: int, seed: int, options: dict[str, Any],
                     creator: str | None = None,
                     settings: dict[str, Any] | None = None) -> int:
        with self._lock:
            self._db.execute("BEGIN")
            cur = self._db.execute(
                "INSERT INTO tables (game, seats, seed, options, created, creator, settings) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game, seats, _seed_in(seed), json.dumps(options, sort_keys=True), time.time(),
                 creator, json.dumps(settings or {}, sort_keys=True)),
            )
            table_id = int(cur.lastrowid or 0)
            self._db.executemany(
                "INSERT INTO seats (table_id, seat) VALUES (?, ?)",
                [(table_id, seat) for seat in range(seats)],
            )
            self._db.execute("COMMIT")
        return table_id

    def set_seat(self, table_id: int, seat: int, user_id: str | None, bot: str | None,
                 played: bool = False) -> None:
        """Who holds the seat; `played`: and who plays it in this game (`SeatRecord`)."""
        with self._lock:
            self._db.execute(
                # (Whoever holds it now has not left it on purpose: `set_left`.)
                "UPDATE seats SET user_id = ?, bot = ?, left_on_purpose = NULL "
                "WHERE table_id = ? AND seat = ?",
                (user_id, bot, table_id, seat),
            )
            if played:
                self._db.execute(
                    "UPDATE seats SET played_user = ?, played_bot = ? "
                    "WHERE table_id = ? AND seat = ?", (user_id, bot, table_id, seat))

    def set_left(self, table_id: int, seat: int, left: bool) -> None:
        """The seat's person left it on purpose mid-deal (kept for them): their next
        connection goes to the lobby, not back to this table, after a restart too."""
        with self._lock:
            self._db.execute("UPDATE seats SET left_on_purpose = ? WHERE table_id = ? AND seat = ?",
                             ("1" if left else None, table_id, seat))

    def set_covered(self, table_id: int, seat: int, deals: list[int]) -> None:
        with self._lock:
            self._db.execute("UPDATE seats SET covered = ? WHERE table_id = ? AND seat = ?",
                             (json.dumps(deals), table_id, seat))

    def append_action(self, table_id: int, idx: int, seat: int, action: dict[str, Any]) -> None:
        """Commit one applied action; returns only once it is durable."""
        with self._lock:
            self._db.execute(
                "INSERT INTO actions (table_id, idx, seat, action) VALUES (?, ?, ?, ?)",
                (table_id, idx, seat, pack_plain(action)),
            )

    def add_chat(self, table_id: int, number: int, seq: int, name: str, text: str,
                 keep: int) -> None:
        """One chat line said at a table; only its last `keep` lines are kept (the ones a
        screen arriving is shown: a host restart lost them, play-test)."""
        with self._lock:
            self._db.execute("BEGIN")
            try:
                self._db.execute(
                    "INSERT OR REPLACE INTO chat (table_id, number, seq, name, text) "
                    "VALUES (?, ?, ?, ?, ?)", (table_id, number, seq, name, text))
                self._db.execute("DELETE FROM chat WHERE table_id = ? AND number <= ?",
                                 (table_id, number - keep))
            except sqlite3.Error:
                # (a table closed meanwhile: its row is gone, and the line with it; the
                # transaction must not stay open for the next write, as it did once)
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def drop_last_action(self, table_id: int, idx: int) -> None:
        """A take-back: the log loses its last action (its index, checked)."""
        with self._lock:
            cur = self._db.execute(
                "DELETE FROM actions WHERE table_id = ? AND idx = ? AND idx = "
                "(SELECT MAX(idx) FROM actions WHERE table_id = ?)", (table_id, idx, table_id))
            if cur.rowcount != 1:
                raise sqlite3.DatabaseError(f"action {idx} is not the last of table {table_id}")

    def delete_table(self, table_id: int) -> None:
        """An expired table: its log, seats and row go together."""
        with self._lock:
            self._db.execute("BEGIN")
            for sql in ("DELETE FROM actions WHERE table_id = ?",
                        "DELETE FROM chat WHERE table_id = ?",
                        "DELETE FROM finished WHERE table_id = ?",
                        "DELETE FROM seats WHERE table_id = ?",
                        "DELETE FROM tables WHERE id = ?"):
                self._db.execute(sql, (table_id,))
            self._db.execute("COMMIT")

    def new_round(self, table_id: int, seed: int,
                  finished: tuple[int, str] | None = None) -> int:
        """Play again: a fresh seed and an empty log, same seats and options; the game
        that ended is kept as its record (`finished`: its round and `records.dumps`
        text), the table's last one."""
        with self._lock:
            self._db.execute("BEGIN")
            if finished is not None:
                self._db.execute(
                    "INSERT OR REPLACE INTO finished (table_id, round, record) VALUES (?, ?, ?)",
                    (table_id, *finished))
            self._db.execute("DELETE FROM actions WHERE table_id = ?", (table_id,))
            self._db.execute("DELETE FROM chat WHERE table_id = ?", (table_id,))
            self._db.execute("UPDATE seats SET covered = NULL, played_user = user_id, "
                             "played_bot = bot WHERE table_id = ?", (table_id,))
            self._db.execute(
                "UPDATE tables SET seed = ?, round = round + 1 WHERE id = ?",
                (_seed_in(seed), table_id),
            )
            (rnd,) = self._db.execute(
                "SELECT round FROM tables WHERE id = ?", (table_id,)
            ).fetchone()
            self._db.execute("COMMIT")
        return int(rnd)

    def last_finished(self, table_id: int) -> str | None:
        """The record (`records.dumps` text) of the table's last game played to the end
        before a play again."""
        with self._lock:
            row = self._db.execute("SELECT record FROM finished WHERE table_id = ?",
                                   (table_id,)).fetchone()
        return str(row[0]) if row else None

    def finished_tables(self) -> set[int]:
        with self._lock:
            return {r[0] for r in self._db.execute("SELECT table_id FROM finished")}

    def load_tables(self) -> list[TableRecord]:
        with self._lock:
            rows = self._db.execute(
                "SELECT id, game, seats, seed, options, round, creator, settings FROM tables "
                "ORDER BY id"
            ).fetchall()
            records = [
                TableRecord(r[0], r[1], r[2], _seed_out(r[3]), json.loads(r[4]), r[5], r[6],
                            json.loads(r[7] or "{}"))
                for r in rows
            ]
            by_id = {rec.id: rec for rec in records}
            for table_id, seat, user_id, bot, covered, played_user, played_bot, left in \
                    self._db.execute(
                        "SELECT table_id, seat, user_id, bot, covered, played_user, played_bot, "
                        "left_on_purpose FROM seats ORDER BY table_id, seat"):
                by_id[table_id].seat_records[seat] = SeatRecord(
                    user_id, bot, json.loads(covered or "[]"), played_user, played_bot,
                    bool(left))
            for table_id, seat, blob in self._db.execute(
                "SELECT table_id, seat, action FROM actions ORDER BY table_id, idx"
            ):
                by_id[table_id].log.append((seat, unpack_plain(blob)))
            for table_id, number, seq, name, text in self._db.execute(
                "SELECT table_id, number, seq, name, text FROM chat ORDER BY table_id, number"
            ):
                if table_id in by_id:
                    by_id[table_id].chat.append((number, seq, name, text))
        return records


def _seed_in(seed: int) -> bytes:
    """Deal seeds are 128-bit; SQLite integers hold 64, so a seed is stored as a blob."""
    return seed.to_bytes(max(1, (seed.bit_length() + 7) // 8), "big")


def _seed_out(value: bytes | int) -> int:
    """A stored seed: a blob, or an integer written before seeds grew past 64 bits."""
    return int.from_bytes(value, "big") if isinstance(value, bytes) else int(value)
