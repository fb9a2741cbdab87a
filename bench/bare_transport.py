"""The transport's floor: an asyncssh server that only replays recorded bytes.

``host_load.py`` records, for each PTY session, every chunk the host sent during its
measured window and when. This server (started by it as a subprocess) accepts the same
number of PTY sessions, logins ``s0``, ``s1``, ... and, once all are in, writes session i
exactly its recorded chunks at the same offsets: the same bytes through the same SSH
encryption and channel code, without Textual, the engine or SQLite. Its CPU over the
replay is the cost of moving those bytes, to which the host's CPU is compared.

Protocol on stdout: ``listening on port N``, ``replaying``, ``done``.
"""

from __future__ import annotations

import asyncio
import pickle
import sys
import time
from pathlib import Path
from typing import Any

import asyncssh


class _Server(asyncssh.SSHServer):
    def __init__(self, room: _Room) -> None:
        self._room = room

    def begin_auth(self, username: str) -> bool:
        return False  # no authentication: a LAN room's default

    def session_requested(self) -> asyncssh.SSHServerSession[bytes]:
        return _Session(self._room)


class _Session(asyncssh.SSHServerSession):  # type: ignore[type-arg]
    def __init__(self, room: _Room) -> None:
        self._room = room
        self._chan: Any = None

    def connection_made(self, chan: Any) -> None:
        self._chan = chan

    def pty_requested(self, term_type: str, term_size: Any, term_modes: Any) -> bool:
        return True

    def shell_requested(self) -> bool:
        return True

    def session_started(self) -> None:
        name = self._chan.get_extra_info("username")
        self._room.arrived(int(name[1:]), self._chan)


class _Room:
    def __init__(self, schedules: list[list[tuple[float, bytes]]]) -> None:
        self.schedules = schedules
        self.chans: dict[int, Any] = {}
        self.all_in = asyncio.Event()

    def arrived(self, index: int, chan: Any) -> None:
        self.chans[index] = chan
        if len(self.chans) == len(self.schedules):
            self.all_in.set()

    async def replay(self) -> None:
        """One timeline for every session: the cheapest way to write at given moments."""
        timeline = sorted((at, i, data) for i, sched in enumerate(self.schedules)
                          for at, data in sched)
        start = time.perf_counter()
        for at, index, data in timeline:
            wait = start + at - time.perf_counter()
            if wait > 0:
                await asyncio.sleep(wait)
            self.chans[index].write(data)


async def main(path: Path) -> None:
    schedules = pickle.loads(path.read_bytes())
    room = _Room(schedules)
    key = asyncssh.generate_private_key("ssh-ed25519")
    server = await asyncssh.create_server(
        lambda: _Server(room), "127.0.0.1", 0, server_host_keys=[key], encoding=None,
        line_editor=False, agent_forwarding=False,
    )
    print(f"listening on port {server.sockets[0].getsockname()[1]}", flush=True)
    await room.all_in.wait()
    print("replaying", flush=True)
    await room.replay()
    print("done", flush=True)
    await asyncio.sleep(3600)  # until the benchmark stops us


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1])))
