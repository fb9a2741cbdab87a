"""SIGKILL the host at random moments of bot games, restart it, check nothing acknowledged is lost.

Shared by ``test_fault_kill.py`` (a few kills) and ``bench/kill_restart.py`` (100).

Table i plays the i-th game of ``engine.GAMES`` (in name order, one deal, a short stock
where the game has one), so every game's saved state is killed into and restored. Each
table has a program at seat 0 (a ``meldhall`` subsystem client playing random legal
moves, so it gets ``ack`` frames) and host bots at seats 1-3. The host is killed at a
seeded random moment; before it restarts, its database is opened directly and each
table's (round, actions in the log) compared with the newest thing any client was told:
an acknowledged action, or a view (views go out only after the log is committed). Then
the host restarts on the same data directory, each player reconnects by name and reclaim
code and must be put back in its seat with a view at exactly the stored action, and the
games carry on until the next kill.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
import signal
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from leakaudit import options_for

import engine
from engine.bots import make_bot
from netcode.client import MeldhallClient
from netcode.datadir import DB_NAME
from netcode.store import Store

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(engine.GAMES)
"""Table i plays ``GAMES[i % len(GAMES)]``, at 4 seats (every game has them), one deal
(`options_for`): short games, so the ``again`` path (a new round and a fresh log) is
killed into too."""


RESTORED = re.compile(r"restored table (\d+) \(\w+\) at action (\d+)")


async def start_host(data_dir: Path, log_path: Path, bot_delay: float = 0.01
                     ) -> tuple[asyncio.subprocess.Process, int, dict[int, int]]:
    """The host as a subprocess; also the action each table was restored at (its log)."""
    with open(log_path, "wb") as log:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "netcode.cli", "serve", "--host", "127.0.0.1", "--port",
            "0", "--data-dir", str(data_dir), "--bot-delay", str(bot_delay),
            "--allow-client-seeds", stdout=asyncio.subprocess.PIPE, stderr=log, cwd=str(ROOT),
        )
    assert process.stdout is not None
    line = await asyncio.wait_for(process.stdout.readline(), 30)
    assert b"listening on port" in line, line
    # Tables are restored before the port opens, so their lines are already written.
    restored = {int(m[1]): int(m[2]) for m in RESTORED.finditer(log_path.read_text())}
    return process, int(line.split()[-1]), restored


@dataclass
class Seat:
    """One table's program at seat 0, and the newest things it was told."""

    name: str
    code: str = ""
    table: int = 0
    told: tuple[int, int] = (0, 0)
    """Newest (round, actions) in a view or an ack."""
    client: MeldhallClient | None = None
    task: asyncio.Task[None] | None = None
    actions: int = 0
    problems: list[str] = field(default_factory=list)

    def tell(self, round_no: int, seq: int) -> None:
        self.told = max(self.told, (round_no, seq))


async def play(seat: Seat, bot_seed: int) -> None:
    """Random legal moves at seat 0 and ``again`` at game over, until the connection ends."""
    client = seat.client
    assert client is not None
    bot = make_bot("random", bot_seed)
    latest: dict[str, Any] | None = None
    acted_on: tuple[int, int] | None = None
    ref = 0
    answered = 0
    acked: tuple[int, int] = (0, 0)
    """The newest ref the host has answered (ack or refusal), and the (round, action) an
    ack said the log reached. The next action waits for the last one's answer and for a
    view at least as new as its ack (the ack comes before the view it made): where others
    act meanwhile (a seat frozen in time), a view they made came first, and the same move
    went twice ("you cannot draw now", "card 62 is not in your hand")."""
    with contextlib.suppress(ConnectionError, TimeoutError):
        while True:
            message = await client.next(timeout=30)
            tag = message["t"]
            if type(message.get("ref")) is int and tag in ("ack", "error"):
                answered = max(answered, message["ref"])
            if tag == "view":
                latest = message
                seat.tell(message["round"], message["seq"])
            elif tag == "ack" and latest is not None:
                acked = (latest["round"], message["seq"])
                seat.tell(*acked)
            elif tag == "error" and message.get("code") not in ("not_your_turn", "not_over"):
                seat.problems.append(f"table {seat.table}: {message.get('code')}: "
                                     f"{message.get('message')}")
            if latest is None or client._cursor < len(client.received) or answered < ref:
                continue  # act on the newest view only, once the last action was answered
            here = (latest["round"], latest["seq"])
            if here < acked:
                continue  # the view our own last action made is on its way
            if latest["over"]:
                if acted_on != here:
                    acted_on = here
                    client.send("again")
            elif latest["view"]["legal"] and acted_on != here:
                # (legal, not `to_act`: a seat frozen in time is listed there with nothing
                # to do now, LD-F)
                acted_on = here
                ref += 1
                client.send("action", action=bot.act(latest["view"]), ref=ref)
                seat.actions += 1


