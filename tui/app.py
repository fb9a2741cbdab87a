"""The minimal screen: a lobby and a table view with a command line.

Good enough to prove the path from an SSH session to a table; the real table
screens replace it (issue 4). It renders what the host sends and forwards what
the player types. It never decides whether a move is legal: the engine's refusal
comes back as an ``error`` message and is shown as it is.
"""

from __future__ import annotations

import json
import shlex
from typing import Any

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widgets import Footer, Input, Static

from tui.link import Link

HELP_LOBBY = (
    "new GAME SEATS [opt=value ...] | sit TABLE [SEAT] | watch TABLE | list"
)
HELP_TABLE = (
    "draw | discard CARD | meld CARDS [/ CARDS ...] | layoff MELD CARDS | take CARDS | "
    "next | bot [SEAT] | unbot SEAT | again | leave | {json action}"
)


class HostMessage(Message):
    """One decoded message from the host, delivered into the App's queue."""

    def __init__(self, payload: dict[str, Any]) -> None:
        super().__init__()
        self.payload = payload


class CommandError(ValueError):
    """The typed command could not be turned into a message."""


def _card_ids(tokens: list[str], hand: list[dict[str, Any]]) -> list[int]:
    """Card ids from ids or codes (``7H``, ``10S``/``TS``); each hand card used once."""
    pool = list(hand)
    ids: list[int] = []
    for token in tokens:
        if token.isdigit():
            ids.append(int(token))
            continue
        code = token.upper().replace("T", "10") if token.upper() != "JK" else "JK"
        match = next((card for card in pool if card["code"] == code), None)
        if match is None:
            raise CommandError(f"No {token} in your hand.")
        pool.remove(match)
        ids.append(match["id"])
    return ids


def parse_command(text: str, view: dict[str, Any] | None) -> dict[str, Any]:
    """Turn a typed line into one client message."""
    text = text.strip()
    if text.startswith("{"):
        try:
            action = json.loads(text)
        except json.JSONDecodeError as exc:
            raise CommandError(f"Bad JSON: {exc.msg}.") from None
        return {"t": "action", "action": action}
    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    if not words:
        raise CommandError("Type a command.")
    verb, args = words[0].lower(), words[1:]
    hand = (view or {}).get("hand", [])
    nums = [int(a) for a in args if a.lstrip("-").isdigit()]
    if verb == "list":
        return {"t": "list"}
    if verb == "new" and len(args) >= 2 and args[1].isdigit():
        options: dict[str, Any] = {}
        for pair in args[2:]:
            key, _, value = pair.partition("=")
            options[key] = json.loads(value) if value[:1] in "0123456789-tf[{\"" else value
        return {"t": "create", "game": args[0], "seats": int(args[1]), "options": options}
    if verb == "sit" and nums:
        return {"t": "sit", "table": nums[0], "seat": nums[1] if len(nums) > 1 else None}
    if verb == "watch" and nums:
        return {"t": "watch", "table": nums[0]}
    if verb == "leave":
        return {"t": "leave"}
    if verb == "again":
        return {"t": "again"}
    if verb == "bot":
        return {"t": "add_bot", "seat": nums[0] if nums else None}
    if verb == "unbot" and nums:
        return {"t": "remove_bot", "seat": nums[0]}
    if verb == "draw":
        return {"t": "action", "action": {"type": "draw"}}
    if verb == "next":
        return {"t": "action", "action": {"type": "next_deal"}}
    if verb == "discard" and len(args) == 1:
        return {"t": "action", "action": {"type": "discard", "card": _card_ids(args, hand)[0]}}
    if verb == "meld" and args:
        groups = " ".join(args).split("/")
        melds = [_card_ids(group.split(), hand) for group in groups if group.split()]
        return {"t": "action", "action": {"type": "meld", "melds": melds}}
    if verb == "layoff" and len(args) >= 2 and args[0].isdigit():
        return {"t": "action", "action": {"type": "lay_off", "meld": int(args[0]),
                                           "cards": _card_ids(args[1:], hand)}}
    if verb == "take":
        return {"t": "action", "action": {"type": "take_pile", "cards": _card_ids(args, hand)}}
    raise CommandError(f"Unknown command: {text}")


def render_lobby(name: str, lobby: dict[str, Any] | None, code: str | None) -> str:
    lines = [f"meldhall lobby    user: {name}"]
    if code:
        lines.append(f"your reclaim code: {code}   (reconnect as {name}+{code})")
    lines.append("")
    tables = (lobby or {}).get("tables", [])
    if not tables:
        lines.append("No tables yet.")
    for table in tables:
        seated = ", ".join(
            f"{p['seat']}:{p['name'] or '-'}{'' if p['present'] else ' (away)'}"
            for p in table["players"]
        )
        lines.append(
            f"table {table['id']}  {table['title']}  {table['seats']} seats  "
            f"{table['state']}  watching {table['spectators']}  [{seated}]"
        )
    lines.append("")
    for game in (lobby or {}).get("games", []):
        seats = "/".join(str(s) for s in game["seats"])
        lines.append(f"game {game['name']}: {game['title']} ({seats} seats)")
    lines.append("")
    lines.append(HELP_LOBBY)
    return "\n".join(lines)


