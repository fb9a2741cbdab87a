"""The rendering shortcuts that reach into Textual's private classes, and the setting
that picks them.

``dirty-rows``: the table screen's compositor asks each widget only for the rows a
repaint touches (``tui/compositor.py``). ``painted-rows``: plain line widgets paint
their finished rows once and skip Textual's styles cache (``tui.widgets.PaintedOnce``).
Either way a person sees the same screen (``tests/tui/test_rendering.py``); the host's
``--render`` flag chooses, and ``bench/host_load.py`` measures each against plain
Textual.
"""

from __future__ import annotations

KNOWN = frozenset({"dirty-rows", "painted-rows"})


def parse(text: str) -> frozenset[str]:
    """``textual`` (none), or a comma-separated list of KNOWN shortcuts."""
    names = frozenset(n.strip() for n in text.split(",") if n.strip()) - {"textual"}
    unknown = names - KNOWN
    if unknown:
        raise ValueError(f"unknown rendering shortcut(s): {', '.join(sorted(unknown))}")
    return names


SHORTCUTS = KNOWN
"""The default (``meldhall serve --render``)."""
