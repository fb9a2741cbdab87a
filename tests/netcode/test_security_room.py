"""Attacks on the room from a LAN peer, replayed against the real host on 127.0.0.1.

Each test is one attack from the security issue: a crafted action, a flood of tables, a
paste flood and a giant window, a client too far behind, a seed worked out from a hand, a
spectator acting as a player. Each shows the attack refused with a one-line reason and
every legitimate path still working. (Identity, codes, logins and names: see
test_security_identity.py.)
"""

from __future__ import annotations

import asyncio
import gc
import logging
import struct
from typing import Any

import asyncssh
import msgpack
import pytest

from netcode.client import MeldhallClient
from netcode.framing import MAX_FRAME, PROTOCOL_VERSION
from netcode.identity import Identity
from netcode.lobby import LobbyLimits
from netcode.server import Host, HostConfig
from netcode.store import Store
from netcode.terminal import TerminalHandler


def _nested(depth: int) -> list:  # type: ignore[type-arg]
    value: list = [1]  # type: ignore[type-arg]
    for _ in range(depth):
        value = [value]
    return value


def raw_frame(message: dict) -> bytes:  # type: ignore[type-arg]
    """A frame packed without our encoder, so it can hold what a hostile peer sends."""
    body = msgpack.packb({**message, "v": PROTOCOL_VERSION}, use_bin_type=True)
    return struct.pack(">I", len(body)) + body


async def _seated_at_bot_table(connect, name: str = "ann", **create: object):  # type: ignore[no-untyped-def]
    client = await connect(name)
    client.send("create", game="hand_and_foot", seats=4, seed=11, **create)
    joined = await client.wait_for("joined")
    for seat in (1, 2, 3):
        client.send("add_bot", seat=seat)
    view = await client.wait_for("view", lambda m: 0 in m["view"]["to_act"])
    return client, joined["table"], view


# 3. every inbound action is checked before it is applied ---------------------------------

@pytest.mark.parametrize("crafted", [
    {"type": "draw", "x": msgpack.Timestamp(1, 0)},
    {"type": "draw", "card": msgpack.Timestamp(1, 0)},
    {"type": "draw", "junk": _nested(40)},
    {"type": "discard", "card": 2**63},
    {"type": "draw", "melds": [[0]] * 10_000},
], ids=["timestamp-field", "timestamp-card", "deep-nesting", "huge-int", "too-many-melds"])
async def test_crafted_action_is_refused_before_the_engine_and_the_table_restores(
        host: Host, connect, host_config: HostConfig, crafted: dict) -> None:  # type: ignore[no-untyped-def, type-arg]
    client, table_id, view = await _seated_at_bot_table(connect)
    seq = view["seq"]
    client.send_raw(raw_frame({"t": "action", "action": crafted, "ref": 1}))
    refusal = await client.wait_for("error", lambda m: m["code"] == "malformed")
    assert "action" in refusal["message"] and "\n" not in refusal["message"]
    await client.wait_closed()
    table = host.lobby.tables[table_id]
    await table.barrier()
    assert len(table.game.log) == seq and not any(m["t"] == "ack" for m in client.received)
    # The log is whole: a second host on the same data restores the table at that action.
    await host.stop()
    again = Host(host_config)
    await again.start()
    try:
        assert len(again.lobby.tables[table_id].game.log) == seq
    finally:
        await again.stop()


async def test_extension_types_close_only_that_session(host: Host, connect) -> None:  # type: ignore[no-untyped-def]
    bystander = await connect("bea")
    attacker = await connect("eve")
    attacker.send_raw(raw_frame({"t": "chat", "text": msgpack.ExtType(7, b"boom")}))
    assert (await attacker.wait_for("error"))["code"] == "bad_frame"
    await attacker.wait_closed()
    bystander.send("ping", ref=5)
    assert (await bystander.wait_for("pong"))["ref"] == 5


