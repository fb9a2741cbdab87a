"""The engine's two refusals, both carrying the rule id a player can look up."""

from __future__ import annotations


class EngineError(Exception):
    """Base of every refusal; `rule` is an id from shared/rules (e.g. ``HF-M3``)."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.rule!r}, {self.message!r})"

    def to_dict(self) -> dict[str, str]:
        return {"rule": self.rule, "message": self.message}


class IllegalAction(EngineError):
    """A well-formed action the rules forbid now; the state is untouched."""


class InvalidAction(EngineError):
    """Malformed input: unknown game, bad option, an action missing a field or of the wrong type."""
