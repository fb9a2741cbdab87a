"""Screens: one running App and the terminals that show it, shared by alike spectators.

Laying out and rendering a screen is most of what the host spends per session and update
(``docs/scaling.md``). Spectators of one table get the same view; when they also have the
same terminal size, colour depth and display settings, and none of them has anything of
their own on the screen (a sheet, a dialog, typing), their screens are the same picture.
Such spectators share one ``AppScreen``: one App renders, and its output is written to
every one of their channels. Each channel keeps its own backpressure (a paused one drops
frames and is repainted in full when it reads again), so a slow client delays no one.

Sharing is for watching only. The moment a sharing session does anything that could make
its screen differ (any input, a resize) or is sent anything that is not the table's public
stream (a view for no seat, the table's events, its chat), it gets an App of its own,
built from the shared App's state, and leaves the group. The shared App belongs to the
group, not to a session: it keeps rendering while anyone is left, and it holds nobody's
identity (its name and reclaim code are cleared when it is first shared).

What a session sees while sharing: exactly what its own App would show, except that the
table's log may reach further back (the lines the group's App saw before it joined).
``meldhall serve --share-spectator-screens off`` gives every session its own App.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
from typing import TYPE_CHECKING, Any

from rich.color import ColorSystem

from netcode.driver import SSHDriver, release_dead_print_captures, session_console
from netcode.link import LocalLink
from netcode.records import RecordStepper
from netcode.session import Session
from tui.app import Resume, make_app
from tui.settings import Settings

if TYPE_CHECKING:
    from netcode.terminal import TerminalHandler

log = logging.getLogger(__name__)

REJOIN_AFTER = 10.0
"""Seconds after a session split off before it may share again: someone pressing keys
now and then should not pay for a new App on every press."""

STARTING_AT_ONCE = 4
"""Apps starting at once (``StartGate``). Measured with 64 people arriving at a room of 8
tables (`bench/README.md`): 4 let them all in as fast as no limit did (8.7-9.0 s against
9.5 s) while the tables played on; 2 let them in 15% slower, for no better latency."""

ShareKey = tuple[int, tuple[int, int], ColorSystem, Settings]


class StartGate:
    """How many Apps may be starting at once.

    An App's start (its CSS, its first compose and layout: most of a connection's cost
    on the host) is many short steps on the one event loop. When 64 people connect at
    once, 64 starts interleave with every table's updates, and a move waited behind
    hundreds of start steps to reach the screens at its table (`bench/host_load.py`:
    8 tables played 10 moves in the 9.5 s that a burst of 64 took to arrive, instead of
    about 70). Starts are CPU-bound, so letting only a few run at a time costs the burst
    nothing in total; a table's update then waits behind at most those few. A place at
    the gate is given back when the App has laid out its first screen
    (``MeldhallApp.on_started``) or has ended, whichever comes first."""

    def __init__(self, at_once: int) -> None:
        self.at_once = at_once
        self.busy = 0
        """Apps starting now (never more than ``at_once``)."""
        self._slots: asyncio.Semaphore | None = None

    async def enter(self) -> None:
        if self._slots is None:  # made on the host's loop, where it is used
            self._slots = asyncio.Semaphore(self.at_once)
        await self._slots.acquire()
        self.busy += 1

    def leave(self) -> None:
        assert self._slots is not None
        self.busy -= 1
        self._slots.release()


class AppScreen:
    """One App, its link and the terminals that show it (``netcode.driver.Terminal``).

    ``owner`` is the session's terminal whose identity the App holds; None once the screen
    has been shared (see the module docstring)."""

    live_apps = 0
    """Apps currently running (the churn test reads it)."""

    def __init__(self, share: ScreenShare | None, viewer: TerminalHandler, term_type: str,
                 render: frozenset[str], resume: Resume | None = None,
                 seen: list[tuple[bytes, dict[str, Any]]] | None = None) -> None:
        self.share = share
        self.viewers: list[TerminalHandler] = [viewer]
        self.owner: TerminalHandler | None = viewer
        self.size = viewer.size
        self.depth = viewer.depth
        self.driver: SSHDriver | None = None
        self.retired = False
        self.key: ShareKey | None = None
        """The key it is registered under with ``share`` (if it is)."""
        self._pending_input: list[str] = []
        self._held = resume is not None
        """Input waits until a resumed App shows the table (``MeldhallApp.on_resumed``)."""
        self.link = LocalLink(viewer.session.name, seen, guard=self._guard,
                               ended=self._session_ended)
        self.link.add(viewer.session)
        app = make_app(self.link, replayer=RecordStepper, shortcuts=render, resume=resume)
        app.driver_class = SSHDriver
        app.console = session_console(term_type, self.size)
        app._meldhall_terminal = self  # type: ignore[attr-defined]
        app.on_resumed = self._release_input
        if share is not None and share.enabled:
            # Later, and outside this App's context: joining touches other Apps (P8).
            app.on_watching = lambda: asyncio.get_running_loop().call_soon(
                share.watching, self, context=contextvars.Context())
        self.app: Any = app
        self._task = asyncio.get_running_loop().create_task(
            self._run(), name=f"app-{viewer.session.name}", context=contextvars.Context()
        )

    @property
    def shared(self) -> bool:
        return self.owner is None

    async def _run(self) -> None:
        AppScreen.live_apps += 1
        code = 0
        gate = self.share.starting if self.share is not None else None
        starting = False  # holding a place at the gate
        if gate is not None:
            def started() -> None:
                nonlocal starting
                if starting:
                    starting = False
                    gate.leave()

            self.app.on_started = started
        try:
            if gate is not None:
                await gate.enter()
                starting = True
            result = await self.app.run_async(size=self.size)
            code = int(result or 0)
        except Exception:
            log.exception("app for %s crashed", self.link.name)
            code = 1
        finally:
            if gate is not None:
                started()  # an App that ended before its first screen lets the next start
            AppScreen.live_apps -= 1
            restored = self.driver is not None and self.driver._restored
            viewers, self.viewers = self.viewers, []
            if self.share is not None:
                self.share.forget(self)
            self.link.close()
            for viewer in viewers:
                viewer.screen_ended(self, code, restored)
            self.app = None
            self.driver = None
            release_dead_print_captures()

    # Terminal protocol, used by SSHDriver
    def write_text(self, data: str) -> None:
        """The same bytes to every viewer, encoded once; each channel takes them or
        drops them (paused) on its own."""
        encoded = data.encode("utf-8")
        for viewer in self.viewers:
            viewer.write_bytes(encoded)

    def attach_driver(self, driver: SSHDriver) -> None:
        self.driver = driver
        if not self._held:
            self._release_input()

    def _release_input(self) -> None:
        self._held = False
        if self.driver is not None:
            for text in self._pending_input:
                self.driver.feed(text)
            self._pending_input.clear()

    # from the viewers' channels
    def feed(self, text: str) -> None:
        if self.driver is None or self._held:
            self._pending_input.append(text)
        else:
            self.driver.feed(text)

    def resize(self, width: int, height: int) -> None:
        self.size = (width, height)
        if self.driver is not None:
            self.driver.resize(width, height)

    def repaint(self) -> None:
        """Paint the whole screen again on the next frame (for every viewer)."""
        if self.app is not None:
            self.app.refresh()

    # the group
    def share_key(self) -> ShareKey | None:
        """What must be equal for two screens to be the same picture, or None if this
        one is not a plain watching screen."""
        app = self.app
        if app is None or self.retired or self.driver is None or not app.plain_watching():
            return None
        return (app.table_id, self.size, self.driver.colour_depth, app.settings)

    def join(self, viewer: TerminalHandler) -> None:
        """Another spectator sees this screen from now on: its terminal is cleared and
        this App paints its whole screen again (the others get the same picture twice)."""
        if self.owner is not None:  # first shared: keep the owner's identity with them
            self.owner.welcome = self.app.welcome
            self.app.call_later(self.app.forget_identity)
            self.owner = None
        self.viewers.append(viewer)
        self.link.add(viewer.session)
        viewer.screen = self
        viewer.write_text("\x1b[2J")
        self.repaint()

    def leave(self, viewer: TerminalHandler) -> None:
        """A viewer goes (elsewhere, or away); the last one out ends the App."""
        if viewer in self.viewers:
            self.viewers.remove(viewer)
        self.link.remove(viewer.session)
        if not self.viewers:
            self.retire()

    def retire(self) -> None:
        """End the App without a word to any terminal (its viewers went elsewhere)."""
        self.retired = True
        self.viewers = []
        for session in list(self.link.sessions):
            self.link.remove(session)
        if self.share is not None:
            self.share.forget(self)
        app = self.app
        if app is not None and app.is_running:
            app.exit(0)
        else:
            self._task.cancel()

    def _guard(self, session: Session, frame: bytes, message: dict[str, Any]) -> bool:
        """A shared screen shows only the table's public stream; anything else sent to
        one of its sessions (its own business) goes to an App of that session's own."""
        if not self.shared or self.share is None or (
                _public(message, self.app.table_id) and session.seat is None):
            return True
        viewer = next((v for v in self.viewers if v.session is session), None)
        if viewer is None:
            return True
        if message.get("t") == "bye":  # the session is over: no App needed to say so
            self.leave(viewer)
            viewer.finish(0)
            return False
        # Built outside this App's context: a new App must not see this one as active (P8).
        contextvars.Context().run(self.share.split, viewer, (frame, message))
        return False

    def _session_ended(self, session: Session) -> bool:
        """A session's outbox closed: on a screen of its own the App is told ``bye`` and
        ends; a sharing session just leaves, and the App goes on for the rest."""
        if not self.shared:
            return True
        viewer = next((v for v in self.viewers if v.session is session), None)
        if viewer is not None:
            self.leave(viewer)
            viewer.finish(0)
        return False


