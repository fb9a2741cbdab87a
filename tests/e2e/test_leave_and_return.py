"""Leaving mid-deal over real SSH, as people do it: a player presses q during a deal, is
asked, leaves; someone else tries to take the seat and cannot; the player sits down again
and finds the same hand. Screens are rebuilt with pyte and every step is a key press."""

from __future__ import annotations

from netcode.client import MeldhallClient
from netcode.server import Host
from tests.e2e.test_play_by_keys import hand_on_screen, offers, open_terminal


async def test_a_player_leaves_mid_deal_and_comes_back_to_the_same_hand(host: Host) -> None:
    organiser = await MeldhallClient.connect("127.0.0.1", host.port, "organiser")
    organiser.send("create", game="hand_and_foot", seats=4, seed=5, sit=False)
    await organiser.wait_for("lobby", lambda m: bool(m["tables"]))
    table_id = max(host.lobby.tables)
    table = host.lobby.tables[table_id]
    conns = []
    try:
        terms = []
        for seat, name in enumerate(["ann", "bob"]):
            conn, term = await open_terminal(host.port, name)
            conns.append(conn)
            terms.append(term)
            await term.wait_until(lambda t: "meldhall lobby" in t and "waiting" in t)
            await term.sit(seat)
        ann, bob = terms
        organiser.send("watch", table=table_id)
        await organiser.wait_for("joined")
        for seat in (2, 3):
            organiser.send("add_bot", seat=seat)
        # Whoever of ann and bob is first to move draws: the deal is on.
        text = await ann.wait_until(lambda t: "Your turn" in t or "bob's turn" in t)
        mover = ann if "Your turn" in text else bob
        await mover.wait_until(lambda t: offers(t.splitlines()[-1], "d", "Draw"))
        mover.press("d")
        await organiser.wait_for("view", lambda m: m["seq"] >= 1)
        await table.barrier()
        size = len(table.game.view(0)["hand"])
        hand = hand_on_screen(await ann.wait_until(lambda t: f"Your hand ({size})" in t))
        assert len(hand) == size

        ann.press("q")
        await ann.wait_until(lambda t: "Leave this table?" in t)
        ann.press("y")
        await ann.wait_until(lambda t: "meldhall lobby" in t  # the whole note, at 80 columns
                             and "Your seat and hand are kept for you: sit there again "
                                 "(j) to play on." in t)
        assert table.occupants[0].user_id is not None  # held for her, away

        conn, carl = await open_terminal(host.port, "carl")
        conns.append(conn)
        await carl.wait_until(lambda t: "meldhall lobby" in t and "ann (away)" in t)
        carl.press("j")
        refused = await carl.wait_until(lambda t: " ! " in t)
        assert "taken" in refused and "you: seat" not in refused

        ann.press("j")
        back = await ann.wait_until(lambda t: "you: seat 0" in t and "Your hand" in t)
        assert hand_on_screen(back) == hand
    finally:
        for conn in conns:
            conn.close()
        organiser.close()
