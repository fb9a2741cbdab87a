"""The SSH side with real asyncssh clients: the PTY lobby, refusals, auth, identity, host key."""

from __future__ import annotations

import asyncio
import os
import re
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

import asyncssh
import pyte
import pytest

from netcode.client import MeldhallClient
from netcode.hostkey import KEY_NAME, load_or_create_host_key
from netcode.server import Host, HostConfig


async def ssh(host: Host, name: str = "alice", **options: Any) -> asyncssh.SSHClientConnection:
    options.setdefault("client_keys", None)
    options.setdefault("password", "")
    return await asyncssh.connect(
        "127.0.0.1", host.port, username=name, known_hosts=None, agent_path=None,
        preferred_auth="publickey,keyboard-interactive,password", **options,
    )


class PtyScreen:
    """A PTY session whose output is read through pyte, as a player's terminal would."""

    def __init__(self, process: Any, width: int, height: int) -> None:
        self.process = process
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()

    @classmethod
    async def open(cls, conn: asyncssh.SSHClientConnection, width: int = 100,
                   height: int = 30, term: str = "xterm-256color") -> PtyScreen:
        process = await conn.create_process(
            term_type=term, term_size=(width, height), encoding=None
        )
        return cls(process, width, height)

    @property
    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def wait_until(self, check: Callable[[str], bool], timeout: float = 10.0) -> str:
        async def pump() -> str:
            while not check(self.text):
                data = await self.process.stdout.read(65536)
                if not data:
                    raise ConnectionError(f"session ended; screen was:\n{self.text}")
                self.raw += data
                self.stream.feed(data)
            return self.text

        return await asyncio.wait_for(pump(), timeout)

    def type(self, keys: str) -> None:
        self.process.stdin.write(keys.encode())

    async def drain(self) -> None:
        while data := await self.process.stdout.read(65536):
            self.raw += data
            self.stream.feed(data)


async def test_pty_session_sees_the_lobby_and_can_create_a_table(host: Host) -> None:
    async with await ssh(host, "alice") as conn:
        pty = await PtyScreen.open(conn)
        text = await pty.wait_until(lambda t: "meldhall lobby" in t and "user: alice" in t)
        assert "reclaim code" in text and "connect as alice+" in text
        assert "Hand and Foot" in text
        assert "\x1b[38;5;" in pty.raw.decode(errors="replace") or "\x1b[48;5;" in pty.raw.decode(
            errors="replace"
        )
        pty.type("n")  # the create form, with its Create button focused
        await pty.wait_until(lambda t: "Open a table" in t and "first dealer" in t)
        pty.type("\r")
        await pty.wait_until(lambda t: "you: seat 0" in t and "Your hand" in t)
        pty.type("/zz\r")
        await pty.wait_until(lambda t: "zz is not a card" in t)
        # A window change relayouts: pyte must be resized too (P20). Below 80x24 the
        # screen asks for a larger window; back at 100x30 the table returns.
        pty.process.change_terminal_size(72, 20)
        pty.screen.resize(lines=20, columns=72)
        await pty.wait_until(lambda t: "Please enlarge the window to at least 80x24" in t)
        pty.process.change_terminal_size(100, 30)
        pty.screen.resize(lines=30, columns=100)
        await pty.wait_until(lambda t: "Your hand" in t)
        # Ctrl-Z never suspends anything (P10); Ctrl-C asks first, then y leaves cleanly.
        pty.type("\x1a")
        await asyncio.sleep(0.1)
        pty.type("\x03")
        await pty.wait_until(lambda t: "Leave meldhall?" in t)
        pty.type("y")
        await asyncio.wait_for(pty.drain(), 10)
        await asyncio.wait_for(pty.process.wait_closed(), 10)
        assert pty.process.exit_status == 0
        tail = bytes(pty.raw[-200:])
        assert b"\x1b[?1000l" in tail and b"\x1b[?1049l" in tail  # mouse off, screen back (P15)
    assert not host.lobby.sessions or all(s.closed for s in host.lobby.sessions)


