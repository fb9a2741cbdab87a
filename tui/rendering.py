"""The rendering shortcut that reaches into Textual's private classes, and the setting
that turns it on.

``dirty-rows``: the table screen's compositor asks each widget only for the rows a
repaint touches (``tui/compositor.py``, a subclass of Textual's private ``Compositor``).
A person sees the same screen either way (``tests/netcode/test_render_paths.py``, at
two colour depths; ``tests/tui/test_rendering.py``, byte for byte).

Measured with ``bench/host_load.py`` (4 tables x 8 sessions, 30 s of play, two rounds
each, host CPU per session per update, the machine shared with other work): plain
Textual 2.31 / 2.03 ms; dirty-rows alone 1.75 / 1.76 ms (19% less); a second shortcut,
line rows that skipped Textual's styles cache through its private helpers, 2.01 / 1.85
ms alone (11% less); both 1.46 / 1.52 ms. Only one reach into Textual's private classes
is kept, the one that pays most, so the line rows go through Textual's own path.
``meldhall serve --render textual`` runs on plain Textual.
"""

from __future__ import annotations

KNOWN = frozenset({"dirty-rows"})


def parse(text: str) -> frozenset[str]:
    """``textual`` (none), or a comma-separated list of KNOWN shortcuts."""
    names = frozenset(n.strip() for n in text.split(",") if n.strip()) - {"textual"}
    unknown = names - KNOWN
    if unknown:
        raise ValueError(f"unknown rendering shortcut(s): {', '.join(sorted(unknown))}")
    return names


SHORTCUTS = KNOWN
"""The default (``meldhall serve --render``)."""
