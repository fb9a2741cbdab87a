"""Issue 11, items 1, 2, 9 and 10, as an attacker on the LAN would try them.

Every test runs the real host on 127.0.0.1 and talks to it with asyncssh clients.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import asyncssh
import pytest

from netcode.client import MeldhallClient
from netcode.datadir import DB_NAME
from netcode.framing import FrameDecoder
from netcode.server import Host, HostConfig


class OfferedKey(asyncssh.SSHKeyPair):
    """A public key offered by someone without its private half.

    With ``signer=None`` it behaves like ``ssh -i victim.pub``: the key is offered,
    signing fails, and the client moves on to keyboard-interactive. With another
    key as ``signer`` it sends a signature that does not match the offered key.
    """

    def __init__(self, public: asyncssh.SSHKey, signer: asyncssh.SSHKey | None = None) -> None:
        super().__init__(public.algorithm, public.algorithm, public.sig_algorithms,
                         public.sig_algorithms, public.public_data, None)
        self._signer = signer

    def sign(self, data: bytes) -> bytes:
        if self._signer is None:
            raise ValueError("no private key for this public key")
        return self._signer.sign(data, self._signer.sig_algorithms[0])


async def connect(host: Host, name: str, **options: Any) -> MeldhallClient:
    return await MeldhallClient.connect("127.0.0.1", host.port, name, **options)


@pytest.mark.parametrize("forged", ["no_signature", "wrong_signature"])
async def test_offered_key_without_signature_gets_no_identity(host: Host, forged: str) -> None:
    victim = asyncssh.generate_private_key("ssh-ed25519")
    victim_id = f"key:{victim.get_fingerprint()}"
    owner = await connect(host, "vic", client_keys=[victim])
    assert (await owner.wait_for("welcome"))["user"] == victim_id
    owner.send("create", game="hand_and_foot", seats=4)
    table = (await owner.wait_for("joined"))["table"]
    owner.close()
    await owner.wait_closed()

    signer = None if forged == "no_signature" else asyncssh.generate_private_key("ssh-ed25519")
    offered = OfferedKey(victim.convert_to_public(), signer)
    attacker = await connect(host, "mallory", client_keys=[offered])
    welcome = await attacker.wait_for("welcome")
    assert welcome["user"] == "name:mallory" and welcome["user"] != victim_id
    await asyncio.sleep(0.2)
    assert not any(m["t"] == "joined" for m in attacker.received)  # not the victim's seat
    attacker.close()

    back = await connect(host, "vic", client_keys=[victim])
    assert (await back.wait_for("welcome"))["user"] == victim_id
    joined = await back.wait_for("joined")
    assert joined["table"] == table and joined["seat"] == 0
    back.close()


async def openssh_subsystem(host: Host, login: str, identity_file: Path) -> dict[str, Any]:
    """What the real OpenSSH client is told first when it offers only a public key file."""
    process = await asyncio.create_subprocess_exec(
        "ssh", "-F", "/dev/null", "-o", "IdentitiesOnly=yes", "-i", str(identity_file),
        "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
        "-o", "PreferredAuthentications=publickey,keyboard-interactive",
        "-p", str(host.port), "-s", f"{login}@127.0.0.1", "meldhall",
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.DEVNULL,
    )
    assert process.stdout is not None
    decoder = FrameDecoder()
    try:
        while True:
            data = await asyncio.wait_for(process.stdout.read(65536), 10)
            assert data, "ssh ended without a message"
            messages = decoder.feed(data)
            if messages:
                return messages[0]
    finally:
        with contextlib.suppress(ProcessLookupError):  # ssh may have ended already
            process.kill()
        await process.wait()


@pytest.mark.skipif(shutil.which("ssh") is None, reason="needs the OpenSSH client")
async def test_openssh_offering_only_the_victims_public_key_gets_no_identity(
        host: Host, tmp_path: Path) -> None:
    """The issue's own reproduction: ``ssh -o IdentitiesOnly=yes -i victim.pub``."""
    victim = asyncssh.generate_private_key("ssh-ed25519")
    pub = tmp_path / "victim.pub"
    pub.write_bytes(victim.export_public_key())
    pub.chmod(0o600)
    owner = await connect(host, "vic", client_keys=[victim])
    assert (await owner.wait_for("welcome"))["user"] == f"key:{victim.get_fingerprint()}"
    owner.close()
    as_victim = await openssh_subsystem(host, "vic", pub)
    assert as_victim["t"] == "error" and "belongs to" in as_victim["message"]
    as_other = await openssh_subsystem(host, "mallory", pub)
    assert as_other["t"] == "welcome" and as_other["user"] == "name:mallory"


