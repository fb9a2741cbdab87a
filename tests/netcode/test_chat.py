"""Chat: a line from anyone at a table reaches everyone there, players and spectators."""

from __future__ import annotations

import asyncio

from netcode.protocol import CHAT_MAX


async def test_chat_reaches_the_table_capped_and_cleaned(host, connect) -> None:  # type: ignore[no-untyped-def]
    ann = await connect("ann")
    ann.send("create", game="hand_and_foot", seats=4)
    table = (await ann.wait_for("joined"))["table"]
    spec = await connect("sam")
    spec.send("watch", table=table)
    await spec.wait_for("joined")
    outsider = await connect("olly")
    await outsider.wait_for("lobby")

    spec.send("chat", text="good luck\x1b[2J " + "x" * 500)
    for client in (ann, spec):
        line = await client.wait_for("chat")
        assert line["table"] == table and line["name"] == "sam"
        assert "\x1b" not in line["text"] and line["text"].startswith("good luck[2J x")
        assert len(line["text"]) == CHAT_MAX

    outsider.send("chat", text="hello?")  # from the lobby: the lobby's chat, not the table's
    assert (await outsider.wait_for("chat"))["lobby"] is True
    assert not [m for m in ann.received if m["t"] == "chat" and m["text"] == "hello?"]
    ann.send("chat", text="   ")  # nothing to say: nothing sent
    ann.send("chat", text="thanks")
    assert (await spec.wait_for("chat", lambda m: m["name"] == "ann"))["text"] == "thanks"


async def test_the_lobby_has_a_chat_of_its_own(host, connect) -> None:  # type: ignore[no-untyped-def]
    """Who wants to play what was asked in the lobby, where nobody could say anything:
    a line there reaches everyone in the lobby (not the tables), one a second from each
    person, and someone coming in is shown the last lines as earlier ones."""
    ann, bob, cy = await connect("ann"), await connect("bob"), await connect("cy")
    cy.send("create", game="hand_and_foot", seats=4)
    await cy.wait_for("joined")
    ann.send("chat", text="anyone for \x1b[2Jskarney?")
    heard = await bob.wait_for("chat")
    assert heard["lobby"] is True and heard["name"] == "ann"
    assert heard["text"] == "anyone for [2Jskarney?"  # (the control character dropped)
    ann.send("chat", text="hello?")  # within the second: refused in one line
    refusal = await ann.wait_for("error")
    assert refusal["code"] == "slow_down" and "one line a second" in refusal["message"]
    await asyncio.sleep(1.05)
    ann.send("chat", text="three seats")
    assert (await bob.wait_for("chat"))["text"] == "three seats"
    assert not [m for m in cy.received if m["t"] == "chat" and m.get("lobby")]
    dee = await connect("dee")
    earlier = [await dee.wait_for("chat"), await dee.wait_for("chat")]
    assert [(m["text"], m["earlier"]) for m in earlier] == [
        ("anyone for [2Jskarney?", True), ("three seats", True)]


async def test_what_was_said_at_a_table_survives_a_host_restart(host, connect,  # type: ignore[no-untyped-def]
                                                                 host_config) -> None:
    """Play-test: after a restart the moves came back to everyone's log, but the chat
    was gone. A table's last lines are kept with it, and a first view carries them among
    its last moves again."""
    from netcode.client import MeldhallClient
    from netcode.table import RECENT_CHAT
    from tests.netcode.conftest import running

    ann = await connect("ann")
    code = (await ann.wait_for("welcome"))["code"]
    ann.send("create", game="hand_and_foot", seats=4)
    table = (await ann.wait_for("joined"))["table"]
    for n in range(RECENT_CHAT + 3):
        ann.send("chat", text=f"line {n}")
        await ann.wait_for("chat", lambda m, n=n: m["text"] == f"line {n}")
        await asyncio.sleep(0.05)  # (one person's lines are paced)
    await host.stop()
    async with running(host_config) as again:
        back = await MeldhallClient.connect("127.0.0.1", again.port, f"ann+{code}")
        view = await back.wait_for("view")
        said = [r["chat"]["text"] for r in view["recent"] if "chat" in r]
        assert said == [f"line {n}" for n in range(3, RECENT_CHAT + 3)], said
        assert view["table"] == table
        back.send("chat", text="still here")  # numbered on from the kept lines
        await back.wait_for("chat", lambda m: m["text"] == "still here")
        back.close()


def test_a_chat_line_for_a_table_gone_leaves_the_store_usable(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A line said as its table was closed fails (its row is gone) and must not leave the
    database inside a transaction: the next write was refused ("cannot start a
    transaction within a transaction") and a table could not be opened."""
    import sqlite3

    import pytest

    from netcode.store import Store

    store = Store(tmp_path / "db.sqlite3")
    table = store.create_table("hand_and_foot", 4, 1, {})
    store.add_chat(table, 1, 0, "ann", "hello", 20)
    with pytest.raises(sqlite3.Error):
        store.add_chat(table + 99, 1, 0, "ann", "into the void", 20)
    store.add_chat(table, 2, 0, "ann", "still here", 20)
    assert store.create_table("hand_and_foot", 4, 2, {}) == table + 1
    assert [c[3] for c in next(t for t in store.load_tables() if t.id == table).chat] == [
        "hello", "still here"]
    store.close()
