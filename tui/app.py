"""One player's App: the lobby, the table and the sheets beside it, fed by one link.

Everything the App knows arrives as protocol messages (``docs/protocol.md``) through
its link, and everything it asks for leaves the same way. It never decides whether a
move is legal: the footer offers what the view's ``legal`` listing names, and the
engine's refusal comes back as an ``error`` with a rule id.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from rich.color import ColorSystem
from rich.terminal_theme import MONOKAI, TerminalTheme
from rich.text import Text
from textual import events
from textual.app import App
from textual.binding import Binding
from textual.message import Message
from textual.reactive import Reactive
from textual.screen import Screen

from engine.registry import GAMES
from tui.eventtext import with_melds
from tui.games import screen_for
from tui.link import Link
from tui.lobby import LobbyScreen
from tui.panels import TableInfo, table_look
from tui.rendering import SHORTCUTS
from tui.replay import ReplayScreen, Stepper
from tui.settings import Settings
from tui.sheets import (
    MIN_SIZE,
    KeysScreen,
    QuitDialog,
    RecordScreen,
    RuleDialog,
    RulesScreen,
    ScoreScreen,
    SettingsScreen,
    TooSmallScreen,
    changed_lines,
)
from tui.table import TableScreen

DEPTHS = {"16": ColorSystem.STANDARD, "256": ColorSystem.EIGHT_BIT,
          "truecolor": ColorSystem.TRUECOLOR}
MOUSE_ON = "\x1b[?1000h\x1b[?1003h\x1b[?1015h\x1b[?1006h"
MOUSE_OFF = "\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l"
LOG_LINES = 300


class HostMessage(Message):
    """One decoded message from the host, delivered into the App's queue."""

    def __init__(self, payload: dict[str, Any]) -> None:
        super().__init__()
        self.payload = payload


@dataclass(slots=True)
class Resume:
    """What a new App needs to show what another App shows at a table, for a person whose
    screen stops being shared with other spectators (``netcode/sharing.py``): the table's
    state from the App that rendered it, and the person's own identity."""

    welcome: dict[str, Any] | None
    lobby_message: dict[str, Any] | None
    table_id: int | None
    table_message: dict[str, Any] | None
    log_lines: list[Text]
    last_discard: tuple[int, int] | None
    settings: Settings
    pending: list[dict[str, Any]] = field(default_factory=list)
    """Messages the link had delivered that the other App had not handled yet."""
    table_options: dict[str, Any] = field(default_factory=dict)
    """The game options the table was opened with (the rules screen shows them)."""
    table_settings: dict[str, Any] = field(default_factory=dict)
    """The table's own options that differ from the host's defaults (likewise)."""


def _with_red(theme: TerminalTheme, red: tuple[int, int, int]) -> TerminalTheme:
    colours = [tuple(theme.ansi_colors[i]) for i in range(16)]
    colours[1] = colours[9] = red
    return TerminalTheme(tuple(theme.background_color), tuple(theme.foreground_color),
                         colours[:8], colours[8:])  # type: ignore[arg-type]


CARD_THEME = _with_red(MONOKAI, (244, 0, 60))
"""Textual's dark ANSI colours (Monokai) with a red that stays red at every depth. Every
App renders in true colour and each session's depth is applied on the way out
(``netcode/driver.py``); Monokai's red, #f4005f, came out as magenta at 16 colours, so
hearts and diamonds were purple on TERM=xterm and linux consoles (play-test). #f4003c is
still colour 197 at 256 colours, as before."""


