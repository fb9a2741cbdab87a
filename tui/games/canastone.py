"""Canastone on screen (shared/rules/canastone.md).

What a Canastone player needs to see that the family's plain table does not say: whether
each team has opened and, if not, what its opening meld must reach; the face-down cards
still under the pile (a count, until the first take gives them to the taker); whether the
pile is frozen or blocked; each team's melds in rank order with the class of every
canasta (natural, mixed, wild natural, wild mixed), which is what going out and the
bonuses turn on; and the red threes. A closed team's turn is its own moment: open with a
meld before drawing, or draw two and discard. What is legal always comes from the view's
``legal`` listing; this module only words it.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar

from rich.text import Text

from engine.cards import rank_of
from tui.cards import CardLook, card_text, cards_text
from tui.eventtext import Names, card_count
from tui.games.base import GameScreen, ScoreColumn
from tui.panels import LONG_MELD, GamePanel, TableInfo, counted, fitted, size_label, wrapped

RANK_ORDER = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
CLASS_WORDS = {"natural": "NATURAL", "mixed": "MIXED", "wild_natural": "WILD nat",
               "wild_mixed": "WILD mix"}
"""A canasta's class as the panel shows it (CN-M7, CN-M8)."""
CLASS_SHEET = {"natural": "natural", "mixed": "mixed", "wild_natural": "wild natural",
               "wild_mixed": "wild mixed"}


def _rank_place(meld: dict[str, Any]) -> int:
    """Melds by rank, low to high, the wild meld last (one meld per rank: CN-M6)."""
    rank = meld.get("rank")
    return RANK_ORDER.index(rank) if rank in RANK_ORDER else len(RANK_ORDER)


def canastone_meld_line(meld: dict[str, Any], look: CardLook, target: int | None,
                        changed: frozenset[int], width: int = 0) -> Text:
    """``#3  K  NATURAL  8  K♠ K♥ ...``: a meld grows past seven cards here, so its size
    is shown alone, and a canasta names its class instead of its kind. A long meld, or
    one whose cards would pass ``width`` (eight tens at half of 80 columns), shows its
    naturals as a count and its wild cards (a wild meld: each face counted)."""
    mid = meld.get("id")
    cards = meld.get("cards", [])
    size = meld.get("size", len(cards))
    mark = ">" if mid == target else "*" if mid in changed else " "
    line = Text(f"{mark}#{mid:<2} {meld.get('rank') or 'W':>2} ",
                style="reverse" if mid == target else "")
    canasta = meld.get("canasta")
    if canasta:
        line.append(f"{CLASS_WORDS.get(canasta, canasta):<8}", style="bold")
    else:
        line.append(f"{meld.get('kind', ''):<8}")
    line.append(f" {size:>2} ")
    shown = cards_text(cards, look)
    if len(cards) <= LONG_MELD and not (width and line.cell_len + shown.cell_len > width):
        return line.append_text(shown)
    rank = meld.get("rank")
    if rank:
        wilds = [c for c in cards if rank_of(c["code"]) != rank]
        line.append(f"{rank}x{len(cards) - len(wilds)} ", style="bold")
        return line.append_text(cards_text(wilds, look))
    faces = Counter(rank_of(c["code"]) for c in cards)
    return line.append(" ".join(f"{face}x{n}" for face, n in sorted(faces.items())))


OWN_ROWS_KEPT = 6
"""Rows your side keeps (its standing and some melds) before the others' sides go down to
one line each."""


