"""Rounds of PTY sessions connecting, rendering the lobby and leaving, on one host.

Shared by ``test_churn.py`` (a few rounds) and ``bench/churn.py`` (the long sweep). Each
session types a kitty-protocol key, which goes through the parser's extended-key path,
where the P4 (parser lru_cache) leak lived; every round checks that no finished App is
still alive (P5: the print capture kept them).
"""

from __future__ import annotations

import asyncio
import gc
import sys
from pathlib import Path

import asyncssh

from netcode.server import Host, HostConfig
from netcode.sharing import AppScreen
from tui.app import MeldhallApp


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


async def churn(data_dir: Path, rounds: int, sessions: int) -> list[float]:
    """The process's RSS (MiB) after each round; fails at once if an App outlives its round."""
    host = Host(HostConfig(data_dir=data_dir, host="127.0.0.1", port=0,
                           max_per_address=sessions * 2, max_unauthenticated=sessions * 2,
                           max_unauthenticated_per_address=sessions * 2))
    await host.start()
    rss: list[float] = []
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(sessions)]
    try:
        for round_no in range(rounds):
            await asyncio.wait_for(asyncio.gather(
                *(one_session(host.port, f"s{i}", keys[i]) for i in range(sessions))
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
    return rss