def _cards(cards: list[dict[str, Any]]) -> str:
    return " ".join(f"{c['code']}#{c['id']}" for c in cards) or "-"


def render_table(message: dict[str, Any], events: list[str]) -> str:
    view = message["view"]
    seat = message.get("seat")
    names = {p["seat"]: p for p in message.get("players", [])}

    def who(s: int) -> str:
        player = names.get(s)
        label = (player or {}).get("name") or f"seat {s}"
        away = player is not None and not player["present"] and not player["bot"]
        return f"{label}{' (away)' if away else ''}"

    role = "watching" if seat is None else f"seat {seat}"
    to_act = ", ".join(who(s) for s in view.get("to_act", [])) or "nobody"
    lines = [
        f"table {message['table']}  {view.get('game')}  deal {view.get('deal_number')}  "
        f"phase {view.get('phase')}  you: {role}",
        f"to act: {to_act}" + ("   GAME OVER" if message.get("over") else ""),
        "players: " + "  ".join(f"{s}:{who(s)}" for s in sorted(names)),
    ]
    discard = view.get("discard") or {}
    top = discard.get("top")
    lines.append(
        f"discard top: {top['code'] if top else '-'}  pile {discard.get('size', 0)}"
        f"{'  frozen' if discard.get('frozen') else ''}   stock {view.get('stock')}"
    )
    counts = view.get("counts", {})
    lines.append("holdings: " + "  ".join(
        f"{s}:{'/'.join(f'{k} {v}' for k, v in sorted(c.items()))}"
        if isinstance(c, dict) else f"{s}:{c}" for s, c in sorted(counts.items())
    ))
    lines.append("")
    if seat is not None:
        lines.append(f"your hand: {_cards(view.get('hand', []))}")
    lines.append("melds:")
    for meld in view.get("melds", []):
        lines.append(
            f"  #{meld.get('id')} team {meld.get('team')} {meld.get('kind', '')}"
            f"{' complete' if meld.get('complete') else ''}: {_cards(meld.get('cards', []))}"
        )
    totals = view.get("totals")
    if totals:
        lines.append("totals: " + "  ".join(f"team {t}: {v}" for t, v in sorted(totals.items())))
    lines.append("")
    lines.extend(events[-6:])
    lines.append("")
    lines.append(HELP_TABLE)
    return "\n".join(lines)


class MeldhallApp(App[int]):
    """One player's screen; everything it knows arrives through its link."""

    CSS = """
    #body { height: 1fr; padding: 0 1; }
    #status { height: 1; padding: 0 1; color: $warning; }
    #command { dock: bottom; }
    """
    BINDINGS = [
        Binding("ctrl+c", "quit", "Quit", priority=True),
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
    ]
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, link: Link) -> None:
        super().__init__()
        self.link = link
        self.view_message: dict[str, Any] | None = None
        self.lobby: dict[str, Any] | None = None
        self.code: str | None = None
        self.events: list[str] = []

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="body"):
            yield Static(render_lobby(self.link.name, None, None), id="content", markup=False)
        yield Static("", id="status", markup=False)
        yield Input(placeholder="command (see the list above)", id="command")
        yield Footer()

    def on_mount(self) -> None:
        self.link.start(lambda payload: self.post_message(HostMessage(payload)))
        self.query_one("#command", Input).focus()

    def on_host_message(self, message: HostMessage) -> None:
        payload = message.payload
        tag = payload.get("t")
        if tag == "welcome":
            self.code = payload.get("code")
        elif tag == "lobby":
            self.lobby = payload
        elif tag == "view":
            self.view_message = payload
        elif tag == "events":
            self.events.extend(
                f"seat {payload.get('seat')}: " + ", ".join(
                    f"{k}={v}" for k, v in event.items()
                ) for event in payload.get("events", [])
            )
            del self.events[:-50]
            return
        elif tag == "left":
            self.view_message = None
        elif tag == "error":
            rule = f" [{payload['rule']}]" if payload.get("rule") else ""
            self._status(f"{payload.get('message')}{rule}")
            return
        elif tag == "bye":
            self.exit(0)
            return
        self._redraw()

    def _redraw(self) -> None:
        if self.view_message is not None:
            text = render_table(self.view_message, self.events)
        else:
            text = render_lobby(self.link.name, self.lobby, self.code)
        self.query_one("#content", Static).update(text)

    def _status(self, text: str) -> None:
        self.query_one("#status", Static).update(text)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.input.value = ""
        view = (self.view_message or {}).get("view")
        try:
            message = parse_command(event.value, view)
        except CommandError as exc:
            self._status(str(exc))
            return
        self._status("")
        self.link.send(message)

    def on_unmount(self) -> None:
        self.link.close()


def make_app(link: Link) -> MeldhallApp:
    """Build one session's App around its link (tests pass a fake link)."""
    return MeldhallApp(link)
