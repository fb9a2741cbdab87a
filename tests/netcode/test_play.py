"""Four players and two spectators play a seeded Hand and Foot deal over the subsystem.

Every message each session receives is recorded and checked: a seat never sees a
card face from another seat's hand, a spectator never sees any hand card. The
players are the engine's random bot, acting through ``netcode.client`` like any
program would.
"""

from __future__ import annotations

import asyncio
import contextlib
import struct
from collections import defaultdict
from typing import Any

import msgpack
import pytest
from seatplay import play_seat

from netcode.framing import MAX_FRAME, PROTOCOL_VERSION, decode_frame
from netcode.outbox import Outbox, OutboxClosed

SEED = 20240611
OPTIONS = {"deals": 1}


def card_faces(value: Any) -> set[int]:
    """Ids of every card shown with its face (``{"id", "code"}``) anywhere in a message."""
    found: set[int] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if "id" in item and "code" in item:
                found.add(item["id"])
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


async def test_four_players_two_spectators_play_a_deal(host, connect) -> None:  # type: ignore[no-untyped-def]
    names = ["alice", "bob", "carol", "dave"]
    players = [await connect(name) for name in names]
    alice = players[0]
    alice.send("create", game="hand_and_foot", seats=4, options=OPTIONS, seed=SEED)
    table = (await alice.wait_for("joined"))["table"]
    for seat, client in enumerate(players[1:], start=1):
        client.send("sit", table=table, seat=seat)
        assert (await client.wait_for("joined"))["seat"] == seat
    spectators = [await connect(name) for name in ("sam", "sue")]
    for spectator in spectators:
        spectator.send("watch", table=table)
        assert (await spectator.wait_for("joined"))["role"] == "spectator"

    first = await alice.wait_for("view", lambda m: all(p["present"] for p in m["players"]))
    to_act = first["view"]["to_act"]
    idle = next(s for s in range(4) if s not in to_act)

    # A spectator's action is refused by the host, whatever it sends.
    spectators[0].send("action", action={"type": "draw"}, ref=1)
    refusal = await spectators[0].wait_for("error")
    assert refusal["code"] == "spectator" and refusal["ref"] == 1
    # So is an action out of turn.
    players[idle].send("action", action={"type": "draw"}, ref=99)
    refusal = await players[idle].wait_for("error", lambda m: m.get("ref") == 99)
    assert refusal["code"] == "not_your_turn"
    # An action the rules forbid comes back from the engine, with its rule id.
    actor = players[to_act[0]]
    actor.send("action", action={"type": "discard", "card": 10**6}, ref=98)
    refusal = await actor.wait_for("error", lambda m: m.get("ref") == 98)
    assert refusal["code"] in ("illegal", "invalid") and refusal["rule"]

    for client in players:
        client._cursor = 0
    results = await asyncio.wait_for(
        asyncio.gather(*(play_seat(c, s, SEED + s) for s, c in enumerate(players))), 240
    )
    assert sum(r["actions"] for r in results) > 20
    for spectator in spectators:
        await spectator.wait_for("view", lambda m: m["over"], timeout=30)
    await asyncio.sleep(0.2)

    # Hands as each seat saw them, by sequence number.
    hands: dict[int, dict[int, set[int]]] = defaultdict(dict)
    for seat, client in enumerate(players):
        for message in client.received:
            if message["t"] == "view":
                assert message["view"]["seat"] == seat
                hands[seat][message["seq"]] = {c["id"] for c in message["view"]["hand"]}
    final_seq = max(max(h) for h in hands.values())
    for seat in range(4):
        assert len(hands[seat]) >= final_seq // 2, "too few views to check against"

    checked = 0
    for seat, client in enumerate(players):
        for message in client.received:
            if "seq" not in message or message.get("table") != table:
                continue
            faces = card_faces(message)
            for other in range(4):
                if other == seat:
                    continue
                other_hand = hands[other].get(message["seq"])
                if other_hand is not None:
                    assert not faces & other_hand, (seat, other, message["t"], message["seq"])
                    checked += 1
    for spectator in spectators:
        for message in spectator.received:
            if message["t"] == "view":
                assert message["view"]["hand"] == [] and message["seat"] is None
            if "seq" not in message:
                continue
            faces = card_faces(message)
            for seat in range(4):
                held = hands[seat].get(message["seq"])
                if held is not None:
                    assert not faces & held
                    checked += 1
    assert checked > 1000
    # Spectators saw the same sequence of table states as the players.
    spectator_seqs = {m["seq"] for m in spectators[0].received if m["t"] == "view"}
    assert final_seq in spectator_seqs


