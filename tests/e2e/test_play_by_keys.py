"""Four players and a spectator play a seeded one-deal Hand and Foot game by key presses.

Everything goes through real SSH sessions with PTYs on a loopback port, and every
decision is taken from what that person's own screen shows (rebuilt with ``pyte``):
a player presses ``d`` when the footer offers Draw; when it offers Discard and the
hand shows three naturals of a rank, types their codes (``g`` sets each meld aside)
and presses ``m`` (Esc when the engine refuses, as it does below a team's minimum
count); then ``x`` discards the card under the cursor, until the game is over. The
table is opened over the subsystem only to fix the deal's seed; sitting, watching and
playing are key presses in the lobby and at the table.

The spectator's screen is checked at every repaint (each line pyte marks changed after
each chunk) against the hands the players' screens showed: it never shows a hand, and
never a run of three cards, side by side as some player's screen showed them in their
hand, of two or more natural ranks (public cards never look like that: a meld holds one
natural rank, the pile shows one card, red threes are all threes). The same check run
on a player's own screen does find its hand.

``hand_size`` 22 (with ``deals: 1``) shortens the stock so the game ends in about 86
actions, keeping the test near 40 s on 2 cores.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from typing import Any

import asyncssh
import pyte

from netcode.client import MeldhallClient
from netcode.server import Host

SEED = 20240611
WIDTH, HEIGHT = 100, 30
OPTIONS = {"deals": 1, "hand_size": 22}  # a shorter stock: about 86 actions, not 158
LABEL = re.compile(r"^(?:10|[2-9JQKA])[♠♥♦♣]$|^JK$")
WILD_RANKS = {"2", "JK"}


class Terminal(asyncssh.SSHClientSession):  # type: ignore[type-arg]
    """A PTY session read through pyte, as a player's terminal would show it."""

    def __init__(self) -> None:
        self.screen = pyte.Screen(WIDTH, HEIGHT)
        self.stream = pyte.ByteStream(self.screen)
        self.changed = asyncio.Event()
        self.lines_seen: list[str] | None = None
        """Every line as repainted (spectator): each changed line after each chunk."""
        self.chan: Any = None
        self.ended = False

    def connection_made(self, chan: Any) -> None:
        self.chan = chan

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.stream.feed(data)
        if self.lines_seen is not None:
            display = self.screen.display
            self.lines_seen.extend(display[y] for y in sorted(self.screen.dirty))
        self.screen.dirty.clear()
        self.changed.set()

    def connection_lost(self, exc: Exception | None) -> None:
        self.ended = True
        self.changed.set()

    @property
    def text(self) -> str:
        return "\n".join(self.screen.display)

    @property
    def footer(self) -> str:
        return self.screen.display[-1]

    def press(self, keys: str) -> None:
        self.chan.write(keys.encode())

    async def sit(self, seat: int) -> str:
        """j at the table under the cursor, choosing `seat` where the lobby asks which
        (a partnership table where someone sits), until the screen says that seat."""
        self.press("j")
        shown = await self.wait_until(lambda t: "Which seat?" in t or f"you: seat {seat}" in t)
        if "Which seat?" in shown:  # (its choices are numbered in order: "1  seat 2")
            choice = re.search(rf"(\d)\s+seat {seat}\b", shown)
            assert choice is not None, shown
            self.press(choice.group(1))
        return await self.wait_until(lambda t: f"you: seat {seat}" in t)

    async def wait_until(self, check: Callable[[str], bool], timeout: float = 20.0) -> str:
        async def wait() -> str:
            while not check(self.text):
                if self.ended:
                    raise ConnectionError(f"session ended; the screen was:\n{self.text}")
                self.changed.clear()
                await self.changed.wait()
            return self.text

        try:
            return await asyncio.wait_for(wait(), timeout)
        except TimeoutError:
            raise AssertionError(f"screen never matched; it shows:\n{self.text}") from None