async def test_failed_log_write_refuses_the_action_and_the_table_stays_as_it_was(
        host: Host, connect, host_config: HostConfig) -> None:  # type: ignore[no-untyped-def]
    client, table_id, view = await _seated_at_bot_table(connect)
    table = host.lobby.tables[table_id]
    seq, hand = view["seq"], view["view"]["hand"]
    store = host.lobby.store
    real_append = store.append_action

    def disk_full(*args: object) -> None:
        raise OSError(28, "No space left on device")

    store.append_action = disk_full  # type: ignore[method-assign]
    client.send("action", action={"type": "draw"}, ref=7)
    refusal = await client.wait_for("error", lambda m: m.get("ref") == 7)
    assert refusal["code"] == "not_saved" and "not made" in refusal["message"]
    await table.barrier()
    assert len(table.game.log) == seq
    assert table.game.view(0)["hand"] == hand  # the draw was taken back
    store.append_action = real_append  # type: ignore[method-assign]
    client.send("action", action={"type": "draw"}, ref=8)
    ack = await client.wait_for("ack", lambda m: m.get("ref") == 8)
    assert ack["seq"] == seq + 1
    await host.stop()
    again = Host(host_config)
    await again.start()
    try:
        restored = again.lobby.tables[table_id].game
        assert restored.log == table.game.log[: len(restored.log)]
        assert len(restored.log) >= seq + 1
    finally:
        await again.stop()


# 4. bounded lobby ----------------------------------------------------------------------

async def test_one_player_cannot_open_tables_without_end(host: Host, connect) -> None:  # type: ignore[no-untyped-def]
    client = await connect("flo")
    for _ in range(host.lobby.limits.tables_per_player):
        client.send("create", game="hand_and_foot", seats=4, sit=False)
    client.send("create", game="hand_and_foot", seats=4, sit=False)
    refusal = await client.wait_for("error")
    assert refusal["code"] == "too_many_tables" and "open tables" in refusal["message"]
    assert len(host.lobby.tables) == host.lobby.limits.tables_per_player
    other = await connect("gus")
    other.send("create", game="hand_and_foot", seats=4)  # someone else still can
    await other.wait_for("joined")


async def test_the_room_holds_at_most_max_tables(host_config: HostConfig) -> None:
    host_config.lobby_limits = LobbyLimits(max_tables=2)
    host = Host(host_config)
    await host.start()
    try:
        clients = [await MeldhallClient.connect("127.0.0.1", host.port, f"p{i}")
                   for i in range(3)]
        for client in clients[:2]:
            client.send("create", game="hand_and_foot", seats=4)
            await client.wait_for("joined")
        clients[2].send("create", game="hand_and_foot", seats=4)
        refusal = await clients[2].wait_for("error")
        assert refusal["code"] == "too_many_tables" and "room is full" in refusal["message"]
        for client in clients:
            client.close()
    finally:
        await host.stop()


async def test_a_new_connection_reaches_the_lobby_whatever_the_store_holds(
        host_config: HostConfig) -> None:
    # Thousands of tables left in the store (by an earlier flood, before the caps): their
    # full listing would be several frames long.
    host_config.data_dir.mkdir(parents=True)
    store = Store(host_config.data_dir / "meldhall.sqlite3")
    for i in range(2000):
        store.create_table("hand_and_foot", 4, i, {"deals": 4})
    store.close()
    host = Host(host_config)
    await host.start()
    try:
        client = await MeldhallClient.connect("127.0.0.1", host.port, "newcomer")
        lobby = await client.wait_for("lobby")
        size = host.lobby.limits.page_size
        assert lobby["total"] == 2000 and len(lobby["tables"]) == size
        assert lobby["pages"] == 2000 // size
        assert max(len(raw) for raw in client.raw) < MAX_FRAME
        client.send("list", page=3)
        page = await client.wait_for("lobby")
        assert page["page"] == 3 and page["tables"][0]["id"] == 3 * size + 1
        client.close()
    finally:
        await host.stop()


async def test_tables_nobody_is_at_expire(host_config: HostConfig) -> None:
    host_config.lobby_limits = LobbyLimits(empty_table_ttl=0.2)
    host = Host(host_config)
    await host.start()
    try:
        client = await MeldhallClient.connect("127.0.0.1", host.port, "hal")
        client.send("create", game="hand_and_foot", seats=4, sit=False)
        client.send("create", game="hand_and_foot", seats=4)  # hal sits here: kept
        kept = (await client.wait_for("joined"))["table"]
        for _ in range(100):
            await asyncio.sleep(0.05)
            if len(host.lobby.tables) == 1:
                break
        assert list(host.lobby.tables) == [kept]
        assert [r.id for r in host.lobby.store.load_tables()] == [kept]
        client.close()
    finally:
        await host.stop()


# 5. input and window limits -------------------------------------------------------------

class _Screen(asyncssh.SSHClientSession):  # type: ignore[type-arg]
    def __init__(self) -> None:
        self.text = ""

    def data_received(self, data: str, datatype: object) -> None:
        self.text += data


