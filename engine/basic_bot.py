"""The `basic` bot: a sensible club player's habits, from the seat's view alone.

It reads only what `view(seat)` shows (its hand, the melds, the pile's top and size, the
counts, the scores and the `legal` listing) and keeps nothing between calls, so it plays
the same over the network as in tests, and a card it cannot see never changes what it
does. What it does, in order of what the listing offers:
- takes the pile whenever it may (the option that spends the fewest wild cards);
- melds as many cards as one meld action can (natural blocks first, then by value per
  card, within the listing's limits), so the side heads for its canastas and out;
- lays off every card it can onto its side's melds, naturals before wild cards;
- goes out when it may, unless its side's melds are far behind another side's;
- discards the card it needs least: never a wild card unless behind (a wild freezes
  the pile against the next player where the game says so), a card that blocks the
  pile for the next player when it has one, else a single card of a rank it holds no
  pair of and that the next player's side has not melded, the dearest first (it costs
  most if an opponent goes out);
- asks its partner to go out when the listing offers it, and answers a partner's
  question by what its own hand would cost.
A game adds its own habits through `Tactics` (its `BOT_TACTICS`): which discards block
or freeze the pile, and how to choose among kinds the shared habits do not know.
Anything else the listing offers in a kind this bot has no habit for is chosen at
random among the listing's concrete options (seeded), never invented.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, NamedTuple

from .bots import RandomBot
from .listing import by_value, pick_blocks

WILD_LAY_OFF_GAP = 7
"""A wild card goes onto a meld at most this many cards short of a canasta. Against the
random bot, wild cards laid off anywhere won more games than wild cards kept for the
last places of a canasta (Looking and Down, 80 one-deal games: 61 against 56)."""

GOING_OUT_EDGE = 500
"""What going out is reckoned to be worth against the other sides' melds: its bonus and
the cards they are left holding (going out whenever allowed won the most games against
the random bot; a side far behind still plays on)."""

HOLD_POINTS = 100
"""A partner is allowed to go out when this hand would cost at most this much."""


class Face(NamedTuple):
    rank: str
    wild: bool
    blocks: bool
    points: int


class _Faces(dict[str, Face]):
    """A face's `Face`, worked out on first asking (`Tactics.faces`)."""

    def __init__(self, tactics: Tactics, view: dict[str, Any]) -> None:
        super().__init__()
        self.tactics, self.view = tactics, view

    def __missing__(self, code: str) -> Face:
        t, v = self.tactics, self.view
        face = self[code] = Face(t.rank(code), t.is_wild(code, v), t.blocks_pile(code, v),
                                 t.points(code, v))
        return face


