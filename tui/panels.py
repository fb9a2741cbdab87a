"""The middle of the table, chosen by ``view["game"]``: each team's melds and standing.

A game whose moments need more (an offered card and declared wilds, melds made out of
turn, a frozen pile and closed teams) gets its own subclass in its module under
``tui/games/``; the table screen only calls ``panel.lines(info, width, height)`` and shows
them in a ``LinesView``, which repaints only the lines that changed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from rich.text import Text

from engine.cards import rank_of
from tui.cards import CardLook, card_label, card_style, cards_text
from tui.eventtext import card_count

SHORT_KINDS = {"natural": "natural", "mixed": "mixed", "wild": "wild", "clean": "CLEAN",
               "dirty": "DIRTY", "wild_pile": "WILD", "canasta": "CANASTA"}


@dataclass(frozen=True)
class TableInfo:
    """What every part of the table screen needs from one ``view`` message."""

    message: dict[str, Any]
    names: tuple[str, ...]
    look: CardLook
    target: int | None = None
    changed: frozenset[int] = frozenset()
    """Melds that changed since this player's last turn (a hint; empty when hints are off)."""

    @property
    def view(self) -> dict[str, Any]:
        return self.message.get("view") or {}

    @property
    def seat(self) -> int | None:
        return self.message.get("seat")

    @property
    def teams(self) -> list[list[int]]:
        teams = self.view.get("teams")
        if teams:
            return [list(t) for t in teams]
        return [[s] for s in range(len(self.names))]

    def name(self, seat: Any) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.names):
            return self.names[seat]
        return "someone" if seat is None else f"seat {seat}"

    def with_names_cut(self, seats: Any, by: int) -> TableInfo:
        """This info with the names of `seats` shortened by `by` cells (`cut_name`): for a
        line that would otherwise be cut at its end, where the counts and states are."""
        names = tuple(cut_name(n, len(n) - by, self.look.ascii) if s in seats else n
                      for s, n in enumerate(self.names))
        return replace(self, names=names)

    def team_of(self, seat: int | None) -> int | None:
        for team, seats in enumerate(self.teams):
            if seat in seats:
                return team
        return None

    def team_order(self) -> list[int]:
        mine = self.team_of(self.seat)
        order = list(range(len(self.teams)))
        if mine is not None:
            order.remove(mine)
            order.insert(0, mine)
        return order

    def team_name(self, team: int) -> str:
        """``bob + dee``; your own side marks you by name, ``ann (you) + cy``: "ann+cy
        (you)" read as if cy were you, and ``bob+bot 3`` beside ``ann (you) + cy`` as two
        ways of writing one thing (play-tests)."""
        seats = self.teams[team]
        mine = team == self.team_of(self.seat)
        return " + ".join(self.name(s) + (" (you)" if mine and s == self.seat else "")
                          for s in seats)


def turn_step(view: dict[str, Any]) -> str:
    """What the turn player does next, as the prompt says it: the pile only when the
    listing offers it (a blocked or frozen pile is not)."""
    if view.get("phase") != "draw":
        return "meld, lay off, then discard"
    legal = {entry.get("type"): entry for entry in view.get("legal") or []}
    # A draw the listing says takes nothing (LD-E3's final round) is said so, as the keys
    # line says "d Skip draw" (the prompt said "draw (d)", play-test).
    draw = "skip the draw (d)" if (legal.get("draw") or {}).get("count") == 0 else "draw (d)"
    return f"{draw} or take the pile (p)" if "take_pile" in legal else draw


def table_look(look: CardLook, message: dict[str, Any]) -> CardLook:
    """The session's card look with the wild ranks of the game on the table."""
    wild = tuple((message.get("view") or {}).get("wild_ranks") or ())
    return look if wild == look.wild_ranks else replace(look, wild_ranks=wild)


TARGET_MARK = ">#"
"""How a meld line begins when it is the meld chosen with t (">#7"): `fitted` keeps it."""


