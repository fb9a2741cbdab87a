"""Who may hold a connection open: limits that keep one address from crowding out the room.

A connection that has not logged in yet costs the host a socket and a slot, and
costs an attacker nothing, so such connections are limited three ways:

- each address may hold at most ``max_per_address`` connections in all, and at most
  ``max_pending_per_address`` that have not logged in; a new one past either limit
  is refused at once;
- the whole host holds at most ``max_pending`` connections that have not logged in;
  when a new one would pass that, the oldest pending connection of the address that
  holds the most is dropped instead of refusing the newcomer, so a flood (from one
  address or a few) only ever pushes out its own connections and a player from
  another address always gets to the login;
- asyncssh's ``login_timeout`` closes any connection still not logged in after the
  grace time.
"""

from __future__ import annotations

import logging
import time
from collections import Counter
from typing import Protocol

log = logging.getLogger(__name__)


class Droppable(Protocol):
    """A connection the doorman can close."""

    def drop(self, reason: str) -> None: ...


class Doorman:
    """Counts connections by address and decides who is let in, refused or dropped."""

    def __init__(self, *, max_per_address: int, max_pending_per_address: int,
                 max_pending: int) -> None:
        self.max_per_address = max_per_address
        self.max_pending_per_address = max_pending_per_address
        self.max_pending = max_pending
        self.per_address: Counter[str] = Counter()
        self._pending: dict[str, list[tuple[float, Droppable]]] = {}
        """Connections not yet logged in, by address, oldest first."""

    @property
    def pending(self) -> int:
        return sum(len(conns) for conns in self._pending.values())

    def arrived(self, conn: Droppable, address: str) -> str | None:
        """Count a new connection; returns why it must be refused, or None to let it in."""
        self.per_address[address] += 1
        if self.per_address[address] > self.max_per_address:
            return "too many connections from this address"
        waiting = self._pending.setdefault(address, [])
        if len(waiting) >= self.max_pending_per_address:
            return "too many connections from this address that have not logged in"
        waiting.append((time.monotonic(), conn))
        if self.pending > self.max_pending:
            # The busiest address; among equals, the one that has waited longest (so a
            # newcomer from a fresh address is never the one dropped).
            crowded = max(self._pending,
                          key=lambda a: (len(self._pending[a]), -self._pending[a][0][0]))
            _, oldest = self._pending[crowded].pop(0)
            if not self._pending[crowded]:
                del self._pending[crowded]
            log.warning("dropping a connection from %s that has not logged in: the host "
                        "has %s such connections", crowded, self.max_pending)
            oldest.drop("too many connections that have not logged in")
        return None

    def logged_in(self, conn: Droppable, address: str) -> None:
        self._forget_pending(conn, address)

    def left(self, conn: Droppable, address: str) -> None:
        self._forget_pending(conn, address)
        self.per_address[address] -= 1
        if self.per_address[address] <= 0:
            del self.per_address[address]

    def _forget_pending(self, conn: Droppable, address: str) -> None:
        waiting = self._pending.get(address)
        if waiting is None:
            return
        waiting[:] = [entry for entry in waiting if entry[1] is not conn]
        if not waiting:
            del self._pending[address]
