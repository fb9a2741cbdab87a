"""The table's building blocks. Each shows one slice of the view and re-renders only
when that slice (or the look) changes; none of them sends anything to the host."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from rich.style import Style as RichStyle
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Input

from tui.cards import CardLook, ascii_suits, card_label, card_style


def needs_layout(widget: Widget) -> bool:
    """Whether new content may change the widget's height, so the screen must reflow.

    A layout re-renders every widget on the screen (and ``Static.update`` asks for one
    by default); a repaint redraws only this widget's region. Per-session rendering cost
    is dominated by that difference, so a widget asks for a layout only when the height
    its new content needs differs from the height it has.
    """
    if not widget.is_mounted or not widget.size:
        return True
    height = widget.styles.height
    if height is not None and height.is_cells:
        return False
    width = widget.content_region.width
    # The height measured for the old content is kept by width: asked as it stood, a
    # line added (a second line of the lobby's chat) left the widget one row high.
    widget.clear_cached_dimensions()
    wanted = widget.get_content_height(widget.size, widget.app.size, width)
    low, high = widget.styles.min_height, widget.styles.max_height
    if low is not None and low.is_cells:
        wanted = max(wanted, int(low.value))
    if high is not None and high.is_cells:
        wanted = min(wanted, int(high.value))
    return wanted != widget.content_region.height


class HandView(Widget, can_focus=True):
    """Your hand: cursor, selection, mouse clicks. Typing codes is handled by the screen."""

    DEFAULT_CSS = "HandView { height: auto; min-height: 1; }"

    class Changed(Message):
        """The selection or cursor moved (the screen updates its hint line)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.cards: list[dict[str, Any]] = []
        self.selected: list[int] = []
        self.cursor = 0
        self.look = CardLook()
        self.hidden: frozenset[int] = frozenset()
        self.marked: frozenset[int] = frozenset()
        """Cards the player could lay off now (a hint), drawn ``*7♥``."""
        self.mouse = True
        self._hits: list[tuple[int, int, int, int]] = []  # (row, x0, x1, index)
        self._key: Hashable = None

    @property
    def faces(self) -> dict[int, str]:
        """Each card's code by its id."""
        return {c["id"]: c["code"] for c in self.cards}

    @property
    def shown(self) -> list[dict[str, Any]]:
        return [c for c in self.cards if c["id"] not in self.hidden]

    def set_cards(self, cards: Sequence[dict[str, Any]], look: CardLook,
                  hidden: frozenset[int], mouse: bool,
                  marked: frozenset[int] = frozenset()) -> None:
        ids = {c["id"] for c in cards}
        key = (tuple((c["id"], c["code"]) for c in cards), look, hidden, marked)
        self.mouse = mouse
        if key == self._key:
            return
        self._key = key
        self.cards, self.look, self.hidden = list(cards), look, hidden
        self.marked = marked
        self.selected = [i for i in self.selected if i in ids and i not in hidden]
        self.cursor = max(0, min(self.cursor, len(self.shown) - 1))
        self._changed()

    def _changed(self) -> None:
        self.refresh()
        if needs_layout(self):
            self.refresh(layout=True)
        self.post_message(self.Changed())

    # selection
    def toggle(self, card_id: int) -> None:
        if card_id in self.selected:
            self.selected.remove(card_id)
        else:
            self.selected.append(card_id)
        self._changed()

    def select(self, ids: Sequence[int]) -> None:
        for i in ids:
            if i not in self.selected:
                self.selected.append(i)
        self._changed()

    def clear(self) -> None:
        self.selected = []
        self._changed()

    def move(self, step: int) -> None:
        if self.shown:
            self.cursor = (self.cursor + step) % len(self.shown)
            self._changed()

    def toggle_cursor(self) -> None:
        shown = self.shown
        if shown:
            self.toggle(shown[self.cursor]["id"])

    def cursor_card(self) -> dict[str, Any] | None:
        shown = self.shown
        return shown[self.cursor] if shown else None

    # drawing
    def _layout(self, width: int) -> list[list[tuple[int, str, str]]]:
        rows: list[list[tuple[int, str, str]]] = [[]]
        x = 0
        for index, card in enumerate(self.shown):
            label = card_label(card["code"], self.look)
            if card["id"] in self.selected:
                cell = f"[{label}]"
            else:
                cell = f"{'*' if card['id'] in self.marked else ' '}{label} "
            if x + len(cell) > max(width, 6) and rows[-1]:
                rows.append([])
                x = 0
            rows[-1].append((index, cell, card["code"]))
            x += len(cell)
        return rows

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return max(1, len(self._layout(width)))

    def render(self) -> Text:
        shown = self.shown
        if not shown:
            return Text("(no cards)", style="dim")
        out = Text()
        self._hits = []
        for r, row in enumerate(self._layout(self.size.width)):
            if r:
                out.append("\n")
            x = 0
            for index, cell, code in row:
                style = card_style(code, self.look)
                if index == self.cursor and self.has_focus:
                    style = f"{style} reverse".strip()
                elif index == self.cursor:
                    style = f"{style} underline".strip()
                out.append(cell, style=style)
                self._hits.append((r, x, x + len(cell), index))
                x += len(cell)
        return out

    def on_click(self, event: events.Click) -> None:
        if not self.mouse:
            return
        for row, x0, x1, index in self._hits:
            if row == event.y and x0 <= event.x < x1:
                self.cursor = index
                self.toggle(self.shown[index]["id"])
                return

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()


