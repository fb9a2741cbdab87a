"""An absent player over real SSH: the table says a bot covers a seat whose person drops.

Ann, logged in by her SSH key, sits at a Hand and Foot table whose creator chose
`absent: bot` with a one-second grace. Her connection drops mid-deal. After the grace a
basic bot plays her seat (the table says so, her seat line says so, and her seat's moves
go on); she connects again with the same key and is back at her seat at once, with the
hand the seat holds now and the last moves in the table's log; the bot stops, and the
score sheet notes the deal it played for her. Screens are rebuilt with pyte.
"""

from __future__ import annotations

import asyncio

import asyncssh

from netcode.client import MeldhallClient
from netcode.server import Host
from tests.e2e.test_looking_and_down_by_keys import open_keyed_terminal
from tests.e2e.test_play_by_keys import hand_on_screen

SETTINGS = {"absent": "bot", "absent_grace": 1, "bot_level": "basic", "bot_pace_ms": 60}


async def test_a_bot_covers_a_dropped_player_who_then_takes_the_seat_back(host: Host) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519")
    organiser = await MeldhallClient.connect("127.0.0.1", host.port, "organiser")
    organiser.send("create", game="hand_and_foot", seats=4, seed=11, sit=False,
                   table=SETTINGS)
    await organiser.wait_for("lobby", lambda m: bool(m["tables"]))
    table_id = max(host.lobby.tables)
    table = host.lobby.tables[table_id]
    conns = []
    try:
        conn, ann = await open_keyed_terminal(host.port, "ann", key)
        await ann.wait_until(lambda t: "meldhall lobby" in t and "waiting" in t)
        ann.press("j")
        await ann.wait_until(lambda t: "you: seat 0" in t)
        organiser.send("watch", table=table_id)
        await organiser.wait_for("joined")
        for seat in (1, 2, 3):
            organiser.send("add_bot", seat=seat, kind="random")
        await organiser.wait_for("view", lambda m: m["seq"] >= 2)

        conn.close()  # the Wi-Fi drops
        note = await organiser.wait_for(
            "chat", lambda m: "plays for ann" in m.get("text", ""), timeout=15)
        assert note["text"] == "A basic bot plays for ann✓ until they are back."
        covered = await organiser.wait_for(
            "view", lambda m: m["players"][0].get("covered_by") == "basic", timeout=15)
        start = covered["seq"]
        acted = await organiser.wait_for(  # her seat moves on without her
            "events", lambda m: m["seat"] == 0 and m["seq"] > start, timeout=30)
        assert acted["events"]

        conn, ann = await open_keyed_terminal(host.port, "ann", key)
        conns.append(conn)
        # straight back to her seat, as after any drop
        back = await ann.wait_until(lambda t: "you: seat 0" in t and "Your hand" in t)
        # ... and the table's log shows the moves made while she was away, her seat's too
        await ann.wait_until(lambda t: "ann✓ drew" in t or "ann✓ discarded" in t)
        await organiser.wait_for("chat", lambda m: "is back and plays" in m.get("text", ""))
        # her log in the order things happened: the cover said earlier, then her return
        told = await ann.wait_until(lambda t: "A basic" in t and "is back" in t)
        assert told.index("A basic") < told.index("is back")  # (the log wraps its lines)
        assert 0 not in table.covering
        await table.barrier()
        seq = table.seq
        held = len(table.game.view(0)["hand"])
        # The heading and the row of cards may come in separate chunks: wait for both.
        shown = hand_on_screen(await ann.wait_until(
            lambda t: f"Your hand ({held})" in t and len(hand_on_screen(t)) == held))
        assert len(shown) == held and back
        await asyncio.sleep(0.5)  # the cover bot has stopped: seat 0 waits for ann
        if 0 in table.game.to_act:
            assert table.seq == seq

        ann.press("s")
        sheet = await ann.wait_until(lambda t: "score sheet" in t)
        assert "A bot played for ann✓ in deal 1." in sheet
        assert table.covered.get(0) == [1]
        players = (await organiser.wait_for("view"))["players"]
        assert players[0].get("covered_deals") == [1] and "covered_by" not in players[0]
    finally:
        for c in conns:
            c.close()
        organiser.close()
