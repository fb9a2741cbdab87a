"""Take-back over the wire: only at tables that allow it, only what the engine allows, the
log loses the action with the game, and everyone hears of it."""

from __future__ import annotations

from netcode.client import MeldhallClient
from netcode.server import Host, HostConfig


async def _meld_then(client: MeldhallClient, seat: int) -> dict:  # type: ignore[type-arg]
    """Play this seat's turn up to its first meld (draw, meld a listed block)."""
    view = await client.wait_for("view", lambda m: seat in m["view"]["to_act"]
                                 and m["view"]["phase"] == "draw")
    client.send("action", action={"type": "draw"}, ref=1)
    await client.wait_for("ack")
    view = await client.wait_for("view", lambda m: m["view"]["phase"] == "play")
    blocks = next(e for e in view["view"]["legal"] if e["type"] == "meld")["blocks"]
    return {"blocks": blocks, "view": view}


async def test_a_meld_is_taken_back_and_the_log_and_everyone_follow(
        host: Host, connect, host_config: HostConfig) -> None:  # type: ignore[no-untyped-def]
    ann = await connect("ann")
    ann.send("create", game="hand_and_foot", seats=4, seed=21, sit=True,
             options={"min_counts": [0, 0, 0, 0]}, table={"take_back": True})
    table_id = (await ann.wait_for("joined"))["table"]
    table = host.lobby.tables[table_id]
    for seat in (1, 2, 3):
        ann.send("add_bot", seat=seat)
    found = await _meld_then(ann, 0)
    assert found["blocks"], "the seeded deal gives seat 0 a meld after its draw"
    hand_before = len(found["view"]["view"]["hand"])
    ann.send("action", action={"type": "meld", "melds": [found["blocks"][0]["cards"]]}, ref=2)
    await ann.wait_for("ack", lambda m: m.get("ref") == 2)
    offered = await ann.wait_for("view", lambda m: m.get("take_back") is True)
    seq = offered["seq"]
    ann.send("take_back")
    events = await ann.wait_for("events", lambda m: any(e["type"] == "took_back"
                                                        for e in m["events"]))
    assert events["seat"] == 0
    back = await ann.wait_for("view", lambda m: m["seq"] == seq - 1)
    assert len(back["view"]["hand"]) == hand_before and back["take_back"] is False
    ann.send("take_back")  # nothing left to take back: the draw stays
    refusal = await ann.wait_for("error")
    assert refusal["rule"] == "TB"
    # Someone arriving now is shown the moves that stand, as after a restart: the meld
    # taken back is not among them (it read as standing, after "took back", play-test).
    spy = await connect("spy")
    spy.send("watch", table=table_id)
    first = await spy.wait_for("view")
    anns = [e["type"] for r in first["recent"] if r.get("seat") == 0 for e in r["events"]]
    assert "drew" in anns and "melded" not in anns and "took_back" not in anns
    await table.barrier()
    await host.stop()
    again = Host(host_config)
    await again.start()
    try:
        assert again.lobby.tables[table_id].game.to_dict() == table.game.to_dict()
    finally:
        await again.stop()


async def test_tables_without_the_option_refuse_take_backs(host: Host, connect) -> None:  # type: ignore[no-untyped-def]
    ann = await connect("ann")
    ann.send("create", game="hand_and_foot", seats=4)
    await ann.wait_for("joined")
    assert "take_back" not in await ann.wait_for("view")
    ann.send("take_back")
    assert (await ann.wait_for("error"))["code"] == "no_take_back"


async def test_a_move_a_covering_bot_made_is_not_the_persons_to_take_back(
        host: Host, connect) -> None:  # type: ignore[no-untyped-def]
    """Play-test: back at the table after a bot had covered her seat, a person could take
    back the bot's lay-off. A take-back is the person's own move or none."""
    ann = await connect("ann")
    ann.send("create", game="hand_and_foot", seats=4, seed=4, sit=True,
             table={"take_back": True, "clock": True, "clock_limit": 1, "absent": "bot",
                    "bot_pace_ms": 1500})
    table_id = (await ann.wait_for("joined"))["table"]
    table = host.lobby.tables[table_id]
    for seat in (1, 2, 3):
        ann.send("add_bot", seat=seat, kind="random")
    await ann.wait_for("chat", lambda m: "plays for ann" in m["text"], timeout=20)
    await ann.wait_for("events", lambda m: m["seat"] == 0, timeout=10)  # the bot's move
    assert table._covered_moves == {len(table.game.log) - 1}
    view = await ann.wait_for("view", lambda m: m["seq"] == len(table.game.log))
    assert view["take_back"] is False
    ann.send("take_back")
    refusal = await ann.wait_for("error")
    assert refusal["code"] == "not_yours"
    assert refusal["message"] == ("A bot made that move while you were away; you can take "
                                  "back only your own moves.")
    assert len(table.game.log) == view["seq"]
    # (the bots are paced slower than the clock: the clock times people, not them)
    assert not [m for m in ann.received if m["t"] == "chat" and "bot" in m["text"]
                and m["text"].startswith("Time is up")]