async def _pty(host: Host, name: str, size: tuple[int, int] = (80, 24)):  # type: ignore[no-untyped-def]
    conn = await asyncssh.connect("127.0.0.1", host.port, username=name, known_hosts=None,
                                  client_keys=None, agent_path=None, password="")
    chan, screen = await conn.create_session(_Screen, term_type="xterm-256color",
                                             term_size=size)
    for _ in range(200):
        if "lobby" in screen.text:
            break
        await asyncio.sleep(0.05)
    return conn, chan, screen


def _handler(host: Host, name: str) -> TerminalHandler:
    """The host's terminal for a session (found among live objects: tests only)."""
    found = [o for o in gc.get_objects()
             if isinstance(o, TerminalHandler) and o.session.name == name
             and o.session in host.lobby.sessions]
    assert len(found) == 1, f"no single terminal for {name}"
    return found[0]


async def test_a_paste_flood_is_dropped_and_the_room_stays_responsive(host: Host, connect) -> None:  # type: ignore[no-untyped-def]
    watcher = await connect("wes")
    conn, chan, screen = await _pty(host, "pia")
    handler = _handler(host, "pia")
    chan.write("x" * 200_000)  # an unbracketed paste
    chan.write("\x1b[200~" + "y" * 100_000 + "\x1b[201~")  # and a bracketed one
    for _ in range(100):
        await asyncio.sleep(0.05)
        if handler.gate.dropped >= 280_000:
            break
    limits = handler.gate.limits
    assert handler.gate.dropped >= 300_000 - limits.burst - limits.paste - 2 * limits.rate
    watcher.send("ping", ref=1)
    assert (await watcher.wait_for("pong", timeout=10))["ref"] == 1
    for _ in range(100):
        if "some of it was dropped" in screen.text:
            break
        await asyncio.sleep(0.05)
    assert "some of it was dropped" in screen.text
    conn.close()


async def test_a_giant_window_is_drawn_at_a_sensible_size(host: Host) -> None:
    conn, chan, _ = await _pty(host, "gia", size=(20000, 20000))
    handler = _handler(host, "gia")
    limits = handler.gate.limits
    assert handler.size == (limits.max_width, limits.max_height)
    chan.change_terminal_size(30000, 10)
    for _ in range(100):
        if handler.size == (limits.max_width, 10):
            break
        await asyncio.sleep(0.02)
    assert handler.size == (limits.max_width, 10)
    conn.close()


# 6. overflow handled once ---------------------------------------------------------------

async def test_an_overflowing_outbox_closes_once_and_logs_one_line(
        host: Host, caplog: pytest.LogCaptureFixture) -> None:
    from netcode.session import Session

    session = Session(host.lobby, Identity("name:slow", "slow"), outbox_limit=3)
    host.lobby.sessions.add(session)
    caplog.set_level(logging.INFO, logger="netcode.session")
    for i in range(50):
        session.put(b"frame %d" % i)
    assert session.closed and session.close_reason == "too far behind"
    overflow_lines = [r for r in caplog.records if "overflowed" in r.getMessage()]
    assert len(overflow_lines) == 1
    assert session not in host.lobby.sessions


# 7. deals nobody can predict ------------------------------------------------------------

async def test_deal_seeds_are_128_bit_secrets_kept_out_of_every_frame(
        host_config: HostConfig) -> None:
    host_config.allow_client_seeds = False
    host = Host(host_config)
    await host.start()
    try:
        client = await MeldhallClient.connect("127.0.0.1", host.port, "sam")
        client.send("create", game="hand_and_foot", seats=4, seed=1)  # ignored: not allowed
        table_id = (await client.wait_for("joined"))["table"]
        for seat in (1, 2, 3):
            client.send("add_bot", seat=seat)
        await client.wait_for("view", lambda m: m["seq"] >= 6, timeout=30)
        seed = host.lobby.tables[table_id].seed
        assert seed != 1 and seed.bit_length() > 96  # under 97 bits: one chance in 2^31
        wire = b"".join(client.raw)
        assert str(seed).encode() not in wire
        assert seed.to_bytes(16, "big") not in wire
        client.close()
    finally:
        await host.stop()
    again = Host(host_config)
    await again.start()
    try:
        assert again.lobby.tables[table_id].seed == seed  # what replay needs is in the log
    finally:
        await again.stop()


# 8. spectators only watch ---------------------------------------------------------------

