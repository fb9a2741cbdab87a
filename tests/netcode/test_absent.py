"""Bot levels and absent players at a table (the table's `bot_level`, `bot_pace_ms`,
`absent` and `absent_grace` options), over real SSH with frame clients. The drop and
reconnect by key, watched on screens, is `tests/e2e/test_absent_player.py`."""

from __future__ import annotations

import asyncio
from typing import Any

from netcode.client import MeldhallClient
from netcode.server import Host, HostConfig


async def test_a_bot_is_added_at_the_chosen_level_and_an_unknown_level_is_refused(
        host: Host, connect: Any) -> None:
    ann = await connect("ann")
    ann.send("create", game="hand_and_foot", seats=4, seed=4, table={"bot_level": "random"})
    table_id = (await ann.wait_for("joined"))["table"]
    ann.send("add_bot", seat=1, kind="genius")
    refused = await ann.wait_for("error")
    assert refused["code"] == "unknown_bot"
    assert refused["message"] == "There is no bot level 'genius'; levels are basic, random, search."
    ann.send("add_bot", seat=1, kind="basic")
    ann.send("add_bot", seat=2)  # the table's level
    view = await ann.wait_for("view", lambda m: m["players"][2]["bot"])
    assert [p.get("level") for p in view["players"]] == [None, "basic", "random", None]
    assert host.lobby.tables[table_id].occupants[1].bot == "basic"
    ann.send("remove_bot", seat=2)  # before the first move: seats may change
    await ann.wait_for("chat", lambda m: "removed" in m["text"])
    assert [m["text"] for m in ann.received if m["t"] == "chat"] == [  # a trace, said once
        "ann added a basic bot at seat 1.", "ann added a random bot at seat 2.",
        "ann removed the random bot from seat 2."]


async def test_table_options_for_bots_and_absence_are_checked(host: Host, connect: Any) -> None:
    ann = await connect("ann")
    for table, message in (({"absent": "maybe"}, "absent must be one of wait, bot."),
                           ({"bot_level": "genius"},
                            "bot_level must be one of basic, random, search.")):
        ann.send("create", game="hand_and_foot", seats=4, seed=4, table=table)
        refused = await ann.wait_for("error")
        assert refused["message"] == message
    ann.send("create", game="hand_and_foot", seats=4, seed=4, table={"absent_grace": 0})
    refused = await ann.wait_for("error")
    assert "absent_grace" in refused["message"]
    assert not host.lobby.tables


async def clocked_table(host: Host, connect: Any, pace_ms: int) -> tuple[Any, Any]:
    """Ann at seat 0 of a table with a one-second clock whose absent policy is a bot, and
    three random bots at the `pace_ms` pace: (ann's client, the table)."""
    ann = await connect("ann")
    ann.send("create", game="hand_and_foot", seats=4, seed=4,
             table={"clock": True, "clock_limit": 1, "absent": "bot", "bot_pace_ms": pace_ms})
    table = host.lobby.tables[(await ann.wait_for("joined"))["table"]]
    for seat in (1, 2, 3):
        ann.send("add_bot", seat=seat, kind="random")
    return ann, table


async def test_a_player_who_lets_the_clock_run_out_is_covered_until_they_act(
        host: Host, connect: Any) -> None:
    ann, table = await clocked_table(host, connect, 20)
    await ann.wait_for("view", lambda m: 0 in m["view"]["to_act"]
                       and all(p["name"] for p in m["players"]))
    note = await ann.wait_for("chat", lambda m: "plays for" in m["text"], timeout=10)
    assert note["text"].startswith("A basic bot plays for ann")
    moved = await ann.wait_for("events", lambda m: m["seat"] == 0, timeout=10)
    assert moved["events"] and 0 in table.covering
    assert moved["bot"] is True  # (the log says whose move it was: the covering bot's)
    ann.send("action", action={"type": "draw"}, ref=1)  # whatever it is, she is back
    await ann.wait_for("chat", lambda m: "is back and plays" in m["text"], timeout=10)
    assert 0 not in table.covering
    view = await ann.wait_for("view", lambda m: "covered_by" not in m["players"][0])
    assert view["players"][0]["covered_deals"] == [1]
    assert table.played_covered() == {0: [1]}  # the game's record says so too


