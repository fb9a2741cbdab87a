"""Plain sentences for the public events of an ``events`` frame ("Ann drew 2")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text

from engine.cards import GLYPHS
from tui.cards import CardLook, card_text, cards_text, rank_plural

Names = Callable[[Any], str]
PLAIN = CardLook()

KIND_WORDS = {"natural": "natural", "mixed": "mixed", "wild": "wild", "clean": "clean pile",
              "dirty": "dirty pile", "wild_pile": "wild pile"}


def covered_text(covered: list[tuple[str, list[int]]]) -> str:
    """"A bot played for ann in deal 1; bob in deals 2, 3." (the score sheet, a game's
    record and its replay), or "" when no bot played for anyone."""
    if not covered:
        return ""
    return "A bot played for " + "; ".join(
        f"{name} in deal{'s' if len(deals) > 1 else ''} {', '.join(map(str, deals))}"
        for name, deals in covered) + "."


def card_count(n: Any) -> str:
    """A count of cards as a person says it: "1 card", "11 cards"."""
    return f"{n} card" if n == 1 else f"{n} cards"


def kind_word(kind: str, words: dict[str, str] | None = None) -> str:
    """A meld kind as the log says it: the game's word, the family's, or the engine's
    name with spaces (never `black_canasta`)."""
    return (words or {}).get(kind) or KIND_WORDS.get(kind) or kind.replace("_", " ")


MELD_RANK = "meld_rank"
"""The key the screen adds to a ``laid_off`` event: the rank of the meld it went onto,
from the view (the event names the meld by its id alone, and the log did not say
which meld, play-test). None: a meld of wild cards."""


MELD_SUIT = "meld_suit"
"""Beside `MELD_RANK`: the suit of a sequence a lay-off went onto, from the view."""


def with_melds(events: list[dict[str, Any]] | tuple[dict[str, Any], ...],
               melds: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
    """The events, each ``laid_off`` one with `MELD_RANK` and `MELD_SUIT` of its meld among
    ``melds`` (a view's): the table's log and a replay's steps say which meld alike (the
    replay said "laid off 2♠ (mixed, 6/7)", which read as the meld shrinking, play-test)."""
    by_id = {m.get("id"): m for m in melds or []}
    return [{**e, MELD_RANK: by_id[e["meld"]].get("rank"), MELD_SUIT: by_id[e["meld"]].get("suit")}
            if e.get("type") == "laid_off" and e.get("meld") in by_id else e for e in events]


def onto(event: dict[str, Any]) -> str:
    """`` onto the 8s`` / `` onto the aces`` / `` onto the wild meld`` / `` onto the ♠
    sequence`` for a lay-off whose meld the screen knew; nothing otherwise."""
    if event.get("type") != "laid_off" or MELD_RANK not in event:
        return ""
    if event.get(MELD_SUIT) in GLYPHS:  # ("laid off J♠ (sequence)." read unlike the
        return f" onto the {GLYPHS[event[MELD_SUIT]]} sequence"  # groups', play-test)
    rank = event[MELD_RANK]
    if rank is None:
        # (its kind once complete, too: "laid off 2♦ 2♣ (wild pile, 7/7)." said no meld)
        return " onto the wild meld" if event.get("kind") in ("wild", "wild_pile") else ""
    return f" onto the {rank_plural(str(rank))}"


def event_text(event: dict[str, Any], name: Names, look: CardLook = PLAIN,
               teams: list[list[int]] | None = None, complete_at: int = 7,
               words: dict[str, str] | None = None) -> Text:
    """One line for one event of the family; a game's own events are its screen's
    (``tui.games.base.GameScreen.special_event``)."""
    kind = event.get("type")
    who = name(event.get("seat"))
    t = Text()
    if kind == "deal_started":
        t.append(f"Deal {event.get('deal')} begins; {name(event.get('dealer'))} deals.")
    elif kind == "upcard":
        t.append("The upcard is ")
        t.append_text(card_text(event["card"]["code"], look))
        t.append(".")
    elif kind == "turn":
        t.append(f"{who}'s turn.", style="dim")
    elif kind == "red_threes":
        t.append(f"{who} placed ")
        t.append_text(cards_text(event.get("cards", []), look))
        t.append(".")
    elif kind == "drew":
        extra = " (replacement)" if event.get("reason") == "replacement" else ""
        if event.get("count") == 0:  # the final round's turns (LD-P3): "drew 0" read odd
            t.append(f"{who} had nothing to draw.")
        else:
            t.append(f"{who} drew {event.get('count')}{extra}.")
    elif kind == "stock_exhausted":
        t.append("The stock is empty.")
    elif kind == "went_out":
        t.append(f"{who} went out!", style="bold")
    elif kind == "took_pile":
        t.append(f"{who} took the pile ({card_count(event.get('count'))}) with ")
        t.append_text(card_text(event["top"]["code"], look))
        t.append(" on top.")
    elif kind in ("melded", "laid_off"):
        verb = "melded" if kind == "melded" else "laid off"
        t.append(f"{who} {verb} ")
        t.append_text(cards_text(event.get("cards", []), look))
        t.append(onto(event))
        word = kind_word(event.get("kind", ""), words)
        size = event.get("size")
        if isinstance(size, int) and size > complete_at:
            # Past a canasta's size (where melds grow past it): "(mixed, 8/7)" read as a
            # count gone wrong (play-test).
            t.append(f" ({word}{'' if 'canasta' in word else ' canasta'}, {size} cards).")
        else:
            t.append(f" ({word}{f', {size}/{complete_at}' if size is not None else ''}).")
    elif kind == "discarded":
        t.append(f"{who} discarded ")
        t.append_text(card_text(event["card"]["code"], look))
        t.append(".")
    elif kind == "asked_to_go_out":
        t.append(f"{who} asks {name(event.get('partner'))}: may I go out?", style="bold")
    elif kind == "answered":
        t.append(f"{who} answered {'yes' if event.get('allow') else 'no'}.", style="bold")
    elif kind == "deal_scored":
        row = event.get("row", {})
        scores = ", ".join(f"{team_label(int(team), name, teams)} {v.get('deal_score')}"
                           for team, v in sorted(row.get("teams", {}).items()))
        t.append(f"Deal {event.get('deal')} scored: {scores}.", style="bold")
    elif kind == "game_over":
        said = who_won(event.get("winners", []), lambda w: team_label(w, name, teams),
                       teams or [])
        t.append(f"Game over: {said}.", style="bold")
    elif kind == "took_back":
        what = str(event.get("action", "move")).replace("_", "-")
        count = event.get("count")
        said = f"{count} {what}s" if isinstance(count, int) and count > 1 else f"a {what}"
        t.append(f"{who} took back {said}.", style="bold")
    elif kind == "new_game":
        t.append(f"A new game begins (round {event.get('round')}).")
    else:
        fields = ", ".join(f"{k} {v}" for k, v in event.items() if k != "type")
        t.append(f"{kind}: {fields}" if fields else str(kind))
    return t


def who_won(winners: list[int], label: Callable[[int], str], teams: list[list[int]]) -> str:
    """``bob wins``, ``ann+cy win`` (a partnership), ``ann and bob draw``."""
    if not winners:
        return "nobody wins"
    names = " and ".join(label(w) for w in winners)
    if len(winners) > 1:
        return f"{names} draw"
    alone = winners[0] >= len(teams) or len(teams[winners[0]]) == 1
    return f"{names} {'wins' if alone else 'win'}"


def team_label(team: int, name: Names, teams: list[list[int]] | None = None) -> str:
    """``ann + cy`` for a partnership (as the table names its sides); a player's own name
    where each plays alone."""
    seats = teams[team] if teams and team < len(teams) else [team]
    return " + ".join(name(s) for s in seats)
