"""The screens beside the table: score sheet, rules, one rule's text, settings, keys,
the leave confirm and the "please enlarge" screen."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Callable
from typing import Any

from rich import box
from rich.cells import cell_len
from rich.console import Console, Group
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, ScrollableContainer, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static, TabbedContent, TabPane

from tui.eventtext import covered_text
from tui.games import GameScreen, screen_for
from tui.panels import TableInfo
from tui.rules_text import RULES, TITLES, RuleEntry, rule_text, summary_lines
from tui.widgets import KeysBar

MIN_SIZE = (80, 24)
KEY_NAMES = {"question_mark": "?", "slash": "/", "left": "Left", "right": "Right",
             "space": "Space", "escape": "Esc", "enter": "Enter",
             "left_square_bracket": "[", "right_square_bracket": "]"}
LEAVE_KEYS = "Ctrl+C or Ctrl+Q leaves, after y to confirm (or a second Ctrl+C)."
NAME_CELLS = 9
"""A name's width on a compact score sheet; longer names end in "…" there (the full
sheet, from COMPACT_BELOW columns, has them whole)."""
COMPACT_BELOW = 100
"""A score sheet narrower than this (80 columns) takes a game's compact layout, where the
game has one (``GameScreen.compact_score_columns``); a wider one takes it too when the
full layout would fold its items (``full_fits``)."""


def score_table(info: TableInfo, game: GameScreen, compact: bool = False) -> Table:
    """One row per deal and team: every item the engine itemises, then the running total.

    The game's own items (piles and their bonuses, say) are its screen's columns. A
    ``compact`` sheet (a game with short columns, on a narrow window) takes their short
    forms, a team's names one a line and going out as ``+300 bob``: at 80 columns the full
    cells folded every item, and ``bob+dee+fay`` mid-name, into many rows (play-test)."""
    compact = compact and bool(game.compact_score_columns)
    columns = game.compact_score_columns if compact else game.score_columns
    # (Compact: one space between columns, the box's own, where the padding made two.)
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False,
                  padding=(0, 0) if compact else (0, 1), collapse_padding=True)
    alone = all(len(t) == 1 for t in info.teams)  # individual play: a row per player
    titles = ("Deal", "Player" if alone else "Team", "Melded",
              *(title for title, _ in columns), "Out",
              "Left" if compact else "Unplayed", "Deal", "Total")
    for title in titles:
        # Numbers keep their width; where the sheet is wider than the window (names with
        # a key's mark, "out +100 ann✓") the words wrap, where they were cut to "5…".
        number = title in ("Melded", "Deal", "Total")
        if compact:
            # Every line of a compact cell is one item that never folds: Rich narrowed
            # the columns below their longest word and broke "4x-100=-800" into "-80" and
            # "0", "+300 bot 1" into "bot" and "1" (play-test). The cells are laid out to
            # fit 80 columns; a name longer than NAME_CELLS is shortened with "…".
            named = title in ("Team", "Player", "Out")  # (a name a line)
            table.add_column(title, justify="right" if number else "left", no_wrap=True,
                             overflow="ellipsis", max_width=NAME_CELLS if named else None,
                             min_width=len(title) if number else None)
            continue
        # A team's names one a line, the column as wide as the longest of them (up to
        # NAME_CELLS): "pt3alice✓+pt3carol✓" folded mid-name (play-test).
        names = [info.name(s) for t in info.teams for s in t] if title == "Team" else []
        table.add_column(title, justify="right" if number else "left", no_wrap=number,
                         overflow="ellipsis" if number else "fold",
                         min_width=len(title) if number else min(
                             max(map(len, names)) + 1, NAME_CELLS) if names else None)
    for row in info.view.get("score_sheet", []):
        teams = row.get("teams", {})
        for i, team in enumerate(sorted(teams, key=int)):
            item = teams[team]
            # Compact: each seat's cards left beside its name in the Team column, so the
            # names are not written twice (the sheet did not fit 80 columns with them).
            unplayed = game.unplayed_lines(item) if compact else game.unplayed(item, info)
            out_cut = []
            who = went_out_by(row.get("went_out"), info, alone)
            if item.get("going_out"):
                out_cut.append(f"+{item['going_out']}" + who.replace(" ", "\n", 1)
                               if compact else f"out +{item['going_out']}" + who)
            out_cut.extend(game.out_items(item, who))
            deal = str(row.get("deal")) if i == 0 else ""
            if i == 0 and row.get("stock_exhausted"):
                # ("stock out" read as the Out column's; "stock empty" was said with the one
                # card left at which a game may end its deal: play-tests)
                deal += "\nstock\nran out"
            table.add_row(
                deal, ("\n" if compact else "+\n").join(info.name(s)
                                                         for s in info.teams[int(team)])
                if int(team) < len(info.teams) else str(team),
                str(item.get("melded", 0)),
                *(cell(item, info) for _, cell in columns),
                "\n".join(out_cut) or "-",
                # The sum under several figures; one figure alone is its own sum (a
                # player's row said "ann 0" and "= 0" under it, play-test). A compact
                # cell of one seat's parts ("-225/-105", Looking and Down) has it too.
                f"{unplayed}\n= {game.unplayed_total(item)}" if "\n" in unplayed
                or (compact and unplayed != str(game.unplayed_total(item)))
                else str(game.unplayed_total(item)),
                Text(str(item.get("deal_score", 0)), style="bold"),
                Text(str(item.get("total", 0)), style="bold"),
                end_section=i == len(teams) - 1,
            )
    return table


def full_fits(table: Table, width: int) -> bool:
    """Whether a sheet's every item stays on one line within ``width`` columns. At 100
    columns a four-player sheet with seven canastas folded "5 natural: 500" and
    "5+ canastas: 1000" into two lines each (play-test); the compact layout fits them."""
    console = Console(width=10_000, color_system=None)
    return Measurement.get(console, console.options, table).maximum <= width


def went_out_by(went: Any, info: TableInfo, alone: bool) -> str:
    """Who went out, after the bonus: the seat (or, in Looking and Down, the list of
    seats, which read "out +100 seat [0]", play-test); nothing where each plays alone,
    as the row's own player is who went out."""
    seats = went if isinstance(went, list) else [] if went is None else [went]
    if alone or not seats:
        return ""
    return " " + " and ".join(info.name(s) for s in seats)


