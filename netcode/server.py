"""The SSH side: who may connect, and what a connection may ask for.

asyncssh callbacks stay thin. ``MeldhallSSHServer`` decides authentication and
refuses everything but a PTY shell and the ``meldhall`` subsystem;
``ChannelSession`` hands bytes to a TerminalHandler (screen) or a
SubsystemHandler (frames). ``Host`` ties the store, the lobby and the listener
together and owns start-up order: tables are restored before the port opens.

Authentication on a LAN: by default any name gets in without a password. The
server still asks for a public key first (OpenSSH offers its keys silently), so a
player's identity is their key when they have one; without one, an empty
keyboard-interactive round lets them in with no prompt and the name (plus its
reclaim code) is the identity. A key counts only when its signature was the way
in (see ``auth_completed``); offering someone's public key proves nothing.
``netcode.registry`` then binds the name to that identity.

Limits (each a ``HostConfig`` field and a ``meldhall serve`` flag): connections
per address and those not yet logged in (``netcode.admission``), the login grace
time, and wrong reclaim codes or room passwords (``netcode.guard``). The data
directory is private and locked (``netcode.datadir``); a start-up failure is a
``StartupError`` with one line for the operator.
"""

from __future__ import annotations

import asyncio
import errno
import hashlib
import hmac
import logging
import os
import sqlite3
import threading
import weakref
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh

from netcode.admission import Doorman
from netcode.collector import Collector
from netcode.datadir import DataDir, StartupError
from netcode.guard import Guard, seconds
from netcode.hostkey import load_or_create_host_key
from netcode.identity import IdentityError
from netcode.inputgate import InputLimits
from netcode.lobby import Lobby, LobbyLimits
from netcode.protocol import error_frame
from netcode.registry import Registry
from netcode.session import IDLE
from netcode.sharing import STARTING_AT_ONCE, ScreenShare
from netcode.store import Store
from netcode.subsystem import SubsystemHandler
from netcode.terminal import TerminalHandler
from tui.rendering import SHORTCUTS

log = logging.getLogger(__name__)

SUBSYSTEM = "meldhall"
NO_PTY_MESSAGE = (
    "meldhall is a card game and needs a terminal: connect with plain `ssh -p PORT NAME@HOST`"
    " (not -T, and without a command).\r\n"
)


_POOLED: weakref.WeakSet[asyncio.AbstractEventLoop] = weakref.WeakSet()


def start_worker_threads(loop: asyncio.AbstractEventLoop) -> None:
    """Give the loop a thread pool whose threads all exist before any App does.

    A thread keeps the ``sys.stderr`` it was started with, and while an App runs that is
    the App's print capture (pitfall P5 of the feasibility study): a worker the tables'
    ``asyncio.to_thread`` starts lazily mid-game pinned that App, and everything it holds,
    for the life of the host (up to one App per pool thread). Started here, the workers
    hold the host's own stderr. Once per loop."""
    if loop in _POOLED:
        return
    workers = min(32, (os.cpu_count() or 1) + 4)  # ThreadPoolExecutor's own default
    pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="meldhall-worker")
    started = threading.Barrier(workers + 1, timeout=10)
    for _ in range(workers):  # each waits for the others, so each gets a thread of its own
        pool.submit(started.wait)
    started.wait()
    loop.set_default_executor(pool)
    _POOLED.add(loop)


