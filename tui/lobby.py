"""The lobby: who you are, the tables, and the create-table form."""

from __future__ import annotations

import json
import re
import time
from collections import deque
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, DataTable, Input, Label, Select, Static

from engine.registry import GAMES
from tui.sheets import (
    YES_NO,
    ChoiceDialog,
    ask_first,
    changed_items,
    option_label,
    option_text,
)
from tui.widgets import ChatLine, InOrderInput, KeysBar, TextLines

OTHER_COLUMNS = 46
"""Columns of a lobby row besides Seats: #, Game, Watching, State, the cells' padding and
the scroll bar; what is left of the window's width is the Seats column's."""
SEATS_MIN = 20


def usual_seats(game: dict[str, Any]) -> Any:
    """The seat count the form offers first: the game's usual one where the host names it
    and allows it, else its first allowed count."""
    usual = game.get("usual_seats")
    return usual if usual in game["seats"] else game["seats"][0]


def seats_text(table: dict[str, Any], width: int = 0) -> str:
    """Seats as names, in seat order: ``ann, bot 1, -, cy (away)``. Where that is wider
    than `width`, the bots and free seats are counted after the people (``ann, cy (away),
    5 bots, 1 free``), and failing that everyone is (``3 people (1 away), 5 bots``: who
    is away matters to someone choosing a table, play-test): eight seats spelled out
    pushed the Watching and State columns off an 80-column lobby."""
    parts, people, bots, free, away = [], [], 0, 0, 0
    for p in table.get("players", []):
        if p.get("name") is None:
            parts.append("-")
            free += 1
        elif p.get("bot"):
            parts.append(p["name"])
            bots += 1
        else:
            away += not p.get("present", True)
            people.append(p["name"] + ("" if p.get("present", True) else " (away)"))
            parts.append(people[-1])
    full = ", ".join(parts)
    if not width or len(full) <= width:
        return full
    counts = [f"{bots} bot{'s' * (bots != 1)}"] * bool(bots) + [f"{free} free"] * bool(free)
    short = ", ".join(people + counts)
    if len(short) <= width:
        return short
    many = len(people)
    said = f"{many} {'person' if many == 1 else 'people'}" + (f" ({away} away)" if away else "")
    return ", ".join([said] * bool(many) + counts)


def people_text(lobby: dict[str, Any], width: int = 0, lines: int = 2) -> str:
    """Who is in the room and where: ``ann (lobby), bob (table 2), cy (table 2, away)``;
    with a `width`, wrapped between people onto at most `lines` lines after the label,
    the rest counted (``and 12 more``) rather than cut off at the edge."""
    parts = people_parts(lobby)
    total = lobby.get("people_total", len(parts))
    if not width:
        more = total - len(parts)
        return ", ".join(parts + ([f"and {more} more"] if more > 0 else []))
    label = len(" In the room: ")
    for shown in range(len(parts), -1, -1):
        more = total - shown
        rows = wrap_items(parts[:shown] + ([f"and {more} more"] if more > 0 else []), ",",
                          label, width)
        if len(rows) <= lines:
            return ("\n" + " " * label).join(rows)
    return f"{total} people"


def people_parts(lobby: dict[str, Any]) -> list[str]:
    parts = []
    for p in lobby.get("people", []):
        if p.get("table") is None:
            where = "lobby"
        else:
            where = f"table {p['table']}"
            if p.get("away"):
                where += ", away"
            elif p.get("watching"):
                where += ", watching"
        parts.append(f"{p.get('name')} ({where})")
    return parts


def seat_range(game: dict[str, Any]) -> str:
    """``2-8`` for a run of seat counts, ``2/3/4/6`` otherwise: short enough for 80 columns."""
    seats = sorted(game.get("seats", []))
    if len(seats) > 2 and seats == list(range(seats[0], seats[-1] + 1)):
        return f"{seats[0]}-{seats[-1]}"
    return "/".join(str(s) for s in seats)


def games_lines(games: list[dict[str, Any]], width: int) -> str:
    """" Games: A (2-8) · B (4) ..." wrapped between games to fit `width` (cropped, the
    last of four games was cut off at 80 columns)."""
    label = " Games: "
    rows = wrap_items([f"{g.get('title')} ({seat_range(g)})" for g in games], " ·",
                      len(label), width)
    return label + ("\n" + " " * len(label)).join(rows)


