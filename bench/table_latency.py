"""One table over real SSH PTY sessions: action-to-screen latency, host CPU and memory.

Setup (all on 127.0.0.1):
- the host is started as a subprocess (``python -m netcode.cli serve --port 0``) with a
  fresh data directory, ``--bot-delay 1`` and a fixed deal seed;
- an observer connects over the ``meldhall`` subsystem, creates a 4-seat Hand and Foot
  table without sitting, watches it and seats 4 host-side ``random`` bots, which then act
  about once a second (the issue's "bots acting about once a second");
- 8 asyncssh sessions with PTYs (100x30, xterm-256color) watch the table through the
  screens, navigated by key presses: the issue's 4 spectators, plus 4 more in the places
  of the 4 players (whose seats the bots hold), so the host renders for 8 PTY sessions.
  Every byte each PTY receives is timestamped on arrival and replayed through ``pyte``.

Figures:
- latency: for each action, t0 is when the observer received its ``events`` frame; a
  screen "shows" the action at the arrival of the last chunk before the next action that
  changed the screen's text (so cursor blinks and repaints that change nothing do not
  count, and a change painted in several frames counts when it is complete). The action
  is visible on every screen at the latest of those; median and p95 over actions.
  Screens-agnostic on purpose: it works whatever the table screen looks like;
- host CPU per session per view update: utime+stime of the host process over the
  measured window / (PTY sessions x actions in the window). It includes everything the
  host did meanwhile (bots, engine, SQLite, cursor blinks, keepalives);
- RSS per session: (host RSS with the PTY sessions - host RSS before they connected) /
  PTY sessions, both read 2 s after things settled.

Run: ``.venv/bin/python bench/table_latency.py [--seconds 60]``; writes
``bench/results/table.json``. Targets (issue 4): p95 <= 100 ms, <= 2 ms CPU per session
per view update.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

import asyncssh

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.ptyprobe import (  # noqa: E402
    HEIGHT,
    WIDTH,
    PtyRecorder,
    host_cpu_s,
    host_rss_mib,
    open_pty,
    percentile,
    screen_change_times,
    shows_lobby_with_a_table,
    shows_table_as_spectator,
)
from bench.ptyprobe import start_host as _start_host  # noqa: E402
from netcode.client import MeldhallClient  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "table.json"
SEED = 424242
TARGET_P95_MS = 100.0
TARGET_CPU_MS = 2.0


async def watch_by_keys(pty: PtyRecorder, table: int) -> None:
    """Navigate the lobby to watch ``table`` by key presses, as a person would.

    The minimal screen takes a typed command (``watch N``); the lobby screen of
    issue 4 lists the tables with the cursor on the first one and watches it on ``w``.
    The bench's host has exactly one table.
    """
    text = await pty.wait_until(shows_lobby_with_a_table)
    if "watch TABLE" in text:
        pty.type(f"watch {table}\r")
    else:
        pty.type("w")
    await pty.wait_until(shows_table_as_spectator)


# the observer
@dataclass
class Observer:
    client: MeldhallClient
    table: int = 0
    actions: list[tuple[float, int, int]] = field(default_factory=list)
    """(arrival time, round, seq) of every ``events`` frame."""
    round: int = 1
    _task: asyncio.Task[None] | None = None

    async def follow(self) -> None:
        while True:
            try:
                message = await self.client.next(timeout=3600)
            except (ConnectionError, TimeoutError):
                return
            now = time.perf_counter()
            # keep memory flat, but keep what is not read yet (frames arrive in batches)
            del self.client.received[:self.client._cursor]
            self.client._cursor = 0
            tag = message["t"]
            if tag == "events":
                self.actions.append((now, self.round, message["seq"]))
                if any(e.get("type") == "new_game" for e in message.get("events", [])):
                    self.round += 1
            elif tag == "view" and message.get("over"):
                self.client.send("again")

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self.follow())


async def start_host(data_dir: Path, bot_delay: float, log_path: Path
                     ) -> tuple[asyncio.subprocess.Process, int]:
    return await _start_host(data_dir, log_path, [
        "--bot-delay", str(bot_delay), "--allow-client-seeds", "--max-per-address", "64"])


async def run(args: argparse.Namespace) -> dict[str, Any]:
    work = Path(tempfile.mkdtemp(prefix="meldhall-bench-"))
    proc, port = await start_host(work / "data", args.bot_delay, work / "host.log")
    conns: list[asyncssh.SSHClientConnection] = []
    try:
        observer_client = await MeldhallClient.connect("127.0.0.1", port, "observer")
        observer_client.send("create", game="hand_and_foot", seats=4, seed=SEED, sit=False)
        lobby = await observer_client.wait_for("lobby", lambda m: bool(m["tables"]))
        table = lobby["tables"][-1]["id"]
        observer_client.send("watch", table=table)
        await observer_client.wait_for("joined")
        observer = Observer(observer_client, table)
        observer.start()
        await asyncio.sleep(1.0)
        rss_without = host_rss_mib(proc.pid)

        ptys: list[PtyRecorder] = []
        started = time.perf_counter()
        for i in range(args.sessions):
            conn, pty = await open_pty(port, f"watch{i}")
            conns.append(conn)
            ptys.append(pty)
        await asyncio.gather(*(watch_by_keys(pty, table) for pty in ptys))
        ready_s = time.perf_counter() - started
        await asyncio.sleep(2.0)
        rss_with = host_rss_mib(proc.pid)
        # idle: every screen up, nothing happening (cursor blinks, keepalives, timers)
        idle0, t_idle = host_cpu_s(proc.pid), time.perf_counter()
        await asyncio.sleep(args.idle_seconds)
        idle_cpu_s = host_cpu_s(proc.pid) - idle0
        idle_window = time.perf_counter() - t_idle
        for seat in range(4):
            observer_client.send("add_bot", seat=seat)
        await asyncio.sleep(args.bot_delay + 1.0)

        # the measured window
        for pty in ptys:
            pty.live = False
        first_action = len(observer.actions)
        cpu0, t_start = host_cpu_s(proc.pid), time.perf_counter()
        client_cpu0 = time.process_time()
        await asyncio.sleep(args.seconds)
        cpu1, t_end = host_cpu_s(proc.pid), time.perf_counter()
        client_cpu = time.process_time() - client_cpu0
        await asyncio.sleep(1.0)  # let the last action's frames arrive
        actions = [a for a in observer.actions[first_action:] if a[0] <= t_end]
        all_after = observer.actions[first_action:]
    finally:
        for conn in conns:
            conn.close()
        proc.terminate()
        try:
            await asyncio.wait_for(proc.wait(), 10)
        except TimeoutError:
            proc.kill()
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)

    # latencies, offline
    change_times = [screen_change_times(pty) for pty in ptys]
    slack = 0.02  # a screen may be a hair ahead of the observer's own read
    per_action: list[float] = []
    per_action_first: list[float] = []
    per_screen: list[float] = []
    missed = 0
    for index, (t0, _round, _seq) in enumerate(actions):
        t_next = all_after[index + 1][0] if index + 1 < len(all_after) else t0 + 1.0
        worst = worst_first = 0.0
        complete = True
        for times in change_times:
            inside = [t for t in times if t0 - slack <= t < t_next - slack]
            if not inside:
                complete = False
                continue
            delay = max(0.0, inside[-1] - t0)
            per_screen.append(delay)
            worst = max(worst, delay)
            worst_first = max(worst_first, max(0.0, inside[0] - t0))
        if complete:
            per_action.append(worst)
            per_action_first.append(worst_first)
        else:
            missed += 1
    sessions = len(ptys)
    cpu_s = cpu1 - cpu0
    window = t_end - t_start
    updates = len(actions)
    cpu_ms = 1000 * cpu_s / (sessions * updates) if updates else float("nan")
    idle_rate = idle_cpu_s / idle_window  # CPU seconds per second with nothing happening
    busy_ms = (1000 * (cpu_s - idle_rate * window) / (sessions * updates)
               if updates else float("nan"))
    p50 = 1000 * statistics.median(per_action) if per_action else float("nan")
    p95 = 1000 * percentile(per_action, 0.95)
    rss_per = (rss_with - rss_without) / sessions
    versions = {name: metadata.version(name) for name in ("textual", "asyncssh", "pyte")}
    return {
        "benchmark": "table_latency",
        "setup": {
            "game": "hand_and_foot", "seats": 4, "seat_players": "host-side random bots",
            "bot_delay_s": args.bot_delay, "pty_sessions": sessions,
            "pty_roles": "spectators (4 as in the issue + 4 in the players' places)",
            "observer": "1 subsystem spectator (timestamps each action)",
            "terminal": f"{WIDTH}x{HEIGHT} xterm-256color", "seconds": round(window, 1),
            "loopback": True, "seed": SEED,
        },
        "environment": {"python": platform.python_version(), "machine": platform.machine(),
                        "cpus": os.cpu_count(), **versions},
        "actions_in_window": updates,
        "actions_per_s": round(updates / window, 2),
        "latency_ms": {
            "every_screen_median": round(p50, 1), "every_screen_p95": round(p95, 1),
            "every_screen_max": round(1000 * max(per_action), 1) if per_action else None,
            "one_screen_median": round(1000 * statistics.median(per_screen), 1)
            if per_screen else None,
            "first_change_every_screen_median": round(
                1000 * statistics.median(per_action_first), 1) if per_action_first else None,
            "first_change_every_screen_p95": round(1000 * percentile(per_action_first, 0.95), 1),
            "actions_measured": len(per_action), "actions_not_seen_on_every_screen": missed,
        },
        "host_cpu": {
            "cpu_s": round(cpu_s, 2), "percent_of_one_core": round(100 * cpu_s / window, 1),
            "ms_per_session_per_view_update": round(cpu_ms, 3),
            "idle_percent_of_one_core": round(100 * idle_rate, 1),
            "ms_per_session_per_view_update_above_idle": round(busy_ms, 3),
        },
        "host_rss_mib": {"without_ptys": round(rss_without, 1), "with_ptys": round(rss_with, 1),
                         "per_session": round(rss_per, 2)},
        "ptys_ready_s": round(ready_s, 2),
        "client_cpu_percent": round(100 * client_cpu / window, 1),
        "targets": {"p95_ms": TARGET_P95_MS, "cpu_ms_per_session_per_update": TARGET_CPU_MS,
                    "p95_met": p95 <= TARGET_P95_MS, "cpu_met": cpu_ms <= TARGET_CPU_MS},
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="measured window")
    parser.add_argument("--sessions", type=int, default=8, help="PTY sessions watching")
    parser.add_argument("--bot-delay", type=float, default=1.0)
    parser.add_argument("--idle-seconds", type=float, default=5.0,
                        help="host CPU measured with the screens up and no play")
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument("--keep", action="store_true", help="keep the host's data and log")
    parser.add_argument("--note", default="", help="stored with the figures (what was measured)")
    args = parser.parse_args(argv)
    result = asyncio.run(run(args))
    result["note"] = args.note
    lat, cpu, rss = result["latency_ms"], result["host_cpu"], result["host_rss_mib"]
    print(f"{result['actions_in_window']} actions in {result['setup']['seconds']} s, "
          f"{result['setup']['pty_sessions']} PTY sessions")
    print(f"action -> visible on every screen: median {lat['every_screen_median']} ms, "
          f"p95 {lat['every_screen_p95']} ms (target <= {TARGET_P95_MS:.0f} ms); "
          f"{lat['actions_not_seen_on_every_screen']} actions not seen everywhere")
    print(f"host CPU: {cpu['ms_per_session_per_view_update']} ms per session per view update "
          f"(target <= {TARGET_CPU_MS:.0f} ms), {cpu['percent_of_one_core']} % of one core; "
          f"idle {cpu['idle_percent_of_one_core']} %, above idle "
          f"{cpu['ms_per_session_per_view_update_above_idle']} ms")
    print(f"host RSS: {rss['per_session']} MiB per session "
          f"({rss['without_ptys']} -> {rss['with_ptys']} MiB)")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