@dataclass(slots=True)
class HostConfig:
    data_dir: Path
    host: str = "0.0.0.0"
    port: int = 2222
    password: str | None = None
    authorized_keys: Path | None = None
    idle_timeout: float = 3600.0
    max_per_address: int = 16
    """Connections one address may hold, logged in or not."""
    max_unauthenticated_per_address: int = 8
    """Connections one address may hold before logging in; more are refused at once."""
    max_unauthenticated: int = 64
    """Connections the host holds before they log in; past it the most crowded address's
    oldest one is dropped, so a flood never keeps another address's player out."""
    login_timeout: float = 60.0
    """Seconds from connecting to logged in, host-key prompt and password included. A
    newcomer reads ssh's host-key question, then asks a friend for the room's password:
    20 s closed them at the password prompt (play-test). A flood is held by the limits on
    connections not yet logged in, not by this (OpenSSH's own grace time is 120 s)."""
    login_free_failures: int = 5
    """Wrong reclaim codes or room passwords, per name and per address, before each
    further one must wait 1, 2, 4, ... seconds."""
    login_lock_after: int = 10
    """Wrong answers, per name and per address, that lock it out for ``login_lockout``."""
    login_lockout: float = 600.0
    """Seconds a lock lasts; a count is also forgotten this long after its last miss."""
    keepalive_interval: float = 15.0
    keepalive_count_max: int = 3
    bot_delay: float = 1.0
    allow_client_seeds: bool = False
    open_hands: bool = False
    lobby_limits: LobbyLimits = field(default_factory=LobbyLimits)
    input_limits: InputLimits = field(default_factory=InputLimits)
    render: frozenset[str] = SHORTCUTS
    """The rendering shortcuts every session's App takes (``tui/rendering.py``)."""
    share_spectator_screens: bool = True
    """Spectators of a table who would see the same picture share one App's rendering
    (``netcode/sharing.py``); off, every session renders its own."""
    apps_starting_at_once: int = STARTING_AT_ONCE
    """Sessions whose App may be starting at the same time (``netcode.sharing.StartGate``)."""
    gc_freeze: bool = False
    """Keep long-lived objects out of the garbage collector's full passes
    (``netcode.collector``); ``meldhall serve`` turns it on. Off by default so that
    tests which count live objects with ``gc`` see every one."""


@dataclass(slots=True)
class _Scrypt:
    """The room password, kept only as an scrypt hash."""

    salt: bytes = field(default_factory=lambda: os.urandom(16))
    digest: bytes = b""

    @classmethod
    def of(cls, password: str) -> _Scrypt:
        out = cls()
        out.digest = out.hash(password)
        return out

    def hash(self, password: str) -> bytes:
        return hashlib.scrypt(password.encode(), salt=self.salt, n=2**14, r=8, p=1)

    def check(self, password: str) -> bool:
        return hmac.compare_digest(self.hash(password), self.digest)


