"""Pieces shared by the PTY benchmarks (table_latency.py, host_load.py, leak_audit.py).

- the host as a subprocess (``python -m netcode.cli serve``), so its CPU and RSS can be
  read from ``/proc`` apart from the benchmark's own;
- a PTY session over real SSH whose every received chunk is timestamped on arrival and
  either fed to ``pyte`` at once (while navigating by keys) or kept for an offline
  replay (while measuring, so the client stays cheap);
- the latency rule: a screen "shows" an action at the arrival of the last chunk, before
  the next action, that changed the screen's text (cursor moves and repaints that change
  nothing do not count; a change painted in several frames counts when it is complete).
"""

from __future__ import annotations

import asyncio
import bisect
import os
import re
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import asyncssh
import pyte

ROOT = Path(__file__).resolve().parent.parent
CLK_TCK = os.sysconf("SC_CLK_TCK")
WIDTH, HEIGHT = 100, 30
SLACK = 0.02
"""A screen may be a hair ahead of the observer's own read of the same action."""


# host process figures ----------------------------------------------------------------------
def host_cpu_s(pid: int) -> float:
    """utime + stime of a process (all its threads), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


def host_rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def start_host(data_dir: Path, log_path: Path, extra: Sequence[str] = (),
                     wrapper: Path | None = None, env: dict[str, str] | None = None,
                     ) -> tuple[asyncio.subprocess.Process, int]:
    """``meldhall serve`` on 127.0.0.1, any free port; returns the process and its port.

    ``wrapper``: a script run instead of ``-m netcode.cli`` with the same arguments
    (``bench/host_gc.py``)."""
    log = open(log_path, "wb")  # noqa: SIM115 - lives as long as the host
    program = [str(wrapper)] if wrapper is not None else ["-m", "netcode.cli"]
    proc = await asyncio.create_subprocess_exec(
        sys.executable, *program, "serve", "--host", "127.0.0.1", "--port", "0",
        "--data-dir", str(data_dir), *extra,
        cwd=str(ROOT), stdout=asyncio.subprocess.PIPE, stderr=log,
        env={**os.environ, **(env or {})},
    )
    assert proc.stdout is not None
    while True:
        line = await asyncio.wait_for(proc.stdout.readline(), 30)
        if not line:
            raise RuntimeError(f"the host did not start; see {log_path}")
        match = re.search(rb"listening on port (\d+)", line)
        if match:
            return proc, int(match.group(1))


async def stop_process(proc: asyncio.subprocess.Process, timeout: float = 10.0) -> None:
    if proc.returncode is not None:
        return
    proc.terminate()
    try:
        await asyncio.wait_for(proc.wait(), timeout)
    except TimeoutError:
        proc.kill()
        await proc.wait()


# one PTY session ---------------------------------------------------------------------------
class PtyRecorder(asyncssh.SSHClientSession):  # type: ignore[type-arg]
    """Timestamps every chunk on arrival; feeds pyte live only while ``live``."""

    def __init__(self, width: int = WIDTH, height: int = HEIGHT) -> None:
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.ByteStream(self.screen)
        self.live = True
        self.chunks: list[tuple[float, bytes]] = []
        self.received = 0
        self.changed = asyncio.Event()
        self.chan: Any = None
        self.closed = False

    def connection_made(self, chan: Any) -> None:
        self.chan = chan

    def data_received(self, data: bytes, datatype: Any) -> None:
        now = time.perf_counter()
        self.received += len(data)
        if self.live:
            self.stream.feed(data)
            self.changed.set()
        else:
            self.chunks.append((now, data))

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        self.changed.set()

    @property
    def text(self) -> str:
        return "\n".join(self.screen.display)

    def type(self, keys: str) -> None:
        if self.chan is not None and not self.chan.is_closing():
            self.chan.write(keys.encode())

    async def wait_until(self, check: Callable[[str], bool], timeout: float = 20.0) -> str:
        async def wait() -> str:
            while not check(self.text):
                if self.closed:
                    raise ConnectionError("the session closed")
                self.changed.clear()
                await self.changed.wait()
            return self.text

        return await asyncio.wait_for(wait(), timeout)


async def open_pty(port: int, name: str, *, local_addr: str | None = None,
                   size: tuple[int, int] = (WIDTH, HEIGHT), term: str = "xterm-256color",
                   window: int | None = None,
                   ) -> tuple[asyncssh.SSHClientConnection, PtyRecorder]:
    """A player's ``ssh -p PORT NAME@127.0.0.1``: keyboard-interactive, no key, a PTY."""
    options: dict[str, Any] = {}
    if local_addr is not None:
        options["local_addr"] = (local_addr, 0)
    conn = await asyncssh.connect(
        "127.0.0.1", port, username=name, known_hosts=None, client_keys=None, password="",
        agent_path=None, preferred_auth="keyboard-interactive", **options,
    )
    extra: dict[str, Any] = {"window": window} if window is not None else {}
    _chan, session = await conn.create_session(
        lambda: PtyRecorder(*size), term_type=term, term_size=size, encoding=None, **extra
    )
    return conn, session