class MeldhallApp(App[int]):
    """One player's screens; everything it knows arrives through its link."""

    ansi_theme_dark = Reactive(CARD_THEME, init=False)

    CSS_PATH = "app.tcss"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("ctrl+c", "quit", "Quit", show=False, priority=True),
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
        Binding("ctrl+z", "nothing", show=False, priority=True),
    ]

    def __init__(self, link: Link, settings: Settings | None = None,
                 replayer: Callable[[dict[str, Any]], Stepper] | None = None,
                 shortcuts: frozenset[str] = SHORTCUTS, resume: Resume | None = None) -> None:
        super().__init__()
        self.link = link
        self._resume = resume
        self.shortcuts = shortcuts
        """Which of the rendering shortcuts that reach into Textual's private classes this
        App takes (``tui/rendering.py``); the screens look the same either way."""
        self.replayer = replayer
        """Turns a game record into steps for the replay screen (the host's engine does
        the stepping; without one, records are shown as text only)."""
        self.settings = settings or Settings()
        self.welcome: dict[str, Any] | None = None
        self.created_table: bool | None = None
        self.held_seat: int | None = None
        """Watching a table where a bot plays this person's kept seat: that seat."""
        self.code_noted = False
        """The reclaim code was noted at a table (once a session, see `coming_back`)."""
        """Whether this person created the table they are at (the ``joined`` frame)."""
        self.table_options: dict[str, Any] = {}
        """The game options the table was opened with, as the host said on joining."""
        self.table_settings: dict[str, Any] = {}
        """The table's own options that differ from the host's defaults (the same)."""
        self.lobby_message: dict[str, Any] | None = None
        self.table_message: dict[str, Any] | None = None
        self.table_id: int | None = None
        self.recent_logged = False
        """Whether this table's last moves (a view's ``recent``) are in the log: the
        host sends them once, in the first view it makes for this screen; moves told
        before that one are among them."""
        self.table_screen: TableScreen | None = None
        self.log_lines: list[Text] = []
        self._base_colour: ColorSystem | None = None
        self.last_payload: dict[str, Any] | None = None
        """The host message handled last (a shared screen's host splits a session off
        after it, so the new App gets what this one had not handled yet)."""
        self.on_resumed: Callable[[], None] | None = None
        """Called once an App started with ``resume`` shows the table: keys typed before
        then wait for it, so that they act on the screen they were typed at."""
        self.on_watching: Callable[[], None] | None = None
        """Called after a view is shown while this App is on the plain watching screen
        (``plain_watching``): the host may then share its rendering (netcode/sharing.py)."""
        self.on_started: Callable[[], None] | None = None
        """Called once, when the first screen is laid out (Textual's ``Ready``): the host
        lets only a few Apps start at once (netcode/sharing.py, ``StartGate``)."""

    def on_ready(self) -> None:
        callback, self.on_started = self.on_started, None
        if callback is not None:
            callback()

    def get_default_screen(self) -> Screen[Any]:
        return LobbyScreen()

    @property
    def lobby_screen(self) -> LobbyScreen:
        return self.screen_stack[0]  # type: ignore[return-value]

    def on_mount(self) -> None:
        self._base_colour = self.console._color_system
        if self._resume is not None:
            self.settings = self._resume.settings
        self._apply_settings()
        if self._resume is not None:
            self._resume_from(self._resume)
            self._resume = None
            if self.table_screen is None:
                self._resumed()
        self.link.start(lambda payload: self.post_message(HostMessage(payload)))
        self._check_size(self.size.width, self.size.height)

    def _resume_from(self, resume: Resume) -> None:
        """Show the state another App had reached, before anything else is handled (keys
        typed meanwhile wait in the queue behind this mount)."""
        self.welcome = resume.welcome
        self.lobby_screen.show_identity(resume.welcome)
        if resume.lobby_message is not None:
            self.lobby_message = resume.lobby_message
            self.lobby_screen.show(resume.lobby_message)
        if resume.table_id is not None and resume.table_message is not None:
            self._enter_table(resume.table_id)
            self.table_message = resume.table_message
            self.log_lines = list(resume.log_lines)
            self.recent_logged = True
            self.table_options = dict(resume.table_options)
            self.table_settings = dict(resume.table_settings)
            assert self.table_screen is not None
            self.table_screen.last_discard = resume.last_discard
        for payload in resume.pending:
            self.on_host_message(HostMessage(payload))

    def snapshot(self, welcome: dict[str, Any] | None) -> Resume:
        """This App's table state, with someone else's identity (see ``Resume``)."""
        screen = self.table_screen
        return Resume(welcome, self.lobby_message, self.table_id, self.table_message,
                      list(self.log_lines), screen.last_discard if screen else None,
                      self.settings, table_options=dict(self.table_options),
                      table_settings=dict(self.table_settings))

    def forget_identity(self) -> None:
        """The App is about to be shared: keep no one's name or reclaim code in it."""
        code = (self.welcome or {}).get("code")
        if code:
            self.log_lines = [line for line in self.log_lines if code not in line.plain]
            if self.table_screen is not None:
                self.table_screen.replace_log(self.log_lines)
        self.welcome = None
        self.lobby_screen.show_identity({"name": "-"})

    def table_shown(self) -> None:
        """The table screen is mounted and shows its view (after its first refresh)."""
        self._resumed()
        self.note_watching()

    def _resumed(self) -> None:
        callback, self.on_resumed = self.on_resumed, None
        if callback is not None:
            callback()

    def note_watching(self) -> None:
        """Tell the host when a view is on the plain watching screen (see ``on_watching``)."""
        if self.on_watching is not None and self.plain_watching():
            self.on_watching()

    def plain_watching(self) -> bool:
        """Watching a table (no seat) with no sheet, dialog or typing over the view."""
        screen = self.table_screen
        return (screen is not None and len(self.screen_stack) == 2
                and self.screen_stack[-1] is screen and self.table_message is not None
                and self.table_message.get("seat") is None and screen.plain()
                and self.held_seat is None)  # (its prompt is this person's own)

    # host → screens
    def on_host_message(self, message: HostMessage) -> None:
        payload = message.payload
        self.last_payload = payload
        tag = payload.get("t")
        if tag == "welcome":
            self.welcome = payload
            self.lobby_screen.show_identity(payload)
        elif tag == "lobby":
            self.lobby_message = payload
            self.lobby_screen.show(payload)
        elif tag == "joined":
            # (None when the host does not say: the screen then asks, and the host judges)
            self.created_table = payload.get("creator")
            held = payload.get("held")
            self.held_seat = held if isinstance(held, int) and not isinstance(held, bool) \
                else None
            options, settings = payload.get("options"), payload.get("settings")
            self.table_options = dict(options) if isinstance(options, dict) else {}
            self.table_settings = dict(settings) if isinstance(settings, dict) else {}
            self.lobby_screen.created()
            self._enter_table(payload.get("table"))
        elif tag == "view":
            self._enter_table(payload.get("table"))
            self.table_message = payload
            assert self.table_screen is not None
            self.table_screen.show(payload)
            recent = payload.get("recent")
            if not self.recent_logged and isinstance(recent, list):
                # (Not always the first view: a move made while this screen arrived sends
                # its view first, and the log came back with a few lines, play-test.)
                self.recent_logged = True
                self._log_recent([i for i in recent if isinstance(i, dict)])
            if payload.get("seat") is not None and not self.code_noted and self.coming_back():
                # (a seat's screen is never shared; `forget_identity` takes the line out
                # of the log before this App is, once its person only watches)
                self.code_noted = True
                welcome = self.welcome or {}
                self._log(Text("Only you see this: to come back, " + (
                    "run the same meldhall join" if self.link.keeps_code
                    else f"connect as {welcome.get('name')}+{welcome.get('code')}"),
                    style="yellow"))
            self.note_watching()
        elif tag == "events":
            if self.recent_logged:  # (before, the moves come again in the view's `recent`)
                self._logged_events(payload.get("events", []),
                                    payload.get("seat") if payload.get("bot") is True
                                    else None)
        elif tag == "chat":
            if payload.get("lobby"):  # the lobby's chat (a table's names the table)
                self.lobby_screen.chat(payload)
            else:
                self._log(chat_line(payload))
        elif tag == "left":
            self._leave_table()
            if payload.get("kept"):
                # One status line: whole at 80 columns (the longer wording was cut). Held
                # until they sit again or the table's creator opens it, not only for the
                # deal, as the leave question says (play-test: the two disagreed).
                self.lobby_screen.note("Your seat and hand are kept for you: sit there again "
                                       "(j) to play on.", lasting=True)
        elif tag == "error":
            if self.table_screen is not None:
                self.table_screen.show_error(payload)
            elif not self.lobby_screen.create_refused(str(payload.get("message", "")),
                                                      payload.get("rule")):
                if payload.get("code") == "slow_down":
                    self.lobby_screen.chat_refused()
                self.lobby_screen.note(str(payload.get("message", "")), payload.get("rule"))
        elif tag == "record":
            record = payload.get("record")
            if isinstance(record, dict) and self.replayer is not None:
                self._push_under_size_check(ReplayScreen(self.replayer(record),
                                                         self.settings.look))
            elif "text" in payload:
                self._push_under_size_check(RecordScreen(str(payload.get("text", ""))))
        elif tag == "bye":
            self.exit(0)

    def _info(self) -> TableInfo:
        message = self.table_message or {}
        players = message.get("players") or []
        names = tuple(p.get("name") or f"seat {p.get('seat')}" for p in players)
        return TableInfo(message, names, table_look(self.settings.look, message))

    def _enter_table(self, table_id: Any) -> None:
        if table_id != self.table_id:
            self.table_id = table_id
            self.log_lines = []
            self.table_message = None
            self.recent_logged = False
            if self.table_screen is not None:
                self._leave_table(keep_id=True)
        if self.table_screen is None:
            self.table_screen = TableScreen()
            self._push_under_size_check(self.table_screen)
            # Back in the lobby, the host sends its chat's last lines again.
            self.lobby_screen.said.clear()

    def _leave_table(self, keep_id: bool = False) -> None:
        if self.table_screen is not None:
            while len(self.screen_stack) > 1 and self.table_screen in self.screen_stack:
                self.pop_screen()
        self.table_screen = None
        if not keep_id:
            self.table_id = None
            self.table_message = None
            self.held_seat = None
            self.table_options = {}
            self.table_settings = {}

    def _log_recent(self, recent: list[dict[str, Any]]) -> None:
        """The table's last moves, sent with a first view at a table: they go before
        whatever was logged since arriving (the host's "is back" note can come first)."""
        lines = [line for item in recent for line in (
            [chat_line(item["chat"], earlier=True)] if isinstance(item.get("chat"), dict)
            else self._event_lines(item.get("events") or [], item.get("names"),
                                   item.get("melds"),
                                   item.get("seat") if item.get("bot") is True else None))]
        self.log_lines[:0] = lines
        del self.log_lines[:-LOG_LINES]
        if self.table_screen is not None:
            self.table_screen.replace_log(self.log_lines)

    def _logged_events(self, events: list[dict[str, Any]], covered: Any = None) -> None:
        for line in self._event_lines(events, covered=covered):
            self._log(line)

    def _event_lines(self, events: list[dict[str, Any]], names: Any = None,
                     melds: Any = None, covered: Any = None) -> list[Text]:
        """The log's lines for one action's events (the table notes who discarded). An
        earlier move comes with the `names` of the seats then and the `melds` its lay-offs
        went onto; a live one is named by the table as it is."""
        info = self._info()
        game = screen_for(info.view.get("game"))
        if self.table_screen is not None:
            self.table_screen.saw_events(events)
        # Written with glyphs: the log shows them as letters while the session asks for
        # ASCII suits, old lines as well as new (``LogView.set_ascii``).
        look = replace(info.look, ascii=False)
        # (the move's own melds last: ids may be used again in a later deal)
        known = [m for m in melds if isinstance(m, dict)] if isinstance(melds, list) else []
        events = with_melds(events, [*(info.view.get("melds") or []), *known])
        def name(seat: Any) -> str:
            if isinstance(names, list) and isinstance(seat, int) and 0 <= seat < len(names) \
                    and isinstance(names[seat], str) and names[seat]:
                said = names[seat]
            else:
                said = info.name(seat)
            # (the move of a bot covering the seat: "cy answered yes." was the bot's)
            return f"{said}'s bot" if seat == covered and covered is not None else said

        return [game.event_line(event, name, look, info.teams) for event in events]

    def _log(self, line: Text) -> None:
        self.log_lines.append(line)
        del self.log_lines[:-LOG_LINES]
        if self.table_screen is not None:
            self.table_screen.add_log(line)

    # screens → host
    def send(self, message: dict[str, Any]) -> None:
        try:
            self.link.send(message)
        except Exception:  # a link that is going away: the bye/exit follows
            self.log.warning("could not send", message)

    # sheets
    def show_rule(self, rule_id: str) -> None:
        self.push_screen(RuleDialog(rule_id, self._table_changes()))

    def show_scores(self) -> None:
        if self.table_message is not None:
            self.push_screen(ScoreScreen(self._info()))

    def show_rules(self) -> None:
        game = ((self.table_message or {}).get("view") or {}).get("game")
        self.push_screen(RulesScreen(game, self._table_changes(settings=True)))

    def _table_changes(self, settings: bool = False) -> list[str]:
        """The lines saying what this table changed of its game's options (and, with
        `settings`, of the host's table options)."""
        game = ((self.table_message or {}).get("view") or {}).get("game")
        info, lobby = GAMES.get(game or ""), self.lobby_message or {}
        if info is None:
            return []
        lines = changed_lines(self.table_options, dict(info.options), dict(info.option_help))
        if settings:
            lines += changed_lines(self.table_settings, lobby.get("table_options") or {},
                                   lobby.get("table_option_help") or {})
        return list(lines)

    def show_settings(self) -> None:
        self.push_screen(SettingsScreen())

    def show_keys(self, screen: Screen[Any]) -> None:
        self.push_screen(KeysScreen(screen, self.coming_back()))

    def coming_back(self) -> str:
        """How to come back after a drop or a host restart, for one with a reclaim code."""
        welcome = self.welcome or {}
        code, name = welcome.get("code"), welcome.get("name")
        if not code or not name:
            return ""
        if self.link.keeps_code:
            return (f"Your reclaim code is {code}; meldhall join keeps it on this computer. "
                    "If you drop or the host restarts, run the same command to come back.")
        return (f"Your reclaim code is {code}. If you drop or the host restarts, connect "
                f"as {name}+{code} to come back to your seat.")

    # settings
    def change_setting(self, field: str) -> None:
        self.settings = self.settings.cycled(field)
        self._apply_settings(mouse_changed=field == "mouse")
        if self.table_screen is not None and self.table_message is not None:
            self.table_screen.show(self.table_message)
        self.refresh()

    def _apply_settings(self, mouse_changed: bool = False) -> None:
        depth = DEPTHS.get(self.settings.depth)
        driver = self._driver
        set_depth = getattr(driver, "set_colour_depth", None)
        if set_depth is not None:  # the SSH driver brings true colour down on the way out
            set_depth(depth)
        else:
            self.console._color_system = depth or self._base_colour
        self.set_class(self.settings.mono, "-mono")
        if mouse_changed and driver is not None:
            with contextlib.suppress(Exception):
                driver.write(MOUSE_ON if self.settings.mouse else MOUSE_OFF)

    # size, keys, quitting
    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        self.set_class(width >= 120, "-wide")
        self.set_class(width >= 160, "-xwide")
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        top = self.screen_stack[-1] if self.screen_stack else None
        if small and not isinstance(top, TooSmallScreen):
            self.push_screen(TooSmallScreen())
        elif small and isinstance(top, TooSmallScreen) and top.is_mounted:
            top.update_size(width, height)
        elif not small and isinstance(top, TooSmallScreen):
            self.pop_screen()

    def _push_under_size_check(self, screen: Screen[Any]) -> None:
        """Push a screen the host's message brings, keeping "please enlarge" on top in a
        window too small: back straight at a table in a 60x20 window, the table was drawn
        over it, cut up, and played on (play-test)."""
        if self.screen_stack and isinstance(self.screen_stack[-1], TooSmallScreen):
            self.pop_screen()  # (pushed again over the new screen)
        self.push_screen(screen)
        self._check_size(self.size.width, self.size.height)

    def on_mouse_down(self, event: events.MouseDown) -> None:
        if not self.settings.mouse:
            event.prevent_default()
            event.stop()

    async def action_quit(self) -> None:
        """Ctrl+C / Ctrl+Q ask first; a second press while asking leaves at once."""
        if any(isinstance(screen, QuitDialog) for screen in self.screen_stack):
            self.exit()  # even with the "please enlarge" screen over the dialog
        else:
            seated = self.table_screen is not None and self.table_screen.seated()
            self.push_screen(QuitDialog(seated), self._quit_answered)

    def _quit_answered(self, leave: bool | None) -> None:
        if leave:
            self.exit()
        else:  # the window may have changed size under the dialog
            self._check_size(self.size.width, self.size.height)

    def action_nothing(self) -> None:
        """Ctrl+Z: never suspend a process that serves everyone (P10)."""

    def action_suspend_process(self) -> None:
        """Never suspend the host."""

    def on_unmount(self) -> None:
        self.link.close()


def make_app(link: Link,
             replayer: Callable[[dict[str, Any]], Stepper] | None = None,
             shortcuts: frozenset[str] = SHORTCUTS, resume: Resume | None = None
             ) -> MeldhallApp:
    """Build one session's App around its link (tests pass a fake link); ``resume`` starts
    it where another App was (see ``Resume``)."""
    return MeldhallApp(link, replayer=replayer, shortcuts=shortcuts, resume=resume)


def chat_line(payload: dict[str, Any], earlier: bool = False) -> Text:
    """A chat line for the log. One said before this screen came (a first view's
    ``recent``) is marked and dim: it reads among older moves, not as a new message
    (play-test)."""
    name, text = f"{payload.get('name')}: ", str(payload.get("text", ""))
    if earlier:
        return Text.assemble("(earlier) ", (name, "bold"), text, style="dim")
    return Text.assemble((name, "bold cyan"), text)
