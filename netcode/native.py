"""The native client: the same screens, run in the player's own terminal.

``meldhall join HOST`` connects to the ``meldhall`` subsystem and hands the App a
``SubsystemLink``, which carries the same protocol messages as the host's
in-process ``LocalLink``; the screen cannot tell the two apart. Textual runs on its
normal local driver here.

SSH policy for a LAN:

- The player's key: ``--identity FILE``, else whatever ``ssh`` would offer (the
  agent and ``~/.ssh/id_*``). With no key the name is the identity, and the reclaim
  code the host hands out is remembered per host, so the next ``join`` reclaims the
  name without the player typing ``NAME+CODE``.
- Host keys are trusted on first use: the first connection to ``HOST:PORT`` shows
  the fingerprint and remembers it in ``known_hosts`` under the data directory
  (OpenSSH format); a different key later is refused, naming the file to edit.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import asyncssh

from netcode.client import MeldhallClient, _ClientSession
from netcode.framing import EncodeError
from netcode.protocol import client_frame

log = logging.getLogger(__name__)

SUBSYSTEM = "meldhall"
Message = dict[str, Any]
Prompt = Callable[[str], str | None]
CLOSING_CODES = frozenset({"bad_frame", "version", "malformed", "identity"})
"""``error`` codes after which the host closes the session (docs/protocol.md)."""
LOST = "the connection to the host was lost. To come back, run the same command again."
"""Said when the connection ends with no word from the host (it died, or the network
went): ``meldhall join`` returned to the prompt with nothing said (play-test)."""


class HostKeyChanged(Exception):
    """The host presented a key other than the one remembered for it."""


class KnownHosts:
    """Host keys seen before, one ``[host]:port key`` line each (OpenSSH format)."""

    def __init__(self, path: Path, *, notify: Callable[[str], None] | None = None,
                 confirm: Prompt | None = None) -> None:
        self.path = path
        self._notify = notify
        self._confirm = confirm

    @staticmethod
    def pattern(host: str, port: int) -> str:
        return f"[{host}]:{port}"

    def lookup(self, host: str, port: int) -> bytes | None:
        """The remembered key (``public_data``) for this host and port, if any."""
        if not self.path.exists():
            return None
        wanted = self.pattern(host, port)
        for line in self.path.read_text().splitlines():
            parts = line.split()
            if len(parts) >= 3 and parts[0] == wanted:
                try:
                    key = asyncssh.import_public_key(f"{parts[1]} {parts[2]}")
                except (asyncssh.KeyImportError, ValueError):
                    continue
                return bytes(key.public_data)
        return None

    def remember(self, host: str, port: int, key: asyncssh.SSHKey) -> None:
        self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        line = f"{self.pattern(host, port)} {key.export_public_key('openssh').decode().strip()}"
        with open(self.path, "a", encoding="utf-8") as handle:
            handle.write(line + "\n")

    def check(self, host: str, port: int, key: asyncssh.SSHKey) -> bool:
        """Trust on first use: True to go on; raises HostKeyChanged on a different key."""
        known = self.lookup(host, port)
        if known is not None:
            if known == bytes(key.public_data):
                return True
            raise HostKeyChanged(
                f"The host key of {host} port {port} has changed: it is now "
                f"{key.get_fingerprint()}. Someone may be impersonating the host, or it was "
                f"reinstalled. If you trust the new key, delete the line for "
                f"{self.pattern(host, port)} in {self.path}."
            )
        if self._notify is not None:
            self._notify(f"First connection to {host} port {port}; its host key fingerprint is "
                         f"{key.get_fingerprint()} (the host prints it when it starts).")
        if self._confirm is not None:
            answer = (self._confirm("Trust it and connect? [Y/n] ") or "").strip().lower()
            if answer not in ("", "y", "yes"):
                return False
        self.remember(host, port, key)
        if self._notify is not None:
            self._notify(f"Remembered in {self.path}.")
        return True


class ReclaimCodes:
    """Reclaim codes a keyless player was given, per host and name (a JSON file)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def _load(self) -> dict[str, str]:
        try:
            data = json.loads(self.path.read_text())
        except (OSError, ValueError):
            return {}
        return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}

    @staticmethod
    def _key(host: str, port: int, name: str) -> str:
        return f"{name.lower()}@{host}:{port}"

    def get(self, host: str, port: int, name: str) -> str | None:
        return self._load().get(self._key(host, port, name))

    def put(self, host: str, port: int, name: str, code: str) -> None:
        data = self._load()
        data[self._key(host, port, name)] = code
        self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(data, handle, indent=1, sort_keys=True)
        os.replace(tmp, self.path)


