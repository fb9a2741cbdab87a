"""The table screen: seats, melds, pile, your hand, the log and chat.

It renders the latest ``view`` message and turns key presses into ``action`` messages.
Which actions the footer offers comes from the view's ``legal`` listing only; the engine
judges every action, and its refusal comes back as an ``error`` with a rule id.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Input

from engine.cards import parse_card, rank_of, suit_of
from engine.registry import GAMES
from tui.cards import (
    CardLook,
    CodeError,
    card_label,
    card_text,
    cards_text,
    codes_as_shown,
    pick_by_codes,
    ranks_as_words,
    sort_hand,
    split_codes,
)
from tui.compositor import DirtyOnlyCompositor
from tui.eventtext import team_label, who_won
from tui.games import GameScreen, screen_for
from tui.panels import (
    GamePanel,
    TableInfo,
    pile_text,
    side_by_side,
    table_look,
    turn_step,
)
from tui.sheets import BOT_LEVEL_CHOICES, ChoiceDialog, ask_first
from tui.widgets import (
    ChatLine,
    HandView,
    KeysBar,
    LinesView,
    LogView,
    SharedBuilds,
    TextLines,
    printable,
)

# binding action -> the legal kind (of the contract's vocabulary) that makes it available
NEEDS = {"draw": "draw", "draw_nothing": "draw", "take": "take_pile", "meld": "meld",
         "group": "meld", "lay_off": "lay_off", "stage_lay_off": "lay_off", "discard": "discard",
         "ask": "ask_to_go_out", "answer": "answer", "next_deal": "next_deal",
         "offer": "offer", "last_card": "declare_last_card", "end_turn": "end_turn",
         "accept": "accept", "decline": "decline", "steal": "steal_wild"}


PLAYER_KEYS = frozenset({"target", "ready", "again", "take_back", "cursor", "toggle",
                         "type_codes", "clear", "sort"})
"""Actions beside the game's own kinds (`NEEDS`) that only a seated player has."""

STARTS_TYPING = "123456789*"
"""Keys that start typing card codes at the table by themselves; any other code is typed
after `/` (a letter is a key of its own: ``q`` leaves)."""


def as_typed(codes: str) -> str:
    """Codes as a player types them at the table (``/kh=qd``, ``7h``), for a note that
    shows how: the rule `on_key` follows, said once."""
    codes = codes.lower()
    return codes if codes[:1] in STARTS_TYPING else "/" + codes


NOTE_SECONDS = 8.0
"""How long a note of the screen's own stays on the status line."""

ASK_ENGINE = {"d": "draw", "m": "meld", "x": "discard", "l": "lay_off", "p": "take",
              "g": "group", "w": "steal", "a": "ask", "L": "stage_lay_off", "t": "target",
              "T": "target"}
"""Game keys that say why when they are not available (`TableScreen._not_now`), and the
action each stands for; of these, draw, meld, discard, lay-off, take, the ask to go out and
(in a phase that takes no steal) the steal go to the engine."""

PASTE_CODES = 200
"""Characters of card codes the prompt takes from one paste (a hand's codes are ~60)."""

NO_PARTNER = "Each plays alone at this table: there is no partner to ask to go out."
"""What a asks for in individual play: "stage ... select the card to discard, then a"
sent a player with neither partner nor discard looking (play-test)."""

LEVEL_FROM = 50
"""Half-widths (a window of 100 columns or more) from which seat cells name a bot's level
(``[basic bot]``); narrower, every bot is ``[bot]``."""

SEAT_LINES = SharedBuilds()
PANEL_LINES = SharedBuilds()


class TableChatLine(ChatLine):
    """The table's chat line: Esc gives the keys back to the hand."""

    BINDINGS = [Binding("enter", "submit", "sends", key_display="Enter"),
                Binding("escape", "back", "back to the table", key_display="Esc")]

    def action_back(self) -> None:
        """Esc: the hand takes the keys again (the text typed so far is kept)."""
        self.screen.set_focus(None)
        self.screen.query_one(HandView).focus()


