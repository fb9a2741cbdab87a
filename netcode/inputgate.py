"""Bounds on what one session may make the host process: keystrokes, pastes, requests.

One event loop serves every session, and each character a terminal sends becomes a
key event that its App handles before the loop moves on. A 200 KB paste into one
session held every other session for 16-21 s. So input is metered before it reaches
Textual's parser: a token bucket per session (a sustained rate with a burst for
quick typing and mouse moves) and a cap on each bracketed paste. What is over the
limit is dropped, and the player is told once per burst.
"""

from __future__ import annotations

from dataclasses import dataclass

PASTE_START = "\x1b[200~"
PASTE_END = "\x1b[201~"


class TokenBucket:
    """``rate`` tokens a second, at most ``burst`` saved up."""

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate = rate
        self.burst = burst
        self._tokens = burst
        self._last = now

    def take(self, wanted: int, now: float) -> int:
        """Grant up to ``wanted`` tokens; returns how many were granted."""
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        self._last = now
        granted = min(wanted, int(self._tokens))
        self._tokens -= granted
        return granted


@dataclass(frozen=True, slots=True)
class InputLimits:
    """A person typing sends a few characters a second, and moving the mouse about a
    kilobyte; card codes pasted in are a few dozen. These leave all of that untouched.

    Each character costs its App about 50 us on the host's one loop (measured by
    bench/input_flood.py), so the burst bounds the longest stall one flood can cause
    every other session: about 50 ms, against 11 s for 200 KB before these limits."""

    rate: int = 1536
    """Characters a second, sustained."""
    burst: int = 1024
    """Characters that may arrive at once before the rate applies."""
    paste: int = 1024
    """Characters of one bracketed paste that are kept."""
    max_width: int = 400
    max_height: int = 200
    """A window larger than this is drawn at this size (a 20000x20000 window would make
    an 800 MB screen)."""


class InputGate:
    """Meters one terminal's decoded input; keeps escape-sequence paste markers intact."""

    def __init__(self, limits: InputLimits, now: float) -> None:
        self.limits = limits
        self._bucket = TokenBucket(limits.rate, limits.burst, now)
        self._in_paste = False
        self._paste_len = 0
        self._carry = ""
        self.dropped = 0
        """Characters dropped so far (the tests and the host's log read it)."""
        self.paste_cut = False
        """The last `admit` cut a paste at its cap (not the rate): the note says so."""

    def admit(self, text: str, now: float) -> tuple[str, int]:
        """What of ``text`` may go on to the parser, and how many characters were dropped.

        Paste markers always pass, so a cut paste still ends and the keys after it are
        keys again.
        """
        text, self._carry = _split_marker_start(self._carry + text)
        out: list[str] = []
        dropped = 0
        self.paste_cut = False
        i = 0
        while i < len(text):
            if self._in_paste:
                end = text.find(PASTE_END, i)
                stop = len(text) if end < 0 else end
                chunk = text[i:stop]
                room = max(0, self.limits.paste - self._paste_len)
                self._paste_len += len(chunk)
                self.paste_cut = self.paste_cut or len(chunk) > room
                kept = self._metered(chunk[:room], now)
                dropped += len(chunk) - len(kept)
                # An ESC inside a paste would start a key sequence in the parser: the
                # text after it came out as keys and the paste's start after them
                # ("alpha ESC[31mbeta" read "^[31mbetaalpha", play-test). It is a space.
                out.append(kept.replace("\x1b", " "))
                if end < 0:
                    break
                out.append(PASTE_END)
                self._in_paste = False
                i = end + len(PASTE_END)
            else:
                start = text.find(PASTE_START, i)
                stop = len(text) if start < 0 else start
                chunk = text[i:stop]
                kept = self._metered(chunk, now)
                dropped += len(chunk) - len(kept)
                out.append(kept)
                if start < 0:
                    break
                out.append(PASTE_START)
                self._in_paste, self._paste_len = True, 0
                i = start + len(PASTE_START)
        self.dropped += dropped
        return "".join(out), dropped

    def _metered(self, chunk: str, now: float) -> str:
        if not chunk:
            return chunk
        return chunk[: self._bucket.take(len(chunk), now)]

    def clamp(self, width: int, height: int) -> tuple[int, int]:
        """A window size the host will draw: 80x24 for a zero, and never beyond the caps."""
        return (min(width or 80, self.limits.max_width),
                min(height or 24, self.limits.max_height))


def _split_marker_start(text: str) -> tuple[str, str]:
    """Hold back the start of a paste marker cut off at the end of a chunk, so the marker
    is seen whole with the next chunk. Only three characters or more are held: a lone ESC
    (the Escape key) or ESC [ must go on at once."""
    for marker in (PASTE_START, PASTE_END):
        for size in range(len(marker) - 1, 2, -1):
            if text.endswith(marker[:size]):
                return text[:-size], text[-size:]
    return text, ""
