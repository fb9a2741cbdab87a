"""The minimal screen with a fake link: it renders what arrives and forwards what is typed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tui.app import CommandError, make_app, parse_command

VIEW = {
    "game": "hand_and_foot", "seat": 1, "deal_number": 1, "phase": "play", "to_act": [1],
    "hand": [{"id": 11, "code": "7H"}, {"id": 12, "code": "7S"}, {"id": 13, "code": "10D"}],
    "counts": {0: {"hand": 13, "foot": 13}, 1: {"hand": 3, "foot": 13}},
    "melds": [{"id": 4, "team": 0, "kind": "natural", "complete": False,
               "cards": [{"id": 20, "code": "8H"}]}],
    "discard": {"top": {"id": 9, "code": "KD"}, "size": 4, "frozen": False},
    "stock": 100, "totals": {0: 0, 1: 0},
}


class FakeLink:
    name = "tess"

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []
        self.deliver: Callable[[dict[str, Any]], None] | None = None
        self.closed = False

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    def start(self, on_frame: Callable[[dict[str, Any]], None]) -> None:
        self.deliver = on_frame

    def close(self) -> None:
        self.closed = True


def test_commands_become_messages() -> None:
    assert parse_command("draw", VIEW) == {"t": "action", "action": {"type": "draw"}}
    assert parse_command("discard 10d", VIEW)["action"] == {"type": "discard", "card": 13}
    assert parse_command("meld 7H 7S / 13", VIEW)["action"] == {
        "type": "meld", "melds": [[11, 12], [13]]}
    assert parse_command("layoff 4 7h", VIEW)["action"] == {
        "type": "lay_off", "meld": 4, "cards": [11]}
    assert parse_command("sit 3 2", None) == {"t": "sit", "table": 3, "seat": 2}
    assert parse_command("new hand_and_foot 4 deals=1", None) == {
        "t": "create", "game": "hand_and_foot", "seats": 4, "options": {"deals": 1}}
    with pytest.raises(CommandError):
        parse_command("discard 9C", VIEW)


async def test_screen_renders_the_view_and_sends_actions() -> None:
    link = FakeLink()
    app = make_app(link)
    async with app.run_test(size=(100, 30)) as pilot:
        assert link.deliver is not None
        link.deliver({"t": "view", "table": 2, "seq": 5, "round": 1, "seat": 1, "over": False,
                      "players": [{"seat": 0, "name": "ann", "bot": False, "present": False},
                                  {"seat": 1, "name": "tess", "bot": False, "present": True}],
                      "view": VIEW})
        await pilot.pause()
        text = str(app.query_one("#content").render())
        assert "7H#11" in text and "KD" in text and "ann (away)" in text
        await pilot.click("#command")
        await pilot.press(*"discard 7S", "enter")
        await pilot.pause()
        assert link.sent[-1] == {"t": "action", "action": {"type": "discard", "card": 12}}
        link.deliver({"t": "error", "code": "illegal", "message": "Not now.", "rule": "HF-T1"})
        await pilot.pause()
        assert "HF-T1" in str(app.query_one("#status").render())
        await pilot.press("ctrl+c")
    assert link.closed
