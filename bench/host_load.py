"""A full room over real SSH: 32 tables x (4 seats + 4 spectators) = 256 PTY sessions.

Setup (all on 127.0.0.1, the host's default limits):
- the host is a subprocess (``python -m netcode.cli serve --port 0``) with a fresh data
  directory, so its CPU and RSS are its own; the benchmark is a second process;
- per table, one observer (a ``meldhall`` subsystem client, no screen) opens a 4-seat
  Hand and Foot table with a fixed seed without sitting and watches it: it timestamps
  every action and tells the benchmark whose turn it is;
- per table, ``--per-table`` PTY sessions (100x30, xterm-256color): the first 4 sit
  down by pressing ``j`` in the lobby, the others watch by pressing ``w``. The seated
  sessions are played by the benchmark pressing the keys a person would (``d`` to draw,
  ``x`` to discard the card under the cursor, ``n`` for the next deal) about once a
  second per table: the "bots" act through the players' own screens, so every seat
  view and every keystroke path is exercised;
- each table's sessions connect from their own loopback address (127.0.0.x) through
  asyncssh's ``local_addr``, as players on a LAN would: the host's per-address login
  caps stay at their defaults (16 connections, 8 not yet logged in).

Phases, in order: fill the room table by table (connect -> lobby time of each session);
all sessions idle (host CPU with nothing happening); play (the measured window); ten
connections one at a time into the full, playing room (connect -> lobby alone); a burst
of 64 simultaneous connections (each one's connect -> lobby, and the play latency while
they arrive). Every chunk each PTY receives from the start of play is timestamped and
replayed through ``pyte`` afterwards (``bench/ptyprobe.py`` has the latency rule).

Then the transport's floor: a bare asyncssh server (``bench/bare_transport.py``, no
Textual, no engine) replays to the same number of PTY sessions exactly the bytes each
session received during the window, at the same moments; the ratio of the host's CPU
to that server's is printed.

Figures (printed, and written to ``bench/results/host.json``):
- action -> its change complete on every screen of that table: median, p95, max;
- host CPU per session per view update: host CPU in the window / (actions x sessions
  at the acting table); also % of one core;
- RSS per session: (host RSS with every session - before the first PTY) / sessions;
- bytes sent per session per second (SSH payload as the client receives it);
- connect -> lobby: alone, while filling, and in the 64-connection burst;
- host CPU with every session idle, in % of one core.

Run: ``.venv/bin/python bench/host_load.py`` (the full room; it loads both cores for a
few minutes). Smaller: ``--tables 2 --per-table 4 --seconds 15``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import pickle
import platform
import shutil
import signal
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path
from typing import Any

import asyncssh

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.ptyprobe import (  # noqa: E402
    PtyRecorder,
    action_latencies,
    host_cpu_s,
    host_rss_mib,
    ms_summary,
    open_pty,
    percentile,
    screen_change_times,
    start_host,
    stop_process,
)
from netcode.client import MeldhallClient  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "host.json"
SEED = 515151
SEATS = 4
PLAY_KEYS = {"draw": "d", "play": " x", "deal_over": "n"}
"""What a seated player presses in each phase: draw, discard the card under the cursor
(Space selects it: x with nothing selected asks first, and "x y" typed at once left the
question open until the retry, a second per move), deal the next hand. Never a meld, so
no refusal can stall a table."""
DEBUG = bool(os.environ.get('HOST_LOAD_DEBUG'))
RETRY_S = 2.5
"""A key pressed before that screen had the view is ignored by it: press again."""
TARGETS = {"p95_ms": 100.0, "cpu_ms_per_session_per_update": 1.0, "rss_mib_per_session": 3.0,
           "connect_to_lobby_alone_ms": 150.0, "burst_all_in_lobby_s": 3.0,
           "idle_percent_of_one_core": 3.0}


def table_address(index: int) -> str:
    """Each table's people come from their own loopback address (127.0.0.10 and up)."""
    return f"127.0.{index // 200}.{10 + index % 200}"