def text_strip(text: Text, console: Any) -> Strip:
    """One line of rich Text as a Strip (no wrapping: the caller sized it)."""
    return Strip(list(text.render(console, end="")), text.cell_len)


class SharedRows:
    """Finished rows that the line widgets of every session share.

    The spectators of a table, and largely its players, see the same lines in the same
    style and width: each such row is turned into segments, cropped, styled and filtered
    once for all of them, not once per screen. A row is known by everything that makes
    it: the line's text, spans and style, and the widget's base style, width, background
    and line filters (compared by kind and settings, since every App has its own).
    """

    def __init__(self, size: int = 4096) -> None:
        self._size = size
        self._rows: OrderedDict[Hashable, Strip] = OrderedDict()

    def get(self, key: Hashable) -> Strip | None:
        return self._rows.get(key)

    def put(self, key: Hashable, row: Strip) -> None:
        self._rows[key] = row
        if len(self._rows) > self._size:
            self._rows.popitem(last=False)


SHARED_ROWS = SharedRows()


class SharedBuilds:
    """The last few blocks of lines built for a screen part, shared by every session.

    Each spectator of a table (and each player, for the public parts) builds the same
    lines from the same view: the first session to ask builds them, the others find
    them by their key. Keys are compared, not hashed (they hold parts of the view), and
    only the last few are kept. Lines handed out are shared and must not be changed.
    """

    def __init__(self, size: int = 16) -> None:
        self._size = size
        self._built: list[tuple[Any, list[Text]]] = []

    def get(self, key: Any, build: Callable[[], list[Text]]) -> list[Text]:
        for known, lines in self._built:
            if known == key:
                return lines
        lines = build()
        self._built.insert(0, (key, lines))
        del self._built[self._size:]
        return lines


def text_key(text: Text) -> Hashable:
    return text.plain, tuple(text.spans), text.style


class PaintedOnce(Widget):
    """A widget of plain lines whose rows are made once and reused until they change.

    Each line's segments are built, cropped and styled once per (text, style, width) and
    shared between sessions (``SHARED_ROWS``); Textual's styles cache then places them
    as for any widget. ``rich_style`` walks every ancestor's styles on each call, so the
    base style and the content size are read at most once per render pass.

    (These rows once skipped Textual's styles cache too, through its private helpers:
    11% of host CPU per update alone, less than the compositor's 19%, and only one
    reach into Textual's private classes is kept; see ``tui/rendering.py``.)
    """

    _content: Size = Size(0, 0)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._style: RichStyle | None = None
        self._painted: dict[int, Strip] = {}
        self._painted_for: tuple[Any, ...] | None = None

    def render_lines(self, crop: Region) -> list[Strip]:
        self._style = None
        self._content = self.content_region.size
        return super().render_lines(crop)

    @property
    def base_style(self) -> RichStyle:
        if self._style is None:
            self._style = self.rich_style
            key = (self._style, self._content.width)
            if key != self._painted_for:
                self._painted_for = key
                self._painted.clear()
        return self._style

    def paint_text(self, key: int, text: Text) -> Strip:
        """A line of text as a finished row (kept by ``key``, and shared between
        sessions through ``SHARED_ROWS``)."""
        done = self._painted.get(key)
        if done is None:
            style = self.base_style
            shared = (text_key(text), style, self._content.width)
            done = SHARED_ROWS.get(shared)
            if done is None:
                done = text_strip(text, self.app.console)
                width = self._content.width
                if done.cell_length != width:
                    # (Textual caches a crop that changes nothing as the strip itself, a
                    # strip holding itself that only the cyclic collector frees: a test
                    # in tests/tui/test_rendering.py)
                    done = done.crop_extend(0, width, style)
                done = done.apply_style(style)
                SHARED_ROWS.put(shared, done)
            self._painted[key] = done
        return done

    def blank(self) -> Strip:
        """An empty row (kept with the painted rows, under a key no row uses)."""
        style = self.base_style
        done = self._painted.get(-1)
        if done is None:
            done = self._painted[-1] = Strip.blank(self._content.width, style)
        return done

    def forget(self, key: int | None = None) -> None:
        if key is None:
            self._painted.clear()
        else:
            self._painted.pop(key, None)


