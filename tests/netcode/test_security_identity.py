"""Issue 11, items 1, 2, 9 and 10, as an attacker on the LAN would try them.

Every test runs the real host on 127.0.0.1 and talks to it with asyncssh clients.
"""

from __future__ import annotations

import asyncio
from typing import Any

import asyncssh
import pytest

from netcode.client import MeldhallClient
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