def meld_line(meld: dict[str, Any], look: CardLook, target: int | None,
              complete_at: int = 7, changed: frozenset[int] = frozenset(),
              kinds: dict[str, str] = SHORT_KINDS) -> Text:
    rank = meld.get("rank") or "W"
    kind = kinds.get(meld.get("kind", ""), meld.get("kind", "").replace("_", " "))
    cards = meld.get("cards", [])
    size = meld.get("size", len(cards))
    mark = ">" if meld.get("id") == target else "*" if meld.get("id") in changed else " "
    line = Text(f"{mark}#{meld.get('id'):<2} {rank:>2} ",
                style="reverse" if meld.get("id") == target else "")
    if meld.get("complete"):
        line.append(f"{kind:<7}", style="bold")
    else:
        line.append(f"{kind:<7}")
    line.append(f" {size}/{complete_at} ")
    if len(cards) > LONG_MELD and meld.get("rank"):
        # A long meld: its naturals as a count (their suits don't matter), wilds shown.
        wilds = [c for c in cards if rank_of(c["code"]) != meld["rank"]]
        line.append(f"{meld['rank']}x{len(cards) - len(wilds)} ", style="bold")
        line.append_text(cards_text(wilds, look))
    else:
        line.append_text(cards_text(cards, look))
    return line


LONG_MELD = 9
"""Melds longer than this are summarised so that every meld stays on one line."""


