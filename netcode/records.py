"""Game records: a finished game as a file anyone can keep, read, and step through.

A record is the game's log with what replays it (game, seats, options, seed) and what a
reader wants at a glance (players, every deal's score-sheet row, totals, winners). Its
text form tells the game deal by deal: each hand at the deal's start (red threes
placed), then every action in the words of the table's log. A record holds the seed
and every hidden card, so one is made only once the game is over; until then it would
tell a player every other hand.
"""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console

import engine
from netcode.framing import restore_int_keys
from tui.cards import CardLook
from tui.eventtext import covered_text, with_melds
from tui.games import screen_for
from tui.panels import TableInfo
from tui.sheets import changed_items, score_renderable

RECORD_VERSION = 1
PLAIN = CardLook(colour=False, ascii=True)


class RecordError(Exception):
    """A record cannot be made or read; the message is one line for a person."""


def build_record(game_name: str, seats: int, seed: int, options: dict[str, Any],
                 log: Sequence[tuple[int, dict[str, Any]]], players: Sequence[str],
                 *, table: int | None = None, round_no: int = 1,
                 covered: dict[int, list[int]] | None = None) -> dict[str, Any]:
    """The record of a finished game (RecordError while it is still being played).
    ``covered``: seat -> the deals a bot played for the person named for it (a record
    put those deals to the person's name, play-test)."""
    game = engine.replay(game_name, seats, seed, options, list(log))
    if not game.over:
        where = f"table {table}'s" if table is not None else "this"
        raise RecordError(f"{where} game is not over yet: a record would show hidden cards.")
    return {
        "meldhall_record": RECORD_VERSION,
        "game": game_name, "title": engine.GAMES[game_name].title, "seats": seats,
        "options": options, "seed": seed, "table": table, "round": round_no,
        "players": list(players),
        "covered": {seat: list(deals) for seat, deals in sorted((covered or {}).items())
                    if deals},
        "log": [[seat, action] for seat, action in game.log],
        "score_sheet": game.score_sheet, "totals": game.totals,
        "winners": list(game.winners),
    }


def dumps(record: dict[str, Any]) -> str:
    return json.dumps(record, indent=1, sort_keys=True)


def loads(text: str) -> dict[str, Any]:
    """A record from its JSON; map keys that are whole numbers (seats, card ids) as ints."""
    try:
        record = json.loads(text, object_pairs_hook=restore_int_keys)
    except json.JSONDecodeError as exc:
        raise RecordError(f"not a meldhall record: {exc.msg} at line {exc.lineno}") from None
    if not isinstance(record, dict) or record.get("meldhall_record") != RECORD_VERSION:
        raise RecordError("not a meldhall record (no 'meldhall_record': 1).")
    return record


def seed_of(record: dict[str, Any]) -> int:
    """The record's deal seed: a number in a file, its decimal string in a `record` frame
    (128 bits do not fit msgpack's integers)."""
    return int(record["seed"])


def replay_record(record: dict[str, Any]) -> Any:
    """The finished game a record describes, rebuilt by the engine."""
    return engine.replay(record["game"], record["seats"], seed_of(record),
                         record["options"], [(s, a) for s, a in record["log"]])


def _name(record: dict[str, Any]) -> Any:
    players = record.get("players") or []

    def name(seat: Any) -> str:
        if isinstance(seat, int) and 0 <= seat < len(players):
            return str(players[seat])
        return "someone" if seat is None else f"seat {seat}"

    return name


def covered_of(record: dict[str, Any]) -> str:
    """The record's "A bot played for ann in deal 1." ("" if none; older records have no
    ``covered``)."""
    name = _name(record)
    return covered_text([(name(int(seat)), list(deals))
                         for seat, deals in sorted((record.get("covered") or {}).items(),
                                                   key=lambda kv: int(kv[0]))])


def _codes(cards: Sequence[dict[str, Any]]) -> str:
    return " ".join(card["code"] for card in cards) or "(none)"