class MeldhallSSHServer(asyncssh.SSHServer):
    """Per-connection policy: limits, authentication, and what may be opened."""

    def __init__(self, host: Host) -> None:
        self._host = host
        self._conn: asyncssh.SSHServerConnection | None = None
        self._address = "?"
        self._key_candidate: str | None = None
        """Fingerprint of the key last accepted by ``validate_public_key``, not yet proven."""
        self.fingerprint: str | None = None
        """Set only in ``auth_completed``, when a verified signature was the way in."""
        self.username = ""

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self._conn = conn
        peer = conn.get_extra_info("peername")
        self._address = str(peer[0]) if peer else "?"
        refusal = self._host.doorman.arrived(self, self._address)
        if refusal is not None:
            log.warning("refusing a connection from %s: %s", self._address, refusal)
            self.drop(refusal)

    @property
    def address(self) -> str:
        return self._address

    def drop(self, reason: str) -> None:
        """Close this connection (from a callback: after the callback returns), saying why:
        ssh prints the reason ("Disconnected by application" alone left a player who had
        opened one terminal too many guessing, play-test)."""
        conn = self._conn
        if conn is not None:
            asyncio.get_running_loop().call_soon(
                conn.disconnect, asyncssh.DISC_TOO_MANY_CONNECTIONS,
                f"meldhall refused this connection: {reason}.")

    def connection_lost(self, exc: Exception | None) -> None:
        self._host.doorman.left(self, self._address)

    def begin_auth(self, username: str) -> bool:
        self.username = username
        self._key_candidate = None
        # What kind of room this is, before ssh asks anything: a bare "Password:" read as
        # the player's own, and a closed room said only "Permission denied (publickey)"
        # (play-test).
        if self._host.password is not None:
            self._banner("This meldhall room has a password: ask the host for it.")
        elif self._host.authorized is not None:
            self._banner("This meldhall room admits only the keys its host listed: ask the "
                         "host to add yours.")
        return True

    def auth_completed(self) -> None:
        """Authentication succeeded; a key is the identity only if it was the proof.

        asyncssh calls ``validate_public_key`` both for a bare offer (answered with
        PK_OK, no signature yet) and for the signed request, whose signature it checks
        right after the callback returns True and before it reports success. Every other
        way in (keyboard-interactive, password) passes through one of our validators
        just before success, and each of them forgets the candidate. So a candidate
        still standing here is the key whose signature asyncssh has just verified;
        a client that only offered someone's public key gets no key identity.
        """
        self._host.doorman.logged_in(self, self._address)
        self.fingerprint = self._key_candidate
        self._key_candidate = None

    # public keys: the identity when a client has one
    def public_key_auth_supported(self) -> bool:
        return self._host.config.password is None or self._host.authorized is not None

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        self._key_candidate = None
        allowed = self._host.authorized
        if allowed is not None and key.public_data not in allowed:
            return False
        if allowed is None and self._host.config.password is not None:
            return False
        # Only a candidate: the signature (if any) is checked after this returns.
        self._key_candidate = key.get_fingerprint()
        return True

    # keyboard-interactive: an empty round on an open LAN, the password otherwise
    def kbdint_auth_supported(self) -> bool:
        config = self._host.config
        if config.password is not None:
            return NotImplemented  # type: ignore[return-value]  # asyncssh maps it to password
        return self._host.authorized is None

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> Any:
        self._key_candidate = None
        return ("", "", "", ())

    def validate_kbdint_response(self, username: str, responses: Any) -> bool:
        self._key_candidate = None  # a key merely offered earlier is not proof
        return self._host.config.password is None and self._host.authorized is None

    def password_auth_supported(self) -> bool:
        return self._host.password is not None

    async def validate_password(self, username: str, password: str) -> bool:
        """The room password, throttled per login name and per address like reclaim codes."""
        self._key_candidate = None
        secret = self._host.password
        if secret is None:
            return False
        guard = self._host.guard
        keys = (("password-name", username.partition("+")[0].lower()),
                ("password-address", self._address))
        wait = guard.wait(*keys)
        if wait > 0:
            self._banner(f"Too many wrong passwords; try again in {seconds(wait)}.")
            return False
        # Counted as wrong before the (slow, threaded) check: tries sent in parallel, or
        # cancelled by the next request before their answer, still count, and past the
        # free ones are refused before they cost any CPU.
        guard.failed(*keys)
        if await asyncio.to_thread(secret.check, password):
            guard.succeeded(keys[0])
            guard.forgive(keys[1])
            return True
        return False

    def _banner(self, text: str) -> None:
        """One line the player's ssh shows before it gives up (an auth banner)."""
        if self._conn is not None:
            self._conn.send_auth_banner(text + "\r\n")

    # what a connection may open
    def session_requested(self) -> asyncssh.SSHServerSession[bytes]:
        return ChannelSession(self._host, self)

    def connection_requested(self, dest_host: str, dest_port: int, orig_host: str,
                             orig_port: int) -> bool:
        return False

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        return False

    def unix_connection_requested(self, dest_path: str) -> bool:
        return False

    def unix_server_requested(self, listen_path: str) -> bool:
        return False


