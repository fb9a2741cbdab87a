"""Skarney's options SK-O1..O10: defaults, one-line help, validation, the Rules.

Rules: shared/rules/skarney.md (§9 lists the options, §2 the card values).
"""

from __future__ import annotations

from typing import Any

from .cards import JOKER
from .errors import InvalidAction
from .options import OptionError, is_int, merge
from .rules import Rules, value_table

SEATS = (2, 3, 4)  # SK-N1

# SK-I2 / SK-O3: per deal, alternative patterns; a slot is a count or {"size", "kind"}.
CONTRACTS: dict[str, list[list[Any]]] = {
    "1": [[3, 3, 3]], "2": [[3, 3, 3]], "3": [[3, 3, 3]],
    "4": [[4, 4, 4]], "5": [[4, 4, 4]], "6": [[4, 4, 4]], "7": [[4, 4, 4]],
}
SLOT_KINDS = ("group", "sequence", "wild_group")
HAND_BONUS = (100, 100, 100, 200, 300, 400, 500)  # SK-S2 by deal; the last repeats
SHUTDOWN_BONUS = 200  # SK-S3

DEFAULTS: dict[str, Any] = {
    "first_dealer": 0,
    "partnership": True,
    "contracts": CONTRACTS,
    "ace_low": False,
    "max_group_size": None,
    "contract_turn_play": False,
    "shutdown": "opponents_not_down",
    "layoff_limit": 2,
    "void_replay_limit": None,
    "deals": 7,
}

HELP: dict[str, str] = {
    "first_dealer": "Seat that deals the first deal (SK-O1).",
    "partnership": "With 4 players: yes for two partnerships, no for four individuals "
                   "(SK-O2).",
    "contracts": "Contract patterns per deal: a list of alternatives, each a list of meld "
                 "sizes or {size, kind} (SK-O3).",
    "ace_low": "Allow A-2-3 as well as Q-K-A (SK-O4).",
    "max_group_size": "Largest group allowed; blank: no limit (SK-O5).",
    "contract_turn_play": "After the contract the player may go on melding that turn (SK-O6).",
    "shutdown": "\"opponents_not_down\": 200 for going out before any opponent made their "
                "contract; \"off\" (SK-O7).",
    "layoff_limit": "Most cards laid off on one meld in a turn; blank: no limit (SK-O8).",
    "void_replay_limit": "After this many void replays of a deal, a tie is scored without "
                         "the hand bonus; blank: replay for ever (SK-O9).",
    "deals": "Counted deals in a game (SK-O10).",
}

OPTION_RULES = {
    "first_dealer": "SK-O1", "partnership": "SK-O2", "contracts": "SK-O3", "ace_low": "SK-O4",
    "max_group_size": "SK-O5", "contract_turn_play": "SK-O6", "shutdown": "SK-O7",
    "layoff_limit": "SK-O8", "void_replay_limit": "SK-O9", "deals": "SK-O10",
}


def _slots(pattern: Any) -> list[tuple[int, str | None]] | None:
    """A contract pattern as (size, kind or None) slots; None if it is not one."""
    if not isinstance(pattern, list) or not pattern:
        return None
    out: list[tuple[int, str | None]] = []
    for slot in pattern:
        if is_int(slot) and slot >= 3:
            out.append((slot, None))
        elif isinstance(slot, dict) and is_int(slot.get("size")) and slot["size"] >= 3 \
                and slot.get("kind") in (None, *SLOT_KINDS) and set(slot) <= {"size", "kind"}:
            out.append((slot["size"], slot.get("kind")))
        else:
            return None
    return out


