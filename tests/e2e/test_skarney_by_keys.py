"""Skarney over real SSH: two people logged in by their SSH keys play by key presses
(screens rebuilt with pyte) and a host bot takes the third seat of an individual game.
The moments only Skarney has are all played by keys: Ann makes her contract with a
sequence whose wild card she declares (``2c=9c``), Bob declines an offer and later
accepts one, and Bob steals Ann's wild card with the 9♣ it stands for.

The seed is one where that can happen: Ann plays first and her hand after the draw holds
a contract with a wild card in a sequence, and Bob draws the natural it stands for. Ann
plans her contract as a person reads a hand (here: from the same seed, by the engine's
own listing); everything else each person does from their own screen.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any

import asyncssh

import engine
from netcode.client import MeldhallClient
from netcode.server import Host
from tests.e2e.test_looking_and_down_by_keys import open_keyed_terminal
from tests.e2e.test_play_by_keys import Terminal, offers
from tui.cards import CardLook, card_label

SEED = 244
OPTIONS = {"first_dealer": 2, "deals": 1}


def ann_contract() -> list[str]:
    """Ann's contract after her first draw, as she types it (``8c 10c 2c=9c``)."""
    game = engine.create_game("skarney", 3, SEED, OPTIONS)
    game.apply(0, {"type": "draw"})
    entry = next(e for e in game.legal(0) if e["type"] == "meld")
    typed = []
    for meld in entry["options"][0]["melds"]:
        ids = meld["cards"] if isinstance(meld, dict) else meld
        said = meld.get("as", {}) if isinstance(meld, dict) else {}
        typed.append(" ".join(game.codes[i].lower() + (f"={said[i].lower()}" if i in said
                                                       else "") for i in ids))
    return typed


def asked(text: str) -> bool:
    return "Take the " in text and "? y/n" in text


async def make_contract(term: Terminal, melds: list[str]) -> None:
    for index, cards in enumerate(melds):
        term.press("/" + cards + "\r")
        count = len(cards.split())
        await term.wait_until(lambda t, n=count: f"selected {n}" in t)
        if index < len(melds) - 1:
            term.press("g")
            await term.wait_until(lambda t: "selected" not in t)
    term.press("m")
    after = await term.wait_until(lambda t: " ! " in t or ("down" in t and "Your hand (3)" in t))
    assert " ! " not in after, after


async def steal(term: Terminal, natural: str) -> None:
    """w picks the opponent's meld (again, until it is the sequence with the declared wild
    card), then the natural is selected and w steals."""
    panel = [t.split("│")[0] for t in term.text.splitlines()]  # not the log beside it
    line = next(t for t in panel if "=" in t and "#" in t)
    meld = line.split("#")[1].split()[0]
    def target(text: str) -> str | None:
        found = re.search(r"Steal \S+ from .*meld #(\d+):", text)
        return found.group(1) if found else None

    shown: str | None = None
    for _ in range(6):
        term.press("w")
        text = await term.wait_until(lambda t, was=shown: target(t) not in (None, was))
        shown = target(text)
        if shown == meld:
            break
    term.press("/" + natural + "\r")
    await term.wait_until(lambda t: "selected 1" in t)
    term.press("w")
    await term.wait_until(lambda t: "selected" not in t and " ! " not in t)


async def play(term: Terminal, who: str, done: asyncio.Event, log: dict[str, Any]) -> None:
    """Act on what the screen shows until the test has seen what it came for."""
    turns = 0
    while not done.is_set():
        text = await term.wait_until(lambda t: done.is_set() or asked(t) or any(
            offers(t.splitlines()[-1], k, label) for k, label in (
                ("d", "Draw"), ("x", "Offer"), ("x", "Last card"), ("x", "End turn"))),
            timeout=60)
        if done.is_set():
            return
        footer = term.footer
        if asked(text):
            accept = who == "bob" and log["bob_declined"]
            term.press("y" if accept else "n")
            if who == "bob":
                log["bob_accepted" if accept else "bob_declined"] = True
            await term.wait_until(lambda t: done.is_set() or not asked(t), timeout=30)
            continue
        if offers(footer, "d", "Draw"):
            term.press("d")
            await term.wait_until(lambda t: done.is_set() or not offers(
                t.splitlines()[-1], "d", "Draw"), timeout=30)
            continue
        turns += 1
        if who == "ann" and turns == 1:
            await make_contract(term, log["contract"])
            log["contract_made"] = True
        if who == "bob" and turns == 1 and offers(footer, "w", "Steal wild"):
            await steal(term, log["natural"])
            log["stolen"] = True
            log["bob_screen"] = term.text
        term.press("x")
        text = await term.wait_until(lambda t, before=term.footer: done.is_set()
                                     or t.splitlines()[-1] != before, timeout=30)
        if "No card is selected" in text:  # the card under the cursor, named first: yes
            term.press("y")
            await term.wait_until(lambda t: done.is_set() or "No card is selected" not in t,
                                  timeout=30)
        assert turns < 12, "the moments never came"


async def test_offers_a_declared_sequence_and_a_steal_by_keys(host: Host) -> None:
    contract = ann_contract()
    sequence = next(m for m in contract if "=" in m)
    natural = sequence.split("=")[1]
    wild = sequence.split("=")[0].split()[-1].upper()  # the wild card the natural pays for
    organiser = await MeldhallClient.connect("127.0.0.1", host.port, "organiser")
    organiser.send("create", game="skarney", seats=3, options=OPTIONS, seed=SEED, sit=False)
    await organiser.wait_for("lobby", lambda m: bool(m["tables"]))
    table_id = max(host.lobby.tables)
    conns: list[asyncssh.SSHClientConnection] = []
    players: list[Terminal] = []
    done = asyncio.Event()
    events: list[dict[str, Any]] = []
    log: dict[str, Any] = {"contract": contract, "natural": natural, "bob_declined": False}
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
        organiser.send("add_bot", seat=2)

        async def watch() -> None:
            while not done.is_set():
                message = await organiser.next(timeout=120)
                if message["t"] == "events":
                    events.extend(message["events"])
                    if log.get("stolen") and log.get("bob_accepted") and any(
                            e["type"] == "accepted" and e["seat"] == 1 for e in events):
                        done.set()

        await asyncio.wait_for(asyncio.gather(
            watch(), *(play(term, who, done, log)
                       for term, who in zip(players, ["ann", "bob"], strict=True))), 240)
    finally:
        for conn in conns:
            conn.close()
        organiser.close()

    kinds = [(e["type"], e.get("seat")) for e in events]
    melded = [e for e in events if e["type"] == "melded" and e["seat"] == 0 and e.get("as")]
    assert melded and natural.upper() in melded[0]["as"].values()  # the declared wild
    assert ("declined", 1) in kinds and ("accepted", 1) in kinds
    stole = next(e for e in events if e["type"] == "stole")
    assert stole["seat"] == 1 and stole["wild"] == {"code": wild}
    assert stole["card"]["code"] == natural.upper()
    # the wild card is Bob's now
    assert card_label(wild, CardLook()) in log["bob_screen"].split("Your hand")[1]