async def test_bad_frames_close_only_that_session(host, connect) -> None:  # type: ignore[no-untyped-def]
    owner = await connect("owner")
    # A game that outlasts the checks below (four deals, bots at a 30 ms pace): the table
    # must still be playing when it is looked at again.
    owner.send("create", game="hand_and_foot", seats=4, options={"deals": 4}, seed=SEED,
               table={"bot_level": "random", "bot_pace_ms": 30})
    table = (await owner.wait_for("joined"))["table"]
    await owner.wait_for("view")
    owner.send("add_bot", seat=1)
    owner.send("add_bot", seat=1)  # already a bot's: refused by name
    assert (await owner.wait_for("error"))["code"] == "seat_taken"
    owner.send("watch", table=table)  # watching where one holds a seat: back in it...
    assert (await owner.wait_for("joined"))["role"] == "player"
    owner.send("leave")
    await owner.wait_for("left")
    owner.send("sit", table=table, seat=0)
    assert (await owner.wait_for("joined"))["seat"] == 0
    owner.send("add_bot", seat=0)
    assert (await owner.wait_for("error"))["code"] == "seat_taken"
    owner.send("leave")
    await owner.wait_for("left")
    owner.send("watch", table=table)
    await owner.wait_for("joined")
    # The seat is free again (no deal has begun: leaving mid-deal would keep it), so a
    # bot takes it; the last two bots start the deal.
    for seat in (0, 2, 3):
        owner.send("add_bot", seat=seat)
    watcher = await connect("watcher")
    watcher.send("watch", table=table)
    await watcher.wait_for("joined")

    garbage = b"\x00\x00\x00\x05\xc1\xc1\xc1\xc1\xc1"
    oversized = struct.pack(">I", MAX_FRAME + 1) + b"\x00" * 16
    body = msgpack.packb({"t": "sit", "v": PROTOCOL_VERSION, "table": "one"})
    malformed = struct.pack(">I", len(body)) + body
    wrong_version = msgpack.packb({"t": "list", "v": 999})
    wrong_version = struct.pack(">I", len(wrong_version)) + wrong_version
    not_a_map = msgpack.packb([1, 2])
    not_a_map = struct.pack(">I", len(not_a_map)) + not_a_map
    bad = {"garbage": garbage, "oversized": oversized, "malformed": malformed,
           "version": wrong_version, "list": not_a_map}
    mallories = {}
    for name, payload in bad.items():
        client = await connect(f"m-{name}")
        client.send("watch", table=table)
        await client.wait_for("joined")
        client.send_raw(payload)
        mallories[name] = client
    for name, client in mallories.items():
        await client.wait_closed()
        error = next(m for m in client.received if m["t"] == "error")
        assert "Traceback" not in error["message"], name
    codes = {name: next(m for m in c.received if m["t"] == "error")["code"]
             for name, c in mallories.items()}
    assert codes == {"garbage": "bad_frame", "oversized": "bad_frame",
                     "malformed": "malformed", "version": "version", "list": "bad_frame"}

    # An unknown type is answered, not fatal.
    dance = msgpack.packb({"t": "dance", "v": PROTOCOL_VERSION})
    watcher.send_raw(struct.pack(">I", len(dance)) + dance)
    assert (await watcher.wait_for("error"))["code"] == "unknown_type"

    # The table goes on: the bots keep playing and the others keep getting views.
    seen = (await watcher.wait_for("view"))["seq"]
    later = await watcher.wait_for("view", lambda m: m["seq"] > seen + 5, timeout=20)
    assert later["seq"] > seen
    owner_view = await owner.wait_for("view", lambda m: m["seq"] >= later["seq"])
    assert owner_view["seat"] is None
    assert not owner.closed.is_set() and not watcher.closed.is_set()