class _NativeSSHClient(asyncssh.SSHClient):
    """Host-key trust on first use, and the host's login rounds answered sensibly."""

    def __init__(self, known_hosts: KnownHosts | None, host: str, port: int,
                 password_prompt: Prompt | None) -> None:
        self._known_hosts = known_hosts
        self._host = host
        self._port = port
        self._password_prompt = password_prompt
        self._asked = False
        self.refusal: HostKeyChanged | None = None

    def validate_host_public_key(self, host: str, addr: str, port: int,
                                 key: asyncssh.SSHKey) -> bool:
        if self._known_hosts is None:
            return True
        try:
            return self._known_hosts.check(self._host, self._port, key)
        except HostKeyChanged as exc:
            self.refusal = exc
            return False

    # An open LAN host sends an empty keyboard-interactive round; answer it.
    def kbdint_auth_requested(self) -> str | None:
        return ""

    def kbdint_challenge_received(self, name: str, instructions: str, lang: str,
                                  prompts: Sequence[tuple[str, bool]]) -> list[str] | None:
        if not prompts:
            return []
        if self._password_prompt is None or self._asked:
            return None
        self._asked = True
        answers = []
        for prompt, _echo in prompts:
            answer = self._password_prompt(prompt or "Password: ")
            if answer is None:
                return None
            answers.append(answer)
        return answers

    def password_auth_requested(self) -> str | None:
        if self._password_prompt is None or self._asked:
            return None
        self._asked = True
        return self._password_prompt("Room password: ")


class NativeClient(MeldhallClient):
    """A MeldhallClient that streams messages to a listener instead of keeping them all.

    Until a listener is set (the App mounts a little after the connection opens),
    messages wait in ``received``; after that they are handed over one by one and
    not retained, so a long session does not grow without bound.
    """

    def __init__(self) -> None:
        super().__init__()
        self.listener: Callable[[Message], None] | None = None

    @classmethod
    async def open(cls, host: str, port: int, username: str, *,
                   client_keys: Any = (), agent_path: Any = (),
                   known_hosts: KnownHosts | None = None,
                   password_prompt: Prompt | None = None,
                   connect_timeout: float = 15.0) -> NativeClient:
        """Connect with the user's keys (``()``: ssh's defaults) and open the subsystem."""
        self = cls()
        ssh_client = _NativeSSHClient(known_hosts, host, port, password_prompt)
        try:
            self.conn = await asyncssh.connect(
                host, port, username=username,
                # Three empty lists: match nothing, so every key goes to
                # validate_host_public_key (None would skip validation entirely).
                known_hosts=([], [], []) if known_hosts is not None else None,
                client_factory=lambda: ssh_client,
                client_keys=client_keys, agent_path=agent_path, password=None,
                preferred_auth="publickey,keyboard-interactive,password",
                connect_timeout=connect_timeout,
            )
        except asyncssh.HostKeyNotVerifiable:
            if ssh_client.refusal is not None:
                raise ssh_client.refusal from None
            raise
        self.chan, _ = await self.conn.create_session(
            lambda: _ClientSession(self), subsystem=SUBSYSTEM, encoding=None
        )
        return self

    def _deliver(self, messages: list[dict[str, Any]], data: bytes) -> None:
        listener = self.listener
        if listener is None:
            super()._deliver(messages, data)
            return
        for message in messages:
            listener(message)

    def _ended(self) -> None:
        self.closed.set()
        listener = self.listener
        if listener is not None:
            listener(ended_bye(self.protocol_error))
            self.listener = None
        else:
            super()._ended()


def ended_bye(protocol_error: str | None) -> Message:
    """The ``bye`` the screen is handed when the connection ends under it. ``lost``: no
    frame error either, so nothing was said at all (the link says so once the screen
    has closed; a bye the host sent first is the one that counts)."""
    if protocol_error:
        return {"t": "bye", "reason": protocol_error}
    return {"t": "bye", "reason": "the connection closed", "lost": True}


