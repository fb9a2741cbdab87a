"""The meldhall protocol: message types, their fields, the version rule.

Frames (``netcode.framing``) carry maps; this layer says which maps are messages.
Every client message is checked against ``CLIENT_SCHEMA`` before a handler sees
it, so handlers can trust field types. ``docs/protocol.md`` is the prose version
of this file; keep the two together.

Version rule: a frame's ``v`` must equal ``PROTOCOL_VERSION``. New optional fields
and new message types do not change the version (peers ignore fields they don't
know and answer unknown types with an ``error`` of code ``unknown_type``); renaming,
removing or changing the meaning of a field or type does.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from netcode.framing import PROTOCOL_VERSION, encode_frame


class ProtocolError(Exception):
    """A message broke the protocol; the session that sent it is closed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True, slots=True)
class UnknownType:
    """A well-formed frame whose type this host does not know (answered, not fatal)."""

    tag: str


# A field check raises ProtocolError naming the field; every client value passes one
# before any handler, table or engine sees it (attack: a crafted field that the engine
# would accept in memory but the log could not store, so the table and its log differ).
Check = Callable[[Any, str], None]
_Spec = dict[str, tuple[Check, bool]]

MAX_INT = 2**31 - 1
"""Largest integer a client may send anywhere (ids, seats, refs, option values)."""
MAX_IDS = 600
"""Most card ids in one list: more than every card of the largest game (9 packs of 54)."""
MAX_MELDS = 64
"""Most melds (or lay-offs) in one action."""
MAX_TEXT = 1000
"""Longest string a client may send; chat is cut further to CHAT_MAX."""
MAX_DEPTH = 4
"""Deepest nesting of maps and lists accepted in free-form fields (table options)."""
MAX_ITEMS = 64
"""Most entries in a free-form map or list (table options)."""


def _fail(where: str, what: str) -> ProtocolError:
    return ProtocolError("malformed", f"{where}: {what}")


def _int(lo: int = -MAX_INT, hi: int = MAX_INT) -> Check:
    def check(value: Any, where: str) -> None:
        if type(value) is not int:
            raise _fail(where, "must be a whole number")
        if not lo <= value <= hi:
            raise _fail(where, f"must be between {lo} and {hi}")
    return check


def _str(limit: int = MAX_TEXT) -> Check:
    def check(value: Any, where: str) -> None:
        if type(value) is not str:
            raise _fail(where, "must be a string")
        if len(value) > limit:
            raise _fail(where, f"is longer than {limit} characters")
    return check


def _bool(value: Any, where: str) -> None:
    if type(value) is not bool:
        raise _fail(where, "must be true or false")


def _optional(inner: Check) -> Check:
    def check(value: Any, where: str) -> None:
        if value is not None:
            inner(value, where)
    return check


def _list(item: Check, limit: int) -> Check:
    def check(value: Any, where: str) -> None:
        if type(value) is not list:
            raise _fail(where, "must be a list")
        if len(value) > limit:
            raise _fail(where, f"has more than {limit} entries")
        for i, entry in enumerate(value):
            item(entry, f"{where}[{i}]")
    return check


def _record(fields: _Spec) -> Check:
    """A map with known fields only: anything else is refused, not carried along."""
    def check(value: Any, where: str) -> None:
        if type(value) is not dict:
            raise _fail(where, "must be a map")
        _check_fields(value, fields, where, strict=True)
    return check


def _map_of(key: Check, item: Check, limit: int) -> Check:
    def check(value: Any, where: str) -> None:
        if type(value) is not dict:
            raise _fail(where, "must be a map")
        if len(value) > limit:
            raise _fail(where, f"has more than {limit} entries")
        for k, v in value.items():
            key(k, f"{where} key")
            item(v, f"{where}[{k!r}]")
    return check


def _either(*options: Check) -> Check:
    def check(value: Any, where: str) -> None:
        last: ProtocolError | None = None
        for option in options:
            try:
                option(value, where)
                return
            except ProtocolError as exc:
                last = exc
        assert last is not None
        raise last
    return check


