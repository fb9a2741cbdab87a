"""Looking and Down on screen (shared/rules/looking_and_down.md).

Two to eight players, each for themselves: every seat line says which hand its player is
on, the Score Keeper is marked and their duties named, and the panel shows your own melds
in full and everyone else's compactly so eight players fit 80x24. Frozen in time is the
moment only this game has: the player who took the pile may meld and lay off while others
play, so their prompt says so, and everyone else's says whom they are waiting for.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text

from tui.cards import CardLook, card_text, cards_text
from tui.eventtext import Names, card_count
from tui.games.base import GameScreen, ScoreColumn
from tui.panels import GamePanel, TableInfo, counted, fitted, size_label, turn_step

CANASTAS = (("red_canasta", "red"), ("red_canasta_3", "red+3"), ("black_canasta", "black"))
COMPACT_FROM = 4
"""From this many players on, other players' melds are summarised on one line each."""


def _frozen(info: TableInfo) -> list[int]:
    return list(info.view.get("frozen_in_time") or [])


class LookingAndDownPanel(GamePanel):
    """A block per player: standing, opening, canastas; your melds in full."""

    VIEW_KEYS = (*GamePanel.VIEW_KEYS, "opened", "min_count", "piles", "score_keeper",
                 "frozen_in_time", "final_round", "canastas_to_go_out", "counts")
    KINDS = {**GamePanel.KINDS, "red_canasta": "RED", "red_canasta_3": "RED+3",
             "black_canasta": "BLACK", "black_threes": "3s"}

    def lines(self, info: TableInfo, width: int, height: int = 0) -> list[Text]:
        v = info.view
        head: list[Text] = []
        keeper = v.get("score_keeper")
        if keeper is not None:
            said = f"Score Keeper: {info.name(keeper)} (never deals or plays first)"
            if len(said) > width:  # (cut at 80 columns by a long name, play-test)
                said = f"SK: {info.name(keeper)} (never deals or plays first)"
            head.append(Text(said[:width - 1] + "\u2026" if len(said) > width else said,
                             style="dim"))
        final = v.get("final_round")
        if final and v.get("phase") not in ("deal_over", "game_over"):  # (scored: over)
            left = final.get("turns_left")
            # Short enough for the panel at 80 columns, where it was cut (play-test).
            head.append(Text("Final round: no draws, no going out"
                             + (f" ({left} turn{'' if left == 1 else 's'} left)"
                                if left is not None else ""),
                             style="bold yellow"))
        if len(info.teams) < COMPACT_FROM:
            # (the rows under the head: the melds were cut off the bottom unsaid,
            # one more row with an offer on, play-test)
            return head + super().lines(info, width, max(height - len(head), 1) if height else 0)
        blocks = [self.team_block(info, team, width) if team == info.team_of(info.seat)
                  else self.compact_block(info, team, width) for team in info.team_order()]
        if height:  # your own melds give way first: every player stays on the panel
            blocks = fitted(blocks, height - len(head), side=False)
        return head + [line for block in blocks for line in block]

    def compact_block(self, info: TableInfo, team: int, width: int) -> list[Text]:
        """One line for someone else: their standing, then their melds as rank x size
        (complete ones in bold), so eight players fit 80x24. Melds past the width are
        counted ("+2"), not cut off unsaid: a second line would push the last players off
        an 80x24 panel."""
        melds = self.team_melds(info, team)
        first = Text.assemble("  ", self.team_header(info, team, compact=True), " ·")
        # A long name gives way for the standing and at least a meld or two (or "no
        # melds", which was cut to "no" at 80 columns, play-test).
        over = first.cell_len + 9 - width
        if over > 0:
            cut = info.with_names_cut(set(info.teams[team]), over)
            first = Text.assemble("  ", self.team_header(cut, team, compact=True), " ·")
        line = counted(first, [self.short_label(meld, info) for meld in melds], width)
        if not melds:
            line.append(" no melds", style="dim")
        return [line]

    @staticmethod
    def short_label(meld: dict[str, Any], info: TableInfo) -> Text:
        """`size_label`, but a red canasta with its red three (LD-M5) as ``Kx7+3``: as
        ``Kx8`` it read as eight kings (play-test)."""
        label = size_label(meld, info.changed)
        if meld.get("kind") == "red_canasta_3":
            size = meld.get("size", len(meld.get("cards", [])))
            label = Text(label.plain.replace(f"x{size}", f"x{size - 1}+3"), style=label.style)
        return label

    def team_header(self, info: TableInfo, team: int, compact: bool = False) -> Text:
        """Short enough for half of 80 columns: name, points, then what matters most
        (``compact``: canastas as ``1/2`` alone, for the one-line blocks of others)."""
        v = info.view
        out = super().team_header(info, team)
        if team in _frozen(info):  # (a frozen player has opened, LD-F3: not said twice)
            # (lower case, as the seat line: capitals are Canastone's frozen pile, play-test)
            out.append(" · frozen", style="bold cyan")  # the prompt line says "frozen in time"
        elif v.get("opened", {}).get(team):
            out.append(" · opened", style="green")
        else:
            out.append(f" · needs {v.get('min_count', {}).get(team, 0)}", style="yellow")
        piles = v.get("piles", {}).get(team, {})
        made = sum(piles.get(kind, 0) for kind, _ in CANASTAS)
        need = v.get("canastas_to_go_out")
        if need and made < need:
            out.append(f" · {'' if compact else 'canastas '}{made}/{need}")
        else:  # ("canastas 3/2" read as a fault once there were enough: play-test)
            out.append(f" · {made} canasta{'s' if made != 1 else ''}" if compact else
                       f" · canastas {made}" + (" (enough)" if need else ""))
        return out