async def test_by_default_a_dropped_players_seat_waits(host: Host, connect: Any) -> None:
    ann = await connect("ann")
    ann.send("create", game="hand_and_foot", seats=4, seed=4, table={"absent_grace": 1})
    table_id = (await ann.wait_for("joined"))["table"]
    table = host.lobby.tables[table_id]
    assert table.settings["absent"] == "wait"
    bob = await connect("bob")
    bob.send("watch", table=table_id)
    await bob.wait_for("joined")
    ann.close()
    view = await bob.wait_for("view", lambda m: not m["players"][0]["present"])
    assert "covered_by" not in view["players"][0] and "cover_after" not in view["players"][0]
    await table.barrier()
    assert not table.covering and not table._absence


async def test_the_table_hears_after_how_long_a_bot_covers_someone_away(
        host: Host, connect: Any) -> None:
    """Play-test: "bob is away; the table waits for them." and 15 s later a bot played
    for bob. While the grace runs, everyone's view says after how long a bot covers."""
    ann = await connect("ann")
    ann.send("create", game="hand_and_foot", seats=4, seed=4,
             table={"absent": "bot", "absent_grace": 3})
    table_id = (await ann.wait_for("joined"))["table"]
    bob = await connect("bob")
    bob.send("watch", table=table_id)
    await bob.wait_for("joined")
    ann.close()
    view = await bob.wait_for("view", lambda m: not m["players"][0]["present"])
    assert view["players"][0]["cover_after"] == 3 and "covered_by" not in view["players"][0]
    view = await bob.wait_for("view", lambda m: "covered_by" in m["players"][0], timeout=10)
    assert "cover_after" not in view["players"][0]


async def test_bots_go_on_covering_after_a_restart_with_nobody_back(
        host_config: HostConfig) -> None:
    """Play-test: after a restart a table whose people were all away, covered by bots,
    stood still until someone came back. A seat covered in this deal is covered again at
    once, and the bots play on."""
    first = Host(host_config)
    await first.start()
    try:
        ann = await MeldhallClient.connect("127.0.0.1", first.port, "ann")
        ann.send("create", game="hand_and_foot", seats=4, seed=4,
                 table={"absent": "bot", "absent_grace": 1, "bot_pace_ms": 0})
        table_id = (await ann.wait_for("joined"))["table"]
        for seat in (1, 2, 3):
            ann.send("add_bot", seat=seat)
        await ann.wait_for("view", lambda m: all(p["name"] for p in m["players"]))
        table = first.lobby.tables[table_id]
        ann.close()
        for _ in range(200):  # the grace, then the covering bot's first moves
            await asyncio.sleep(0.05)
            if table.covered.get(0):
                break
        assert table.covered.get(0) == [table.game.deal_number]
    finally:
        await first.stop()
    again = Host(host_config)
    await again.start()
    try:
        table = again.lobby.tables[table_id]
        assert table.covering.get(0)  # at once: no grace again
        moves = len(table.game.log)
        for _ in range(100):
            await asyncio.sleep(0.05)
            if len(table.game.log) > moves + 4:
                break
        assert len(table.game.log) > moves + 4
    finally:
        await again.stop()


async def test_a_person_back_in_the_middle_of_their_move_has_the_clock_again(
        host: Host, connect: Any) -> None:
    """Play-test: back after the clock had run out and a bot had drawn for her, a player's
    clock still said "time is up" to the end of the turn, and ran out no more."""
    ann, table = await clocked_table(host, connect, 1500)
    await ann.wait_for("chat", lambda m: "plays for ann" in m["text"], timeout=20)
    await ann.wait_for("events", lambda m: m["seat"] == 0, timeout=10)  # the bot drew
    assert table.game.phase == "play" and 0 in table.to_act
    ann.send("action", action={"type": "draw"}, ref=1)  # refused, but she is back
    await ann.wait_for("chat", lambda m: "is back and plays" in m["text"], timeout=10)
    view = await ann.wait_for("view", lambda m: "covered_by" not in m["players"][0])
    assert view["clock"]["elapsed"] < 1
    again = await ann.wait_for("chat", lambda m: m["text"] == "Time is up for ann.",
                               timeout=5)
    assert again and 0 in table.covering