class CanastonePanel(GamePanel):
    """Per team: standing, opening, canastas by class, red threes; melds by rank. Where
    the full blocks would run off the bottom of the panel (late in a deal at 80x24: a
    side may have a meld of every rank), your side stays in full and the others' melds
    go on short lines."""

    VIEW_KEYS = (*GamePanel.VIEW_KEYS, "opened", "initial_minimum", "red_threes", "canastas")

    def lines(self, info: TableInfo, width: int, height: int = 0) -> list[Text]:
        cell = self.block_width(info, width)
        full = self.arrange(info, [self.team_block(info, team, cell)
                                   for team in info.team_order()], width)
        if not height or len(full) <= height:
            return full
        mine = info.team_of(info.seat)

        def sides(one_line: bool) -> list[list[Text]]:
            """Your side in full; the others' melds on as many lines as they need, or one."""
            return [self.team_block(info, team, width) if team == mine
                    else self.compact_lines(info, team, width, one_line)
                    for team in info.team_order()]

        blocks = sides(one_line=False)
        rows = sum(map(len, blocks))
        if rows > height:
            own = info.team_order().index(mine) if mine in info.team_order() else None
            keep = len(blocks[own]) - (rows - height) if own is not None else 0
            short = sides(one_line=True)
            counted_out = any(block[0].plain.rsplit(" ", 1)[-1].startswith("+")
                              for n, block in enumerate(short) if n != own)
            if counted_out and own is not None and keep >= OWN_ROWS_KEPT:
                # On one line the others' melds would be counted, not shown ("· 6x7 +5":
                # at six seats three names leave room for one, play-test): your side gives
                # way instead, its last melds counted ("+2 more"); M lists every meld.
                blocks[own] = fitted([blocks[own]], keep, side=False)[0]
                rows = height
            else:
                blocks, rows = short, sum(map(len, short))
        if rows > height:  # your own side too long (a meld of every rank): it gives way
            blocks, rows = fitted(blocks, height, side=False), height
        gap = rows + len(blocks) - 1 <= height  # a blank line between sides, if it fits
        out: list[Text] = []
        for block in blocks:
            if out and gap:
                out.append(Text())
            out.extend(block)
        return out

    def compact_lines(self, info: TableInfo, team: int, width: int,
                      one_line: bool = False) -> list[Text]:
        """Someone else's side short: its standing and what it has collected, then each
        meld as rank x size (a canasta in bold), on indented lines as they need; on
        ``one_line`` (your side alone nearly fills the panel), its standing and melds
        only, those past the width counted ("+3")."""
        labels = [size_label(m, info.changed) for m in self.team_melds(info, team)]
        if one_line:
            first = Text.assemble("  ", self.standing(info, team), " ·")
            return [counted(first, labels, width) if labels
                    else Text.assemble(first, (" no melds", "dim"))]
        head = self.standing_parts(info, team, width - 2)
        head[-1].append(" ·")
        parts = self.collected(info, team, short=True)
        if parts:
            parts[-1].append(" ·")
        return wrapped(Text.assemble("  ", head[0]), head[1:] + parts
                       + (labels or [Text("no melds", style="dim")]), width)

    def team_melds(self, info: TableInfo, team: int) -> list[dict[str, Any]]:
        """By rank, the wild meld last: as the panel shows them, and as t and T go."""
        return sorted((m for m in info.view.get("melds", []) if m.get("team") == team),
                      key=_rank_place)

    def team_block(self, info: TableInfo, team: int, width: int = 0) -> list[Text]:
        """The side in full; within ``width`` columns (0: any), what it has collected
        going on to more lines where one would be cut at the edge."""
        mine = team == info.team_of(info.seat)
        melds = self.team_melds(info, team)
        head = self.standing_parts(info, team, width - 2 if width else 0)
        body = wrapped(head[0], head[1:], width - 2 if width else 1 << 16, indent=" ")
        parts = self.collected(info, team)
        if parts:
            body.extend(wrapped(Text(" "), parts, width - 2 if width else 1 << 16))
        if not melds:
            body.append(Text("  no melds yet", style="dim"))
        body.extend(canastone_meld_line(m, info.look, info.target, info.changed,
                                        width - 2 if width else 0) for m in melds)
        mark = "| " if info.look.ascii else "▌ "
        bar = Text(mark if mine else "  ", style="green" if mine else "")
        return [Text.assemble(bar, line) for line in body]

    def standing(self, info: TableInfo, team: int) -> Text:
        """The team, its points, and whether it has opened or what opening needs."""
        return Text(" ").join(self.standing_parts(info, team))

    def standing_parts(self, info: TableInfo, team: int, width: int = 0) -> list[Text]:
        """`standing` as the pieces a line may break between: the side's names, the
        points, the opening. Six seats at 80 columns cut the one line at the panel's edge,
        "cy✓ (you) + seat 2 + seat 4 · 0 pts · needs 50 to" (play-test). Your side's
        names may break between members (``ann (you) +``); another side's ``bob + dee``
        does where it is wider than ``width`` (0: any)."""
        v = info.view
        mine = team == info.team_of(info.seat)
        names = [info.name(s) + (" (you)" if mine and s == info.seat else "")
                 for s in info.teams[team]]
        together = " + ".join(names) + " ·"
        if mine or (width and len(together) > width):
            parts = [Text(name + (" +" if n < len(names) - 1 else " ·"), style="bold")
                     for n, name in enumerate(names)]
        else:
            parts = [Text(together, style="bold")]
        total = v.get("totals", {}).get(team, 0)
        parts.append(Text(f"score {total} ·", style="bold"))
        if v.get("opened", {}).get(team):
            parts[-1].append(" ")
            parts[-1].append("open", style="green")  # (short: it stays by the points)
        else:
            need = v.get("initial_minimum", {}).get(team, 0)
            parts.append(Text(f"needs {need} to open", style="bold yellow"))
        return parts

    def collected(self, info: TableInfo, team: int, short: bool = False) -> list[Text]:
        """The team's canastas by class (going out needs a natural and a mixed one,
        CN-G1) and its red threes (``short``: their count, which is what scores), as the
        pieces a line may wrap between: read one after another with a space."""
        v = info.view
        made = sorted(Counter(v.get("canastas", {}).get(team, [])).items())
        reds = v.get("red_threes", {}).get(team, [])
        parts = [Text(f"{'canastas ' if n == 0 else ''}{count} {CLASS_SHEET.get(kind, kind)}"
                      + ("," if n < len(made) - 1 else ""))
                 for n, (kind, count) in enumerate(made)]
        if reds and parts:
            parts[-1].append(" ·")
        if reds and short:
            parts.append(Text(f"{len(reds)} red 3{'s' if len(reds) > 1 else ''}"))
        elif reds:
            parts.append(Text.assemble("red 3s ", cards_text(reds, info.look)))
        return parts


