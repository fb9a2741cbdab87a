"""Slow down, then lock out, whoever keeps sending wrong reclaim codes or room passwords.

A 12-character code cannot be guessed online anyway, but a 4-character one from
before could be, a room password may be weak, and each try costs the host work.
So wrong answers are counted per *key* (a login name, an address): the first
``free`` in a row cost nothing (typos happen), each further one makes that key wait
1, 2, 4, … seconds before its next try is even checked, and ``lock_after`` wrong
answers lock the key out for ``lockout`` seconds. A key's count is forgotten
``lockout`` seconds after its last wrong answer, and a name's count when the right
answer comes. A try made while a key must wait is refused unchecked and does not
count, so a locked-out guesser learns nothing and cannot stretch the lock.

Per address stops one machine guessing across many names; per name stops many
machines guessing one name. The price of the second is that someone who keeps
guessing a keyless player's code can keep that name locked (never taken): the
player can still come in with a key or another name.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass


@dataclass(slots=True)
class _Strikes:
    count: int = 0
    last: float = 0.0
    until: float = 0.0


class Guard:
    """Wrong-answer counts by key, bounded in memory."""

    def __init__(self, *, free: int = 5, lock_after: int = 10, lockout: float = 600.0,
                 max_keys: int = 10_000, clock: Callable[[], float] = time.monotonic) -> None:
        self.free = free
        self.lock_after = lock_after
        self.lockout = lockout
        self.max_keys = max_keys
        self._clock = clock
        self._strikes: dict[Hashable, _Strikes] = {}

    def wait(self, *keys: Hashable) -> float:
        """Seconds until every one of ``keys`` may try again (0 when they may now)."""
        now = self._clock()
        waits = [s.until - now for k in keys if (s := self._current(k, now)) is not None]
        return max([0.0, *waits])

    def failed(self, *keys: Hashable) -> None:
        """A wrong answer: count it against each key and set its wait."""
        now = self._clock()
        for key in keys:
            strikes = self._current(key, now) or _Strikes()
            self._strikes.pop(key, None)
            self._strikes[key] = strikes  # newest last, so the oldest are pruned first
            strikes.count += 1
            strikes.last = now
            if strikes.count >= self.lock_after:
                strikes.until = now + self.lockout
            elif strikes.count > self.free:
                strikes.until = now + min(2.0 ** (strikes.count - self.free - 1), self.lockout)
        self._prune(now)

    def forgive(self, *keys: Hashable) -> None:
        """Take back one wrong answer counted ahead of a check that then succeeded."""
        now = self._clock()
        for key in keys:
            strikes = self._current(key, now)
            if strikes is None:
                continue
            strikes.count -= 1
            if strikes.count <= 0:
                del self._strikes[key]

    def succeeded(self, *keys: Hashable) -> None:
        """The right answer: forget these keys' wrong ones."""
        for key in keys:
            self._strikes.pop(key, None)

    def _current(self, key: Hashable, now: float) -> _Strikes | None:
        strikes = self._strikes.get(key)
        if strikes is not None and now >= max(strikes.until, strikes.last + self.lockout):
            del self._strikes[key]
            return None
        return strikes

    def _prune(self, now: float) -> None:
        if len(self._strikes) <= self.max_keys:
            return
        for key in list(self._strikes):
            self._current(key, now)
        while len(self._strikes) > self.max_keys:
            del self._strikes[next(iter(self._strikes))]


def seconds(wait: float) -> str:
    """``wait`` as people say it: "3 seconds", "10 minutes"."""
    if wait < 90:
        n = max(1, math.ceil(wait))
        return f"{n} second{'s' if n != 1 else ''}"
    n = math.ceil(wait / 60)
    return f"{n} minutes"
