"""A compositor that renders only the widgets a repaint touches.

Textual's partial update crops to the box around *all* dirty regions and asks every
widget inside that box for its lines. On the table screen the changes of one move are
spread from the top line to the footer, so that box is the whole screen and all of its
widgets are rendered for a one-line change. Here the widgets are filtered by the dirty
regions themselves. The output is the same: the lines written are still the dirty spans,
and a span can only be covered by widgets that overlap it.

It relies on ``Compositor._get_renders`` and ``render_partial_update`` of the pinned
Textual 8.2 (see pyproject.toml); ``tests/tui/test_rendering.py`` compares its screens
with Textual's own compositor.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual._compositor import ChopsUpdate, Compositor
from textual.geometry import Region
from textual.strip import Strip


class DirtyOnlyCompositor(Compositor):
    def __init__(self) -> None:
        super().__init__()
        self._updating: list[Region] | None = None

    def render_partial_update(self) -> ChopsUpdate | None:
        self._updating = list(self._dirty_regions)
        try:
            return super().render_partial_update()
        finally:
            self._updating = None

    def _get_renders(
        self, crop: Region | None = None
    ) -> Iterable[tuple[Region, Region, list[Strip]]]:
        updating = self._updating
        if not updating or crop is None:
            yield from super()._get_renders(crop)
            return
        for widget, (region, clip) in self.visible_widgets.items():
            shown = clip.intersection(region)
            if not shown or not any(shown.overlaps(dirty) for dirty in updating):
                continue
            x, y, width, height = shown
            yield region, clip, widget.render_lines(
                Region(x - region.x, y - region.y, width, height))