def fold_items(head: str, items: list[str], width: int) -> str:
    """``head`` and the items three spaces apart, folded between items to ``width``
    columns (0: one line): wrapped by the sheet, "bot 6" and its "0" went to two lines
    at 80 columns (play-test)."""
    lines, line = [], head
    for item in items:
        joined = f"{line}   {item}" if line != head else line + item
        if width and line != head and cell_len(joined) > width:
            lines.append(line)
            line = " " * len(head) + item
        else:
            line = joined
    return "\n".join([*lines, line])


def score_renderable(info: TableInfo, width: int = 0) -> Group:
    """The sheet for a window ``width`` columns wide (0: any width, the full layout)."""
    v = info.view
    compact = 0 < width < COMPACT_BELOW
    deals = v.get("deals") or v.get("max_deals")
    length = f" of {deals}" if deals else ""
    target = f", game to {v['target_score']}" if v.get("target_score") else ""
    parts: list[Any] = [Text(f"{v.get('title') or v.get('game')}: score sheet "
                             f"(deal {v.get('deal_number')}{length}{target})", style="bold")]
    if not v.get("score_sheet"):
        parts.append(Text("No deal has been scored yet.", style="dim"))
    else:
        game = screen_for(v.get("game"))
        if width and not compact and game.compact_score_columns:
            compact = not full_fits(score_table(info, game), width - 4)  # (padding, bar)
        parts.append(score_table(info, game, compact))
        short = compact and bool(game.compact_score_columns)
        parts.append(Text(game.compact_score_note if short else game.score_note, style="dim"))
    totals = v.get("totals", {})
    items = [f"{info.team_name(int(t))}: {n}"  # ("bot 2 0" read as one name, play-test)
             for t, n in sorted(totals.items(), key=lambda kv: int(kv[0]))]
    parts.append(Text(fold_items("Totals: ", items, width - 4 if width else 0)))  # (padding, bar)
    covered = covered_text([(p.get("name") or f"seat {p['seat']}", p["covered_deals"])
                            for p in info.message.get("players") or []
                            if p.get("covered_deals")])
    if covered:
        parts.append(Text(covered, style="yellow"))
    if v.get("over") or info.message.get("over"):
        winners = v.get("winners") or []
        names = " and ".join(info.team_name(w) for w in winners) or "nobody"
        parts.append(Text(f"Winner: {names}" if len(winners) == 1 else f"Draw: {names}",
                          style="bold green"))
    return Group(*parts)


class ScoreScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,s,q", "close", "Back to the table")]

    def __init__(self, info: TableInfo) -> None:
        super().__init__()
        self.info = info

    def compose(self) -> ComposeResult:
        with ScrollableContainer(id="sheet"):
            yield Static(score_renderable(self.info, self.app.size.width), id="scores")
        yield KeysBar()

    def on_resize(self, event: events.Resize) -> None:
        """A window made narrower or wider takes the compact or full sheet."""
        self.query_one("#scores", Static).update(score_renderable(self.info,
                                                                  event.size.width))

    def action_close(self) -> None:
        self.dismiss(None)


def game_title(name: str) -> str:
    """``some_game_and_more`` → ``Some Game and More`` (the rules file's own title if known)."""
    return TITLES.get(name) or " ".join(
        w if w == "and" else w.capitalize() for w in name.split("_"))


def rule_body(entry: RuleEntry) -> Text:
    t = Text(f"{entry.id}  {entry.title}\n", style="bold")
    t.append(entry.text)
    return t


def option_label(name: str) -> str:
    """An option's name as a person reads it ("first dealer", "bot pace (ms)"): the form
    showed the protocol's keys (``first_dealer``), which read as code (play-test)."""
    if name.endswith("_ms"):
        name = name[:-3] + " (ms)"
    return name.replace("_", " ")


YES_NO = {"yes": True, "true": True, "on": True, "no": False, "false": False, "off": False}
"""The words a yes-or-no field takes (it shows yes or no)."""


def option_text(value: Any) -> str:
    """A value as its field shows it: yes or no, blank for none, else as typed. The form
    showed JSON (``null``, ``false``), which reads as code to a person (play-test)."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "" if value is None else json.dumps(value)


def changed_items(values: Any, usual: dict[str, Any]) -> list[tuple[str, str, str, str]]:
    """(name, label, value, usual value) of each of `values` that differs from `usual`, a
    game's options or a table's own, in `usual`'s order (a name it lacks last, its usual
    value empty): what the lobby, the rules at a table and a game's record say of a
    table's options (a table to 5,000 looked like any other, play-test)."""
    if not isinstance(values, dict):
        return []
    names = [n for n in usual if n in values] + [n for n in values if n not in usual]
    return [(name, option_label(name), said(values[name]) or "none",
             said(usual[name]) or "none" if name in usual else "")
            for name in names if name not in usual or values[name] != usual[name]]