def _public(message: dict[str, Any], table_id: int | None) -> bool:
    """The table's stream every spectator gets alike: the spectators' view, the public
    events, the chat. Never a seat's view (a shared screen must show no hand card)."""
    tag = message.get("t")
    if message.get("table") != table_id:
        return False
    if tag == "view":
        return message.get("seat") is None
    return tag in ("events", "chat")


class ScreenShare:
    """The host's screens that spectators may share, by what makes screens alike."""

    def __init__(self, enabled: bool = True, starting_at_once: int = STARTING_AT_ONCE) -> None:
        self.enabled = enabled
        self.groups: dict[ShareKey, AppScreen] = {}
        self.starting = StartGate(starting_at_once)

    def shared_screens(self) -> list[AppScreen]:
        """Screens with more than one viewer (tests and the bench count them)."""
        return [s for s in self.groups.values() if len(s.viewers) > 1]

    def watching(self, screen: AppScreen) -> None:
        """A screen has just shown a view on the plain watching screen: join an alike
        screen if there is one, or be the one others join."""
        if screen.retired or len(screen.viewers) != 1:
            return
        viewer = screen.viewers[0]
        if viewer.since_split() < REJOIN_AFTER or viewer.session.seat is not None:
            return  # (a seated player's screen is theirs alone, whatever it shows now)
        key = screen.share_key()
        if key is None:
            return
        group = self.groups.get(key)
        if group is screen:
            return
        if group is None or group.share_key() != key:
            self.forget(screen)
            screen.key = key
            self.groups[key] = screen
            return
        if screen.owner is viewer:
            viewer.welcome = screen.app.welcome
        screen.leave(viewer)  # the last viewer: its App ends, quietly
        group.join(viewer)

    def split(self, viewer: TerminalHandler,
              first: tuple[bytes, dict[str, Any]] | None = None) -> None:
        """Give a viewer of a shared screen an App of its own, built from the shared App's
        state (and its own identity), before its input or its own message is handled."""
        screen = viewer.screen
        if not screen.shared or screen.app is None:
            return
        app = screen.app
        seen = list(screen.link.recent)
        handled = next((i for i, (_, m) in enumerate(seen) if m is app.last_payload), None)
        resume = app.snapshot(viewer.welcome)
        if handled is not None:
            resume.pending = [m for _, m in seen[handled + 1:]]
        if first is not None:
            resume.pending.append(first[1])
            seen.append(first)
        screen.leave(viewer)
        viewer.mark_split()
        viewer.screen = AppScreen(self, viewer, viewer.term_type, viewer.render,
                                  resume=resume, seen=seen)
        session = viewer.session
        if session.seat is not None and session.table is not None:
            # A seated player's screen starts from the spectators' picture: their own
            # view follows at once, not at the table's next move (play-test: a player
            # asked to answer an offer saw "you: watching" and the table waited on him).
            session.table.resend_view(session)

    def forget(self, screen: AppScreen) -> None:
        if screen.key is not None and self.groups.get(screen.key) is screen:
            del self.groups[screen.key]
        screen.key = None
