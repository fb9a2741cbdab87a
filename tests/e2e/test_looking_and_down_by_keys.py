"""Looking and Down over real SSH: two people logged in by their SSH keys play by key
presses (screens rebuilt with pyte), a host bot takes the third seat, and a spectator
watches. The point of the game's own moment, frozen in time: a person who took the pile
melds during someone else's turn, and the spectator sees that meld.

Each person decides from their own screen only: take the pile when the footer offers it,
else draw; discard the card under the cursor in their own turn; and, while their prompt
says they are frozen in time, meld every rank the hand shows three naturals of. The
test ends once such an out-of-turn meld has been made and seen (a whole deal would take
some 150 actions).
"""

from __future__ import annotations

import asyncio
import re
from typing import Any

import asyncssh

from netcode.client import MeldhallClient
from netcode.server import Host
from tests.e2e.test_play_by_keys import (
    HEIGHT,
    WIDTH,
    Terminal,
    hand_on_screen,
    melds_on_screen,
    offers,
    typed,
)

SEED = 7
OPTIONS = {"max_deals": 1, "looking_size": 15}
FROZEN = "Frozen in time: you may meld"
SELECTED = re.compile(r"selected \d+:")


async def open_keyed_terminal(port: int, name: str, key: asyncssh.SSHKey
                              ) -> tuple[asyncssh.SSHClientConnection, Terminal]:
    conn = await asyncssh.connect("127.0.0.1", port, username=name, known_hosts=None,
                                  client_keys=[key], agent_path=None,
                                  preferred_auth="publickey")
    _chan, term = await conn.create_session(
        Terminal, term_type="xterm-256color", term_size=(WIDTH, HEIGHT), encoding=None)
    return conn, term


async def meld_while_frozen(term: Terminal) -> bool:
    """Type every three-of-a-rank the hand shows, set each aside with g, press m."""
    melds = melds_on_screen(tuple(hand_on_screen(term.text)))
    if not melds or not offers(term.footer, "m", "Meld"):
        return False
    if "selected" in term.text:  # a card left selected by a discard tried off turn
        term.press("\x1b\x1b")  # (typed on top of it, the meld was one card too many)
        await term.wait_until(lambda t: "selected" not in t)
    for index, cards in enumerate(melds):
        term.press("/" + typed(cards) + "\r")
        count = len(cards)
        shown = await term.wait_until(lambda t: SELECTED.search(t) is not None or " ! " in t)
        if f"selected {count}:" not in shown:
            # The hand changed between reading it and typing (another seat's move under
            # a loaded suite): the note says which card is gone; try again on the next look.
            term.press("\x1b\x1b")
            return False
        if index < len(melds) - 1:
            term.press("g")
            await term.wait_until(lambda t: "selected" not in t)
    term.press("m")
    after = await term.wait_until(lambda t: " ! " in t or "selected" not in t)
    if " ! " in after:
        assert "[LD-" in after, after  # a refusal names its rule
        term.press("\x1b\x1b")
        return False
    return True


