"""Spectators who would see the same picture share one App (``netcode/sharing.py``).

Two hosts play the same seeded Hand and Foot table with the same seeded seat programs:
one shares spectator screens, the other (``share_spectator_screens=False``) gives every
session its own App, as before sharing existed. Spectators follow over real SSH with
PTYs, their screens rebuilt with pyte, and whenever both tables stop at the same action
the screens on the sharing host must equal the unshared ones cell by cell.
"""

from __future__ import annotations

import asyncio
import gc
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from ptyscreen import PtyScreen, open_pty
from seatedroom import SeatedTable, cells, settled

from netcode.server import Host, HostConfig
from netcode.terminal import TerminalHandler


@pytest.fixture
async def hosts(tmp_path: Path) -> AsyncIterator[tuple[Host, Host]]:
    """(sharing, not sharing)."""
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    running = []
    for name, share in (("on", True), ("off", False)):
        host = Host(HostConfig(data_dir=tmp_path / name, host="127.0.0.1", port=0,
                               bot_delay=0.01, allow_client_seeds=True,
                               share_spectator_screens=share))
        await host.start()
        running.append(host)
    try:
        yield running[0], running[1]
    finally:
        for host in running:
            await host.stop()


def handler(host: Host, name: str) -> TerminalHandler:
    """The host's terminal for a session (found among live objects: tests only)."""
    found = [o for o in gc.get_objects()
             if isinstance(o, TerminalHandler) and o.session.name == name
             and o.session in host.lobby.sessions]
    assert len(found) == 1, f"no single terminal for {name}"
    return found[0]


async def until(check: Any, timeout: float = 10.0) -> None:
    for _ in range(int(timeout / 0.02)):
        if check():
            return
        await asyncio.sleep(0.02)
    assert check()