class LinesView(PaintedOnce):
    """A fixed-size block of text lines that repaints only the lines that changed.

    A Static repaints all its lines when any changes, and when its line count changes
    the whole screen is laid out and redrawn. Here a new set of lines is compared line
    by line with the shown one; only the rows that differ are marked dirty, and the
    widget's size never follows its content (it scrolls instead: wheel, or ``scroll``).
    """

    DEFAULT_CSS = "LinesView { height: 1fr; }"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lines: list[Text] = []
        self.top = 0
        self.repainted = 0  # rows repainted since mounting (tests read it)

    def set_lines(self, lines: list[Text]) -> int:
        """Show ``lines``; returns how many visible rows had to be repainted."""
        old = self.lines
        self.lines = lines
        changed = [y for y in range(max(len(old), len(lines)))
                   if y >= len(old) or y >= len(lines) or old[y] != lines[y]]
        for y in changed:
            self.forget(y)
        height = self.content_region.height
        top = max(0, min(self.top, len(lines) - height))
        if top != self.top:  # everything shown moves
            self.top = top
            self.refresh()
            self.repainted += height
            return height
        rows = [y - top for y in changed if 0 <= y - top < height]
        width = self.content_region.width
        for row in rows:
            self.refresh(Region(0, row, width, 1))
        self.repainted += len(rows)
        return len(rows)

    def scroll(self, step: int) -> None:
        height = self.content_region.height
        top = max(0, min(self.top + step, len(self.lines) - height))
        if top != self.top:
            self.top = top
            self.refresh()

    def render_line(self, y: int) -> Strip:
        index = self.top + y
        if index >= len(self.lines):
            return self.blank()
        self.base_style  # noqa: B018 - may clear the painted rows (a new style or width)
        return self.paint_text(index, self.lines[index])

    def on_resize(self) -> None:
        self.forget()

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        self.scroll(-3)
        event.stop()

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        self.scroll(3)
        event.stop()


class TextLines(LinesView):
    """A text that rebuilds only when the data it shows changed, and then repaints only
    the rows that differ (lines longer than the widget are cropped, not wrapped)."""

    DEFAULT_CSS = "TextLines { height: 1; }"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._slice: Any = object()
        self.renders = 0
        self.text = Text()

    def show(self, data: Any, build: Callable[[], Text | str]) -> bool:
        if data == self._slice:
            return False
        self._slice = data
        self.renders += 1
        text = build()
        self.text = Text(text) if isinstance(text, str) else text
        self.set_lines(list(self.text.split("\n", allow_blank=True)))
        if needs_layout(self):
            self.refresh(layout=True)
        return True

    def render(self) -> Text:
        """The whole text (Textual sizes an auto-height widget from it; tests read it)."""
        return self.text


