"""Canastone over real SSH: a 4-seat partnership game in which two people, partners
logged in by their SSH keys, play by key presses (screens rebuilt with pyte) against two
host bots, watched by a spectator. The test lasts until the people's team has made its
opening meld, taken the pile and made a canasta, each by keys, and the spectator's
screen shows the canasta and the pile taken.

What each person does is what a sensible player would do with their hand: the test asks
the basic bot, given that seat's own view (what the person's screen shows), and then does
it by keys: ``d`` draws, a take types the naturals shown (``/7h 7s`` Enter) and presses
``p``, melds are typed one by one, set aside with ``g`` and laid down with ``m``, a natural
laid off is typed and ``l`` pressed (the screen finds its meld), a discard is typed and
``x`` pressed. A wild card laid off (several melds would fit: a person would pick one with
``t``) and an ask to go out are left to a later turn.
"""

from __future__ import annotations

import asyncio
from typing import Any

import asyncssh

from engine.basic_bot import BasicBot
from netcode.client import MeldhallClient
from netcode.server import Host
from tests.e2e.test_looking_and_down_by_keys import open_keyed_terminal, open_terminal_plain
from tests.e2e.test_play_by_keys import Terminal, hand_count

SEED = 33  # the people open, take the pile and make a canasta within 21 moves
OPTIONS = {"max_deals": 1}
HUMANS = {0: "ann", 2: "cy"}
WILD = ("2", "JK")


def typed(codes: list[str]) -> str:
    return " ".join(code.lower() for code in codes)


def person_decides(view: dict[str, Any], bot: BasicBot) -> dict[str, Any]:
    """The basic bot's move for this seat's view, without the moves a person would leave
    for later here: laying off a wild card (it fits several melds) and asking to go out."""
    codes = {c["id"]: c["code"] for c in view["hand"]}
    legal = []
    for entry in view["legal"]:
        if entry["type"] == "ask_to_go_out":
            continue
        if entry["type"] == "lay_off":
            targets = [{**t, "cards": [i for i in t["cards"]
                                       if codes[i] != "JK" and codes[i][:-1] not in WILD]}
                       for t in entry["targets"]]
            targets = [t for t in targets if t["cards"]]
            if not targets:
                continue
            entry = {**entry, "targets": targets}
        legal.append(entry)
    return bot.act({**view, "legal": legal})


async def select(term: Terminal, codes: list[str]) -> None:
    term.press("/" + typed(codes) + "\r")
    count = len(codes)
    await term.wait_until(lambda t: f"selected {count}" in t)


async def act_by_keys(term: Terminal, action: dict[str, Any], codes: dict[int, str]) -> None:
    kind = action["type"]
    before = term.text
    if kind == "draw":
        term.press("d")
    elif kind == "take_pile":
        await select(term, [codes[i] for i in action["cards"]])
        term.press("p")
    elif kind == "meld":
        for index, meld in enumerate(action["melds"]):
            await select(term, [codes[i] for i in meld])
            if index < len(action["melds"]) - 1:
                term.press("g")
                await term.wait_until(lambda t: "selected" not in t)
        term.press("m")
    elif kind == "lay_off":
        await select(term, [codes[i] for i in action["cards"]])
        term.press("l")
    elif kind == "discard":
        await select(term, [codes[action["card"]]])
        term.press("x")
    elif kind == "answer":
        term.press("y" if action["answer"]["allow"] else "n")
    else:
        raise AssertionError(f"a person here does not {kind}")
    after = await term.wait_until(lambda t: " ! " in t or (t != before and "selected" not in t
                                                           and hand_count(t) is not None))
    assert " ! " not in after, after  # the person's move was taken