def wrap_items(items: list[str], sep: str, label: int, width: int) -> list[str]:
    """The items joined by `sep` and a space, broken between items into rows that fit
    `width` after a label (or its indent) of `label` columns; a lobby line that lists
    things wraps this way rather than being cut at the edge."""
    rows, row = [], ""
    for i, item in enumerate(items):
        piece = item + (sep if i < len(items) - 1 else "")
        if row and label + len(row) + 1 + len(piece) > width - 1:
            rows.append(row)
            row = piece
        else:
            row = f"{row} {piece}" if row else piece
    return [*rows, row]


COLUMNS = ("#", "Game", "Seats", "Watching", "State")
"""The lobby's table of tables."""

LOBBY_CHAT_SHOWN = 3
"""The lobby chat's last lines on the lobby screen."""


def state_text(entry: dict[str, Any]) -> str:
    """The State column: a game under way with a seat someone left is "seat free", not
    "waiting" as a table not begun is (play-test: it read as not started)."""
    state = str(entry.get("state", ""))
    return "seat free" if state == "waiting" and entry.get("started") else state


class LobbyChatLine(ChatLine):
    """The lobby's chat line: Enter sends it (and it stays open for the next line), Esc
    goes back to the tables."""

    BINDINGS = [Binding("enter", "submit", "sends", key_display="Enter"),
                Binding("escape", "back", "back to the tables", key_display="Esc")]

    def action_back(self) -> None:
        self.display = False
        self.screen.query_one(DataTable).focus()


