"""A seat played by the engine's random bot through ``netcode.client``, as any program would."""

from __future__ import annotations

import asyncio
from typing import Any

from engine.bots import make_bot
from netcode.client import MeldhallClient


async def play_seat(client: MeldhallClient, seat: int, bot_seed: int,
                    stop_at: int | None = None) -> dict[str, Any]:
    """Act whenever this seat's newest view says so, one action in flight at a time.

    Returns at game over, or once a view reaches ``stop_at`` actions.
    """
    bot = make_bot("random", bot_seed)
    stats: dict[str, Any] = {"actions": 0, "errors": 0, "last": None}
    latest: dict[str, Any] | None = None
    acted_on = -1
    waiting = False
    ref = 0
    while True:
        message = await client.next(timeout=60)
        tag = message["t"]
        if tag == "view":
            latest = message
            stats["last"] = message
        elif tag in ("ack", "error") and message.get("ref") == ref:
            waiting = False
            if tag == "error":
                stats["errors"] += 1
                acted_on = -1
        elif tag == "error" and message.get("code") == "slow_down":
            # The host's request limit dropped our action (no ref comes back): wait a
            # moment and act again on the newest view.
            waiting, acted_on = False, -1
            await asyncio.sleep(0.1)
        if latest is None:
            continue
        if latest["over"] or (stop_at is not None and latest["seq"] >= stop_at):
            return stats
        view = latest["view"]
        # (`legal` too: a Looking and Down seat frozen in time is in `to_act` whether or
        # not it has anything to meld, so as not to tell the table what its hand holds)
        if not waiting and seat in view["to_act"] and view["legal"] \
                and latest["seq"] > acted_on:
            if client._cursor < len(client.received):
                continue  # a newer message is already here; act on the newest view
            ref += 1
            acted_on = latest["seq"]
            waiting = True
            client.send("action", action=bot.act(view), ref=ref)
            stats["actions"] += 1
