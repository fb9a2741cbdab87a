"""Issue 11, items 1, 2, 9 and 10, as an attacker on the LAN would try them.

Every test runs the real host on 127.0.0.1 and talks to it with asyncssh clients.
"""

from __future__ import annotations

import asyncio
from typing import Any

import asyncssh
import pytest

from netcode.client import MeldhallClient
from netcode.server import Host


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