async def test_flood_from_one_address_never_keeps_another_address_out(
        host_config: HostConfig) -> None:
    host_config.max_unauthenticated_per_address = 8
    host_config.max_unauthenticated = 12
    host_config.login_timeout = 60.0  # the flood stays for the whole test
    host = Host(host_config)
    await host.start()
    pairs: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
    try:
        for _ in range(40):  # far more than the old 36 that blocked every login
            pairs.append(await asyncio.open_connection("127.0.0.1", host.port))
        await asyncio.sleep(0.3)
        assert host.doorman.pending <= 8  # the rest were refused at once
        # A player from another address gets in at once, again and again.
        for i in range(3):
            player = await asyncio.wait_for(MeldhallClient.connect(
                "127.0.0.1", host.port, f"real{i}", local_addr=("127.0.0.2", 0)), 5)
            assert (await player.wait_for("welcome"))["name"] == f"real{i}"
            player.close()
        # Two more flooding addresses fill the host's pool: the busiest loses its oldest,
        # and a fourth address still gets in.
        for source in ("127.0.0.3", "127.0.0.4"):
            for _ in range(8):
                pairs.append(await asyncio.open_connection("127.0.0.1", host.port,
                                                           local_addr=(source, 0)))
        await asyncio.sleep(0.3)
        assert host.doorman.pending <= 12
        player = await asyncio.wait_for(MeldhallClient.connect(
            "127.0.0.1", host.port, "late", local_addr=("127.0.0.5", 0)), 5)
        assert (await player.wait_for("welcome"))["name"] == "late"
        player.close()
    finally:
        for _, writer in pairs:
            writer.close()
        await host.stop()


async def test_connection_that_never_logs_in_is_closed_after_the_grace_time(
        host_config: HostConfig) -> None:
    host_config.login_timeout = 1.0
    host = Host(host_config)
    await host.start()
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", host.port)
        started = asyncio.get_running_loop().time()
        while await asyncio.wait_for(reader.read(4096), 5):
            pass  # the host's version line, then nothing until it gives up
        assert asyncio.get_running_loop().time() - started < 3
        writer.close()
        await asyncio.sleep(0.1)
        assert host.doorman.pending == 0
    finally:
        await host.stop()


# item 2: reclaim codes


async def refusal(host: Host, login: str, source: str = "127.0.0.1", **options: Any) -> str:
    """The one-line reason the host gives a login it refuses."""
    client = await connect(host, login, local_addr=(source, 0), **options)
    try:
        message = await client.wait_for(None, lambda m: m["t"] in ("welcome", "error"))
    finally:
        client.close()
    assert message["t"] == "error", f"{login} was let in: {message}"
    return str(message["message"])


async def welcomed(host: Host, login: str, source: str = "127.0.0.1",
                   **options: Any) -> dict[str, Any]:
    client = await connect(host, login, local_addr=(source, 0), **options)
    try:
        message = await client.wait_for(None, lambda m: m["t"] in ("welcome", "error"))
    finally:
        client.close()
    assert message["t"] == "welcome", f"{login} was refused: {message}"
    return message


async def test_reclaim_codes_are_long_grouped_hashed_and_read_in_any_form(host: Host) -> None:
    code = (await welcomed(host, "lee"))["code"]
    assert re.fullmatch(r"[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}", code)
    assert 31 ** 12 >= 2 ** 59  # the alphabet has 31 letters, none of them look-alikes
    bare = code.replace("-", "")
    for typed in (code, code.lower(), bare, bare.lower()):
        back = await welcomed(host, f"lee+{typed}")
        assert back["user"] == "name:lee" and back["code"] == code
    stored = host.store.get_user("name:lee")
    assert stored is not None and stored[1] is not None
    assert stored[1].startswith("s256$") and bare not in stored[1] and code not in stored[1]
    wrong = bare[:-1] + ("Y" if bare.endswith("X") else "X")  # (one code in 31 ends in X)
    assert "not the code" in await refusal(host, f"lee+{wrong}")


