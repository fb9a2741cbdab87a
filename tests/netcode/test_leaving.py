"""Leaving a table safely (issue: leaving is safe): a seat left during a deal is held for
its player, only the table's creator can open it, and bots stay while their hand is in play."""

from __future__ import annotations

from typing import Any

from netcode.server import Host


async def pia_left_mid_deal(connect) -> tuple[Any, Any, int, dict[str, str]]:  # type: ignore[no-untyped-def]
    """Olga's table (seat 0), Pia at seat 1 and two bots; a move made, then Pia leaves
    with her seat kept: (olga, pia, the table, each one's reclaim code)."""
    owner = await connect("olga")
    codes = {"olga": (await owner.wait_for("welcome"))["code"]}
    owner.send("create", game="hand_and_foot", seats=4, seed=11)
    joined = await owner.wait_for("joined")
    assert joined["creator"] is True
    pia = await connect("pia")
    codes["pia"] = (await pia.wait_for("welcome"))["code"]
    pia.send("sit", table=joined["table"], seat=1)
    await pia.wait_for("joined")
    for seat in (2, 3):
        owner.send("add_bot", seat=seat)
    view = await owner.wait_for("view", lambda m: all(p["name"] for p in m["players"])
                                and bool({0, 1} & set(m["view"]["to_act"])))
    mover = owner if 0 in view["view"]["to_act"] else pia
    mover.send("action", action={"type": "draw"}, ref=2)
    await mover.wait_for("ack")  # the deal is on
    pia.send("leave")
    assert (await pia.wait_for("left"))["kept"] is True
    return owner, pia, joined["table"], codes


async def test_only_the_creator_opens_a_seat_someone_is_away_from(host: Host, connect) -> None:  # type: ignore[no-untyped-def]
    owner, pia, table_id, codes = await pia_left_mid_deal(connect)
    table = host.lobby.tables[table_id]
    owner.send("open_seat", seat=0)  # olga is here: not away
    assert (await owner.wait_for("error"))["code"] == "not_away"
    spy = await connect("spy")
    spy.send("watch", table=table_id)
    assert (await spy.wait_for("joined"))["creator"] is False  # so its screen need not ask
    spy.send("open_seat", seat=1)
    assert (await spy.wait_for("error"))["code"] == "not_creator"
    assert table.occupants[1].user_id is not None
    owner.send("open_seat", seat=1)
    await table.barrier()
    for _ in range(50):
        if table.occupants[1].free:
            break
        await table.barrier()
    assert table.occupants[1].free
    spy.send("sit", table=table_id, seat=1)  # now anyone may take it, hand and all
    assert (await spy.wait_for("joined"))["seat"] == 1
    # The table is told (play-test: only the seat line changed, and nobody knew whose
    # moves the newcomer's log gave to whom).
    said = [m["text"] for m in owner.received if m["t"] == "chat"]
    said += [(await owner.wait_for("chat", lambda m: "takes over" in m["text"]))["text"]]
    assert "olga opened pia's seat 1: whoever sits there next plays its hand." in said
    assert "spy takes over seat 1 from pia, with its hand." in said
    # pia, back, hears it in the lobby (play-test: no word why she was not at her seat).
    pia.close()
    back = await connect(f"pia+{codes['pia']}")
    told = await back.wait_for("chat", lambda m: m.get("name") == "meldhall")
    assert told["lobby"] is True
    assert told["text"] == (f"While you were away, olga opened your seat 1 at table "
                            f"{table_id} to others.")


async def test_a_seat_left_on_purpose_is_not_rejoined_on_the_next_connection(
        host: Host, connect) -> None:  # type: ignore[no-untyped-def]
    """Play-test: back after leaving a table mid-deal with q, a player was put straight
    at that table. A dropped connection goes back to the seat; a seat left on purpose
    waits in the lobby for j."""
    owner, pia, table_id, codes = await pia_left_mid_deal(connect)
    pia.close()
    again = await connect(f"pia+{codes['pia']}")
    await again.wait_for("lobby")
    assert not [m for m in again.received if m["t"] == "joined"]
    told = await again.wait_for("chat", lambda m: m.get("name") == "meldhall")
    assert told["text"] == f"Your seat is kept at table {table_id}: j on it to play on."
    again.send("sit", table=table_id)
    assert (await again.wait_for("joined"))["seat"] == 1  # j: the seat kept for her
    owner.close()  # a dropped connection goes straight back
    back = await connect(f"olga+{codes['olga']}")
    assert (await back.wait_for("joined"))["seat"] == 0


async def test_watching_the_table_where_you_hold_a_seat_takes_you_back_to_it(
        host: Host, connect) -> None:  # type: ignore[no-untyped-def]
    """Play-test: a player who had left mid-deal (seat kept) pressed w on that table and
    watched it as a spectator ("you: watching", no hand) while it waited for his move,
    and his screen went on to be shared with the spectators'. Asking to watch a table
    where you hold a seat puts you in your seat."""
    _owner, pia, table_id, _codes = await pia_left_mid_deal(connect)
    table = host.lobby.tables[table_id]
    pia.send("watch", table=table_id)
    joined = await pia.wait_for("joined")
    assert joined["seat"] == 1 and joined["role"] == "player"
    view = await pia.wait_for("view")
    assert view["seat"] == 1 and view["view"]["hand"]
    session = next(s for s in host.lobby.sessions if s.name == "pia")
    assert session.seat == 1 and table.watchers[session] == 1