class Room(SeatedTable):
    """One host's table; spectators join it by name (`watch`)."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.conns: dict[str, Any] = {}

    async def watch(self, name: str, size: tuple[int, int] = (100, 30)) -> PtyScreen:
        conn, screen = await open_pty(self.host.port, name)
        if size != (100, 30):
            screen.chan.change_terminal_size(*size)
            screen.screen.resize(lines=size[1], columns=size[0])
        self.conns[name] = conn
        await screen.wait_for(lambda t: "lobby" in t)
        screen.press("w")
        await screen.wait_for(lambda t: f"table {self.table}" in t)
        self.watchers[name] = screen
        return screen

    async def sharing(self, *names: str) -> Any:
        """`names` come to watch with alike terminals: their one shared screen, once
        they share it (their PTY screens are in ``watchers``)."""
        for name in names:
            await self.watch(name)
        await until(lambda: len({id(handler(self.host, n).screen) for n in names}) == 1)
        return handler(self.host, names[0]).screen

    def close(self) -> None:
        super().close()
        for conn in self.conns.values():
            conn.close()


async def same(a: PtyScreen, b: PtyScreen, what: str, within: float = 5.0) -> None:
    """The two screens show the same cells, now or within ``within`` seconds: each settled
    once its bytes stopped for a moment, and on a loaded machine one of them can still be
    on its way (the suite failed now and then under load, never alone)."""
    for _ in range(int(within / 0.1)):
        if cells(a) == cells(b):
            return
        await asyncio.sleep(0.1)
    left, right = cells(a), cells(b)
    differ = [y for y in range(len(left)) if left[y] != right[y]]
    first = [(x, left[y][x], right[y][x]) for y in differ[:1]
             for x in range(len(left[y])) if left[y][x] != right[y][x]][:3]
    assert not differ, f"{what}: rows {differ} differ {first}\n{a.text}\n---\n{b.text}"


async def rooms(hosts: tuple[Host, Host]) -> tuple[Room, Room]:
    on, off = Room(hosts[0]), Room(hosts[1])
    await asyncio.gather(on.open(), off.open())
    return on, off


async def two_and_two(on: Room, off: Room) -> tuple[PtyScreen, ...]:
    """Ann and Bob watching on the sharing host (once they share one App), Ref and Rex
    on the other."""
    ann, bob = await on.watch("ann"), await on.watch("bob")
    ref, rex = await off.watch("ref"), await off.watch("rex")
    await until(lambda: handler(on.host, "ann").screen is handler(on.host, "bob").screen)
    return ann, bob, ref, rex


async def test_alike_spectators_share_one_app_and_see_what_an_unshared_one_sees(
        hosts: tuple[Host, Host]) -> None:
    on, off = await rooms(hosts)
    try:
        ann, bob, ref, rex = await two_and_two(on, off)
        assert len(on.host.screens.shared_screens()) == 1
        # the setting off is the old way: every session its own App
        assert handler(off.host, "ref").screen is not handler(off.host, "rex").screen
        assert off.host.screens.shared_screens() == []
        for stop in (6, 7, 15):
            await asyncio.gather(on.play_to(stop), off.play_to(stop))
            for name in ("ann", "bob"):
                await same(on.watchers[name], ref, f"{name} after action {stop}")
            await same(rex, ref, f"rex after action {stop}")
        assert handler(on.host, "ann").screen is handler(on.host, "bob").screen
        shared = handler(on.host, "ann").screen
        assert shared.app.table_message["seat"] is None  # the spectators' view, no hand
        assert shared.app.welcome is None  # nobody's identity in a shared App
        assert bob.text == ann.text
    finally:
        on.close()
        off.close()


async def test_a_key_press_splits_a_spectator_off_and_the_other_follows_play(
        hosts: tuple[Host, Host]) -> None:
    on, off = await rooms(hosts)
    try:
        ann, bob, ref, rex = await two_and_two(on, off)
        await asyncio.gather(on.play_to(5), off.play_to(5))
        shared = handler(on.host, "ann").screen
        bob.press("s")  # the score sheet
        rex.press("s")
        await bob.wait_for(lambda t: "score sheet (" in t)
        await rex.wait_for(lambda t: "score sheet (" in t)
        await settled(bob)
        await settled(rex)
        assert handler(on.host, "bob").screen is not shared
        assert handler(on.host, "ann").screen is shared
        assert shared.app.welcome is None
        await same(bob, rex, "bob's score sheet")
        await same(ann, ref, "ann after bob split off")
        await asyncio.gather(on.play_to(12), off.play_to(12))
        await same(ann, ref, "ann still follows play")
        await same(bob, rex, "bob's score sheet after play")
        bob.press("\x1b")  # back to the table, on an App of its own
        rex.press("\x1b")
        await settled(bob)
        await settled(rex)
        await same(bob, rex, "bob back at the table")
    finally:
        on.close()
        off.close()


async def test_moving_the_mouse_keeps_a_spectator_sharing_and_a_click_splits_it(
        hosts: tuple[Host, Host]) -> None:
    """Mouse reporting is on by default and reports every move: a spectator whose pointer
    crosses the terminal still shares (nothing on the watching screen answers to hover),
    and still sees what an unshared spectator sees; a click is input of its own."""
    on, off = await rooms(hosts)
    try:
        _ann, bob, ref, _rex = await two_and_two(on, off)
        shared = handler(on.host, "ann").screen
        for x in range(5, 60, 5):  # the pointer crossing the screen, and with shift held
            bob.press(f"\x1b[<35;{x};8M\x1b[<39;{x};9M")
        await asyncio.gather(on.play_to(6), off.play_to(6))
        await settled(bob)
        assert handler(on.host, "bob").screen is shared
        await same(bob, ref, "bob after moving the mouse")
        bob.press("\x1b[<0;40;8M\x1b[<0;40;8m")  # a click
        await until(lambda: handler(on.host, "bob").screen is not shared)
        assert handler(on.host, "ann").screen is shared
    finally:
        on.close()
        off.close()


async def test_different_sizes_never_share(hosts: tuple[Host, Host]) -> None:
    on = Room(hosts[0])
    await on.open()
    try:
        await on.watch("ann")
        await on.watch("bob", size=(90, 30))
        await on.watch("cy")
        await until(lambda: handler(on.host, "ann").screen is handler(on.host, "cy").screen)
        await on.play_to(4)
        assert handler(on.host, "bob").screen is not handler(on.host, "ann").screen
        assert len(on.host.screens.shared_screens()) == 1
        # a resize splits a sharing spectator off, at its new size
        cy = on.watchers["cy"]
        cy.chan.change_terminal_size(90, 30)
        cy.screen.resize(lines=30, columns=90)
        await until(lambda: handler(on.host, "cy").screen is not handler(on.host, "ann").screen)
        await on.play_to(6)
        await same(cy, on.watchers["bob"], "cy resized like bob")
    finally:
        on.close()


async def test_a_sharing_session_leaving_does_not_disturb_the_other(
        hosts: tuple[Host, Host]) -> None:
    on, off = await rooms(hosts)
    try:
        await on.watch("ann")
        bob = await on.watch("bob")
        ref = await off.watch("ref")
        await until(lambda: handler(on.host, "ann").screen is handler(on.host, "bob").screen)
        shared = handler(on.host, "bob").screen
        await asyncio.gather(on.play_to(5), off.play_to(5))
        on.conns.pop("ann").abort()  # the session whose App it first was drops
        del on.watchers["ann"]
        await until(lambda: all(s.name != "ann" for s in on.host.lobby.sessions))
        await asyncio.gather(on.play_to(11), off.play_to(11))
        assert handler(on.host, "bob").screen is shared and shared.app is not None
        await same(bob, ref, "bob after ann left")
        await on.watch("cy")  # a newcomer joins the group and gets the whole screen
        await until(lambda: handler(on.host, "cy").screen is shared)
        await asyncio.gather(on.play_to(13), off.play_to(13))
        await same(on.watchers["cy"], ref, "cy, who joined later")
        await same(bob, ref, "bob")
    finally:
        on.close()
        off.close()


async def test_a_stalled_sharing_spectator_holds_up_no_one(host: Host, connect: Any) -> None:
    """Each channel keeps its own backpressure: the shared App's frames are dropped for
    the one that stopped reading, the other keeps getting them, and the sleeper gets the
    whole screen again when it reads."""
    from test_fault_slow import _bot_table

    observer, table_id = await _bot_table(connect)
    screens: dict[str, PtyScreen] = {}
    conns = []
    for name, options in (("sleepy", {"window": 1024}), ("alert", {})):
        conn, screen = await open_pty(host.port, name, **options)
        conns.append(conn)
        await screen.wait_for(lambda t: "waiting" in t or "seat free" in t)
        screen.press("w")
        await screen.wait_for(lambda t: f"table {table_id} " in t)
        screens[name] = screen
    sleepy, alert = screens["sleepy"], screens["alert"]
    try:
        await until(lambda: handler(host, "sleepy").screen is handler(host, "alert").screen)
        terminal = handler(host, "sleepy")
        sleepy.chan.pause_reading()
        for seat in range(4):
            observer.send("add_bot", seat=seat)
        await until(lambda: terminal._paused, timeout=20)
        heard = len(alert.raw)
        seq = host.lobby.tables[table_id].seq
        await observer.wait_for("view", lambda m: m["seq"] >= seq + 5 or m["over"], timeout=30)
        await alert.wait_for(lambda t: len(alert.raw) > heard)
        assert terminal._paused and terminal._dirty  # dropped for the sleeper only
        await observer.wait_for("view", lambda m: m["over"], timeout=60)
        await asyncio.sleep(0.5)
        sleepy.chan.resume_reading()
        await sleepy.wait_for(lambda t: t == alert.text, timeout=20)
        assert handler(host, "sleepy").screen is handler(host, "alert").screen
    finally:
        for conn in conns:
            conn.close()


async def test_a_message_for_one_sharing_session_reaches_only_its_own_app(
        hosts: tuple[Host, Host]) -> None:
    """Only the table's public stream reaches a shared App: anything else sent to one of
    its sessions splits that session off first, and the others never see it."""
    from netcode.protocol import error_frame

    on = Room(hosts[0])
    await on.open()
    try:
        ann, bob = await on.watch("ann"), await on.watch("bob")
        await until(lambda: handler(on.host, "ann").screen is handler(on.host, "bob").screen)
        shared = handler(on.host, "ann").screen
        handler(on.host, "bob").session.put(error_frame("note", "only for bob"))
        await bob.wait_for(lambda t: "Only for bob" in t)
        assert handler(on.host, "bob").screen is not shared
        assert handler(on.host, "ann").screen is shared
        await on.play_to(3)
        assert "for bob" not in ann.text
        assert all(m.get("t") != "error" for _, m in shared.link.recent)
    finally:
        on.close()


async def test_no_app_survives_sharing_splitting_and_leaving(
        hosts: tuple[Host, Host]) -> None:
    """Apps ended by joining a group, by splitting off or with the last sharer are all
    freed (the leak pitfalls P4/P5 of shared/notes/ssh_textual.md, for the new paths)."""
    from netcode.sharing import AppScreen
    from tui.app import MeldhallApp

    # A worker thread keeps the sys.stderr it was born with: one started while an App's
    # print capture is installed would pin that App. The host starts its pool's threads
    # before any App exists (`netcode.server.start_worker_threads`).
    on = Room(hosts[0])
    await on.open()
    try:
        await on.watch("ann")
        bob = await on.watch("bob")
        await on.watch("cy")
        await until(lambda: len({id(handler(on.host, n).screen)
                                 for n in ("ann", "bob", "cy")}) == 1)
        bob.press("s")
        await bob.wait_for(lambda t: "score sheet (" in t)
        await on.play_to(3)
        on.conns.pop("ann").abort()
        del on.watchers["ann"]
        await on.play_to(5)
    finally:
        on.close()
    await until(lambda: AppScreen.live_apps == 0 and not any(
        s.name in ("ann", "bob", "cy") for s in on.host.lobby.sessions))
    for _ in range(30):  # an App may still be finishing: give it a moment, not forever
        gc.collect()
        left = sum(1 for o in gc.get_objects() if isinstance(o, MeldhallApp))
        if not left:
            break
        await asyncio.sleep(0.1)
    assert left == 0, f"{left} finished Apps still alive"


@pytest.mark.parametrize("frame", ["its own", "public"])
async def test_a_seated_player_never_shares_a_spectators_screen(
        hosts: tuple[Host, Host], frame: str) -> None:
    """Play-test: a seated player's terminal ended up on the spectators' shared App ("you:
    watching", no hand), and the table waited for an answer he could not give. Whatever
    brings a seated session onto a shared screen, its next frame gives it an App of its
    own with its own view, whether that frame is its own business or the table's public
    stream (the guard asks the host's seat, not the message)."""
    from netcode.protocol import error_frame, server_frame

    on = Room(hosts[0])
    await on.open()
    try:
        shared = await on.sharing("ann", "bob")
        ann, bob = on.watchers["ann"], on.watchers["bob"]
        table = on.host.lobby.tables[on.table]
        session = handler(on.host, "bob").session
        session.seat = table.watchers[session] = 1  # the host has him seated (simulated)
        session.put(error_frame("note", "only for bob") if frame == "its own" else  # no move
                    server_frame("chat", table=on.table, name="cy", text="only for bob"))
        await bob.wait_for(lambda t: "you: seat 1" in t)
        assert handler(on.host, "bob").screen is not shared
        assert handler(on.host, "ann").screen is shared
        assert "you: watching" not in bob.text
        assert "for bob" not in ann.text  # (it was sent to bob alone)
    finally:
        on.close()


async def test_a_shared_screen_sends_nothing_in_anyones_name(
        hosts: tuple[Host, Host]) -> None:
    """A shared App has no one's identity: if it ever sent a request (every key splits a
    viewer off first, so none should), it would have gone out as whichever session was
    first on its link. It is dropped instead, and the table and the lobby are as they
    were."""
    on = Room(hosts[0])
    await on.open()
    try:
        shared = await on.sharing("ann", "bob")
        tables = len(on.host.lobby.tables)
        shared.link.send({"t": "leave"})
        shared.link.send({"t": "new", "game": "hand_and_foot", "seats": 4})
        await asyncio.sleep(0.3)
        assert len(on.host.lobby.tables) == tables
        for name in ("ann", "bob"):
            assert handler(on.host, name).session.table is on.host.lobby.tables[on.table]
            assert handler(on.host, name).screen is shared
    finally:
        on.close()


async def test_a_seated_players_screen_is_never_joined_to_a_group(
        hosts: tuple[Host, Host]) -> None:
    """Even when a seated player's App says it shows the plain watching screen, the host
    keeps that player's terminal on an App of its own."""
    on = Room(hosts[0])
    await on.open()
    try:
        await on.sharing("ann", "bob", "cy")
        cy = handler(on.host, "cy")
        cy.screen.share.split(cy)  # cy on an App of its own, as after a key press
        cy._split_at = -1e9  # (long enough ago to share again)
        own = cy.screen
        table = on.host.lobby.tables[on.table]
        cy.session.seat = table.watchers[cy.session] = 1  # the host has cy seated (simulated)
        await until(lambda: own.app is not None and own.app.plain_watching())
        own.share.watching(own)
        assert cy.screen is own and own.viewers == [cy] and not own.shared
    finally:
        on.close()
