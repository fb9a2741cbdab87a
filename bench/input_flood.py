"""A paste flood into one PTY session: how long do the other sessions wait meanwhile?

Setup (in one process, all on 127.0.0.1): a host on port 0 with a fresh data directory;
one "victim" subsystem session pinging the host every 20 ms; one PTY session (80x24,
xterm-256color) at the lobby that writes 200 KB of unbracketed text at once, then a
100 KB bracketed paste. Printed, and written to ``bench/results/input_flood.json``: the
victim's ping round trips (median, p95, max) in the quiet second before the paste and in
the seconds after it, and how many characters the host dropped, run once with the
default input limits and once with the limits lifted (the host as it was before them).

Run: ``.venv/bin/python bench/input_flood.py [--kb 200]``.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import logging
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import asyncssh

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from netcode.client import MeldhallClient  # noqa: E402
from netcode.inputgate import InputLimits  # noqa: E402
from netcode.server import Host, HostConfig  # noqa: E402
from netcode.terminal import TerminalHandler  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "input_flood.json"


class _Screen(asyncssh.SSHClientSession):  # type: ignore[type-arg]
    def __init__(self) -> None:
        self.text = ""

    def data_received(self, data: str, datatype: object) -> None:
        self.text += data


async def _pings(client: MeldhallClient, seconds: float) -> list[float]:
    """Round trips in ms, one ping in flight at a time, for ``seconds``."""
    out: list[float] = []
    end = time.perf_counter() + seconds
    ref = 0
    while time.perf_counter() < end:
        ref += 1
        t0 = time.perf_counter()
        client.send("ping", ref=ref)
        await client.wait_for("pong", lambda m, r=ref: m.get("ref") == r, timeout=120)
        out.append((time.perf_counter() - t0) * 1000)
        await asyncio.sleep(0.02)
    return out


def _summary(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {"n": len(values), "median_ms": round(statistics.median(ordered), 2),
            "p95_ms": round(ordered[int(0.95 * (len(ordered) - 1))], 2),
            "max_ms": round(ordered[-1], 2)}


async def run(limits: InputLimits, kb: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        host = Host(HostConfig(data_dir=Path(tmp) / "data", host="127.0.0.1", port=0,
                               input_limits=limits))
        await host.start()
        try:
            victim = await MeldhallClient.connect("127.0.0.1", host.port, "victim")
            conn = await asyncssh.connect("127.0.0.1", host.port, username="flood",
                                          known_hosts=None, client_keys=None,
                                          agent_path=None, password="")
            chan, screen = await conn.create_session(_Screen, term_type="xterm-256color",
                                                     term_size=(80, 24))
            while "lobby" not in screen.text:
                await asyncio.sleep(0.05)
            quiet = await _pings(victim, 1.0)
            chan.write("x" * (kb * 1024))
            chan.write("\x1b[200~" + "y" * (kb * 512) + "\x1b[201~")
            flooded = await _pings(victim, 3.0)
            handler = next(o for o in gc.get_objects() if isinstance(o, TerminalHandler))
            dropped = handler.gate.dropped
            conn.close()
            victim.close()
        finally:
            await host.stop()
    return {"quiet": _summary(quiet), "during_flood": _summary(flooded),
            "dropped_chars": dropped}


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--kb", type=int, default=200)
    args = parser.parse_args()
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    unlimited = InputLimits(rate=10**9, burst=10**9, paste=10**9)
    result = {
        "date": time.strftime("%Y-%m-%d"),
        "machine": f"{platform.machine()}, {platform.python_version()}",
        "paste_kb": args.kb,
        "default_limits": await run(InputLimits(), args.kb),
        "no_limits": await run(unlimited, args.kb),
    }
    print(json.dumps(result, indent=2))
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    asyncio.run(main())
