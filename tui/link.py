"""What a screen knows of the host: a link that carries protocol messages.

Messages are plain dicts shaped as in ``docs/protocol.md`` (``{"t": "action",
"action": {...}}`` out; ``{"t": "view", ...}`` in). A screen never learns whether
the link is in-process or a socket, and never sees an engine object.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol


class Link(Protocol):
    name: str
    """The player's display name."""
    keeps_code: bool
    """The link keeps the player's reclaim code itself and logs in with it next time
    (``meldhall join``): the screens then need not tell them to type it."""

    def send(self, message: dict[str, Any]) -> None:
        """Send one client message (``t`` plus its fields); never blocks."""

    def start(self, on_frame: Callable[[dict[str, Any]], None]) -> None:
        """Begin delivering host messages, in order, to ``on_frame`` (on the loop)."""

    def close(self) -> None:
        """Stop delivering and end the session."""
