"""The table screen with a fake link: it renders what arrives and sends what is pressed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tui.app import make_app

VIEW = {
    "game": "hand_and_foot", "seat": 1, "deal_number": 1, "phase": "play", "to_act": [1],
    "hand": [{"id": 11, "code": "7H"}, {"id": 12, "code": "7S"}, {"id": 13, "code": "10D"}],
    "counts": {0: {"hand": 13, "foot": 13}, 1: {"hand": 3, "foot": 13}},
    "melds": [{"id": 4, "team": 0, "kind": "natural", "complete": False,
               "cards": [{"id": 20, "code": "8H"}]}],
    "discard": {"top": {"id": 9, "code": "KD"}, "size": 4, "frozen": False},
    "stock": 100, "totals": {0: 0, 1: 0},
    "legal": [{"type": "discard", "cards": [11, 12, 13]}],
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


def screen_text(app: Any) -> str:
    return "\n".join("".join(s.text for s in strip)
                     for strip in app.screen._compositor.render_strips())


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
        text = screen_text(app)
        assert "7♥" in text and "K♦" in text and "ann (away)" in text
        await pilot.press("7", "s", "enter", "x")
        await pilot.pause()
        assert link.sent[-1] == {"t": "action", "action": {"type": "discard", "card": 12}}
        link.deliver({"t": "error", "code": "illegal", "message": "Not now.", "rule": "HF-T1"})
        await pilot.pause()
        assert "HF-T1" in str(app.screen.query_one("#status").render())
        await pilot.press("ctrl+c")
    assert link.closed