class GamePanel:
    """The middle of the table as lines: per team, a header and its melds with kind and
    size. Teams stack; from ``SIDE_BY_SIDE`` columns they sit side by side."""

    SIDE_BY_SIDE = 150
    KINDS: ClassVar[dict[str, str]] = SHORT_KINDS
    """The word for each meld kind the view names (7 columns at most; a complete one in
    capitals)."""
    VIEW_KEYS: tuple[str, ...] = ("melds", "totals", "teams")
    """The parts of the view the lines are made of: equal parts, equal lines."""

    def __init__(self, complete_at: int = 7) -> None:
        self.complete_at = complete_at

    def key(self, info: TableInfo, width: int) -> tuple[Any, ...]:
        """Compared as plain data before the lines are rebuilt, and to find lines another
        session built (so the parts that differ most between sessions come first)."""
        return (width, info.seat, info.target, info.changed, info.look, info.names,
                tuple(info.view.get(k) for k in self.VIEW_KEYS))

    def lines(self, info: TableInfo, width: int, height: int = 0) -> list[Text]:
        """The panel's lines for ``width`` columns. ``height`` is the rows the panel shows
        (0: no limit, as in a replay's text): a game whose melds may outgrow it uses it
        to shorten the others' blocks rather than push them off the bottom unsaid."""
        cell = self.block_width(info, width)
        return self.arrange(info, [self.team_block(info, team, cell)
                                   for team in info.team_order()], width, height)

    def block_width(self, info: TableInfo, width: int) -> int:
        """The columns a team's block has: all of them, or its cell side by side."""
        teams = len(info.teams)
        return width // teams - 1 if width >= self.SIDE_BY_SIDE and teams > 1 else width

    def arrange(self, info: TableInfo, blocks: list[list[Text]], width: int,
                height: int = 0) -> list[Text]:
        """The teams' blocks stacked with a blank line between, or side by side; within
        ``height`` rows (0: no limit), the longest blocks end in "+N more"."""
        side = width >= self.SIDE_BY_SIDE and len(blocks) > 1
        if height:
            own = 0 if info.team_of(info.seat) is not None else None  # (`team_order`)
            blocks = fitted(blocks, height if side else height - (len(blocks) - 1), side, own)
        if side:
            return side_by_side(blocks, width // len(blocks), info.look.ascii)
        out: list[Text] = []
        for block in blocks:
            if out:
                out.append(Text())
            out.extend(block)
        return out

    def sheet_line(self, info: TableInfo, meld: dict[str, Any]) -> Text:
        """One meld in full on the `M` sheet (tui/meldsheet.py):
        ``#4   K  natural   5/7  not yet   K♠ K♥ K♦ K♣ 2♣`` (long melds wrap, never cut)."""
        cards = meld.get("cards", [])
        kind = meld.get("kind", "")
        word = self.KINDS.get(kind, kind.replace("_", " "))
        size = meld.get("size", len(cards))
        out = Text(f"  #{meld.get('id'):<3} {meld.get('rank') or 'W':>2}  {word:<8} "
                   f"{size:>2}/{self.complete_at}  ")
        out.append("complete" if meld.get("complete") else "not yet ",
                   style="bold" if meld.get("complete") else "dim")
        out.append("  ")
        out.append_text(cards_text(cards, info.look))
        return out

    def team_melds(self, info: TableInfo, team: int) -> list[dict[str, Any]]:
        """A team's melds in the order its block shows them: those still taking cards
        first, each group in the view's order (complete piles filled the rows, and the
        melds a player could add to were under "+8 more", play-test). The table's t and T
        choose a meld in this order: t went by meld id where a game's panel orders them
        otherwise, and jumped about the panel (play-test)."""
        return sorted((m for m in info.view.get("melds", []) if m.get("team") == team),
                      key=lambda m: bool(m.get("complete")))

    def team_block(self, info: TableInfo, team: int, width: int = 0) -> list[Text]:
        """The side's header and melds, within ``width`` columns (0: any) with the bar."""
        mine = team == info.team_of(info.seat)
        melds = self.team_melds(info, team)
        body = [row for line in self.team_header(info, team).split("\n")
                for row in folded(line, width - 2 if width else 0)]
        if not melds:
            body.append(Text("  no melds yet", style="dim"))
        body.extend(meld_line(m, info.look, info.target, self.complete_at, info.changed,
                              self.KINDS) for m in melds)
        mark = "| " if info.look.ascii else "▌ "
        bar = Text(mark if mine else "  ", style="green" if mine else "")
        return [Text.assemble(bar, line) for line in body]

    def team_header(self, info: TableInfo, team: int) -> Text:
        total = info.view.get("totals", {}).get(team, 0)
        return Text(f"{info.team_name(team)} · score {total}", style="bold")


def pile_text(view: dict[str, Any], look: CardLook, detail: str = "",
              by: str | None = None) -> Text:
    """" Stock 80   Pile 7♥ from bob (12 cards) FROZEN": the table's line and the replay's
    (which said "Pile empty (0)" for a game with no discard pile, play-test)."""
    if "discard" not in view:  # a game without a discard pile
        return Text(f" Stock {view.get('stock', 0)}")
    discard = view.get("discard") or {}
    top = discard.get("top")
    t = Text(f" Stock {view.get('stock', 0)}   Pile ", style="")
    if top:
        t.append(card_label(top["code"], look), style=card_style(top["code"], look))
    else:
        t.append("empty", style="dim")
    if by is not None:  # beside the card it says who threw
        t.append(f" from {by}", style="dim")
    if discard.get("size") or detail:  # ("Pile empty (0 cards)" said it twice, play-test)
        t.append(f" ({card_count(discard.get('size', 0))}{detail})")
    if discard.get("frozen"):
        t.append(" FROZEN", style="bold cyan")
    if discard.get("blocked") and top:  # an empty pile is not "blocked"
        t.append(" blocked", style="bold yellow")
    return t


def size_label(meld: dict[str, Any], changed: frozenset[int] = frozenset()) -> Text:
    """Someone else's meld short, as rank x size (``Kx7``, ``Wx3`` for a wild meld), bold
    when complete: on their side's one line what it is and how far it has grown count,
    not its cards. ``*Kx7`` where it changed since your turn (the short lines never said
    so, play-test)."""
    size = meld.get("size", len(meld.get("cards", [])))
    mark = "*" if meld.get("id") in changed else ""
    return Text(f"{mark}{meld.get('rank') or 'W'}x{size}",
                style="bold" if meld.get("complete") else "")


def folded(line: Text, width: int) -> list[Text]:
    """A header line of parts between `` · `` (names, score, opened, red threes) broken
    between parts where it would pass ``width`` (0: any): at 80 columns a long pair of
    names cut "needs 50 to open" to "needs 50 to ope" at the panel's edge (play-test)."""
    if not width or line.cell_len <= width:
        return [line]
    parts = list(line.split(" · "))
    for part in parts[:-1]:
        part.append(" ·")
    return wrapped(parts[0], parts[1:], width, indent=" ")


def wrapped(first: Text, parts: list[Text], width: int, indent: str = "   ") -> list[Text]:
    """``first``, then each part after a space, going on to an indented next line where a
    part would pass ``width``: a part is never cut at the panel's edge unsaid."""
    lines = [first.copy()]
    for part in parts:
        if lines[-1].cell_len + 1 + part.cell_len > width and lines[-1].cell_len > len(indent) + 1:
            lines.append(Text(indent))
        lines[-1].append(" ")
        lines[-1].append_text(part)
    for line in lines[:-1]:  # a separator the wrap left at a line's end says nothing
        if line.plain.endswith(" ·"):
            line.right_crop(2)
    return lines


KEY_MARK = "\u2713"
"""The host's mark after a key player's name (``netcode.identity.VERIFIED_MARK``)."""


def cut_name(name: str, cells: int, ascii: bool = False) -> str:
    """`name` in at most `cells` cells (never fewer than eight letters and the mark), its
    key mark kept: 16-letter names cut a seat's line at 80 columns, where the cards in
    hand and the stage were lost ("… · hand 13 ·…", play-test); a name is still told
    apart by its start, and the mark says who holds a key."""
    if len(name) <= cells:
        return name
    mark = KEY_MARK if name.endswith(KEY_MARK) else ""
    base = name[:-1] if mark else name
    keep = max(8, cells - len(mark) - 1)
    return name if keep >= len(base) else base[:keep] + ("~" if ascii else "\u2026") + mark


def counted(first: Text, labels: list[Text], width: int) -> Text:
    """``first``, then the labels that fit ``width`` after a space each, and the count of
    those that do not (``+5``): one line, nothing cut at the panel's edge unsaid."""
    line = first.copy()
    for n, label in enumerate(labels):
        left = len(labels) - n - 1  # after this one: their count must still fit
        if line.cell_len + 1 + label.cell_len + (len(f" +{left}") if left else 0) > width:
            line.append(f" +{len(labels) - n}", style="dim")
            break
        line.append(" ")
        line.append_text(label)
    return line


def fitted(blocks: list[list[Text]], rows: int, side: bool,
           own: int | None = None) -> list[list[Text]]:
    """Blocks cut to ``rows`` (each, side by side; together, stacked), the longest first,
    each cut block ending in a line that counts its lines left out: a player with many
    melds ran off the bottom of an 80x24 panel unsaid (play-test). Of blocks as long, the
    viewer's own (``own``) is cut last: the opponents' got more rows (play-test)."""
    sizes = [len(b) for b in blocks]
    if side:
        sizes = [min(n, max(rows, 2)) for n in sizes]
    else:
        while sum(sizes) > rows and max(sizes) > 2:
            longest = max(range(len(sizes)), key=lambda i: (sizes[i], i != own))
            sizes[longest] -= 1
    out = []
    for block, size in zip(blocks, sizes, strict=True):
        if size >= len(block):
            out.append(block)
            continue
        shown, hidden = block[:size - 1], block[size - 1:]
        chosen = [line for line in hidden if TARGET_MARK in line.plain]
        if chosen and len(shown) > 1:  # the meld chosen with t stays in sight (play-test)
            hidden = [shown[-1], *(line for line in hidden if line is not chosen[0])]
            shown = [*shown[:-1], chosen[0]]
        out.append([*shown, Text(f"    +{len(hidden)} more (M lists every meld)",
                                 style="dim")])
    return out


def side_by_side(blocks: list[list[Text]], width: int, ascii: bool = False) -> list[Text]:
    """Blocks of lines side by side, each cell cropped or padded to ``width`` cells
    (an ellipsis marks a cropped cell, except in ASCII mode)."""
    out: list[Text] = []
    for row in range(max(len(b) for b in blocks)):
        line = Text()
        for block in blocks:
            cell = block[row].copy() if row < len(block) else Text()
            cell.truncate(width - 1, overflow="crop" if ascii else "ellipsis", pad=True)
            line.append_text(cell)
            line.append(" ")
        out.append(line)
    return out