def said(value: Any) -> str:
    """A value as a sentence says it: `option_text`, but a map as ``clean 1, dirty 0``
    and a list as ``a, b`` (the rule's note read ``{"clean": 1, ...}``, play-test)."""
    if isinstance(value, dict):
        return ", ".join(f"{option_label(str(k))} {said(v)}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(said(v) for v in value)
    return option_text(value)


def changed_lines(values: Any, usual: dict[str, Any], helps: dict[str, str]) -> list[str]:
    """`changed_items` as the rules screen lists them: value, usual value and help."""
    return [f"{label}: {value}" + (f" (usually {was})" if was else "")
            + (f" — {helps[name]}" if helps.get(name) else "")
            for name, label, value, was in changed_items(values, usual)]


class RulesView(VerticalScroll):
    """One game's rules reference, section by section, from its data file."""

    def __init__(self, game: str, at_table: list[str] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game = game
        self.at_table = at_table or []
        """The options of the table this game is played at that differ from the usual
        ones (`changed_lines`): shown first, and nothing where there are none, so How to
        play stays at the top."""

    def compose(self) -> ComposeResult:
        if self.at_table:
            yield Static(Text("At this table", style="bold underline"), classes="section")
            yield Static("Played with these options changed (the rest as usual):\n"
                         + "\n".join(f"• {line}" for line in self.at_table),
                         classes="rule", markup=False)
        summary = summary_lines(self.game)
        if summary:
            yield Static(Text("How to play", style="bold underline"), classes="section")
            for line in summary:  # a bullet each, its wrapped lines indented under it
                with Horizontal(classes="how"):
                    yield Static("•", classes="bullet")
                    yield Static(line, classes="line", markup=False)
            yield Static("", classes="how-end")
        section = None
        for entry in RULES.get(self.game, []):
            if entry.section != section:
                section = entry.section
                yield Static(Text(section, style="bold underline"), classes="section")
            yield Static(rule_body(entry), classes="rule", markup=False)


class RulesScreen(ModalScreen[None]):
    """Every game's rules, the game at hand first. The scrolling keys move the game shown
    whatever has the focus: the tabs had it, and Down and PageDown did nothing (play-test)."""

    BINDINGS = [
        Binding("escape,r,q", "close", "Close"),
        Binding("down", "scroll('down')", "Scroll", key_display="↓↑ PgDn PgUp"),
        Binding("up", "scroll('up')", "Up", show=False),
        Binding("pagedown,space", "scroll('page_down')", "Page down", show=False),
        Binding("pageup", "scroll('page_up')", "Page up", show=False),
        Binding("home", "scroll('home')", "Top", show=False),
        Binding("end", "scroll('end')", "End", show=False),
    ]

    def __init__(self, first: str | None = None, at_table: list[str] | None = None) -> None:
        super().__init__()
        self.first = first
        self.at_table = at_table or []
        """The changed options of the table at which `first` is played, on its page."""

    def compose(self) -> ComposeResult:
        games = sorted(RULES, key=lambda g: (g != self.first, game_title(g)))
        with TabbedContent(id="rules"):
            for game in games:
                with TabPane(game_title(game), id=f"rules-{game}"):
                    yield RulesView(game, self.at_table if game == self.first else None)
        yield KeysBar()

    def action_scroll(self, how: str) -> None:
        pane = self.query_one(TabbedContent).active_pane
        if pane is not None:
            getattr(pane.query_one(RulesView), f"scroll_{how}")(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)


class RecordScreen(ModalScreen[None]):
    """A finished game's text record, to read or copy (the host exports the file form)."""

    BINDINGS = [Binding("escape,q,X", "close", "Back to the table")]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="dialog"):
            yield Static(self.text, id="record", markup=False)
        yield KeysBar()

    def action_close(self) -> None:
        self.dismiss(None)


class RuleDialog(ModalScreen[None]):
    """The text of the rule an ``error`` named."""

    BINDINGS = [Binding("escape,e,q,enter", "close", "Close")]

    def __init__(self, rule_id: str, at_table: list[str] | None = None) -> None:
        super().__init__()
        self.rule_id = rule_id
        self.at_table = at_table or []
        """What the table changed of its game's options: the rule's text is the usual
        game's ("two clean piles" under a refusal that said one, play-test)."""

    def compose(self) -> ComposeResult:
        entry = rule_text(self.rule_id)
        body = rule_body(entry) if entry else Text(f"{self.rule_id}: no text for this rule yet.")
        if self.at_table:
            note = Text("This table plays with options of its own; the text below is the "
                        "usual game's:\n", style="bold yellow")
            note.append("\n".join(f"  {line}" for line in self.at_table) + "\n\n",
                        style="yellow")
            body = note + body
        with VerticalScroll(id="dialog"):
            yield Static(body, markup=False)
        yield KeysBar()

    def action_close(self) -> None:
        self.dismiss(None)


class SettingsScreen(ModalScreen[None]):
    BINDINGS = [
        Binding("1", "cycle('depth')", "Colours"),
        Binding("2", "cycle('mono')", "Mono"),
        Binding("3", "cycle('four_colour')", "4-colour"),
        Binding("4", "cycle('ascii')", "ASCII"),
        Binding("5", "cycle('sort')", "Sort"),
        Binding("6", "cycle('mouse')", "Mouse"),
        Binding("7", "cycle('hints')", "Hints"),
        Binding("escape,o,q", "close", "Close"),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="dialog"):
            yield Static(id="settings", markup=False)
        yield KeysBar()

    def on_mount(self) -> None:
        self._draw()

    def _draw(self) -> None:
        s = self.app.settings  # type: ignore[attr-defined]
        on = {True: "on", False: "off"}
        lines = [
            "Settings (this session only)", "",
            f"1  colour depth      {s.depth}   (auto: from your TERM)",
            f"2  monochrome cards  {on[s.mono]}",
            f"3  four-colour suits {on[s.four_colour]}",
            f"4  ASCII suits       {on[s.ascii]}   (S H D C instead of glyphs)",
            f"5  sort hand by      {s.sort}",
            f"6  mouse             {on[s.mouse]}",
            # (its note on a line of its own, under the others': at 80 columns it
            # wrapped to the dialog's edge, play-test)
            f"7  hints             {on[s.hints]}   (* cards to lay off, * changed melds,",
            f"                     {' ' * len(on[s.hints])}    who discarded)",
        ]
        self.query_one("#settings", Static).update("\n".join(lines))

    def action_cycle(self, field: str) -> None:
        self.app.change_setting(field)  # type: ignore[attr-defined]
        self._draw()

    def action_close(self) -> None:
        self.dismiss(None)


KEYS_HELP_WIDTH = 62
"""The keys help's lines are folded to this many columns: inside its dialog at 80."""


class KeysScreen(ModalScreen[None]):
    """Every key of a screen with its description (the footer shows only what fits now)."""

    BINDINGS = [Binding("escape,question_mark,q", "close", "Close")]

    def __init__(self, screen: Screen[Any], identity: str = "") -> None:
        super().__init__()
        self.screen_keys = screen
        self.identity = identity
        """How this person comes back (their reclaim code), first: a player who went
        straight to a table never saw the lobby's line, and after a host restart could
        not take their seat again (play-test)."""
        listed = getattr(screen, "in_keys_help", None)
        # One line a key, its meanings joined ("n  No / Next deal / Play again"): a key
        # bound to several actions (one a moment) was listed once for each (play-test).
        said: dict[str, list[str]] = {}
        for binding in screen.BINDINGS:
            if isinstance(binding, Binding) and (
                    listed is None or listed(binding.action.split("(")[0])):
                key = ", ".join(KEY_NAMES.get(k, k) for k in binding.key.split(","))
                if binding.description not in said.setdefault(key, []):
                    said[key].append(binding.description)
        # A long meaning goes on under itself, not under the keys (play-test: "... (a
        # face card needs" then "/)" at the dialog's left edge).
        self.lines = [textwrap.fill(f"{key:>12}  {' / '.join(words)}", KEYS_HELP_WIDTH,
                                    subsequent_indent=" " * 14)
                      for key, words in said.items()]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="dialog"):
            legend = getattr(self.screen_keys, "keys_legend", lambda: "")()
            # The marks first: under the keys they were below the fold at 80x24, and a
            # player asked what * meant (play-test).
            yield Static((self.identity + "\n\n" if self.identity else "")
                         + (legend + "\n\n" if legend else "") + "Keys\n\n"
                         + "\n".join(self.lines) + "\n\n" + LEAVE_KEYS, markup=False)
        yield KeysBar()

    def action_close(self) -> None:
        self.dismiss(None)


