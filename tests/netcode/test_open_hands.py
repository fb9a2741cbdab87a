"""``meldhall serve --open-hands``: spectators see what is left in every hand once a deal
is over, and no hand card at any other time."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_play import card_faces

from netcode.server import HostConfig

SEED = 424242


@pytest.fixture
def host_config(tmp_path: Path) -> HostConfig:
    return HostConfig(data_dir=tmp_path / "data", host="127.0.0.1", port=0,
                      bot_delay=0.0, allow_client_seeds=True, open_hands=True)


async def watch_a_table_of_bots(connect):  # type: ignore[no-untyped-def]
    """A spectator who created a 4-bot table of two short deals and watches it."""
    spectator = await connect("sam")
    spectator.send("create", game="hand_and_foot", seats=4, seed=SEED, sit=False,
                   options={"deals": 2, "hand_size": 11})
    lobby = await spectator.wait_for("lobby", lambda m: bool(m["tables"]))
    spectator.send("watch", table=lobby["tables"][-1]["id"])
    await spectator.wait_for("joined")
    for seat in range(4):
        spectator.send("add_bot", seat=seat)
    return spectator


async def test_spectators_see_the_hands_only_between_deals(host, connect) -> None:  # type: ignore[no-untyped-def]
    spectator = await watch_a_table_of_bots(connect)
    await spectator.wait_for("view", lambda m: m["over"], timeout=120)

    views = [m for m in spectator.received if m["t"] == "view"]
    assert any(m["view"]["deal_number"] == 2 for m in views)
    assert views[-1]["view"]["phase"] == "game_over"  # always seen: nothing replaces it
    for message in views:
        if message["view"]["phase"] in ("deal_over", "game_over"):
            hands = message["open_hands"]
            assert sorted(hands) == [0, 1, 2, 3]
            counts = message["view"]["counts"]
            assert all(len(hands[s]) == counts[s]["hand"] for s in range(4))
        else:
            assert "open_hands" not in message
            assert not card_faces(message["view"]["hand"])


async def test_without_the_option_spectators_never_see_a_hand(connect, host) -> None:  # type: ignore[no-untyped-def]
    host.lobby.open_hands = False
    spectator = await watch_a_table_of_bots(connect)
    await spectator.wait_for("view", lambda m: m["view"]["phase"] == "deal_over", timeout=120)
    assert not any("open_hands" in m for m in spectator.received if m["t"] == "view")
