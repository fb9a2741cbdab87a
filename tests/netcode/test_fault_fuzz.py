"""The fault suite, part 2: garbage from peers never reaches past the session that sent it.

10^4 frames drawn by hypothesis (seeded: ``derandomize``): truncated, oversized, wrong
types in every field of every message, unknown tags, deep nesting, msgpack extension
types and timestamps, wrong versions, things that are not maps, plain random bytes. Each
goes to its own session of the running host (one frame, then a ``ping``), so every one is
judged on its own; a sample goes over real SSH subsystem connections too. Then random
keystroke and paste bursts on PTY sessions. Meanwhile a bot table plays on, watched by
an observer. After all of it: the host answers, the bot table has moved on with a log
that replays, no session was sent a traceback (every error is one line, and none is an
``internal`` failure), and no App crashed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import struct
from typing import Any

import asyncssh
import msgpack
import pyte
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from netcode.framing import MAX_FRAME, PROTOCOL_VERSION, FrameDecoder, FrameError
from netcode.identity import Identity
from netcode.protocol import CLIENT_SCHEMA, client_frame
from netcode.server import Host
from netcode.session import Session

FRAMES_PER_EXAMPLE = 5
EXAMPLES = 2000  # x 5 = 10^4 frames
OVER_SSH = 40
PTY_BURSTS = 60
TRACE_MARKS = ("Traceback", 'File "')


def _frame(body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + body


_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**63), 2**64 - 1), st.floats(),
    st.text(max_size=40), st.binary(max_size=40),
)
_odd = st.one_of(
    st.builds(msgpack.ExtType, st.integers(0, 127), st.binary(max_size=16)),
    st.builds(msgpack.Timestamp, st.integers(0, 2**32 - 1), st.integers(0, 999_999_999)),
)
_values = st.recursive(
    st.one_of(_scalars, _odd),
    lambda inner: st.one_of(
        st.lists(inner, max_size=6),
        st.dictionaries(st.one_of(st.text(max_size=10), st.integers(-99, 99)), inner,
                        max_size=6)),
    max_leaves=20,
)


@st.composite
def _known_tag_wrong_fields(draw: st.DrawFn) -> bytes:
    """A real message type whose fields hold whatever hypothesis likes."""
    tag = draw(st.sampled_from(sorted(CLIENT_SCHEMA)))
    fields = draw(st.dictionaries(
        st.sampled_from([*CLIENT_SCHEMA[tag], "x", "v", "t"]), _values, max_size=4))
    message = {"t": tag, "v": PROTOCOL_VERSION, **fields}
    if tag == "action" and draw(st.booleans()):
        message["action"] = draw(st.dictionaries(
            st.sampled_from(["type", "cards", "card", "meld", "melds", "onto", "lay_offs",
                             "answer", "as", "wild", "zzz"]), _values, max_size=4))
    return _frame(msgpack.packb(message, use_bin_type=True))


@st.composite
def _deep(draw: st.DrawFn) -> bytes:
    """A field nested far deeper than any message needs (built by hand: packb stops early)."""
    depth = draw(st.integers(30, 3000))
    opener = draw(st.sampled_from([b"\x91", b"\x81\xa1k"]))  # [x] or {"k": x}
    head = msgpack.packb({"t": draw(st.sampled_from(["chat", "create", "action"])),
                          "v": PROTOCOL_VERSION}, use_bin_type=True)
    body = b"\x83" + head[1:] + msgpack.packb("text") + opener * depth + b"\x01"
    return _frame(body)


@st.composite
def _truncated(draw: st.DrawFn) -> bytes:
    whole = client_frame("chat", text=draw(st.text(max_size=30)))
    return whole[: draw(st.integers(1, len(whole) - 1))]


@st.composite
def _bad_header(draw: st.DrawFn) -> bytes:
    body = msgpack.packb({"t": "ping", "v": PROTOCOL_VERSION}, use_bin_type=True)
    length = draw(st.one_of(st.integers(MAX_FRAME + 1, 2**32 - 1), st.integers(0, len(body) - 1)))
    return struct.pack(">I", length) + body


FRAME = st.one_of(
    _known_tag_wrong_fields(),
    st.builds(lambda tag, v: _frame(msgpack.packb({"t": tag, "v": v}, use_bin_type=True)),
              st.text(max_size=20), st.one_of(st.just(PROTOCOL_VERSION), _scalars)),
    st.builds(lambda value: _frame(msgpack.packb(value, use_bin_type=True)), _values),
    st.builds(lambda ext: _frame(msgpack.packb({"t": "chat", "v": PROTOCOL_VERSION,
                                                "text": ext}, use_bin_type=True)), _odd),
    _deep(), _truncated(), _bad_header(),
    st.builds(lambda data: _frame(data), st.binary(max_size=64)),
    st.binary(min_size=1, max_size=64),
)


def draw_frames() -> list[bytes]:
    """10^4 frames, the same ones on every run."""
    frames: list[bytes] = []

    @settings(max_examples=EXAMPLES, derandomize=True, database=None, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(st.lists(FRAME, min_size=FRAMES_PER_EXAMPLE, max_size=FRAMES_PER_EXAMPLE))
    def collect(batch: list[bytes]) -> None:
        frames.extend(batch)

    collect()
    return frames


def assert_plain_errors(raw: list[bytes], where: str) -> list[str]:
    """Decode what a peer was sent; every error is one plain line. Returns the codes."""
    codes = []
    decoder = FrameDecoder()
    for message in decoder.feed(b"".join(raw)):
        if message["t"] == "error":
            text = str(message.get("message", ""))
            assert "\n" not in text and not any(m in text for m in TRACE_MARKS), (where, text)
            codes.append(message["code"])
    return codes


async def _one(host: Host, index: int, frame: bytes) -> tuple[list[bytes], bool]:
    """One fuzzed frame on its own session, then a ping; what the session was sent."""
    identity = Identity(user_id=f"fuzz{index}", name=f"fuzz{index}")
    session: Session = host.lobby.open_session(identity)
    data = frame + client_frame("ping", ref=index)
    session.feed(data)
    sent: list[bytes] = []
    ponged = False

    async def drain() -> None:
        nonlocal ponged
        decoder = FrameDecoder()
        async for out in session.frames():
            sent.append(out)
            if any(m["t"] == "pong" for m in decoder.feed(out)):
                ponged = True
                return

    if _waits_for_more(data):
        # A truncated frame waits for bytes that never come (the ping is inside it):
        # let the session see it, then hang up as a peer would.
        await asyncio.sleep(0)
        session.close("done", bye=False)
    await asyncio.wait_for(drain(), 10)
    session.close("done", bye=False)
    return sent, ponged


def _waits_for_more(data: bytes) -> bool:
    decoder = FrameDecoder()
    try:
        decoder.feed(data)
    except FrameError:
        return False
    return decoder.pending > 0


async def _bot_table(connect: Any) -> tuple[Any, int]:
    watcher = await connect("wanda")
    watcher.send("create", game="hand_and_foot", seats=4, seed=99, sit=False,
                 options={"deals": 4})
    lobby = await watcher.wait_for("lobby", lambda m: bool(m["tables"]))
    table_id = lobby["tables"][0]["id"]
    watcher.send("watch", table=table_id)
    await watcher.wait_for("joined")
    for seat in range(4):
        watcher.send("add_bot", seat=seat)
    return watcher, table_id


async def test_ten_thousand_fuzzed_frames_leave_the_room_unharmed(
        host: Host, connect: Any, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    watcher, table_id = await _bot_table(connect)
    table = host.lobby.tables[table_id]
    await watcher.wait_for("view", lambda m: m["seq"] > 0)
    frames = draw_frames()
    assert len(frames) == FRAMES_PER_EXAMPLE * EXAMPLES
    seq_before = table.seq

    codes: dict[str, int] = {}
    answered = 0
    for start in range(0, len(frames), 200):
        batch = frames[start:start + 200]
        results = await asyncio.gather(*(_one(host, start + i, f) for i, f in enumerate(batch)))
        for i, (sent, ponged) in enumerate(results):
            answered += ponged
            for code in assert_plain_errors(sent, f"frame {start + i}: {batch[i]!r:.200}"):
                codes[code] = codes.get(code, 0) + 1
    assert "internal" not in codes, codes
    assert answered > 0 and codes.get("bad_frame", 0) > 0 and codes.get("malformed", 0) > 0

    # a sample over real SSH subsystem connections
    for i, frame in enumerate(frames[:OVER_SSH]):
        client = await connect(f"wire{i}")
        await client.wait_for("welcome")
        client.send_raw(frame)
        client.send("ping", ref=i)
        with contextlib.suppress(TimeoutError, ConnectionError):
            await client.wait_for(None, lambda m: m["t"] in ("pong", "bye"), timeout=5)
        assert_plain_errors(client.raw, f"wire frame {i}")
        client.close()

    # the room is still there, and the bot table played on undisturbed
    watcher.send("ping", ref=12345)
    assert (await watcher.wait_for("pong", timeout=20))["ref"] == 12345
    await table.barrier()
    assert table.seq > seq_before or table.over
    assert not watcher.closed.is_set()
    replayed = engine.replay(table.game_name, table.seats, table.seed, table.options,
                             list(table.game.log))
    assert replayed.view(None) == table.game.view(None)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], \
        [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


class _Pty(asyncssh.SSHClientSession):  # type: ignore[type-arg]
    def __init__(self) -> None:
        self.screen = pyte.Screen(100, 30)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()
        self.closed = False

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.raw += data
        self.stream.feed(data)

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True

    @property
    def text(self) -> str:
        return "\n".join(self.screen.display)


_KEYS = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["\x1b", "\x1b[A", "\x1b[B", "\x1b[C", "\x1b[D", "\r", "\t", "\x7f",
                     "\x03", "\x11", "\x1a", "\x1b[200~", "\x1b[201~", "\x1b[<0;10;10M",
                     "\x1b[<0;10;10m", "\x1b[I", "\x1b[O", "\x1b[?2004h", "\x1b[8;5;5t",
                     "j", "w", "n", "q", "d", "x", "m", "p", "c", "/", "?", "[", "]"]),
    st.builds(lambda s: "\x1b[200~" + s + "\x1b[201~", st.text(max_size=3000)),
    st.binary(max_size=40).map(lambda b: b.decode("latin-1")),
)


def draw_bursts() -> list[bytes]:
    bursts: list[bytes] = []

    @settings(max_examples=PTY_BURSTS, derandomize=True, database=None, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(st.lists(_KEYS, min_size=1, max_size=12), st.binary(max_size=8))
    def collect(keys: list[str], raw: bytes) -> None:
        bursts.append("".join(keys).encode("utf-8", "surrogatepass") + raw)

    collect()
    return bursts


async def test_keystroke_and_paste_bursts_on_ptys_harm_no_one_else(
        host: Host, connect: Any, caplog: pytest.LogCaptureFixture,
        capfd: pytest.CaptureFixture[str]) -> None:
    caplog.set_level(logging.INFO)
    watcher, table_id = await _bot_table(connect)
    table = host.lobby.tables[table_id]
    await watcher.wait_for("view", lambda m: m["seq"] > 0)
    ptys = []
    for i in range(4):
        conn = await asyncssh.connect("127.0.0.1", host.port, username=f"keys{i}",
                                      known_hosts=None, client_keys=None, agent_path=None,
                                      password="", preferred_auth="keyboard-interactive")
        chan, pty = await conn.create_session(_Pty, term_type="xterm-256color",
                                              term_size=(100, 30), encoding=None)
        ptys.append((conn, chan, pty))
    for _ in range(100):
        if all("lobby" in p.text for _, _, p in ptys):
            break
        await asyncio.sleep(0.05)
    # two of them go to the bot table first (as spectators), two stay in the lobby
    for _, chan, _pty in ptys[:2]:
        chan.write(b"w")
    await asyncio.sleep(0.5)
    seq_before = table.seq
    for n, burst in enumerate(draw_bursts()):
        _, chan, pty = ptys[n % len(ptys)]
        if not chan.is_closing():
            chan.write(burst)
        await asyncio.sleep(0.02)
    await asyncio.sleep(1.0)

    watcher.send("ping", ref=7)
    assert (await watcher.wait_for("pong", timeout=20))["ref"] == 7
    await table.barrier()
    assert table.seq > seq_before or table.over
    for conn, _chan, pty in ptys:
        shown = pty.raw.decode("utf-8", "replace")
        assert not any(mark in shown for mark in ("Traceback", 'File "')), shown[-2000:]
        conn.close()
    messages = [r.getMessage() for r in caplog.records]
    assert not [m for m in messages if "crashed" in m or "handler failed" in m], messages
    assert "Traceback" not in capfd.readouterr().err