async def test_colour_depth_follows_the_session_term(host: Host) -> None:
    """Sessions of every depth at once: each gets codes its terminal knows, however the
    host's shared caches were filled by the others (P6)."""
    async with await ssh(host, "deep") as deep_conn, await ssh(host, "plain") as plain_conn, \
            await ssh(host, "mid") as mid_conn:
        deep = await PtyScreen.open(deep_conn, term="xterm-direct")
        await deep.wait_until(lambda t: "user: deep" in t)
        plain = await PtyScreen.open(plain_conn, term="xterm")
        mid = await PtyScreen.open(mid_conn, term="xterm-256color")
        await plain.wait_until(lambda t: "user: plain" in t)
        await mid.wait_until(lambda t: "user: mid" in t)
        deep_raw, plain_raw, mid_raw = (
            s.raw.decode(errors="replace") for s in (deep, plain, mid))
        assert "\x1b[38;2;" in deep_raw or "\x1b[48;2;" in deep_raw
        for code in ("38;5;", "48;5;", "38;2;", "48;2;"):
            assert code not in plain_raw
        assert ";2;" not in "".join(re.findall(r"\x1b\[[0-9;]*m", mid_raw))
        assert "38;5;" in mid_raw or "48;5;" in mid_raw
        colours = {char.bg for line in plain.screen.buffer.values() for char in line.values()}
        assert colours - {"default"}, "the 16-colour session still sees colours"

        deep.type("o")  # settings: the true-colour player picks 16 colours
        await deep.wait_until(lambda t: "colour depth" in t)
        deep.type("1")
        await deep.wait_until(lambda t: "colour depth      16" in t)
        # Only what is written once the setting shows is sure to come after it: a frame
        # of the lobby behind the dialog may still be on its way from before the key.
        deep.raw.clear()
        deep.type("o")
        await deep.wait_until(lambda t: "user: deep" in t and "colour depth" not in t)
        after = deep.raw.decode(errors="replace")
        assert "\x1b[" in after and "38;2;" not in after and "48;2;" not in after


async def test_shell_without_pty_gets_one_line_and_status_1(host: Host) -> None:
    async with await ssh(host) as conn:
        process = await conn.create_process(encoding="utf-8")
        process.stdin.write_eof()
        out = await asyncio.wait_for(process.stdout.read(), 10)
        await process.wait_closed()
        assert "needs a terminal" in out and out.count("\n") == 1
        assert process.exit_status == 1


async def test_exec_sftp_and_forwarding_are_refused(host: Host) -> None:
    async with await ssh(host) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.run("cat /etc/passwd", check=True, timeout=10)
        with pytest.raises((asyncssh.ChannelOpenError, asyncssh.SFTPError)):
            await conn.start_sftp_client()
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.open_connection("127.0.0.1", host.port)
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", host.port)
        with pytest.raises((asyncssh.ChannelOpenError, asyncssh.ProcessError)):
            await conn.run("scp -t /tmp", check=True, timeout=10)
        # The connection itself is still usable for the game.
        client_chan, _ = await conn.create_session(asyncssh.SSHClientSession,
                                                   subsystem="meldhall", encoding=None)
        client_chan.close()


async def test_host_key_is_private_and_stable(host: Host, host_config: HostConfig) -> None:
    key_path = host_config.data_dir / KEY_NAME
    assert stat.S_IMODE(os.stat(key_path).st_mode) == 0o600
    async with await ssh(host) as conn:
        seen = conn.get_server_host_key()
        assert seen is not None and seen.get_fingerprint() == host.fingerprint
    # Read again from the data directory (a second Host may not open it while this runs).
    assert load_or_create_host_key(host_config.data_dir).get_fingerprint() == host.fingerprint