async def open_terminal(port: int, name: str) -> tuple[asyncssh.SSHClientConnection, Terminal]:
    conn = await asyncssh.connect(
        "127.0.0.1", port, username=name, known_hosts=None, client_keys=None, password="",
        agent_path=None, preferred_auth="keyboard-interactive",
    )
    _chan, term = await conn.create_session(
        Terminal, term_type="xterm-256color", term_size=(WIDTH, HEIGHT), encoding=None
    )
    return conn, term


def game_over(text: str) -> bool:
    return "Game over" in text


def offers(footer: str, key: str, label: str) -> bool:
    return f"{key} {label}" in footer


def hand_on_screen(text: str) -> list[str]:
    """The card labels of 'Your hand', in the order the screen shows them."""
    lines = text.splitlines()
    for index, line in enumerate(lines):
        if "Your hand (" in line:
            cards: list[str] = []
            for row in lines[index + 1:]:
                tokens = row.replace("[", " ").replace("]", " ").split()
                if not tokens or not all(LABEL.match(t) for t in tokens):
                    break
                cards.extend(tokens)
            return cards
    return []


def rank(label: str) -> str:
    return label if label == "JK" else label[:-1]


def hand_like_runs(cards: list[str], size: int = 3) -> set[tuple[str, ...]]:
    """Runs of ``size`` adjacent cards with two or more natural ranks (never public)."""
    runs = set()
    for start in range(len(cards) - size + 1):
        run = tuple(cards[start:start + size])
        if len({rank(c) for c in run} - WILD_RANKS) >= 2:
            runs.add(run)
    return runs


SUIT_KEYS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}


def melds_on_screen(hand: tuple[str, ...]) -> list[list[str]]:
    """Every rank with three or more naturals (not threes), while the hand keeps a few
    cards besides: what a player would try to meld (together, to reach the minimum)."""
    by_rank: dict[str, list[str]] = {}
    for label in hand:
        if rank(label) not in WILD_RANKS | {"3"}:
            by_rank.setdefault(rank(label), []).append(label)
    melds: list[list[str]] = []
    for cards in by_rank.values():
        if len(cards) >= 3 and len(hand) - sum(map(len, melds)) - len(cards) >= 4:
            melds.append(cards)
    return melds


def typed(labels: list[str]) -> str:
    """Labels as a player types them: ``9♠`` -> ``9s``."""
    return " ".join(label if label == "JK" else label[:-1] + SUIT_KEYS[label[-1]]
                    for label in labels)


def hand_count(text: str) -> int | None:
    match = re.search(r"Your hand \((\d+)\)", text)
    return int(match.group(1)) if match else None


async def try_to_meld(term: Terminal, text: str, hand: tuple[str, ...]) -> bool:
    """Type the melds' cards, setting each but the last aside with ``g``, and press
    ``m``; the engine may refuse them (a team's first melds must reach the minimum
    count), and then Esc clears the choice."""
    melds = melds_on_screen(hand)
    if not melds or not offers(term.footer, "m", "Meld"):
        return False
    before = hand_count(text)
    for index, cards in enumerate(melds):
        term.press("/" + typed(cards) + "\r")
        count = len(cards)
        await term.wait_until(lambda t, n=count: f"selected {n}" in t)
        if index < len(melds) - 1:
            term.press("g")  # set this meld aside; m melds every one set aside
            await term.wait_until(lambda t: "selected" not in t)
    term.press("m")
    after = await term.wait_until(lambda t: " ! " in t or hand_count(t) != before)
    if " ! " in after:
        assert "[HF-" in after, after  # a refusal names its rule
        term.press("\x1b")  # Esc clears the chosen cards, a second Esc the melds set aside
        await term.wait_until(lambda t: " ! " not in t and "selected" not in t)
        if "Staged:" in term.text:
            term.press("\x1b")
            await term.wait_until(lambda t: "Staged:" not in t)
        return False
    return True


