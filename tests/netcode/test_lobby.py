"""Lobby requests over the subsystem: engine-validated creation, bots, play again, idle."""

from __future__ import annotations

import asyncio
import itertools

from netcode.client import MeldhallClient
from netcode.server import Host, HostConfig


async def test_create_refusals_are_the_engines(host, connect) -> None:  # type: ignore[no-untyped-def]
    client = await connect("rex")
    client.send("create", game="hand_and_foot", seats=3)
    refusal = await client.wait_for("error")
    assert refusal["code"] == "invalid" and refusal["rule"]
    client.send("create", game="hand_and_foot", seats=4, options={"no_such_option": 1})
    refusal = await client.wait_for("error")
    assert refusal["code"] == "invalid" and refusal["rule"]
    client.send("create", game="poker", seats=4)
    assert (await client.wait_for("error"))["code"] == "unknown_game"
    lobby = await _lobby(client)
    assert any(g["name"] == "hand_and_foot" and g["option_help"] for g in lobby["games"])


async def test_bots_play_to_the_end_and_play_again(host, connect) -> None:  # type: ignore[no-untyped-def]
    owner = await connect("olga")
    owner.send("create", game="hand_and_foot", seats=4, options={"deals": 1}, seed=3)
    table = (await owner.wait_for("joined"))["table"]
    for seat in (1, 2, 3):
        owner.send("add_bot", seat=seat)
    owner.send("leave")  # frees seat 0...
    await owner.wait_for("left")
    owner.send("watch", table=table)
    await owner.wait_for("joined", lambda m: m["role"] == "spectator")
    owner.send("add_bot", seat=0)  # ...for a fourth bot
    over = await owner.wait_for("view", lambda m: m["over"], timeout=120)
    assert over["round"] == 1 and over["seq"] > 20
    lobby_state = [t["state"] for t in (await _lobby(owner))["tables"] if t["id"] == table]
    assert lobby_state == ["over"]
    owner.send("again")
    fresh = await owner.wait_for("view", lambda m: m["round"] == 2)
    assert not fresh["over"] and fresh["seq"] <= 1
    await owner.wait_for("view", lambda m: m["round"] == 2 and m["seq"] > 3, timeout=30)


async def test_play_again_from_the_lobby_seats_you_or_says_why_not(host, connect) -> None:  # type: ignore[no-untyped-def]
    """`again` naming a table is one request: the host seats the player and starts a new
    game, or refuses with one reason (a game still on; no free seat) and changes nothing.
    The lobby used to send `sit` then `again`, and the sit's refusal was hidden by the
    answer to `again` ("You are not at a table")."""
    owner = await connect("otto")
    owner.send("create", game="hand_and_foot", seats=4, options={"deals": 1}, seed=3)
    table = (await owner.wait_for("joined"))["table"]
    owner.send("leave")
    await owner.wait_for("left")
    owner.send("watch", table=table)
    await owner.wait_for("joined", lambda m: m["role"] == "spectator")
    pia = await connect("pia")
    pia.send("again", table=table)  # nobody has played yet: not a finished game
    assert (await pia.wait_for("error"))["code"] == "not_over"
    for seat in range(4):
        owner.send("add_bot", seat=seat)
    await owner.wait_for("view", lambda m: m["over"], timeout=120)
    pia.send("again", table=table)
    refused = await pia.wait_for("error")
    assert refused["code"] == "table_full" and "Every seat at table " in refused["message"]
    assert [t["state"] for t in (await _lobby(pia))["tables"] if t["id"] == table] == ["over"]
    owner.send("remove_bot", seat=2)
    await owner.wait_for("view", lambda m: not m["players"][2]["bot"])
    pia.send("again", table=table)
    assert (await pia.wait_for("joined"))["seat"] == 2
    fresh = await pia.wait_for("view", lambda m: m["round"] == 2)
    assert not fresh["over"] and fresh["seat"] == 2


async def _lobby(client: MeldhallClient) -> dict:  # type: ignore[type-arg]
    client.send("list")
    return await client.wait_for("lobby", lambda m: True)


async def test_idle_sessions_are_closed(host_config: HostConfig) -> None:
    host_config.idle_timeout = 0.3
    host = Host(host_config)
    await host.start()
    try:
        client = await MeldhallClient.connect("127.0.0.1", host.port, "ida")
        bye = await client.wait_for("bye", timeout=5)
        assert bye["reason"] == "idle for too long"
        await client.wait_closed()
        await asyncio.sleep(0.05)
        assert not host.lobby.sessions
    finally:
        await host.stop()


async def test_moves_that_change_no_listing_send_no_listing(host, connect) -> None:  # type: ignore[no-untyped-def]
    """Every move asks for a lobby listing; only a changed one goes out (a listing per
    move would be decoded and laid out by every screen in the room)."""
    owner = await connect("lena")
    idle = await connect("ivo")  # in the lobby, watching the listing
    owner.send("create", game="hand_and_foot", seats=4, seed=5, sit=False)
    table = (await owner.wait_for("lobby", lambda m: bool(m["tables"])))["tables"][0]["id"]
    owner.send("watch", table=table)
    await owner.wait_for("joined")
    for seat in range(4):
        owner.send("add_bot", seat=seat)
    await owner.wait_for("view", lambda m: m["seq"] >= 30, timeout=60)
    listings = [m for m in idle.received if m["t"] == "lobby"]
    tables = [m["tables"] for m in listings]
    assert all(a != b for a, b in itertools.pairwise(tables))  # each one new
    assert len(listings) <= 8  # the first, the table, four bots, and slack: not 30 moves


