"""Hand and Foot's options HF-O1..O11: defaults, one-line help, validation, and the Rules."""

from __future__ import annotations

from typing import Any

from .errors import InvalidAction
from .options import OptionError, is_int, merge
from .rules import Rules, frozen_map

DEFAULTS: dict[str, Any] = {
    "first_dealer": 0,
    "deals": 4,
    "min_counts": [50, 90, 120, 150],
    "go_out_piles": {"clean": 2, "dirty": 2, "wild": 1},
    "take_count": 7,
    "hand_size": 13,
    "bury_first_upcard": False,
    "exact_cut_bonus": "off",
    "exact_cut_chance": 0.1,
    "binding_permission": False,
    "red_three_value": 100,
    "pile_bonuses": {"clean": 500, "dirty": 300, "wild": 1500},
}

HELP: dict[str, str] = {
    "first_dealer": "Seat that deals the first deal (HF-O1).",
    "deals": "Number of deals in a game (HF-O2).",
    "min_counts": "Minimum count of a team's first meld, deal by deal; the last repeats (HF-O3).",
    "go_out_piles": "Complete piles of each kind a team needs before going out (HF-O4).",
    "take_count": "Cards taken from the top of the pile: a number, or \"all\" (HF-O5).",
    "hand_size": "Cards in each hand and each foot (HF-O6).",
    "bury_first_upcard": "Bury a red three or joker turned as the first upcard (HF-O7).",
    "exact_cut_bonus": "off, or chance: a random 100 for an exact cut at the deal, with the "
                       "exact cut chance below (HF-O8).",
    "exact_cut_chance": "Probability per seat of the exact-cut bonus (HF-O8).",
    "binding_permission": "After a yes, the player may not end the turn holding cards (HF-O9).",
    "red_three_value": "Points per placed red three; -500 makes them count against (HF-O10).",
    "pile_bonuses": "Bonus per clean, dirty and wild pile (HF-O11).",
}

OPTION_RULES = {name: f"HF-O{i}" for i, name in enumerate(
    ["first_dealer", "deals", "min_counts", "go_out_piles", "take_count", "hand_size",
     "bury_first_upcard", "exact_cut_bonus", "binding_permission", "red_three_value",
     "pile_bonuses"], start=1)}
OPTION_RULES["exact_cut_chance"] = "HF-O8"

KINDS = ("clean", "dirty", "wild")


def validate_options(seats: int, options: dict[str, Any] | None) -> dict[str, Any]:
    """Merge with the defaults; refuse unknown names and bad values, naming the option's id."""
    if seats != 4:
        raise InvalidAction("HF-S1", f"Hand and Foot is played by exactly 4 players, not {seats}.")
    opts = merge("HF", "Hand and Foot", DEFAULTS, options)
    bad = OptionError(OPTION_RULES)
    if not is_int(opts["first_dealer"]) or not 0 <= opts["first_dealer"] < 4:
        raise bad("first_dealer", "must be a seat from 0 to 3.")
    if not is_int(opts["deals"]) or opts["deals"] < 1:
        raise bad("deals", "must be a whole number of at least 1.")
    mc = opts["min_counts"]
    if not isinstance(mc, list) or not mc or not all(is_int(x) and x >= 0 for x in mc):
        raise bad("min_counts", "must be a non-empty list of counts (whole numbers, 0 or more).")
    for name in ("go_out_piles", "pile_bonuses"):
        d = opts[name]
        if not isinstance(d, dict) or set(d) != set(KINDS) \
                or not all(is_int(v) for v in d.values()):
            raise bad(name, "must give a whole number for each of clean, dirty and wild.")
    if any(v < 0 for v in opts["go_out_piles"].values()):
        raise bad("go_out_piles", "cannot ask for a negative number of piles.")
    tc = opts["take_count"]
    if tc != "all" and not (is_int(tc) and tc >= 1):
        raise bad("take_count", "must be a whole number of at least 1, or \"all\".")
    if not is_int(opts["hand_size"]) or not 3 <= opts["hand_size"] <= 25:
        raise bad("hand_size", "must be a whole number from 3 to 25.")
    for name in ("bury_first_upcard", "binding_permission"):
        if not isinstance(opts[name], bool):
            raise bad(name, "must be yes or no.")
    if opts["exact_cut_bonus"] not in ("off", "chance"):
        raise bad("exact_cut_bonus", "must be \"off\" or \"chance\".")
    ch = opts["exact_cut_chance"]
    if not isinstance(ch, int | float) or isinstance(ch, bool) or not 0 <= ch <= 1:
        raise bad("exact_cut_chance", "must be a probability from 0 to 1.")
    if not is_int(opts["red_three_value"]):
        raise bad("red_three_value", "must be a whole number of points.")
    return opts


def hf_rules(opts: dict[str, Any]) -> Rules:
    return Rules(
        prefix="HF", packs=5, jokers=10,
        hand_size=opts["hand_size"], second_hand_size=opts["hand_size"],
        take_count=None if opts["take_count"] == "all" else opts["take_count"],
        min_counts=tuple(opts["min_counts"]),
        bonuses=frozen_map(opts["pile_bonuses"]),
        red_three_value=opts["red_three_value"],
        red_three_penalty=abs(opts["red_three_value"]),
        deals=opts["deals"],
    )