def _canasta_name(canasta: dict[str, Any], words: dict[str, str]) -> str:
    """A canasta's rank and class, ``K natural``; a wild canasta has no rank and its class
    says wild (``wild natural``), where the rank read as a bare ``*`` (play-test)."""
    cls = words.get(canasta.get("class", ""), str(canasta.get("class")))
    rank = canasta.get("rank")
    return f"{rank} {cls}" if rank else cls if cls.startswith("wild") else f"wild {cls}"


def _canastas(item: dict[str, Any], info: TableInfo) -> str:
    """Each canasta's class and bonus, then the five-canasta bonus (CN-S4, CN-S5)."""
    lines = [f"{_canasta_name(c, CLASS_SHEET)}: {c.get('bonus', 0)}"
             for c in item.get("canastas", [])]
    if item.get("many_canastas"):
        lines.append(f"5+ canastas: {item['many_canastas']}")
    return "\n".join(lines) or "-"


CLASS_SHORT = {"natural": "nat", "mixed": "mix", "wild_natural": "wild nat",
               "wild_mixed": "wild mix"}
"""A canasta's class on a narrow score sheet, one word so a line never folds."""


def _canastas_short(item: dict[str, Any], info: TableInfo) -> str:
    """`_canastas` on a narrow sheet: ``K nat 500`` a line, then ``5+ 1000``. At 80
    columns "K natural: 500" folded into three rows a canasta (play-test)."""
    lines = [f"{_canasta_name(c, CLASS_SHORT)} {c.get('bonus', 0)}"
             for c in item.get("canastas", [])]
    if item.get("many_canastas"):
        lines.append(f"5+ {item['many_canastas']}")
    return "\n".join(lines) or "-"


def _red_threes(item: dict[str, Any], info: TableInfo, short: bool = False) -> str:
    """``3 x 100: 300``, or as one word where columns are narrow: ``3x100=300``. Each
    red three's value is what was counted, the points over the count: four or more are
    doubled (CN-S6), and the row's ``each`` is the value before that, so "4 x -100:
    -800" did not add up (play-test)."""
    reds = item.get("red_threes") or {}
    count = reds.get("count", 0)
    if not count:
        return "-"
    points = reds.get("points", 0)
    each = points // count if points % count == 0 else reds.get("each", 0)
    form = "{}x{}={}" if short else "{} x {}: {}"
    return form.format(count, each, points)


def _red_threes_short(item: dict[str, Any], info: TableInfo) -> str:
    return _red_threes(item, info, short=True)