async def test_a_spectator_cannot_move_bots_take_seats_mid_deal_or_restart(
        host: Host, connect) -> None:  # type: ignore[no-untyped-def]
    owner, table_id, _ = await _seated_at_bot_table(connect, "olga")
    owner.send("action", action={"type": "draw"}, ref=1)
    await owner.wait_for("ack")
    spy = await connect("spy")
    spy.send("watch", table=table_id)
    await spy.wait_for("joined")
    table = host.lobby.tables[table_id]
    before = [(o.user_id, o.bot) for o in table.occupants]
    for tag, fields in (("remove_bot", {"seat": 1}), ("add_bot", {"seat": 1}),
                        ("again", {})):
        spy.send(tag, **fields)
        refusal = await spy.wait_for("error")
        assert refusal["code"] == "spectator", tag
    spy.send("action", action={"type": "discard", "card": 0}, ref=3)
    assert (await spy.wait_for("error"))["code"] == "spectator"
    spy.send("sit", table=table_id, seat=1)  # a bot's seat is not free
    assert (await spy.wait_for("error"))["code"] == "seat_taken"
    assert [(o.user_id, o.bot) for o in table.occupants] == before
    spy.send("chat", text="nice draw")  # watching and chatting are fine
    assert (await owner.wait_for("chat"))["text"] == "nice draw"
    # Even the seated creator cannot pull a bot out while its hand is in play.
    owner.send("remove_bot", seat=2)
    assert (await owner.wait_for("error"))["code"] == "deal_on"
    assert table.occupants[2].bot is not None


async def test_a_seat_left_mid_deal_is_not_there_for_the_taking(host: Host, connect) -> None:  # type: ignore[no-untyped-def]
    owner, table_id, _ = await _seated_at_bot_table(connect, "ola")
    owner.send("action", action={"type": "draw"}, ref=1)
    await owner.wait_for("ack")
    owner.send("leave")
    assert (await owner.wait_for("left"))["kept"] is True
    spy = await connect("sly")
    spy.send("sit", table=table_id, seat=0)
    assert (await spy.wait_for("error"))["code"] == "seat_taken"
    owner.send("sit", table=table_id)  # the player comes back to the same hand
    assert (await owner.wait_for("joined"))["seat"] == 0


async def test_a_request_dropped_by_the_rate_limit_is_answered_by_its_ref(
        host: Host, connect) -> None:  # type: ignore[no-untyped-def]
    client = await connect("flo")
    for ref in range(1, 401):
        client.send("ping", ref=ref)
    answered: set[int] = set()
    while len(answered) < 400:
        message = await client.wait_for(None, lambda m: m["t"] in ("pong", "error"))
        assert message["t"] == "pong" or message["code"] == "slow_down"
        answered.add(message["ref"])
    assert answered == set(range(1, 401))


async def test_a_hand_seen_before_the_first_move_cannot_be_carried_to_another_seat(  # type: ignore[no-untyped-def]
        host: Host, connect) -> None:
    """Play-test: before the first move a seat may be left freely, so bea sat at an
    opponent's seat, read its hand, left and sat at her partner's seat knowing it. She may
    sit only where she looked until that deal is over."""
    ann = await connect("ann")
    ann.send("create", game="hand_and_foot", seats=4, seed=7)
    table = (await ann.wait_for("joined"))["table"]
    bea = await connect("bea")
    bea.send("sit", table=table, seat=1)
    assert (await bea.wait_for("joined"))["seat"] == 1
    assert (await bea.wait_for("view"))["view"]["hand"]  # seat 1's cards, on her screen
    bea.send("leave")
    assert (await bea.wait_for("left"))["kept"] is False  # the seat is free again
    bea.send("sit", table=table, seat=2)
    refusal = await bea.wait_for("error")
    assert refusal["message"] == ("You saw seat 1's cards: you may sit only there until this "
                                  "deal is over.")
    assert host.lobby.tables[table].occupants[2].free  # nothing changed
    bea.send("sit", table=table)  # the first free seat: the one she saw
    assert (await bea.wait_for("joined"))["seat"] == 1


async def tables_made_and_left(host: Host, client: Any) -> list[int]:
    """As many tables as one person may have open, each made and left at once."""
    made = []
    for _ in range(host.lobby.limits.tables_per_player):
        client.send("create", game="hand_and_foot", seats=4)
        made.append((await client.wait_for("joined"))["table"])
        client.send("leave")
        await client.wait_for("left")
    return made