class ConfirmDialog(ModalScreen[bool]):
    """A yes/no question over the screen; dismisses with True for yes. Only `y` says yes:
    every question asked is of something that cannot be undone (leave, remove a bot, open
    a seat), and Enter said yes too, so typing "qs qs" Enter for the queens (letters start
    no code; `/` does) left the table on the `q` and its question's Enter."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="dialog"):
            yield Static(f"{self.question}\n\ny: yes  n/Esc: no", id="quit", markup=False)
        yield KeysBar()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


def ask_first(app: Any, question: str, then: Callable[[], object]) -> None:
    """`then` once the player has said yes to `question` (a `ConfirmDialog`): the screens
    asked this way in eight places, each with its own closure."""
    def answered(yes: bool | None) -> None:
        if yes:
            then()

    app.push_screen(ConfirmDialog(question), answered)


BOT_LEVEL_CHOICES: list[tuple[str, str]] = [
    ("basic", "basic: plays like a sensible club player"),
    ("random", "random: any legal move (for a quick game or a test)"),
    # (each label one line in the dialog at 80 columns: a wrapped one lost its indent)
    ("search", "search: the strongest, thinks a fifth of a second a move"),
]


class ChoiceDialog(ModalScreen[str | None]):
    """One of a few choices by its number; dismisses with the chosen value (None: Esc)."""

    BINDINGS = [Binding("escape,q", "choose(-1)", "Cancel")]

    def __init__(self, question: str, choices: list[tuple[str, str]]) -> None:
        super().__init__()
        self.question = question
        self.choices = choices[:9]

    def compose(self) -> ComposeResult:
        lines = [self.question, ""]
        lines += [f"{n}  {label}" for n, (_, label) in enumerate(self.choices, 1)]
        lines += ["", "Esc: cancel"]
        with VerticalScroll(id="dialog"):
            yield Static("\n".join(lines), id="quit", markup=False)
        yield KeysBar()

    def on_key(self, event: events.Key) -> None:
        if event.character and event.character.isdigit():
            event.stop()
            self.action_choose(int(event.character) - 1)

    def action_choose(self, index: int) -> None:
        if 0 <= index < len(self.choices):
            self.dismiss(self.choices[index][0])
        elif index < 0:
            self.dismiss(None)


class QuitDialog(ConfirmDialog):
    """Asks before a session ends: a stray Ctrl+C at a table should not drop a player.

    Dismisses with True to leave. A second Ctrl+C is the app's own priority binding,
    which leaves at once while this dialog is on top.
    """

    BINDINGS = [
        Binding("y,enter", "answer(True)", "Leave"),
        Binding("n,escape", "answer(False)", "Stay"),
    ]

    def __init__(self, seated: bool = False) -> None:
        kept = " Your seat is kept for you while you are away." if seated else ""
        super().__init__(f"Leave meldhall?{kept}")
        self.seated = seated

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="dialog"):
            yield Static(f"{self.question}\n\ny: leave  n/Esc: stay", id="quit",
                         markup=False)
        yield KeysBar()


class TooSmallScreen(ModalScreen[None]):
    def compose(self) -> ComposeResult:
        yield Static(id="toosmall", markup=False)

    def on_mount(self) -> None:
        self.update_size(self.app.size.width, self.app.size.height)

    def update_size(self, width: int, height: int) -> None:
        self.query_one("#toosmall", Static).update(
            f"Please enlarge the window to at least {MIN_SIZE[0]}x{MIN_SIZE[1]}"
            f" (it is {width}x{height}).")