async def test_the_clock_times_the_whole_turn_a_draw_does_not_start_it_again(
        host: Host, connect: Any) -> None:
    """Play-test: a player who drew (or laid off) and then waited was never timed out,
    though the clock said "your time 1:01 of 0:30 time is up": a move within the turn
    called off the limit's check."""
    ann, table = await clocked_table(host, connect, 20)
    await ann.wait_for("view", lambda m: 0 in m["view"]["to_act"]
                       and all(p["name"] for p in m["players"]))
    ann.send("action", action={"type": "draw"}, ref=1)
    assert (await ann.wait_for("ack"))["ref"] == 1
    said = await ann.wait_for("chat", lambda m: m["text"].startswith("Time is up"), timeout=5)
    assert said["text"] == "Time is up for ann."
    assert 0 in table.covering


async def test_a_timed_out_player_takes_the_seat_back_by_saying_so(
        host: Host, connect: Any) -> None:
    """Play-test: a connected player whose clock ran out got the seat back only by a move
    made on their own turn before the covering bot's; between turns every key was
    refused on the screen and nothing was sent. `ready` (what the screen sends for a
    game key while a bot plays the seat) gives it back at once, mid-deal too."""
    ann, table = await clocked_table(host, connect, 1500)
    await ann.wait_for("chat", lambda m: "plays for ann" in m["text"], timeout=20)
    ann.send("ready")
    await ann.wait_for("chat", lambda m: "is back and plays" in m["text"], timeout=10)
    assert 0 not in table.covering


async def test_a_timed_out_player_who_reconnects_has_the_seat_back(
        host: Host, connect: Any) -> None:
    """Timed out, then gone and back: coming back gives the seat back, as for anyone
    away (play-test: reconnecting left the bot playing for them to the game's end)."""
    ann = await connect("ann")
    code = (await ann.wait_for("welcome"))["code"]
    ann.send("create", game="hand_and_foot", seats=4, seed=4,
             table={"clock": True, "clock_limit": 1, "absent": "bot", "bot_pace_ms": 1500})
    table = host.lobby.tables[(await ann.wait_for("joined"))["table"]]
    for seat in (1, 2, 3):
        ann.send("add_bot", seat=seat, kind="random")
    await ann.wait_for("chat", lambda m: "plays for ann" in m["text"], timeout=20)
    ann.close()
    for _ in range(100):
        await asyncio.sleep(0.02)
        if table.covering.get(0) and not table._present_users():
            break
    back = await connect(f"ann+{code}")
    await back.wait_for("view", timeout=10)
    for _ in range(100):
        if 0 not in table.covering:
            break
        await asyncio.sleep(0.05)
    assert 0 not in table.covering


async def test_a_person_in_a_bots_old_seat_is_not_given_the_bots_deals(
        host: Host, connect: Any, host_config: HostConfig) -> None:
    """Play-test: bob took seat 2 from a bot after deal 1, and the score sheet, which
    notes the deals a bot covered for someone, put deal 1 to bob's name as if he had
    played it. Deals a seat's own bot played count as a bot's for whoever sits there
    next; a seat a bot still holds notes nothing. Nor is bob covered at once by a bot
    when the host restarts before deal 2 (deal 1 read as a deal a bot covered him in)."""
    from engine.bots import make_bot

    ann = await connect("ann")
    ann.send("create", game="hand_and_foot", seats=4, seed=4, options={"deals": 2},
             table={"bot_pace_ms": 0, "absent": "bot", "absent_grace": 30})
    table_id = (await ann.wait_for("joined"))["table"]
    for seat in (1, 2, 3):
        ann.send("add_bot", seat=seat, kind="random")
    me = make_bot("random", 0)
    while True:  # ann plays her seat as a random player would, until the deal is over
        view = await ann.wait_for("view", lambda m: m["view"]["phase"] == "deal_over" or (
            0 in m["view"]["to_act"] and all(p["name"] for p in m["players"])
            and m["view"]["legal"]), timeout=30)
        if view["view"]["phase"] == "deal_over":
            break
        ann.send("action", action=me.act(view["view"]))
        await ann.wait_for(None, lambda m: m["t"] in ("ack", "error"))
    table = host.lobby.tables[table_id]
    assert table.game.phase == "deal_over"  # (the dealer waits for ann's ready)
    ann.send("remove_bot", seat=2)
    await ann.wait_for("chat", lambda m: "removed" in m["text"])
    bob = await connect("bob")
    listing = await bob.wait_for("lobby", lambda m: bool(m["tables"]))
    entry = next(t for t in listing["tables"] if t["id"] == table_id)
    assert entry["state"] == "waiting" and entry["started"]  # (shown "seat free")
    bob.send("sit", table=table_id, seat=2)
    seen = await bob.wait_for("view")
    assert seen["players"][2]["name"] == "bob"
    assert seen["players"][2]["covered_deals"] == [1]
    assert all("covered_deals" not in p for p in seen["players"] if p["bot"])
    assert "covered_deals" not in seen["players"][0]  # ann played her own deal
    await host.stop()
    again = Host(host_config)
    await again.start()
    try:
        table = again.lobby.tables[table_id]
        assert table.between_deals and not table.covering  # the grace, from now
    finally:
        await again.stop()