async def test_key_identity_and_name_reclaim(host: Host, tmp_path: Path) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519")
    keyed = await MeldhallClient.connect("127.0.0.1", host.port, "kim", client_keys=[key])
    welcome = await keyed.wait_for("welcome")
    assert welcome["user"] == f"key:{key.get_fingerprint()}" and "code" not in welcome
    keyed.close()

    first = await MeldhallClient.connect("127.0.0.1", host.port, "lee")
    code = (await first.wait_for("welcome"))["code"]
    first.close()
    await first.wait_closed()
    impostor = await MeldhallClient.connect("127.0.0.1", host.port, "lee")
    refusal = await impostor.wait_for("error")
    assert refusal["code"] == "identity" and "lee+CODE" in refusal["message"]
    await impostor.wait_closed()
    back = await MeldhallClient.connect("127.0.0.1", host.port, f"lee+{code.lower()}")
    assert (await back.wait_for("welcome"))["user"] == "name:lee"
    back.close()


@pytest.fixture
def locked_config(host_config: HostConfig, tmp_path: Path) -> HostConfig:
    allowed = asyncssh.generate_private_key("ssh-ed25519")
    (tmp_path / "allowed").write_bytes(allowed.export_private_key())
    auth = tmp_path / "authorized_keys"
    auth.write_bytes(allowed.export_public_key())
    host_config.authorized_keys = auth
    host_config.max_per_address = 3
    return host_config


async def test_authorized_keys_and_connection_limit(locked_config: HostConfig,
                                                    tmp_path: Path) -> None:
    host = Host(locked_config)
    await host.start()
    try:
        allowed = asyncssh.read_private_key(str(tmp_path / "allowed"))
        stranger = asyncssh.generate_private_key("ssh-ed25519")
        with pytest.raises(asyncssh.PermissionDenied):
            await ssh(host, "eve", client_keys=[stranger])
        with pytest.raises(asyncssh.PermissionDenied):
            await ssh(host, "eve")
        conns = [await ssh(host, "ann", client_keys=[allowed]) for _ in range(3)]
        with pytest.raises((asyncssh.Error, OSError, ConnectionError)):
            await ssh(host, "ann", client_keys=[allowed])
        for conn in conns:
            conn.close()
    finally:
        await host.stop()


async def test_room_password(host_config: HostConfig) -> None:
    host_config.password = "hunter2"
    host = Host(host_config)
    await host.start()
    try:
        with pytest.raises(asyncssh.PermissionDenied):
            await ssh(host, "pat", password="wrong")
        async with await ssh(host, "pat", password="hunter2") as conn:
            assert conn.get_extra_info("username") == "pat"
    finally:
        await host.stop()


async def test_a_closed_room_says_what_kind_it_is_before_ssh_asks(
        host_config: HostConfig, tmp_path: Any) -> None:
    """Play-test: a room password was asked as a bare "Password:" (read as the player's
    own), and a room open to listed keys only said "Permission denied (publickey)"."""
    said: list[str] = []

    class Listening(asyncssh.SSHClient):
        def auth_banner_received(self, msg: str, lang: str) -> None:
            said.append(msg.strip())

    from tests.netcode.conftest import running

    host_config.password = "hunter2"
    async with running(host_config) as host:
        conn = await ssh(host, "pat", password="hunter2", client_factory=Listening)
        conn.close()
    assert said[0] == "This meldhall room has a password: ask the host for it."
    listed = tmp_path / "authorized_keys"
    listed.write_text(asyncssh.generate_private_key("ssh-ed25519").export_public_key()
                      .decode())
    host_config.password = None
    host_config.authorized_keys = listed
    said.clear()
    async with running(host_config) as host:
        with pytest.raises(asyncssh.PermissionDenied):
            await ssh(host, "pat", client_factory=Listening)
    assert said[0].startswith("This meldhall room admits only the keys its host listed")


async def test_silent_connections_count_against_the_unauthenticated_limit(
        host_config: HostConfig) -> None:
    """Half-open connections that never log in cannot crowd players out for good."""
    host_config.max_unauthenticated_per_address = 2
    host = Host(host_config)
    await host.start()
    try:
        silent = [await asyncio.open_connection("127.0.0.1", host.port) for _ in range(2)]
        await asyncio.sleep(0.2)
        with pytest.raises((asyncssh.Error, OSError, ConnectionError)):
            await ssh(host, "ann")
        for _, writer in silent:
            writer.close()
        await asyncio.sleep(0.3)
        conn = await ssh(host, "ann")
        conn.close()
    finally:
        await host.stop()
