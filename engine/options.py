"""Game options: merged with a game's defaults, refused by name and rule id when wrong.

Each game module gives its defaults, one-line help and the rule id of each option
(`HF-O5`); `merge` and the small checks here are the part every game shares.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from .errors import InvalidAction


def is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def merge(prefix: str, title: str, defaults: Mapping[str, Any],
          options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The defaults with the given options over them; an unknown name is refused
    (`<prefix>-O`)."""
    opts = copy.deepcopy(dict(defaults))
    for name, value in (options or {}).items():
        if name not in defaults:
            raise InvalidAction(f"{prefix}-O", f"{title} has no option '{name}'; options are "
                                               + ", ".join(defaults) + ".")
        opts[name] = copy.deepcopy(value)
    return opts


class OptionError:
    """Builds the refusal of one option, naming its rule id."""

    def __init__(self, rule_ids: Mapping[str, str]) -> None:
        self.rule_ids = rule_ids

    def __call__(self, name: str, why: str) -> InvalidAction:
        return InvalidAction(self.rule_ids[name], f"option '{name}' {why}")