async def test_after_a_restart_a_person_goes_back_to_the_table_they_did_not_leave(
        host_config: HostConfig) -> None:
    """Play-test: ann left table 2 on purpose (q), sat again at table 1, and after a
    restart her connection put her at table 2: which tables a person left on purpose was
    kept in memory only."""
    first = Host(host_config)
    await first.start()
    try:
        ann = await MeldhallClient.connect("127.0.0.1", first.port, "ann")
        code = (await ann.wait_for("welcome"))["code"]
        made = []
        for _ in range(2):
            ann.send("create", game="looking_and_down", seats=2, seed=5,
                     table={"bot_pace_ms": 0})
            made.append((await ann.wait_for("joined"))["table"])
            ann.send("add_bot", seat=1)
            await ann.wait_for("events")  # under way: leaving keeps the seat
            ann.send("leave")
            assert (await ann.wait_for("left"))["kept"]
        ann.send("sit", table=made[0])  # back at the first; the second stays left
        await ann.wait_for("joined")
        ann.close()
    finally:
        await first.stop()
    again = Host(host_config)
    await again.start()
    try:
        ann = await MeldhallClient.connect("127.0.0.1", again.port, f"ann+{code}")
        joined = await ann.wait_for("joined")
        assert joined["table"] == made[0], (joined, made)
        ann.close()
    finally:
        await again.stop()


async def test_watching_a_table_where_a_bot_plays_your_seat_only_watches(
        host: Host, connect: Any) -> None:
    """Play-test: w at the table she had left, where a bot played her seat, sat her down
    again and stopped the bot; she wanted to watch. Watching leaves the bot playing; j
    takes the seat back."""
    ann, table = await clocked_table(host, connect, 20)
    await ann.wait_for("chat", lambda m: "plays for ann" in m["text"], timeout=10)
    ann.send("leave")
    await ann.wait_for("left")
    ann.send("watch", table=table.id)
    joined = await ann.wait_for("joined")
    assert joined["seat"] is None and joined["role"] == "spectator"
    assert joined["held"] == 0  # (her screen offers it back: j)
    await asyncio.sleep(0.3)
    assert 0 in table.covering and table.seat_of(ann_id(table)) == 0
    ann.send("sit", table=table.id, seat=0)  # from watching, as j sends it
    assert (await ann.wait_for("joined"))["seat"] == 0
    await ann.wait_for("chat", lambda m: "is back and plays" in m["text"], timeout=10)
    assert 0 not in table.covering


def ann_id(table: Any) -> str:
    return next(o.user_id for o in table.occupants if o.name == "ann")


async def test_leaving_a_seat_a_bot_covers_says_nobody_is_back(
        host: Host, connect: Any) -> None:
    """Play-test: leaving a finished game whose seat a bot covered told the table "seat 0
    is back and plays their own seat again." of a seat just freed."""
    ann, table = await clocked_table(host, connect, 20)
    await ann.wait_for("chat", lambda m: "plays for ann" in m["text"], timeout=10)
    table.over = True  # (as at a finished game: the seat is freed on leaving)
    ann.send("leave")
    await ann.wait_for("left")
    await table.barrier()
    assert 0 not in table.covering and table.occupants[0].free
    assert not [text for *_, text in table._chat if "is back" in text]
