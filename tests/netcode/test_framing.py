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
