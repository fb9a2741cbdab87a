"""What Skarney allows a seat now, described cheaply.

The listing never enumerates subsets of a hand. Where Skarney's melds need more than a
list of cards (a contract of an exact shape, a wild card's declared place, a steal's
three ids), entries carry a few concrete `options` the engine has built to pass `check`;
lay-off entries also give `targets` (each card legal on its own, as in the other games)
and the offer lists the cards that may be offered. A player may always make other melds
than those shown: `check` is the law, this is a guide.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .cards import JOKER, RANK_ORDER
from .melds import Run

if TYPE_CHECKING:
    from .skarney import Skarney

PLACES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def legal_kinds(game: Skarney, seat: int) -> list[dict[str, Any]]:
    """The listing, bound as the game's `legal` itself (the seat check included)."""
    if seat not in game._to_act_list:
        return []
    phase = game.phase
    if phase == "play":
        return play_entries(game, seat)
    if phase == "offer":
        return [{"type": "accept"}, {"type": "decline"}]
    if phase == "draw":
        return [{"type": "draw"}]
    if phase == "answer":
        return [{"type": "answer", "choices": [True, False]}]
    if phase == "deal_over":
        return [{"type": "next_deal"}]
    return []


def play_entries(game: Skarney, seat: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    hand = game.hands[seat]
    team = game.team_of[seat]
    by_rank, wilds, multiples = game.hand_groups(seat)
    steals = steal_options(game, seat, by_rank)
    if steals:
        out.append({"type": "steal_wild", "options": steals})
    may_meld = not game.contract_turn or game.options["contract_turn_play"]
    size = len(hand)
    keep = 1 if game.barred else 0  # SK-G4: nothing that empties the hand
    if may_meld:
        if not game.opened[team]:
            found = contract_options(game, hand, by_rank, wilds, size - keep)
            if found:
                out.append({"type": "meld", "options": found})
                if game.partnership and not game.asked and not game.barred:
                    outs = [o for o in found if sum(len(m["cards"]) if isinstance(m, dict)
                                                    else len(m) for m in o["melds"]) == size]
                    if outs:
                        out.append({"type": "ask_to_go_out", "options": [
                            {"type": "ask_to_go_out", "plan": {"melds": outs[0]["melds"],
                                                               "lay_offs": []}}]})
        else:
            melds = new_meld_options(game, by_rank, wilds, size - keep, multiples)
            if melds:
                out.append({"type": "meld", "options": melds})
            targets = lay_off_targets(game, seat, by_rank, wilds, size - keep)
            if targets:
                out.append({"type": "lay_off", "targets": targets})
            elif game.partnership and not game.asked and not game.barred and size == 1:
                targets = lay_off_targets(game, seat, by_rank, wilds, 1)
            if targets and size == 1 and game.partnership and not game.asked \
                    and not game.barred:
                lay = {"meld": targets[0]["meld"], "cards": targets[0]["cards"][:1]}
                if "as" in targets[0]:
                    lay["as"] = targets[0]["as"]
                out.append({"type": "ask_to_go_out", "options": [
                    {"type": "ask_to_go_out", "plan": {"melds": [], "lay_offs": [lay]}}]})
    if game.drew_last:
        out.append({"type": "end_turn"})
    elif size >= 2:
        banned = game.offer_ban.get(seat)
        codes = game._codes
        cards = [i for i in hand if codes[i] not in banned] if banned else list(hand)
        out.append({"type": "offer", "cards": cards or list(hand)})
    elif size == 1:
        out.append({"type": "declare_last_card"})
    return out


def steal_options(game: Skarney, seat: int, by_rank: dict[str, list[int]]
                  ) -> list[dict[str, Any]]:
    """SK-W: a steal of each opposing meld's wild card with each card of the hand that may
    pay for it: a group's with any natural of its rank (SK-W3: listing only the first, the
    screen refused 7♣ for the 7s' wild card where the player wanted to keep 7♥), a
    sequence's with the card it stands for (any copy of it)."""
    team = game.team_of[seat]
    out = []
    codes = game._codes
    for m, steals in _table(game)[1]:
        if m.team == team:
            continue
        for w, rank, code in steals:
            for i in by_rank.get(rank, ()):
                if code is None or codes[i] == code:
                    out.append({"type": "steal_wild", "meld": m.id, "wild": w, "card": i})
    return out


_RUN, _GROUP, _WILD = 0, 1, 2  # what a meld takes as a lay-off target (see `_table`)


def _table(game: Skarney) -> tuple[list[list[tuple[int, Any, Any]]], list[tuple[Any, Any]]]:
    """What listings read of the table, kept for the table as it is (`_melds_version`
    moves on with every change to it): each team's melds that may take a lay-off, in table
    order, and the groups and sequences holding a wild card (SK-W2), each with its steals
    (see `_meld_parts`)."""
    kept = game._sk_table
    if kept is not None and kept[0] == game._melds_version and kept[1] is game._melds:
        return kept[2]
    parts_of = game._sk_meld_parts
    if parts_of is None:
        parts_of = game._sk_meld_parts = {}
    by_team: list[list[tuple[int, Any, Any]]] = [[] for _ in game.teams]
    robbable: list[tuple[Any, Any]] = []
    for m in game._melds.values():
        parts = parts_of.get(m.id)
        if parts is None or parts[0] is not m:
            parts = parts_of[m.id] = _meld_parts(game, m)
        if parts[1] is not None:
            by_team[m.team].append(parts[1])
        if parts[2] is not None:
            robbable.append(parts[2])
    table = (by_team, robbable)
    game._sk_table = (game._melds_version, game._melds, table)
    return table


def _meld_parts(game: Skarney, m: Any) -> tuple[Any, Any, Any]:
    """(the meld; as a lay-off target: (kind, meld, what it takes: a sequence's ends as
    (rank, code), a group's rank, or whether a wild group is of jokers), None for a full
    group; its steals: (meld, [(wild id, rank, code or None for any natural of the
    rank)]), None without a wild card that may be stolen). A meld is replaced, never
    changed, so this is worked out once per meld value."""
    if type(m) is Run:
        ends = [(c[:-1], c) for c in run_ends(game, m)]
        steals = [(w, means[:-1], means) for w, means in m.declared]
        return m, (_RUN, m, ends), ((m, steals) if m.wilds else None)
    if m.rank is None:
        return m, (_WILD, m, game._codes[m.cards[0]] == JOKER), None
    max_group = game.options["max_group_size"]
    target = (_GROUP, m, m.rank) if max_group is None or len(m.cards) < max_group else None
    if not m.wilds:
        return m, target, None
    wild = game._wild
    w = next(i for i in m.cards if wild[i])
    return m, target, (m, [(w, m.rank, None)])


def _runs(game: Skarney, by_rank: dict[str, list[int]], k: int
          ) -> list[tuple[list[int], str | None]]:
    """Windows of k places of one suit the hand fills with naturals, or with naturals and
    one wild card (its declared code given): (naturals, declared or None). Each suit's
    places held are a bit mask, so a window is judged by one count of bits."""
    suit_of, place_of = _card_tables(game)
    masks = [0, 0, 0, 0]
    first: dict[int, int] = {}
    for ids in by_rank.values():
        for i in ids:
            s = suit_of[i]
            p = place_of[i]
            mask = masks[s]
            if not mask >> p & 1:
                masks[s] = mask | 1 << p
                first[s << 4 | p] = i
    out = []
    shift = 1 if game.rules.ace_low else 0  # bit 0: an ace below the 2 (SK-O4)
    for s, mask in enumerate(masks):
        if mask.bit_count() < k - 1:
            continue
        if shift:
            mask = mask << 1 | (1 if mask & _ACE_BIT else 0)
        suit = _SUITS[s]
        for held, missing in _windows(mask, k, shift):
            out.append(([first[s << 4 | p] for p in held],
                        None if missing is None else PLACES[missing] + suit))
    return out


_SUITS = ("S", "H", "D", "C")


def _card_tables(game: Skarney) -> tuple[list[int], list[int]]:
    """Each card id's suit (0-3) and place in a sequence (2 = 0 .. A = 12; -1 for a
    joker), kept with the deal's faces they were read from."""
    kept = game._sk_card_tables
    codes = game._codes
    if kept is None or kept[0] is not codes:
        suits = [_SUITS.index(c[-1]) if c != JOKER else 0 for c in codes]
        places = [_PLACE.get(c[:-1], -1) if c != JOKER else -1 for c in codes]
        kept = game._sk_card_tables = (codes, (suits, places))
    return kept[1]


_WINDOWS: dict[tuple[int, int, int], list[tuple[tuple[int, ...], int | None]]] = {}


def _windows(mask: int, k: int, shift: int) -> list[tuple[tuple[int, ...], int | None]]:
    """The windows of k places a suit's mask fills but for one place at most: the places
    held and the one missing (None). Worked out once per mask (at most 16384 of them)."""
    key = (mask, k, shift)
    found = _WINDOWS.get(key)
    if found is not None:
        return found
    found = []
    need = k - 1
    full = (1 << k) - 1
    for lo in range(13 + shift - k + 1):
        if (mask & full << lo).bit_count() < need:
            continue
        held, missing = [], None
        for b in range(lo, lo + k):
            place = b - shift if b >= shift else _PLACE["A"]
            if mask >> b & 1:
                held.append(place)
            else:
                missing = place
        found.append((tuple(held), missing))
    _WINDOWS[key] = found
    return found


_PLACE = {r: n for n, r in enumerate(PLACES)}
_ACE_BIT = 1 << _PLACE["A"]


def contract_options(game: Skarney, hand: list[int], by_rank: dict[str, list[int]],
                     wilds: list[int], most: int) -> list[dict[str, Any]]:
    """SK-I2: one contract per pattern the hand can make, no more than `most` cards.
    Whenever the hand can make a pattern in any way, an option is found: a seat's screen
    offers the contract only when the listing has one."""
    found = []
    for pattern in game.contract():
        if sum(n for n, _ in pattern) > most:
            continue
        pick = _contract(game, pattern, by_rank, wilds)
        if pick is not None:
            found.append({"type": "meld", "melds": pick})
    return found


Choice = tuple[str, tuple[str, ...], str | None]
"""A slot's meld in the contract search: ("group", (), None) (its rank chosen last),
("sequence", the codes of its naturals, the code its wild card stands for or None), or
("wild_group", (), JOKER or "2")."""


def _contract(game: Skarney, pattern: list[tuple[int, str | None]],
              by_rank: dict[str, list[int]], wilds: list[int]) -> list[Any] | None:
    """The pattern's slots filled from the hand, or None. Cards of one code are alike, so
    the search counts codes rather than choosing ids: two groups of one rank and two
    sequences alike are found, and so is a sequence whose wild card stands in for a
    natural another meld needs. The groups' ranks are chosen last, from what the
    sequences left."""
    codes = game._codes
    slots = sorted(pattern, key=lambda s: (s[1] is None, s))
    max_group = game.options["max_group_size"]
    jokers = [i for i in wilds if codes[i] == JOKER]
    found_runs = {k: _runs(game, by_rank, k)
                  for k in {k for k, kind in slots if kind in (None, "sequence")}}
    runs = {k: [(*(codes[i] for i in naturals), *filter(None, [declared]))
                for naturals, declared in found if declared is None or wilds]
            for k, found in found_runs.items()}
    held: dict[str, int] = {}
    for ids in by_rank.values():
        for i in ids:
            held[codes[i]] = held.get(codes[i], 0) + 1
    # Sequences of naturals only: a window all of whose places are held, as often as the
    # hand holds each of its codes.
    natural_runs = sum(min(held[codes[i]] for i in naturals)
                       for found in found_runs.values() for naturals, declared in found
                       if declared is None)
    if not _may_fill(slots, by_rank, wilds, runs, codes, natural_runs):
        return None
    # Each slot's kinds: a group, a window of k places of one suit (its codes), a wild group.
    choices: list[list[tuple[str, tuple[str, ...], str | None]]] = []
    for k, kind in slots:
        mine: list[tuple[str, tuple[str, ...], str | None]] = []
        if kind in (None, "group") and (max_group is None or k <= max_group):
            mine.append(("group", (), None))
        if kind in (None, "sequence"):
            mine.extend(("sequence", window, None) for window in runs[k])
        if kind in (None, "wild_group"):
            mine.extend(("wild_group", (), w) for w, n in ((JOKER, len(jokers)),
                                                           ("2", len(wilds) - len(jokers)))
                        if n >= k)
        if not mine:
            return None
        choices.append(mine)
    wild_count = {JOKER: len(jokers), "2": len(wilds) - len(jokers)}
    # Each rank's naturals the sequences picked so far leave, in table order (never the
    # hand index's dict order, which a reloaded game does not share).
    order = sorted(by_rank, key=_PLACE.__getitem__)
    left = {r: len(by_rank[r]) for r in order}
    # The codes some later slot's sequences hold (a wild card standing in for a natural
    # only pays when something else could use the natural), and the smallest group.
    later: list[set[str]] = [set() for _ in slots]
    for n in range(len(slots) - 2, -1, -1):
        later[n] = later[n + 1].union(*(w for kind, w, _ in choices[n + 1]
                                        if kind == "sequence"))
    # A natural of a rank with n left serves its groups better than a wild card would
    # only when n is a multiple of k - 1: then without it one group fewer can be made
    # (k - 1 naturals and a wild card each); otherwise the natural in the sequence and a
    # wild card in a group come to the same, or to fewer wild cards.
    group_sizes = {k for k, kind in slots if kind in (None, "group")}
    picked: list[Choice] = []
    ranks: list[tuple[str, int]] = []

    def fill(n: int, start: int, free: int) -> bool:
        """Slots from `n` on, given the wild cards still free; equal slots take choices in
        non-decreasing order so no contract is tried twice in another order."""
        if n == len(slots):
            sizes = [k for (k, _), c in zip(slots, picked, strict=True) if c[0] == "group"]
            if sizes and min(sizes) == max(sizes) \
                    and _most_groups(sizes[0], left.values(), free) < len(sizes):
                return False
            return _group_ranks(sizes, order, left, free, ranks)
        k = slots[n][0]
        same = n + 1 < len(slots) and slots[n + 1] == slots[n]
        for c in range(start, len(choices[n])):
            kind, window, wild = choices[n][c]
            if kind == "group":
                tries: list[tuple[Choice, int]] = [(choices[n][c], 0)]
            elif kind == "wild_group":
                if wild_count[wild] < k or free < k:  # type: ignore[index]
                    continue
                tries = [(choices[n][c], k)]
            else:
                missing = [code for code in window if not held.get(code)]
                if len(missing) > 1:
                    continue
                if missing:  # the one wild card a sequence may hold stands for it
                    tries = [(("sequence", tuple(x for x in window if x != missing[0]),
                               missing[0]), 1)] if free else []
                else:  # every natural held; a wild card may still stand for one of them
                    tries = [(("sequence", window, None), 0)]
                    if free:  # ...that a later sequence or a group could use instead
                        tries += [(("sequence", tuple(x for x in window if x != place),
                                    place), 1) for place in window
                                  if place in later[n] or any(
                                      left[place[:-1]] % (g - 1) == 0 for g in group_sizes)]
            for choice, need in tries:
                for code in choice[1]:
                    held[code] -= 1
                    left[code[:-1]] -= 1
                if kind == "wild_group":
                    wild_count[wild] -= k  # type: ignore[index]
                picked.append(choice)
                if fill(n + 1, c if same else 0, free - need):
                    return True
                picked.pop()
                for code in choice[1]:
                    held[code] += 1
                    left[code[:-1]] += 1
                if kind == "wild_group":
                    wild_count[wild] += k  # type: ignore[index]
        return False

    if not fill(0, 0, len(wilds)):
        return None
    return _contract_melds(slots, picked, ranks, by_rank, wilds, codes)


def _may_fill(slots: list[tuple[int, str | None]], by_rank: dict[str, list[int]],
              wilds: list[int], runs: dict[int, list[tuple[str, ...]]], codes: list[str],
              natural_runs: int) -> bool:
    """Whether the hand has cards enough for the slots at all. Each meld holds a wild card
    or is made of naturals only, and a meld of naturals is a group of k or more of a rank
    or a sequence all of whose places are held; only naturals that some group or sequence
    could hold count, and each meld but a wild group holds one wild card at most. Most
    hands before a contract fail here, before any search (the search alone made
    Skarney's legal loop a quarter slower)."""
    total = sum(k for k, _ in slots)
    w = len(wilds)
    k = min(k for k, _ in slots)
    if w + natural_runs + sum(len(ids) // k for ids in by_rank.values()) < len(slots):
        return False
    in_runs = {code for windows in runs.values() for window in windows for code in window}
    meldable = 0
    for ids in by_rank.values():
        n = len(ids)
        if n >= k or (w and n == k - 1):
            meldable += n
        elif in_runs:
            meldable += sum(1 for i in ids if codes[i] in in_runs)
    if meldable + w < total:
        return False
    return w >= k or meldable >= total - len(slots)


def _most_groups(k: int, counts: Iterable[int], free: int) -> int:
    """How many groups of k cards the ranks' natural counts make with `free` wild cards,
    one wild card a group at most. A rank of c naturals makes c // k groups alone; one
    more costs k - c % k wild cards, and each after that k, up to c // (k - 1) groups in
    all. The later ones never cost less than a first one, so the cheapest first ones are
    taken, then the rest k at a time. (The search asks this at every leaf: placing the
    groups one by one made listings three times slower.)"""
    made = 0
    firsts = []
    more = 0
    for c in counts:
        q, r = divmod(c, k)
        made += q
        extra = c // (k - 1) - q
        if extra > 0:
            firsts.append(k - r)
            more += extra - 1
    for cost in sorted(firsts):
        if cost > free:
            return made
        free -= cost
        made += 1
    return made + min(more, free // k)


def _group_ranks(sizes: list[int], order: list[str], left: dict[str, int], free: int,
                 out: list[tuple[str, int]]) -> bool:
    """A rank for each group size (largest first) from the naturals `left` (ranks in
    `order`) and `free` wild cards; `out` gets (rank, naturals taken) in `sizes`' order. A
    group holding k naturals or more takes no wild card unless another group of its rank
    needs the naturals saved (7S 7H JK and 7D 7C 2C): only groups are left to place, so
    its rank's naturals are of no use to anything else."""
    if not sizes:
        return True
    by_size = sorted(range(len(sizes)), key=lambda j: -sizes[j])
    count = dict(left)
    chosen: dict[int, tuple[str, int]] = {}

    def place(j: int, start: int, free: int) -> bool:
        if j == len(by_size):
            return True
        k = sizes[by_size[j]]
        same = j + 1 < len(by_size) and sizes[by_size[j + 1]] == k
        for x in range(start, len(order)):
            r = order[x]
            have = count[r]
            if have < k - 1:
                continue
            takes = [k] if have >= k else []
            if free and (have == k - 1 or have >= 2 * k - 2):
                takes.append(k - 1)
            for take in takes:
                count[r] -= take
                chosen[by_size[j]] = (r, take)
                if place(j + 1, x if same else 0, free - (take < k)):
                    return True
                count[r] += take
        return False

    if not place(0, 0, free):
        return False
    out.extend(chosen[j] for j in range(len(sizes)))
    return True


def _contract_melds(slots: list[tuple[int, str | None]], picked: list[Choice],
                    ranks: list[tuple[str, int]], by_rank: dict[str, list[int]],
                    wilds: list[int], codes: list[str]) -> list[Any]:
    """The contract found, as ids: each code's cards in hand order, the wild groups'
    cards first of their kind, and then the other wild cards in hand order."""
    used: set[int] = set()
    by_code: dict[str, list[int]] = {}
    for ids in by_rank.values():
        for i in ids:
            by_code.setdefault(codes[i], []).append(i)

    def take(pool: list[int], n: int) -> list[int]:
        got = [i for i in pool if i not in used][:n]
        used.update(got)
        return got

    melds: list[Any] = [None] * len(slots)
    for n, ((k, _), (kind, _, wild)) in enumerate(zip(slots, picked, strict=True)):
        if kind == "wild_group":
            melds[n] = take([i for i in wilds if (codes[i] == JOKER) == (wild == JOKER)], k)
    for n, (kind, naturals, declared) in enumerate(picked):
        if kind == "sequence":
            cards = [take(by_code[code], 1)[0] for code in naturals]
            if declared is None:
                melds[n] = cards
            else:
                w = take(wilds, 1)[0]
                melds[n] = {"cards": [*cards, w], "as": {w: declared}}
    groups = iter(ranks)
    for n, (k, _) in enumerate(slots):
        if picked[n][0] == "group":
            rank, count = next(groups)
            cards = take(by_rank[rank], count)
            melds[n] = cards if count == k else [*cards, *take(wilds, 1)]
    return melds


def new_meld_options(game: Skarney, by_rank: dict[str, list[int]], wilds: list[int],
                     most: int, multiples: set[str] | None = None) -> list[dict[str, Any]]:
    """New 3-card melds once the team is down: a group per rank held twice or more (a
    pair takes a wild card), the wild groups, and only where there is none of those, the
    sequences (a guide, not every meld: `_runs` was a tenth of the legal loop)."""
    if most < 3:
        return []
    out = []
    # In rank order: a set's order, and the hand index's, follow the hand's history,
    # which a game loaded from its state does not share (the listing must not differ).
    ranks = sorted(by_rank if wilds or multiples is None else multiples,
                   key=_PLACE.__getitem__)
    for r in ranks:
        ids = by_rank[r]
        if len(ids) >= 3:
            out.append({"type": "meld", "melds": [ids[:3]]})
        elif wilds and len(ids) == 2:
            out.append({"type": "meld", "melds": [[*ids, wilds[0]]]})
    if len(wilds) >= 3:
        codes = game._codes
        for joker in (True, False):
            same = [i for i in wilds if (codes[i] == JOKER) == joker]
            if len(same) >= 3:
                out.append({"type": "meld", "melds": [same[:3]]})
    if out:
        return out
    wild = wilds[0] if wilds else None
    for naturals, declared in _runs(game, by_rank, 3):
        if declared is None:
            out.append({"type": "meld", "melds": [naturals]})
        elif wild is not None:
            out.append({"type": "meld", "melds": [
                {"cards": [*naturals, wild], "as": {wild: declared}}]})
    return out


def lay_off_targets(game: Skarney, seat: int, by_rank: dict[str, list[int]],
                    wilds: list[int], most: int) -> list[dict[str, Any]]:
    """SK-M9: single cards onto the team's melds that have room this turn: each target
    lists the cards the meld takes as they are; a wild card that must declare its place
    in a sequence is a target of its own, with its `as`."""
    if most < 1:
        return []
    melds = _table(game)[0][game.team_of[seat]]
    if not melds:
        return []
    codes = game._codes
    limit = game.options["layoff_limit"]
    done = game.layoffs_this_turn if limit is not None else None
    wild = wilds[0] if wilds else None
    targets: list[dict[str, Any]] = []
    add = targets.append
    for kind, m, takes in melds:
        if done and done.get(m.id, 0) >= limit:
            continue
        if kind == _RUN:
            cards: list[int] = []
            for rank, code in takes:
                for i in by_rank.get(rank, ()):
                    if codes[i] == code:
                        cards.append(i)
                if wild is not None and not m.wilds:
                    add({"meld": m.id, "cards": [wild], "as": {wild: code}})
        elif kind == _GROUP:
            cards = list(by_rank.get(takes, ()))
            if wild is not None and not m.wilds:
                cards.append(wild)
        else:
            cards = []
            for i in wilds:
                if (codes[i] == JOKER) == takes:
                    cards.append(i)
        if cards:
            add({"meld": m.id, "cards": cards})
    return targets


def run_ends(game: Skarney, m: Run) -> list[str]:
    """The codes that extend a sequence at either end (asked once per meld value: see
    `_meld_parts`)."""
    declared = dict(m.declared)
    return _run_ends(game, [declared.get(i) or game._codes[i] for i in m.cards], m.suit)


def _run_ends(game: Skarney, faces: list[str], suit: str) -> list[str]:
    """The codes that extend a sequence at either end (aces high; low where allowed)."""
    orders = sorted(RANK_ORDER[c[:-1]] for c in faces)
    if game.rules.ace_low and orders[0] == 0 and orders[-1] == RANK_ORDER["A"]:
        orders = sorted(-1 if o == RANK_ORDER["A"] else o for o in orders)  # A-2-3...
    low, high = orders[0], orders[-1]
    out = []
    if low > 0:
        out.append(PLACES[low - 1] + suit)
    elif game.rules.ace_low and low == 0 and high < RANK_ORDER["A"] - 1:
        out.append("A" + suit)
    if high < RANK_ORDER["A"]:
        out.append(PLACES[high + 1] + suit)
    return out
