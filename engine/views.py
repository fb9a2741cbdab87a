"""The public half of every family game's view, with the parts kept between versions.

A view is built from the state's public part (kept per state version, and shared by
every seat's view of that version) and the seat's own hand and listing. Parts that change
less often than every action (the melds, the counts, the scores) are kept and shared
between the views of successive versions: views are read-only for their consumers.

A game gives `PILE_OF` (a complete meld's kind -> the kind of canasta it counts as),
`SECOND_ZONE` (the `zones` key of the second hands), `COUNT_FLAG` (the per-seat flag
`counts` shows beside the sizes and the stage), `_public_extra()` for its own keys (the
same keys in every state: the frame takes them and their order from its first answer)
and, where a map made and merged per view costs too
much, `_set_public_extra(view)` setting the same keys in place; `PILE = False` for a game
without a discard pile (no `discard`, `piles`, `min_count` or `red_threes`).
"""

from __future__ import annotations

from typing import Any, ClassVar

from .melds import Meld, Run


class PublicParts:
    """Mixed into `CanastaGame`; reads the game's state, never changes it. Its caches are
    slots of `CanastaGame` (a mixin with slots of its own could not share a layout)."""

    __slots__ = ()
    KEPT: ClassVar[tuple[str, ...]] = (
        "_opened_kept", "_public_frame_kept", "_counts_kept", "_fixed_public_parts",
        "_melds_public_cache", "_red_threes_cache")

    PILE_OF: ClassVar[dict[str, str]]
    SECOND_ZONE: ClassVar[str]
    COUNT_FLAG: ClassVar[str]

    def _public_extra(self) -> dict[str, Any]:
        return {}

    def _fixed_extra(self) -> dict[str, Any]:
        return {}

    def _describe_meld(self, m: Meld) -> dict[str, Any]:
        d = {"id": m.id, "team": m.team, "rank": m.rank, "cards": self._cards_view(m.cards),
             "size": len(m.cards), "complete": len(m.cards) >= self.rules.complete_at,
             "kind": self.meld_kind(m)}
        if type(m) is Run:  # a sequence: its suit, and what each wild card stands for
            d["suit"] = m.suit
            d["as"] = {i: code for i, code in m.declared}
        return d

    def _build_public_view(self) -> dict[str, Any]:
        # Each version's view starts as a copy of the game's frame (every key in its order,
        # the parts fixed for the game set), and what may have changed is set in it: a
        # copy of a dict of the same keys costs a fraction of building one from a literal
        # (and the game's own keys are set in place rather than merged from a map).
        view = dict(self._public_frame())
        melds, piles, melded = self._melds_public()
        counts, in_hands, in_second = self._counts_public()
        opened = self.opened
        # `opened` and `min_count` as shown change a few times a deal: kept till then (the
        # minimum counts follow the deal and the totals, which change only between deals).
        key = (*opened, self.deal_number, len(self.score_sheet))
        kept = self._opened_kept
        if kept is None or kept[0] != key:
            need = [0 if o else self.min_count(t) for t, o in enumerate(opened)]
            kept = self._opened_kept = (key, dict(enumerate(opened)),
                                        dict(enumerate(need)))
        placed = self.rules.red_threes_placed
        view["deal_number"] = self.deal_number
        view["dealer"] = self.dealer
        view["phase"] = self.phase
        view["turn"] = self.turn
        view["to_act"] = sorted(self._to_act_list)
        view["counts"] = counts
        view["melds"] = melds
        stock = len(self.stock)
        view["stock"] = stock
        if self.PILE:
            top = self.discard[-1] if self.discard else None
            view["discard"] = {
                "top": self._card_views[top] if top is not None else None,
                "size": len(self.discard), "frozen": False,
                # (a wild top blocks it where the rules say so, LD-P2)
                "blocked": top is None or self._codes[top][0] == "3"
                or (self.rules.wild_blocks_pile and self._wild[top])}
            view["piles"] = piles
            view["min_count"] = kept[2]
            if placed:
                view["red_threes"] = self._red_threes_public()
        view["zones"] = {"stock": stock, "discard": len(self.discard),
                         "hands": in_hands, self.SECOND_ZONE: in_second,
                         "melds": melded,
                         "red_threes": sum(map(len, self.red_threes)) if placed else 0}
        view["opened"] = kept[1]
        view["totals"], view["score_sheet"], view["winners"] = self._scores_public()
        view["over"] = self.over
        self._set_public_extra(view)
        return view

    # The base view's pile keys (`discard`, `piles`, `min_count`, `red_threes`); a game
    # without a discard pile (Skarney) leaves them out.
    PILE: ClassVar[bool] = True

    def _public_frame(self) -> dict[str, Any]:
        """The public view's keys in their order (the family's, then the game's own) with
        the values fixed for the game set: teams, wild ranks, the red threes where the
        rules never place them. Kept for the game; each view copies it."""
        frame = self._public_frame_kept
        if frame is None:
            fixed = self._fixed_public
            frame = {
                "game": self.name, "title": self.title, "deal_number": None,
                "dealer": None, "phase": None, "turn": None, "to_act": None,
                "teams": fixed["teams"], "wild_ranks": fixed["wild_ranks"],
                "counts": None, "melds": None, "discard": None, "stock": None,
                "zones": None, "red_threes": fixed["red_threes"], "opened": None,
                "min_count": None, "piles": None, "totals": None, "score_sheet": None,
                "over": None, "winners": None}
            if not self.PILE:
                for k in ("discard", "red_threes", "piles", "min_count"):
                    del frame[k]
            frame.update(dict.fromkeys(self._public_extra()))
            # (a fresh dict: one with deleted keys would be copied key by key)
            frame = self._public_frame_kept = dict(frame.items())
        return frame

    def _set_public_extra(self, view: dict[str, Any]) -> None:
        """Sets the game's own keys (`_public_extra`'s) in the view; a game may set them
        directly instead of making a map to merge."""
        view.update(self._public_extra())

    def _counts_public(self) -> tuple[dict[int, dict[str, Any]], int, int]:
        """Each seat's counts (cards in hand and in the second hand, the stage, and the
        game's per-seat flag `COUNT_FLAG`); a seat's map is built again only when one of
        them changed (usually one seat's per action), else shared with earlier views.
        Also the cards in all hands and all second hands, for `zones`: added up here from
        the sizes just taken, rather than by taking every size again."""
        kept = self._counts_kept
        if kept is None or len(kept) != self.seats:
            kept = self._counts_kept = [((), None)] * self.seats
        hands, feet, stage = self.hands, self.feet, self.stage
        flags = getattr(self, self.COUNT_FLAG)
        counts = {}
        in_hands = in_second = 0
        for s in range(self.seats):
            key = (len(hands[s]), len(feet[s]), stage[s], flags[s])
            in_hands += key[0]
            in_second += key[1]
            was = kept[s]
            if was[0] != key:
                was = kept[s] = (key, {"hand": key[0], self.rules.stages[1]: key[1],
                                       "stage": key[2], self.COUNT_FLAG: key[3]})
            counts[s] = was[1]
        return counts, in_hands, in_second

    def _scores_public(self) -> tuple[dict[int, int], list[dict[str, Any]], list[int]]:
        """Totals, score sheet and winners as views show them: copies, since the game
        changes its own as deals are scored. Copied for every view: keeping them until a
        deal was scored measured no cheaper by callgrind (the check cost what the copies do)."""
        return dict(self.totals), list(self.score_sheet), list(self.winners)

    @property
    def _fixed_public(self) -> dict[str, Any]:
        """View parts fixed for the whole game (teams, which ranks are wild: screens group
        and describe cards by it, never by their own list; and the game's own)."""
        fixed = self._fixed_public_parts
        if fixed is None:
            fixed = self._fixed_public_parts = {
                "teams": [list(t) for t in self.teams],
                "wild_ranks": sorted(self.rules.wild_ranks),
                "red_threes": {t: [] for t in range(len(self.teams))}, **self._fixed_extra()}
        return fixed

    def _new_piles(self) -> dict[int, dict[str, int]]:
        kinds = dict.fromkeys(self.PILE_OF.values(), 0)
        return {t: dict(kinds) for t in range(len(self.teams))}

    def _melds_public(self) -> tuple[list[dict[str, Any]], dict[int, dict[str, int]], int]:
        """The melds' views, each side's canastas by kind and the number of melded cards;
        worked out again only when the table of melds has changed."""
        hit = self._melds_public_cache
        if hit is not None:
            if hit[0] == self._melds_version:
                return hit[1]
            if self._melds_put is not None and hit[2] is self._melds:
                return self._melds_public_after(hit)
        views = self._meld_views
        pile_of = self.PILE_OF
        melds = []
        where: dict[int, int] = {}  # meld id -> its place in `melds`
        piles = self._new_piles()
        melded = 0
        for m in self._melds.values():
            seen = views.get(m.id)
            if seen is None or seen[0] is not m:
                seen = views[m.id] = (m, self._describe_meld(m))
            mv = seen[1]
            where[m.id] = len(melds)
            melds.append(mv)
            melded += mv["size"]
            if mv["kind"] in pile_of:
                piles[mv["team"]][pile_of[mv["kind"]]] += 1
        part = (melds, piles, melded)
        self._melds_put = []
        self._melds_public_cache = (self._melds_version, part, self._melds, where)
        return part

    def _melds_public_after(self, hit: tuple) -> tuple[list[dict[str, Any]],
                                                       dict[int, dict[str, int]], int]:
        """`_melds_public` from its last part and the melds put since (`_put_melds` lists
        them): a lay-off changes one meld, and walking every meld of the table for it was
        an eighth of the view loop. The last part stays as it was: older views hold it."""
        _, (old_melds, old_piles, melded), table, where = hit
        pile_of = self.PILE_OF
        melds = list(old_melds)
        piles = {t: dict(p) for t, p in old_piles.items()}
        for m in self._melds_put:
            mv = self._meld_view(m)
            n = where.get(m.id)
            if n is None:  # a new meld: the table's last
                where[m.id] = len(melds)
                melds.append(mv)
            else:
                old = melds[n]
                melded -= old["size"]
                if old["kind"] in pile_of:
                    piles[old["team"]][pile_of[old["kind"]]] -= 1
                melds[n] = mv
            melded += mv["size"]
            if mv["kind"] in pile_of:
                piles[mv["team"]][pile_of[mv["kind"]]] += 1
        part = (melds, piles, melded)
        self._melds_put = []
        self._melds_public_cache = (self._melds_version, part, table, where)
        return part

    def _red_threes_public(self) -> dict[int, list[dict[str, Any]]]:
        """The placed red threes by side; red threes are only ever added within a deal."""
        reds = self.red_threes
        sizes = tuple(map(len, reds))
        hit = self._red_threes_cache
        if hit is not None and hit[0] is reds and hit[1] == sizes:
            return hit[2]
        view = {t: self._cards_view(r) for t, r in enumerate(reds)}
        self._red_threes_cache = (reds, sizes, view)
        return view