def _plain(value: Any, where: str, depth: int = 0) -> None:
    """Free-form data (table options): small JSON-like values only, for the engine to judge."""
    if depth > MAX_DEPTH:
        raise _fail(where, f"is nested deeper than {MAX_DEPTH}")
    kind = type(value)
    if value is None or kind is bool or kind is float:
        return
    if kind is int:
        _int()(value, where)
    elif kind is str:
        _str(64)(value, where)
    elif kind is list:
        if len(value) > MAX_ITEMS:
            raise _fail(where, f"has more than {MAX_ITEMS} entries")
        for i, item in enumerate(value):
            _plain(item, f"{where}[{i}]", depth + 1)
    elif kind is dict:
        if len(value) > MAX_ITEMS:
            raise _fail(where, f"has more than {MAX_ITEMS} entries")
        for k, item in value.items():
            # (a decimal key arrives as an int: the framing's rule, netcode/framing.py)
            if not ((type(k) is str and len(k) <= 64)
                    or (type(k) is int and -MAX_INT <= k <= MAX_INT)):
                raise _fail(where, "keys must be short strings or whole numbers")
            _plain(item, f"{where}[{k!r}]", depth + 1)
    else:
        raise _fail(where, f"cannot hold a {kind.__name__}")


_ID = _int(0, MAX_INT)
_IDS = _list(_ID, MAX_IDS)
_AS = _map_of(_ID, _str(4), MAX_IDS)
"""A wild's declared card: card id → card code (``{17: "7H"}``)."""
_MELD = _either(_IDS, _record({"cards": (_IDS, True), "as": (_AS, False)}))
_ACTION_TYPE = re.compile(r"^[a-z][a-z_]{0,31}$")


def _action_type(value: Any, where: str) -> None:
    if type(value) is not str or not _ACTION_TYPE.match(value):
        raise _fail(where, "must be an action name such as 'draw'")


ACTION_SCHEMA: _Spec = {
    "type": (_action_type, True),
    "cards": (_IDS, False),
    "card": (_ID, False),
    "meld": (_ID, False),
    "melds": (_list(_MELD, MAX_MELDS), False),
    "onto": (_optional(_ID), False),
    "lay_offs": (_list(_record({"meld": (_ID, True), "cards": (_IDS, True),
                                "as": (_AS, False)}), MAX_MELDS), False),
    "answer": (_record({"allow": (_bool, True)}), False),
    "as": (_AS, False),
    "wild": (_ID, False),
    "plan": (_record({"melds": (_list(_MELD, MAX_MELDS), False),
                      "lay_offs": (_list(_record({"meld": (_ID, True), "cards": (_IDS, True),
                                                  "as": (_AS, False)}), MAX_MELDS), False),
                      "discard": (_ID, False)}),  # Canastone: the going out's last card
             False),
    "partner": (_ID, False),  # Canastone: the partner asked, with six players
}
"""Every field of the engine contract's action vocabulary (shared/contract/engine_api.md)
and the extra ones the games document (docs/engine.md). The engine judges the values;
this only guarantees that what reaches it (and its log) is small, plain data. A game
that adds an action field adds it here."""

