"""A compositor that renders only the rows of the widgets that a repaint touches.

Textual's partial update crops to the box around *all* dirty regions and asks every
widget inside that box for all of its lines in the box. On the table screen the changes
of one move are spread from the top line to the footer, so that box is the whole screen:
every widget renders every row for a one-line change. Here each widget is asked only for
the rows that a dirty region covers within it (the log's new line, the seat line that
changed). Widgets are visited front to back, and a dirty region that one widget covers
whole is not looked for behind it, so the containers under the line widgets, and
widgets no dirty region touches, are not asked at all.

The output is the same. Textual writes only the dirty spans of each row, and a span is
a union of dirty regions that touch or overlap, so every cell it covers belongs to a
dirty region; a row of a widget that no dirty region covers can never be written, and
the compositor only needs something of the right width there to keep the rows aligned.

It also cuts rows without making garbage only the cyclic collector can free (see
``_render_chops``).

It relies on ``Compositor._get_renders``, ``_render_chops`` and ``render_partial_update``
of the pinned Textual 8.2 (see pyproject.toml); ``tests/tui/test_rendering.py`` compares
its screens with Textual's own compositor.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

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
        uncovered = updating
        for widget, (region, clip) in self.visible_widgets.items():  # front to back
            if not uncovered:
                break
            shown = clip.intersection(region)
            if not shown:
                continue
            x, y, width, height = shown
            top, bottom = y + height, y
            behind: list[Region] = []
            for dirty in uncovered:
                touched = shown.intersection(dirty)
                if touched:
                    top = min(top, touched.y)
                    bottom = max(bottom, touched.bottom)
                    if touched == dirty:
                        continue  # this widget paints all of it: nothing behind shows there
                behind.append(dirty)
            uncovered = behind
            if top >= bottom:
                continue
            strips = widget.render_lines(
                Region(x - region.x, top - region.y, width, bottom - top))
            if top > y or bottom < y + height:
                unseen = Strip.blank(width)  # rows no span reaches (see the docstring)
                strips = [unseen] * (top - y) + strips + [unseen] * (y + height - bottom)
            yield region, clip, strips

    def _render_chops(
        self, crop: Region, is_rendered_line: Callable[[int], bool]
    ) -> Sequence[Mapping[int, Strip]]:
        """Textual's own, but a row that fills its one cut whole is used as it is.

        ``Strip.divide`` keeps what it returns in the strip's own cache, and for a single
        cut at the strip's end that is ``[strip]``: the strip holds itself, so no strip
        a widget renders (almost every row: a row of one widget has one cut) is freed
        when the frame is done, only by the cyclic collector. Those cycles were nearly
        all of a room's garbage (2026-11-27, 4 tables x 8 for a minute: 10,251 of 10,477
        cycles, 150,000 of 168,000 objects), which the host's collector keeps frozen
        until its full pass, a stop of the whole room (``netcode/collector.py``)."""
        cuts = self.cuts
        chops: list[dict[int, Strip | None]] = [dict.fromkeys(cut_set[:-1]) for cut_set in cuts]
        intersection = Region.intersection
        for region, clip, strips in self._get_renders(crop):
            render_region = intersection(region, clip)
            render_x = render_region.x
            first_cut, last_cut = render_region.column_span
            for y, strip in zip(render_region.line_range, strips, strict=False):
                if not is_rendered_line(y):
                    continue
                chops_line = chops[y]
                final_cuts = [cut for cut in cuts[y] if last_cut >= cut >= first_cut]
                ends = [cut - render_x for cut in final_cuts[1:]]
                cut_strips = ([strip] if ends == [strip.cell_length]
                              else strip.divide(ends))
                # Painting front to back: the first strip for a cut wins.
                for cut, piece in zip(final_cuts, cut_strips, strict=False):
                    if chops_line.get(cut) is None:
                        chops_line[cut] = piece
        return chops  # type: ignore[return-value]
