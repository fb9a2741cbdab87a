"""One table: the only writer of its Game.

A table task drains one queue. Everything that reads or changes the game (an
action, a bot's turn, a newcomer's first view, play again) is a queue item, so
the Game is touched by exactly one coroutine and never concurrently with a worker
thread. Engine calls, bot moves, view encoding and the SQLite write run in
``asyncio.to_thread`` so that a slow step never freezes every screen in the
process (one loop serves all sessions).

After each applied action the log entry is committed, then every connected
session of the table gets the public events and a fresh view of its own seat (or
the spectator view), put on its outbox in a rotating order so no session is
always served first. The host never inspects a view: what a seat may see is the
engine's decision.
"""

from __future__ import annotations

import asyncio
import hashlib
import itertools
import logging
import secrets
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

import engine
from engine import EngineError
from netcode.protocol import error_frame, server_frame
from netcode.records import build_record, dumps
from netcode.store import Store, TableRecord

if TYPE_CHECKING:
    from engine.bots import Bot

log = logging.getLogger(__name__)

RECENT_MOVES = 30
"""Moves whose public events a session's first view at a table carries (``recent``): a
player back from a dropped connection, or a spectator arriving, sees what just happened
in the table's log instead of an empty one. Events are the same for every seat, so this
shows nobody anything they would not have seen had they been there. A table restored after
a restart rebuilds them from its log (``replayed``)."""
RECENT_CHAT = 20
"""Chat lines a session arriving at a table is sent after its first view: a player back
from a dropped connection had lost what was said (play-test)."""
DEAL_PAUSE = 5
"""At a racing pace (below `PEOPLE_PACE`), a bot that starts the next deal while people
sit at the table waits this many of its paces."""
READY_WAIT = 60.0
"""At a pace people follow, a bot that deals next waits for every person seated here to
say they are ready (n), or this many seconds: a fixed pause of a few seconds took the
deal's end (the last melds, the hands, the score sheet) away before anyone had read it
(play-tests)."""
PEOPLE_PACE = 0.1
"""Paces below this are for bots racing (tests, benchmarks), which nobody reads."""


def replayed(record: TableRecord) -> tuple[engine.Game, list[dict[str, Any]]]:
    """A stored table's game rebuilt from its log (``engine.replay``), and its last moves'
    events as a table keeps them: after a restart, people coming back still find the last
    moves in the log."""
    recent: deque[dict[str, Any]] = deque(maxlen=RECENT_MOVES)
    seqs = itertools.count(1)  # the log's length after each action

    def keep(seat: int, events: list[dict[str, Any]]) -> None:
        recent.append({"seq": next(seqs), "seat": seat, "events": events})

    game = engine.replay(record.game, record.seats, record.seed, record.options, record.log,
                         on_events=keep)
    return game, list(recent)


SEED_BITS = 128
"""Deal seeds come from the OS's cryptographic randomness: with 31 bits, a player could
search every seed for the one that deals their own 13 cards, and then know every hand."""


def new_seed() -> int:
    return secrets.randbits(SEED_BITS)