class LobbyScreen(Screen[None]):
    BINDINGS = [
        Binding("enter", "sit", "Sit", show=False),
        Binding("j", "sit", "Sit"),
        Binding("J", "sit_at", "Sit at a seat", show=False),  # (in ? and the README)
        Binding("w", "watch", "Watch"),
        Binding("a", "again", "Again"),  # (short: the keys line fits 80 columns with c Chat)
        Binding("v", "replay", "Replay"),
        Binding("D", "close_table", "Close table", show=False),  # (in ? and the README)
        Binding("n", "new", "New table"),
        Binding("l", "refresh", "Refresh", show=False),
        Binding("left_square_bracket", "page(-1)", "Prev page", show=False),
        Binding("right_square_bracket", "page(1)", "Next page", show=False),
        Binding("r", "rules", "Rules"),
        Binding("o", "settings", "Settings"),
        Binding("c", "chat", "Chat"),
        Binding("question_mark", "help", "Keys", show=False),
        # As at a table: q did nothing in the lobby, and Ctrl+C was found in ? alone
        # (play-test). It asks first, as Ctrl+C does.
        Binding("q", "app.quit", "Leave", show=False),
        Binding("f1", "help", "Keys", show=False),  # (where many programs keep help)
    ]

    def __init__(self) -> None:
        super().__init__()
        self.lobby: dict[str, Any] = {}
        self.welcome: dict[str, Any] | None = None
        self._ready = False
        self._noted: tuple[float, Any] | None = None
        """When the refusal on the status line was said, and the chosen table's entry
        then (``note``)."""
        self.said: deque[Text] = deque(maxlen=LOBBY_CHAT_SHOWN)
        """The lobby chat's last lines, as shown."""
        self._unsent = ""
        """The lobby chat line last sent, until the host relays it (or refuses it)."""
        self.creating: dict[str, Any] | None = None
        """What the new-table form held when it asked the host for a table, until the
        host seats us (``created``) or refuses (``create_refused``)."""

    def compose(self) -> ComposeResult:
        yield TextLines(id="who")
        yield DataTable(id="tables", cursor_type="row", zebra_stripes=True)
        yield TextLines(id="chosen")
        yield TextLines(id="people")
        yield TextLines(id="games")
        yield TextLines(id="lobbychat")
        yield LobbyChatLine(id="lobbysay", max_length=200,
                            placeholder="Say to everyone in the lobby")
        yield TextLines(id="status")
        yield KeysBar()

    def on_mount(self) -> None:
        self._ready = True
        self.query_one(DataTable).add_columns(*COLUMNS)
        self.show_identity(self.welcome)
        self.show(self.lobby)
        self._show_said()
        self.query_one(DataTable).focus()

    def show_identity(self, welcome: dict[str, Any] | None) -> None:
        self.welcome = welcome
        if not self._ready:
            return
        name = (welcome or {}).get("name") or self.app.link.name  # type: ignore[attr-defined]
        user = (welcome or {}).get("user", "")
        code = (welcome or {}).get("code")

        def build() -> Text:
            t = Text.assemble((" meldhall lobby", "bold"), f"    user: {name}")
            if user.startswith("key:"):  # on a line of its own: whole at 80 columns
                t.append(f"\n your key {user[4:]}", style="dim")
            if code:
                said = f" reclaim code {code}: connect as {name}+{code} next time"
                if keeps_code:  # (meldhall join logs in with it: nothing to type)
                    said = f" reclaim code {code}: kept by meldhall join for next time"
                if len(said) > width:  # (a long name cut "next time" at 80 columns)
                    said = said.replace(": connect", ":\n connect")
                t.append("\n" + said, style="bold yellow")
            return t

        keeps_code = self.app.link.keeps_code  # type: ignore[attr-defined]

        width = self.size.width or 80
        self.query_one("#who", TextLines).show((name, user, code, width), build)

    def _held_table(self, lobby: dict[str, Any]) -> str | None:
        """The id (as its row shows it) of the first listed table not over where a seat
        is held in this person's name (left on purpose, it waits for them), or None."""
        return next((str(t["id"]) for t in lobby.get("tables", []) if self._holds_seat_at(t)),
                    None)

    def _holds_seat_at(self, entry: dict[str, Any]) -> bool:
        """A seat at this listed table, not over, is held in this person's name."""
        name = (self.welcome or {}).get("name")
        return bool(name) and entry.get("state") != "over" and any(
            p.get("name") == name for p in entry.get("players") or [])

    def show(self, lobby: dict[str, Any]) -> None:
        if self._ready and self._noted is not None and lobby is not self.lobby:
            noted_at, entry = self._noted
            now = self._chosen_entry(lobby)
            if time.monotonic() - noted_at < self.NOTE_HOLD:
                self._noted = (noted_at, now)  # what the refusal answered
            elif now != entry:
                self.clear_note()
        self.lobby = lobby
        if not self._ready:
            return
        table = self.query_one(DataTable)
        room = max(SEATS_MIN, (self.size.width or 80) - OTHER_COLUMNS)
        rows = [(str(t["id"]), t.get("title") or t["game"], seats_text(t, room),
                 str(t.get("spectators", 0)), state_text(t))
                for t in lobby.get("tables", [])]
        current = [tuple(str(c) for c in table.get_row_at(i)) for i in range(table.row_count)]
        if rows != current:
            cursor = table.cursor_row
            # The cursor stays on its table, not its row: tables with free seats come
            # first, and when one filled up the cursor moved to another table under the
            # player's J (play-test: "Every seat at that table is taken").
            chosen = current[cursor][0] if 0 <= cursor < len(current) else None
            if not current:  # the first rows: the table holding your seat, if one does
                chosen = self._held_table(lobby)  # (play-test: j on row 1 was refused)
            cursor = next((n for n, row in enumerate(rows) if row[0] == chosen), cursor)
            # The columns too: a column keeps the width of the widest text it has held,
            # and after a wide window's rows the narrow one lost Watching and State off
            # its right edge (play-test).
            table.clear(columns=True)
            # Each column as wide as its widest cell, said here: a width left for the table
            # to work out when it is next idle came out as the headers' ("1  Cana  alice
            # 0  playi") when the host was busy after a restart, until the next connection
            # (play-test).
            for n, label in enumerate(COLUMNS):
                widest = max([len(label), *(cell_len(row[n]) for row in rows)])
                table.add_column(label, width=widest)
            for row in rows:
                table.add_row(*row, key=row[0])
            if rows:
                table.move_cursor(row=min(cursor, len(rows) - 1))
        self._show_chosen()

        people = people_text(lobby, self.size.width or 80)
        self.query_one("#people", TextLines).show(people, lambda: Text.assemble(
            (" In the room: ", "bold"), people or "nobody yet"))
        page, pages = lobby.get("page", 0), lobby.get("pages", 1)
        total = lobby.get("total", len(rows))

        def games() -> Text:
            t = Text(style="bold")
            if pages > 1:
                t.append(f" {total} tables, page {page + 1} of {pages}: [ and ] turn pages\n",
                         style="dim")
            t.append(games_lines(lobby.get("games", []), width))
            if not rows:
                t.append("\n No tables yet: press n to open one.", style="dim")
            return t

        width = self.size.width or 80
        self.query_one("#games", TextLines).show(
            (tuple(g["name"] for g in lobby.get("games", [])), bool(rows), page, pages, total,
             width), games)

    def on_resize(self) -> None:
        self.show(self.lobby)  # the games line wraps to the new width
        self._show_said()  # (and so does the chat)
        self.show_identity(self.welcome)  # (and the reclaim code's line)

    NOTE_HOLD = 1.0
    """Seconds a refusal stays whatever the listing does: a listing sent in the same
    moment as the refusal (someone took the last seat just before) shows what it
    answers, not a change since."""

    def note(self, text: str, rule: str | None = None, lasting: bool = False) -> None:
        """Say a refusal (or, ``lasting``, something to keep) on the status line. It goes
        with the next key, and a refusal also with a newer listing in which the table
        it concerns has changed: "! Every seat at this table is taken." stayed after cy
        left that table (play-test)."""
        msg = f" ! {text}" + (f" [{rule}]" if rule else "")
        self.query_one("#status", TextLines).show(msg, lambda: Text(msg, style="bold red"))
        self._noted = None if lasting else (time.monotonic(), self._chosen_entry(self.lobby))

    def _chosen_entry(self, lobby: dict[str, Any]) -> Any:
        """The chosen table's entry in a listing (the one a refusal here concerns), or
        the whole listing where there is no chosen table."""
        table = self.query_one(DataTable)
        if not table.row_count:
            return lobby.get("tables")
        chosen = str(table.get_row_at(table.cursor_row)[0])
        return next((t for t in lobby.get("tables", []) if str(t.get("id")) == chosen),
                    lobby.get("tables"))

    def clear_note(self) -> None:
        self._noted = None
        self.query_one("#status", TextLines).show("", Text)

    def on_key(self, event: events.Key) -> None:
        """A key pressed: the last refusal is done with (the key may say a new one)."""
        if self.query_one("#status", TextLines).text.plain:
            self.clear_note()

    def _table_id(self) -> int | None:
        table = self.query_one(DataTable)
        if not table.row_count:
            self.note("There is no table yet: press n to open one.")
            return None
        return int(table.get_row_at(table.cursor_row)[0])

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._show_chosen()

    def _show_chosen(self) -> None:
        """Under the tables, the options the chosen table's creator changed ("Table 2:
        target score 5000, max deals 3"): a table to 5,000 looked like any other until
        its rules were read at it (play-test). Nothing for a table played as usual."""
        if not self._ready:
            return
        table = self.query_one(DataTable)
        entry: dict[str, Any] = {}
        if table.row_count:
            chosen = str(table.get_row_at(table.cursor_row)[0])
            entry = next((t for t in self.lobby.get("tables", [])
                          if str(t.get("id")) == chosen), {})
        info = GAMES.get(str(entry.get("game")))
        changed = [*changed_items(entry.get("options"), dict(info.options) if info else {}),
                   *changed_items(entry.get("settings"), self.lobby.get("table_options") or {})]
        said = ", ".join(f"{label} {value}" for _, label, value, _ in changed)
        width = self.size.width or 80
        line = f"Table {entry.get('id')} plays with: {said}" if said else ""
        shown = self.query_one("#chosen", TextLines)
        shown.display = bool(line)  # (no row taken from the tables for a usual table)
        shown.show((line, width), lambda: Text("\n").join(
            Text.assemble(" ", row) for row in Text(line, style="cyan").wrap(
                self.app.console, max(20, width - 2))))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_sit()

    def action_sit(self) -> None:
        """The first free seat; at a partnership table where a person sits and more than
        one seat is free, which one (as J asks): j put a friend on the other team, and
        the seat choice was only under ? (play-test)."""
        table = self._table_id()
        if table is None:
            return
        entry = next((t for t in self.lobby.get("tables", []) if t.get("id") == table), {})
        players = entry.get("players") or []
        free = [p for p in players if p.get("name") is None and not p.get("bot")]
        people = [p for p in players if p.get("name") is not None and not p.get("bot")]
        if len(free) > 1 and people and seat_mates(entry) and entry.get("state") != "over" \
                and not self._holds_seat_at(entry):  # (j goes back to it: the host's)
            self.action_sit_at()
            return
        self.app.send({"t": "sit", "table": table})  # type: ignore[attr-defined]

    def action_sit_at(self) -> None:
        """Sit at a chosen free seat (j takes the first): partners at a partnership table
        choose their seats, where they had to add a bot first to sit apart (play-test)."""
        table = self._table_id()
        if table is None:
            return
        entry = next((t for t in self.lobby.get("tables", []) if t.get("id") == table), {})
        players = entry.get("players") or []
        free = [p["seat"] for p in players if p.get("name") is None and not p.get("bot")]
        if not free:
            self.note(f"Every seat at table {table} is taken.")  # as the host says it
            return
        taken = ", ".join(f"{p['name']} at seat {p['seat']}" for p in players
                          if p.get("name") is not None)

        def chosen(seat: str | None) -> None:
            if seat is not None:
                self.app.send({"t": "sit", "table": table,  # type: ignore[attr-defined]
                               "seat": int(seat)})

        mates = seat_mates(entry)
        self.app.push_screen(ChoiceDialog(
            "Which seat?" + (f" ({taken})" if taken else ""),
            [(str(seat), f"seat {seat}{mates.get(seat, '')}") for seat in free]), chosen)

    def action_watch(self) -> None:
        table = self._table_id()
        if table is not None:
            self.app.send({"t": "watch", "table": table})  # type: ignore[attr-defined]

    def action_again(self) -> None:
        """Sit, then start a new game, at the chosen finished table: one request, which the
        host refuses with its reason (the game is still on, every seat is taken)."""
        table = self._table_id()
        if table is not None:
            self.app.send({"t": "again", "table": table})  # type: ignore[attr-defined]

    def action_replay(self) -> None:
        """Step through the chosen finished game, every hand shown."""
        table = self._table_id()
        if table is None:
            return
        entry = next((t for t in self.lobby.get("tables", []) if t.get("id") == table), {})
        if entry.get("state") != "over" and not entry.get("replay"):
            self.note("Only a finished game can be replayed: its hands are still hidden.")
            return
        self.app.send({"t": "record", "table": table, "format": "json"})  # type: ignore[attr-defined]

    def action_close_table(self) -> None:
        """Close a table you opened, its game with it, after a question (the host refuses
        where anyone else holds a seat or is at it): a seat kept by leaving counted against
        the tables one may open, and no key ended such a game (play-test)."""
        table = self._table_id()
        if table is None:
            return
        entry = next((t for t in self.lobby.get("tables", []) if t.get("id") == table), {})
        title = entry.get("title") or entry.get("game") or "the game"

        ask_first(self.app, (
            f"Close table {table} ({title}) for good? Its game ends and is not kept. Only "
            "the person who opened it may, with no one else seated there."),
            lambda: self.app.send(  # type: ignore[attr-defined]
                {"t": "close", "table": table}))

    def action_refresh(self) -> None:
        self.app.send({"t": "list"})  # type: ignore[attr-defined]

    def action_page(self, step: int) -> None:
        """The host lists a page of tables at a time, so a crowded room still fits a frame."""
        page = self.lobby.get("page", 0) + step
        if 0 <= page < self.lobby.get("pages", 1):
            self.app.send({"t": "list", "page": page})  # type: ignore[attr-defined]

    def action_new(self, values: dict[str, Any] | None = None, error: str = "") -> None:
        games = self.lobby.get("games", [])
        if not games:
            self.note("The host has not listed its games yet.")
            return

        def done(result: tuple[dict[str, Any], dict[str, Any]] | None) -> None:
            if result is not None:
                message, self.creating = result
                self.app.send(message)  # type: ignore[attr-defined]

        self.app.push_screen(CreateScreen(games, self.lobby.get("table_options"),
                                          self.lobby.get("table_option_help"), values,
                                          error, self.lobby.get("table_option_choices")),
                             done)

    def created(self) -> None:
        """The host seated us at a table: the form's values are done with."""
        self.creating = None

    def create_refused(self, text: str, rule: str | None = None) -> bool:
        """A refusal of the table the form asked for opens the form again with what the
        player typed and the host's reason in it: the form closed and the lobby said only
        "! option 'first_dealer' must be a seat from 0 to 1. [CN-O1]", everything typed
        lost (play-test). False when no form was waiting for an answer."""
        values, self.creating = self.creating, None
        if values is None:
            return False
        self.action_new(values, f"! {text}" + (f" [{rule}]" if rule else ""))
        return True

    def action_rules(self) -> None:
        self.app.show_rules()  # type: ignore[attr-defined]

    def action_settings(self) -> None:
        self.app.show_settings()  # type: ignore[attr-defined]

    def action_help(self) -> None:
        self.app.show_keys(self)  # type: ignore[attr-defined]

    def action_chat(self) -> None:
        """c: the chat line, to talk with everyone in the lobby (at a table its chat is
        the table's): who wants to play what was asked from the lobby (play-test)."""
        line = self.query_one(LobbyChatLine)
        line.display = True
        line.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "lobbysay":
            self.clear_note()  # ("A chat line holds 200 characters" outlived its line)
        if event.input.id == "lobbysay" and event.value.strip():
            self._unsent = event.value.strip()
            self.app.send({"t": "chat", "text": self._unsent})  # type: ignore[attr-defined]

    def chat_refused(self) -> None:
        """The host took no line just now (one a second from each person): the line sent
        comes back to the chat line to send again (it was lost, play-test)."""
        line = self.query_one(LobbyChatLine)
        if self._unsent and not line.value:
            line.value = self._unsent
            line.display = True
            line.focus()
        self._unsent = ""

    def chat(self, payload: dict[str, Any]) -> None:
        """A line of the lobby chat: its last lines stay under the tables."""
        if payload.get("text") == self._unsent:  # (our own line, back from the host)
            self._unsent = ""
        name, text = f"{payload.get('name')}: ", str(payload.get("text", ""))
        style = "dim" if payload.get("earlier") else ""
        self.said.append(Text.assemble((name, "bold cyan"), text, style=style))
        self._show_said()

    def _show_said(self) -> None:
        """The last lines said, wrapped to the screen (a long line was cut at its edge,
        play-test), in `LOBBY_CHAT_SHOWN` rows: the newest whole lines that fit, each
        with its sender (the rows' tail began in the middle of an older line, its sender
        out of sight, play-test), or the start of the newest."""
        if self._ready:
            said = tuple(self.said)
            lines = self.query_one("#lobbychat", TextLines)
            lines.display = bool(said)  # (no row taken from the tables while nobody spoke)
            width = max(20, (self.size.width or 80) - 2)

            def wrapped() -> Text:
                rows: list[Text] = []
                for t in reversed(said):
                    # (a column in, as every other line of the lobby: play-test)
                    mine = [Text.assemble(" ", row) for row in t.wrap(self.app.console, width)]
                    if rows and len(rows) + len(mine) > LOBBY_CHAT_SHOWN:
                        break
                    rows[:0] = mine
                return Text("\n").join(rows[:LOBBY_CHAT_SHOWN])

            lines.show((width, tuple(t.plain for t in said)), wrapped)