class CanastoneScreen(GameScreen):
    ask_plan = True
    name = "canastone"
    panel = CanastonePanel
    phases: ClassVar[dict[str, str]] = {
        **GameScreen.phases, "premeld_discard": "discard (not open yet)"}
    table_marks = (f"{GameScreen.table_marks} FROZEN: a wild card is in the pile, and taking "
                   "it needs three naturals of the top card's rank from your hand (CN-P3, "
                   "CN-P4). Another side's "
                   "melds may be shown short when space is tight: Kx7 is a meld of seven "
                   "kings (bold once complete; *Kx7 changed since your turn), Wx3 one of "
                   "wild cards.")
    score_columns: ClassVar[tuple[ScoreColumn, ...]] = (("Canastas", _canastas),
                                                        ("Red 3", _red_threes))
    score_note = ("Canastas: each with its class and bonus, and the bonus for five or more.  "
                  "Red 3: count x value each (by the team's canastas, doubled for four or "
                  "more).  Out: going out.  Unplayed: cards left per seat.")
    compact_score_columns: ClassVar[tuple[ScoreColumn, ...]] = (
        ("Canastas", _canastas_short), ("Red 3", _red_threes_short))
    compact_score_note = ("Canastas: rank, class (nat natural, mix mixed) and bonus; 5+: "
                          "for five or more.  Red 3: count x value = points (doubled for "
                          "four or more).  Out: going out, and who.  Left: cards left, each "
                          "beside its seat's name.")

    def pile_detail(self, discard: dict[str, Any]) -> str:
        down = discard.get("face_down") or 0
        return f", {down} of them face down" if down else ""

    def prompt(self, info: TableInfo) -> tuple[str, str] | None:
        """A closed team's turn (CN-T2): open with a meld before drawing, or draw two and
        discard; the others are told which of the two the player is at."""
        v, seat = info.view, info.seat
        phase, turn = v.get("phase"), v.get("turn")
        if phase not in ("draw", "premeld_discard") or info.message.get("over"):
            return None
        team = info.team_of(turn)
        if v.get("opened", {}).get(team):
            return None
        need = v.get("initial_minimum", {}).get(team, 0)
        if seat == turn:
            if phase == "draw":
                return (f" Your turn: open with melds worth {need}+ (m), or draw 2 (d) "
                        "and discard.", "bold green")
            return " Your turn: discard (x); your side opens on a later turn.", "bold green"
        if phase == "draw":
            return f" {info.name(turn)}'s turn: open with {need}+ or draw 2.", ""
        return f" {info.name(turn)}'s turn: discarding before opening.", ""

    def ask_action(self, entry: dict[str, Any], melds: list[Any],
                   lay_offs: list[dict[str, Any]], selected: list[int],
                   as_meld: Any) -> dict[str, Any]:
        """The plan of a going out (CN-G5): the staged melds and lay-offs, and the one
        selected card as the last discard; nothing staged asks with the listing's plan."""
        options = entry.get("options") or []
        if not melds and not lay_offs and len(selected) != 1 and options:
            return dict(options[0])
        plan: dict[str, Any] = {"melds": melds, "lay_offs": lay_offs}
        if len(selected) == 1:  # else the engine says what the plan lacks (CN-G5)
            plan["discard"] = selected[0]
        action: dict[str, Any] = {"type": "ask_to_go_out", "plan": plan}
        partner = next((o["partner"] for o in options if "partner" in o), None)
        if partner is not None:
            action["partner"] = partner
        return action

    def special_event(self, event: dict[str, Any], name: Names, look: CardLook,
                      teams: list[list[int]]) -> Text | None:
        kind, who = event.get("type"), name(event.get("seat"))
        if kind == "pile_started":
            t = Text("The pile starts with ")
            t.append_text(cards_text(event.get("face_up", []), look))
            t.append(f" face up over {event.get('face_down', 0)} face down")
            t.append(" (frozen)." if event.get("frozen") else ".")
            return t
        if kind == "deal_cancelled":
            t = Text("Three bad cards turned up (")
            t.append_text(cards_text(event.get("face_up", []), look))
            t.append("): the deal is dealt again.")
            return t
        if kind == "pile_frozen":
            return Text("The pile is frozen.", style="bold cyan")
        if kind == "took_pile":
            t = Text(f"{who} took the pile with ")
            t.append_text(card_text(event["top"]["code"], look))
            shown = event.get("cards") or []
            if shown:
                t.append(" and showed ")
                t.append_text(cards_text(shown, look))
            t.append(f"; {card_count(event.get('received', 0))} to the hand")
            down = event.get("face_down") or 0
            t.append(f", {down} of them face down." if down else ".")
            return t
        if kind == "red_threes":
            t = Text(f"{who} placed ")
            t.append_text(cards_text(event.get("cards", []), look))
            t.append(" (replaced)." if event.get("replaced") else " (not replaced).")
            return t
        if kind == "stock_exhausted":
            return Text(f"The stock is down to {event.get('stock', 0)}: the deal ends.",
                        style="bold")
        if kind == "deal_ended" and event.get("reason") == "red_three":
            return Text(f"{who} drew a red three with no card left to replace it: the deal "
                        "ends.", style="bold")
        return None

    def unplayed(self, item: dict[str, Any], info: TableInfo) -> str:
        return "\n".join(
            f"{info.name(int(seat))} {points}"
            for seat, points in sorted((item.get("penalty") or {}).items(),
                                       key=lambda kv: int(kv[0])))
