"""Looking and Down's options LD-O1..O10: defaults, one-line help, validation, the Rules.

Rules: shared/rules/looking_and_down.md (§9 lists the options).
"""

from __future__ import annotations

from typing import Any

from .cards import JOKER
from .errors import InvalidAction
from .options import OptionError, is_int, merge
from .rules import CANASTA_RANK_VALUES, Rules, frozen_map, value_table

SEATS = tuple(range(2, 9))  # LD-S1 / LD-A9

# LD-I1: (lowest cumulative score of the band, minimum count); None: every score below
# the next band (the negative row).
MIN_COUNT_TABLE: list[list[int | None]] = [
    [None, 15], [0, 50], [1501, 90], [3001, 120], [5001, 150], [7001, 210]]

DEFAULTS: dict[str, Any] = {
    "score_keeper": 0,
    "first_dealer": None,
    "exact_grab": "off",
    "exact_grab_chance": 0.1,
    "frozen_in_time": True,
    "target_score": 10000,
    "max_deals": None,
    "looking_size": 11,
    "down_size": 11,
    "canastas_to_go_out": 2,
    "final_round": "full",
    "min_count_table": MIN_COUNT_TABLE,
}

HELP: dict[str, str] = {
    "score_keeper": "The Score Keeper's seat: plays, but never deals nor plays first (LD-O1).",
    "first_dealer": "Looking dealer of the first deal; blank: the first non-keeper to the "
                    "keeper's left (LD-O2).",
    "exact_grab": "off, or chance: each dealer may then score 100 for an exact grab, with "
                  "the exact grab chance below (LD-O3).",
    "exact_grab_chance": "Probability per dealer of the exact-grab bonus (LD-O3).",
    "frozen_in_time": "The seat that took the pile may meld during others' turns (LD-O4).",
    "target_score": "The game ends after a deal in which someone reaches it (LD-O5).",
    "max_deals": "Also end the game after this many deals; blank: no limit (LD-O6).",
    "looking_size": "Cards in each Looking hand (LD-O7).",
    "down_size": "Cards in each Down (LD-O7).",
    "canastas_to_go_out": "Canastas a player needs to go out (LD-O8).",
    "final_round": "\"full\": after the stock runs out everyone plays once more; "
                   "\"until_emptier\": the round stops before the emptier (LD-O9).",
    "min_count_table": "Minimum counts by cumulative score: [lowest score, minimum] pairs, "
                       "lowest first; null for the negative row (LD-O10).",
}

OPTION_RULES = {
    "score_keeper": "LD-O1", "first_dealer": "LD-O2", "exact_grab": "LD-O3",
    "exact_grab_chance": "LD-O3", "frozen_in_time": "LD-O4", "target_score": "LD-O5",
    "max_deals": "LD-O6", "looking_size": "LD-O7", "down_size": "LD-O7",
    "canastas_to_go_out": "LD-O8", "final_round": "LD-O9", "min_count_table": "LD-O10",
}

BONUSES = {"red_canasta": 500, "red_canasta_3": 1000, "black_canasta": 300}  # LD-SC2


def next_nk(seat: int, seats: int, keeper: int) -> int:
    """LD-S3: the first seat clockwise from `seat + 1` that is not the Score Keeper."""
    s = (seat + 1) % seats
    while s == keeper:
        s = (s + 1) % seats
    return s


def validate_options(seats: int, options: dict[str, Any] | None) -> dict[str, Any]:
    """Merge with the defaults; refuse unknown names and bad values, naming the option's id.
    `first_dealer` comes back as a seat (its default worked out)."""
    if not is_int(seats) or seats not in SEATS:
        raise InvalidAction("LD-S1", f"Looking and Down is played by 2 to 8 players, "
                                     f"not {seats}.")
    opts = merge("LD", "Looking and Down", DEFAULTS, options)
    bad = OptionError(OPTION_RULES)
    keeper = opts["score_keeper"]
    if not is_int(keeper) or not 0 <= keeper < seats:
        raise bad("score_keeper", f"must be a seat from 0 to {seats - 1}.")
    first = opts["first_dealer"]
    if first is None:
        opts["first_dealer"] = next_nk(keeper, seats, keeper)
    elif not is_int(first) or not 0 <= first < seats:
        raise bad("first_dealer", f"must be a seat from 0 to {seats - 1}, or blank.")
    elif first == keeper:
        raise bad("first_dealer", "cannot name the Score Keeper, who never deals.")
    if opts["exact_grab"] not in ("off", "chance"):
        raise bad("exact_grab", "must be \"off\" or \"chance\".")
    ch = opts["exact_grab_chance"]
    if not isinstance(ch, int | float) or isinstance(ch, bool) or not 0 <= ch <= 1:
        raise bad("exact_grab_chance", "must be a probability from 0 to 1.")
    if not isinstance(opts["frozen_in_time"], bool):
        raise bad("frozen_in_time", "must be yes or no.")
    if not is_int(opts["target_score"]) or opts["target_score"] < 1:
        raise bad("target_score", "must be a positive whole number.")
    md = opts["max_deals"]
    if md is not None and (not is_int(md) or md < 1):
        raise bad("max_deals", "must be a positive whole number, or blank.")
    for name in ("looking_size", "down_size"):
        if not is_int(opts[name]) or not 3 <= opts[name] <= 15:
            raise bad(name, "must be a whole number from 3 to 15.")
    if not is_int(opts["canastas_to_go_out"]) or opts["canastas_to_go_out"] < 1:
        raise bad("canastas_to_go_out", "must be a positive whole number.")
    if opts["final_round"] not in ("full", "until_emptier"):
        raise bad("final_round", "must be \"full\" or \"until_emptier\".")
    table = opts["min_count_table"]
    if not isinstance(table, list) or not table or not all(
            isinstance(row, list | tuple) and len(row) == 2 and is_int(row[1]) and row[1] >= 0
            and (row[0] is None or is_int(row[0])) for row in table):
        raise bad("min_count_table", "must be a list of [lowest score, minimum] pairs.")
    lows = [row[0] for row in table if row[0] is not None]
    if any(row[0] is None for row in table[1:]) or lows != sorted(set(lows)):
        raise bad("min_count_table", "must list its bands lowest first (null only first).")
    return opts


def ld_rules(seats: int, opts: dict[str, Any]) -> Rules:
    """LD-C1..C6, LD-M1..M4, LD-I1 and the game's end, as data."""
    bands = tuple((-(2**63) if low is None else low, need)
                  for low, need in opts["min_count_table"])
    return Rules(
        prefix="LD", packs=seats + 1, jokers=2 * (seats + 1),
        hand_size=opts["looking_size"], second_hand_size=opts["down_size"],
        stages=("looking", "down"),
        wild_ranks=frozenset({"2", JOKER}),
        min_meld=3, max_meld=7, complete_at=7, wild_melds=False,
        wild_share=(1, 2), wild_share_strict=True,
        draw_count=2, take_count=None, wild_blocks_pile=True,
        min_counts=(bands[0][1],), min_count_bands=bands,
        values=value_table(CANASTA_RANK_VALUES, 0, 0, 50),
        bonuses=frozen_map(BONUSES),
        go_out_bonus=100,
        red_threes_placed=False, red_three_value=0, red_three_penalty=500,
        deals=None, target_score=opts["target_score"], max_deals=opts["max_deals"],
    )
