"""Outbox: newer views replace unsent ones, events keep order, overflow closes."""

from __future__ import annotations

import pytest

from netcode.outbox import Outbox, OutboxClosed


async def test_newer_view_replaces_unsent_and_moves_behind_events() -> None:
    box = Outbox()
    box.put(b"view1", replace_key="view:1")
    box.put(b"ev1")
    box.put(b"view2", replace_key="view:1")
    box.put(b"other", replace_key="view:2")
    assert [await box.get() for _ in range(3)] == [b"ev1", b"view2", b"other"]
    assert box.replaced == 1
    box.put(b"view3", replace_key="view:1")
    assert await box.get() == b"view3"


async def test_overflow_closes_without_blocking() -> None:
    box = Outbox(limit=3)
    for i in range(3):
        assert box.put(bytes([i]))
    for _ in range(100):
        box.put(b"v", replace_key="view")  # views never count against the limit
    assert not box.put(b"too many")
    assert box.overflowed and box.closed
    box.discard()
    with pytest.raises(OutboxClosed):
        await box.get()


async def test_close_drains_then_raises() -> None:
    box = Outbox()
    box.put(b"a")
    box.close()
    assert not box.put(b"b")
    assert await box.get() == b"a"
    with pytest.raises(OutboxClosed):
        await box.get()