class Tactics:
    """What a game tells the basic bot about itself; the defaults suit most of the family."""

    complete_at = 7
    """Cards in a canasta."""

    discard_kind = "discard"
    """The action that ends a turn by giving up one card (Skarney offers it instead)."""

    kind_order = ("answer", "next_deal", "take_pile", "draw", "ask_to_go_out", "meld",
                  "lay_off")
    """The shared habits, first offered first (Canastone's initial meld precedes the draw)."""

    def rank(self, code: str) -> str:
        return code[:-1] if code != "JK" else "JK"

    def faces(self, view: dict[str, Any]) -> dict[str, Face]:
        """What the bot asks of a face (rank, wild, whether it blocks the pile, points),
        kept per face and set of wild ranks, so a game's `rank`, `is_wild`, `blocks_pile`
        and `points` must depend on nothing else. The bot asks it of every card in hand
        and on the table several times a decision: asking the methods each time made the
        search bot's rollouts (basic play of 48 actions) 1.2 to 1.55 times as slow
        (Canastone 10.9 against 7.0 ms, Looking and Down 9.0 against 6.9, Hand and Foot
        6.5 against 5.5): fewer deals of the unseen cards in its time."""
        wild = tuple(view.get("wild_ranks", ()))
        table = self.__dict__.setdefault("_faces", {}).get(wild)
        if table is None:
            table = self.__dict__["_faces"][wild] = _Faces(self, {"wild_ranks": wild})
        return table

    def is_wild(self, code: str, view: dict[str, Any]) -> bool:
        return code == "JK" or self.rank(code) in view.get("wild_ranks", ())

    def holds_wild(self, meld: dict[str, Any], view: dict[str, Any]) -> bool:
        """Whether a meld as the view shows it has a wild card in it."""
        faces = self.faces(view)
        return any(faces[c["code"]].wild for c in meld.get("cards", ()))

    @staticmethod
    def next_seat(view: dict[str, Any]) -> int | None:
        """The seat that plays after the view's own; None for a spectator."""
        seat, seats = view.get("seat"), sum(len(t) for t in view.get("teams") or ())
        return None if seat is None or not seats else (seat + 1) % seats

    @staticmethod
    def side_of(view: dict[str, Any], seat: int | None = None) -> int | None:
        """The team of `seat` (the view's own seat by default); None for a spectator."""
        seat = view.get("seat") if seat is None else seat
        return next((i for i, t in enumerate(view.get("teams") or ()) if seat in t), None)

    def points(self, code: str, view: dict[str, Any]) -> int:
        """Card points as the family counts them (used to choose, never to score)."""
        rank = self.rank(code)
        if code == "JK":
            return 50
        if rank in ("2", "A"):
            return 20
        if rank in ("K", "Q", "J", "10", "9", "8"):
            return 10
        return 5

    def blocks_pile(self, code: str, view: dict[str, Any]) -> bool:
        """A discard the next player cannot take the pile with (threes, in most games)."""
        return self.rank(code) == "3"

    def freezes_pile(self, code: str, view: dict[str, Any]) -> bool:
        """A discard that makes the pile harder for everyone to take."""
        return self.is_wild(code, view)

    judge_by_score_sheet = True
    """Whether the search bot judges a deal it has not played to its end by the game's own
    score sheet ending now (`score_if_ended`), or by the table alone (melds' card points,
    300 a canasta, less 10 a held card: `SearchBot._table_value`). Looking and Down 2
    seats, 20 seeds from both sides: the same 62% either way, margin +914 a game by the
    sheet against +604 by the table."""

    search_horizon = 48
    """Actions the search bot plays out after a candidate before it judges the table as it
    stands (`judge_by_score_sheet`), unless the deal ends first. A deal of Hand and
    Foot or Canastone has a hundred and more actions left for most of it: played to the
    end, a round of candidates took most of the 200 ms and the search kept to the basic
    move for want of deals (Canastone: 13 of 24 games against basic; 16 of 24 at 48)."""

    def wild_onto(self, meld: dict[str, Any], view: dict[str, Any]) -> bool:
        """Whether a wild card may go onto this meld of the side's (the shared habit:
        anywhere close enough to a canasta)."""
        return True

    def freeze_now(self, view: dict[str, Any], behind: bool) -> bool:
        """Whether to give up a wild card to freeze the pile (the shared habit: when the
        side is behind on the totals). Never in a game without a pile (its views have no
        ``discard``): Skarney's bot offered jokers and twos to opponents, who took them
        (play-test: some twenty in one game)."""
        return behind and "discard" in view

    def kept_sizes(self, view: dict[str, Any]) -> tuple[int, ...]:
        """How many natural cards of one rank in hand are kept there to take the pile with,
        rather than melded or laid off (a pair melded can no longer take it): a rank held
        that many times is kept. The shared habit melds whatever it can: none."""
        return ()

    def other(self, entry: dict[str, Any], view: dict[str, Any],
              rng: random.Random) -> dict[str, Any] | None:
        """A game's own choice for a kind the shared habits do not cover; None: random."""
        return None


