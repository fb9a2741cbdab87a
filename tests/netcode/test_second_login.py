"""A player who logs in again while their first connection is still open.

A play-tester saw, at a Skarney table of two key players and a bot, the *other* player's
terminal switch to the returning player's screen (their keys then drove it, their chat
was posted under the returning player's name). This plays the same over real SSH with
PTYs, the screens rebuilt with pyte: the first connection is replaced, the returning
player is back at their seat with their hand, the first terminal says why it was closed,
and nobody else's screen changes hands.
"""

from __future__ import annotations

import asyncio
from typing import Any

import asyncssh
from ptyscreen import PtyScreen

from netcode.client import MeldhallClient
from netcode.server import Host


async def pty(port: int, name: str, key: Any, size: tuple[int, int]
              ) -> tuple[asyncssh.SSHClientConnection, PtyScreen]:
    conn = await asyncssh.connect("127.0.0.1", port, username=name, known_hosts=None,
                                  client_keys=[key] if key else None, agent_path=None,
                                  password="", preferred_auth="publickey,keyboard-interactive")
    _chan, screen = await conn.create_session(PtyScreen, term_type="xterm-256color",
                                              term_size=size, encoding=None)
    screen.screen.resize(lines=size[1], columns=size[0])
    return conn, screen


def top_line(screen: PtyScreen) -> str:
    return screen.text.split("\n")[0]


async def test_logging_in_again_replaces_only_your_own_screen(host: Host) -> None:
    ann_key = asyncssh.generate_private_key("ssh-ed25519")
    bea_key = asyncssh.generate_private_key("ssh-ed25519")
    setup = await MeldhallClient.connect("127.0.0.1", host.port, "ann", client_keys=[ann_key])
    setup.send("create", game="skarney", seats=3, seed=7, table={"bot_pace_ms": 300})
    table = (await setup.wait_for("joined"))["table"]
    setup.send("add_bot", seat=2, kind="basic")
    await asyncio.sleep(0.2)
    setup.close()
    conns = []
    try:
        conn, ann = await pty(host.port, "ann", ann_key, (80, 24))
        conns.append(conn)
        await ann.wait_for(lambda t: "you: seat 0" in t)
        conn, bea = await pty(host.port, "bea", bea_key, (100, 30))
        conns.append(conn)
        await bea.wait_for(lambda t: "lobby" in t)
        bea.press("j")
        await bea.wait_for(lambda t: "you: seat 1" in t)
        conn, cy = await pty(host.port, "cy", None, (100, 30))
        conns.append(conn)
        await cy.wait_for(lambda t: "lobby" in t)
        cy.press("w")
        await cy.wait_for(lambda t: f"table {table}" in t)
        for _ in range(3):
            conn, again = await pty(host.port, "ann", ann_key, (80, 24))
            conns.append(conn)
            await again.wait_for(lambda t: "you: seat 0" in t and "Your hand" in t)
            await ann.wait_for(lambda t: "you connected again from elsewhere" in t)
            ann = again
            await asyncio.sleep(0.5)
            assert "you: seat 1 (bea" in top_line(bea), bea.text
            assert "you: watching" in top_line(cy), cy.text
        bea.press("c")  # chat from bea's terminal is bea's
        await asyncio.sleep(0.3)
        bea.press("hello from bea\r")
        await again.wait_for(lambda t: "hello from bea" in t)
        assert "bea" in next(line for line in again.text.split("\n") if "hello from bea" in line)
    finally:
        for conn in conns:
            conn.close()


async def test_leaving_without_a_key_says_how_to_have_the_name_back(host: Host) -> None:
    """Play-test: a keyless player who left saw only ssh's "Connection closed"; the code
    that gives the name and its kept seats back was in the lobby's header alone."""
    conn, cy = await pty(host.port, "cy", None, (100, 30))
    try:
        shown = await cy.wait_for(lambda t: "reclaim code" in t)
        code = shown.split("reclaim code ")[1].split(":")[0]
        cy.press("\x03")  # Ctrl+C asks; y leaves
        await cy.wait_for(lambda t: "y" in t and "leave" in t.lower())
        cy.press("y")
        said = await cy.wait_for(lambda t: "have your name back" in t)
        assert f"connect as cy+{code}" in said.replace("\n", ""), said
        for _ in range(100):  # and the session ends as before (the exit code is an int)
            if cy.closed:
                break
            await asyncio.sleep(0.05)
        assert cy.closed
    finally:
        conn.close()
    conn, ann = await pty(host.port, "ann", asyncssh.generate_private_key("ssh-ed25519"),
                          (100, 30))
    try:
        await ann.wait_for(lambda t: "lobby" in t)
        ann.press("\x03")
        await asyncio.sleep(0.3)
        ann.press("y")
        await asyncio.sleep(0.5)
        assert "have your name back" not in ann.text  # a key is its own way back
    finally:
        conn.close()
