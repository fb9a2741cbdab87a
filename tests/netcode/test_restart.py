"""SIGKILL the host mid-game and restart it on the same data directory.

The table comes back at exactly its last acknowledged action (the log is committed
before any result is sent), and each player reconnects straight into their seat:
two by their SSH key, two by name plus reclaim code, with the last moves in the log.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import asyncssh
from seatplay import play_seat

from netcode.client import MeldhallClient

SEED = 77
STOP_AT = 40


async def start_host(data_dir: Path) -> tuple[asyncio.subprocess.Process, int]:
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "netcode.cli", "serve", "--host", "127.0.0.1", "--port", "0",
        "--data-dir", str(data_dir), "--bot-delay", "0.01", "--allow-client-seeds",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL,
        cwd=str(Path(__file__).resolve().parents[2]),
    )
    assert process.stdout is not None
    line = await asyncio.wait_for(process.stdout.readline(), 30)
    assert b"listening on port" in line, line
    port = int(line.split()[-1])
    for _ in range(2):
        await asyncio.wait_for(process.stdout.readline(), 5)
    return process, port


async def test_sigkill_mid_game_then_resume(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(2)]
    names = ["kai", "kim", "ned", "nia"]
    process, port = await start_host(data_dir)
    try:
        players: list[MeldhallClient] = []
        codes: dict[str, str] = {}
        for i, name in enumerate(names):
            client = await MeldhallClient.connect(
                "127.0.0.1", port, name, client_keys=[keys[i]] if i < 2 else None
            )
            welcome = await client.wait_for("welcome")
            if i >= 2:
                codes[name] = welcome["code"]
            players.append(client)
        players[0].send("create", game="hand_and_foot", seats=4, options={"deals": 1},
                        seed=SEED)
        table = (await players[0].wait_for("joined"))["table"]
        for seat in range(1, 4):
            players[seat].send("sit", table=table, seat=seat)
            await players[seat].wait_for("joined")
        for client in players:
            client._cursor = 0
        results = await asyncio.wait_for(asyncio.gather(
            *(play_seat(c, s, SEED + s, stop_at=STOP_AT) for s, c in enumerate(players))
        ), 120)
        last_views = [r["last"] for r in results]
        assert {v["seq"] for v in last_views} == {STOP_AT}
        acked = max(m["seq"] for c in players for m in c.received if m["t"] == "ack")
        assert acked == STOP_AT
        told = [{"seq": m["seq"], "seat": m["seat"], "events": m["events"]}
                for m in players[0].received if m["t"] == "events"]

        process.send_signal(signal.SIGKILL)
        await process.wait()
        for client in players:
            await client.wait_closed()
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()

    process, port = await start_host(data_dir)
    try:
        again: list[MeldhallClient] = []
        for i, name in enumerate(names):
            login = name if i < 2 else f"{name}+{codes[name]}"
            client = await MeldhallClient.connect(
                "127.0.0.1", port, login, client_keys=[keys[i]] if i < 2 else None
            )
            joined = await client.wait_for("joined")
            assert (joined["table"], joined["seat"]) == (table, i)
            view = await client.wait_for("view")
            assert view["seq"] == STOP_AT
            assert view["view"] == last_views[i]["view"]
            # the log comes back too: the last moves, as everyone was told them
            assert view["recent"] == told[-30:]
            # ...and a word that the host restarted (play-test: nothing said so)
            said = [m["text"] for m in client.received if m["t"] == "chat"]
            assert said == ["The host was restarted; the game goes on from its last move."]
            again.append(client)
        present = await again[0].wait_for(
            "view", lambda m: all(p["present"] for p in m["players"])
        )
        assert present["seq"] == STOP_AT
        # ...and the game carries on from there.
        for client in again:
            client._cursor = 0
        more = await asyncio.wait_for(asyncio.gather(
            *(play_seat(c, s, SEED + 10 + s, stop_at=STOP_AT + 10)
              for s, c in enumerate(again))
        ), 60)
        assert min(r["last"]["seq"] for r in more) >= STOP_AT + 10 or any(
            r["last"]["over"] for r in more
        )
        for client in again:
            client.close()
    finally:
        process.send_signal(signal.SIGINT)  # Ctrl-C: a clean shutdown
        try:
            await asyncio.wait_for(process.wait(), 10)
        except TimeoutError:
            os.kill(process.pid, signal.SIGKILL)
            await process.wait()
    assert process.returncode == 0