class SubsystemLink:
    """Implements ``tui.link.Link`` over the ``meldhall`` subsystem of a remote host."""

    def __init__(self, client: NativeClient, name: str, *,
                 on_welcome: Callable[[Message], None] | None = None) -> None:
        self._client: NativeClient | None = client
        self._conn = client.conn
        self.name = name
        self.keeps_code = True  # (`ReclaimCodes`: the next run logs in with it)
        self.bye_reason: str | None = None
        self.fatal: str | None = None
        """The host's last word when it refused the session, or ``LOST`` when the
        connection ended without one (shown after the screen closes)."""
        self._on_welcome = on_welcome

    @classmethod
    async def connect(cls, host: str, port: int, name: str, *,
                      identity: Path | None = None, data_dir: Path | None = None,
                      notify: Callable[[str], None] | None = None,
                      confirm: Prompt | None = None,
                      password_prompt: Prompt | None = None,
                      use_default_keys: bool = True) -> SubsystemLink:
        """Open a subsystem session as ``name`` with the policy described above."""
        known = codes = None
        if data_dir is not None:
            known = KnownHosts(data_dir / "known_hosts", notify=notify, confirm=confirm)
            codes = ReclaimCodes(data_dir / "codes.json")
        client_keys: Any = () if use_default_keys else None
        agent_path: Any = () if use_default_keys else None
        if identity is not None:
            client_keys, agent_path = [str(identity)], None
        login = name
        if codes is not None and "+" not in name:
            code = codes.get(host, port, name)
            if code:
                login = f"{name}+{code}"
        client = await NativeClient.open(host, port, login, client_keys=client_keys,
                                         agent_path=agent_path, known_hosts=known,
                                         password_prompt=password_prompt)

        def remember(welcome: Message) -> None:
            if codes is not None and welcome.get("code"):
                codes.put(host, port, str(welcome.get("name") or name), str(welcome["code"]))

        return cls(client, name.partition("+")[0], on_welcome=remember)

    def send(self, message: Message) -> None:
        client = self._client
        if client is None:
            return
        fields = {k: v for k, v in message.items() if k != "t"}
        try:
            frame = client_frame(str(message.get("t")), **fields)
        except EncodeError as exc:
            log.warning("screen sent an unsendable message: %s", exc)
            return
        client.send_raw(frame)

    def start(self, on_frame: Callable[[Message], None]) -> None:
        client = self._client
        if client is None or client.listener is not None:
            return

        def deliver(message: Message) -> None:
            tag = message.get("t")
            if tag == "welcome" and self._on_welcome is not None:
                with contextlib.suppress(OSError):
                    self._on_welcome(message)
            elif tag == "error" and message.get("code") in CLOSING_CODES:
                self.fatal = str(message.get("message") or message.get("code"))
            elif tag == "bye":
                if self.bye_reason is not None:
                    return  # the host's bye, then the connection closing: say it once
                if message.get("lost") and self.fatal is None:
                    self.fatal = LOST  # no bye from the host first: it is gone
                self.bye_reason = str(message.get("reason") or "")
            on_frame(message)

        def begin() -> None:
            # Like LocalLink's pump, deliver from the loop, not from inside start():
            # the screen is still mounting when it calls start().
            if self._client is not client:
                return
            backlog = client.received[client._cursor:]
            client.received.clear()
            client.raw.clear()
            client._cursor = 0
            for message in backlog:
                deliver(message)
            client.listener = deliver
            if client.closed.is_set():
                client.listener = None
                deliver(ended_bye(client.protocol_error))

        client.listener = lambda message: client.received.append(message)
        asyncio.get_running_loop().call_soon(begin)

    def close(self) -> None:
        client, self._client = self._client, None
        if client is not None:
            client.listener = None
            client.close()

    async def wait_closed(self, timeout: float = 5.0) -> None:
        """Close, and wait for the SSH connection to end (before the process exits)."""
        self.close()
        if self._conn is not None:
            with contextlib.suppress(TimeoutError, OSError, asyncssh.Error):
                await asyncio.wait_for(self._conn.wait_closed(), timeout)
