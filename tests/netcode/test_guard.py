"""The wrong-answer guard and the doorman on their own (the host tests use them for real)."""

from __future__ import annotations

from netcode.admission import Doorman
from netcode.guard import Guard, seconds


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_free_misses_then_doubling_waits_then_a_lockout_that_expires() -> None:
    clock = Clock()
    guard = Guard(free=5, lock_after=10, lockout=600.0, clock=clock)
    waits = []
    for _ in range(9):
        assert guard.wait("lee") == 0
        guard.failed("lee")
        waits.append(guard.wait("lee"))
        clock.now += guard.wait("lee")
    assert waits == [0, 0, 0, 0, 0, 1, 2, 4, 8]
    guard.failed("lee")
    assert guard.wait("lee") == 600.0
    clock.now += 599
    assert guard.wait("lee") == 1
    clock.now += 1
    assert guard.wait("lee") == 0
    guard.failed("lee")  # the count was forgotten with the lock: a free miss again
    assert guard.wait("lee") == 0


def test_success_forgets_only_the_key_it_names_and_memory_is_bounded() -> None:
    clock = Clock()
    guard = Guard(free=0, lock_after=3, lockout=60.0, max_keys=100, clock=clock)
    guard.failed("name", "addr")
    guard.succeeded("name")
    assert guard.wait("name") == 0 and guard.wait("addr") == 1
    for i in range(1000):
        guard.failed(("addr", i))
    assert len(guard._strikes) <= 100
    assert guard.wait(("addr", 999)) == 1  # the newest are kept


def test_waits_read_as_people_say_them() -> None:
    assert [seconds(w) for w in (0.2, 1, 59.5, 600)] == [
        "1 second", "1 second", "60 seconds", "10 minutes"]


def test_a_miss_counted_ahead_of_a_check_can_be_taken_back() -> None:
    clock = Clock()
    guard = Guard(free=1, lock_after=5, lockout=60.0, clock=clock)
    guard.failed("addr")
    guard.failed("addr")
    assert guard.wait("addr") == 1
    guard.forgive("addr")
    guard.forgive("addr")
    assert guard.wait("addr") == 0 and "addr" not in guard._strikes


class Conn:
    def __init__(self) -> None:
        self.dropped = False

    def drop(self, reason: str) -> None:
        self.dropped = True


def test_a_full_pool_drops_the_busiest_addresss_oldest_never_a_fresh_newcomer() -> None:
    doorman = Doorman(max_per_address=16, max_pending_per_address=8, max_pending=4)
    spread = [Conn() for _ in range(4)]
    for i, conn in enumerate(spread):
        assert doorman.arrived(conn, f"10.0.0.{i}") is None
    newcomer = Conn()
    assert doorman.arrived(newcomer, "10.0.0.99") is None
    assert not newcomer.dropped and spread[0].dropped and doorman.pending == 4
    flood = [Conn() for _ in range(3)]
    for conn in flood:
        doorman.arrived(conn, "10.0.0.7")
    late = Conn()
    assert doorman.arrived(late, "10.0.0.98") is None
    assert not late.dropped and flood[0].dropped
    roomy = Doorman(max_per_address=16, max_pending_per_address=8, max_pending=64)
    for _ in range(8):
        assert roomy.arrived(Conn(), "10.0.0.7") is None
    assert "not logged in" in (roomy.arrived(Conn(), "10.0.0.7") or "")
    assert roomy.arrived(Conn(), "10.0.0.8") is None