def shows_lobby_with_a_table(text: str) -> bool:
    low = text.lower()
    return "lobby" in low and ("waiting" in low or "playing" in low)


def shows_table_as_spectator(text: str) -> bool:
    low = text.lower()
    return "lobby" not in low and ("watching" in low or "spectat" in low)


# offline replay and the latency rule --------------------------------------------------------
def screen_change_times(pty: PtyRecorder) -> list[float]:
    """Replay the recorded chunks; the arrival times of those that changed the text."""
    times = []
    before = pty.text
    for at, data in pty.chunks:
        pty.stream.feed(data)
        after = pty.text
        if after != before:
            times.append(at)
            before = after
    return times


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def action_latencies(actions: Sequence[float], following: Sequence[float],
                     change_times: Sequence[Sequence[float]],
                     presses: Sequence[float] = ()) -> dict[str, Any]:
    """Per action: when its change was complete on every screen, and when it first showed.

    ``actions`` are the observer's arrival times of the measured actions (t0);
    ``following`` is every action time of that table from the first measured one on, so
    action i's window ends where action i+1 starts. ``change_times`` has one list per
    screen watching the table. ``presses`` (sorted) are the times the benchmark typed at
    that table: a screen's changes after the first one following the action are the
    player's doing (a card selected before the discard, ``[4♥]``), not the action's, so
    they do not count where the action had shown before it; counted, they made actions
    "complete" a second late (2026-11-27: a full room's p95 of 1015 ms, where every
    screen's first change came within 57 ms). A screen that had not shown the action
    when the key was typed counts its first change after the action (the key's own
    change comes later still).
    """
    every: list[float] = []
    first: list[float] = []
    one: list[float] = []
    missed = 0
    for index, t0 in enumerate(actions):
        t_next = following[index + 1] if index + 1 < len(following) else t0 + 1.0
        pressed = bisect.bisect_right(presses, t0)
        t_key = presses[pressed] if pressed < len(presses) else t_next
        worst = worst_first = 0.0
        complete = True
        for times in change_times:
            inside = [t for t in times if t0 - SLACK <= t < t_next - SLACK]
            if not inside:
                complete = False
                continue
            before_key = [t for t in inside if t < t_key]
            delay = max(0.0, (before_key[-1] if before_key else inside[0]) - t0)
            one.append(delay)
            worst = max(worst, delay)
            worst_first = max(worst_first, max(0.0, inside[0] - t0))
        if complete:
            every.append(worst)
            first.append(worst_first)
        else:
            missed += 1
    return {"every": every, "first": first, "one": one, "missed": missed}


def ms_summary(values: Sequence[float]) -> dict[str, float | int | None]:
    """Median, p95 and max of seconds, in milliseconds."""
    if not values:
        return {"median": None, "p95": None, "max": None, "n": 0}
    ordered = sorted(values)
    return {"median": round(1000 * ordered[len(ordered) // 2], 1),
            "p95": round(1000 * percentile(ordered, 0.95), 1),
            "max": round(1000 * ordered[-1], 1), "n": len(ordered)}
