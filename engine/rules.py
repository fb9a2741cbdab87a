"""The knobs that differ between the Canasta-family games, as one frozen value.

Each game module builds its `Rules` from its options; the shared core (melds, zones,
scoring helpers) reads only this value, never a game's name.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from .cards import BLACK_THREES, JOKER, RANKS, RED_THREES, SUITS

MELDABLE_RANKS: frozenset[str] = frozenset(("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"))


def frozen_map(d: Mapping) -> Mapping:
    return MappingProxyType(dict(d))


def value_table(
    by_rank: Mapping[str, int], red_three: int, black_three: int, joker: int
) -> Mapping[str, int]:
    """Card value of every code, from a per-rank table plus the threes and the joker."""
    values = {r + s: by_rank[r] for r in RANKS if r != "3" for s in SUITS}
    values.update({c: red_three for c in RED_THREES})
    values.update({c: black_three for c in BLACK_THREES})
    values[JOKER] = joker
    return frozen_map(values)


# The classic Canasta card values (Hand and Foot, Looking and Down, Canastone share them).
CANASTA_RANK_VALUES: Mapping[str, int] = frozen_map(
    {"A": 20, "2": 20, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 10, "8": 10,
     "7": 5, "6": 5, "5": 5, "4": 5}
)


@dataclass(frozen=True, slots=True)
class Rules:
    """What a Canasta-family game fixes before the first card is dealt."""

    prefix: str                      # rule-id prefix, e.g. "HF"
    packs: int
    jokers: int
    hand_size: int
    second_hand_size: int = 0        # foot / down; 0 when the game has none
    wild_ranks: frozenset[str] = frozenset({"2", JOKER})
    meldable_ranks: frozenset[str] = MELDABLE_RANKS
    min_meld: int = 3
    max_meld: int | None = 7         # None: melds may grow past completion (Canasta)
    complete_at: int = 7
    wild_melds: bool = True
    draw_count: int = 2
    take_count: int | None = 7       # None: the whole pile
    min_counts: tuple[int, ...] = (50, 90, 120, 150)
    values: Mapping[str, int] = field(
        default_factory=lambda: value_table(CANASTA_RANK_VALUES, 0, 5, 50)
    )
    bonuses: Mapping[str, int] = field(default_factory=lambda: frozen_map({}))
    go_out_bonus: int = 100
    red_three_value: int = 100
    deals: int | None = 4            # None: play until a target score

    def is_wild(self, code: str) -> bool:
        return code == JOKER or code[:-1] in self.wild_ranks

    def value(self, code: str) -> int:
        return self.values[code]

    def min_count(self, deal_number: int) -> int:
        counts = self.min_counts
        return counts[min(deal_number, len(counts)) - 1]

    def max_wilds(self, size: int) -> int:
        """Hand and Foot's limit: at most a third of the meld (HF-M2)."""
        return size // 3
