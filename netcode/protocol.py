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

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from netcode.framing import PROTOCOL_VERSION, encode_frame

# Field spec: name -> (accepted types, required)
_Spec = dict[str, tuple[tuple[type, ...], bool]]
_INT = (int,)
_OPT_INT = (int, type(None))
_STR = (str,)
_DICT = (dict,)

CLIENT_SCHEMA: dict[str, _Spec] = {
    "hello": {"client": (_STR, False)},
    "list": {},
    "create": {
        "game": (_STR, True),
        "seats": (_INT, True),
        "options": (_DICT, False),
        "sit": ((bool,), False),
        "seed": (_INT, False),
    },
    "sit": {"table": (_INT, True), "seat": (_OPT_INT, False)},
    "watch": {"table": (_INT, True)},
    "leave": {},
    "add_bot": {"seat": (_OPT_INT, False), "kind": (_STR, False)},
    "remove_bot": {"seat": (_INT, True)},
    "action": {"action": (_DICT, True), "ref": (_OPT_INT, False)},
    "again": {},
    "ping": {"ref": (_OPT_INT, False)},
    "chat": {"text": (_STR, True)},
}
"""Every message a client may send, and its fields."""

SERVER_TAGS = frozenset(
    {"welcome", "lobby", "joined", "left", "view", "events", "ack", "error", "pong", "bye",
     "chat"}
)
"""Every message the host may send. The host's encoder refuses anything else."""

CLIENT_TAGS = frozenset(CLIENT_SCHEMA)

CHAT_MAX = 200
"""Longest chat line the host relays (characters, after dropping control characters)."""


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
    for field, (types, required) in spec.items():
        if field not in message:
            if required:
                raise ProtocolError("malformed", f"{tag}: field {field!r} is missing")
            continue
        value = message[field]
        if isinstance(value, bool) and bool not in types:
            raise ProtocolError("malformed", f"{tag}: field {field!r} has the wrong type")
        if not isinstance(value, types):
            raise ProtocolError("malformed", f"{tag}: field {field!r} has the wrong type")
    return message


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