def _canastas(item: dict[str, Any], info: TableInfo) -> str:
    made = item.get("canastas", {})
    return "\n".join(f"{word} {made.get(kind, {}).get('count', 0)}: "
                     f"{made.get(kind, {}).get('bonus', 0)}" for kind, word in CANASTAS)


def _red_threes(item: dict[str, Any], info: TableInfo) -> str:
    reds = (item.get("penalty") or {}).get("red_threes") or {}
    return f"{reds.get('count', 0)}: {reds.get('points', 0)}"


class LookingAndDownScreen(GameScreen):
    name = "looking_and_down"
    panel = LookingAndDownPanel
    kind_words: ClassVar[dict[str, str]] = {
        "red_canasta": "red canasta", "red_canasta_3": "red canasta with its red three",
        "black_canasta": "black canasta", "black_threes": "seven black threes"}
    seat_marks = ("SK marks the Score Keeper, and frozen a player frozen in time (who may "
                  "meld and lay off during others' turns, and so is marked > with the "
                  "player whose turn it is, whether or not they have anything to meld). D "
                  "marks the Looking dealer (the log names the Down dealer as each deal "
                  "begins, LD-S4).")
    table_marks = (f"{GameScreen.table_marks} Another side's melds may be shown short when "
                   "space is tight: Kx7 is a meld of seven kings (bold once complete; *Kx7 "
                   "changed since your turn; Kx7+3 a red canasta with its red three).")
    score_columns: ClassVar[tuple[ScoreColumn, ...]] = (("Canastas", _canastas),
                                                        ("Red 3 left", _red_threes))
    score_note = ("Canastas, and red 3s left in hand or Down: count: points.  Out: going "
                  "out and exact grab.  Unplayed: Looking hand and Down.")
    # The same items at 80 columns, a name a line with its cards left beside it: the
    # full sheet folded "black 2:" from its "600" (play-test).
    compact_score_columns: ClassVar[tuple[ScoreColumn, ...]] = score_columns
    compact_score_note = ("Canastas, and red 3s left in hand or Down: count: points.  Out: "
                          "going out and exact grab.  Left: Looking hand/Down.")

    seat_keys = ("score_keeper", "frozen")

    def seat_detail(self, info: TableInfo, seat: int, counts: Any) -> Text:
        t = Text()
        if isinstance(counts, dict):
            if counts.get("stage") == "down":
                t.append(f" · {counts.get('hand', 0)} on Down")
            else:
                t.append(f" · {counts.get('hand', 0)}+{counts.get('down', 0)} Down")
        if seat == info.view.get("score_keeper"):
            t.append(" SK", style="bold magenta")
        if seat in _frozen(info):
            t.append(" frozen", style="bold cyan")
        return t

    def hand_detail(self, counts: Any) -> str:
        if isinstance(counts, dict) and counts.get("stage") == "down":
            return " · playing your Down"
        down = counts.get("down", 0) if isinstance(counts, dict) else 0
        return f" · Looking hand · Down: {down} face down"

    def prompt(self, info: TableInfo) -> tuple[str, str] | None:
        """Frozen in time (LD-F): who may meld out of turn, on every screen."""
        v, seat = info.view, info.seat
        frozen = [s for s in _frozen(info) if s != v.get("turn")]
        if not frozen and seat == v.get("turn") and v.get("phase") == "play":
            return self._own_turn(v)
        if not frozen or v.get("phase") not in ("draw", "play"):
            return None
        turn = v.get("turn")
        names = " and ".join(info.name(s) for s in frozen)
        if seat in frozen:
            # Only what the listing offers: m and l were offered with nothing to meld or
            # lay off, and each said "Nothing to do now" (play-test).
            kinds = {entry.get("type") for entry in v.get("legal") or []}
            may = [key for kind, key in (("meld", "meld (m)"), ("lay_off", "lay off (l)"))
                   if kind in kinds]
            if not may:
                return (f" Frozen in time: nothing of yours melds or lays off now "
                        f"({info.name(turn)}'s turn).", "bold")
            # 77 columns with a 16-letter name: "..., though it is bob's turn" took 80
            # with a short one and lost its full stop (play-test).
            return (f" Frozen in time: you may {' and '.join(may)} in "
                    f"{info.name(turn)}'s turn.", "bold reverse")
        if seat == turn:
            return f" Your turn: {turn_step(v)}. Frozen in time: {names}.", "bold green"
        # The turn does not wait for a frozen seat (LD-F2): it may meld meanwhile.
        are = "are" if len(frozen) > 1 else "is"
        return (f" {info.name(turn)}'s turn; {names} {are} frozen in time and may meld now "
                "too.", "bold")

    @staticmethod
    def _own_turn(v: dict[str, Any]) -> tuple[str, str] | None:
        """The turn player's line where the listing leaves only the discard: "meld, lay
        off, then discard" was said with nothing to meld (play-test). Else the family's
        line. (What the last card's discard does, going out or picking up the Down hand
        or nothing in the final round, is the engine's to say: not guessed here.)"""
        kinds = {entry.get("type") for entry in v.get("legal") or []}
        if kinds != {"discard"}:
            return None
        return " Your turn: nothing of yours melds or lays off now; discard (x).", \
            "bold green"

    def special_event(self, event: dict[str, Any], name: Names, look: CardLook,
                      teams: list[list[int]]) -> Text | None:
        kind, who = event.get("type"), name(event.get("seat"))
        if kind == "deal_started":
            keeper = event.get("score_keeper")
            t = Text(f"Deal {event.get('deal')} begins; {name(event.get('dealer'))} deals the "
                     f"Looking hands, {name(event.get('down_dealer'))} the Downs.")
            if keeper is not None:
                t.append(f" {name(keeper)} keeps the score.")
            return t
        if kind == "took_pile":
            t = Text(f"{who} took the pile ({card_count(event.get('count'))}) with ")
            t.append_text(card_text(event["top"]["code"], look))
            if event.get("pair"):
                t.append(" and showed ")
                t.append_text(cards_text([{"code": c} for c in event["pair"]], look))
            t.append(".")
            return t
        if kind == "frozen":
            return Text(f"{who} is frozen in time: they may meld during others' turns.",
                        style="bold")
        if kind == "unfrozen":
            return Text(f"{who} is no longer frozen in time.", style="dim")
        if kind == "picked_up_down":
            return Text(f"{who} picked up their Down.")
        if kind == "exact_grab":
            return Text(f"{who} grabbed exactly: +{event.get('points')}.")
        if kind == "final_round":
            return Text(f"The stock is empty ({name(event.get('emptier'))} drew the last "
                        f"card): a final round of {event.get('turns')} turns, no drawing.",
                        style="bold")
        if kind == "hand_emptied":
            return Text(f"{who} has no cards left for the final round.")
        if kind == "turn_skipped":
            return Text(f"{who} has no cards: turn skipped.", style="dim")
        if kind == "went_out" and event.get("frozen"):
            return Text(f"{who} went out while frozen in time!", style="bold")
        return None

    def out_items(self, item: dict[str, Any], who: str = "") -> list[str]:
        return [f"grab +{item['exact_grab']}"] if item.get("exact_grab") else []

    def unplayed(self, item: dict[str, Any], info: TableInfo) -> str:
        penalty = item.get("penalty") or {}
        return f"hand {penalty.get('hand', 0)}\nDown {penalty.get('down', 0)}"

    def unplayed_lines(self, item: dict[str, Any]) -> str:
        penalty = item.get("penalty") or {}
        return f"{penalty.get('hand', 0)}/{penalty.get('down', 0)}"

    def unplayed_total(self, item: dict[str, Any]) -> int:
        """The hand and the Down only: the red threes left have their own column, and
        counted here too they made "hand -20, Down -20 = -540" (play-test)."""
        penalty = item.get("penalty") or {}
        return int(penalty.get("hand", 0)) + int(penalty.get("down", 0))