async def test_the_lobby_names_who_is_in_the_room_and_where(host, connect) -> None:  # type: ignore[no-untyped-def]
    ann = await connect("ann")
    ann.send("create", game="hand_and_foot", seats=4)
    table = (await ann.wait_for("joined"))["table"]
    bob = await connect("bob")
    listing = await bob.wait_for("lobby", lambda m: any(p["name"] == "ann"
                                                        for p in m.get("people", [])))
    where = {p["name"]: (p["table"], p["away"]) for p in listing["people"]}
    assert where == {"ann": (table, False), "bob": (None, False)}
    assert listing["people_total"] == 2
    ann.close()  # ann's seat is held for her: away
    away = await bob.wait_for("lobby", lambda m: any(p["name"] == "ann" and p["away"]
                                                     for p in m.get("people", [])))
    assert next(p for p in away["people"] if p["name"] == "ann")["table"] == table


async def test_someone_at_a_table_is_not_sent_lobby_listings(host, connect) -> None:  # type: ignore[no-untyped-def]
    ann = await connect("ann")
    ann.send("create", game="hand_and_foot", seats=4)
    await ann.wait_for("joined")
    before = sum(1 for m in ann.received if m["t"] == "lobby")
    for name in ("bob", "cy", "dee"):
        await connect(name)  # each changes the listing for people in the lobby
    await asyncio.sleep(0.3)
    assert sum(1 for m in ann.received if m["t"] == "lobby") == before
    ann.send("leave")
    back = await ann.wait_for("lobby", lambda m: True)
    assert {p["name"] for p in back["people"]} == {"ann", "bob", "cy", "dee"}


async def test_after_play_again_a_newcomer_is_shown_the_new_games_moves(host, connect) -> None:  # type: ignore[no-untyped-def]
    """Play-test: reconnecting after play again, a player's log held the game before's last
    moves ("Game over: pb_bob wins.", lay-offs onto melds the new game had given other
    ids) and none of the new game's."""
    owner = await connect("olga")
    owner.send("create", game="hand_and_foot", seats=4, options={"deals": 1}, seed=3)
    table = (await owner.wait_for("joined"))["table"]
    for seat in (1, 2, 3):
        owner.send("add_bot", seat=seat)
    owner.send("leave")
    await owner.wait_for("left")
    owner.send("watch", table=table)
    await owner.wait_for("joined", lambda m: m["role"] == "spectator")
    owner.send("add_bot", seat=0)
    await owner.wait_for("view", lambda m: m["over"], timeout=120)
    owner.send("chat", text="well played")
    await owner.wait_for("chat")
    owner.send("again")
    await owner.wait_for("view", lambda m: m["round"] == 2)
    late = await connect("lena")
    late.send("watch", table=table)
    recent = (await late.wait_for("view", lambda m: "recent" in m))["recent"]
    assert recent[0]["events"][0]["type"] == "new_game", recent[0]
    assert recent[0]["events"][1:], "the new deal's opening events"
    kinds = [e.get("type") for item in recent for e in item.get("events") or []]
    assert "game_over" not in kinds and not any("chat" in item for item in recent)


async def test_joining_a_table_says_the_options_it_was_opened_with(host, connect) -> None:  # type: ignore[no-untyped-def]
    """The rules screen at a table shows the options its creator changed (the rules said
    "the game ends at 12,000" at a table set to 5,000); the host says them on joining,
    to the players and the spectators alike."""
    owner = await connect("opal")
    owner.send("create", game="canastone", seats=2, options={"target_score": 5000},
               table={"clock": True, "clock_limit": 90})
    joined = await owner.wait_for("joined")
    assert joined["options"] == {"target_score": 5000}
    assert joined["settings"] == {"clock": True, "clock_limit": 90}  # the table's own
    watcher = await connect("wren")
    lobby = await watcher.wait_for("lobby", lambda m: bool(m["tables"]))
    assert lobby["tables"][0]["settings"] == {"clock": True, "clock_limit": 90}
    watcher.send("watch", table=joined["table"])
    assert (await watcher.wait_for("joined"))["options"] == {"target_score": 5000}


async def test_a_spectator_back_from_a_drop_is_watching_again(host, connect) -> None:  # type: ignore[no-untyped-def]
    """Play-test: players came back straight to their seats, but a spectator back from a
    dropped connection (name+code) landed in the lobby and had to find the table again.
    One who left the table (q) first comes back to the lobby."""
    ann = await connect("ann")
    ann.send("create", game="hand_and_foot", seats=4)
    table = (await ann.wait_for("joined"))["table"]
    cy = await connect("cy")
    code = (await cy.wait_for("welcome"))["code"]
    cy.send("watch", table=table)
    assert (await cy.wait_for("joined"))["seat"] is None
    cy.close()
    await cy.wait_closed()
    await asyncio.sleep(0.1)
    back = await connect(f"cy+{code}")
    joined = await back.wait_for("joined")
    assert (joined["table"], joined["seat"], joined["role"]) == (table, None, "spectator")
    await back.wait_for("view")
    back.send("leave")
    await back.wait_for("left")
    back.close()
    await back.wait_closed()
    again = await connect(f"cy+{code}")
    await again.wait_for("lobby")
    assert not [m for m in again.received if m.get("t") == "joined"]
