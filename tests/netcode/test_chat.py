"""Chat: a line from anyone at a table reaches everyone there, players and spectators."""

from __future__ import annotations

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

    outsider.send("chat", text="hello?")
    assert (await outsider.wait_for("error"))["code"] == "not_at_table"
    ann.send("chat", text="   ")  # nothing to say: nothing sent
    ann.send("chat", text="thanks")
    assert (await spec.wait_for("chat", lambda m: m["name"] == "ann"))["text"] == "thanks"
