"""Framing: byte-split decoding, int keys, size cap, garbage, and the encoder's refusals."""

from __future__ import annotations

import struct

import msgpack
import pytest
from hypothesis import given
from hypothesis import strategies as st

from netcode.framing import (
    MAX_FRAME,
    PROTOCOL_VERSION,
    EncodeError,
    FrameDecoder,
    FrameError,
    encode_frame,
)
from netcode.protocol import (
    ProtocolError,
    UnknownType,
    check_client_message,
    client_frame,
    server_frame,
)

VIEW = {
    "game": "hand_and_foot",
    "seat": 2,
    "hand": [{"id": 17, "code": "7H"}, {"id": 3, "code": "JK"}],
    "counts": {0: {"hand": 11, "foot": 13}, 1: {"hand": 9, "foot": 13}},
    "totals": {0: 1200, 1: -40},
    "to_act": [2],
    "discard": {"top": None, "size": 0, "frozen": False},
}


def test_frames_split_at_every_byte_boundary() -> None:
    stream = b"".join(
        [
            server_frame("view", table=1, seq=4, view=VIEW),
            server_frame("events", table=1, seq=4, events=[{"type": "drew", "seat": 1}]),
            server_frame("error", code="illegal", message="Not now.", rule="HF-T1"),
        ]
    )
    whole = FrameDecoder().feed(stream)
    assert [m["t"] for m in whole] == ["view", "events", "error"]
    for cut in range(len(stream) + 1):
        decoder = FrameDecoder()
        got = decoder.feed(stream[:cut]) + decoder.feed(stream[cut:])
        assert got == whole
        assert decoder.pending == 0
    decoder = FrameDecoder()
    one_by_one = [m for i in range(len(stream)) for m in decoder.feed(stream[i : i + 1])]
    assert one_by_one == whole


def test_int_keys_round_trip_as_decimal_strings() -> None:
    frame = server_frame("view", table=1, seq=0, view=VIEW)
    raw = msgpack.unpackb(frame[4:], raw=False)
    assert set(raw["view"]["counts"]) == {"0", "1"}
    (decoded,) = FrameDecoder().feed(frame)
    assert decoded["view"]["counts"] == VIEW["counts"]
    assert decoded["view"]["totals"] == {0: 1200, 1: -40}
    assert decoded["v"] == PROTOCOL_VERSION


def test_only_canonical_decimal_keys_become_ints() -> None:
    frame = encode_frame({"t": "x", "m": {"007": 1, "-0": 2, "-3": 3, "a1": 4, "10": 5}})
    (decoded,) = FrameDecoder().feed(frame)
    assert decoded["m"] == {"007": 1, "-0": 2, -3: 3, "a1": 4, 10: 5}


@given(st.binary(max_size=200))
def test_garbage_never_crashes_the_decoder(data: bytes) -> None:
    decoder = FrameDecoder()
    try:
        for message in decoder.feed(data):
            assert isinstance(message, dict) and isinstance(message["t"], str)
    except FrameError:
        pass


def test_oversized_frame_rejected_from_the_header_alone() -> None:
    decoder = FrameDecoder()
    with pytest.raises(FrameError):
        decoder.feed(struct.pack(">I", MAX_FRAME + 1))
    with pytest.raises(FrameError):
        decoder.feed(b"more")


@pytest.mark.parametrize(
    "body",
    [
        b"\xc1",  # never-used msgpack byte
        msgpack.packb([1, 2, 3]),
        msgpack.packb({"x": 1}),
        msgpack.packb({1: "int key"}, strict_types=False),
        msgpack.packb({"t": 5}),
    ],
)
def test_garbage_bodies_raise(body: bytes) -> None:
    with pytest.raises(FrameError):
        FrameDecoder().feed(struct.pack(">I", len(body)) + body)


class Game:
    """Stands in for an engine Game: an object with hidden state."""

    def __init__(self) -> None:
        self.hands = {0: ["AS"], 1: ["KD"]}