async def play_by_keys(term: Terminal, hands: list[tuple[str, ...]]) -> tuple[int, int]:
    """Draw; meld three of a rank when the hand shows them; discard the card under the
    cursor. Returns the actions taken and the melds among them."""
    presses = melds = 0
    while True:
        text = await term.wait_until(lambda t: game_over(t) or offers(
            t.splitlines()[-1], "d", "Draw") or offers(t.splitlines()[-1], "x", "Discard"),
            timeout=30)
        hand = tuple(hand_on_screen(text))
        if hand and (not hands or hands[-1] != hand):
            hands.append(hand)
        if game_over(text):
            return presses, melds
        if offers(term.footer, "x", "Discard") and await try_to_meld(term, text, hand):
            presses += 1
            melds += 1
            continue
        footer = term.footer
        # (Space selects the card under the cursor: x alone would ask first)
        term.press("d" if offers(footer, "d", "Draw") else " x")
        presses += 1
        assert presses < 200, "the game should end in about 80 turns per table"
        # (after " x", the discard itself: the space alone changes the footer too)
        await term.wait_until(lambda t, before=footer: game_over(t)
                              or (t.splitlines()[-1] != before and "selected" not in t),
                              timeout=15)


async def test_four_players_and_a_spectator_play_a_deal_by_keys(host: Host) -> None:
    organiser = await MeldhallClient.connect("127.0.0.1", host.port, "organiser")
    organiser.send("create", game="hand_and_foot", seats=4, options=OPTIONS, seed=SEED,
                   sit=False)
    await organiser.wait_for("lobby", lambda m: bool(m["tables"]))
    table_id = max(host.lobby.tables)

    conns: list[asyncssh.SSHClientConnection] = []
    players: list[Terminal] = []
    try:
        for seat, name in enumerate(["ann", "bob", "cat", "dan"]):
            conn, term = await open_terminal(host.port, name)
            conns.append(conn)
            players.append(term)
            await term.wait_until(lambda t: "meldhall lobby" in t and "waiting" in t)
            await term.sit(seat)  # at the table under the cursor (the only one)
        conn, spectator = await open_terminal(host.port, "sue")
        conns.append(conn)
        await spectator.wait_until(lambda t: "meldhall lobby" in t and "playing" in t)
        spectator.lines_seen = []
        players[0].lines_seen = []  # the positive control for the check below
        spectator.press("w")
        await spectator.wait_until(lambda t: "you: watching" in t)

        hands: list[list[tuple[str, ...]]] = [[] for _ in players]
        played = await asyncio.wait_for(asyncio.gather(
            *(play_by_keys(term, seen) for term, seen in zip(players, hands, strict=True))
        ), 90)
        presses = [actions for actions, _ in played]
        await spectator.wait_until(game_over)
    finally:
        for conn in conns:
            conn.close()
        organiser.close()

    table = host.lobby.tables[table_id]
    assert table.over and table.seq == sum(presses)
    assert sum(presses) > 60  # about 43 draws and 43 discards, and the melds
    assert sum(melds for _, melds in played) >= 2
    logged = [action["type"] for _, action in table.game.log]
    assert logged.count("meld") == sum(melds for _, melds in played)
    for seen in hands:
        assert len(seen) > 10 and max(len(h) for h in seen) > 20

    runs = set().union(*(hand_like_runs(list(h)) for seen in hands for h in seen))

    def leaks(line: str) -> bool:
        tokens = [t for t in line.replace("[", " ").replace("]", " ").split() if LABEL.match(t)]
        return "Your hand" in line or any(
            tuple(tokens[i:i + 3]) in runs for i in range(len(tokens) - 2))

    # The check finds hands where they are shown: on a player's own screen.
    assert any(leaks(line) for line in players[0].lines_seen or [])
    lines = spectator.lines_seen or []
    assert len(lines) > 200 and runs
    for line in lines:
        assert not leaks(line), line