class BasicBot:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self._random = RandomBot(seed)

    def __repr__(self) -> str:
        return "BasicBot(...)"

    def act(self, view: dict[str, Any]) -> dict[str, Any]:
        legal = view["legal"]
        if not legal:
            raise ValueError("this view's seat has nothing to do now")
        tactics = tactics_for(view)
        kinds = {entry["type"]: entry for entry in legal}
        for kind in tactics.kind_order:
            entry = kinds.get(kind)
            if entry is None:
                continue
            action = getattr(self, "_" + kind)(entry, view, tactics)
            if action is not None:
                return action
        for entry in legal:  # the game's own kinds
            if entry["type"] == tactics.discard_kind:
                continue
            action = tactics.other(entry, view, self.rng)
            if action is not None:
                return action
        if tactics.discard_kind in kinds:
            return self._discard(kinds[tactics.discard_kind], view, tactics)
        return self._any(legal)

    # ---------------------------------------------------------------- the shared habits
    def _answer(self, entry: dict[str, Any], view: dict[str, Any],
                tactics: Tactics) -> dict[str, Any]:
        cost = sum(tactics.points(c["code"], view) for c in view.get("hand", ()))
        allow = cost <= HOLD_POINTS
        if allow not in entry.get("choices", (True, False)):
            allow = not allow
        return {"type": "answer", "answer": {"allow": allow}}

    def _next_deal(self, entry: dict[str, Any], view: dict[str, Any],
                   tactics: Tactics) -> dict[str, Any]:
        return {"type": "next_deal"}

    def _take_pile(self, entry: dict[str, Any], view: dict[str, Any],
                   tactics: Tactics) -> dict[str, Any] | None:
        options = entry.get("options") or []
        if not options:
            return None
        codes = {c["id"]: c["code"] for c in view.get("hand", ())}

        def wilds_spent(option: dict[str, Any]) -> int:
            return sum(tactics.is_wild(codes.get(i, ""), view) for i in option.get("cards", ()))

        return dict(min(options, key=wilds_spent))

    def _draw(self, entry: dict[str, Any], view: dict[str, Any],
              tactics: Tactics) -> dict[str, Any]:
        return {"type": "draw"}

    def _ask_to_go_out(self, entry: dict[str, Any], view: dict[str, Any],
                       tactics: Tactics) -> dict[str, Any] | None:
        if entry.get("options"):  # asks that carry their going-out plan: one that pays
            return dict(entry["options"][0]) if self._may_go_out(view, tactics) else None
        hand = view.get("hand", ())
        return {"type": "ask_to_go_out"} if len(hand) <= 3 else None

    def _meld(self, entry: dict[str, Any], view: dict[str, Any],
              tactics: Tactics) -> dict[str, Any] | None:
        if "options" in entry:  # concrete melds: the one that puts down the most cards
            options = entry["options"]
            return dict(max(options, key=lambda o: sum(
                len(m["cards"] if isinstance(m, dict) else m) for m in o.get("melds", ()))))
        blocks, need, limit = entry["blocks"], entry["min_count"], entry["max_cards"]
        if not self._may_go_out(view, tactics):
            limit = min(limit, len(view.get("hand", ())) - 2)
        codes = {c["id"]: c["code"] for c in view.get("hand", ())}
        kept = self._kept_pairs(view, tactics, codes)
        blocks = [b for b in blocks if not kept.intersection(b["cards"])]

        def natural(block: dict[str, Any]) -> bool:
            return not any(tactics.is_wild(codes.get(i, ""), view) for i in block["cards"])

        # Natural blocks first (a natural canasta pays more); wild cards only as needed.
        order = [b for b in by_value(blocks) if natural(b)]
        order += [b for b in by_value(blocks) if not natural(b)]
        first = pick_blocks(order, need, limit)
        if not first:
            return None
        chosen, used = list(first), sum(len(b["cards"]) for b in first)
        for block in order:  # then every other natural block that still fits
            if block not in chosen and used + len(block["cards"]) <= limit:
                chosen.append(block)
                used += len(block["cards"])
        return {"type": "meld", "melds": [list(b["cards"]) for b in chosen]}

    def _lay_off(self, entry: dict[str, Any], view: dict[str, Any],
                 tactics: Tactics) -> dict[str, Any] | None:
        if "options" in entry:
            return dict(entry["options"][0]) if entry["options"] else None
        if len(view.get("hand", ())) <= 2 and not self._may_go_out(view, tactics):
            return None
        codes = {c["id"]: c["code"] for c in view.get("hand", ())}
        melds = {m["id"]: m for m in view.get("melds", ())}
        kept = self._kept_pairs(view, tactics, codes)
        faces = tactics.faces(view)
        wild_later = None
        for target in entry["targets"]:
            wild_fits: bool | None = None  # whether a wild card may go here: asked once
            for card in target["cards"]:
                if card in kept:
                    continue
                action = {"type": "lay_off", "meld": target["meld"], "cards": [card]}
                if "as" in target:  # a wild card that says its place (one per such target)
                    action["as"] = target["as"]
                if not faces[codes.get(card, "")].wild:
                    return action
                if wild_later is not None:
                    continue
                if wild_fits is None:
                    meld = melds.get(target["meld"])
                    wild_fits = meld is not None and meld.get("rank") is not None \
                        and self._short_of_canasta(meld, tactics) <= WILD_LAY_OFF_GAP \
                        and tactics.wild_onto(meld, view)
                if wild_fits:
                    wild_later = action
        return wild_later

    @staticmethod
    def _short_of_canasta(meld: dict[str, Any], tactics: Tactics) -> int:
        return max(0, tactics.complete_at - meld.get("size", len(meld.get("cards", ()))))

    def _discard(self, entry: dict[str, Any], view: dict[str, Any],
                 tactics: Tactics) -> dict[str, Any]:
        cards = entry["cards"]
        codes = {c["id"]: c["code"] for c in view.get("hand", ())}
        # Pairs as the hand holds them: a card the listing leaves out (Skarney's card that
        # may not be passed back, SK-F7) still pairs with its like, which was otherwise
        # given away as a single; two basic bots passed three aces to and fro for ever.
        held = Counter(tactics.rank(code) for code in codes.values())
        danger = self._next_sides_ranks(view)
        freeze = tactics.freeze_now(view, self._behind(view))

        faces = tactics.faces(view)
        # Of like cards, the rank most often in sight (in hand and on the table) goes
        # first: fewer of it are left for the next player to hold a pair of and take the
        # pile with. Looking and Down at 6 seats, 600 games against the random bot:
        # 92.3% won before, 97.3% after (seeds 60-159; piles there grow to 60-90 cards).
        seen = Counter(held)
        seen.update([faces[c["code"]].rank for meld in view.get("melds", ())
                     for c in meld.get("cards", ())])  # one update: one per meld was slow

        def cost(card: int) -> tuple[int, int, int, int]:
            code = codes.get(card, "")
            face = faces[code]
            if face.wild:
                return (0 if freeze and tactics.freezes_pile(code, view) else 5, 0, 0, card)
            if face.blocks:
                return (1, 0, -face.points, card)
            cls = 4 if face.rank in danger else 3 if held[face.rank] >= 2 else 2
            return (cls, -seen[face.rank], -face.points, card)

        return {"type": entry["type"], "card": min(cards, key=cost)}

    # ---------------------------------------------------------------- reading the view
    def _kept_pairs(self, view: dict[str, Any], tactics: Tactics,
                    codes: dict[int, str]) -> set[int]:
        """The natural cards of each rank held as many times as the game keeps for the
        pile (`Tactics.kept_sizes`)."""
        sizes = tactics.kept_sizes(view)
        if not sizes:
            return set()
        by_rank: dict[str, list[int]] = {}
        faces = tactics.faces(view)
        for card, code in codes.items():
            face = faces[code]
            if not face.wild and not face.blocks:
                by_rank.setdefault(face.rank, []).append(card)
        return {c for ids in by_rank.values() if len(ids) in sizes for c in ids}

    def _may_go_out(self, view: dict[str, Any], tactics: Tactics) -> bool:
        """Going out ends the deal: worth it on the last hand only when this side's melds
        are ahead of every other side's (a side behind plays on and melds more)."""
        seat, mine = view.get("seat"), tactics.side_of(view)
        counts = (view.get("counts") or {}).get(seat, {})
        if any(isinstance(v, int) and not isinstance(v, bool) and v > 0
               for k, v in counts.items() if k != "hand"):
            return True  # a second hand is still to come: emptying this one is progress
        value = Counter[int]()
        faces = tactics.faces(view)
        for m in view.get("melds", ()):
            value[m["team"]] += sum(faces[c["code"]].points for c in m["cards"])
            if m.get("complete"):
                value[m["team"]] += 300
        ours = (value[mine] if mine is not None else 0) + GOING_OUT_EDGE
        return all(ours > v for t, v in value.items() if t != mine)

    def _next_sides_ranks(self, view: dict[str, Any]) -> set[str]:
        """The ranks the next seat's side has melds of: feeding it one helps it take the pile."""
        following = Tactics.next_seat(view)
        if following is None:
            return set()
        team, mine = Tactics.side_of(view, following), Tactics.side_of(view)
        if team is None or team == mine:
            return set()
        return {m["rank"] for m in view.get("melds", ()) if m.get("team") == team and m.get("rank")}

    def _behind(self, view: dict[str, Any]) -> bool:
        totals, mine = view.get("totals") or {}, Tactics.side_of(view)
        if mine is None or not totals:
            return False
        ours = totals.get(mine, 0)
        return any(v > ours for t, v in totals.items() if t != mine)

    def _any(self, legal: list[dict[str, Any]]) -> dict[str, Any]:
        return self._random.act({"legal": legal})


def tactics_for(view: dict[str, Any]) -> Tactics:
    name = view.get("game", "")
    tactics = _TACTICS.get(name)
    if tactics is None:
        from .registry import GAMES  # the registry imports the games, which import bots

        info = GAMES.get(name)
        tactics = getattr(info.factory, "BOT_TACTICS", None) or SHARED if info else SHARED
        if info:
            _TACTICS[name] = tactics
    return tactics


_TACTICS: dict[str, Tactics] = {}
"""Each game's tactics by name: the bot asks on every decision, and the search bot's
rollouts make thousands of them a second (the registry's import and lookup each time
were a tenth of the basic bot's time in Looking and Down)."""


SHARED = Tactics()