async def ann_with_three_bots(connect: Any) -> tuple[Any, int]:
    """ann's Hand and Foot table (seat 0) with random bots at 1-3 that move at once."""
    ann = await connect("ann")
    ann.send("create", game="hand_and_foot", seats=4, seed=SEED, options=OPTIONS,
             table={"bot_pace_ms": 0})
    table = (await ann.wait_for("joined"))["table"]
    for seat in (1, 2, 3):
        ann.send("add_bot", seat=seat, kind="random")
    return ann, table


async def test_a_first_view_at_a_table_carries_its_last_moves(host, connect) -> None:  # type: ignore[no-untyped-def]
    """Someone arriving (or back from a drop) gets the last moves' public events with the
    first view, the same events everyone at the table was sent; later views carry none."""
    ann, table = await ann_with_three_bots(connect)
    await ann.wait_for("view", lambda m: all(p["name"] for p in m["players"]))
    sent: list[dict[str, Any]] = []

    async def move() -> None:  # ann draws or discards; the bots move in between
        view = await ann.wait_for("view", lambda m: 0 in m["view"]["to_act"])
        kinds = {e["type"]: e for e in view["view"]["legal"]}
        action = {"type": "draw"} if "draw" in kinds else {
            "type": "discard", "card": kinds["discard"]["cards"][0]}
        ann.send("action", action=action, ref=len(sent))
        sent.append(await ann.wait_for("ack"))

    for _ in range(3):
        await move()
    sam = await connect("sam")
    sam.send("watch", table=table)
    first = await sam.wait_for("view")
    assert [r["seq"] for r in first["recent"]] == sorted(r["seq"] for r in first["recent"])
    said = [r["chat"]["text"] for r in first["recent"] if "chat" in r]  # (the bots added)
    assert said == [f"ann added a random bot at seat {s}." for s in (1, 2, 3)]
    recent = [r for r in first["recent"] if "events" in r]
    assert recent and recent[-1]["seq"] <= first["seq"]
    mine = [r for r in recent if r["seat"] == 0]
    assert {e["type"] for r in mine for e in r["events"]} >= {"drew", "discarded"}
    # who sat where when each move was made (a seat may change hands before the log is read)
    assert mine[-1]["names"] == ["ann", "bot 1", "bot 2", "bot 3"]
    assert not card_faces(recent) - card_faces(first["view"]) - {  # (each was face up)
        e["card"]["id"] for r in recent for e in r["events"]
        if e["type"] in ("discarded", "upcard")}
    await move()
    later = await sam.wait_for("view", lambda m: m["seq"] > first["seq"])
    assert "recent" not in later


async def test_the_first_deals_start_is_in_the_log_of_a_new_table(host, connect) -> None:  # type: ignore[no-untyped-def]
    """Play-test: deal 1's log was empty (no "Deal 1 begins", no pile's first card), as
    no action made those events; later deals had them."""
    ann = await connect("ann")
    ann.send("create", game="canastone", seats=4, seed=3)
    table = (await ann.wait_for("joined"))["table"]
    sam = await connect("sam")
    sam.send("watch", table=table)
    first = await sam.wait_for("view")
    (start,) = first["recent"]
    assert start["seq"] == 0 and start["seat"] is None
    assert [e["type"] for e in start["events"]][:2] == ["deal_started", "pile_started"]


async def test_someone_arriving_at_a_table_is_sent_what_was_said_there(  # type: ignore[no-untyped-def]
        host, connect) -> None:
    """A player back from a dropped connection had lost the table's chat (play-test): the
    last lines come in the first view among the last moves, each after the move it
    followed (sent after the view, they came below newer moves in the log)."""
    ann = await connect("ann")
    ann.send("create", game="hand_and_foot", seats=4, seed=SEED, options=OPTIONS)
    table = (await ann.wait_for("joined"))["table"]
    await ann.wait_for("view")
    for text in ("hello", "ready when you are"):
        ann.send("chat", text=text)
        await ann.wait_for("chat", lambda m, text=text: m["text"] == text)
    bea = await connect("bea")
    bea.send("sit", table=table, seat=1)  # seat 1 moves first
    await bea.wait_for("joined")
    bea.send("action", action={"type": "draw"}, ref=1)
    await bea.wait_for("ack")
    ann.send("chat", text="drawn")
    await ann.wait_for("chat", lambda m: m["text"] == "drawn")
    sam = await connect("sam")
    sam.send("watch", table=table)
    recent = (await sam.wait_for("view"))["recent"]
    assert [r["chat"]["text"] if "chat" in r else r["events"][0]["type"] for r in recent] == [
        "deal_started", "hello", "ready when you are", "drew", "drawn"]
    ann.send("chat", text="welcome")
    now = await sam.wait_for("chat", lambda m: m["text"] == "welcome")
    assert "earlier" not in now


