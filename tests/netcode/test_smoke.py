from __future__ import annotations


async def test_welcome_create_and_bot_play(host, connect) -> None:  # type: ignore[no-untyped-def]
    alice = await connect("alice")
    welcome = await alice.wait_for("welcome")
    assert welcome["name"] == "alice" and welcome["code"]
    await alice.wait_for("lobby")
    alice.send("create", game="hand_and_foot", seats=4, options={"deals": 1}, seed=5)
    joined = await alice.wait_for("joined")
    assert joined["seat"] == 0
    view = await alice.wait_for("view")
    assert view["view"]["seat"] == 0 and view["view"]["hand"]
    for _ in range(3):
        alice.send("add_bot")
    await alice.wait_for("view", lambda m: m["seq"] > 0)