async def play(term: Terminal, done: asyncio.Event, stats: dict[str, int]) -> None:
    """Act on what the screen offers until the test has seen what it came for."""
    while not done.is_set():
        text = await term.wait_until(lambda t: done.is_set() or FROZEN in t or offers(
            t.splitlines()[-1], "d", "Draw") or offers(t.splitlines()[-1], "x", "Discard"),
            timeout=60)
        if done.is_set():
            return
        footer = term.footer
        if FROZEN in text and not offers(footer, "x", "Discard"):
            if await meld_while_frozen(term):
                stats["frozen_melds"] += 1
                await asyncio.sleep(0.3)
                continue
            # nothing to meld now: wait for the next change of the screen
            await term.wait_until(lambda t, before=text: done.is_set() or t != before,
                                  timeout=60)
            continue
        discarding = False
        if offers(footer, "p", "Take pile"):
            term.press("p")  # with nothing selected: the first way, once asked
            shown = await term.wait_until(lambda t, before=footer: "Take the pile, melding" in t
                                          or t.splitlines()[-1] != before, timeout=10)
            if "Take the pile, melding" in shown:
                term.press("y")
        elif offers(footer, "d", "Draw"):
            term.press("d")
        else:
            if "selected" in text:  # left from a meld tried a moment ago
                term.press("\x1b\x1b")
                await term.wait_until(lambda t: "selected" not in t)
            term.press(" x")  # select the card under the cursor (x alone asks first)
            discarding = True
        stats["actions"] += 1
        assert stats["actions"] < 150, "no out-of-turn meld within 150 actions"
        # Wait for the move itself, not only its first key: after " x" the footer
        # changes once the space selects, and a next " x" sent then selected a card
        # after the turn had passed, which the next typed meld counted as its own.
        after = await term.wait_until(lambda t, before=footer, d=discarding: done.is_set()
                                      or " ! " in t or (t.splitlines()[-1] != before
                                                        and not (d and "selected" in t)),
                                      timeout=30)
        if " ! " in after:  # a refused take (the pair alone did not open): draw instead
            term.press("\x1b")
            await term.wait_until(lambda t: " ! " not in t)
            if offers(term.footer, "d", "Draw"):
                term.press("d")


async def test_two_keyed_players_and_a_bot_play_and_a_meld_is_made_out_of_turn(
        host: Host) -> None:
    organiser = await MeldhallClient.connect("127.0.0.1", host.port, "organiser")
    organiser.send("create", game="looking_and_down", seats=3, options=OPTIONS, seed=SEED,
                   sit=False)
    await organiser.wait_for("lobby", lambda m: bool(m["tables"]))
    table_id = max(host.lobby.tables)
    table = host.lobby.tables[table_id]
    conns: list[asyncssh.SSHClientConnection] = []
    players: list[Terminal] = []
    done = asyncio.Event()
    out_of_turn: list[dict[str, Any]] = []
    try:
        for seat, name in enumerate(["ann", "bob"]):
            key = asyncssh.generate_private_key("ssh-ed25519")
            conn, term = await open_keyed_terminal(host.port, name, key)
            conns.append(conn)
            players.append(term)
            await term.wait_until(lambda t: "meldhall lobby" in t and "key SHA256" in t)
            term.press("j")
            await term.wait_until(lambda t, s=seat: f"you: seat {s}" in t)
        organiser.send("watch", table=table_id)
        await organiser.wait_for("joined")
        organiser.send("add_bot", seat=2, kind="random")  # (a long deal: the random level)
        conn, spectator = await open_terminal_plain(host.port, "sue")
        conns.append(conn)
        await spectator.wait_until(lambda t: "meldhall lobby" in t)
        spectator.press("w")
        await spectator.wait_until(lambda t: "you: watching" in t)

        async def watch_for_out_of_turn_melds() -> None:
            turn = None
            while not done.is_set():
                message = await organiser.next(timeout=120)
                if message["t"] == "view":
                    turn = message["view"]["turn"]
                elif message["t"] == "events":
                    for event in message["events"]:
                        if event["type"] == "melded" and event["seat"] != turn \
                                and event["seat"] in (0, 1):
                            out_of_turn.append({**event, "turn": turn})
                            done.set()

        stats = [{"actions": 0, "frozen_melds": 0} for _ in players]
        await asyncio.wait_for(asyncio.gather(
            watch_for_out_of_turn_melds(),
            *(play(term, done, s) for term, s in zip(players, stats, strict=True))), 240)
        meld = out_of_turn[0]
        who = ["ann", "bob"][meld["seat"]]
        await spectator.wait_until(lambda t: f"{who}✓ melded" in t)  # ✓: key-verified
    finally:
        for conn in conns:
            conn.close()
        organiser.close()

    assert meld["seat"] != meld["turn"]
    assert sum(s["frozen_melds"] for s in stats) >= 1
    assert table.players()[0]["name"].endswith("✓")  # a key-verified player
    assert not table.over or table.seq > 0


async def open_terminal_plain(port: int, name: str
                              ) -> tuple[asyncssh.SSHClientConnection, Terminal]:
    from tests.e2e.test_play_by_keys import open_terminal

    return await open_terminal(port, name)