def said_of_fields(text: str) -> str:
    """A refusal naming options by their labels, as the form shows them: "option
    'first_dealer' must be a seat..." named a field the form calls "first dealer"
    (play-test)."""
    return re.sub(r"option '(\w+)'", lambda m: f"'{option_label(m.group(1))}'", text)


def option_value(text: str, default: Any) -> Any:
    """A field's text as the value its option takes: blank is none, yes or no where the
    option is yes-or-no, else JSON (a number, a list); what JSON cannot read goes as
    typed, for the host to refuse naming the option."""
    if isinstance(default, str):
        return text
    word = text.strip().lower()
    if not word:
        return None
    if isinstance(default, bool) and word in YES_NO:
        return YES_NO[word]
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


WIRE_INT = 2**31 - 1
"""The largest whole number the host takes in a client message (netcode/protocol.py)."""
WIRE_TEXT = 64
"""The longest text, and the most entries of a list or map, in a game option."""
WIRE_DEPTH = 4
"""The deepest nesting of lists and maps in a game option."""

TABLE_FIELDS: dict[str, tuple[type, int, int]] = {
    "clock": (bool, 0, 0), "clock_limit": (int, 0, 3600), "take_back": (bool, 0, 0),
    "bot_level": (str, 0, 16), "bot_pace_ms": (int, 0, 10_000), "absent": (str, 0, 8),
    "absent_grace": (int, 1, 3600)}