class LogView(PaintedOnce):
    """The table's event log and chat, oldest line at the top, newest below it.

    Textual's RichLog grows its virtual size on every write, and a virtual size change
    lays out and redraws the whole screen. This view keeps its size and pages instead of
    scrolling line by line: a new line is painted in the next free row, and only when
    the view is full does it move the older half up (the one write that repaints every
    row). Each line is wrapped and turned into strips once. The wheel scrolls back
    through the last ``max_lines`` lines.
    """

    DEFAULT_CSS = "LogView { height: 1fr; }"

    def __init__(self, max_lines: int = 300, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.max_lines = max_lines
        self.lines: list[Text] = []
        self.written = 0
        self.first = 0  # the wrapped row shown at the top, while following the log
        self.back = 0  # rows scrolled back by the wheel (0: following the log)
        self.repainted = 0  # rows repainted since mounting (tests read it)
        self._rows: tuple[int, int, list[Text]] = (0, -1, [])
        self._dropped = 0  # rows trimmed from the front since the rows were last rebuilt
        self.ascii = False
        """Suits shown as letters (the session's ASCII setting); lines keep their glyphs."""
        self._full_page = False
        """After ``replace``, until the next line: the page full, ending at the last row
        (at whatever height the screen's layout settles on), not half a page on."""

    def write(self, line: Text) -> None:
        self._full_page = False
        self.written += 1
        self.lines.append(line)
        del self.lines[:-self.max_lines]
        width, height = self.content_region.width, self.content_region.height
        if not self.is_mounted or width <= 0 or height <= 0:
            self.refresh()
            return
        cached, count_before = self._rows[1] == width, len(self._rows[2])
        rows = self.rows(width)
        added = len(rows) - count_before
        first = self._follow(len(rows), height)
        if not cached or self.back or first != self.first or not 0 < added <= height:
            self.first = first
            self.refresh()
            self.repainted += height
            return
        for y in range(len(rows) - added - first, len(rows) - first):
            self.refresh(Region(0, y, width, 1))
        self.repainted += added

    def replace(self, lines: list[Text]) -> None:
        """Every line anew (lines that came before those shown were added)."""
        self.lines = list(lines[-self.max_lines:])
        self._rows = (self.written, -1, [])  # a width no screen has: every row is rebuilt
        self.first = self.back = 0
        self._full_page = True
        self.refresh()

    def set_ascii(self, ascii: bool) -> None:
        """Show suits as letters, or as glyphs again, in every line already written."""
        if ascii != self.ascii:
            self.ascii = ascii
            self.replace(self.lines)

    def on_resize(self) -> None:
        """A new size shows a full page of the lines it has, ending at the newest: after
        80x24 grew to 120x40, the log followed from where it was and left most of the
        taller panel empty (play-test)."""
        if not self.back:
            self._full_page = True
        self.forget()
        self.refresh()

    def _follow(self, count: int, height: int) -> int:
        """Top row while following: unchanged until the rows overflow, then half a page on."""
        if count - self.first <= height and self.first <= count:
            return self.first
        return max(0, count - max(1, height // 2))

    def _wrap(self, line: Text, width: int) -> list[Text]:
        if self.ascii:
            line = ascii_suits(line)
        fits = width <= 0 or (line.cell_len <= width and "\n" not in line.plain)
        return [line] if fits else list(line.wrap(self.app.console, width))

    def rows(self, width: int) -> list[Text]:
        """Every line wrapped to ``width``, oldest first; only new lines are wrapped."""
        written, cached_width, rows = self._rows
        new = self.written - written
        if cached_width != width or new > len(self.lines):
            rows, new = [], len(self.lines)
            self.first = self._dropped = 0
            self.forget()
        for line in self.lines[len(self.lines) - new:]:
            rows.extend(self._wrap(line, width))
        keep = self.max_lines * 3
        if len(rows) > keep:
            self.first = max(0, self.first - (len(rows) - keep))
            self._dropped += len(rows) - keep
            rows = rows[-keep:]
        self._rows = (self.written, width, rows)
        return rows

    def render_line(self, y: int) -> Strip:
        width, height = self._content
        rows = self.rows(width)
        self.first = max(0, len(rows) - height) if self._full_page else self._follow(
            len(rows), height)
        self.back = max(0, min(self.back, max(0, len(rows) - height)))
        style = self.base_style
        if self.back:
            start = max(0, len(rows) - height - self.back)
            if y == height - 1:
                note = Text(f"-- {self.back} newer rows below --", style="dim reverse")
                return self.finish(text_strip(note, self.app.console)
                                   .crop_extend(0, width, style))
        else:
            start = self.first
        index = start + y
        if index >= len(rows):
            return self.blank()
        if len(self._painted) > 4 * height:
            self.forget()
        return self.paint_text(self._dropped + index, rows[index])  # a row's own number

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        self.back += 3
        self.refresh()
        event.stop()

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        self.back = max(0, self.back - 3)
        self.refresh()
        event.stop()


class KeysBar(TextLines):
    """The footer line: the keys the screen offers now, each clickable.

    Textual's Footer rebuilds a widget per key and lays the screen out again whenever
    the bindings are refreshed; this is one line of text, redrawn only when the offer
    changed.
    """

    DEFAULT_CSS = "KeysBar { height: 1; background: $footer-background; }"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._hits: list[tuple[int, int, str]] = []  # (x0, x1, action)

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self._bindings_changed(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Any) -> None:
        offered: list[tuple[str, str, str, bool]] = []
        seen: set[tuple[str, str]] = set()
        for _, binding, enabled, _ in screen.active_bindings.values():
            if binding.show and (binding.action, binding.description) not in seen:
                seen.add((binding.action, binding.description))  # "escape,q": one entry
                offered.append((binding.key_display or self.app.get_key_display(binding),
                                binding.description, binding.action, enabled))
        width = self.size.width
        self.show((tuple(offered), width), lambda: self._text(offered, width))

    def on_resize(self) -> None:
        # (LinesView's handler runs too: Textual calls each class's in the MRO)
        self._bindings_changed(self.screen)

    def _text(self, offered: list[tuple[str, str, str, bool]], width: int = 0) -> Text:
        """Two spaces after each key's name, or one where that would not fit the line
        (a dialog's eight keys at 80 columns lost their last, `esc Close`)."""
        out = self._spaced(offered, "  ")
        if width and out.cell_len - 2 > width:  # (the last gap may fall off the edge)
            out = self._spaced(offered, " ")
        return out

    def _spaced(self, offered: list[tuple[str, str, str, bool]], gap: str) -> Text:
        out = Text()
        self._hits = []
        for key, description, action, enabled in offered:
            start = out.cell_len
            out.append(f" {key} ", style="bold reverse" if enabled else "dim reverse")
            out.append(f"{description}{gap}", style="" if enabled else "dim")
            if enabled:
                self._hits.append((start, out.cell_len, action))
        return out

    async def on_click(self, event: events.Click) -> None:
        for x0, x1, action in self._hits:
            if x0 <= event.x < x1:
                event.stop()
                await self.screen.run_action(action)
                return


EDITING_KEYS: dict[str, str] = {
    key: binding.action for binding in Input.BINDINGS if isinstance(binding, Binding)
    and binding.action not in ("submit", "copy", "cut", "paste")
    for key in binding.key.split(",")}
"""A text field's editing keys (Backspace, arrows, Home, Ctrl+U ...) and their actions."""


class InOrderInput(Input):
    """A text field whose editing keys act in the order they were typed. Textual runs a
    field's key bindings once the key has bubbled up to the App, after the characters
    typed behind it (Textual issue 6605): keys arriving together over SSH ("abc",
    Backspace, "d") sent "abc", and a form field corrected with Ctrl+U and new text came
    out empty (play-test). Here they run as the key arrives."""

    async def on_key(self, event: events.Key) -> None:
        action = EDITING_KEYS.get(event.key)
        if action is not None:
            event.stop()
            event.prevent_default()
            await self.run_action(action)


class ChatLine(InOrderInput):
    """A chat line (a table's, the lobby's). Textual's Input refuses a paste whole when
    the text would pass `max_length` (a long paste into chat vanished, play-test): this
    one takes what fits. Enter sends (``Submitted``) in the line's own order of keys.
    A screen's line adds its Esc and the keys line's two keys: the screen's letter keys
    type here, so the line went blank and nothing said how to get back (play-test)."""

    async def on_key(self, event: events.Key) -> None:
        """Enter sends here, in the line's own order of keys. As a binding's action it ran
        after keys typed behind it had reached the line: "one" Enter "two" Enter, typed
        fast, sent "onetwo" twice (play-test)."""
        await super().on_key(event)
        if event.key == "enter":
            event.stop()
            event.prevent_default()
            text, self.value = self.value, ""
            self.post_message(self.Submitted(self, text))
        elif event.is_printable and self.max_length and len(self.value) >= self.max_length \
                and self.selection.start == self.selection.end:
            self._say_full()

    def _say_full(self, left_out: int = 0) -> None:
        """On the screen's status line: the line is full (typing past it did nothing, and
        said nothing, play-test)."""
        note = getattr(self.screen, "note", None)
        if note is not None:
            note(f"A chat line holds {self.max_length} characters: "
                 + ("send it (Enter) to say more." if not left_out else
                    f"the last {left_out} of the paste were left out."))

    async def action_submit(self) -> None:
        """(The Enter binding stays for the keys line; `on_key` has sent the line.)"""

    def on_paste(self, event: events.Paste) -> None:
        line = chat_paste(event.text)
        start, end = sorted(self.selection)
        room = max(0, (self.max_length or len(line)) - len(self.value) + (end - start))
        event.prevent_default()  # (Input's handler would refuse it, or keep one line)
        event.stop()
        if room and line:
            self.replace(line[:room], start, end)
        if len(line) > room:  # (cut without a word, play-test)
            self._say_full(len(line) - room)


def chat_paste(text: str) -> str:
    """A paste as one chat line: several lines joined by spaces (Input kept only the
    first of a 60-line paste, play-test), and a control character (an ESC) a space, in
    its place."""
    lines = text.splitlines() or [""]
    if len(lines) > 1:
        lines = [part.strip() for part in lines if part.strip()]
    return printable(" ".join(lines))


def printable(text: str) -> str:
    """A control character (an ESC, a newline) a space, in its place."""
    return "".join(c if c.isprintable() else " " for c in text)