async def test_wrong_codes_are_slowed_then_locked_out_per_name_and_per_address(
        host_config: HostConfig) -> None:
    host_config.login_free_failures = 2
    host_config.login_lock_after = 4
    host_config.login_lockout = 60.0
    host = Host(host_config)
    await host.start()
    try:
        lee = (await welcomed(host, "lee", "127.0.0.3"))["code"]
        kay = (await welcomed(host, "kay", "127.0.0.4"))["code"]
        guess = "ABCD-EFGH-JKMN"
        for _ in range(3):  # two free misses, then a wait of one second
            assert "not the code" in await refusal(host, f"lee+{guess}", "127.0.0.2")
        # While it must wait, even the right code is refused unchecked, from anywhere.
        assert "try again in 1 second" in await refusal(host, f"lee+{lee}", "127.0.0.2")
        assert "try again in" in await refusal(host, f"lee+{lee}", "127.0.0.3")
        await asyncio.sleep(1.1)
        assert "not the code" in await refusal(host, f"lee+{guess}", "127.0.0.2")
        # The fourth miss locks the name (for everyone) and the address (for every name).
        assert "try again in 60 seconds" in await refusal(host, f"lee+{lee}", "127.0.0.3")
        # A player sharing the guesser's address is told it is the address, not their name.
        said = await refusal(host, f"kay+{kay}", "127.0.0.2")
        assert "from your address" in said and "kay" not in said and "SSH key" in said, said
        assert "codes were tried for lee" in await refusal(host, f"lee+{lee}", "127.0.0.3")
        assert (await welcomed(host, f"kay+{kay}", "127.0.0.4"))["user"] == "name:kay"
        # Key players never need a code and are not slowed down.
        key = asyncssh.generate_private_key("ssh-ed25519")
        assert (await welcomed(host, "kim", "127.0.0.2", client_keys=[key]))["user"].startswith(
            "key:")
    finally:
        await host.stop()


async def test_wrong_room_passwords_are_slowed_then_locked_out(host_config: HostConfig) -> None:
    host_config.password = "hunter2"
    host_config.login_free_failures = 1
    host_config.login_lock_after = 3
    host_config.login_lockout = 60.0
    host = Host(host_config)
    await host.start()
    try:
        for _ in range(3):
            with pytest.raises(asyncssh.PermissionDenied):
                await connect(host, "pat", password="wrong", local_addr=("127.0.0.2", 0))
        with pytest.raises(asyncssh.PermissionDenied):  # locked: the right one is not checked
            await connect(host, "pat", password="hunter2", local_addr=("127.0.0.2", 0))
        with pytest.raises(asyncssh.PermissionDenied):  # the name is locked from anywhere
            await connect(host, "pat", password="hunter2", local_addr=("127.0.0.3", 0))
        ok = await connect(host, "quin", password="hunter2", local_addr=("127.0.0.3", 0))
        assert (await ok.wait_for("welcome"))["name"] == "quin"
        ok.close()
    finally:
        await host.stop()


async def test_old_short_codes_are_hashed_at_start_and_replaced_on_reclaim(
        host_config: HostConfig) -> None:
    data = host_config.data_dir
    data.mkdir(mode=0o700, parents=True)
    db = sqlite3.connect(data / DB_NAME)
    db.executescript(
        "CREATE TABLE users (id TEXT PRIMARY KEY, name TEXT NOT NULL, code TEXT,"
        " created REAL NOT NULL);"
        "INSERT INTO users VALUES ('name:lee', 'Lee', 'K3Q7', 1.0);"
        "INSERT INTO users VALUES ('key:SHA256:abc', 'lee', NULL, 0.5);"
        "INSERT INTO users VALUES ('key:SHA256:def', 'kim', NULL, 2.0);"
    )
    db.commit()
    db.close()
    host = Host(host_config)
    await host.start()
    try:
        stored = host.store.get_user("name:lee")
        assert stored is not None and stored[1] is not None and stored[1].startswith("s256$")
        assert host.store.name_owner("LEE") == "name:lee"  # the keyless owner keeps it
        assert host.store.name_owner("kim") == "key:SHA256:def"
        fresh = (await welcomed(host, "lee+k3q7"))["code"]
        assert len(fresh.replace("-", "")) == 12
        assert "not the code" in await refusal(host, "lee+K3Q7")
        assert (await welcomed(host, f"lee+{fresh}"))["name"] == "Lee"
    finally:
        await host.stop()