"""Each table option's type and range (a text's most characters), as the host's schema
has them (netcode/protocol.py, CLIENT_SCHEMA "create" -> "table"; a test holds the two
equal, since tui does not import netcode). The host closes a session whose message breaks
its schema, as it would a hostile one: ``abc`` in "bot pace (ms)" dropped the connection
(play-test). So the form checks each field's shape before sending anything; the values
themselves (which bot levels there are) the host still judges."""


class FieldError(ValueError):
    """A form field whose text cannot go to the host as typed; says which and why."""


def table_value(name: str, text: str, default: Any, choices: list[str] | None = None) -> Any:
    """The typed text of table option `name` as the value the host's schema takes, or
    FieldError naming the field as the form shows it. An option the host adds later is
    checked by its default's type; one the host gives `choices` for, against them."""
    kind, lo, hi = TABLE_FIELDS.get(name, (type(default), -WIRE_INT, WIRE_INT))
    label, word = option_label(name), text.strip().lower()
    if choices and isinstance(choices, list):
        if word not in choices:
            raise FieldError(f"{label} must be one of {', '.join(map(str, choices))}.")
        return word
    if kind is bool:
        if word in YES_NO:
            return YES_NO[word]
        raise FieldError(f"{label} must be yes or no.")
    if kind is int:
        if not re.fullmatch(r"-?[0-9]+", word) or not lo <= int(word) <= hi:
            raise FieldError(f"{label} must be a whole number from {lo} to {hi}.")
        return int(word)
    if len(text) > min(hi, WIRE_TEXT):
        raise FieldError(f"{label} must be at most {min(hi, WIRE_TEXT)} characters.")
    return text