class TableScreen(Screen[None]):
    KEYS_LEGEND = ("Marks: in your hand, * a card one of your side's melds can take (l lays "
                   "it off) and [ ] a selected card; on the table, > the meld chosen with t "
                   "(T goes back) and * a meld changed since your last turn ended.")
    """The marks the keys help (?) explains beside the keys (play-test: * was unexplained)."""
    SEATS_LEGEND = "On the seat lines, > marks whose move it is and D the dealer."

    def keys_legend(self) -> str:
        """The marks of the hand, the table and the seat lines, and the game's own
        (Looking and Down's SK and frozen were unexplained, play-test)."""
        return "\n".join(part for part in (self.KEYS_LEGEND, self.SEATS_LEGEND,
                                           self.game.seat_marks, self.game.table_marks)
                         if part)

    AUTO_FOCUS = "HandView"
    """What gets the focus when the screen comes back (a sheet or dialog closed) with
    nothing focused: the hand, where keys act. A spectator has no hand to focus and keeps
    none, so keys stay commands; Textual's default (the first focusable widget) put a
    spectator in the chat line after a sheet closed, and `s` then typed an "s" there."""
    BINDINGS = [
        Binding("d", "draw", "Draw"),
        Binding("d", "draw_nothing", "Skip draw"),
        Binding("p", "take", "Take pile"),
        Binding("m", "meld", "Meld"),
        Binding("g", "group", "Group"),
        Binding("l", "lay_off", "Lay off"),
        Binding("L", "stage_lay_off", "Stage lay-off", show=False),
        Binding("t", "target(1)", "Target: next meld", show=False),
        Binding("T", "target(-1)", "Target: previous meld", show=False),
        Binding("x", "discard", "Discard"),
        Binding("x", "offer", "Offer"),
        Binding("x", "last_card", "Last card"),
        Binding("x", "end_turn", "End turn"),
        Binding("w", "steal", "Steal wild"),
        Binding("y", "accept", "Take it"),
        Binding("n", "decline", "Decline"),
        Binding("a", "ask", "Ask to go out"),
        Binding("y", "answer(True)", "Yes"),
        Binding("n", "answer(False)", "No"),
        Binding("n", "next_deal", "Next deal"),
        Binding("n", "ready", "Ready"),
        Binding("n", "again", "Play again"),
        Binding("j", "sit_again", "Take your seat back"),
        Binding("X", "record", "Game record"),
        Binding("k", "take_back", "Take back"),
        Binding("e", "explain", "Rule text"),
        Binding("left", "cursor(-1)", "Previous card", show=False),
        Binding("right", "cursor(1)", "Next card", show=False),
        Binding("space", "toggle", "Select card", show=False),
        Binding("slash", "type_codes", "Type cards: /kh, /jk or 7h selects (a face card "
                "or\u00a0a\u00a0joker needs\u00a0/)", show=False),  # (kept together where it folds)
        Binding("escape", "clear", "Clear selection", show=False),
        Binding("z", "sort", "Sort order", show=False),
        Binding("s", "scores", "Score sheet", show=False),
        Binding("r", "rules", "Rules", show=False),
        Binding("o", "settings", "Settings", show=False),
        Binding("c", "chat", "Chat", show=False),
        Binding("b", "add_bot", "Add bot", show=False),
        Binding("u", "remove_bot", "Remove bot", show=False),
        Binding("O", "open_seat", "Open an away seat (creator)", show=False),
        Binding("q", "leave", "Leave table", show=False),
        Binding("question_mark", "help", "Keys", show=False),
        Binding("f1", "help", "Keys", show=False),  # (where many programs keep help)
        Binding("M", "melds", "Every meld on the table, in full", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        if "dirty-rows" in self.app.shortcuts:
            self._compositor = DirtyOnlyCompositor()
        self.message: dict[str, Any] | None = None
        self.info: TableInfo | None = None
        self.error: dict[str, Any] | None = None
        self.typing: str | None = None
        self.staged: list[tuple[int | None, list[int]]] = []  # (meld id for a lay-off, ids)
        self.target: int | None = None
        self._target_turn: tuple[Any, Any] = (None, None)
        """The deal and turn in which the target was chosen: a new turn clears it."""
        self.steal_target: int | None = None
        """An opponent's meld chosen to steal its wild card from (w)."""
        self.declared: dict[int, str] = {}
        """What selected wild cards stand for, typed as ``jk=9h`` (a sequence's wild)."""
        self._sent: dict[str, Any] | None = None
        """The last action sent (its refusal may get a hint, `GameScreen.refusal_hint`)."""
        self.panel: GamePanel | None = None
        self.game: GameScreen = screen_for(None)
        self._ready = False
        self._footer_key: tuple[Any, ...] | None = None
        self._panel_key: tuple[Any, ...] | None = None
        self._seats_key: tuple[Any, ...] | None = None
        self._melds_at_my_turn_end: dict[int, tuple[int, tuple[Any, ...]]] | None = None
        self._was_acting = False
        """This seat was in the last view's `to_act`."""
        self._undo_on_refusal: Callable[[], None] | None = None
        """Puts back what an action cleared from the screen as it was sent (an offered
        card's selection, the staged lay-offs), should the host refuse it; dropped with
        the next view of a new move."""
        self._had_turn = False
        """The last view's turn was this seat's (the changed-melds hint counts from its end)."""
        self._clock: tuple[float, float | None, float, list[int] | None] | None = None
        """(seconds thought when the view came, the limit, time.monotonic() then, the seats
        timed as the host says or None)."""
        self._clock_timer: Any = None
        self._clock_from: dict[str, Any] | None = None
        """The view's clock `_clock` was set from (a view shown again keeps it running)."""
        self.last_discard: tuple[int, int] | None = None
        """(card id, seat) of the last discard seen in the events, for the pile hint."""
        self._then_lay_off: tuple[list[int], list[tuple[int | None, list[int]]]] = ([], [])
        """(the cards of a meld sent by m, the lay-offs staged with it, sent once it stands)."""

    def compose(self) -> ComposeResult:
        yield TextLines(id="top")
        yield LinesView(id="seats")
        with Horizontal(id="middle"):
            yield LinesView(id="panel")
            with Vertical(id="side"):
                yield LogView(id="log", max_lines=300)
                yield TableChatLine(placeholder="c: chat", id="chat", max_length=200)
        yield TextLines(id="pile")
        yield TextLines(id="prompt")
        yield TextLines(id="handhead")
        yield TextLines(id="staged")
        yield HandView(id="hand")
        yield TextLines(id="status")
        yield KeysBar(id="keys")

    def on_mount(self) -> None:
        self._ready = True
        log = self.query_one("#log", LogView)
        for line in getattr(self.app, "log_lines", []):
            log.write(line)
        self.query_one(HandView).focus()
        if getattr(self.app, "table_message", None) is not None:
            self.show(self.app.table_message)  # type: ignore[attr-defined]
        self._status()
        self.call_after_refresh(self.app.table_shown)  # type: ignore[attr-defined]

    def on_resize(self) -> None:
        # Seats and melds are laid out in lines for a width: rebuild them after the
        # new layout has given the widgets their sizes.
        self.call_after_refresh(self._reshow)

    def _reshow(self) -> None:
        if self.message is not None:
            self.show(self.message)

    # attributes down
    def show(self, message: dict[str, Any]) -> None:
        """Render a ``view`` message; only widgets whose slice changed re-render."""
        if (self.message or {}).get("seq") != message.get("seq"):
            self._undo_on_refusal = None  # a move was made: nothing sent waits on an answer
        self.message = message
        if not self._ready:
            return
        settings = self.app.settings  # type: ignore[attr-defined]
        players = message.get("players") or []
        count = max(len(players), len((message.get("view") or {}).get("counts", {})))
        by_seat = {p.get("seat"): p for p in players}
        names = tuple(((by_seat.get(s) or {}).get("name") or f"seat {s}") for s in range(count))
        view = message.get("view") or {}
        melds = {m.get("id") for m in view.get("melds", []) if self._own(m, message)}
        turn = (view.get("deal_number"), view.get("turn"))
        if self.target not in melds or turn != self._target_turn:
            self.target = None  # a meld chosen last turn is not this turn's (play-test)
        self._target_turn = turn
        if self.steal_target not in self._steal_melds(view):
            self.steal_target = None
        was_acting = self._was_acting
        info = self.info = TableInfo(message, names, table_look(settings.look, message),
                                     self.target, self._changed_melds(message, settings.hints))
        if self._was_acting and not was_acting and self.error is not None \
                and "code" not in self.error:
            # A note said while waiting ("Nothing to do now: waiting for bob.") is stale
            # once the move is this player's: it stayed under "Your turn" (play-test).
            self.error = None
        if self.game.name != view.get("game"):
            self.game = screen_for(view.get("game"))
        self._set_clock(message)
        self._top(info)
        self._seats(info, by_seat)
        self._panel(info)
        self._pile(info)
        self._prompt(info)
        self._hand(info)
        self.query_one("#log", LogView).set_ascii(settings.ascii)
        self.set_class(info.seat is None, "spectating")
        self._status()
        self._refresh_footer()
        self._lay_offs_after_meld()

    def _changed_melds(self, message: dict[str, Any], hints: bool) -> frozenset[int]:
        """The melds that changed since this player's last turn ended (a hint): by their
        cards, not their size (a wild card stolen for its natural left the size as it was,
        and the owner's meld went unmarked, play-test). "Your turn" is the view's `turn`,
        not `to_act`: a seat that may act out of turn (Looking and Down's frozen in time)
        stayed "in its turn", and its own melds of that turn were starred."""
        view = message.get("view") or {}
        seen = {m.get("id"): (m.get("size", len(m.get("cards", []))),
                               tuple(c.get("id") for c in m.get("cards", [])
                                     if isinstance(c, dict)))
                 for m in view.get("melds", [])}
        self._was_acting = message.get("seat") in (view.get("to_act") or [])
        mine = message.get("seat") is not None and message.get("seat") == view.get("turn")
        seated = message.get("seat") is not None  # (a spectator has no turn to count from)
        if seated and (self._had_turn or self._melds_at_my_turn_end is None) and not mine:
            # The turn just ended, or this screen has only now come to the table (back
            # at a seat, or a new deal): compare from here. A player who came back saw
            # no mark until a turn of theirs had ended (play-test).
            self._melds_at_my_turn_end = seen
        self._had_turn = mine
        before = self._melds_at_my_turn_end
        if not hints or before is None:
            return frozenset()
        return frozenset(i for i, now in seen.items() if before.get(i) != now)

    def saw_events(self, events: list[dict[str, Any]]) -> None:
        """Public events, for what the view does not say: who made the last discard."""
        for event in events:
            if event.get("type") == "discarded" and isinstance(event.get("card"), dict):
                self.last_discard = (event["card"].get("id"), event.get("seat"))
            elif event.get("type") == "deal_started":
                self._melds_at_my_turn_end = None

    @staticmethod
    def _steal_melds(view: dict[str, Any]) -> list[int]:
        """The opponents' melds the listing says a wild card may be stolen from."""
        for entry in view.get("legal") or []:
            if entry.get("type") == "steal_wild":
                return list(dict.fromkeys(o.get("meld") for o in entry.get("options", [])))
        return []

    def _own(self, meld: dict[str, Any], message: dict[str, Any]) -> bool:
        view = message.get("view") or {}
        seat = message.get("seat")
        for team, seats in enumerate(view.get("teams") or []):
            if seat in seats:
                return meld.get("team") == team
        return False

    def _set_clock(self, message: dict[str, Any]) -> None:
        clock = message.get("clock")
        if not isinstance(clock, dict):
            self._clock = None
            if self._clock_timer is not None:
                self._clock_timer.stop()
                self._clock_timer = None
            return
        if self._clock is not None and clock is self._clock_from:
            # The same view shown again (Esc, t, a setting changed): the clock counts on
            # from when it came; set again, it went back by the time since (0:19 to 0:07
            # on Esc, while the host's limit ran on, play-test).
            return
        self._clock_from = clock
        seats = clock.get("seats")
        self._clock = (float(clock.get("elapsed") or 0), clock.get("limit"), time.monotonic(),
                       [s for s in seats if isinstance(s, int)] if isinstance(seats, list)
                       else None)
        if self._clock_timer is None:
            self._clock_timer = self.set_interval(1.0, self._tick)

    def _tick(self) -> None:
        if self.info is not None:
            self._pile(self.info)

    def clock_text(self, info: TableInfo) -> tuple[str, str]:
        """``ann thinking 0:42 of 2:00`` on the pile line for everyone; the player on turn
        is warned at three quarters of the limit."""
        if self._clock is None:
            return "", ""
        elapsed, limit, since, timed = self._clock
        now = int(elapsed + time.monotonic() - since)
        # The seats the clock times, as the host says (not a frozen seat that may meld if
        # it wishes, whom the views list among those to act); the view's before it said.
        timed = info.view.get("to_act", []) if timed is None else timed
        mine = info.seat in timed
        who = " and ".join(info.name(s) for s in timed)
        # (the player on turn reads "your time": shorter, so the warning stays on the line)
        text = f" · {'your time' if mine else who + ' thinking'} {now // 60}:{now % 60:02d}"
        if not limit:
            return text, ""
        text += f" of {limit // 60}:{limit % 60:02d}"
        if now >= limit:
            return text + " time is up", "bold red"
        if mine and now >= 0.75 * limit:
            return text + f" ({limit - now}s left!)", "bold yellow"
        return text, ""

    def _top(self, info: TableInfo) -> None:
        v, m = info.view, info.message
        you = "watching" if info.seat is None else f"seat {info.seat} ({info.name(info.seat)})"
        # (a game that ends after a number of deals by option names it either way)
        last = v.get("deals") or v.get("max_deals")
        deals = f"/{last}" if last else ""
        width = self.size.width
        data = (v.get("title"), m.get("table"), v.get("deal_number"), deals, v.get("phase"),
                you, m.get("over"), width)

        def build() -> Text:
            # A 16-letter name and a long phase ("discard (not open yet)") pass 80 columns:
            # the name goes first (the seat line marks you), then "you: seat N".
            for who in (you, you.split(" (")[0], ""):
                line = Text.assemble(
                    (f" {v.get('title') or v.get('game')}", "bold"),
                    f" · table {m.get('table')} · deal {v.get('deal_number')}{deals}"
                    f" · {self.game.phase_label(v.get('phase'))}" + (f" · you: {who}" if who
                                                                     else ""))
                if not width or line.cell_len <= width:
                    break
            return line

        self.query_one("#top", TextLines).show(data, build)

    def _seats(self, info: TableInfo, by_seat: dict[Any, dict[str, Any]]) -> None:
        """Two seats a line, each in half the width; only changed lines repaint."""
        view = self.query_one("#seats", LinesView)
        half = max(20, (view.content_region.width or self.app.size.width) // 2)
        v = info.view
        key = (half, info.seat, info.names, info.look, v.get("counts"), v.get("to_act"),
               v.get("dealer"), v.get("teams"), by_seat, type(self.game), v.get("phase"),
               tuple(v.get(k) for k in self.game.seat_keys))
        if key == self._seats_key:
            return
        self._seats_key = key

        def build() -> list[Text]:
            to_act = set(v.get("to_act", []))
            waiting = info.message.get("ready_wait") if v.get("phase") == "deal_over" \
                else None
            # A bot deals once the people are ready: they are the ones the table waits
            # for; > on the bot said otherwise (play-test).
            to_act = set(waiting or to_act)
            cells = []
            # A bot's level is named where every seat's cell has room for it, by the width
            # alone: chosen per cell by its length, one bot read "[basic bot]" in one deal
            # and "[bot]" in the next as its counts grew (play-test).
            narrow = half < LEVEL_FROM
            for seat in range(len(info.names)):
                args = (info, seat, by_seat.get(seat, {}), v.get("counts", {}).get(seat, {}),
                        seat in to_act, self.game)
                cell = self._seat_text(*args, compact=narrow)
                if cell.cell_len > half - 1:  # the bot's level gives way to the seat's state
                    cell = self._seat_text(*args, compact=True)
                if cell.cell_len > half - 1:  # then a long name's end
                    cut = info.with_names_cut({seat}, cell.cell_len - (half - 1))
                    cell = self._seat_text(cut, *args[1:], compact=True)
                cells.append(cell)
            return side_by_side([cells[0::2], cells[1::2]], half, info.look.ascii)

        lines = SEAT_LINES.get(key, build)
        view.styles.height = len(lines)
        view.set_lines(lines)

    @staticmethod
    def _seat_text(info: TableInfo, seat: int, player: dict[str, Any], counts: Any,
                   acting: bool, game: GameScreen, compact: bool = False) -> Text:
        """A seat's cell; `compact` where the full one would be cut at the half width (an
        8-seat Looking and Down cut "frozen" to "fro…"): a bot is only "[bot]", and a bot
        covering an away seat gives no level."""
        t = Text(">" if acting else " ", style="bold reverse" if acting else "")
        mine = info.team_of(seat) == info.team_of(info.seat) and info.seat is not None
        t.append(f" {info.name(seat)}", style="bold green" if mine else "bold")
        if seat == info.seat:
            t.append(" (you)")
        if player.get("bot"):
            level = player.get("level")
            t.append(f" [{level} bot]" if level and not compact else " [bot]", style="cyan")
        elif player.get("name") is None:
            t.append(" (free)", style="dim")
        elif player.get("covered_by"):
            # One form on every line ("(away: basic bot plays)" stood beside "(away, bot
            # plays)" on one screen, play-test); the prompt names the bot's level.
            t.append(" (away, bot plays)", style="yellow")
        elif not player.get("present", True):
            t.append(" (away)", style="yellow")
        if seat == info.view.get("dealer"):
            t.append(" D", style="dim")
        t.append_text(game.seat_detail(info, seat, counts))
        return t

    def _panel(self, info: TableInfo) -> None:
        panel = self.panel = self.game.make_panel()
        view = self.query_one("#panel", LinesView)
        width = view.content_region.width or self.app.size.width
        height = view.content_region.height
        open_hands = info.message.get("open_hands")
        key = (type(panel), panel.complete_at, panel.key(info, width), height, open_hands)
        if key != self._panel_key:
            self._panel_key = key

            def build() -> list[Text]:
                head = open_hands_lines(info, open_hands)
                return head + panel.lines(info, width, height and max(1, height - len(head)))

            view.set_lines(PANEL_LINES.get(key, build))

    def _pile(self, info: TableInfo) -> None:
        v = info.view
        discard = v.get("discard") or {}
        top = discard.get("top")
        hints = self.app.settings.hints  # type: ignore[attr-defined]
        by = None
        if hints and top and self.last_discard and self.last_discard[0] == top.get("id"):
            by = info.name(self.last_discard[1])
        clock, clock_style = self.clock_text(info)
        detail = self.game.pile_detail(discard)
        width = self.size.width
        data = (v.get("stock"), _key(top), discard.get("size"), discard.get("frozen"),
                discard.get("blocked"), info.look, by, clock, clock_style, detail, width)

        def build() -> Text:
            line = pile_line(by, clock)
            if not width or line.cell_len <= width:
                return line
            # Too long for the window (a game's pile detail, a frozen pile and the
            # clock): the clock takes a second line, so its warning is never cut off.
            return Text.assemble(pile_line(by, ""), "\n", (f"  {clock[3:]}", clock_style))

        def pile_line(by: str | None, clock: str) -> Text:
            t = pile_text(v, info.look, detail, by)
            t.append(clock, style=clock_style)
            return t

        self.query_one("#pile", TextLines).show(data, build)

    def _prompt(self, info: TableInfo) -> None:
        text, style = prompt_text(info, self.game)
        if self._covered_for_me() and not (self.message or {}).get("over"):
            # (not once the game is over: it stood over "Game over: ... n: play again",
            # play-test; a space in, as every prompt, and whole at 80 columns)
            text, style = (" A bot plays your seat (your time ran out): press a game key "
                           "(d) to play again.", "bold yellow")
        held = self._held_seat()
        if held is not None and not (self.message or {}).get("over"):
            text, style = (f" A bot plays your seat {held} while you watch: j takes it back.",
                           "bold yellow")
        width = self.size.width or 80

        def build() -> Text:
            # Wrapped, its second line a space in as the first: at 80 columns "... end
            # your turn (x): you drew the last card." lost its last words (play-test).
            if cell_len(text) <= width or not text.startswith(" "):
                return Text(text, style)
            rows = Text(text[1:]).wrap(self.app.console, max(20, width - 1))
            return Text("\n").join(Text(" " + row.plain, style) for row in rows[:2])

        self.query_one("#prompt", TextLines).show((text, style, width), build)

    def _hand(self, info: TableInfo) -> None:
        settings = self.app.settings  # type: ignore[attr-defined]
        hand = sort_hand(info.view.get("hand", []), settings.sort,
                         info.look.wild_ranks)
        ids = {c["id"] for c in hand}
        view = info.view
        if info.seat not in (view.get("to_act") or ()) and view.get("turn") != info.seat:
            # The turn went on: what was staged for it goes (play-test: a lay-off staged
            # before a "no" to going out stayed, its card hidden from the hand, which
            # read "(no cards)" though it held one).
            self.staged = []
        self.staged = [(m, cards) for m, cards in self.staged if set(cards) <= ids]
        staged_ids = frozenset(i for _, cards in self.staged for i in cards)
        marked: frozenset[int] = frozenset()
        if settings.hints:
            targets = self.legal_kinds().get("lay_off", {}).get("targets") or []
            marked = frozenset(i for t in targets for i in t.get("cards", ()))
        self.query_one(HandView).set_cards(hand, info.look, staged_ids, settings.mouse,
                                           marked)
        self._hand_head()

    def _hand_head(self) -> None:
        info = self.info
        if info is None or info.seat is None:
            return
        counts = info.view.get("counts", {}).get(info.seat, {})
        hand_view = self.query_one(HandView)
        sel = [c for c in hand_view.cards if c["id"] in hand_view.selected]
        sort = self.app.settings.sort  # type: ignore[attr-defined]
        detail = self.game.hand_detail(counts)
        width = self.size.width
        data = (len(hand_view.cards), detail, sort, tuple(c["id"] for c in sel), info.look,
                width, tuple(sorted(self.declared.items())))

        def build() -> Text:
            # Too long for the window (Looking and Down's detail and a selection at 80
            # columns cut the selected cards off): the sort hint goes first, then the
            # detail; the selected cards stay.
            for hint, more in ((True, True), (False, True), (False, False)):
                t = Text(f" Your hand ({len(hand_view.cards)})", style="bold")
                if more:
                    t.append(detail)
                if hint:
                    t.append(f" · by {sort} (z)")
                if sel:
                    t.append(f" · selected {len(sel)}: ")
                    t.append_text(cards_text(sel, info.look, places=self.declared))
                if not width or t.cell_len <= width:
                    break
            return t

        self.query_one("#handhead", TextLines).show(data, build)
        by_id = {c["id"]: c for c in hand_view.cards}

        def staged() -> Text:
            # A new meld [9♥ 9♣ JK], a lay-off [A♠ A♠] onto #13: "[9♥ 9♣ JK] onto #13
            # [A♠ A♠]" read as the 9s going onto #13 (play-test).
            t = Text(" Staged:", style="bold")
            for n, (meld, cards) in enumerate(self.staged):
                t.append(" [" if n == 0 else " · [")
                t.append_text(cards_text([by_id[i] for i in cards if i in by_id], info.look,
                                         places=self.declared))
                t.append("]" if meld is None else f"] onto #{meld}")
            return t

        widget = self.query_one("#staged", TextLines)
        widget.display = bool(self.staged)
        widget.show((tuple((m, tuple(c)) for m, c in self.staged), info.look,
                     tuple(sorted(self.declared.items()))), staged)

    def plain(self) -> bool:
        """Nothing on this screen but what the view and the table's log show: no typing,
        no staged cards or chosen target, no refusal or note, the chat line not in use.
        Two spectators whose screens are plain (and alike otherwise) see the same picture,
        so the host may render it once for both (``netcode/sharing.py``)."""
        return (self._ready and self.typing is None and not self.staged and self.target is None
                and self.steal_target is None and not self.declared and self.error is None
                and not isinstance(self.focused, Input)
                and not self.query_one("#chat", Input).value)

    def on_hand_view_changed(self, _: HandView.Changed) -> None:
        self._hand_head()

    def add_log(self, line: Text) -> None:
        if self._ready:
            self.query_one("#log", LogView).write(line)

    def replace_log(self, lines: list[Text]) -> None:
        if self._ready:
            self.query_one("#log", LogView).replace(lines)

    def show_error(self, payload: dict[str, Any]) -> None:
        """A refusal from the host: the engine's sentence, shown with a capital."""
        message = str(payload.get("message", ""))
        self._then_lay_off = ([], [])
        undo, self._undo_on_refusal = self._undo_on_refusal, None
        if undo is not None:  # (play-test: a refused offer lost its card's selection)
            undo()
        hint = self.game.refusal_hint(str(payload.get("rule") or ""), self._sent or {})
        if hint:
            message = f"{message} {hint}"
        self.error = {**payload, "message": message[:1].upper() + message[1:]}
        self._status()
        self._refresh_footer()

    def note(self, text: str) -> None:
        """A line of the screen's own (not the host's refusal, which stays until the next
        move or Esc): it goes after `NOTE_SECONDS` ("Nobody is away from this table."
        stayed through a dozen keys, a resize and a chat line, play-test)."""
        note = self.error = {"message": text}
        self._status()
        self._refresh_footer()

        def fade() -> None:
            if self.error is note:
                self.error = None
                self._status()
                self._refresh_footer()

        self.set_timer(NOTE_SECONDS, fade)

    def _status(self) -> None:
        if not self._ready:
            return
        err = self.error
        if self.typing is not None:
            data: Any = ("typing", self.typing)
            text = Text.assemble((" Select cards: ", "bold"), self.typing + "_",
                                 ("   Enter selects · Esc cancels", "dim"))
        elif err:
            data = ("error", err.get("message"), err.get("rule"))
            # The rule first: a sentence longer than the line is cut at its end, and the
            # rule id (with e for its text) is what a player looks up.
            text = Text(" ! ", style="bold red")
            if err.get("rule"):
                text.append(f"[{err['rule']}] ", style="bold")
            look = self.info.look if self.info is not None else CardLook()
            text.append(codes_as_shown(ranks_as_words(str(err.get("message", ""))), look),
                        style="bold red")
            data = (*data, look.ascii)
            if err.get("rule"):
                text.append("  e: rule text", style="bold")
        elif self.seated():
            data = ("hint",)
            # Typing starts on a digit or *, so a face card needs / first ("kh" ran k,
            # "q" opened leave: play-test). c: chat gives way, its line says it.
            text = Text(" ?: keys · /kh or 7h selects, or arrows+space · s: scores · "
                        "r: rules · q: leave", style="dim")
        else:
            data = ("watching",)
            text = Text(" Watching · ?: keys · s: scores · r: rules · c: chat · q: leave",
                        style="dim")
        width = self.size.width
        suffix = len("  e: rule text")
        if err and err.get("rule") and width and 0 < text.cell_len - width <= suffix:
            # The sentence fits without it: "e: rule text" (the footer's too) gives way
            # rather than wrap alone onto a second line (play-test).
            text.right_crop(suffix)
            data = (*data, width)
        if err and width and text.cell_len > width:
            # A refusal longer than the window takes a second line ("... the pile is
            # frozen" was cut at 80 columns, play-test); two lines at most.
            # Its second line indented under the sentence, not at the edge under " ! "
            # (play-test: it read as a line of its own).
            lines = text.wrap(self.app.console, width - 3)
            text = Text("\n   ").join(lines[:2])
            data = (*data, "wrapped")
        self.query_one("#status", TextLines).show(data, lambda: text)

    # what the footer offers
    def _refresh_footer(self) -> None:
        """Ask the keys line to update only when what ``check_action`` answers changed.

        A bindings refresh makes the keys line ask ``check_action`` about every binding;
        most views change nothing it answers.
        """
        message = self.message or {}
        key = (tuple(sorted(self.legal_kinds())), self.seated(), bool(message.get("over")),
               bool(self.error and self.error.get("rule")), bool(message.get("take_back")),
               self._may_say_ready(),  # (n Ready stayed once said, and into the next deal)
               bool(self.staged))  # (a staged going out shows a)
        if key != self._footer_key:
            self._footer_key = key
            self.refresh_bindings()

    def legal_kinds(self) -> dict[str, dict[str, Any]]:
        if self.message is None or self.message.get("seat") is None:
            return {}
        legal = (self.message.get("view") or {}).get("legal") or []
        return {entry.get("type"): entry for entry in legal}

    def in_keys_help(self, action: str) -> bool:
        """Whether the keys help (?) lists the action: a spectator is shown the keys that
        work for them, not the players' (play-test), and a player this game's."""
        if not self.seated() and (action in NEEDS or action in PLAYER_KEYS):
            return False
        return self.listed_in_keys(action)

    def listed_in_keys(self, action: str) -> bool:
        """The keys help (?) lists the actions of this table's game only: a player of a
        game without offers, or without a pile, is not shown keys for them."""
        kind = NEEDS.get(action)
        if action == "draw_nothing":
            return False  # the keys line offers it where it is (a final round): d is Draw
        if kind == "ask_to_go_out" and self._alone():
            return False  # nobody to ask at a table where each plays alone
        name = (self.message or {}).get("view", {}).get("game")
        if kind is None or name not in GAMES:
            return True
        return kind in GAMES[name].factory.ACTIONS

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("draw", "draw_nothing"):  # a draw the listing says takes no card
            entry = self.legal_kinds().get("draw")
            return entry is not None and (entry.get("count") == 0) == (action == "draw_nothing")
        if action == "stage_lay_off" and self.game.take_lays_off \
                and "take_pile" in self.legal_kinds():
            return True  # lay-offs staged for the take (L never worked before the draw)
        if action == "ask" and self.game.ask_plan and self.staged and self._my_turn() \
                and self._phase_takes("ask_to_go_out") and not self._alone() \
                and not ((self.message or {}).get("view") or {}).get("asked"):
            # The listing offers a plan for the simplest goings out only; one the player
            # has staged goes with a, which the keys line never showed (play-test); not
            # once asked this turn (the keys still offered it, play-test).
            return True
        if action in NEEDS:
            return NEEDS[action] in self.legal_kinds()
        if action == "target":
            return bool({"lay_off", "take_pile"} & set(self.legal_kinds()))
        if action == "again":
            return bool(self.message and self.message.get("over")
                        and self.message.get("seat") is not None)
        if action == "ready":
            return self._may_say_ready()
        if action == "take_back":
            return bool(self.message and self.message.get("take_back"))
        if action == "record":
            return bool(self.message and self.message.get("over"))
        if action == "sit_again":
            return self._held_seat() is not None
        if action == "explain":
            return bool(self.error and self.error.get("rule"))
        return True

    # typing card codes
    def on_key(self, event: events.Key) -> None:
        if isinstance(self.focused, Input):
            if event.key == "escape":  # back from the chat line (its text is kept)
                self.query_one(HandView).focus()
                self._stop(event)
            return
        if self.typing is None:
            # Handled here, not by a binding, so the keys typed right after it (which
            # pass this screen in order) cannot overtake it.
            if event.key == "slash" and self.seated():
                self.typing = ""
                self._stop(event)
            elif event.character and event.character in STARTS_TYPING and self.seated():
                self.typing = event.character
                self._stop(event)
            elif event.key in ASK_ENGINE and self.seated() and not self._key_on(event.key):
                self._not_now(event.key)
                self._stop(event)
            elif event.key in ("k", "X") and self.message is not None \
                    and not self._key_on(event.key) and (event.key == "X" or self.seated()):
                self._unavailable(event.key)
                self._stop(event)
            elif event.key in ("y", "n") and self.seated() and self.message is not None \
                    and not self._key_on(event.key):
                # Pressed with no question to answer, they did nothing at all; "there is
                # none now" was said while another player was asked (play-test).
                others = self._waited_for()
                self.note("y and n answer a question put to you; none is now" + (
                    f": the table waits for {' and '.join(others)}." if others else "."))
                self._stop(event)
            elif event.key in ASK_ENGINE and not self.seated() and self.message is not None:
                self.note("You are watching: the game's keys are the players'.")
                self._stop(event)
            return
        if event.key == "escape":
            self.typing = None
        elif event.key == "enter":
            self._apply_codes()
        elif event.key == "backspace":
            self.typing = self.typing[:-1]
        elif event.character and event.character.isprintable():
            self.typing += event.character
        else:
            return
        self._stop(event)

    def _unavailable(self, key: str) -> None:
        """k or X when the host offers neither now: pressed, they did nothing at all."""
        if key == "X":
            self.note("The game record comes when the game is over.")
        elif "take_back" not in (self.message or {}):  # the host sends it where allowed
            self.note("Take back is off at this table (the new-table form sets it).")
        else:
            # (a meld made with a pile take read as one to take back, play-test)
            self.note("Nothing to take back now: only your last meld or lay-off of this "
                      "turn, not a pile take, a draw or what they showed you.")

    def on_paste(self, event: events.Paste) -> None:
        """Codes pasted while typing cards (or at the table, which starts typing) join
        the prompt, up to `PASTE_CODES` characters: a paste there was dropped without a
        word, though typed keys worked (play-test). The chat line takes its own pastes."""
        if isinstance(self.focused, Input) or not self.seated():
            return
        self.typing = ((self.typing or "") + printable(event.text))[:PASTE_CODES]
        event.stop()
        event.prevent_default()
        self._status()

    def _key_on(self, key: str) -> bool:
        """Whether some binding of the key is available now (`check_action`)."""
        return any(b.key == key and self.check_action(b.action.split("(")[0], ())
                   for b in self.BINDINGS if isinstance(b, Binding))

    def _not_now(self, key: str) -> None:
        """A game key the listing does not offer now. On the seat's own turn the action
        goes to the host anyway, so the engine's refusal says why, naming its rule (a
        meld short of the minimum count, a discard before the draw); otherwise the note
        says whose turn it is or which keys work now. Silence left players guessing."""
        legal = self.legal_kinds()
        action = ASK_ENGINE[key]
        if action == "ask" and self._alone():
            self.note(NO_PARTNER)
            return
        if action == "discard" and not self.listed_in_keys("discard"):
            action = "offer"
        if action == "group" and self._my_turn() \
                and (self._phase_takes("meld") or self._phase_takes("take_pile")):
            # Staging is the screen's own business: the listing names no meld when no
            # single meld of the hand is enough (a closed side needing 180), yet several
            # together may be, or may go with a pile take (CN-P10). Refused, the groups
            # ran together into one meld that the engine refused for the wrong reason.
            self.action_group()
            return
        if not legal and self._covered_for_me():
            # A bot plays this seat since the clock ran out: a game key takes it back.
            self._send_request({"t": "ready"})
            self.note("You play your seat again: the bot stops.")
            return
        if not legal:
            waiting = self._waited_for()
            self.note("Nothing to do now" + (f": waiting for {' and '.join(waiting)}."
                                              if waiting else "."))
            return
        if action in ("discard", "offer") and len(self._selected()) > 1 \
                and self.listed_in_keys(action) and not self._phase_takes(NEEDS[action]):
            # Several cards selected before the draw: "Select one card" answered a question
            # nobody asked. The phase refuses the kind before reading its card, so the
            # engine's sentence and rule ("draw first") come back; no card is named.
            self._send({"type": NEEDS[action]})
            return
        if action == "take" and self.listed_in_keys(action) and self._my_turn() \
                and self._phase_takes("take_pile"):
            # The draw phase of the seat's own turn, the pile not listed: the engine says
            # which rule keeps it (taken last turn, no pair, blocked), where "Not now. You
            # can: d Draw." left the player guessing (play-test).
            self.action_take()
            return
        if action in ("draw", "meld", "discard", "offer", "lay_off", "take", "ask") \
                and self.listed_in_keys(action) \
                and (action in ("draw", "ask") or self._selected() or self.staged):
            getattr(self, f"action_{action}")()  # (an ask with no listing sends it bare)
            return
        if action == "steal" and self.listed_in_keys("steal") and self._my_turn():
            self._steal_not_listed()
            return
        if action == "target" and self._my_turn():
            # (play-test: t said only "Not now.", and which meld it chose was a guess)
            self.note("t picks the meld a lay-off (l) goes onto" + (
                ", once you have drawn." if self._phase_takes("draw")
                else ": none of your cards goes onto a meld now."))
            return
        keys = [f"{b.key} {b.description}" for b in self.BINDINGS if isinstance(b, Binding)
                and b.show and b.action.split("(")[0] in NEEDS
                and self.check_action(b.action.split("(")[0], ())]
        self.note("Not now. You can: " + ", ".join(keys) + "." if keys else "Not now.")

    def _alone(self) -> bool:
        """The seat plays for itself (its team is itself): there is no partner to ask."""
        info = self.info
        team = info.team_of(info.seat) if info is not None else None
        return team is not None and len(info.teams[team]) == 1  # type: ignore[union-attr]

    def _my_turn(self) -> bool:
        """The seat is the one whose turn it is (not a partner asked, nor a seat asked to
        take an offer)."""
        view = (self.message or {}).get("view") or {}
        return self.seated() and (self.message or {}).get("seat") == view.get("turn")

    def _phase_takes(self, kind: str) -> bool:
        """Whether the view's phase takes this kind of action at all, by the game's own
        table of phases (``PHASES``, docs/engine.md). The engine refuses a kind its phase
        does not take before it reads any field, naming the rule; a kind the phase takes
        is judged on its fields, so a bare one would only come back as malformed."""
        view = (self.message or {}).get("view") or {}
        game = GAMES.get(view.get("game") or "")
        phases = getattr(game.factory, "PHASES", None) if game is not None else None
        return kind in (phases or {}).get(view.get("phase"), ())

    def _steal_not_listed(self) -> None:
        """w on the seat's own turn with no steal listed. Where the phase takes
        no steal (before the draw, SK-W1) it goes to the engine, whose refusal names the
        rule, as d, a and the others do; in play the listing's silence is the answer: it
        offers a steal for every opponent's wild card a card in the hand takes back."""
        if not self._phase_takes("steal_wild"):
            self._send({"type": "steal_wild"})
            return
        self.note("No wild card to steal now: no opponent's meld holds one that a card "
                  "in your hand takes back.")

    def _stop(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()
        self._status()

    def _apply_codes(self) -> None:
        text, self.typing = self.typing or "", None
        hand = self.query_one(HandView)
        # ``jk=9h``: the wild card and the card it stands for in a sequence. The ``=``
        # goes with the code just before it, in codes run together too: ``8d9djk=10d``
        # gave the 8 the 10's place (play-test); after the card it stands for, more codes
        # are more cards (``jk=10d2c``).
        cards: list[str] = []
        means: dict[int, str] = {}
        for word in text.replace(",", " ").split():
            first, *rest = word.split("=")
            cards.extend(split_codes(first))
            for part in rest:
                codes = split_codes(part)
                if codes and cards:
                    means[len(cards) - 1] = codes[0]
                    cards.extend(codes[1:])
        if len(cards) == 1 and means and self._declare_staged(cards[0], means[0]):
            return
        try:
            ids = pick_by_codes(" ".join(cards), hand.shown, taken=hand.selected,
                                look=hand.look)
            for n, stands in means.items():
                self.declared[ids[n]] = parse_card(stands)
        except (CodeError, ValueError, IndexError) as exc:
            self.error = {"message": str(exc) if isinstance(exc, CodeError)
                          else f"Not a card: {text}."}
            return
        hand.select(ids)
        self.error = None

    def _declare_staged(self, code: str, stands: str) -> bool:
        """``/2s=8s`` where the 2♠ is staged or selected and no other is left in the hand:
        the place of that wild card, kept for the meld's next m. Asked where a staged
        sequence's wild card goes (SK-M6), the player had to clear every staged meld and
        stage them all again (play-test)."""
        hand = self.query_one(HandView)
        chosen = [c for c in hand.cards if c["id"] in hand.hidden or c["id"] in hand.selected]
        try:
            place = parse_card(stands)
            ids = pick_by_codes(code, chosen, look=hand.look)
        except ValueError:  # (CodeError too: no such card staged or selected)
            return False
        try:
            pick_by_codes(code, hand.shown, taken=hand.selected, look=hand.look)
            return False  # one is in the hand: the typed code selects it, as ever
        except ValueError:
            pass
        self.declared[ids[0]] = place
        self.note(f"Your {card_label(hand.faces[ids[0]], hand.look)} stands for "
                  f"{card_label(place, hand.look)}: m melds it so.")
        return True

    def seated(self) -> bool:
        return bool(self.message and self.message.get("seat") is not None)

    # actions: selection
    def action_cursor(self, step: int) -> None:
        self.query_one(HandView).move(step)

    def action_toggle(self) -> None:
        self.query_one(HandView).toggle_cursor()

    def action_type_codes(self) -> None:
        if self.seated():
            self.typing = ""
            self._status()

    def action_clear(self) -> None:
        hand = self.query_one(HandView)
        if hand.selected:
            hand.clear()
        elif self.staged:
            self.staged = []
            self._refresh_hand()
        self.error = None
        self.target = None
        self.steal_target = None
        self.declared = {}
        self._status()
        self._refresh_footer()
        if self.info is not None:
            self.show(self.info.message)

    def action_group(self) -> None:
        self._stage(None)

    def action_stage_lay_off(self) -> None:
        meld = self.target if self.target is not None else self._guess_meld()
        if meld is None:
            self.note("Choose the meld with t first.")
            return
        if self._stage(meld):
            # Chosen for this lay-off: kept, the next L put other cards onto it unasked
            # (play-test: an ace staged onto the queens), as l's choice is not kept.
            self.target = None

    def _stage(self, meld: int | None) -> bool:
        hand = self.query_one(HandView)
        if not hand.selected:
            self.note("Select cards first (arrows and space, or type 7h 7s).")
            return False
        self.staged.append((meld, list(hand.selected)))
        hand.selected = []
        self._refresh_hand()
        return True

    def _refresh_hand(self) -> None:
        if self.info is not None:
            self._hand(self.info)
        self._refresh_footer()  # (what is staged may change the keys: a)

    def action_target(self, step: int = 1) -> None:
        """Choose the meld a lay-off goes to: t the next of your side's melds as the panel
        lists them (top to bottom), T the one before; from none, t starts at the top and T
        at the bottom. A complete meld is offered where the listing names it as a lay-off
        target (a canasta that grows past seven): skipped, t never came to it, and a
        lay-off there went only where the screen could guess the meld from the cards."""
        if self.info is None:
            return
        team = self.info.team_of(self.info.seat)
        panel = self.panel or self.game.make_panel()
        listed = {t.get("meld") for t in
                  self.legal_kinds().get("lay_off", {}).get("targets") or []}
        own = [] if team is None else [m["id"] for m in panel.team_melds(self.info, team)
                                       if not m.get("complete") or m["id"] in listed]
        if not own:
            self.note("Your team has no unfinished meld.")
            return
        chosen = set(self._selected())
        fits = [mid for mid in own if any(
            t.get("meld") == mid and chosen & set(t.get("cards", ()))
            for t in self.legal_kinds().get("lay_off", {}).get("targets") or [])]
        if fits:  # the melds that take the selected cards (t began on any, play-test)
            own = fits
        if self.target in own:
            self.target = own[(own.index(self.target) + step) % len(own)]
        else:
            self.target = own[0] if step > 0 else own[-1]
        self.error = None  # "Which meld?" is answered: the chosen meld is marked with >
        self.show(self.info.message)

    def action_sort(self) -> None:
        self.app.change_setting("sort")  # type: ignore[attr-defined]

    # actions sent to the host
    def _send(self, action: dict[str, Any]) -> None:
        self.declared = {}
        self._sent = action
        self.error = None
        self._status()
        self.app.send({"t": "action", "action": action})  # type: ignore[attr-defined]

    def _selected(self) -> list[int]:
        return list(self.query_one(HandView).selected)

    def action_draw(self) -> None:
        self._send({"type": "draw"})

    action_draw_nothing = action_draw

    def action_take(self) -> None:
        cards = self._selected()
        melds = [ids for meld, ids in self.staged if meld is None]
        lay_offs = [{"meld": meld, "cards": ids} for meld, ids in self.staged if meld is not None]
        options = self.legal_kinds().get("take_pile", {}).get("options") or []
        if not cards and not self.staged:
            if options:
                self._confirm_take(dict(options[0]))
                return
        elif not self.staged and self.target is None:
            # The listing's way with just these cards, where it has one: it knows where
            # they go (a pair of 6s onto the side's unfinished 6s, HF-M6, where the bare
            # take made a second meld of them and was refused, play-test).
            faces = self.query_one(HandView).faces

            def ranks(ids: list[int]) -> list[str]:
                return sorted(rank_of(faces.get(i, "?")) for i in ids)

            same = [o for o in options if not o.get("melds")
                    and ranks(o.get("cards") or []) == ranks(cards)]
            if same:  # (the listing names the first cards of the rank: these go instead)
                self._send({**same[0], "cards": cards})
                return
        self._send(self.game.take_action(cards, melds, lay_offs, self.target))

    def _confirm_take(self, take: dict[str, Any]) -> None:
        """With nothing selected, p takes the pile as the listing's first way does, once
        the player has seen which of their cards it uses: it melded 7♣ 7♠ 7♦ and both
        of a player's 2s unasked, and could not be taken back (play-test)."""
        hand = self.query_one(HandView)
        look = self.info.look if self.info is not None else hand.look
        faces = hand.faces

        def named(ids: Any) -> str:
            return " ".join(card_label(faces[i], look) for i in ids
                            if isinstance(i, int) and i in faces)

        pair = named(take.get("cards") or [])
        more = [named(m.get("cards") if isinstance(m, dict) else m)
                for m in take.get("melds") or []]
        top = ((self.info.view.get("discard") or {}).get("top") or {}).get("code") \
            if self.info is not None else None
        # Said as what happens on the table: "Take the pile with A♣ A♦? ... this is the
        # first way the pile can be taken" did not say that the aces and the top card
        # go down as a meld, nor what else does (play-test).
        said = f"Take the pile, melding its top card {card_label(top, look)} with your " \
            if top else "Take the pile, melding its top card with your "
        said += pair or "cards"
        if any(more):
            said += ", and " + " and ".join(f"[{m}]" for m in more if m) + \
                " as melds of their own"
        ask_first(self.app, (
            f"{said}? No card was selected, so these were chosen for you. (To choose, "
            "select the cards, then p.)"), lambda: self._send(take))

    def action_meld(self) -> None:
        """The staged groups and the selection as one meld action. Staged lay-offs go
        with a pile take where the listing has one; otherwise they follow the meld once
        it stands (a lay-off may need the meld first): "p takes the pile with them" was
        said with no pile to take, and Esc cleared the groups too (play-test)."""
        lay_offs = [(meld, ids) for meld, ids in self.staged if meld is not None]
        if lay_offs and "take_pile" in self.legal_kinds():
            self.note("Lay-offs are staged: p takes the pile with them and the groups; "
                      "Esc clears all that is staged.")
            return
        melds = [ids for meld, ids in self.staged if meld is None]
        if self._selected():
            melds.append(self._selected())
        if not melds and lay_offs:
            staged, self.staged = self.staged, []
            self._refresh_hand()

            def restage(staged: list[tuple[int | None, list[int]]] = staged) -> None:
                # (play-test: a refused lay-off lost its "Staged:" line)
                self.staged = staged
                self._refresh_hand()

            self._undo_on_refusal = restage
            for meld, ids in lay_offs:
                self._send({"type": "lay_off", "meld": meld, "cards": ids})
            return
        if not melds:
            self.note("Select the cards of a meld first (g groups one, m melds them all).")
            return
        self._then_lay_off = ([i for ids in melds for i in ids], lay_offs)
        self._send({"type": "meld", "melds": [self._declaring(ids) for ids in melds]})

    def _lay_offs_after_meld(self) -> None:
        """The meld sent by m stands (its cards left the hand): the lay-offs staged with it
        go now. A refusal (`show_error`) leaves them staged."""
        melded, lay_offs = self._then_lay_off
        hand = {c.get("id") for c in ((self.message or {}).get("view") or {}).get("hand", [])}
        if not lay_offs or set(melded) & hand:
            return
        self._then_lay_off = ([], [])
        self.staged = [(m, ids) for m, ids in self.staged if (m, ids) not in lay_offs]
        self._refresh_hand()
        for meld, ids in lay_offs:
            if set(ids) <= hand:
                self._send({"type": "lay_off", "meld": meld, "cards": ids})

    def _declaring(self, ids: list[int]) -> Any:
        """A meld's cards with what its wild cards stand for, where that was typed
        (``jk=9h``) or, failing that, where the listing offers this very meld with it."""
        said = {i: self.declared[i] for i in ids if i in self.declared}
        if not said:
            for option in self.legal_kinds().get("meld", {}).get("options") or []:
                for meld in option.get("melds", []):
                    if isinstance(meld, dict) and set(meld.get("cards", [])) == set(ids):
                        said = dict(meld.get("as") or {})
        return {"cards": ids, "as": said} if said else ids

    def action_lay_off(self) -> None:
        cards = self._selected()
        if not cards:
            self.note("Select the cards to lay off first.")
            return
        meld = self.target if self.target is not None else self._guess_meld()
        targets = self.legal_kinds().get("lay_off", {}).get("targets")
        unlisted = targets is None or not any(set(cards) & set(t.get("cards", ()))
                                              for t in targets)
        if meld is None and unlisted and self._my_turn():
            if not self._phase_takes("lay_off"):
                # Before the draw, say: the phase refuses a lay-off before it reads a
                # field, and the engine's rule says what comes first.
                self._send({"type": "lay_off", "cards": cards})
                return
            # Not listed for these cards: the engine says why (the last card would be a
            # wild card, CN-G4), where "No meld of your side can take these cards now."
            # hid the reason (play-test). The meld is the side's one of their rank; where
            # no lay-off at all is listed, the side's first: a rule of the turn keeps
            # every lay-off (SK-I5, the turn of the contract), and the engine names it,
            # or it says why that meld takes none of these (play-test).
            meld = self._rank_meld(cards)
            if meld is None and targets is None and self.info is not None:
                own = [m for m in self.info.view.get("melds", [])
                       if self._own(m, self.info.message)]
                # An unfinished one first: one that takes cards, so the refusal is the
                # turn's rule (LD-G4: the last card kept), not why a complete canasta
                # takes no wild card (play-test).
                own.sort(key=lambda m: bool(m.get("complete")))
                meld = own[0].get("id") if own else None
        if meld is None and unlisted:
            # No lay-off listed, or none for these cards: t would have nothing to offer.
            self.note("No meld of yours can take these cards now." if self._alone()
                      else "No meld of your side can take these cards now.")
            return
        if meld is None:
            self.note("Which meld? Press t to choose it.")
            return
        action: dict[str, Any] = {"type": "lay_off", "meld": meld, "cards": cards}
        said = {i: self.declared[i] for i in cards if i in self.declared}
        if not said:  # the listing's place for a lone wild card on this sequence
            places = []
            for t in self.legal_kinds().get("lay_off", {}).get("targets") or []:
                if t.get("meld") == meld and "as" in t and t.get("cards") == cards \
                        and dict(t["as"]) not in places:
                    places.append(dict(t["as"]))
            if len(places) > 1:
                # Its place is for good (SK-M6): the first listed one was taken unasked,
                # where a new meld's wild card is asked about (play-test).
                self._ask_place(places)
                return
            said = places[0] if places else {}
        if said:
            action["as"] = said
        self._send(action)
        # The meld was chosen for this lay-off: kept, the next l went there whatever was
        # selected (its meld cut from an 80x24 panel, the player could not see why).
        self.target = None

    def _ask_place(self, places: list[dict[Any, str]]) -> None:
        """Which card a wild card laid off onto a sequence stands for, where it fits at
        either end: the player says it by typing the wild card's code with ``=``."""
        look = self.info.look if self.info is not None else CardLook()
        faces = self.query_one(HandView).faces
        wild = next(iter(places[0]))
        code = faces.get(int(wild), "")
        said = " or ".join(card_label(p[wild], look) for p in places)
        example = as_typed(f"{code}={places[0][wild]}" if code else "2c=5d")
        self.note(f"Say which card the wild card stands for: {said}. Esc, then type it "
                  f"with = (like {example}) and press l.")

    def _rank_meld(self, cards: list[int]) -> int | None:
        """Your side's meld of the cards' rank (their naturals'; wild cards alone: the
        wild meld), complete or not, where only one is on the table; else its one
        sequence of their suit: the meld a lay-off the listing does not name was meant
        for, so the engine can judge it (play-test: 6♠ for a spade sequence was judged
        against a group of 3s, "takes only 3s")."""
        if self.info is None:
            return None
        hand = self.query_one(HandView)
        codes = [c["code"] for c in hand.cards if c["id"] in set(cards)]
        wild = set(self.info.look.wild_ranks)
        naturals = [c for c in codes if rank_of(c) not in wild]
        ranks = {rank_of(c) for c in naturals}
        if len(ranks) > 1 or not codes:
            return None
        rank = next(iter(ranks), None)
        own = [m for m in self.info.view.get("melds", []) if self._own(m, self.info.message)]
        fits = [m.get("id") for m in own if m.get("rank") == rank]
        suits = {suit_of(c) for c in naturals}
        if not fits and len(suits) == 1:
            fits = [m.get("id") for m in own if m.get("suit") in suits]
        return fits[0] if len(fits) == 1 else None

    def _guess_meld(self) -> int | None:
        """The meld the selected cards are meant for, when only one fits.

        In play, the engine's listing names the melds each card may go on. Staging a
        lay-off for a take (draw phase, no listing yet) falls back to the team's
        unfinished meld of the selected naturals' rank (wild ranks from the view).
        """
        if self.info is None:
            return None
        hand = self.query_one(HandView)
        selected = set(hand.selected)
        targets = self.legal_kinds().get("lay_off", {}).get("targets")
        said = {i: code for i, code in self.declared.items() if i in selected}
        if targets is not None and said:
            # A wild card typed with the card it stands for (2c=qd) is meant for the meld
            # the listing places it in as that card: "Which meld? Press t" was asked of
            # it where a natural went to its one meld at once (play-test).
            meant = list(dict.fromkeys(t["meld"] for t in targets
                                       if said.items() <= dict(t.get("as") or {}).items()))
            if len(meant) == 1:
                return meant[0]
        if targets is not None:
            fits = [t["meld"] for t in targets if selected <= set(t.get("cards", []))]
            if not fits:
                # The listing names cards that fit alone: 10S JS on 7S 8S 9S lists only
                # the 10S. One meld that takes some of them is the one meant (the engine
                # judges the whole lay-off).
                fits = list(dict.fromkeys(t["meld"] for t in targets
                                          if selected & set(t.get("cards", []))))
            return fits[0] if len(fits) == 1 else None
        codes = [c["code"] for c in hand.cards if c["id"] in selected]
        wild = set(self.info.look.wild_ranks)
        ranks = {rank_of(c) for c in codes if rank_of(c) not in wild}
        if len(ranks) > 1 or not codes:
            return None
        rank = next(iter(ranks), None)
        for meld in self.info.view.get("melds", []):
            if self._own(meld, self.info.message) and not meld.get("complete") and \
                    meld.get("rank") == rank:
                return meld.get("id")
        return None

    def action_discard(self) -> None:
        """The selected card goes at once. With nothing selected the card under the
        cursor is named in a y/n question first: the cursor is faint once the hand has
        lost focus, and after a typed code that matched nothing (``/4d``), x threw away
        a card the player never chose (play-test). Arrows then x then y still works."""
        self._give_one_card("discard", lambda card: self._send(
            {"type": "discard", "card": card}))

    def _give_one_card(self, kind: str, send: Callable[[int], None]) -> None:
        """The one selected card goes at once; with none selected, the card under the
        cursor after a y/n question naming it (a discard, or an offered card, which went
        without a question: play-test)."""
        hand = self.query_one(HandView)
        cards = self._selected()
        if len(cards) > 1:
            self.note(f"Select one card to {kind}.")
            return
        if cards:
            send(cards[0])
            return
        under = hand.cursor_card()
        if under is None:
            self.note(f"Select a card to {kind} first (arrows and space, or type 7h).")
            return
        entry = self.legal_kinds().get(kind) or {}
        listed = entry.get("cards")
        if isinstance(listed, list) and under["id"] not in listed:
            # Not a card the listing lets go now: the engine says why at once, with its
            # rule, where the question suggested it and the refusal came after a yes
            # (play-test: a card just taken on offer, SK-F7).
            send(under["id"])
            return
        look = self.info.look if self.info is not None else hand.look
        label = card_label(under["code"], look)
        # The question says when the card goes out (play-test); the listing knows.
        going = " and go out" if entry.get("goes_out") is True else ""

        ask_first(self.app, (
            f"{kind.capitalize()} {label}{going}? No card is selected: {label} is the card under "
            "the cursor. (To choose another, select it with arrows and space, or type "
            "its code, then x.)"), lambda: send(under["id"]))

    def action_offer(self) -> None:
        def offer(card: int) -> None:
            # The card stays in the hand while it is on offer (SK-F1) and comes back if
            # nobody takes it: left selected, it would be offered again by the next x.
            hand = self.query_one(HandView)
            hand.clear()
            self._send({"type": "offer", "card": card})
            self._undo_on_refusal = lambda: hand.select(
                [card] if any(c["id"] == card for c in hand.cards) else [])

        self._give_one_card("offer", offer)

    def action_last_card(self) -> None:
        self._send({"type": "declare_last_card"})

    def action_end_turn(self) -> None:
        self._send({"type": "end_turn"})

    def action_accept(self) -> None:
        self._send({"type": "accept"})

    def action_decline(self) -> None:
        self._send({"type": "decline"})

    def action_steal(self) -> None:
        """Steal a wild card: w (no card selected) picks the opponent's meld, then the
        natural it stands for is selected and w sends it."""
        entry = self.legal_kinds().get("steal_wild") or {}
        options = entry.get("options") or []
        melds = list(dict.fromkeys(o.get("meld") for o in options))
        cards = self._selected()
        if not cards:
            if not melds:
                return
            self.steal_target = melds[(melds.index(self.steal_target) + 1) % len(melds)] \
                if self.steal_target in melds else melds[0]
            self.note(self._steal_prompt(self.steal_target, options))
            return
        if len(cards) != 1:
            self.note("Select the one natural card to give for the wild card.")
            return
        mine = [o for o in options if o.get("card") == cards[0]]
        if options and not mine:
            # (play-test: "Press w with no card selected to choose the meld first" said
            # of a card no steal takes, as if the order of the keys were the trouble)
            face = self.query_one(HandView).faces.get(cards[0], "")
            look = self.info.look if self.info is not None else CardLook()
            self.note(f"{card_label(face, look) if face else 'That card'} takes back no "
                      "wild card on the table; w with no card selected shows what can.")
            return
        meld = self.steal_target if self.steal_target is not None else (
            mine[0]["meld"] if len({o["meld"] for o in mine}) == 1
            else melds[0] if len(melds) == 1 else None)
        wild = next((o.get("wild") for o in options if o.get("meld") == meld), None)
        if meld is None or wild is None:
            self.note("Press w with no card selected to choose the meld first.")
            return
        self.steal_target = None
        self._send({"type": "steal_wild", "meld": meld, "wild": wild, "card": cards[0]})

    def _steal_prompt(self, meld_id: Any, options: list[dict[str, Any]]) -> str:
        """Whose meld, which wild card and the hand's card that the listing pays for it
        with: another side's melds are not numbered on a small screen, so "meld #6" alone
        said little."""
        info = self.info
        meld = next((m for m in info.view.get("melds", []) if m.get("id") == meld_id), {})
        mine = [o for o in options if o.get("meld") == meld_id]
        option = mine[0] if mine else {}
        faces = {c["id"]: c["code"] for c in (*meld.get("cards", []),
                                                *info.view.get("hand", []))}
        if option.get("wild") not in faces or any(o.get("card") not in faces for o in mine):
            return f"Steal from meld #{meld_id}: select the card to give, press w."
        wild = card_text(faces[option["wild"]], info.look).plain
        # Each card the listing would take for it, once a face (a group's wild card is
        # paid with any natural of its rank, SK-W3).
        paid = [card_text(c, info.look).plain
                for c in dict.fromkeys(faces[o["card"]] for o in mine)]
        card = paid[0] if len(paid) == 1 else f"{', '.join(paid[:-1])} or {paid[-1]}"
        team = meld.get("team")
        whose = f"{team_label(team, info.name, info.teams)}'s " if type(team) is int else ""
        more = len({o.get("meld") for o in options}) > 1
        return (f"Steal {wild} from {whose}meld #{meld_id}: select the {card}, press w"
                + (" (w alone: next meld)." if more else "."))

    def action_ask(self) -> None:
        """Where the game's ask carries the going out (a plan), the staged melds and
        lay-offs and the selection are it; else the listing's own plan, if it has one."""
        entry = self.legal_kinds().get("ask_to_go_out")
        if entry is None and self._alone():
            self.note(NO_PARTNER)
            return
        if not self.game.ask_plan or (entry is not None and "options" not in entry):
            self._send({"type": "ask_to_go_out"})
            return
        melds = [self._declaring(ids) for meld, ids in self.staged if meld is None]
        lay_offs = [{"meld": meld, "cards": ids} for meld, ids in self.staged if meld is not None]
        selected = self._selected()
        if entry is None and not (melds or lay_offs or selected):
            # Not offered: the plan the player stages goes to the engine, which judges it;
            # a bare ask was refused as malformed (play-test).
            discard = " and select the card to discard," if self.listed_in_keys("discard") \
                else ","  # (a game may go out without one)
            self.note(f"Stage the melds and lay-offs you would go out with (g, L){discard} "
                      "then a.")
            return
        entry = entry or {}
        as_meld = self._declaring(selected) if selected else None
        action = self.game.ask_action(entry, melds, lay_offs, selected, as_meld)
        listed = action in (entry.get("options") or []) and isinstance(action.get("plan"), dict)
        mates = self._mates()
        if "partner" not in action and len(mates) > 1:
            # Six players: the asker names one of two partners (CN-G5), and the engine
            # refused a plan without one, with no way on screen to name them (play-test).
            def chosen(partner: str | None) -> None:
                if partner is not None:
                    self._ask_with(dict(action, partner=int(partner)), listed)

            assert self.info is not None
            self.app.push_screen(ChoiceDialog(
                "Ask which partner?", [(str(s), self.info.name(s)) for s in mates]), chosen)
            return
        self._ask_with(action, listed)

    def _ask_with(self, action: dict[str, Any], listed: bool) -> None:
        if listed:
            self._confirm_plan(action)
        else:
            self._send(action)

    def _mates(self) -> list[int]:
        """The seat's partners (its team but itself)."""
        info = self.info
        team = info.team_of(info.seat) if info is not None else None
        if info is None or team is None:
            return []
        return [s for s in info.teams[team] if s != info.seat]

    def _confirm_plan(self, action: dict[str, Any]) -> None:
        """The listing's plan, sent when nothing is staged, is shown before it goes: a yes
        plays it at once (CN-G6), and the player did not know which card it would discard
        (play-test). A plan the player staged is their own and goes at once."""
        info = self.info
        if info is None:
            return
        partner = action.get("partner")
        if partner is None:
            mates = self._mates()
            partner = mates[0] if len(mates) == 1 else None
        who = info.name(partner) if partner is not None else "your partner"
        plan = self.game.plan_text(action["plan"], info)

        ask_first(self.app, (
            f"Ask {who}: may I go out? If {who} says yes, this is played at once: "
            f"{plan}.\n\n(To go out another way, stage it with g and L, select the "
            "card to discard, then a.)"), lambda: self._send(action))

    def action_answer(self, allow: bool) -> None:
        self._send({"type": "answer", "answer": {"allow": allow}})

    def action_next_deal(self) -> None:
        self._send({"type": "next_deal"})

    def _may_say_ready(self) -> bool:
        """Between deals, where a bot deals and the host waits for this seat's person
        (the view frame's ``ready_wait``): n tells it they have read the deal's end."""
        message = self.message or {}
        view = message.get("view") or {}
        return view.get("phase") == "deal_over" and message.get("seat") in (
            message.get("ready_wait") or ())

    def action_ready(self) -> None:
        self._send_request({"t": "ready"})

    def action_take_back(self) -> None:
        """Undo your last meld or lay-off of this turn (a table option; the engine judges)."""
        self._send_request({"t": "take_back"})

    def _held_seat(self) -> int | None:
        """The seat a bot plays for this spectator (see the host's `joined`), while it does."""
        message = self.message or {}
        held = getattr(self.app, "held_seat", None)
        if held is None or message.get("seat") is not None:
            return None
        return held if self._covered(held) else None

    def action_sit_again(self) -> None:
        held = self._held_seat()
        if held is not None:
            self._send_request({"t": "sit", "table": (self.message or {}).get("table"),
                                "seat": held})

    def _covered_for_me(self) -> bool:
        """Whether a bot plays this player's own seat (their clock ran out)."""
        return self._covered((self.message or {}).get("seat"))

    def _covered(self, seat: int | None) -> bool:
        """Whether a bot plays `seat` for its person, away or out of time."""
        return seat is not None and any(p.get("seat") == seat and p.get("covered_by")
                                        for p in (self.message or {}).get("players") or [])

    def _waited_for(self) -> list[str]:
        """Whom the table waits for, other than this seat, each as a note names them: a
        free seat or an away player said so."""
        message = self.message or {}
        players = message.get("players") or []
        free = {p.get("seat") for p in players if p.get("name") is None and not p.get("bot")}
        away = {p.get("seat") for p in players if p.get("name") is not None
                and not p.get("bot") and not p.get("present", True) and not p.get("covered_by")}
        if self.info is None:
            return []
        return [f"seat {s}, which is free (b adds a bot)" if s in free
                else f"{self.info.name(s)}, who is away" if s in away
                else self.info.name(s)
                for s in (message.get("view") or {}).get("to_act", ()) if s != message.get("seat")]

    def _send_request(self, message: dict[str, Any]) -> None:
        self.error = None
        self._status()
        self.app.send(message)  # type: ignore[attr-defined]

    def action_record(self) -> None:
        """The game's text record, every hand shown (the host sends it once it is over)."""
        self.app.send({"t": "record"})  # type: ignore[attr-defined]

    def action_again(self) -> None:
        """Asked first: n moves a table on from deal to deal, and one more press after
        the last deal started a new game for everyone at once (play-test)."""
        ask_first(self.app, (
            "Play again: a new game at this table, with the same seats, for everyone "
            "here? The game just played stays in the lobby, where v replays it."),
            lambda: self.app.send({"t": "again"}))  # type: ignore[attr-defined]

    # other screens and table requests
    def action_explain(self) -> None:
        if self.error and self.error.get("rule"):
            self.app.show_rule(self.error["rule"])  # type: ignore[attr-defined]

    def action_scores(self) -> None:
        self.app.show_scores()  # type: ignore[attr-defined]

    def action_rules(self) -> None:
        self.app.show_rules()  # type: ignore[attr-defined]

    def action_settings(self) -> None:
        self.app.show_settings()  # type: ignore[attr-defined]

    def action_help(self) -> None:
        self.app.show_keys(self)  # type: ignore[attr-defined]

    def action_melds(self) -> None:
        """Every meld in full: at 80x24 the panel cuts a side's list to ``+N more``."""
        from tui.meldsheet import MeldsScreen  # here: one line of this file to merge

        if self.info is not None:
            self.app.push_screen(MeldsScreen(self.info, self.game))

    def action_chat(self) -> None:
        self.query_one("#chat", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """The line is sent and the chat line keeps the keys until Esc: given back to the
        table, what a person typed on after Enter played the game (a draw, play-test)."""
        text = event.value.strip()
        event.input.value = ""
        if text:
            self.app.send({"t": "chat", "text": text[:200]})  # type: ignore[attr-defined]

    def action_add_bot(self) -> None:
        """Asks which level; the host puts it in the first free seat."""
        if not self.seated():  # (the level was asked, then refused, play-test)
            self.note("Spectators cannot add a bot: the players at the table can.")
            return
        players = (self.message or {}).get("players") or []
        if players and not any(p.get("name") is None and not p.get("bot") for p in players):
            self.note("Every seat at this table is taken.")
            return

        def chosen(level: str | None) -> None:
            if level:
                self.app.send({"t": "add_bot", "kind": level})  # type: ignore[attr-defined]

        self.app.push_screen(ChoiceDialog("Add a bot at the first free seat. Which level?",
                                          BOT_LEVEL_CHOICES), chosen)

    def action_remove_bot(self) -> None:
        """Asks first; the host refuses while the bot's hand is in a deal."""
        if not self.seated():
            self.note("Spectators cannot remove a bot: the players at the table can.")
            return
        players = (self.message or {}).get("players") or []
        bots = [p for p in players if p.get("bot")]
        if not bots:
            self.note("There is no bot at this table.")
            return
        seat = bots[-1]["seat"]
        if self._deal_under_way():
            # The host keeps a bot while its hand is in play: asked "Remove bot 3?" and
            # answered yes, the player was only then refused (play-test). The request
            # goes at once, and the host's refusal says why.
            self.app.send({"t": "remove_bot", "seat": seat})  # type: ignore[attr-defined]
            return

        ask_first(self.app, (
            f"Remove {bots[-1].get('name') or 'the bot'} from seat {seat}? Only between "
            "deals: during a deal its hand is in play."),
            lambda: self.app.send(  # type: ignore[attr-defined]
                {"t": "remove_bot", "seat": seat}))

    def _deal_under_way(self) -> bool:
        """A deal has begun and is not over: the first move is made (the view's ``seq``)
        and the phase is not the end of a deal or of the game. Seats stay as they are
        then, the host says (`u` is refused)."""
        message = self.message or {}
        view = message.get("view") or {}
        return (not message.get("over") and bool(message.get("seq"))
                and view.get("phase") not in (None, "deal_over", "game_over"))

    def action_open_seat(self) -> None:
        """The creator frees a seat someone is away from, so someone else can play it."""
        players = (self.message or {}).get("players") or []
        away = [p for p in players if p.get("name") and not p.get("bot")
                and not p.get("present", True)]
        if not away:
            self.note("Nobody is away from this table.")
            return
        person = away[0]
        if getattr(self.app, "created_table", None) is False:
            # Asked "Open cy's seat to anyone?" and answered yes, a spectator was only
            # then told it was not theirs to open (play-test).
            self.note("Only the table's creator can open a seat someone is away from.")
            return

        ask_first(self.app, (
            f"Open {person['name']}'s seat to anyone? Their hand goes with the seat to "
            "whoever sits there next."),
            lambda: self.app.send(  # type: ignore[attr-defined]
                {"t": "open_seat", "seat": person["seat"]}))

    def action_leave(self) -> None:
        """A player is asked first: ``q`` is one stray key away from the hand keys."""
        if not self.seated():
            self.app.send({"t": "leave"})  # type: ignore[attr-defined]
            return

        # (said of the game at hand: a finished game's question explained deals, play-test)
        question = "Leave this table? The game is over: your seat is freed." \
            if (self.message or {}).get("over") else (
                "Leave this table? During a deal your seat and hand are kept for you until "
                "you sit here again; before the first move and between deals the seat is "
                "freed.")
        ask_first(self.app, question,
                  lambda: self.app.send({"t": "leave"}))  # type: ignore[attr-defined]


def deal_over_text(info: TableInfo, dealer: int | None) -> str:
    """Between deals: a person deals when they like; a bot deals once every person seated
    and here has pressed n, and each is told whom the host waits for (the view frame's
    ``ready_wait``, None where it does not wait)."""
    seat = info.seat
    if seat is not None and seat == dealer:
        return " Deal over. s: score sheet   n: deal the next deal"
    waiting = info.message.get("ready_wait")
    if waiting is None:
        return f" Deal over. {info.name(dealer)} deals next (s: score sheet)."
    if seat in waiting:
        return (f" Deal over. {info.name(dealer)} deals when everyone is ready.   "
                "n: ready   s: score sheet")
    if waiting:
        names = " and ".join(info.name(s) for s in waiting)
        return f" Deal over. Waiting for {names} to be ready (n); s: score sheet."
    return f" Deal over. {info.name(dealer)} deals the next deal."


def prompt_text(info: TableInfo, game: GameScreen) -> tuple[str, str]:
    """The line that says whose move it is, and the partner question, for everyone."""
    v, seat = info.view, info.seat
    to_act = list(v.get("to_act", []))
    phase = v.get("phase")
    absent = absent_prompt(info, game)
    if absent is not None:
        return absent
    own = None if info.message.get("over") else game.prompt(info)
    if own is not None:
        return own
    if info.message.get("over") or phase == "game_over":
        winners = v.get("winners") or []
        again = "  n: play again" if seat is not None else ""
        said = who_won(winners, info.team_name, v.get("teams") or [])
        return f" Game over: {said}.{again}", "bold"
    if phase == "answer":
        asker = v.get("turn")
        partner = to_act[0] if to_act else None
        if seat == partner:
            return (f" {info.name(asker)} asks: may I go out?   y: yes   n: no",
                    "bold reverse")
        if seat == asker:
            return (f" You asked {info.name(partner)} whether you may go out; waiting for "
                    "the answer.", "bold")
        # "ann asks bea to go out." read as if bea were asked to go out (play-test).
        return (f" {info.name(asker)} asks {info.name(partner)}: may {info.name(asker)} "
                "go out?", "bold")
    if phase == "deal_over":
        return deal_over_text(info, to_act[0] if to_act else None), "bold"
    if not to_act:
        return " Waiting.", "dim"
    turn = to_act[0]
    permission = v.get("permission")
    extra = {"yes": " You may go out this turn.", "no": " Going out was refused this turn."}
    if seat == turn and v.get("barred") and phase == "play":
        # The view says the partner's "no" stands for this turn (a game whose ask carries
        # its going out); the prompt said only "meld, lay off, then discard" (play-test).
        # One line at 80 columns, so the turn's steps come short after it.
        return (" Your partner said no: you may not go out this turn. Meld, lay off, "
                "discard.", "bold green")
    if seat == turn:
        mine = " Your turn: " + turn_step(v) + "." + extra.get(permission or "", "")
        return mine, "bold green"
    return f" {info.name(turn)}'s turn ({game.phase_label(phase)}).", ""


def absent_prompt(info: TableInfo, game: GameScreen) -> tuple[str, str] | None:
    """The prompt where the seat to move has nobody at it: free, or its player away.
    It comes before a game's own prompt: "seat 1's turn: open with 50+ or draw 2." and
    "ann's turn: ..." left the others waiting for a move nobody was there to make
    (play-test). Not between deals (the dealer's line says who deals next)."""
    v, seat = info.view, info.seat
    to_act = list(v.get("to_act", []))
    if info.message.get("over") or v.get("phase") in ("deal_over", "game_over") \
            or not to_act or seat in to_act:
        return None
    turn = to_act[0]
    player = next((p for p in info.message.get("players") or [] if p.get("seat") == turn), {})
    if not player or player.get("bot"):
        return None
    if player.get("name") is None:
        # Nobody sits there: "seat 1's turn (draw)." left a newcomer who opened a table
        # alone waiting for a move that never comes (play-test).
        bot = " (b adds a bot)" if seat is not None else ""
        return f" Seat {turn} is free: waiting for someone to sit there{bot}.", "bold"
    if player.get("covered_by"):
        return (f" {info.name(turn)} is away; a {player['covered_by']} bot plays for them "
                f"({game.phase_label(v.get('phase'))}).", "")
    if not player.get("present", True):
        after = player.get("cover_after")
        if isinstance(after, int):
            # ("the table waits for them", and a bot took over 15 s later, play-test)
            # (not a countdown: "within 20 s" still said 20 s later on, play-test)
            return (f" {info.name(turn)} is away; a bot plays for them once they have been "
                    f"away {after}\u00a0s.", "bold")
        return f" {info.name(turn)} is away; the table waits for them.", "bold"
    return None


def open_hands_lines(info: TableInfo, hands: Any) -> list[Text]:
    """What was left in every hand when the deal ended, for spectators of a host that
    shows them (``meldhall serve --open-hands``); the host sends it only then."""
    if not isinstance(hands, dict) or not hands:
        return []
    lines = [Text("Hands left at the end of the deal", style="bold")]
    for seat, cards in sorted(hands.items()):
        line = Text(f"  {info.name(seat)}: ", style="bold")
        line.append_text(cards_text(sort_hand(cards, "rank", info.look.wild_ranks),
                                    info.look) if cards
                         else Text("(none)", style="dim"))
        lines.append(line)
    return [*lines, Text()]


def _key(card: dict[str, Any] | None) -> Any:
    return None if card is None else (card.get("id"), card.get("code"))