async def test_a_bot_waits_longer_to_start_the_next_deal_while_people_sit(  # type: ignore[no-untyped-def]
        host, connect) -> None:
    """At one pace the deal's end (its last melds, the scores) was gone before anyone
    could read it; with nobody seated the bots go on at their pace."""
    from netcode.table import DEAL_PAUSE

    ann = await connect("ann")
    ann.send("create", game="hand_and_foot", seats=4, seed=SEED, options=OPTIONS,
             table={"bot_pace_ms": 40})
    table_id = (await ann.wait_for("joined"))["table"]
    table = host.lobby.tables[table_id]
    assert table.bot_pace() == 0.04
    table.between_deals = True  # a deal has been scored (the table's own flag)
    assert table.bot_pace() == 0.04 * DEAL_PAUSE
    ann.send("leave")
    await ann.wait_for("left")
    assert table.bot_pace() == 0.04  # nobody to read it


def deal_played(game: Any) -> Any:
    """The game once random players have played its deal to the end."""
    from engine.bots import make_bot

    bots = [make_bot("random", s) for s in range(game.seats)]
    while game.phase != "deal_over":
        seat = min(game.to_act)
        game.apply(seat, bots[seat].act(game.view(seat)))
    return game


async def test_a_bot_that_deals_next_waits_until_the_people_say_they_are_ready(  # type: ignore[no-untyped-def]
        host, connect) -> None:
    """A fixed pause of a few seconds took the deal's end away before the players had
    read it (play-tests): at a pace people follow, the bot deals once everyone seated
    has pressed n (or after READY_WAIT), and everyone sees who is ready."""
    from netcode.table import READY_WAIT

    ann = await connect("ann")
    ann.send("create", game="hand_and_foot", seats=4, seed=SEED, options={"deals": 2},
             table={"bot_pace_ms": 200})
    table_id = (await ann.wait_for("joined"))["table"]
    table = host.lobby.tables[table_id]
    bea = await connect("bea")
    bea.send("sit", table=table_id, seat=2)
    await bea.wait_for("joined")
    cy = await connect("cy")
    cy.send("watch", table=table_id)
    await cy.wait_for("joined")
    ann.send("ready")  # mid-deal: nothing to be ready for
    assert "no next deal" in (await ann.wait_for("error"))["message"]
    await table.barrier()  # (nothing of the table's is using its game meanwhile)
    table.game = deal_played(table.game)
    table.between_deals = True  # (the table's own flag, as its next publish sets it)
    assert table.bot_pace() == READY_WAIT
    cy.send("ready")
    assert (await cy.wait_for("error"))["code"] == "spectator"
    ann.send("ready")
    seen = await cy.wait_for("view", lambda m: any(p.get("ready") for p in m["players"]))
    assert [p["seat"] for p in seen["players"] if p.get("ready")] == [0]
    assert table.bot_pace() == READY_WAIT  # bea has not said so yet
    bea.send("leave")  # the one not ready goes: nobody else to wait for
    await bea.wait_for("left")
    assert table.bot_pace() == 0.2


async def test_when_the_wait_for_ready_runs_out_the_table_says_so(  # type: ignore[no-untyped-def]
        host, connect, monkeypatch) -> None:
    """Play-test: after the minute the bot dealt with no word of why."""
    import netcode.table

    monkeypatch.setattr(netcode.table, "READY_WAIT", 0.3)
    ann = await connect("ann")
    ann.send("create", game="hand_and_foot", seats=4, seed=SEED, options={"deals": 2},
             table={"bot_pace_ms": 200})
    table_id = (await ann.wait_for("joined"))["table"]
    table = host.lobby.tables[table_id]
    await table.barrier()  # (nothing of the table's is using its game meanwhile)
    table.game = deal_played(table.game)
    table.between_deals, table.to_act = True, frozenset(table.game.to_act)
    (dealer,) = table.to_act
    assert dealer != 0  # (the seed's: ann's seat is not the next dealer)
    ann.send("add_bot", seat=dealer)
    said = await ann.wait_for("chat", lambda m: "A minute" in m["text"], timeout=5)
    assert said["text"] == "A minute has passed without ann saying ready: the next deal starts."
    await ann.wait_for("view", lambda m: m["view"]["phase"] != "deal_over", timeout=5)


