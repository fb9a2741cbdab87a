"""The turn clock, a table option: everyone sees how long the player on turn has thought;
past the limit the table is told, and (with `absent: wait`, the default) it waits."""

from __future__ import annotations

import time

from netcode.server import Host, HostConfig
from netcode.table import TABLE_SETTINGS


async def test_the_clock_runs_for_everyone_and_the_table_hears_when_time_is_up(
        host: Host, connect, host_config: HostConfig) -> None:  # type: ignore[no-untyped-def]
    ann = await connect("ann")
    ann.send("create", game="hand_and_foot", seats=4, seed=4,
             table={"clock": True, "clock_limit": 1})
    table_id = (await ann.wait_for("joined"))["table"]
    for seat in (1, 2, 3):
        ann.send("add_bot", seat=seat)
    view = await ann.wait_for("view", lambda m: 0 in m["view"]["to_act"]
                              and all(p["name"] for p in m["players"]))
    assert view["clock"]["limit"] == 1 and 0 <= view["clock"]["elapsed"] < 5
    assert view["clock"]["seats"] == [0]  # the seats it times
    spy = await connect("spy")
    spy.send("watch", table=table_id)
    watched = await spy.wait_for("view")
    assert "clock" in watched
    note = await spy.wait_for("chat", lambda m: m["name"] == "meldhall"
                              and m["text"].startswith("Time"), timeout=10)
    assert note["text"] == "Time is up for ann; the table waits."
    assert host.lobby.tables[table_id].settings == {**TABLE_SETTINGS, "clock": True,
                                                    "clock_limit": 1}
    await host.stop()
    again = Host(host_config)
    await again.start()
    try:
        assert again.lobby.tables[table_id].settings["clock_limit"] == 1
    finally:
        await again.stop()


async def test_without_the_option_there_is_no_clock(host: Host, connect) -> None:  # type: ignore[no-untyped-def]
    ann = await connect("ann")
    ann.send("create", game="hand_and_foot", seats=4)
    await ann.wait_for("joined")
    assert "clock" not in await ann.wait_for("view")
    ann.send("create", game="hand_and_foot", seats=4, table={"clock_limit": 99999})
    assert (await ann.wait_for("error"))["code"] == "malformed"


async def test_a_free_seats_clock_starts_when_someone_sits(host: Host, connect) -> None:  # type: ignore[no-untyped-def]
    """Play-test: the clock ran for a free seat ("Time is up for seat 1"), and the person
    who then sat there started out of time."""
    import asyncio

    import engine

    seed = next(s for s in range(50) if engine.create_game("canastone", 2, s).to_act == {1})
    ann = await connect("ann")
    ann.send("create", game="canastone", seats=2, seed=seed,
             table={"clock": True, "clock_limit": 1})
    table_id = (await ann.wait_for("joined"))["table"]
    await asyncio.sleep(1.5)  # past the limit, the free seat's move still due
    table = host.lobby.tables[table_id]
    await table.barrier()
    assert 1 in table.to_act
    assert not [m for m in ann.received if m.get("t") == "chat"
                and m.get("text", "").startswith("Time is up")]
    # Nobody is thinking at a free seat: no clock ("seat 1 thinking 0:08", play-test).
    assert not [m for m in ann.received if m.get("t") == "view" and "clock" in m]
    bea = await connect("bea")
    bea.send("sit", table=table_id, seat=1)
    view = await bea.wait_for("view", lambda m: m["seat"] == 1)
    assert view["clock"]["elapsed"] < 1  # a fresh clock, not 1.5 s gone


async def test_the_clock_starts_again_when_an_offer_answered_becomes_a_turn(
        host: Host, connect) -> None:  # type: ignore[no-untyped-def]
    """Play-test: in Skarney the next player is asked about the offered card first (SK-F),
    then plays their own turn; the clock ran on from the question into the turn, so a
    slow "no" ate into the turn's time."""
    import asyncio

    ann = await connect("ann")
    ann.send("create", game="skarney", seats=2, seed=1, table={"clock": True})
    table_id = (await ann.wait_for("joined"))["table"]
    bea = await connect("bea")
    bea.send("sit", table=table_id, seat=1)
    await bea.wait_for("view", lambda m: m["seat"] == 1 and m["view"]["to_act"] == [1])
    bea.send("action", action={"type": "draw"}, ref=1)
    view = await bea.wait_for("view", lambda m: m["view"]["phase"] == "play")
    card = next(e for e in view["view"]["legal"] if e["type"] == "offer")["cards"][0]
    bea.send("action", action={"type": "offer", "card": card}, ref=2)
    await ann.wait_for("view", lambda m: m["view"]["phase"] == "offer")
    await asyncio.sleep(1.2)  # ann thinks about the offer
    ann.send("action", action={"type": "decline"}, ref=3)
    turn = await ann.wait_for("view", lambda m: m["view"]["phase"] == "draw"
                              and m["view"]["turn"] == 0)
    assert turn["clock"]["seats"] == [0]
    assert turn["clock"]["elapsed"] < 1  # her turn's own time, not the question's too


async def test_a_partners_answer_gives_the_asker_no_fresh_clock(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Play-test: asking the partner to go out (HF-G8), then the answer, started the
    asker's clock again at 0:00, so asking bought a fresh minute. The partner's time to
    answer is their own; the asker's turn goes on from where it was."""
    import asyncio

    from netcode.store import Store
    from netcode.table import Occupant, Table
    from tests.tui.conftest import FOOT_STAGE, game_at

    class Seat:
        def __init__(self, user_id: str) -> None:
            self.user_id = user_id
            self.name = user_id

        def put(self, frame: bytes, replace_key: str | None = None) -> None:
            pass

    store = Store(tmp_path / "db.sqlite3")
    game = game_at(FOOT_STAGE)  # bob (seat 1) to play, in his foot; dee (3) his partner
    table_id = store.create_table("hand_and_foot", 4, 1, {}, settings={"clock": True})
    table = Table(table_id, "hand_and_foot", 4, 1, {}, game, store,
                  settings={**TABLE_SETTINGS, "clock": True, "clock_limit": 60})
    bob, dee = Seat("bob"), Seat("dee")
    for seat, who in ((1, bob), (3, dee)):
        table.set_occupant(seat, Occupant(who.user_id, who.name))
    table.start()
    try:
        for seat, who in ((1, bob), (3, dee)):
            table.attach(who, seat)
        await table.barrier()
        table.turn_since -= 20  # bob has thought for 20 s
        table.submit(bob, 1, {"type": "ask_to_go_out"}, 1)
        await table.barrier()
        assert table.waiting_for == {3} and time.monotonic() - table.turn_since < 1
        table.turn_since -= 5  # dee thinks 5 s
        table.submit(dee, 3, {"type": "answer", "answer": {"allow": False}}, 2)
        await table.barrier()
        assert table.waiting_for == {1}
        assert 19.5 < time.monotonic() - table.turn_since < 21.5  # bob's 20 s go on
        await asyncio.sleep(0)
    finally:
        await table.stop()
        store.close()
