"""Decks of any number of packs and jokers, shuffled and given ids.

Ids are a second, independent permutation: the card at shuffled position i gets
``ids[i]``, so an id tells nothing of a card's face, nor of where or when it was dealt.
"""

from __future__ import annotations

import random

from .cards import JOKER, RANKS, SUITS


def pack_codes(packs: int, jokers: int) -> list[str]:
    """Every code of the deck in a fixed canonical order (packs, then jokers)."""
    one_pack = [r + s for s in SUITS for r in RANKS]
    return one_pack * packs + [JOKER] * jokers


def deal_rng(game: str, seed: int, deal: int, attempt: int = 0) -> random.Random:
    """The one random generator of a deal (string seeds hash the same on every run)."""
    return random.Random(f"{game}:{seed}:{deal}:{attempt}")


def shuffled_deck(
    game: str, seed: int, deal: int, packs: int, jokers: int, attempt: int = 0
) -> tuple[list[str], list[int], random.Random]:
    """Return (codes in dealing order, ids in the same order, the deal's generator).

    The generator is returned so a game can draw further numbers (exact-cut bonuses)
    right after the shuffle, as the rules files specify.
    """
    rng = deal_rng(game, seed, deal, attempt)
    codes = pack_codes(packs, jokers)
    shuffle(rng, codes)
    ids = list(range(len(codes)))
    shuffle(random.Random(f"{game}:{seed}:{deal}:{attempt}:ids"), ids)
    return codes, ids, rng


def shuffle(rng: random.Random, x: list) -> None:
    """`rng.shuffle(x)` bit for bit: the same Fisher-Yates swaps, drawing each index with
    `getrandbits` and rejecting values out of range, as CPython's `Random.shuffle` does.

    Written out because two shuffles of the whole deck were most of a deal's cost (one
    method call fewer per card, and the draws taken in bands of one bit length, so a
    step does nothing but draw and swap), and it pins the deal to this algorithm whatever the
    Python version. A test checks it against `Random.shuffle`.
    """
    size = len(x)
    if size < 2:
        return
    getrandbits = rng.getrandbits
    # The draws come in bands of one bit length k (the bit length of n = i + 1); within a
    # band k is fixed and "j out of range" is j > i, so the loop body does nothing else.
    start = size - 1
    k = size.bit_length()
    while start:
        stop = (1 << (k - 1)) - 2  # just past the band's last i, whose n is 2 ** (k - 1)
        for i in range(start, stop, -1):
            j = getrandbits(k)
            while j > i:
                j = getrandbits(k)
            x[i], x[j] = x[j], x[i]
        start = stop
        k -= 1