def wire_problem(value: Any, depth: int = 0) -> str | None:
    """Why a game option's value would break the host's schema for free-form options
    (netcode/protocol.py ``_plain``), or None: text past 64 characters or a number past
    2147483647 closed the session like a typo in a table option did."""
    if depth > WIRE_DEPTH:
        return f"nests lists deeper than {WIRE_DEPTH}"
    if isinstance(value, bool) or value is None or isinstance(value, float):
        return None
    if isinstance(value, int):
        return None if -WIRE_INT <= value <= WIRE_INT else f"is past {WIRE_INT}"
    if isinstance(value, str):
        return None if len(value) <= WIRE_TEXT else f"is longer than {WIRE_TEXT} characters"
    items = list(value.items()) if isinstance(value, dict) else list(enumerate(value))
    if len(items) > WIRE_TEXT:
        return f"has more than {WIRE_TEXT} entries"
    for key, item in items:
        problem = wire_problem(key, depth + 1) or wire_problem(item, depth + 1)
        if problem:
            return problem
    return None


class CreateScreen(ModalScreen[tuple[dict[str, Any], dict[str, Any]] | None]):
    """Game, seat count and every rule option with its default and one-line help.

    Dismisses with the ``create`` message and the form's values (to fill it again if the
    host refuses), or None. ``values`` and ``error`` reopen it as the player left it,
    with the host's reason on top; the host alone judges the options."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+s", "create", "Create"),
    ]

    def __init__(self, games: list[dict[str, Any]],
                 table_options: dict[str, Any] | None = None,
                 table_help: dict[str, str] | None = None,
                 values: dict[str, Any] | None = None, error: str = "",
                 table_choices: dict[str, list[str]] | None = None) -> None:
        super().__init__()
        self.games = games
        self.values = values or {}
        self.error = error
        self.game = next((g for g in games if g["name"] == self.values.get("game")), games[0])
        self.table_options = dict(table_options or {})
        """The host's options for the table itself (the turn clock), beside the game's."""
        self.table_help = dict(table_help or {})
        self.table_choices = dict(table_choices or {})
        """The words a table option may be, where the host lists them (`absent`: wait, bot)."""

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="form"):
            # (one line inside the dialog at 80 columns: "Esc cancels" lost its "s")
            yield Label("Open a table: ^s or Create. Enter/Tab: next field. Esc: cancel.",
                        classes="title")
            # Always there (hidden while empty): the form's own checks write here too.
            yield Static(said_of_fields(self.error), id="error", markup=False)
            yield Button("Create", id="create", variant="primary")
            with Horizontal(classes="row"):
                yield Label("game", classes="name")
                yield Select([(g["title"], g["name"]) for g in self.games], id="game",
                             value=self.game["name"], allow_blank=False)
            seats = self.values.get("seats")
            with Horizontal(classes="row"):
                yield Label("seats", classes="name")
                yield Select([(str(s), s) for s in self.game["seats"]], id="seats",
                             value=seats if seats in self.game["seats"]
                             else usual_seats(self.game), allow_blank=False)
            options = VerticalScroll(id="options")
            options.can_focus = False  # it never scrolls (the form does): no Tab stop
            yield options
            if self.table_options:
                yield Label("This table", classes="title")
            for name, default in self.table_options.items():
                with Horizontal(classes="row field"):
                    yield Label(option_label(name), classes="name")
                    typed = self.values.get("table", {}).get(name, option_text(default))
                    yield InOrderInput(typed, id=f"table-{name}")
                yield Static(self.table_help.get(name, ""), classes="help",
                             markup=False)
        yield KeysBar()  # the form's own keys on the bottom line, not the lobby's under it

    def on_mount(self) -> None:
        self.query_one("#error", Static).display = bool(self.error)
        self._fill_options()
        self.query_one("#create", Button).focus()
        self.call_after_refresh(self._focus_refused)

    def on_input_blurred(self, event: Input.Blurred) -> None:
        """A field left shows the start of its text: it showed its end, where its cursor
        was, and "min count table" read "1, 90], [3001, 120], ..." (play-test)."""
        event.input.cursor_position = 0

    def _focus_refused(self) -> None:
        """The field a host's refusal names ("option 'deals' must be ...") has the focus:
        the form opened again at its top, a dozen Tabs away from it (play-test)."""
        named = re.search(r"option '(\w+)'", self.error)
        fields = self.query(f"#opt-{named.group(1)}") if named else None
        if fields:
            fields.first().focus()

    def _fill_options(self) -> None:
        box = self.query_one("#options", VerticalScroll)
        box.remove_children()
        helps = self.game.get("option_help", {})
        typed = self.values.get("options", {}) if self.values.get("game") == \
            self.game["name"] else {}
        rows = []
        for name, default in self.game.get("options", {}).items():
            rows.append(Horizontal(Label(option_label(name), classes="name"),
                                   InOrderInput(typed.get(name, option_text(default)),
                                                id=f"opt-{name}"),
                                   classes="row field"))
            rows.append(Static(helps.get(name, ""), classes="help", markup=False))
        box.mount_all(rows)

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "game" and event.value != self.game["name"]:
            self.game = next(g for g in self.games if g["name"] == event.value)
            seats = self.query_one("#seats", Select)
            seats.set_options([(str(s), s) for s in self.game["seats"]])
            seats.value = usual_seats(self.game)
            self._fill_options()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_create()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in a field goes on to the next one: it created the table, with the
        defaults in every field not yet reached (play-test: `3` in "first dealer" then
        Enter). Only the Create button and ^s create."""
        event.stop()
        self.focus_next()

    def action_create(self) -> None:
        options = {}
        values: dict[str, Any] = {"game": self.game["name"],
                                  "seats": self.query_one("#seats", Select).value,
                                  "options": {}, "table": {}}
        for name, default in self.game.get("options", {}).items():
            text = values["options"][name] = self.query_one(f"#opt-{name}", Input).value
            # Compared as shown: a default keyed by numbers (a pattern per deal number)
            # reads back from its text with string keys, and is still the default.
            if text != option_text(default):
                options[name] = option_value(text, default)
                problem = wire_problem(options[name])
                if problem:
                    self.refuse(f"#opt-{name}", f"option '{name}' {problem}.")
                    return
        message: dict[str, Any] = {"t": "create", "game": self.game["name"],
                                   "seats": self.query_one("#seats", Select).value}
        if options:
            message["options"] = options
        table = {}
        for name, default in self.table_options.items():
            text = values["table"][name] = self.query_one(f"#table-{name}", Input).value
            if text != option_text(default):
                try:
                    table[name] = table_value(name, text, default,
                                              self.table_choices.get(name))
                except FieldError as exc:
                    self.refuse(f"#table-{name}", str(exc))
                    return
        if table:
            message["table"] = table
        self.dismiss((message, values))

    def refuse(self, field: str, text: str) -> None:
        """Keep the form open with the typed text, say on its top line (which stays in
        sight while the fields scroll) what the field must hold, and put the cursor
        there: nothing goes to the host."""
        error = self.query_one("#error", Static)
        error.update(f"! {text}")
        error.display = True
        self.query_one(field, Input).focus()

    def action_cancel(self) -> None:
        self.dismiss(None)


def seat_mates(entry: dict[str, Any]) -> dict[int, str]:
    """Per seat of a partnership table, whom it plays with (`` · partner of eve``,
    `` · team with eve and seat 4``), from the game's seating (the engine's registry):
    J listed "seat 1, seat 2, seat 3", and a player choosing a seat to sit by a friend
    could not tell which was the friend's partner (play-test). Nothing where each plays
    alone."""
    info = GAMES.get(entry.get("game") or "")
    seats = entry.get("seats")
    if info is None or not isinstance(seats, int):
        return {}
    try:
        teams = info.teams(seats, entry.get("options") or {})
    except (TypeError, ValueError, KeyError):
        return {}
    names = {p.get("seat"): p.get("name") for p in entry.get("players") or []}
    out: dict[int, str] = {}
    for team in teams:
        for seat in team:
            others = [names.get(s) or f"seat {s}" for s in team if s != seat]
            if others:
                said = " and ".join(others)
                out[seat] = f" · partner of {said}" if len(others) == 1 \
                    else f" · team with {said}"
    return out
