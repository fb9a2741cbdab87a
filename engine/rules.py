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
    """What a Canasta-family game fixes before the first card is dealt.

    Every field is read by the shared core (or by the listing and meld checks it uses);
    a game module builds this value from its options and adds hooks only where its rules
    cannot be said as data."""

    prefix: str                      # rule-id prefix, e.g. "HF"
    packs: int
    jokers: int
    hand_size: int
    second_hand_size: int = 0        # foot / down; 0 when the game has none
    stages: tuple[str, str] = ("hand", "foot")  # names of playing the first / second hand
    wild_ranks: frozenset[str] = frozenset({"2", JOKER})
    meldable_ranks: frozenset[str] = MELDABLE_RANKS
    min_meld: int = 3
    max_meld: int | None = 7         # None: melds may grow past completion (Canasta)
    complete_at: int = 7
    wild_melds: bool = True
    # Same-suit sequences beside groups of one rank (Skarney); where an ace may stand.
    sequences: bool = False
    ace_high: bool = True
    ace_low: bool = False
    # The wild limit of a meld of n cards: at most num/den of it ("fewer than" when strict),
    # and never more than `wild_cap`. Hand and Foot: a third; Looking and Down: under half.
    wild_share: tuple[int, int] = (1, 3)
    wild_share_strict: bool = False
    wild_cap: int | None = None
    draw_count: int = 2
    take_count: int | None = 7       # None: the whole pile
    upcard: bool = True              # False: no card is turned up; there is no pile (Skarney)
    wild_blocks_pile: bool = False   # a wild card on top blocks the pile (LD-P2), as a 3 does
    # Minimum count of an unopened side's first melds: by deal number (`min_counts`, the
    # last repeating), or, when `min_count_bands` is given, by the side's cumulative score
    # before the deal: (lowest score of the band, minimum), lowest band first.
    min_counts: tuple[int, ...] = (50, 90, 120, 150)
    min_count_bands: tuple[tuple[int, int], ...] = ()
    values: Mapping[str, int] = field(
        default_factory=lambda: value_table(CANASTA_RANK_VALUES, 0, 5, 50)
    )
    bonuses: Mapping[str, int] = field(default_factory=lambda: frozen_map({}))  # by canasta kind
    go_out_bonus: int = 100
    red_threes_placed: bool = True  # placed face up at once, replaced from the stock (HF-R)
    red_three_value: int = 100      # each placed red three scores this
    red_three_penalty: int = 100    # each red three left unplayed costs this
    deals: int | None = 4            # None: play until `target_score`
    target_score: int | None = None  # the game ends after a deal that reaches it
    max_deals: int | None = None     # a safety valve beside `target_score`

    def is_wild(self, code: str) -> bool:
        return code == JOKER or code[:-1] in self.wild_ranks

    def value(self, code: str) -> int:
        return self.values[code]

    def min_count(self, deal_number: int, score: int = 0) -> int:
        bands = self.min_count_bands
        if bands:
            need = bands[0][1]
            for lowest, minimum in bands:
                if score >= lowest:
                    need = minimum
            return need
        counts = self.min_counts
        return counts[min(deal_number, len(counts)) - 1]

    def max_wilds(self, size: int) -> int:
        """The most wild cards a meld of `size` cards may hold (HF-M2, LD-M2)."""
        num, den = self.wild_share
        most = (num * size - 1) // den if self.wild_share_strict else num * size // den
        cap = self.wild_cap
        return most if cap is None or most < cap else cap

    def game_ends(self, deal_number: int, totals: Mapping[int, int]) -> bool:
        """After a deal is scored: the deal count reached, or some side at the target."""
        if self.deals is not None and deal_number >= self.deals:
            return True
        if self.max_deals is not None and deal_number >= self.max_deals:
            return True
        return self.target_score is not None and max(totals.values()) >= self.target_score