def bot_seed(table_seed: int, seat: int, round_no: int) -> int:
    """A bot's own randomness, fixed by the table but one-way: its play gives the seed away
    no more than its cards do."""
    digest = hashlib.sha256(f"bot:{table_seed}:{seat}:{round_no}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


TABLE_SETTINGS: dict[str, Any] = {"clock": False, "clock_limit": 0, "take_back": False,
                                  "bot_level": "basic", "bot_pace_ms": 0, "absent": "wait",
                                  "absent_grace": 60}
"""The host's own options for a table (the game's are the engine's)."""
BOT_LEVELS = ("basic", "random", "search")
"""The bot levels a table offers (``engine.bots.make_bot`` kinds), the default first."""
ABSENT_POLICIES = ("wait", "bot")
TABLE_SETTINGS_CHOICES: dict[str, list[str]] = {"bot_level": list(BOT_LEVELS),
                                                "absent": list(ABSENT_POLICIES)}
"""The table options that take one of a few words, and those words, the default first:
the host checks `create` against them and lists them for the form, which names them when
a person types another ("at most 8 characters" said nothing useful, play-test)."""
TABLE_SETTINGS_HELP: dict[str, str] = {
    "clock": "Show everyone how long the player on turn has been thinking.",
    "clock_limit": "Seconds a player may think (0: no limit); warned at three quarters, "
                   "the table is told when it runs out.",
    "take_back": "A player may take back their own melds and lay-offs of this turn until "
                 "their turn ends or they see a new card.",
    "bot_level": "The level of a bot covering for someone away (b asks each added bot's "
                 "level): basic (a sensible player), random (any legal move) or "
                 "search (thinks ahead for a fifth of a second a move).",
    "bot_pace_ms": "Milliseconds a bot waits before each move, so people can follow the "
                   "play (0: the host's pace).",
    "absent": "When a seated person drops or their turn clock runs out: wait for them, or "
              "bot (a bot of the bot level plays their seat until they are back).",
    "absent_grace": "Seconds a dropped person's seat waits before a bot covers it.",
}


class NotSaved(Exception):
    """The log write failed, so the action was taken back: a table and its log never differ."""


class Member(Protocol):
    """What a table needs of a session: somewhere to put frames."""

    user_id: str
    name: str

    def put(self, frame: bytes, replace_key: str | None = None) -> None: ...


@dataclass(slots=True)
class Occupant:
    """Who holds a seat: a user (present or away), a bot, or nobody."""

    user_id: str | None = None
    name: str | None = None
    bot: str | None = None

    @property
    def free(self) -> bool:
        return self.user_id is None and self.bot is None


@dataclass(slots=True)
class _Item:
    kind: str
    member: Member | None = None
    seat: int | None = None
    action: dict[str, Any] | None = None
    ref: int | None = None
    token: int = 0
    said: int = 0
    """(sync) The chat lines said when the member came: later ones reached it live."""
    done: asyncio.Future[None] | None = field(default=None)


class Table:
    """A table: its game, its seats, its watchers and its writer task."""

    def __init__(
        self,
        table_id: int,
        game_name: str,
        seats: int,
        seed: int,
        options: dict[str, Any],
        game: Any,
        store: Store,
        *,
        round_no: int = 1,
        creator: str | None = None,
        settings: dict[str, Any] | None = None,
        bot_delay: float = 1.0,
        open_hands: bool = False,
        on_change: Callable[[Table], None] | None = None,
    ) -> None:
        self.id = table_id
        self.game_name = game_name
        self.seats = seats
        self.seed = seed
        self.options = options
        self.game = game
        self.round = round_no
        self.creator = creator
        self.creator_left = False
        """Its creator went back to the lobby from it (`Lobby._table_cap`)."""
        self.has_finished = False
        """A game of an earlier round was played to the end (`Store.last_finished`)."""
        self.settings = {**TABLE_SETTINGS, **(settings or {})}
        self.occupants = [Occupant() for _ in range(seats)]
        self.played = [Occupant() for _ in range(seats)]
        """Who last held each seat while this game was played: a finished game's record
        names its players after they have left the table."""
        self.watchers: dict[Member, int | None] = {}
        self._store = store
        self._bot_delay = bot_delay
        self._open_hands = open_hands
        self._bots: dict[int, Bot] = {}
        self._cover_bots: dict[int, Bot] = {}
        self._bot_pending: dict[int, int] = {}
        self.covering: dict[int, str] = {}
        """Seats of people who are away, and the level of the bot playing for each."""
        self.covered: dict[int, list[int]] = {}
        """Per seat, the deals in which a bot played it: covering for its person, or as the
        seat's own bot before a person sat down there (the score sheet says which deals a
        bot played for the person now in the seat; a seat a bot holds shows none)."""
        self._absence: dict[int, asyncio.TimerHandle] = {}
        self._stalled: set[int] = set()
        """Covered seats whose person is here but let the turn clock run out: they take
        the seat back by acting, not by coming back."""
        self._bot_tokens = itertools.count(1)
        self._queue: asyncio.Queue[_Item | None] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self._rotation = 0
        self._recent: deque[dict[str, Any]] = deque(maxlen=RECENT_MOVES)
        """The last moves' public events, for a newcomer's first view (``RECENT_MOVES``)."""
        if not game.log and game.events:  # the first deal's start: no action made it, and
            # without it the log of deal 1 began with no word of the deal (play-test)
            self._recent.append({"seq": 0, "seat": None, "events": list(game.events)})
        self._chat: deque[tuple[int, int, str, str]] = deque(maxlen=RECENT_CHAT)
        """The last chat lines (number, the table's seq when said, name, text): a
        newcomer's first view carries them among the last moves, in the order of both."""
        self._said = 0
        self._chat_writes: set[asyncio.Future[None]] = set()
        """Chat lines on their way to the database (kept until written)."""
        self._syncing: set[Member] = set()
        """Members whose first view is on its way: their chat comes after it, in order."""
        self._looked: dict[str, tuple[int, tuple[int, int]]] = {}
        """Per person, the seat whose cards they were shown in a deal under way, and that
        deal (round, deal number): `seat_looked_at`."""
        self._ready: set[int] = set()
        """Seats whose person has said they are ready for the next deal (between deals)."""
        self._covered_moves: set[int] = set()
        """Log indices of the moves a covering bot made for someone away: a take-back is
        the person's own move or none (play-test: back at the table, a person could take
        back the bot's lay-off)."""
        self._on_change = on_change
        self._unsaved = False
        """The last save failed (the host and the table's screens were told)."""
        self.over = bool(game.over)
        self.to_act: frozenset[int] = frozenset(game.to_act)
        self.waiting_for: frozenset[int] = frozenset(game.waiting_for)
        """The seats in `to_act` the game waits for (the clock times them alone)."""
        self._clock_turn: tuple[int, Any] = self._turn_of(game)
        """The deal and turn the clock started in (see `_publish`)."""
        self._spent: dict[frozenset[int], float] = {}
        """Seconds the seats timed so far in this turn have had (see `_publish`)."""
        self.seq = len(game.log)
        self.between_deals = game.hands_after_deal() is not None
        self.turn_since = time.monotonic()
        """Monotonic time since when the seats in ``to_act`` have had the move (the turn clock)."""
        self._time_up: asyncio.TimerHandle | None = None
        self.idle_since: float | None = asyncio.get_running_loop().time()
        """Loop time since when nobody has been at the table (None: someone is)."""

    # lifecycle
    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(
            self._run(), name=f"table-{self.id}"
        )
        self._turn_changed()
        self._cover_after_restart()
        self._schedule_bots()

    def _cover_after_restart(self) -> None:
        """A table restored after a restart has nobody at it yet. A bot that covered a
        seat in this deal covers it again at once; other people away get the grace from
        now. Until someone came back, a table whose people were all away stood still
        (play-test). Between deals the deal is over: a person who sat down after a bot
        had played their seat in it was covered at once (play-test)."""
        present = self._present_users()
        deal = 0 if self.between_deals else self._deal_number()
        for seat, occ in enumerate(self.occupants):
            if (occ.user_id is not None and occ.user_id not in present and deal
                    and deal in self.covered.get(seat, ()) and self.settings["absent"] == "bot"):
                self._cover(seat)
        self._check_absence()

    async def stop(self) -> None:
        if self._time_up is not None:
            self._time_up.cancel()
        if self._chat_writes:  # (a host stopping keeps what was said)
            await asyncio.gather(*self._chat_writes, return_exceptions=True)
        if self._task is None:
            return
        await self._queue.put(None)
        try:
            await asyncio.wait_for(self._task, 5)
        except (TimeoutError, asyncio.CancelledError):
            self._task.cancel()
        self._task = None

    # called from the lobby (on the loop); none of these touch the game
    @property
    def state(self) -> str:
        if self.over:
            return "over"
        if any(o.free for o in self.occupants):
            return "waiting"
        return "playing"

    def players(self) -> list[dict[str, Any]]:
        present = self._present_users()
        out = []
        for seat, occ in enumerate(self.occupants):
            player = {
                "seat": seat,
                "name": f"bot {seat}" if occ.bot else occ.name,
                "bot": occ.bot is not None,
                "present": occ.bot is not None or (occ.user_id in present),
            }
            if occ.bot:
                player["level"] = occ.bot
            if seat in self.covering:
                player["covered_by"] = self.covering[seat]
            elif seat in self._absence:  # away, and a bot covers once the grace is over
                player["cover_after"] = self.settings["absent_grace"]
            if self.covered.get(seat) and occ.bot is None:
                player["covered_deals"] = list(self.covered[seat])
            if seat in self._ready:
                player["ready"] = True
            out.append(player)
        return out

    def played_names(self) -> list[str]:
        """The name of who played each seat of this game, for its record."""
        return [f"bot {seat}" if occ.bot else occ.name or f"seat {seat}"
                for seat, occ in enumerate(self._played_occupants())]

    def played_covered(self) -> dict[int, list[int]]:
        """The deals a bot played for the person `played_names` names for a seat (a
        seat's own bot's deals are not a person's)."""
        return {seat: list(self.covered[seat])
                for seat, occ in enumerate(self._played_occupants())
                if occ.bot is None and self.covered.get(seat)}

    def _played_occupants(self) -> list[Occupant]:
        """Who played each seat of this game: who sat there as it was played, or who
        holds it now where nobody did."""
        return [now if played.free else played
                for played, now in zip(self.played, self.occupants, strict=True)]

    def _present_users(self) -> set[str]:
        return {m.user_id for m, seat in self.watchers.items() if seat is not None}

    def seat_of(self, user_id: str) -> int | None:
        for seat, occ in enumerate(self.occupants):
            if occ.user_id == user_id:
                return seat
        return None

    def remember(self, recent: list[dict[str, Any]],
                 chat: Sequence[tuple[int, int, str, str]] = ()) -> None:
        """The last moves' events of a table restored after a restart (``replayed``), and
        its last chat lines (``Store.load_tables``)."""
        self._recent.extend(recent)
        self._chat.extend(chat)
        if chat:
            self._said = max(self._said, chat[-1][0])

    def _keep_chat(self, number: int, seq: int, name: str, text: str) -> None:
        """The line goes to the database too, off the event loop; a line that cannot be
        kept (a full disk) is said all the same, and the host's log says why."""
        def write() -> None:
            try:
                self._store.add_chat(self.id, number, seq, name, text, RECENT_CHAT)
            except Exception:
                log.warning("table %s: a chat line could not be saved", self.id,
                            exc_info=True)

        task = asyncio.get_running_loop().run_in_executor(None, write)
        self._chat_writes.add(task)
        task.add_done_callback(self._chat_writes.discard)

    @property
    def seats_may_change(self) -> bool:
        """A bot may leave (or a seat change hands) only where no deal is under way."""
        return self.over or self.between_deals or self.seq == 0

    def has_person(self) -> bool:
        return any(occ.user_id is not None for occ in self.occupants)

    def attach(self, member: Member, seat: int | None) -> None:
        """Start sending this member frames; its first view comes from the table task."""
        self.watchers[member] = seat
        self.idle_since = None
        self.resend_view(member)
        self._presence_changed()

    def resend_view(self, member: Member) -> None:
        """This member's view with the table's last moves (its first at the table, or
        again for a screen that may have shown another's view: a seated player's screen
        split off a shared one, ``netcode/sharing.py``)."""
        if member in self.watchers:
            self._syncing.add(member)
            self._queue.put_nowait(_Item("sync", member=member, said=self._said))

    def detach(self, member: Member) -> None:
        self._syncing.discard(member)
        if member in self.watchers:
            del self.watchers[member]
            if not self.watchers:
                self.idle_since = asyncio.get_running_loop().time()
            self._presence_changed()

    def seat_looked_at(self, user_id: str) -> int | None:
        """The seat whose cards this person saw in the deal still under way. Before the
        first move a seat may be left freely, so without this a player could sit, read a
        hand, leave and sit elsewhere knowing it (play-test); they may sit only there
        until the deal is over."""
        looked = self._looked.get(user_id)
        if looked is None or self.between_deals or self.over \
                or looked[1] != (self.round, self.game.deal_number):
            return None
        return looked[0]

    def set_occupant(self, seat: int, occupant: Occupant) -> None:
        if occupant.user_id is not None and not (self.between_deals or self.over):
            self._looked[occupant.user_id] = (seat, (self.round, self.game.deal_number))
        self.occupants[seat] = occupant
        plays = not occupant.free and not self.over
        if plays:
            self.played[seat] = occupant
        self._store.set_seat(self.id, seat, occupant.user_id, occupant.bot, played=plays)
        self._bots.pop(seat, None)
        self._bot_pending.pop(seat, None)
        self._uncover(seat)
        if seat in self.to_act and not occupant.free:
            # The clock starts when someone takes a seat whose move is due: it ran while
            # the seat was free, and the person who sat down started out of time
            # (play-test).
            self._turn_changed()
        if occupant.bot is not None:
            self._schedule_bots()
        self._presence_changed()

    def submit(self, member: Member, seat: int | None, action: dict[str, Any],
               ref: int | None) -> None:
        """Queue an action from a session; the seat is the host's record, not the client's."""
        self._queue.put_nowait(_Item("action", member=member, seat=seat, action=action, ref=ref))

    def chat(self, name: str, text: str) -> None:
        """Relay one chat line to everyone at the table, players and spectators."""
        frame = server_frame("chat", table=self.id, name=name, text=text)
        self._said += 1
        self._chat.append((self._said, self.seq, name, text))
        self._keep_chat(self._said, self.seq, name, text)
        for member in list(self.watchers):
            if member not in self._syncing:  # (it has it after its first view)
                member.put(frame)

    def ready(self, member: Member, seat: int | None) -> None:
        self._queue.put_nowait(_Item("ready", member=member, seat=seat))

    def take_back(self, member: Member, seat: int | None) -> None:
        self._queue.put_nowait(_Item("take_back", member=member, seat=seat))

    def play_again(self, member: Member) -> None:
        self._queue.put_nowait(_Item("again", member=member))

    async def barrier(self) -> None:
        """Wait until everything queued so far has been handled (tests, shutdown)."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        await self._queue.put(_Item("barrier", done=done))
        await done

    # the writer task
    async def _run(self) -> None:
        while True:
            item = await self._queue.get()
            if item is None:
                return
            try:
                await self._handle(item)
            except Exception:
                log.exception("table %s: failed handling %s", self.id, item.kind)
                if item.member is not None:
                    item.member.put(error_frame("internal", "The host failed on that request."))
            finally:
                if item.done is not None and not item.done.done():
                    item.done.set_result(None)

    async def _handle(self, item: _Item) -> None:
        if item.kind == "action":
            await self._handle_action(item)
        elif item.kind == "bot":
            await self._handle_bot(item)
        elif item.kind == "sync":
            await self._handle_sync(item)
        elif item.kind == "again":
            await self._handle_again(item)
        elif item.kind == "take_back":
            await self._handle_take_back(item)
        elif item.kind == "ready":
            await self._handle_ready(item)
        elif item.kind == "presence":
            await self._publish(events=None, actor=None)

    async def _handle_action(self, item: _Item) -> None:
        member, seat, action = item.member, item.seat, item.action
        assert member is not None and action is not None
        if member not in self.watchers:
            return  # left before its action was handled
        if seat is None:
            member.put(error_frame("spectator", "Spectators cannot act.", ref=item.ref))
            return
        if seat in self.covering:  # the person acts again: the seat is theirs at once
            self._uncover(seat)
            self._queue.put_nowait(_Item("presence"))
        if seat not in self.game.to_act:
            member.put(error_frame("not_your_turn", "It is not your turn.", ref=item.ref))
            return
        try:
            events = await asyncio.to_thread(self._apply_and_log, seat, action)
        except EngineError as exc:
            code = "illegal" if isinstance(exc, engine.IllegalAction) else "invalid"
            member.put(error_frame(code, str(getattr(exc, "message", exc)),
                                   rule=getattr(exc, "rule", None), ref=item.ref))
            return
        except NotSaved as exc:
            member.put(error_frame("not_saved", str(exc), ref=item.ref))
            self._not_saved()
            return
        self._saved()
        member.put(server_frame("ack", table=self.id, ref=item.ref, seq=len(self.game.log)))
        await self._publish(events=events, actor=seat)

    async def _handle_bot(self, item: _Item) -> None:
        seat = item.seat
        assert seat is not None
        if self._bot_pending.get(seat) != item.token:
            return
        del self._bot_pending[seat]
        occ = self.occupants[seat]
        covering = occ.bot is None and seat in self.covering
        if (occ.bot is None and not covering) or self.game.over \
                or seat not in self.game.to_act:
            return
        if self.between_deals and self.bot_pace() == READY_WAIT:
            # The wait for everyone to be ready ran out: said, or the new deal came
            # unexplained (play-test).
            waited = [self.occupants[s].name or f"seat {s}" for s in self._not_ready()]
            self.chat("meldhall", f"A minute has passed without {' and '.join(waited)} "
                                  "saying ready: the next deal starts.")
        bots = self._cover_bots if covering else self._bots
        bot = bots.get(seat)
        if bot is None:
            from engine.bots import make_bot

            kind = self.covering[seat] if covering else occ.bot
            assert kind is not None
            bot = bots[seat] = make_bot(kind, bot_seed(self.seed, seat, self.round))

        def think_and_apply() -> list[dict[str, Any]]:
            view = self.game.view(seat)
            # The search level deals the unseen cards anew from the game (fairly: see
            # engine/search_bot.py); the others read the view only.
            action = (bot.act(view, self.game) if getattr(bot, "wants_game", False)
                      else bot.act(view))
            return self._apply_and_log(seat, action)

        try:
            events = await asyncio.to_thread(think_and_apply)
        except NotSaved:  # logged where it failed; the bot tries again after its delay
            self._not_saved()
            self._schedule_bots()
            return
        except Exception as exc:  # a bot's mistake must not stall the table: try again
            log.warning("table %s: bot at seat %s failed: %r", self.id, seat, exc)
            self._schedule_bots()
            return
        self._saved()
        if covering or self.occupants[seat].bot is not None:
            # (a seat's own bot too: a person who takes the seat over later did not play
            # those deals, and the sheet put them to their name, play-test)
            self._note_covered(seat)
        if covering:
            made = len(self.game.log) - 1
            self._covered_moves = {i for i in self._covered_moves if i > made - 64} | {made}
        await self._publish(events=events, actor=seat)

    async def _handle_sync(self, item: _Item) -> None:
        member = item.member
        if member is None or member not in self.watchers:
            return
        seat = self.watchers[member]
        # What was said before this screen came goes in its first view among the last
        # moves, each after the move it followed: sent after the view, it came below
        # newer moves in the log (play-test). What was said while that view was on its
        # way (a bot covering it "is back") follows as live lines.
        said = [{"seq": seq, "chat": {"name": name, "text": text}}
                for number, seq, name, text in self._chat if number <= item.said]
        moves = list(self._recent)
        recent = sorted(moves + said, key=lambda r: (r["seq"], "chat" in r)) if said \
            else moves  # (stable: each kind keeps its own order)
        frame = await asyncio.to_thread(self._view_frame, seat, self.players(), recent,
                                        self.ready_wait())
        # Not replaceable by a newer view: only this one carries the last moves. Queued
        # behind an App still starting (six people back at once), it was replaced by the
        # next move's view and their log came back empty (play-test). Later views queue
        # behind it and replace one another as usual.
        member.put(frame)
        for number, _seq, name, text in self._chat:
            if number > item.said:
                member.put(server_frame("chat", table=self.id, name=name, text=text))
        self._syncing.discard(member)  # (no await since the replay: nothing said between)

    async def _handle_ready(self, item: _Item) -> None:
        """A person says the next deal may start: a bot that deals it waits for all of them
        (`READY_WAIT`); a person who deals it deals it themself."""
        member, seat = item.member, item.seat
        assert member is not None
        if member not in self.watchers:
            return
        if seat is None:
            member.put(error_frame("spectator", "Spectators cannot start the next deal."))
            return
        back = seat in self.covering
        if back:
            # Here and saying so: a person whose clock ran out, still connected, plays
            # their seat again (play-test: only a move made before the bot's, on their
            # own turn, gave it back, and nothing said so).
            self._uncover(seat)
            await self._publish(events=None, actor=None)
        if not self.between_deals or self.over:
            if not back:
                member.put(error_frame("not_now",
                                       "There is no next deal to be ready for now."))
            return
        if seat in self._ready:
            return
        self._ready.add(seat)
        self._deal_when_ready()
        await self._publish(events=None, actor=None)

    def _not_ready(self) -> list[int]:
        """The seats of the people here, playing for themselves, not yet ready."""
        present = self._present_users()
        return [seat for seat, occ in enumerate(self.occupants)
                if occ.user_id is not None and occ.user_id in present
                and seat not in self.covering and seat not in self._ready]

    def _all_ready(self) -> bool:
        return not self._not_ready()

    def _waits_for_ready(self) -> bool:
        """Between deals at a people's pace, with people seated, a bot that deals next
        waits until everyone here is ready (`READY_WAIT`)."""
        pace = self.settings["bot_pace_ms"] / 1000 or self._bot_delay
        return self.between_deals and not self.over and self.has_person() \
            and pace >= PEOPLE_PACE

    def ready_wait(self) -> list[int] | None:
        """Where a bot deals next (or a bot covering someone away) and waits for the
        people here: the seats it still waits for (empty once all are ready); None where
        a person deals or the bots do not wait. Sent in the view frames, so each screen
        says whom the table waits for exactly as the host does."""
        dealers = self.to_act
        if not self._waits_for_ready() or not dealers or not all(
                self.occupants[s].bot is not None or s in self.covering for s in dealers):
            return None
        return self._not_ready()

    def _deal_when_ready(self) -> None:
        """Once everyone here is ready, a bot waiting to deal does so at its pace."""
        if self.between_deals and not self.over and self._all_ready():
            for seat in self.to_act:
                self._bot_pending.pop(seat, None)  # its timer comes to nothing
            self._schedule_bots()

    async def _handle_take_back(self, item: _Item) -> None:
        """The engine says whether the seat's last meld or lay-off may go, and gives the
        game without it; the log loses the action in the same step, or nothing changes."""
        member, seat = item.member, item.seat
        assert member is not None
        if not self.settings["take_back"]:
            member.put(error_frame("no_take_back", "This table does not allow take-backs."))
            return
        if seat is None:
            member.put(error_frame("spectator", "Spectators cannot take anything back."))
            return
        if len(self.game.log) - 1 in self._covered_moves:
            member.put(error_frame("not_yours", "A bot made that move while you were away; "
                                                "you can take back only your own moves."))
            return

        def undo() -> list[dict[str, Any]]:
            game, events = engine.take_back(self.game, seat)
            self._store.drop_last_action(self.id, len(self.game.log) - 1)
            self.game = game
            return events

        try:
            events = await asyncio.to_thread(undo)
        except EngineError as exc:
            member.put(error_frame("illegal", str(getattr(exc, "message", exc)),
                                   rule=getattr(exc, "rule", None)))
            return
        except Exception as exc:
            log.error("table %s: could not take back: %r", self.id, exc)
            member.put(error_frame("not_saved", "The host could not save the take-back, so "
                                                 "nothing changed."))
            return
        # The log of the last moves, for someone arriving, is the moves that stand, as
        # after a restart (rebuilt from the stored log): kept, the meld taken back came
        # after "took back a meld" (the two share a seq) and read as standing (play-test).
        while self._recent and self._recent[-1]["seq"] > len(self.game.log):
            self._recent.pop()
        await self._publish(events=events, actor=seat, remembered=False)

    async def _handle_again(self, item: _Item) -> None:
        if not self.game.over:
            if item.member is not None:
                item.member.put(error_frame("not_over", "This game is still being played."))
            return
        seed = new_seed()

        names, covered = self.played_names(), self.played_covered()

        def fresh() -> Any:
            game = engine.create_game(self.game_name, self.seats, seed, self.options)
            # The game that ended stays as its record: play again took it away from the
            # export and the replay (play-test).
            finished = build_record(self.game_name, self.seats, self.seed, self.options,
                                    self.game.log, names, table=self.id, round_no=self.round,
                                    covered=covered)
            self.round = self._store.new_round(self.id, seed, (self.round, dumps(finished)))
            return game

        self.game = await asyncio.to_thread(fresh)
        self.seed = seed
        self.played = list(self.occupants)  # (as `Store.new_round` keeps it)
        self.has_finished = True
        self._covered_moves.clear()  # (the new game's log starts again at 0)
        self._bots.clear()
        self._cover_bots.clear()
        self.covered.clear()
        # The last moves a newcomer is shown are this game's: the ones of the game before
        # came back to a player reconnecting after play again, naming melds by ids the new
        # game gave to others (play-test). The lines said before go with that game.
        self._recent.clear()
        self._chat.clear()
        await self._publish(events=[{"type": "new_game", "round": self.round},
                                    *self.game.events], actor=None)

    # worker-thread side: only ever called from this table's task via to_thread
    def _apply_and_log(self, seat: int, action: dict[str, Any]) -> list[dict[str, Any]]:
        """Apply and commit as one step: if the log cannot be written, the game is put back
        as it was (rebuilt from the log without the action, a rare path) and NotSaved says why.
        """
        events = self.game.apply(seat, action)
        logged_seat, logged_action = self.game.log[-1]
        try:
            self._store.append_action(self.id, len(self.game.log) - 1, logged_seat,
                                      logged_action)
        except Exception as exc:
            if not self._unsaved:  # once per outage: a bot retries every few seconds
                log.error("table %s: cannot save moves (%r); it waits until the data "
                          "directory takes them again", self.id, exc)
            self.game = engine.replay(self.game_name, self.seats, self.seed, self.options,
                                      list(self.game.log[:-1]))
            raise NotSaved("The host could not save that move, so it was not made "
                           "(the host's disk may be full or read-only).") from None
        return list(events)

    def _view_frame(self, seat: int | None, players: list[dict[str, Any]],
                    recent: list[dict[str, Any]] | None = None,
                    wait: list[int] | None = None) -> bytes:
        # (`recent` even when empty: a screen logs the moves told to it once it has it)
        extra: dict[str, Any] = {"recent": recent} if recent is not None else {}
        if wait is not None:
            extra["ready_wait"] = wait
        if seat is None and self._open_hands:
            # The engine says when the deal is over; until then it gives None, and a
            # spectator's frames never carry a hand card.
            hands = self.game.hands_after_deal()
            if hands is not None:
                extra["open_hands"] = hands
        if seat is not None and self.settings["take_back"]:
            extra["take_back"] = engine.may_take_back(self.game, seat) \
                and len(self.game.log) - 1 not in self._covered_moves
        named = {p["seat"] for p in players if p["name"]}
        thinking = named & self.game.waiting_for
        if self.between_deals:  # people read the sheet untimed; a bot dealing on thinks
            thinking = {s for s in thinking if self.occupants[s].user_id is None}
        if self.settings["clock"] and not self.game.over and wait is None and thinking:
            # Only while someone is thinking: not a free seat's turn, nor a bot dealing
            # next that waits for people to be ready ("seat 1 thinking 0:08", "bot 1
            # thinking" after the deal, play-test).
            limit = self.settings["clock_limit"]
            extra["clock"] = {"elapsed": round(time.monotonic() - self.turn_since, 1),
                              "limit": limit or None, "seats": sorted(thinking)}
        return server_frame(
            "view",
            table=self.id,
            seq=len(self.game.log),
            round=self.round,
            seat=seat,
            over=bool(self.game.over),
            players=players,
            view=self.game.view(seat),
            **extra,
        )

    def _render(self, seats: set[int | None], players: list[dict[str, Any]],
                wait: list[int] | None) -> dict[int | None, bytes]:
        return {seat: self._view_frame(seat, players, None, wait) for seat in seats}

    async def _publish(self, events: list[dict[str, Any]] | None, actor: int | None,
                       remembered: bool = True) -> None:
        """Every screen at the table gets its view, after the action's events; the events
        join the last moves a newcomer is shown unless not `remembered`."""
        self.over = bool(self.game.over)
        self.to_act = frozenset(self.game.to_act)
        waiting_for = frozenset(self.game.waiting_for)
        # The clock starts again when the seats it times change, or the turn passes with
        # the same seat to act (Skarney's next player answers the offer, then plays: the
        # clock ran on from the question into the turn, play-test); not when a frozen seat
        # may act or no longer may: that is its hidden hand's to know, and the turn
        # player's clock went back to 0:00 with it. Within one turn, seats asked a
        # question (a partner's "may I go out?") have their own time, and the turn's
        # player goes on from theirs: asking bought a fresh minute (play-test).
        turn = self._turn_of(self.game)
        if waiting_for != self.waiting_for or turn != self._clock_turn:
            if turn == self._clock_turn:
                self._spent[self.waiting_for] = time.monotonic() - self.turn_since
            else:
                self._spent = {}
            self.waiting_for = waiting_for
            self._clock_turn = turn
            self._turn_changed(self._spent.get(waiting_for, 0.0))
        self.seq = len(self.game.log)
        self.between_deals = self.game.hands_after_deal() is not None
        if not self.between_deals:
            self._ready.clear()
        members = list(self.watchers.items())
        players = self.players()
        frames = await asyncio.to_thread(self._render, {s for _, s in members}, players,
                                         self.ready_wait())
        event_frame = None
        if events is not None:
            # A bot covering the seat made the move: the log says so ("cy answered yes."
            # was a bot's answer, play-test).
            by_bot = {"bot": True} if actor in self.covering else {}
            event_frame = server_frame(
                "events", table=self.id, seq=self.seq, seat=actor, events=events, **by_bot
            )
            if remembered:
                self._recent.append({**self._remembered(actor, events, players), **by_bot})
        if members:
            self._rotation = (self._rotation + 1) % len(members)
            members = members[self._rotation :] + members[: self._rotation]
        for member, seat in members:
            if member not in self.watchers:
                continue
            if event_frame is not None:
                member.put(event_frame)
            member.put(frames[seat], replace_key=f"view:{self.id}")
        self._schedule_bots()
        if self._on_change is not None:
            self._on_change(self)

    def _remembered(self, actor: int | None, events: list[dict[str, Any]],
                    players: list[dict[str, Any]]) -> dict[str, Any]:
        """A move as a newcomer's log shows it: with who sat where then (a person who took
        a seat since was named for the moves of the one before, play-test) and the melds
        its lay-offs went onto (once the deal was over they were gone from the view, and
        the log said "laid off 7♠." where it had said "onto the 7s")."""
        item: dict[str, Any] = {"seq": self.seq, "seat": actor, "events": events,
                                "names": [p["name"] for p in players]}
        onto = {e.get("meld") for e in events if e.get("type") == "laid_off"}
        if onto:
            item["melds"] = [m for m in self.game.view(None)["melds"] if m["id"] in onto]
        return item

    # the turn clock
    @staticmethod
    def _turn_of(game: engine.Game) -> tuple[int, Any]:
        """The deal and whose turn it is, as the public view says (the contract's way)."""
        return game.deal_number, game.view(None).get("turn")

    def _turn_changed(self, spent: float = 0.0) -> None:
        """A new move is due: the clock starts again (from the `spent` seconds the seats
        had already this turn), and so does the limit's timer."""
        loop = asyncio.get_running_loop()
        self.turn_since = time.monotonic() - spent
        if self._time_up is not None:
            self._time_up.cancel()
            self._time_up = None
        limit = self.settings["clock_limit"]
        if self.settings["clock"] and limit and not self.game.over:
            self._time_up = loop.call_later(max(0.0, limit - spent), self._clock_ran_out)

    def _clock_ran_out(self) -> None:
        """The seats to act have had their turn's time (the clock on the screens, which
        counts the whole turn: a move within it does not start it again). The table is
        told; where the absent policy is a bot, one plays for them until they act. (A
        move in the turn cancelled this, and a person who had drawn was never timed out
        though the clock said "time is up", play-test.) A new turn cancels the timer."""
        self._time_up = None
        if self.over or self.between_deals:
            return  # (between deals people read the sheet: nobody's seat goes to a bot)
        # The clock times people: a free seat has nobody to time (the clock starts when
        # someone sits), and a bot, covering or not, keeps the table's pace ("Time is up
        # for bot 1." was said at a table whose bots were paced slower than its clock).
        # (Only seats the game waits for: a seat that may act if it wishes is not late.)
        timed = [s for s in sorted(self.waiting_for)
                 if self.occupants[s].user_id is not None and s not in self.covering]
        names = [self.occupants[s].name or f"seat {s}" for s in timed]
        if not names:
            return
        if self.settings["absent"] != "bot":
            self.chat("meldhall", f"Time is up for {' and '.join(names)}; the table waits.")
            return
        self.chat("meldhall", f"Time is up for {' and '.join(names)}.")
        for seat in timed:
            self._stalled.add(seat)
            self._cover(seat)

    # bots
    def bot_pace(self) -> float:
        """Seconds a bot waits before its move: the table's pace, or the host's; longer
        for the next deal while people sit at the table (`DEAL_PAUSE`)."""
        pace = self.settings["bot_pace_ms"] / 1000 or self._bot_delay
        if not (self.between_deals and self.has_person()):
            return pace
        if not self._waits_for_ready():
            return pace * DEAL_PAUSE
        return pace if self._all_ready() else READY_WAIT

    def _schedule_bots(self) -> None:
        # Reads the cached to_act/over: this also runs on the loop while a worker
        # thread may be applying an action to the game.
        if self._task is None or self.over:
            return
        loop = asyncio.get_running_loop()
        pace = self.bot_pace()
        for seat in sorted(self.to_act):
            if seat in self._bot_pending or (
                    self.occupants[seat].bot is None and seat not in self.covering):
                continue
            token = next(self._bot_tokens)
            self._bot_pending[seat] = token
            loop.call_later(pace, self._queue.put_nowait,
                            _Item("bot", seat=seat, token=token))

    # the disk
    def _not_saved(self) -> None:
        """Say once, to everyone at the table, why the game stopped (the actor also got
        its own refusal): a spectator's screen would otherwise just stand still."""
        if not self._unsaved:
            self._unsaved = True
            self.chat("host", "Moves cannot be saved (the host's disk may be full or "
                              "read-only), so none is made: the game waits until they can.")

    def _saved(self) -> None:
        if self._unsaved:
            self._unsaved = False
            log.warning("table %s: moves are saved again", self.id)
            self.chat("host", "Moves are saved again: play on.")

    def _presence_changed(self) -> None:
        self._check_absence()
        self._deal_when_ready()  # the one person not ready may just have left
        self._queue.put_nowait(_Item("presence"))
        if self._on_change is not None:
            self._on_change(self)

    # absent players (the ``absent`` setting)
    def _check_absence(self) -> None:
        """A person back at their seat takes it back at once; a seat whose person is away
        is covered by a bot once ``absent_grace`` has passed (if the table says so)."""
        present = self._present_users()
        loop = asyncio.get_running_loop()
        for seat, occ in enumerate(self.occupants):
            away = occ.user_id is not None and occ.user_id not in present
            if not away:
                if seat not in self._stalled:
                    self._uncover(seat)
                continue
            self._stalled.discard(seat)  # timed out, then gone: coming back ends it
            if (self.settings["absent"] == "bot" and seat not in self.covering
                    and seat not in self._absence and not self.over):
                self._absence[seat] = loop.call_later(
                    self.settings["absent_grace"], self._cover, seat, occ.user_id)

    def _cover(self, seat: int, user_id: str | None = None) -> None:
        self._absence.pop(seat, None)
        occ = self.occupants[seat]
        if self.over or occ.user_id is None or seat in self.covering or (
                user_id is not None and occ.user_id != user_id):
            return
        level = self.settings["bot_level"]
        self.covering[seat] = level
        self.chat("meldhall", f"A {level} bot plays for {occ.name or f'seat {seat}'} "
                              "until they are back.")
        self._queue.put_nowait(_Item("presence"))
        if self._on_change is not None:
            self._on_change(self)
        self._schedule_bots()

    def _uncover(self, seat: int) -> None:
        self._stalled.discard(seat)
        timer = self._absence.pop(seat, None)
        if timer is not None:
            timer.cancel()
        if self.covering.pop(seat, None) is not None:
            self._cover_bots.pop(seat, None)
            self._bot_pending.pop(seat, None)
            occupant = self.occupants[seat]
            if occupant.user_id is not None:  # (not a seat just freed: "seat 0 is back")
                name = occupant.name or f"seat {seat}"
                self.chat("meldhall", f"{name} is back and plays their own seat again.")
            if seat in self.to_act:
                # Back in the middle of their move: their clock starts again (it said
                # "time is up" to the end of the turn, and ran out no more: play-test).
                self._turn_changed()

    def _deal_number(self) -> int:
        return int(getattr(self.game, "deal_number", 0) or 0)

    def _note_covered(self, seat: int) -> None:
        deal = self._deal_number()
        deals = self.covered.setdefault(seat, [])
        if deal and deal not in deals:
            deals.append(deal)
            self._store.set_covered(self.id, seat, deals)
