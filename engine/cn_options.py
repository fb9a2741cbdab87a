"""Canastone's options CN-O1..O13: defaults, one-line help, validation, the Rules.

Rules: shared/rules/canastone.md (§9 lists the options, §2 the card values, §6 the
initial-meld bands, §8 the bonuses).
"""

from __future__ import annotations

from typing import Any

from .cards import JOKER
from .errors import InvalidAction
from .options import OptionError, is_int, merge
from .rules import CANASTA_RANK_VALUES, Rules, value_table

SEATS = (2, 3, 4, 6)  # CN-N1
HAND_SIZE = 15        # CN-D3
CANASTA = 7           # CN-M7, CN-M8

# CN-I2: (lowest cumulative score of the band, minimum of the initial meld).
MIN_BANDS: tuple[tuple[int, int], ...] = (
    (-(2**63), 50), (3000, 90), (5000, 120), (7000, 160), (10000, 180), (12000, 200))

# CN-S4: canasta bonuses by class; aces and the two natural wild canastas apart.
RANK_BONUS = {"natural": 500, "mixed": 300}
ACE_BONUS = {"natural": 1000, "mixed": 500}
WILD_BONUS = {"twos": 3000, "jokers": 5000, "mixed": 2000}
GOING_OUT = 300        # CN-S3
RED_THREE = 100        # CN-S6 base
RED_THREE_IN_HAND = 500  # CN-S7

DEFAULTS: dict[str, Any] = {
    "first_dealer": 0,
    "target_score": 12000,
    "premeld_draw": 2,
    "go_out_canastas": "natural_and_mixed",
    "unfinished_wild_meld_blocks_wilds": True,
    "unfinished_wild_meld_blocks_going_out": True,
    "many_canastas": "seed",
    "red_three_values": "seed",
    "wild_melds": True,
    "partner_permission": True,
    "clean_opening_at_50": False,
    "unopened_hand_doubled": False,
    "max_deals": None,
}

HELP: dict[str, str] = {
    "first_dealer": "Seat that deals the first deal (CN-O1).",
    "target_score": "The game ends after a deal in which a team reaches it (CN-O2).",
    "premeld_draw": "Cards a player of a team that has not melded draws instead of "
                    "melding: 2 or 1 (CN-O3).",
    "go_out_canastas": "\"natural_and_mixed\": a natural and a mixed canasta to go out; "
                       "\"two_natural\": two natural canastas (CN-O4).",
    "unfinished_wild_meld_blocks_wilds": "While a wild meld is unfinished, wild cards go "
                                         "only onto it and are not discarded (CN-O5).",
    "unfinished_wild_meld_blocks_going_out": "No going out while the team has an "
                                             "unfinished wild meld (CN-O6).",
    "many_canastas": "Bonus for five or more canastas: \"seed\", \"pagat\", "
                     "\"five_natural\" or \"none\" (CN-O7).",
    "red_three_values": "\"seed\": red threes score by the team's canastas, doubled at "
                        "four; \"flat\": 100 each (CN-O8).",
    "wild_melds": "Melds of wild cards only are allowed (CN-O9).",
    "partner_permission": "A player may ask a partner's permission to go out (CN-O10).",
    "clean_opening_at_50": "An initial meld of minimum 50 is made of natural melds only "
                           "(CN-O11).",
    "unopened_hand_doubled": "A team that never melded counts its hand cards double "
                             "(CN-O12).",
    "max_deals": "Also end the game after this many deals; blank: no limit (CN-O13).",
}

OPTION_RULES = {name: f"CN-O{i}" for i, name in enumerate(DEFAULTS, start=1)}

MANY_CANASTAS = ("seed", "pagat", "five_natural", "none")


def partnership(seats: int, options: Any = None) -> bool:
    """CN-N1: partnerships at 4 and 6 seats, each player alone at 2 and 3."""
    return seats in (4, 6)


def validate_options(seats: int, options: dict[str, Any] | None) -> dict[str, Any]:
    """Merge with the defaults; refuse unknown names and bad values, naming the option's id."""
    if not is_int(seats) or seats not in SEATS:
        raise InvalidAction("CN-N1", f"Canastone is played by 2, 3, 4 or 6 players, "
                                     f"not {seats}.")
    opts = merge("CN", "Canastone", DEFAULTS, options)
    bad = OptionError(OPTION_RULES)
    if not is_int(opts["first_dealer"]) or not 0 <= opts["first_dealer"] < seats:
        raise bad("first_dealer", f"must be a seat from 0 to {seats - 1}.")
    if not is_int(opts["target_score"]) or opts["target_score"] < 1:
        raise bad("target_score", "must be a positive whole number.")
    if opts["premeld_draw"] not in (1, 2) or isinstance(opts["premeld_draw"], bool):
        raise bad("premeld_draw", "must be 1 or 2.")
    if opts["go_out_canastas"] not in ("natural_and_mixed", "two_natural"):
        raise bad("go_out_canastas", "must be \"natural_and_mixed\" or \"two_natural\".")
    for name in ("unfinished_wild_meld_blocks_wilds", "unfinished_wild_meld_blocks_going_out",
                 "wild_melds", "partner_permission", "clean_opening_at_50",
                 "unopened_hand_doubled"):
        if not isinstance(opts[name], bool):
            raise bad(name, "must be yes or no.")
    if opts["many_canastas"] not in MANY_CANASTAS:
        raise bad("many_canastas", "must be one of " + ", ".join(MANY_CANASTAS) + ".")
    if opts["red_three_values"] not in ("seed", "flat"):
        raise bad("red_three_values", "must be \"seed\" or \"flat\".")
    md = opts["max_deals"]
    if md is not None and (not is_int(md) or md < 1):
        raise bad("max_deals", "must be a positive whole number, or blank.")
    return opts


def cn_rules(opts: dict[str, Any]) -> Rules:
    """CN-C1, CN-C2, CN-M2, CN-M3, CN-I2 and the game's end, as data."""
    return Rules(
        prefix="CN", packs=3, jokers=6, hand_size=HAND_SIZE, second_hand_size=0,
        wild_ranks=frozenset({"2", JOKER}),
        min_meld=3, max_meld=None, complete_at=CANASTA, wild_melds=opts["wild_melds"],
        wild_share=(1, 2), wild_share_strict=True, wild_cap=2,  # CN-M3: w < n and w <= 2
        draw_count=2, take_count=None, upcard=False, wild_blocks_pile=True,
        min_counts=(MIN_BANDS[0][1],), min_count_bands=MIN_BANDS,
        values=value_table(CANASTA_RANK_VALUES, 0, 5, 50),
        go_out_bonus=GOING_OUT,
        red_threes_placed=True, red_three_value=RED_THREE,
        red_three_penalty=RED_THREE_IN_HAND,
        deals=None, target_score=opts["target_score"], max_deals=opts["max_deals"],
    )