async def play(term: Terminal, seat: int, table: Any, done: asyncio.Event,
               made: dict[str, int]) -> None:
    bot = BasicBot(seat)
    while not done.is_set():
        await term.wait_until(lambda t: done.is_set() or "Your turn" in t or "asks: may I" in t,
                              timeout=120)
        if done.is_set():
            return
        await table.barrier()
        game = table.game
        if seat not in game.to_act:
            await asyncio.sleep(0.05)
            continue
        view = game.view(seat)
        size = len(view["hand"])
        await term.wait_until(lambda t, n=size: hand_count(t) == n)  # the screen is up to date
        action = person_decides(view, bot)
        await act_by_keys(term, action, {c["id"]: c["code"] for c in view["hand"]})
        made[action["type"]] = made.get(action["type"], 0) + 1


async def test_two_partners_by_keys_open_take_the_pile_and_make_a_canasta(host: Host) -> None:
    organiser = await MeldhallClient.connect("127.0.0.1", host.port, "organiser")
    organiser.send("create", game="canastone", seats=4, options=OPTIONS, seed=SEED, sit=False)
    await organiser.wait_for("lobby", lambda m: bool(m["tables"]))
    table_id = max(host.lobby.tables)
    table = host.lobby.tables[table_id]
    conns: list[asyncssh.SSHClientConnection] = []
    people: dict[int, Terminal] = {}
    done = asyncio.Event()
    seen: dict[str, Any] = {}
    try:
        organiser.send("watch", table=table_id)
        await organiser.wait_for("joined")
        for seat in (1, 3):
            organiser.send("add_bot", seat=seat, kind="basic")
        for seat, name in HUMANS.items():
            key = asyncssh.generate_private_key("ssh-ed25519")
            conn, term = await open_keyed_terminal(host.port, name, key)
            conns.append(conn)
            people[seat] = term
            await term.wait_until(lambda t: "meldhall lobby" in t and "key SHA256" in t)
            term.press("j")
            await term.wait_until(lambda t, s=seat: f"you: seat {s}" in t)
        conn, spectator = await open_terminal_plain(host.port, "sue")
        conns.append(conn)
        await spectator.wait_until(lambda t: "meldhall lobby" in t)
        spectator.press("w")
        await spectator.wait_until(lambda t: "you: watching" in t)
        spectator.lines_seen = []  # every line the spectator's screen repaints, from now on

        async def watch_the_table() -> None:
            """Note, from the public events, the people's opening, take and canasta."""
            while not done.is_set():
                message = await organiser.next(timeout=120)
                if message["t"] != "events" or message.get("seat") not in HUMANS:
                    continue
                for event in message["events"]:
                    kind = event["type"]
                    if kind == "melded" and "opened" not in seen:
                        seen["opened"] = event
                    elif kind == "took_pile":
                        seen.setdefault("took", event)
                    if kind in ("melded", "laid_off") and event.get("size", len(
                            event.get("cards", []))) >= 7:
                        seen.setdefault("canasta", event)
                if {"opened", "took", "canasta"} <= set(seen):
                    done.set()

        made = {seat: {} for seat in HUMANS}

        await asyncio.wait_for(asyncio.gather(
            watch_the_table(),
            *(play(people[s], s, table, done, made[s]) for s in HUMANS)), 300)
        canasta = seen["canasta"]
        await table.barrier()
        meld = table.game.view(None)["melds"]
        cls = next(m["canasta"] for m in meld if m["id"] == canasta["meld"])
        word = {"natural": "NATURAL", "mixed": "MIXED", "wild_natural": "WILD nat",
                "wild_mixed": "WILD mix"}[cls]
        taker = HUMANS[seen["took"]["seat"]]

        def spectator_saw(words: str) -> bool:
            return any(words in line for line in spectator.lines_seen or ())

        await spectator.wait_until(lambda t: spectator_saw(word)
                                   and spectator_saw(f"{taker}✓ took the pile"))
    finally:
        for conn in conns:
            conn.close()
        organiser.close()

    assert sum(m.get("take_pile", 0) for m in made.values()) >= 1
    assert sum(m.get("meld", 0) for m in made.values()) >= 1
    assert "Your hand" not in spectator.text
    assert table.players()[0]["name"].endswith("✓")