def stored(data_dir: Path) -> dict[int, tuple[int, list[Any], Any]]:
    """(round, log, the replayed game) of every table in the database, host stopped."""
    store = Store(data_dir / DB_NAME)
    try:
        records = store.load_tables()
    finally:
        store.close()
    out = {}
    for record in records:
        game = engine.replay(record.game, record.seats, record.seed, record.options, record.log)
        out[record.id] = (record.round, record.log, game)
    return out


async def cycle(data_dir: Path, seats: list[Seat], rng: random.Random, *, first: bool,
                play_for: tuple[float, float] = (0.3, 1.5)) -> dict[str, Any]:
    """Start (or restart) the host, check every table is back where it was, play, SIGKILL."""
    expected = None if first else stored(data_dir)
    process, port, restored = await start_host(data_dir, data_dir.parent / "host.log")
    try:
        for i, seat in enumerate(seats):
            login = seat.name if first else f"{seat.name}+{seat.code}"
            seat.client = await MeldhallClient.connect("127.0.0.1", port, login)
            welcome = await seat.client.wait_for("welcome")
            if first:
                seat.code = welcome["code"]
                game = GAMES[i % len(GAMES)]
                seat.client.send("create", game=game, seats=4, seed=1000 + i,
                                 options=options_for(game, short=True))
                seat.table = (await seat.client.wait_for("joined"))["table"]
                for bot_seat in (1, 2, 3):
                    seat.client.send("add_bot", seat=bot_seat)
            else:
                assert expected is not None
                round_no, log, game = expected[seat.table]
                # The host says where it restored each table, before any bot moves on.
                if restored.get(seat.table) != len(log):
                    seat.problems.append(f"table {seat.table} restored at action "
                                         f"{restored.get(seat.table)}, stored {len(log)}")
                # A seat is held only while its game is on, and the bots may finish it
                # before this player is back: ask for the seat, which is still theirs.
                seat.client.send("sit", table=seat.table, seat=0)
                try:
                    joined = await seat.client.wait_for("joined")
                    while True:  # the newest view after the last joined
                        view = await seat.client.wait_for("view")
                        if not any(m["t"] == "joined" for m in
                                   seat.client.received[seat.client._cursor:]):
                            break
                        joined = await seat.client.wait_for("joined")
                except TimeoutError:
                    seen = [(m["t"], m.get("code") or m.get("reason")) for m in
                            seat.client.received]
                    seat.problems.append(f"table {seat.table} (stored round {round_no}, "
                                         f"action {len(log)}, over {game.over}): no seat "
                                         f"after reconnecting; got {seen}")
                    continue
                if (joined["table"], joined["seat"]) != (seat.table, 0):
                    seat.problems.append(f"rejoined {joined} instead of seat 0 at {seat.table}")
                if (view["round"], view["seq"]) < (round_no, len(log)):
                    seat.problems.append(f"table {seat.table} came back at "
                                         f"{(view['round'], view['seq'])}, stored "
                                         f"{(round_no, len(log))}")
                elif (view["round"], view["seq"]) == (round_no, len(log)) and \
                        view["view"] != _wire(game.view(0)):
                    seat.problems.append(f"table {seat.table}: the restored view differs")
                seat.client._cursor -= 1  # let the player act on that view
            seat.task = asyncio.get_running_loop().create_task(
                play(seat, rng.randrange(2**32)))
        await asyncio.sleep(rng.uniform(*play_for))
        process.send_signal(signal.SIGKILL)
        await process.wait()
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
        for seat in seats:
            if seat.task is not None:
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(seat.task, 10)
            if seat.client is not None:
                seat.client.close()
    now = stored(data_dir)
    lost = []
    for seat in seats:
        round_no, log, _game = now[seat.table]
        if (round_no, len(log)) < seat.told:
            lost.append(f"table {seat.table}: told {seat.told}, stored {(round_no, len(log))}")
        if expected is not None:
            before_round, before, _ = expected[seat.table]
            if round_no == before_round and log[:len(before)] != before:
                lost.append(f"table {seat.table}: the stored log changed under its end")
    return {"lost": lost, "stored": {t: (v[0], len(v[1])) for t, v in now.items()}}


def _wire(view: dict[str, Any]) -> dict[str, Any]:
    """A view as a client decodes it (int keys survive the wire; tuples become lists)."""
    from netcode.framing import decode_frame
    from netcode.protocol import server_frame

    return decode_frame(server_frame("view", view=view))["view"]