class ChannelSession(asyncssh.SSHServerSession):  # type: ignore[type-arg]
    """One session channel: a PTY shell or the meldhall subsystem, nothing else."""

    def __init__(self, host: Host, server: MeldhallSSHServer) -> None:
        self._host = host
        self._server = server
        self._chan: Any = None
        self._term: tuple[str, tuple[int, int]] | None = None
        self._subsystem = False
        self._handler: TerminalHandler | SubsystemHandler | None = None

    def connection_made(self, chan: Any) -> None:
        self._chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int],
                      term_modes: Any) -> bool:
        width, height = term_size[0] or 80, term_size[1] or 24
        self._term = (term_type or "xterm", (width, height))
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        self._subsystem = subsystem == SUBSYSTEM
        return self._subsystem

    def session_started(self) -> None:
        chan = self._chan
        try:
            identity = self._host.registry.identify(
                self._server.username, self._server.fingerprint, self._server.address)
        except IdentityError as exc:
            if self._subsystem:
                chan.write(error_frame("identity", str(exc)))
            else:
                chan.write((str(exc) + "\r\n").encode())
            chan.exit(1)
            return
        if self._subsystem:
            session = self._host.lobby.open_session(identity)
            self._handler = SubsystemHandler(chan, session)
            return
        if self._term is None:
            chan.write(NO_PTY_MESSAGE.replace("PORT", str(self._host.port)).encode())
            chan.exit(1)
            return
        term_type, size = self._term
        env = dict(chan.get_environment() or {})
        session = self._host.lobby.open_session(identity)
        self._handler = TerminalHandler(chan, session, term_type, size, env,
                                        self._host.config.input_limits,
                                        self._host.config.render, self._host.screens)

    def data_received(self, data: bytes, datatype: Any) -> None:
        if self._handler is not None:
            self._handler.data_received(data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int,
                              pixheight: int) -> None:
        if self._handler is not None:
            self._handler.resize(width, height)

    def pause_writing(self) -> None:
        if self._handler is not None:
            self._handler.pause_writing()

    def resume_writing(self) -> None:
        if self._handler is not None:
            self._handler.resume_writing()

    def break_received(self, msec: int) -> bool:
        return False

    def signal_received(self, signal: str) -> None:
        """Ctrl-C arrives as a key over a PTY (P10); remote signals are ignored."""

    def eof_received(self) -> bool:
        if self._handler is not None:
            self._handler.peer_gone()
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        if self._handler is not None:
            self._handler.peer_gone()
            self._handler = None