def test_encoder_refuses_objects_and_unknown_tags() -> None:
    with pytest.raises(EncodeError):
        server_frame("view", table=1, view=Game())
    with pytest.raises(EncodeError):
        server_frame("view", table=1, view={"nested": [Game()]})
    with pytest.raises(EncodeError):
        server_frame("game_state", state={})
    with pytest.raises(EncodeError):
        client_frame("view", view={})
    with pytest.raises(EncodeError):
        encode_frame({"t": "x", "m": {(1, 2): 3}})
    with pytest.raises(EncodeError):
        encode_frame(Game())  # type: ignore[arg-type]


def test_schema_checks() -> None:
    ok = {"t": "sit", "v": PROTOCOL_VERSION, "table": 3}
    assert check_client_message(ok) is ok
    assert check_client_message({"t": "dance", "v": PROTOCOL_VERSION}) == UnknownType("dance")
    with pytest.raises(ProtocolError) as err:
        check_client_message({"t": "sit", "v": 99, "table": 3})
    assert err.value.code == "version"
    with pytest.raises(ProtocolError):
        check_client_message({"t": "sit", "v": PROTOCOL_VERSION})
    with pytest.raises(ProtocolError):
        check_client_message({"t": "sit", "v": PROTOCOL_VERSION, "table": "3"})
    with pytest.raises(ProtocolError):
        check_client_message({"t": "sit", "v": PROTOCOL_VERSION, "table": True})


def reference_plain(value: object, depth: int = 0) -> object:
    """The wire shape as the framing rule states it, written plainly (isinstance at every
    level): what the encoder's quicker walk must equal, refusals included."""
    if depth > 32:
        raise EncodeError("deep")
    if isinstance(value, str | int | float | bool | bytes | type(None)):
        return value
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if isinstance(key, bool) or not isinstance(key, str | int):
                raise EncodeError("key")
            out[str(key) if isinstance(key, int) else key] = reference_plain(item, depth + 1)
        return out
    if isinstance(value, list | tuple):
        return [reference_plain(item, depth + 1) for item in value]
    if isinstance(value, set | frozenset):
        return [reference_plain(item, depth + 1) for item in sorted(value)]
    raise EncodeError("object")


class Word(str):
    pass


class Number(int):
    pass


SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(
    allow_nan=False), st.text(max_size=5), st.binary(max_size=3),
    st.builds(Word, st.text(max_size=3)), st.builds(Number, st.integers(0, 9)),
    st.frozensets(st.integers(0, 9), max_size=3), st.just(Game()))
KEYS = st.one_of(st.text(max_size=4), st.integers(-50, 50), st.booleans(),
                 st.builds(Word, st.text(max_size=3)), st.tuples(st.integers(0, 2)))
WIRE = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.tuples(inner, inner),
    st.dictionaries(KEYS, inner, max_size=4)), max_leaves=20)


@given(WIRE)
def test_the_encoder_walks_values_as_the_framing_rule_says(value: object) -> None:
    """Same bytes as the plain rule for every plain value (subclasses, tuples, sets, int
    keys), and the same refusal for anything else (objects, bool or tuple keys)."""
    try:
        expected = reference_plain({"t": "x", "m": value, "v": PROTOCOL_VERSION})
    except EncodeError:
        with pytest.raises(EncodeError):
            encode_frame({"t": "x", "m": value})
        return
    frame = encode_frame({"t": "x", "m": value})
    assert frame[4:] == msgpack.packb(expected, use_bin_type=True)


NUMERIC = st.one_of(st.text(max_size=4), st.from_regex(r"-?[0-9]{1,4}", fullmatch=True))
MAPS = st.recursive(st.one_of(st.none(), st.integers(-2**40, 2**40), st.text(max_size=3)),
                    lambda inner: st.one_of(st.lists(inner, max_size=3),
                                            st.dictionaries(NUMERIC, inner, max_size=4)),
                    max_leaves=20)


@given(MAPS)
def test_the_decoder_restores_int_keys_as_the_framing_rule_says(value: object) -> None:
    from netcode.framing import decode_body, restore_int_keys

    body = msgpack.packb({"t": "x", "m": value}, use_bin_type=True)
    expected = msgpack.unpackb(body, raw=False, object_pairs_hook=restore_int_keys)
    assert decode_body(body) == expected
