"""Churn: 30 rounds of 20 PTY sessions connecting, rendering the lobby and leaving.

After the first rounds (caches filling) the process's memory stays flat and no
finished App stays alive: this fails without the P4 (parser lru_cache) and P5
(print capture) fixes. Each session also types a kitty-protocol key, which goes
through the parser's extended-key path, where the P4 leak lives.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import sys
from pathlib import Path

import asyncssh

from netcode.server import Host, HostConfig
from netcode.sharing import AppScreen
from tui.app import MeldhallApp

ROUNDS = 30
SESSIONS = 20
WARM_UP = 10  # measured: Textual and asyncssh caches fill over the first ~10 rounds

log = logging.getLogger(__name__)


def rss_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def live_apps() -> int:
    return sum(1 for obj in gc.get_objects() if isinstance(obj, MeldhallApp))


async def one_session(port: int, name: str, key: asyncssh.SSHKey) -> None:
    """One person, the same each round (their key): the rounds churn sessions, not the
    players the host must remember, whose records rightly grow its database."""
    async with asyncssh.connect(
        "127.0.0.1", port, username=name, known_hosts=None, client_keys=[key],
        agent_path=None, preferred_auth="publickey",
    ) as conn:
        process = await conn.create_process(term_type="xterm-256color", term_size=(100, 30),
                                            encoding=None)
        seen = b""
        while b"meldhall lobby" not in seen:
            chunk = await process.stdout.read(65536)
            assert chunk, "session ended before the lobby was drawn"
            seen = seen[-64:] + chunk
        process.stdin.write(b"\x1b[97;5u")  # ctrl+a in the kitty protocol (extended-key path)
        process.stdin.write(b"\x03y")  # ctrl+c asks, y leaves
        while await process.stdout.read(65536):
            pass
        await process.wait_closed()
        assert process.exit_status == 0


async def test_churn_memory_flat_and_no_app_survives(tmp_path: Path) -> None:
    host = Host(HostConfig(data_dir=tmp_path, host="127.0.0.1", port=0,
                           max_per_address=SESSIONS * 2, max_unauthenticated=SESSIONS * 2,
                           max_unauthenticated_per_address=SESSIONS * 2))
    await host.start()
    rss: list[float] = []
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(SESSIONS)]
    try:
        for round_no in range(ROUNDS):
            await asyncio.wait_for(asyncio.gather(
                *(one_session(host.port, f"s{i}", keys[i]) for i in range(SESSIONS))
            ), 120)
            for _ in range(50):
                if AppScreen.live_apps == 0 and not host.lobby.sessions:
                    break
                await asyncio.sleep(0.02)
            gc.collect()
            assert live_apps() == 0, f"round {round_no}: finished Apps still alive"
            assert sys.stdout is sys.__stdout__ or type(sys.stdout).__name__ != "_PrintCapture"
            rss.append(rss_mib())
    finally:
        await host.stop()
    log.warning("churn RSS MiB per round: %s", " ".join(f"{r:.1f}" for r in rss))
    growth = rss[-1] - rss[WARM_UP - 1]
    assert growth < 4.0, f"RSS grew {growth:.1f} MiB after warm-up: {rss}"
