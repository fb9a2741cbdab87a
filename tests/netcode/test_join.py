"""The native client (``meldhall join``): the same App, over the ``meldhall`` subsystem.

A real host on a loopback port; the App runs headless under ``run_test()`` with a
``SubsystemLink``, exactly as ``meldhall join`` builds it, and is driven by key presses.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import pty
import signal
import struct
import sys
import termios
from collections.abc import Callable
from pathlib import Path
from typing import Any

import asyncssh
import pytest

from netcode.cli import build_parser, join
from netcode.native import HostKeyChanged, KnownHosts, SubsystemLink
from netcode.server import Host
from tests.tui.conftest import screen_text
from tui.app import make_app


async def wait_screen(pilot: Any, check: Callable[[str], bool], timeout: float = 10.0) -> str:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        await pilot.pause()
        text = screen_text(pilot.app)
        if check(text):
            return text
        if loop.time() > deadline:
            raise AssertionError(f"screen never matched; it shows:\n{text}")
        await asyncio.sleep(0.02)


async def link_to(host: Host, name: str, data_dir: Path, **options: Any) -> SubsystemLink:
    options.setdefault("use_default_keys", False)  # never the test runner's own ~/.ssh
    return await SubsystemLink.connect("127.0.0.1", host.port, name, data_dir=data_dir,
                                       **options)


async def test_join_app_shows_the_lobby_and_takes_a_seat(host, connect, tmp_path) -> None:  # type: ignore[no-untyped-def]
    owner = await connect("owner")
    owner.send("create", game="hand_and_foot", seats=4, options={"deals": 1})
    table = (await owner.wait_for("joined"))["table"]
    said: list[str] = []
    link = await link_to(host, "nina", tmp_path / "client", notify=said.append)
    assert any(host.fingerprint in line for line in said)
    app = make_app(link)
    async with app.run_test(size=(100, 30)) as pilot:
        text = await wait_screen(pilot, lambda t: "user: nina" in t and "waiting" in t)
        assert "meldhall lobby" in text
        # (play-test: told to connect as nina+CODE, where meldhall join keeps the code)
        assert "kept by meldhall join for next time" in text and "nina+" not in text
        if "sit TABLE" in text:  # the minimal screen: a command line
            await pilot.press(*f"sit {table}", "enter")
        else:  # issue 4's lobby: the cursor is on the only table; j sits (which seat?
            await pilot.press("j")  # at a partnership table where someone sits: the first)
            await wait_screen(pilot, lambda t: "Which seat?" in t)
            await pilot.press("1")
        text = await wait_screen(pilot, lambda t: "you: seat 1" in t)
        assert any("run the same meldhall join" in line.plain for line in app.log_lines)
        held = host.lobby.tables[table].occupants[1]
        assert held.name == "nina" and held.user_id == "name:nina"
        # What the host says about the seat reaches the native screen too.
        owner.send("add_bot", seat=2)
        await wait_screen(pilot, lambda t: "bot 2" in t)
        await pilot.press("ctrl+c", "y")
    assert app.return_code == 0  # left by the keys, not by the harness closing the app
    for _ in range(100):
        if not any(s.name == "nina" for s in host.lobby.sessions):
            break
        await asyncio.sleep(0.02)
    assert not any(s.name == "nina" for s in host.lobby.sessions)


async def test_link_delivers_in_order_and_remembers_the_reclaim_code(host, tmp_path) -> None:  # type: ignore[no-untyped-def]
    data = tmp_path / "client"
    first = await link_to(host, "rex", data)
    got: list[dict[str, Any]] = []
    await asyncio.sleep(0.2)  # welcome and lobby arrive before the screen starts the link
    first.start(got.append)
    assert got == []  # delivered from the loop, never from inside start()
    await asyncio.sleep(0.05)
    assert [m["t"] for m in got[:2]] == ["welcome", "lobby"]
    code = got[0]["code"]
    assert code and (data / "codes.json").exists()
    first.send({"t": "ping", "ref": 7})
    first.send({"t": "ping", "ref": object()})  # unsendable: logged and dropped, no raise
    for _ in range(100):
        if any(m["t"] == "pong" for m in got):
            break
        await asyncio.sleep(0.02)
    assert [m["ref"] for m in got if m["t"] == "pong"] == [7]

    # Next time the stored code reclaims the name, and the older session is told once.
    second = await link_to(host, "rex", data)
    again: list[dict[str, Any]] = []
    second.start(again.append)
    for _ in range(100):
        if any(m["t"] == "bye" for m in got) and again:
            break
        await asyncio.sleep(0.02)
    byes = [m for m in got if m["t"] == "bye"]
    assert len(byes) == 1 and byes[0]["reason"] == "replaced by a newer connection"
    assert first.bye_reason == "replaced by a newer connection"
    assert again[0]["t"] == "welcome" and again[0]["user"] == "name:rex"
    await first.wait_closed()
    await second.wait_closed()
    second.send({"t": "list"})  # after close: ignored


async def test_a_refused_name_is_kept_for_the_player_to_read(host, tmp_path) -> None:  # type: ignore[no-untyped-def]
    claimed = await link_to(host, "zed", tmp_path / "first")
    await claimed.wait_closed()
    other = await link_to(host, "zed", tmp_path / "second")  # no code remembered here
    got: list[dict[str, Any]] = []
    other.start(got.append)
    for _ in range(200):
        if any(m["t"] == "bye" for m in got):
            break
        await asyncio.sleep(0.02)
    assert [m["t"] for m in got] == ["error", "bye"]
    assert other.fatal is not None and "zed+CODE" in other.fatal
    await other.wait_closed()


async def test_identity_key_file_is_the_identity(host, tmp_path) -> None:  # type: ignore[no-untyped-def]
    key = asyncssh.generate_private_key("ssh-ed25519")
    key_file = tmp_path / "id_ed25519"
    key_file.write_bytes(key.export_private_key())
    key_file.chmod(0o600)
    link = await link_to(host, "kay", tmp_path / "client", identity=key_file)
    got: list[dict[str, Any]] = []
    link.start(got.append)
    for _ in range(100):
        if got:
            break
        await asyncio.sleep(0.02)
    assert got[0]["user"] == f"key:{key.get_fingerprint()}" and "code" not in got[0]
    await link.wait_closed()


async def test_host_key_remembered_then_a_changed_key_is_refused(host, tmp_path, capfd) -> None:  # type: ignore[no-untyped-def]
    data = tmp_path / "client"
    said: list[str] = []
    link = await link_to(host, "ann", data, notify=said.append)
    await link.wait_closed()
    assert len(said) == 2 and host.fingerprint in said[0]
    known = KnownHosts(data / "known_hosts")
    assert known.lookup("127.0.0.1", host.port) == host.host_key.public_data
    said.clear()
    link = await link_to(host, "ann", data, notify=said.append)
    await link.wait_closed()
    assert said == []  # known host: nothing to say

    # Declining the first-use question does not connect.
    with pytest.raises(asyncssh.HostKeyNotVerifiable):
        await link_to(host, "ann", tmp_path / "other", confirm=lambda _prompt: "n")
    assert not (tmp_path / "other" / "known_hosts").exists()

    # The host now presents another key than the remembered one: refused, by name.
    impostor = asyncssh.generate_private_key("ssh-ed25519")
    (data / "known_hosts").write_text(
        f"[127.0.0.1]:{host.port} {impostor.export_public_key().decode()}"
    )
    with pytest.raises(HostKeyChanged, match="has changed"):
        await link_to(host, "ann", data)
    args = build_parser().parse_args(
        ["join", "127.0.0.1", "--port", str(host.port), "--name", "ann",
         "--data-dir", str(data)]
    )
    assert await join(args) == 1
    err = capfd.readouterr().err
    assert "refusing to connect" in err and "has changed" in err and str(data) in err


async def test_room_password_is_asked_once(host_config, tmp_path) -> None:  # type: ignore[no-untyped-def]
    host_config.password = "hunter2"
    host = Host(host_config)
    await host.start()
    try:
        asked: list[str] = []

        def answer(prompt: str) -> str:
            asked.append(prompt)
            return "hunter2"

        link = await link_to(host, "pat", tmp_path / "client", password_prompt=answer)
        assert len(asked) == 1
        await link.wait_closed()
        with pytest.raises(asyncssh.PermissionDenied):
            await link_to(host, "pat", tmp_path / "client", password_prompt=lambda _p: "nope")
        with pytest.raises(asyncssh.PermissionDenied):
            await link_to(host, "pat", tmp_path / "client")  # nobody to ask
    finally:
        await host.stop()


async def test_a_lost_connection_is_said_when_the_screen_closes(host, tmp_path, capfd) -> None:  # type: ignore[no-untyped-def]
    """`meldhall join` returned to the prompt with nothing said when the host died
    (play-test): the screen closes and one line says the connection was lost and how to
    come back."""
    from netcode.native import LOST

    link = await link_to(host, "lou", tmp_path / "client")
    app = make_app(link)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_screen(pilot, lambda t: "user: lou" in t)
        assert link._conn is not None
        link._conn.abort()  # the TCP connection goes, with no bye: as when the host dies
        for _ in range(200):
            if app.return_code is not None:
                break
            await asyncio.sleep(0.02)
    assert app.return_code == 0
    assert link.fatal == LOST
    assert LOST == ("the connection to the host was lost. To come back, run the same "
                    "command again.")
    await link.wait_closed()

    # A bye from the host first (it shut down) is the word that counts; quitting, none.
    told = await link_to(host, "max", tmp_path / "other")
    got: list[dict[str, Any]] = []
    told.start(got.append)
    await asyncio.sleep(0.1)
    assert told._client is not None
    told._client._deliver([{"t": "bye", "reason": "the host is shutting down"}], b"")
    told._conn.abort()
    for _ in range(100):
        if told._client is None or told._client.closed.is_set():
            break
        await asyncio.sleep(0.02)
    await asyncio.sleep(0.05)
    assert told.fatal is None and told.bye_reason == "the host is shutting down"
    await told.wait_closed()
    quit_ = await link_to(host, "ned", tmp_path / "third")
    quit_.start(lambda _m: None)
    await asyncio.sleep(0.1)
    await quit_.wait_closed()
    assert quit_.fatal is None


class JoinInAPty:
    """`meldhall join` run in a real terminal (a PTY), as a person runs it."""

    def __init__(self, port: int, home: Path, *args: str, **env: str) -> None:
        self.args = ("join", "127.0.0.1", "--port", str(port),
                     "--data-dir", str(home / "client"), *args)
        self.env = {**os.environ, "TERM": "xterm-256color", "HOME": str(home), **env}
        self.out = bytearray()
        self.proc: asyncio.subprocess.Process | None = None

    async def __aenter__(self) -> JoinInAPty:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.master = master
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "netcode.cli", *self.args,
            stdin=slave, stdout=slave, stderr=slave, env=self.env, start_new_session=True)
        os.close(slave)
        self.got = asyncio.Event()
        self.loop = asyncio.get_running_loop()
        self.loop.add_reader(master, self._readable)
        return self

    def _readable(self) -> None:
        try:
            self.out.extend(os.read(self.master, 65536))
        except OSError:
            self.loop.remove_reader(self.master)
        self.got.set()

    async def until(self, text: bytes, timeout: float = 20.0) -> None:
        deadline = self.loop.time() + timeout
        while text not in self.out:
            self.got.clear()
            if self.loop.time() > deadline:
                raise AssertionError(f"never saw {text!r}: {bytes(self.out[-400:])!r}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.got.wait(), 0.5)

    def write(self, data: bytes) -> None:
        os.write(self.master, data)

    async def ended(self) -> int:
        assert self.proc is not None
        code = await asyncio.wait_for(self.proc.wait(), 20)
        with contextlib.suppress(OSError):
            self.out.extend(os.read(self.master, 65536))
        return code

    async def __aexit__(self, *exc: object) -> None:
        self.loop.remove_reader(self.master)
        if self.proc is not None and self.proc.returncode is None:
            self.proc.kill()
            await self.proc.wait()
        os.close(self.master)


async def test_join_ended_by_a_signal_gives_the_terminal_back(host, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Play-test: `meldhall join` killed with SIGTERM left its terminal on the alternate
    screen with no echo. It ends as on leaving: the alternate screen is left, and the
    exit status says which signal ended it."""
    async with JoinInAPty(host.port, tmp_path, "--name", "tim") as join:
        await join.until(b"?")  # the host key, first seen: trust it
        join.write(b"y\r")
        await join.until(b"\x1b[?1049h")  # the screens are up
        await join.until(b"lobby")
        start = len(join.out)
        assert join.proc is not None
        join.proc.send_signal(signal.SIGTERM)
        assert await join.ended() == 128 + signal.SIGTERM
        assert b"\x1b[?1049l" in join.out[start:], bytes(join.out[start:])[-300:]


async def test_join_refused_its_default_name_says_how_to_choose_one(host, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Play-test: run as root, `meldhall join` said "The name root is reserved; choose
    another name." and not how (the name comes from the computer's user)."""
    async with JoinInAPty(host.port, tmp_path, LOGNAME="root", USER="root") as join:
        await join.until(b"?")
        join.write(b"y\r")
        assert await join.ended() == 1
        said = bytes(join.out).decode(errors="replace")
        assert "The name root is reserved" in said, said[-400:]
        assert "Choose one with: meldhall join 127.0.0.1 --name NAME" in said, said[-400:]