async def test_once_everyone_is_ready_the_bot_deals_at_its_pace(  # type: ignore[no-untyped-def]
        host, connect) -> None:
    """The bot's timer was set for the whole wait (a minute): the last `ready` must bring
    the deal forward, not only change what bot_pace() answers."""
    ann = await connect("ann")
    ann.send("create", game="hand_and_foot", seats=4, seed=SEED, options={"deals": 2},
             table={"bot_pace_ms": 200})
    table = host.lobby.tables[(await ann.wait_for("joined"))["table"]]
    await table.barrier()  # (nothing of the table's is using its game meanwhile)
    table.game = deal_played(table.game)
    table.between_deals, table.to_act = True, frozenset(table.game.to_act)
    (dealer,) = table.to_act
    ann.send("add_bot", seat=dealer)
    await ann.wait_for("chat", lambda m: "added" in m["text"])
    await asyncio.sleep(0.5)  # more than its pace: it waits for ann
    assert table.game.phase == "deal_over"
    ann.send("ready")
    await ann.wait_for("view", lambda m: m["view"]["phase"] != "deal_over", timeout=3)


async def test_the_last_moves_reach_a_screen_that_is_slow_to_read(host, connect) -> None:  # type: ignore[no-untyped-def]
    """Play-test: six people back at once, and some came back to an empty log: their
    first view (the only one with the last moves) waited unsent while their App started,
    and the next move's view took its place. Here a member that reads nothing yet."""
    ann, table_id = await ann_with_three_bots(connect)
    view = await ann.wait_for("view", lambda m: 0 in m["view"]["to_act"]
                              and all(p["name"] for p in m["players"]))
    table = host.lobby.tables[table_id]

    class Slow:  # a session whose frames wait unsent in its outbox
        user_id, name = "name:slow", "slow"

        def __init__(self) -> None:
            self.outbox = Outbox()

        def put(self, frame: bytes, replace_key: str | None = None) -> None:
            self.outbox.put(frame, replace_key)

    slow = Slow()
    table.attach(slow, None)
    await table.barrier()
    ann.send("action", action={"type": "draw"}, ref=1)
    await ann.wait_for("ack")
    await table.barrier()
    slow.outbox.close()
    frames = []
    with contextlib.suppress(OutboxClosed):
        while True:
            frames.append(decode_frame(await slow.outbox.get()))
    views = [f for f in frames if f["t"] == "view"]
    assert views[0].get("recent") and views[0]["seq"] == view["seq"]
    assert views[-1]["seq"] > view["seq"]  # and the newest view after it


@pytest.mark.parametrize(("pace_ms", "waits"), [(200, True), (20, False)])
async def test_the_view_says_whom_a_bot_dealing_next_waits_for(  # type: ignore[no-untyped-def]
        host, connect, pace_ms: int, waits: bool) -> None:
    """The screens read whom the table waits for from the host (``ready_wait``), not from
    a copy of its rule: at a racing pace the bot waits for nobody, and the screen said
    "waiting for ann to be ready" all the same."""
    ann = await connect("ann")
    ann.send("create", game="hand_and_foot", seats=4, seed=SEED, options={"deals": 2},
             table={"bot_pace_ms": pace_ms, "clock": True})
    table = host.lobby.tables[(await ann.wait_for("joined"))["table"]]
    await table.barrier()  # (nothing of the table's is using its game meanwhile)
    table.game = deal_played(table.game)
    table.between_deals, table.to_act = True, frozenset(table.game.to_act)
    (dealer,) = table.to_act
    ann.send("add_bot", seat=dealer)
    view = await ann.wait_for("view", lambda m: m["players"][dealer]["bot"])
    if waits:
        assert view["ready_wait"] == [0]
        assert "clock" not in view  # the bot is not thinking: it waits for ann
        ann.send("ready")
        view = await ann.wait_for("view", lambda m: m.get("ready_wait") == []
                                  or m["view"]["phase"] != "deal_over", timeout=3)
    else:
        assert "ready_wait" not in view and "clock" in view  # (the bot deals on: thinks)