def validate_options(seats: int, options: dict[str, Any] | None) -> dict[str, Any]:
    """Merge with the defaults; refuse unknown names and bad values, naming the option's id.
    `contracts` keys come back as strings ("1".."7")."""
    if not is_int(seats) or seats not in SEATS:
        raise InvalidAction("SK-N1", f"Skarney is played by 2, 3 or 4 players, not {seats}.")
    opts = merge("SK", "Skarney", DEFAULTS, options)
    bad = OptionError(OPTION_RULES)
    if not is_int(opts["first_dealer"]) or not 0 <= opts["first_dealer"] < seats:
        raise bad("first_dealer", f"must be a seat from 0 to {seats - 1}.")
    if not isinstance(opts["partnership"], bool):
        raise bad("partnership", "must be yes or no.")
    contracts = opts["contracts"]
    if not isinstance(contracts, dict) or not contracts:
        raise bad("contracts", "must map deal numbers to lists of patterns.")
    fixed: dict[str, list[Any]] = {}
    for deal, patterns in contracts.items():
        if not str(deal).isdigit() or int(deal) < 1 or not isinstance(patterns, list) \
                or not patterns or any(_slots(p) is None for p in patterns):
            raise bad("contracts", "must map deal numbers to non-empty lists of patterns, "
                                   "each a list of meld sizes of 3 or more.")
        fixed[str(int(deal))] = patterns
    opts["contracts"] = fixed
    for name in ("ace_low", "contract_turn_play"):
        if not isinstance(opts[name], bool):
            raise bad(name, "must be yes or no.")
    mg = opts["max_group_size"]
    if mg is not None and (not is_int(mg) or mg < 3):
        raise bad("max_group_size", "must be a whole number of 3 or more, or blank.")
    if opts["shutdown"] not in ("opponents_not_down", "off"):
        raise bad("shutdown", "must be \"opponents_not_down\" or \"off\".")
    lim = opts["layoff_limit"]
    if lim is not None and (not is_int(lim) or lim < 1):
        raise bad("layoff_limit", "must be a positive whole number, or blank.")
    vr = opts["void_replay_limit"]
    if vr is not None and (not is_int(vr) or vr < 0):
        raise bad("void_replay_limit", "must be a whole number of 0 or more, or blank.")
    if not is_int(opts["deals"]) or opts["deals"] < 1:
        raise bad("deals", "must be a positive whole number.")
    return opts


def partnership(seats: int, options: dict[str, Any]) -> bool:
    """SK-N1: partnerships only with 4 seats, by default."""
    return seats == 4 and bool(options.get("partnership", True))


def contract_patterns(opts: dict[str, Any], deal: int) -> list[list[tuple[int, str | None]]]:
    """SK-I2: the deal's alternatives; a deal the table does not name uses the nearest
    lower one that it does."""
    table = opts["contracts"]
    named = sorted(int(k) for k in table)
    key = max((d for d in named if d <= deal), default=named[0])
    return [s for s in (_slots(p) for p in table[str(key)]) if s is not None]


def hand_bonus(deal: int) -> int:
    return HAND_BONUS[min(deal, len(HAND_BONUS)) - 1]


def sk_rules(opts: dict[str, Any]) -> Rules:
    """SK-C1..C5 and SK-M2..M5 as data: 2 packs and 4 jokers, 11 cards, no pile, groups and
    sequences of 3 or more with one wild card at most."""
    by_rank = {r: 10 for r in ("K", "Q", "J", "10")}
    by_rank.update({r: 5 for r in ("4", "5", "6", "7", "8", "9")})
    by_rank.update({"A": 15, "2": 50})
    return Rules(
        prefix="SK", packs=2, jokers=4, hand_size=11, second_hand_size=0,
        stages=("hand", "foot"),
        wild_ranks=frozenset({"2", JOKER}),
        meldable_ranks=frozenset(("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")),
        min_meld=3, max_meld=None, complete_at=200, wild_melds=True,
        sequences=True, ace_high=True, ace_low=opts["ace_low"],
        wild_share=(1, 1), wild_cap=1,
        draw_count=1, take_count=None, upcard=False,
        min_counts=(0,),
        values=value_table(by_rank, 5, 5, 100),  # SK-C5: cards left in hand
        go_out_bonus=0, red_threes_placed=False, red_three_value=0, red_three_penalty=5,
        deals=opts["deals"],
    )