# item 10: names


async def test_a_name_belongs_to_the_identity_that_took_it_first(host: Host) -> None:
    await welcomed(host, "lee")
    key = asyncssh.generate_private_key("ssh-ed25519")
    other = asyncssh.generate_private_key("ssh-ed25519")
    assert "belongs to another player" in await refusal(host, "lee", client_keys=[key])
    assert "belongs to another player" in await refusal(host, "LEE", client_keys=[key])
    assert (await welcomed(host, "kim", client_keys=[key]))["name"] == "kim\u2713"
    assert "signs in with a key" in await refusal(host, "kim")
    assert "signs in with a key" in await refusal(host, "Kim+ABCD-EFGH-JKMN")
    assert "belongs to another player" in await refusal(host, "Kim", client_keys=[other])
    back = await welcomed(host, "Kim", client_keys=[key])
    assert back["user"] == f"key:{key.get_fingerprint()}" and back["name"] == "Kim\u2713"


async def test_a_name_that_looks_like_a_taken_one_is_refused(host: Host) -> None:
    await welcomed(host, "alice")
    key = asyncssh.generate_private_key("ssh-ed25519")
    for lookalike in ("al1ce", "AIice", "a.lice", "a_l_i_c_e"):
        assert "looks too much like alice" in await refusal(host, lookalike)
        assert "looks too much like alice" in await refusal(host, lookalike,
                                                              client_keys=[key])
    assert (await welcomed(host, "alicia"))["name"] == "alicia"


async def test_a_very_long_login_name_is_refused_in_one_short_line(host: Host) -> None:
    """Play-test: a 300-character name was echoed whole, four lines of it."""
    said = await refusal(host, "W" * 300)
    assert said.strip() == ("'WWWWWWWWWWWWWWWW...' is not a usable name: use 1-16 letters a-z, "
                            "digits, '.', '_' or '-'.")


@pytest.mark.parametrize("name", ["bot", "Bot7", "botty", "spectator", "host", "Server",
                                  "SYSTEM", "meldhall", "admin", "root"])
async def test_reserved_names_are_refused(host: Host, name: str) -> None:
    assert f"The name {name} is reserved" in await refusal(host, name)
    key = asyncssh.generate_private_key("ssh-ed25519")
    assert "reserved" in await refusal(host, name, client_keys=[key])


async def test_chat_and_seats_show_the_verified_name_with_a_mark_for_keys(
        host_config: HostConfig) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519")
    host = Host(host_config)
    await host.start()
    try:
        kim = await connect(host, "kim", client_keys=[key])
        kim.send("create", game="hand_and_foot", seats=4)
        table = (await kim.wait_for("joined"))["table"]
        lee = await connect(host, "lee")
        lee.send("sit", table=table, seat=1)
        await lee.wait_for("joined")
        kim.send("chat", text="hi")
        lee.send("chat", text="hello")
        said = {(await lee.wait_for("chat"))["name"], (await lee.wait_for("chat"))["name"]}
        assert said == {"kim\u2713", "lee"}
        players = host.lobby.tables[table].players()
        assert [p["name"] for p in players[:2]] == ["kim\u2713", "lee"]
        kim.close()
        lee.close()
    finally:
        await host.stop()
    again = Host(host_config)  # restored tables show the same verified names
    await again.start()
    try:
        players = again.lobby.tables[table].players()
        assert [p["name"] for p in players[:2]] == ["kim\u2713", "lee"]
    finally:
        await again.stop()