CLIENT_SCHEMA: dict[str, _Spec] = {
    "hello": {"client": (_str(64), False)},
    "list": {"page": (_int(0, MAX_INT), False)},
    "create": {
        "game": (_str(64), True),
        "seats": (_int(0, 64), True),
        "options": (_plain, False),
        "sit": (_bool, False),
        "seed": (_int(0, 2**128), False),
        "table": (_record({"clock": (_bool, False), "clock_limit": (_int(0, 3600), False),
                           "take_back": (_bool, False), "bot_level": (_str(16), False),
                           "bot_pace_ms": (_int(0, 10_000), False),
                           "absent": (_str(8), False),
                           "absent_grace": (_int(1, 3600), False)}), False),
    },
    "sit": {"table": (_ID, True), "seat": (_optional(_int(0, 64)), False)},
    "watch": {"table": (_ID, True)},
    "leave": {},
    "add_bot": {"seat": (_optional(_int(0, 64)), False), "kind": (_str(32), False)},
    "remove_bot": {"seat": (_int(0, 64), True)},
    "open_seat": {"seat": (_int(0, 64), True)},
    "action": {"action": (_record(ACTION_SCHEMA), True), "ref": (_optional(_ID), False)},
    "again": {"table": (_ID, False)},
    "close": {"table": (_ID, True)},
    "take_back": {},
    "ready": {},
    "record": {"table": (_ID, False), "format": (_str(8), False)},
    "ping": {"ref": (_optional(_ID), False)},
    "chat": {"text": (_str(MAX_TEXT), True)},
}
"""Every message a client may send, and its fields."""

SERVER_TAGS = frozenset(
    {"welcome", "lobby", "joined", "left", "view", "events", "ack", "error", "pong", "bye",
     "chat", "record"}
)
"""Every message the host may send. The host's encoder refuses anything else."""

CLIENT_TAGS = frozenset(CLIENT_SCHEMA)

CHAT_MAX = 200
"""Longest chat line the host relays (characters, after dropping control characters)."""


def check_client_message(message: dict[str, Any]) -> dict[str, Any] | UnknownType:
    """Validate one decoded client message against the schema."""
    version = message.get("v")
    if version != PROTOCOL_VERSION:
        raise ProtocolError(
            "version", f"protocol version {version!r} is not supported; this host speaks "
            f"{PROTOCOL_VERSION}"
        )
    tag = message["t"]
    spec = CLIENT_SCHEMA.get(tag)
    if spec is None:
        return UnknownType(tag)
    _check_fields(message, spec, tag, strict=False)
    return message


def _check_fields(message: dict[str, Any], spec: _Spec, where: str, *, strict: bool) -> None:
    """Required fields present, every known field valid; unknown fields refused if strict.

    Top-level messages may carry fields this host does not know (the version rule lets
    newer clients add optional ones; handlers never read them); maps that are passed on
    whole (an action) may not.
    """
    for field, (check, required) in spec.items():
        if field in message:
            check(message[field], f"{where}: {field!r}")
        elif required:
            raise _fail(where, f"field {field!r} is missing")
    if strict:
        for field in message:
            if field not in spec:
                raise _fail(where, f"unknown field {field!r}")


def server_frame(tag: str, **fields: Any) -> bytes:
    """Encode a host→client message; only SERVER_TAGS pass."""
    return encode_frame({"t": tag, **fields}, allowed_tags=SERVER_TAGS)


def client_frame(tag: str, **fields: Any) -> bytes:
    """Encode a client→host message; only CLIENT_TAGS pass."""
    return encode_frame({"t": tag, **fields}, allowed_tags=CLIENT_TAGS)


def error_frame(code: str, message: str, *, rule: str | None = None,
                ref: int | None = None) -> bytes:
    """An error for the peer: a code, one plain sentence, never a traceback."""
    fields: dict[str, Any] = {"code": code, "message": message}
    if rule is not None:
        fields["rule"] = rule
    if ref is not None:
        fields["ref"] = ref
    return server_frame("error", **fields)


Handler = Callable[[dict[str, Any]], Awaitable[None]]


class Dispatcher:
    """Tag → handler table with the invalid-message fallback in one place."""

    def __init__(self, handlers: dict[str, Handler],
                 on_unknown: Callable[[UnknownType], Awaitable[None]]) -> None:
        missing = set(handlers) ^ CLIENT_TAGS
        if missing:
            raise ValueError(f"handler table does not match the schema: {sorted(missing)}")
        self._handlers = handlers
        self._on_unknown = on_unknown

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Route one decoded message; raises ProtocolError for a malformed one."""
        checked = check_client_message(message)
        if isinstance(checked, UnknownType):
            await self._on_unknown(checked)
            return
        await self._handlers[checked["t"]](checked)