class Host:
    """The whole host: store, lobby, SSH listener and the idle reaper."""

    def __init__(self, config: HostConfig) -> None:
        self.config = config
        self.doorman = Doorman(max_per_address=config.max_per_address,
                               max_pending_per_address=config.max_unauthenticated_per_address,
                               max_pending=config.max_unauthenticated)
        self.password = _Scrypt.of(config.password) if config.password is not None else None
        self.authorized: set[bytes] | None = None
        if config.authorized_keys is not None:
            keys = asyncssh.read_authorized_keys(str(config.authorized_keys))
            self.authorized = {
                key.public_data for key in _authorized_key_list(keys)
            }
        # Private (0700/0600) and locked: the database holds players' hashed reclaim
        # codes, the directory holds the host key, and only one host may write them.
        self.data = DataDir(config.data_dir)
        try:
            self.store = _open_store(self.data.db_path)
            try:
                self.host_key = _host_key(config.data_dir)
            except StartupError:
                self.store.close()
                raise
        except BaseException:
            self.data.close()
            raise
        self.guard = Guard(free=config.login_free_failures, lock_after=config.login_lock_after,
                           lockout=config.login_lockout)
        self.registry = Registry(self.store, self.guard)
        self.lobby = Lobby(self.store, bot_delay=config.bot_delay,
                           allow_client_seeds=config.allow_client_seeds,
                           open_hands=config.open_hands, limits=config.lobby_limits)
        self.screens = ScreenShare(enabled=config.share_spectator_screens,
                                   starting_at_once=config.apps_starting_at_once)
        self.fingerprint = self.host_key.get_fingerprint()
        self._server: asyncssh.SSHAcceptor | None = None
        self._reaper: asyncio.Task[None] | None = None
        self.collector = Collector(lambda: (len(self.lobby.sessions), self.lobby.closed_sessions)) \
            if config.gc_freeze else None
        self.port = config.port

    async def start(self) -> int:
        """Restore every table, then open the port; returns the port actually bound.

        Raises ``StartupError`` (one line, having released everything it took) when
        the database cannot be read or the port cannot be opened.
        """
        start_worker_threads(asyncio.get_running_loop())
        try:
            try:
                await self.lobby.restore()
            except sqlite3.DatabaseError as exc:
                raise StartupError(
                    f"the database {self.data.db_path} cannot be read ({exc}); "
                    "move it aside to start with an empty room"
                ) from None
            self._server = await self._listen()
        except BaseException:
            await self.lobby.shutdown()
            self.close()
            raise
        self.port = self._server.sockets[0].getsockname()[1]
        self._reaper = asyncio.get_running_loop().create_task(self._reap_idle())
        if self.collector is not None:
            self.collector.start()
        return self.port

    async def _listen(self) -> asyncssh.SSHAcceptor:
        try:
            return await self._create_server()
        except OSError as exc:
            where = f"{self.config.host} port {self.config.port}"
            if exc.errno == errno.EADDRINUSE:
                raise StartupError(
                    f"{where} is already in use (another meldhall host or another program);"
                    " stop it or choose another --port"
                ) from None
            raise StartupError(f"cannot listen on {where}: {exc.strerror or exc}") from None

    async def _create_server(self) -> asyncssh.SSHAcceptor:
        return await asyncssh.create_server(
            lambda: MeldhallSSHServer(self),
            self.config.host,
            self.config.port,
            server_host_keys=[self.host_key],
            encoding=None,
            line_editor=False,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            sftp_factory=None,
            keepalive_interval=self.config.keepalive_interval,
            keepalive_count_max=self.config.keepalive_count_max,
            login_timeout=self.config.login_timeout,
            server_version="meldhall",
        )

    async def stop(self) -> None:
        if self._reaper is not None:
            self._reaper.cancel()
        if self.collector is not None:
            self.collector.stop()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        await self.lobby.shutdown()
        await asyncio.sleep(0.1)  # let the last frames and exit statuses go out
        self.close()

    def close(self) -> None:
        """Close the database and release the data directory (idempotent)."""
        self.store.close()
        self.data.close()

    async def _reap_idle(self) -> None:
        """Close idle sessions and forget tables nobody is at, on one clock."""
        timeout = self.config.idle_timeout
        limits = self.config.lobby_limits
        period = min(30.0, max(min(timeout, limits.empty_table_ttl) / 4, 0.05))
        while True:
            await asyncio.sleep(period)
            now = asyncio.get_running_loop().time()
            for session in list(self.lobby.sessions):
                if now - session.last_input > timeout:
                    log.info("closing idle session %r", session)
                    session.close(IDLE)
            self.lobby.expire_tables(now)


def _open_store(path: Path) -> Store:
    """The database, checked: a damaged file stops start-up with one line, not a traceback."""
    try:
        return Store(path)
    except sqlite3.DatabaseError as exc:
        raise StartupError(
            f"the database {path} is damaged or is not a meldhall database ({exc}); "
            "move it aside to start with an empty room"
        ) from None


def _host_key(data_dir: Path) -> asyncssh.SSHKey:
    try:
        return load_or_create_host_key(data_dir)
    except (OSError, asyncssh.KeyImportError) as exc:
        raise StartupError(f"cannot read or create the host key in {data_dir}: {exc}") from None


def _authorized_key_list(keys: Any) -> list[asyncssh.SSHKey]:
    """asyncssh's SSHAuthorizedKeys has no public iterator; read its entries."""
    entries = getattr(keys, "_user_entries", [])
    return [entry.key for entry in entries if getattr(entry, "key", None) is not None]
