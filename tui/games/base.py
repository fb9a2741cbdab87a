"""The per-game seam of the screens: one object per game says how its table reads.

The table screen, the score sheet and the event log are shared by every game and name
none. What differs between games on screen (the middle panel, phase names, what a seat's
line and your hand's heading add, how a pile take is spelt, the events only one game has,
the score sheet's game columns) is a hook here, overridden by the game's own module in
``tui/games/`` and registered by game name in ``tui.games.SCREENS`` (python-chess's
variants are the model: small overrides over one class). What is legal is never decided
here: the view's ``legal`` listing says that.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text

from tui.cards import CardLook, card_label
from tui.eventtext import Names, card_count, event_text
from tui.panels import GamePanel, TableInfo

ScoreColumn = tuple[str, Callable[[dict[str, Any], TableInfo], str]]
"""A score-sheet column: its title, and the cell for one team's item of one deal."""



class GameScreen:
    """The screens' view of one game; the base serves any game of the family plainly."""

    name: ClassVar[str] = ""
    panel: ClassVar[type[GamePanel]] = GamePanel
    complete_at: ClassVar[int] = 7
    take_lays_off: ClassVar[bool] = False
    """A pile take may lay cards off at once (`take_action` sends ``lay_offs``): L stages
    them before the draw, when the listing offers the take but no lay-off yet."""
    ask_plan: ClassVar[bool] = False
    """The ask to go out carries its going out as a plan (Canastone, Skarney)."""
    seat_keys: ClassVar[tuple[str, ...]] = ()
    """View keys `seat_detail` reads beyond the counts: the seat lines are drawn again
    when one changes (they are kept by what they show)."""
    seat_marks: ClassVar[str] = ""
    """What the game's own marks on the seat lines mean, for the keys help's legend."""
    table_marks: ClassVar[str] = (
        "By the pile, blocked: the card on top stops anyone taking the pile now.")
    """What the game's marks by the pile and its short melds mean, for the same legend
    (FROZEN, blocked and ``Kx7`` were unexplained, play-test)."""
    kind_words: ClassVar[dict[str, str]] = {}
    """The log's words for this game's own meld kinds (`eventtext.kind_word`)."""
    """Cards in a complete meld (a canasta or pile), shown as ``size/7``."""
    phases: ClassVar[dict[str, str]] = {
        "draw": "draw", "play": "play", "answer": "waiting for an answer",
        "deal_over": "deal over", "game_over": "game over"}
    score_columns: ClassVar[tuple[ScoreColumn, ...]] = ()
    """Columns between "Melded" and "Out" on the score sheet."""
    score_note: ClassVar[str] = "Out: going out.  Unplayed: cards left per seat."
    compact_score_columns: ClassVar[tuple[ScoreColumn, ...]] = ()
    """Short forms of `score_columns` for a narrow sheet (``sheets.COMPACT_BELOW``), where
    the game has them: there the full cells folded each item over several rows."""
    compact_score_note: ClassVar[str] = ""
    """The note under a compact sheet: what its short forms stand for."""

    def make_panel(self) -> GamePanel:
        return self.panel(self.complete_at)

    def phase_label(self, phase: str | None) -> str:
        return self.phases.get(phase or "", phase or "")

    def seat_detail(self, info: TableInfo, seat: int, counts: Any) -> Text:
        """What a seat's line says after its name: the sizes of its hidden holdings."""
        if isinstance(counts, dict):
            return Text(f" · hand {counts.get('hand', 0)}")
        return Text(f" · {card_count(counts)}") if counts else Text()

    def hand_detail(self, counts: Any) -> str:
        """What your hand's heading adds after its size."""
        return ""

    def prompt(self, info: TableInfo) -> tuple[str, str] | None:
        """A game's own line of whose move it is, for moments only it has (someone acting
        out of turn, say); None for the family's usual prompt."""
        return None

    def take_action(self, cards: list[int], melds: list[list[int]],
                    lay_offs: list[dict[str, Any]], target: int | None) -> dict[str, Any]:
        """A pile take from the selected cards and the staged melds (contract fields)."""
        action: dict[str, Any] = {"type": "take_pile", "cards": cards}
        if melds:
            action["melds"] = melds
        return action

    def refusal_hint(self, rule: str, action: dict[str, Any]) -> str:
        """What the screen adds to the engine's refusal of `action` (naming `rule`): how
        to do on this screen what the rule asks for; "" where the sentence says enough."""
        return ""

    def pile_detail(self, discard: dict[str, Any]) -> str:
        """What the pile line adds inside the brackets of its count (", 7 of them face
        down")."""
        return ""

    def ask_action(self, entry: dict[str, Any], melds: list[Any],
                   lay_offs: list[dict[str, Any]], selected: list[int],
                   as_meld: Any) -> dict[str, Any]:
        """An ask to go out from the listing's entry and what the player staged and
        selected, where the game's ask carries its going out as a plan (the entry has
        ``options``): the staged melds and lay-offs plus the selection as one more meld
        (``as_meld``: with what its wild cards stand for), or the listing's own plan when
        nothing is staged."""
        melds = [*melds, as_meld] if selected else melds
        if not melds and not lay_offs:
            return dict(entry["options"][0])
        return {"type": "ask_to_go_out", "plan": {"melds": melds, "lay_offs": lay_offs}}

    def plan_text(self, plan: dict[str, Any], info: TableInfo) -> str:
        """A going out's plan in words, from the hand's cards: "meld Q♥ Q♠ Q♦; lay off K♦
        on #1 (K), 5♣ on #3 (5); discard 9♠" (a card not in the hand by its id). Each
        meld's rank goes with its number: the question covers the panel that numbers them."""
        faces = {c.get("id"): card_label(c.get("code", ""), info.look)
                 for c in info.view.get("hand", [])}
        ranks = {m.get("id"): m.get("rank") or "wild" for m in info.view.get("melds", [])}

        def cards(ids: Any) -> str:
            ids = ids.get("cards", []) if isinstance(ids, dict) else ids
            return " ".join(faces.get(i, f"card {i}") for i in ids or [])

        parts = []
        melds = [cards(m) for m in plan.get("melds") or []]
        if melds:
            parts.append("meld " + ", ".join(melds))
        lays = [f"{cards(lay)} on #{lay.get('meld')}"
                + (f" ({ranks[lay.get('meld')]})" if lay.get("meld") in ranks else "")
                for lay in plan.get("lay_offs") or []]
        if lays:
            parts.append("lay off " + ", ".join(lays))
        if plan.get("discard") is not None:
            parts.append("discard " + faces.get(plan["discard"], f"card {plan['discard']}"))
        return "; ".join(parts)

    def special_event(self, event: dict[str, Any], name: Names, look: CardLook,
                      teams: list[list[int]]) -> Text | None:
        """A line for an event only this game has; None for the family's events."""
        return None

    def event_line(self, event: dict[str, Any], name: Names, look: CardLook,
                   teams: list[list[int]]) -> Text:
        line = self.special_event(event, name, look, teams)
        if line is not None:
            return line
        return event_text(event, name, look, teams, self.complete_at, self.kind_words)

    def out_items(self, item: dict[str, Any], who: str = "") -> list[str]:
        """Score items of this game shown with going out on the sheet; `who` names who
        went out (" bob", empty where each plays alone), for a game whose going out is
        an item of its own."""
        return []

    def unplayed(self, item: dict[str, Any], info: TableInfo) -> str:
        """The score sheet's cards-left cell of one team's item: by seat, as the engine
        itemises it (``penalty``: seat → that seat's cards left)."""
        return "\n".join(
            f"{info.name(int(seat))} {self.seat_unplayed(cards)}"
            for seat, cards in sorted(item.get("penalty", {}).items(), key=lambda kv: int(kv[0])))

    def unplayed_lines(self, item: dict[str, Any]) -> str:
        """The cards-left cell of a compact score sheet: each seat's figure alone, a line
        each in seat order, beside that seat's name in the Team column."""
        return "\n".join(self.seat_unplayed(cards) for _, cards in
                         sorted(item.get("penalty", {}).items(), key=lambda kv: int(kv[0])))

    def unplayed_total(self, item: dict[str, Any]) -> int:
        """The sum under the cards-left cell: what that cell lists, so it adds up where a
        game shows part of the penalty in a column of its own."""
        return int(item.get("penalty_total", 0))

    def seat_unplayed(self, penalty: Any) -> str:
        return str(penalty.get("hand", 0)) if isinstance(penalty, dict) else str(penalty)
