"""The input gate in isolation: what passes, what is dropped, and that pastes stay whole."""

from __future__ import annotations

from netcode.inputgate import PASTE_END, PASTE_START, InputGate, InputLimits

LIMITS = InputLimits(rate=100, burst=50, paste=20)


def test_typing_passes_untouched() -> None:
    gate = InputGate(LIMITS, now=0.0)
    assert gate.admit("d", 0.1) == ("d", 0)
    assert gate.admit("\x1b", 0.2) == ("\x1b", 0)  # Escape is never held back
    assert gate.admit("7h 7s\r", 0.3) == ("7h 7s\r", 0)


def test_a_flood_is_cut_to_the_burst_then_the_rate() -> None:
    gate = InputGate(LIMITS, now=0.0)
    kept, dropped = gate.admit("x" * 1000, 0.0)
    assert (len(kept), dropped) == (50, 950)
    kept, dropped = gate.admit("x" * 1000, 0.5)  # half a second: 50 more
    assert (len(kept), dropped) == (50, 950)
    assert gate.dropped == 1900


def test_a_long_paste_keeps_its_start_and_both_markers() -> None:
    gate = InputGate(LIMITS, now=0.0)
    kept, dropped = gate.admit(PASTE_START + "y" * 100 + PASTE_END + "d", 0.0)
    assert kept == PASTE_START + "y" * 20 + PASTE_END + "d" and dropped == 80
    assert gate.paste_cut  # the screen's note then says a paste was cut, not typed too fast
    gate.admit("d", 1.0)
    assert not gate.paste_cut


def test_an_escape_inside_a_paste_is_a_space_and_keeps_the_order() -> None:
    """Play-test: "alpha ESC[31mbeta gamma" pasted into chat read "^[31mbeta gammaalpha":
    the parser took the ESC for the start of a key and the paste came after the keys."""
    gate = InputGate(InputLimits(rate=100, burst=50, paste=100), now=0.0)
    kept, dropped = gate.admit(PASTE_START + "alpha \x1b[31mbeta" + PASTE_END + "\x1b", 0.0)
    assert kept == PASTE_START + "alpha  [31mbeta" + PASTE_END + "\x1b" and dropped == 0


def test_a_paste_marker_split_between_chunks_is_seen_whole() -> None:
    gate = InputGate(LIMITS, now=0.0)
    kept1, _ = gate.admit("a" + PASTE_START[:4], 0.0)
    kept2, dropped = gate.admit(PASTE_START[4:] + "z" * 30 + PASTE_END[:3], 0.0)
    kept3, _ = gate.admit(PASTE_END[3:] + "b", 0.0)
    assert kept1 + kept2 + kept3 == "a" + PASTE_START + "z" * 20 + PASTE_END + "b"
    assert dropped == 10


def test_windows_are_clamped() -> None:
    gate = InputGate(LIMITS, now=0.0)
    assert gate.clamp(20000, 20000) == (LIMITS.max_width, LIMITS.max_height)
    assert gate.clamp(0, 0) == (80, 24)
    assert gate.clamp(100, 30) == (100, 30)
