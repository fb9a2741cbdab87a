"""Wire framing: a 4-byte big-endian length, then one msgpack map.

This is the lowest layer above the SSH channel (or the in-process link of a
screen). It knows nothing of tables or seats, only that a frame is a map with a
``t`` type tag and a ``v`` protocol version, and that a peer must never be able
to make the host allocate more than ``MAX_FRAME`` bytes for one frame.

msgpack is unpacked with ``strict_map_key=True`` (only str/bytes keys) so a hostile
peer cannot build maps keyed by huge ints or nested containers. Engine views do use
int keys (per-seat ``counts``, per-team ``totals``), so the encoder writes an int key
as its decimal string and the decoder turns a key that is a canonical decimal
integer back into an int. ``docs/protocol.md`` states this rule for other clients.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable
from typing import Any

import msgpack

PROTOCOL_VERSION = 1
MAX_FRAME = 256 * 1024
"""Largest body accepted; a seat's view of a four-pack game is about 10 KiB."""
HEADER = struct.Struct(">I")

_PLAIN_SCALARS = (str, int, float, bool, bytes, type(None))


class FrameError(Exception):
    """The byte stream cannot be trusted any more; the session must close."""


class EncodeError(TypeError):
    """Refused to put something on the wire that is not plain protocol data."""


def _plain(value: Any, depth: int = 0) -> Any:
    """Copy ``value`` into wire shape, refusing anything that is not plain data.

    Walking the value ourselves (rather than letting msgpack fail, or worse, a
    ``default=`` hook succeed) is what keeps a ``Game`` or any other object with
    hidden state from ever being serialised by accident.
    """
    if depth > 32:
        raise EncodeError("value nested too deeply for the wire")
    if isinstance(value, _PLAIN_SCALARS):
        return value
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for key, item in value.items():
            if isinstance(key, bool) or not isinstance(key, (str, int)):
                raise EncodeError(f"map key {key!r} is not a str or int")
            out[str(key) if isinstance(key, int) else key] = _plain(item, depth + 1)
        return out
    if isinstance(value, (list, tuple)):
        return [_plain(item, depth + 1) for item in value]
    if isinstance(value, (frozenset, set)):
        # Sets have no order; sorting keeps the bytes deterministic.
        return [_plain(item, depth + 1) for item in sorted(value)]
    raise EncodeError(f"{type(value).__name__} is not wire data")


_INT_START = frozenset("-0123456789")


def _restore_int_keys(pairs: list[tuple[Any, Any]]) -> dict[Any, Any]:
    """object_pairs_hook: decimal-string keys written by the encoder become ints again.

    Runs for every map of every frame, and nearly every key is a word: the first
    character rules most keys out before the full check.
    """
    return _int_keys(dict(pairs))


def _int_keys(out: dict[Any, Any]) -> dict[Any, Any]:
    """object_hook: the map msgpack built, or a copy whose decimal-string keys are ints
    (given the map, not its pairs: nothing to build again for the many maps that have
    no such key)."""
    for key in out:
        if type(key) is str and key[:1] in _INT_START:
            return {int(k) if type(k) is str and _is_canonical_int(k) else k: v
                    for k, v in out.items()}
    return out


restore_int_keys = _restore_int_keys
"""The same rule for other decoders of our data (records read back from JSON)."""


def _is_canonical_int(text: str) -> bool:
    if not text or len(text) > 12:
        return False
    digits = text[1:] if text[0] == "-" else text
    if not digits.isascii() or not digits.isdigit():
        return False
    return (digits == "0" and text == "0") or not digits.startswith("0")


def encode_frame(message: dict[str, Any], allowed_tags: Iterable[str] | None = None) -> bytes:
    """Encode one message as a frame; ``allowed_tags`` narrows what may be sent."""
    if not isinstance(message, dict):
        raise EncodeError(f"a frame is a map, not {type(message).__name__}")
    tag = message.get("t")
    if not isinstance(tag, str):
        raise EncodeError("a frame needs a string type tag 't'")
    if allowed_tags is not None and tag not in allowed_tags:
        raise EncodeError(f"message type {tag!r} may not be sent here")
    body = _plain({**message, "v": PROTOCOL_VERSION})
    packed = msgpack.packb(body, use_bin_type=True)
    if len(packed) > MAX_FRAME:
        raise EncodeError(f"frame of {len(packed)} bytes exceeds {MAX_FRAME}")
    return HEADER.pack(len(packed)) + packed


def _refuse_ext(code: int, data: bytes) -> Any:
    """The protocol has no extension types: a peer's ExtType is never handed on."""
    raise ValueError(f"msgpack extension type {code}")


def decode_body(body: bytes) -> dict[str, Any]:
    """Decode one frame body; anything but a tagged map is a FrameError.

    Extension types are refused here; msgpack decodes its timestamp extension before
    any hook sees it, so the schema (``netcode.protocol``) refuses timestamps in every
    field a handler reads.
    """
    try:
        message = msgpack.unpackb(
            body,
            raw=False,
            strict_map_key=True,
            object_hook=_int_keys,
            ext_hook=_refuse_ext,
        )
    except Exception as exc:  # msgpack raises several unrelated types
        raise FrameError(f"undecodable frame: {type(exc).__name__}") from None
    if not isinstance(message, dict):
        raise FrameError("frame is not a map")
    if not isinstance(message.get("t"), str):
        raise FrameError("frame has no type tag")
    return message


def decode_frame(frame: bytes) -> dict[str, Any]:
    """One whole frame, header included (what the host puts on a session's outbox)."""
    if len(frame) < HEADER.size or HEADER.unpack_from(frame)[0] != len(frame) - HEADER.size:
        raise FrameError("not one whole frame")
    return decode_body(frame[HEADER.size:])


class FrameDecoder:
    """Incremental decoder: feed it whatever byte runs the transport delivers."""

    def __init__(self, max_frame: int = MAX_FRAME) -> None:
        self._max = max_frame
        self._buffer = bytearray()
        self._failed = False

    def feed(self, data: bytes) -> list[dict[str, Any]]:
        """Return every complete message; raise FrameError once the stream is bad."""
        if self._failed:
            raise FrameError("decoder already failed")
        self._buffer += data
        messages: list[dict[str, Any]] = []
        while len(self._buffer) >= HEADER.size:
            (length,) = HEADER.unpack_from(self._buffer)
            if length > self._max:
                # Checked on the header alone: never wait for (or buffer) the body.
                self._fail()
                raise FrameError(f"frame of {length} bytes exceeds {self._max}")
            if len(self._buffer) < HEADER.size + length:
                break
            body = bytes(self._buffer[HEADER.size : HEADER.size + length])
            del self._buffer[: HEADER.size + length]
            try:
                messages.append(decode_body(body))
            except FrameError:
                self._fail()
                raise
        return messages

    @property
    def pending(self) -> int:
        """Bytes held for an incomplete frame."""
        return len(self._buffer)

    def _fail(self) -> None:
        self._failed = True
        self._buffer.clear()


def pack_plain(value: Any) -> bytes:
    """msgpack for storage (the action log): same key rule as frames, no header."""
    return msgpack.packb(_plain(value), use_bin_type=True)


def unpack_plain(data: bytes) -> Any:
    """Inverse of ``pack_plain``; decimal-string keys become ints again."""
    return msgpack.unpackb(
        data, raw=False, strict_map_key=True, object_pairs_hook=_restore_int_keys
    )