async def test_an_empty_table_its_creator_left_gives_way_to_their_next(
        host: Host, connect) -> None:  # type: ignore[no-untyped-def]
    """Play-test: tables their creator had sat at and left, nobody else there and nothing
    played, counted against them until they expired: "You already have 3 open tables"."""
    client = await connect("flo")
    made = await tables_made_and_left(host, client)
    client.send("create", game="hand_and_foot", seats=4)
    newest = (await client.wait_for("joined"))["table"]
    assert sorted(host.lobby.tables) == [*made[1:], newest]  # the oldest went
    # ...and its creator is told (play-test: it vanished from the list with no word)
    told = await client.wait_for("chat", lambda m: m.get("name") == "meldhall")
    assert told["text"] == (f"Your empty table {made[0]} was closed to make room for this "
                            "one (3 open tables each).")


async def test_a_refused_table_takes_no_empty_table_of_its_creator_with_it(
        host: Host, connect) -> None:  # type: ignore[no-untyped-def]
    """An empty table its creator left gives way to their next one only when the next one
    is made: a request refused for its options (a bad bot level, rules the engine
    refuses) changes nothing, and the empty table was already gone."""
    client = await connect("gil")
    made = await tables_made_and_left(host, client)
    client.send("create", game="hand_and_foot", seats=4, table={"bot_level": "genius"})
    assert "bot_level must be one of" in (await client.wait_for("error"))["message"]
    client.send("create", game="hand_and_foot", seats=3)
    assert (await client.wait_for("error"))["code"] == "invalid"
    assert sorted(host.lobby.tables) == made  # nothing went


async def test_a_creator_closes_a_table_nobody_else_plays_at_and_may_open_another(
        host: Host, connect) -> None:  # type: ignore[no-untyped-def]
    """Play-test: three games left mid-deal (seats kept) counted against their creator,
    and nothing ended them: "You already have 3 open tables" for up to a week. Their
    creator may close one (D in the lobby); nobody else may, nor while another person
    holds a seat or anyone is at the table."""
    flo, gus = await connect("flo"), await connect("gus")
    made = []
    for n in range(host.lobby.limits.tables_per_player):
        flo.send("create", game="hand_and_foot", seats=4, seed=3, table={"bot_pace_ms": 0})
        made.append((await flo.wait_for("joined"))["table"])
        for seat in (1, 2):
            flo.send("add_bot", seat=seat)
        if n == 1:  # gus plays at the second table, and leaves it: his seat is kept
            gus.send("sit", table=made[-1], seat=3)
            await gus.wait_for("joined")
        else:
            flo.send("add_bot", seat=3)
        await flo.wait_for("events")  # a move made: the deal is under way, the seat kept
        flo.send("leave")
        await flo.wait_for("left")
        if n == 1:
            gus.send("leave")
            await gus.wait_for("left")
    first, second, third = made
    flo.send("create", game="hand_and_foot", seats=4)
    refusal = await flo.wait_for("error")
    assert refusal["code"] == "too_many_tables" and f"({first}, {second}, {third})" in \
        refusal["message"] and "D in the lobby" in refusal["message"]
    gus.send("close", table=first)
    assert (await gus.wait_for("error"))["code"] == "not_yours"
    flo.send("close", table=second)  # gus holds a seat there, away
    assert (await flo.wait_for("error"))["code"] == "seated"
    gus.send("watch", table=third)
    await gus.wait_for("joined")
    flo.send("close", table=third)
    assert (await flo.wait_for("error"))["code"] == "in_use"
    assert sorted(host.lobby.tables) == made  # every refusal changed nothing
    flo.send("close", table=first)
    await flo.wait_for("lobby", lambda m: first not in [t["id"] for t in m["tables"]])
    assert first not in host.lobby.tables
    assert first not in [t.id for t in host.lobby.store.load_tables()]
    flo.send("create", game="hand_and_foot", seats=4)
    await flo.wait_for("joined")  # room for a new one


async def test_a_connection_refused_at_the_door_is_told_why(host_config: HostConfig) -> None:
    """Play-test: a 17th terminal from one address was closed with "Disconnected by
    application"; the reason (the host's log had it) goes with the disconnect."""
    from tests.netcode.conftest import running

    host_config.max_per_address = 1
    async with running(host_config) as host:
        first = await MeldhallClient.connect("127.0.0.1", host.port, "ann")
        with pytest.raises(asyncssh.DisconnectError) as refused:
            await MeldhallClient.connect("127.0.0.1", host.port, "bob")
        assert refused.value.reason.startswith(  # (asyncssh adds "(error 12)")
            "meldhall refused this connection: too many connections from this address.")
        first.close()