def text_record(record: dict[str, Any]) -> str:
    """The game told deal by deal: the hands at each deal's start, every action, every score."""
    game = engine.create_game(record["game"], record["seats"], seed_of(record),
                              record["options"])
    screen = screen_for(record["game"])
    name = _name(record)
    teams = [list(t) for t in game.teams]
    players = ", ".join(f"{name(s)} (seat {s})" for s in range(record["seats"]))
    out = [f"{record['title']}: a game record",
           f"Players: {players}",
           *filter(None, [covered_of(record)]),
           f"Options: {options_said(record['game'], record['options'])}",
           f"Seed: {record['seed']}", ""]

    def tell(events: Sequence[dict[str, Any]], seat: int | None) -> None:
        dealt = False
        # (a lay-off names its meld, as the table's log does: "laid off 2S (dirty pile,
        # 7/7)." said not which, play-test)
        for event in with_melds(events, game.view(None).get("melds")):
            if event.get("type") == "deal_started":
                out.append("")
                out.append(screen.event_line(event, name, PLAIN, teams).plain)
                dealt = True
                continue
            if event.get("type") == "turn":
                continue
            out.append(f"  {screen.event_line(event, name, PLAIN, teams).plain}")
        if dealt:
            # The hands after the deal's own first events: listed before them, the first
            # player's red threes, placed at once, were missing from a hand that read as
            # dealt (play-test).
            for s in range(record["seats"]):
                out.append(f"  {name(s)}'s hand: {_codes(game.view(s)['hand'])}")

    tell(list(getattr(game, "events", [])), None)
    for seat, action in record["log"]:
        tell(game.apply(seat, action), seat)
    out.append("")
    # The score sheet as the table shows it: the items listed as the engine keys them
    # ("piles.clean.count 1, penalty.0.hand 0") read as code (play-test).
    # (its last lines are the totals and the winner, as the table's sheet ends)
    out.append(_sheet_text(game, [name(s) for s in range(record["seats"])]))
    return "\n".join(out) + "\n"


SHEET_WIDTH = 100
"""Columns the record's score sheet is laid out in (its full layout fits)."""


def _sheet_text(game: Any, names: list[str]) -> str:
    """The game's score sheet as the table's sheet (s) lays it out, in plain text."""
    info = TableInfo({"view": game.view(None), "seat": None}, tuple(names), PLAIN)
    console = Console(width=SHEET_WIDTH, file=io.StringIO(), record=True, color_system=None,
                      legacy_windows=False)
    console.print(score_renderable(info, SHEET_WIDTH))
    return "\n".join(line.rstrip() for line in console.export_text().splitlines())


def options_said(game: str, options: dict[str, Any]) -> str:
    """The options that differ from the game's usual ones, as the new-table form names
    them (the record said ``Options: {}``, play-test)."""
    changed = changed_items(options, dict(engine.GAMES[game].options))
    if not changed:
        return "as usual"
    return ", ".join(f"{label} {value}" for _, label, value, _ in changed)


@dataclass(frozen=True, slots=True)
class Step:
    """One moment of a replay: what just happened and every seat's view after it."""

    index: int
    label: str
    deal: int
    views: dict[int, dict[str, Any]]
    public: dict[str, Any]
    events: tuple[dict[str, Any], ...] = ()
    """The events ``label`` tells (plain text), for a screen to tell in its own look."""


class RecordStepper:
    """Steps a record forward and back for the replay screen, which never runs the engine.

    Going back replays from the nearest kept game, one kept every ``EVERY`` actions, so a
    step costs at most that many actions whatever the game's length.
    """

    EVERY = 32

    def __init__(self, record: dict[str, Any]) -> None:
        self.record = record
        self.log = [(s, a) for s, a in record["log"]]
        self.count = len(self.log)
        self.players = list(record.get("players") or [])
        self.title = record.get("title") or record["game"]
        self.covered = covered_of(record)
        self._name = _name(record)
        self._screen = screen_for(record["game"])
        first = engine.create_game(record["game"], record["seats"], seed_of(record),
                                   record["options"])
        self._teams = [list(t) for t in first.teams]
        self._kept: dict[int, Any] = {0: first.clone()}
        self.deal_starts = [0]
        game = first
        for i, (seat, action) in enumerate(self.log, 1):
            events = game.apply(seat, action)
            if any(e.get("type") == "deal_started" for e in events):
                self.deal_starts.append(i)
            if i % self.EVERY == 0:
                self._kept[i] = game.clone()

    def step(self, index: int) -> Step:
        """The game after ``index`` actions (0: as first dealt)."""
        index = max(0, min(index, self.count))
        # The kept game before this step, not at it: its own action is replayed, so its
        # events are told (every 32nd step said "The deal begins.").
        base = max(k for k in self._kept if k < index) if index else 0
        game = self._kept[base].clone()
        events: list[dict[str, Any]] = list(getattr(game, "events", [])) if index == 0 else []
        for seat, action in self.log[base:index]:
            events = game.apply(seat, action)
        label = " ".join(self._screen.event_line(e, self._name, PLAIN, self._teams).plain
                          for e in events if e.get("type") != "turn") or "The deal begins."
        return Step(index, label, game.deal_number,
                    {s: game.view(s) for s in range(game.seats)}, game.view(None),
                    tuple(e for e in events if e.get("type") != "turn"))