def lobby_first_row(text: str) -> int | None:
    """The table id in the lobby's first row, as the screen shows it (None: no row yet)."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if "Game" in line and "Seats" in line and "State" in line:
            for row in lines[i + 1:]:
                token = row.strip().split(" ", 1)[0]
                if token.isdigit():
                    return int(token)
                if row.strip():
                    return None
    return None


def shows_table(table_id: int, seated: bool) -> Any:
    def check(text: str) -> bool:
        top = text.splitlines()[0] if text else ""
        return f"table {table_id} " in top and (("you: seat" in top) == seated)
    return check


async def sit(pty: Any, table_id: int) -> None:
    """j on the table's row until the screen is that table's seat. At a partnership table
    where someone sits, j asks which seat ("1" takes the first free one); a seat another
    player took meanwhile is refused, and j is pressed again."""
    seated = shows_table(table_id, True)
    for _ in range(8):
        pty.type("j")
        text = await pty.wait_until(lambda t: seated(t) or "Which seat?" in t or " ! " in t,
                                    60)
        if "Which seat?" in text:
            pty.type("1")
            text = await pty.wait_until(lambda t: seated(t) or " ! " in t, 60)
        if seated(text):
            return
        await asyncio.sleep(0.2)
    raise TimeoutError(f"could not sit at table {table_id}")


@dataclass
class RoomTable:
    """One table of the room: its observer, its screens, and the keys its players press."""

    index: int
    observer: MeldhallClient
    delay: float
    table_id: int = 0
    spectators: list[PtyRecorder] = field(default_factory=list)
    players: list[PtyRecorder] = field(default_factory=list)
    by_seat: dict[int, PtyRecorder] = field(default_factory=dict)
    names: dict[str, PtyRecorder] = field(default_factory=dict)
    stalled: list[PtyRecorder] = field(default_factory=list)
    """A spectator that stops reading while the table plays (``--stalled``): not measured."""
    actions: list[float] = field(default_factory=list)
    """Arrival time of every ``events`` frame at the observer."""
    playing: bool = False
    presses: int = 0
    press_times: list[float] = field(default_factory=list)
    """When each key was typed at this table (perf_counter): an action's window ends there."""
    retries: int = 0
    seq: int = -1
    latest: dict[str, Any] | None = None
    _timer: asyncio.TimerHandle | None = None
    _task: asyncio.Task[None] | None = None

    @property
    def screens(self) -> list[PtyRecorder]:
        return self.players + self.spectators

    def start_following(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._follow())

    async def _follow(self) -> None:
        client = self.observer
        while True:
            try:
                message = await client.next(timeout=3600)
            except (ConnectionError, TimeoutError):
                return
            now = time.perf_counter()
            del client.received[:client._cursor]  # keep memory flat, keep what is unread
            client.raw.clear()
            client._cursor = 0
            tag = message["t"]
            if tag == "events":
                self.actions.append(now)
            elif tag == "view":
                self.on_view(message)

    def on_view(self, message: dict[str, Any]) -> None:
        self.latest = message
        if message["over"]:
            self.observer.send("again")  # the creator starts the next game
        if message["seq"] == self.seq and self._timer is not None:
            return  # a presence change: the pending key press still stands
        self.seq = message["seq"]
        self.schedule()

    def schedule(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        message = self.latest
        if not self.playing or message is None or message["over"]:
            return
        view = message["view"]
        key = PLAY_KEYS.get(view.get("phase", ""))
        to_act = view.get("to_act") or []
        if key is None or not to_act or to_act[0] not in self.by_seat:
            return
        self._timer = asyncio.get_running_loop().call_later(
            self.delay, self._press, to_act[0], key, message["seq"])

    def _press(self, seat: int, key: str, seq: int) -> None:
        if not self.playing or seq != self.seq:
            return
        self.press_times.append(time.perf_counter())
        self.by_seat[seat].type(key)
        self.presses += 1
        if DEBUG:
            print(f"table {self.table_id}: seat {seat} presses {key} at seq {seq}", flush=True)
        self._timer = asyncio.get_running_loop().call_later(RETRY_S, self._retry, seat, key,
                                                            seq)

    def _retry(self, seat: int, key: str, seq: int) -> None:
        if self.playing and seq == self.seq:
            self.retries += 1
            self._press(seat, key, seq)

    def stop(self) -> None:
        self.playing = False
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None


async def connect_to_lobby(port: int, name: str, address: str, timeout: float = 60.0,
                           window: int | None = None,
                           ) -> tuple[asyncssh.SSHClientConnection, PtyRecorder, float]:
    """Connect a PTY session; seconds from ``connect()`` to the lobby with its tables."""
    started = time.perf_counter()
    conn, pty = await asyncio.wait_for(
        open_pty(port, name, local_addr=address, window=window), timeout)
    await pty.wait_until(lambda text: lobby_first_row(text) is not None, timeout)
    return conn, pty, time.perf_counter() - started


async def open_table(port: int, index: int, per_table: int, delay: float,
                     conns: list[asyncssh.SSHClientConnection], stalled: bool = False,
                     ) -> tuple[RoomTable, list[float]]:
    """Create table ``index``, then bring its people in by key presses, concurrently."""
    address = table_address(index)
    observer = await MeldhallClient.connect("127.0.0.1", port, f"obs{index:02d}",
                                            local_addr=(address, 0))
    observer.send("create", game="hand_and_foot", seats=SEATS, seed=SEED + index, sit=False)
    lobby = await observer.wait_for("lobby", lambda m: any(
        t["state"] == "waiting" and t["spectators"] == 0 for t in m["tables"]), timeout=60)
    waiting = [t["id"] for t in lobby["tables"] if t["state"] == "waiting"]
    table = RoomTable(index, observer, delay, table_id=max(waiting))
    observer.send("watch", table=table.table_id)
    await observer.wait_for("joined", timeout=60)
    table.start_following()

    n_players = min(SEATS, per_table)

    async def one(k: int) -> float:
        seated = k < n_players
        sleepy = k == per_table  # the one that will stop reading
        name = f"t{index:02d}{'p' if seated else 'z' if sleepy else 'w'}{k}"
        conn, pty, to_lobby = await connect_to_lobby(port, name, address,
                                                     window=1024 if sleepy else None)
        conns.append(conn)
        await pty.wait_until(lambda text: lobby_first_row(text) == table.table_id, 60)
        if seated:
            await sit(pty, table.table_id)
        else:
            pty.type("w")
            await pty.wait_until(shows_table(table.table_id, seated), 60)
        if sleepy:
            table.stalled.append(pty)
            return to_lobby
        (table.players if seated else table.spectators).append(pty)
        table.names[name] = pty
        return to_lobby

    # Spectators first: while they watch, the table is still the only one waiting, so it
    # stays on the lobby's first row for the players who sit down after them.
    times = list(await asyncio.gather(
        *(one(k) for k in range(n_players, per_table + (1 if stalled else 0)))))
    times += await asyncio.gather(*(one(k) for k in range(n_players)))
    view = await observer_view_with(table, lambda m: all(
        p["name"] in table.names for p in m["players"][:n_players]))
    for player in view["players"]:
        if player["name"] in table.names:
            table.by_seat[player["seat"]] = table.names[player["name"]]
    return table, times


async def observer_view_with(table: RoomTable, check: Any, timeout: float = 60) -> dict[str, Any]:
    end = time.perf_counter() + timeout
    while time.perf_counter() < end:
        if table.latest is not None and check(table.latest):
            return table.latest
        await asyncio.sleep(0.05)
    raise TimeoutError("the observer never saw the table as expected")


class LoopLag:
    """How late this process's own loop runs (it timestamps arrivals: lag would show)."""

    def __init__(self, period: float = 0.05) -> None:
        self.period = period
        self.lags: list[float] = []
        self._task = asyncio.get_running_loop().create_task(self._tick())

    async def _tick(self) -> None:
        while True:
            t = time.perf_counter()
            await asyncio.sleep(self.period)
            self.lags.append(time.perf_counter() - t - self.period)

    def cancel(self) -> None:
        self._task.cancel()


async def connect_burst(port: int, count: int, prefix: str, addresses: int
                        ) -> tuple[list[float | None], float]:
    """``count`` connections at once from ``addresses`` loopback addresses, then closed."""
    conns: list[asyncssh.SSHClientConnection] = []

    async def one(k: int) -> float | None:
        try:
            conn, _pty, took = await connect_to_lobby(
                port, f"{prefix}{k}", f"127.0.1.{10 + k % addresses}", timeout=30)
        except (OSError, asyncssh.Error, TimeoutError, ConnectionError):
            return None
        conns.append(conn)
        return took

    started = time.perf_counter()
    times = list(await asyncio.gather(*(one(k) for k in range(count))))
    wall = time.perf_counter() - started
    for conn in conns:
        conn.close()
    return times, wall


async def gc_snapshot(proc: asyncio.subprocess.Process, path: Path,
                      sig: int = signal.SIGUSR1) -> dict[str, Any]:
    """Ask ``bench/host_gc.py`` for its collector totals so far."""
    before = path.stat().st_mtime_ns if path.exists() else 0
    proc.send_signal(sig)
    for _ in range(500):
        await asyncio.sleep(0.02)
        if path.exists() and path.stat().st_mtime_ns != before:
            return json.loads(path.read_text())
    return {}


def gc_window(first: dict[str, Any] | None, last: dict[str, Any] | None, window: float
              ) -> dict[str, Any] | None:
    """The collector's work between two snapshots, per generation."""
    if not first or not last:
        return None
    out: dict[str, Any] = {"objects_at_end": last.get("objects"),
                           "frozen_at_end": last.get("frozen"),
                           "full_pass_after_window": last.get("reclaimed"),
                           "rss_after_full_pass": last.get("rss_after_reclaim")}
    for g, end in last["generations"].items():
        start = first["generations"][g]
        out[f"gen{g}"] = {"collections": int(end["count"] - start["count"]),
                          "seconds": round(end["seconds"] - start["seconds"], 3),
                          "max_pause_ms_so_far": end["max_ms"]}
    out["percent_of_window"] = round(100 * sum(
        out[f"gen{g}"]["seconds"] for g in range(3)) / window, 2)
    return out


async def run_bare(schedules: list[list[tuple[float, bytes]]], window: float, work: Path
                   ) -> dict[str, Any]:
    """Replay every session's bytes through a bare asyncssh server; its CPU for the same."""
    path = work / "schedules.pickle"
    path.write_bytes(pickle.dumps(schedules))
    proc = await asyncio.create_subprocess_exec(
        sys.executable, str(ROOT / "bench" / "bare_transport.py"), str(path),
        cwd=str(ROOT), stdout=asyncio.subprocess.PIPE,
    )
    assert proc.stdout is not None
    conns = []
    try:
        line = await asyncio.wait_for(proc.stdout.readline(), 30)
        port = int(line.split()[-1])
        ptys: list[PtyRecorder] = []
        for i in range(len(schedules)):
            conn, pty = await open_pty(port, f"s{i}", local_addr=table_address(i // 8))
            pty.live = False
            conns.append(conn)
            ptys.append(pty)
        line = await asyncio.wait_for(proc.stdout.readline(), 60)  # "replaying"
        cpu0, t0 = host_cpu_s(proc.pid), time.perf_counter()
        line = await asyncio.wait_for(proc.stdout.readline(), window + 120)  # "done"
        cpu = host_cpu_s(proc.pid) - cpu0
        took = time.perf_counter() - t0
        await asyncio.sleep(1.0)
        received = sum(p.received for p in ptys)
        sent = sum(len(data) for s in schedules for _, data in s)
    finally:
        for conn in conns:
            conn.close()
        await stop_process(proc)
    return {"cpu_s": round(cpu, 2), "seconds": round(took, 1),
            "percent_of_one_core": round(100 * cpu / took, 1),
            "bytes_replayed": sent, "bytes_received": received}


async def run(args: argparse.Namespace) -> dict[str, Any]:
    work = Path(tempfile.mkdtemp(prefix="meldhall-load-"))
    gc_file = work / "gc.json"
    proc, port = await start_host(
        work / "data", work / "host.log", ["--allow-client-seeds", *args.host_args],
        wrapper=(ROOT / "bench" / "host_gc.py" if args.gc_probe
                 else ROOT / "bench" / "host_profile.py" if args.profile else None),
        env={"MELDHALL_GC_STATS": str(gc_file),
             **({"MELDHALL_PROFILE": str(args.profile.resolve())} if args.profile else {}),
             **dict(e.split("=", 1) for e in args.env)})
    conns: list[asyncssh.SSHClientConnection] = []
    tables: list[RoomTable] = []
    out: dict[str, Any] = {}
    lag = LoopLag()
    try:
        await asyncio.sleep(1.0)
        rss_empty = host_rss_mib(proc.pid)

        # fill the room, table by table
        fill_times: list[float] = []
        started = time.perf_counter()
        for index in range(args.tables):
            table, times = await open_table(port, index, args.per_table, args.delay, conns,
                                            stalled=index < args.stalled)
            tables.append(table)
            fill_times += times
            print(f"  table {table.table_id}: {len(table.screens)} screens "
                  f"({time.perf_counter() - started:.0f} s)", flush=True)
        fill_s = time.perf_counter() - started
        sessions = sum(len(t.screens) for t in tables)
        await asyncio.sleep(3.0)
        rss_full = host_rss_mib(proc.pid)

        # idle: every screen up, nobody acting
        cpu0, t0 = host_cpu_s(proc.pid), time.perf_counter()
        await asyncio.sleep(args.idle_seconds)
        idle_rate = (host_cpu_s(proc.pid) - cpu0) / (time.perf_counter() - t0)
        print(f"  idle: {100 * idle_rate:.1f} % of one core", flush=True)

        # play (the stalled spectators stop reading: their SSH windows stay shut)
        for table in tables:
            for pty in table.stalled:
                pty.chan.pause_reading()
            table.playing = True
            table.schedule()
        await asyncio.sleep(args.warmup)
        for table in tables:
            for pty in table.screens:
                pty.live = False
        first = {t.index: len(t.actions) for t in tables}
        received0 = {id(p): p.received for t in tables for p in t.screens}
        lag.lags.clear()
        gc0 = await gc_snapshot(proc, gc_file) if args.gc_probe else None
        if args.profile:
            proc.send_signal(signal.SIGUSR1)
        cpu0, t_start = host_cpu_s(proc.pid), time.perf_counter()
        client0 = time.process_time()
        await asyncio.sleep(args.seconds)
        cpu1, t_end = host_cpu_s(proc.pid), time.perf_counter()
        if args.profile:
            proc.send_signal(signal.SIGUSR2)
        gc1 = await gc_snapshot(proc, gc_file) if args.gc_probe else None
        if args.gc_probe:  # how much garbage does the freeze policy keep? (one full pass)
            gc_reclaim = await gc_snapshot(proc, gc_file, signal.SIGUSR2)
            gc1 = {**gc1, "reclaimed": gc_reclaim.get("reclaimed"),
                   "rss_after_reclaim": host_rss_mib(proc.pid)} if gc1 else gc1
        client_cpu = time.process_time() - client0
        lags = list(lag.lags)
        rss_play = host_rss_mib(proc.pid)
        window = t_end - t_start
        window_bytes = sum(p.received - received0[id(p)] for t in tables for p in t.screens)
        schedules = [[(at - t_start, data) for at, data in p.chunks if at < t_end]
                     for t in tables for p in t.screens]
        print(f"  play: {sum(len(t.actions) - first[t.index] for t in tables)} actions in "
              f"{window:.0f} s", flush=True)

        # connect -> lobby, one at a time, into the full and playing room
        alone: list[float] = []
        for k in range(args.alone):
            conn, _pty, took = await connect_to_lobby(port, f"solo{k}", "127.0.2.10")
            alone.append(took)
            conn.close()
            await asyncio.sleep(0.5)

        # the burst
        burst_start = time.perf_counter()
        burst_first = {t.index: len(t.actions) for t in tables}
        burst, burst_wall = await connect_burst(port, args.burst, "burst", 16)
        burst_end = time.perf_counter()
        await asyncio.sleep(1.5)
        for table in tables:
            table.stop()
        await asyncio.sleep(1.5)
        presses = sum(t.presses for t in tables)
        retries = sum(t.retries for t in tables)
    finally:
        lag.cancel()
        for table in tables:
            table.stop()
            table.observer.close()
        for conn in conns:
            conn.close()
        await stop_process(proc)

    # offline: every screen's change times, then the latency of every action
    print("  replaying the screens through pyte ...", flush=True)
    gc.collect()
    window_lat: dict[str, list[float]] = {"every": [], "first": [], "one": []}
    burst_lat: list[float] = []
    missed = 0
    updates = 0
    for table in tables:
        changes = [screen_change_times(p) for p in table.screens]
        measured = table.actions[first[table.index]:]
        in_window = [t for t in measured if t <= t_end]
        updates += len(in_window) * len(table.screens)
        result = action_latencies(in_window, measured, changes, table.press_times)
        for key in window_lat:
            window_lat[key] += result[key]
        missed += result["missed"]
        during = [t for t in table.actions[burst_first[table.index]:]
                  if burst_start <= t <= burst_end + 1.0]
        if during:
            following = table.actions[table.actions.index(during[0]):]
            burst_lat += action_latencies(during, following, changes,
                                          table.press_times)["every"]
        for pty in table.screens:
            pty.chunks.clear()

    actions = sum(len([t for t in tb.actions[first[tb.index]:] if t <= t_end]) for tb in tables)
    cpu_s = cpu1 - cpu0
    bare = await run_bare(schedules, window, work)
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    burst_ok = [b for b in burst if b is not None]
    versions = {n: metadata.version(n) for n in ("textual", "asyncssh", "pyte", "rich")}
    lat = ms_summary(window_lat["every"])
    cpu_ms = 1000 * cpu_s / updates if updates else float("nan")
    out = {
        "benchmark": "host_load",
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "setup": {
            "tables": args.tables, "per_table": args.per_table, "pty_sessions": sessions,
            "seated_ptys_per_table": min(SEATS, args.per_table),
            "spectator_ptys_per_table": max(0, args.per_table - SEATS),
            "players": "seated PTY sessions played by key presses (d, Space x, n) from the bench, "
                       f"{args.delay} s after each view: about one action a second per table",
            "observers": "1 subsystem spectator per table (timestamps actions, says whose turn)",
            "terminal": "100x30 xterm-256color", "game": "hand_and_foot", "seed": SEED,
            "window_s": round(window, 1), "host_args": args.host_args,
            "stalled_spectators": min(args.stalled, args.tables),
            "addresses": "one loopback address per table (127.0.0.10+); host limits at defaults",
        },
        "environment": {"python": platform.python_version(), "machine": platform.machine(),
                        "cpus": os.cpu_count(), "cpu_model": cpu_model(), **versions},
        "actions_in_window": actions,
        "actions_per_s_per_table": round(actions / window / len(tables), 2),
        "key_presses": presses, "key_retries": retries,
        "latency_ms": {
            "every_screen": lat,
            "first_change_every_screen": ms_summary(window_lat["first"]),
            "one_screen": ms_summary(window_lat["one"]),
            "actions_not_seen_on_every_screen": missed,
            "every_screen_during_burst": ms_summary(burst_lat),
        },
        "host_cpu": {
            "cpu_s": round(cpu_s, 2), "percent_of_one_core": round(100 * cpu_s / window, 1),
            "ms_per_session_per_update": round(cpu_ms, 3),
            "ms_per_session_per_update_above_idle": round(
                1000 * (cpu_s - idle_rate * window) / updates, 3) if updates else None,
            "idle_percent_of_one_core": round(100 * idle_rate, 2),
        },
        "host_rss_mib": {"empty": round(rss_empty, 1), "full": round(rss_full, 1),
                         "after_play": round(rss_play, 1),
                         "per_session": round((rss_full - rss_empty) / sessions, 2),
                         "per_session_after_play": round((rss_play - rss_empty) / sessions, 2)},
        "bytes_per_session_per_s": round(window_bytes / sessions / window, 1),
        "connect_to_lobby_ms": {
            "alone": ms_summary(alone),
            "while_filling": ms_summary(fill_times),
            "burst": {**ms_summary(burst_ok), "connections": args.burst,
                      "reached_lobby": len(burst_ok), "all_in_lobby_s": round(burst_wall, 2)},
            "fill_room_s": round(fill_s, 1),
        },
        "bare_transport": {**bare, "host_to_bare_cpu_ratio": round(
            (cpu_s / window) / (bare["cpu_s"] / bare["seconds"]), 1) if bare["cpu_s"] else None},
        "gc": gc_window(gc0, gc1, window),
        "client": {"cpu_percent_of_one_core": round(100 * client_cpu / window, 1),
                   "loop_lag_ms_p95": round(1000 * percentile(lags, 0.95), 1),
                   "loop_lag_ms_max": round(1000 * max(lags), 1) if lags else None},
    }
    out["targets"] = {**TARGETS, "met": {
        "p95": lat["p95"] is not None and lat["p95"] <= TARGETS["p95_ms"],
        "cpu": cpu_ms <= TARGETS["cpu_ms_per_session_per_update"],
        "rss": out["host_rss_mib"]["per_session"] <= TARGETS["rss_mib_per_session"],
        "connect_alone": bool(alone) and percentile(alone, 0.95) * 1000
        <= TARGETS["connect_to_lobby_alone_ms"],
        "burst": len(burst_ok) == args.burst and burst_wall <= TARGETS["burst_all_in_lobby_s"],
        "burst_p95": bool(burst_lat) and percentile(burst_lat, 0.95) * 1000
        <= TARGETS["p95_ms"],
        "idle": 100 * idle_rate <= TARGETS["idle_percent_of_one_core"],
    }}
    return out


def cpu_model() -> str:
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    return platform.processor()


def report(result: dict[str, Any]) -> None:
    s, lat, cpu = result["setup"], result["latency_ms"], result["host_cpu"]
    rss, con, bare = result["host_rss_mib"], result["connect_to_lobby_ms"], result["bare_transport"]
    every = lat["every_screen"]
    print(f"{s['pty_sessions']} PTY sessions at {s['tables']} tables, "
          f"{result['actions_in_window']} actions in {s['window_s']} s "
          f"({result['actions_per_s_per_table']} per table per s)")
    print(f"action -> every screen of its table: median {every['median']} ms, p95 "
          f"{every['p95']} ms, max {every['max']} ms; during the burst p95 "
          f"{lat['every_screen_during_burst']['p95']} ms")
    print(f"host CPU: {cpu['ms_per_session_per_update']} ms per session per update, "
          f"{cpu['percent_of_one_core']} % of one core; "
          f"idle room {cpu['idle_percent_of_one_core']} %")
    print(f"host RSS: {rss['per_session']} MiB per session ({rss['empty']} -> {rss['full']} MiB)")
    print(f"bytes per session per s: {result['bytes_per_session_per_s']}")
    print(f"connect -> lobby: alone median {con['alone']['median']} ms p95 {con['alone']['p95']}"
          f" ms; burst of {con['burst']['connections']}: {con['burst']['reached_lobby']} in "
          f"{con['burst']['all_in_lobby_s']} s (p95 {con['burst']['p95']} ms)")
    print(f"bare asyncssh, same bytes: {bare['percent_of_one_core']} % of one core; host/bare "
          f"CPU ratio {bare['host_to_bare_cpu_ratio']}")
    print(f"targets met: {result['targets']['met']}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=32)
    parser.add_argument("--per-table", type=int, default=8,
                        help="PTY sessions per table: the first 4 sit, the rest watch")
    parser.add_argument("--seconds", type=float, default=60.0, help="measured play window")
    parser.add_argument("--delay", type=float, default=1.0,
                        help="seconds a seated player waits before pressing its key")
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--idle-seconds", type=float, default=10.0)
    parser.add_argument("--alone", type=int, default=10, help="single connections measured")
    parser.add_argument("--burst", type=int, default=64, help="connections in the burst")
    parser.add_argument("--stalled", type=int, default=0,
                        help="tables that get one more spectator, which stops reading")
    parser.add_argument("--host-arg", dest="host_args", action="append", default=[],
                        help="extra argument for `meldhall serve` (repeat)")
    parser.add_argument("--gc-probe", action="store_true",
                        help="run the host under bench/host_gc.py: time its collections")
    parser.add_argument("--profile", type=Path, default=None, metavar="FILE",
                        help="profile the host during the play window (cProfile stats to"
                        " FILE; slows the host, so its figures are not comparable)")
    parser.add_argument("--env", action="append", default=[], metavar="NAME=VALUE",
                        help="environment for the host process (repeat)")
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument("--keep", action="store_true", help="keep the host's data and log")
    parser.add_argument("--note", default="", help="stored with the figures")
    args = parser.parse_args(argv)
    result = asyncio.run(run(args))
    result["note"] = args.note
    report(result)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
