"""Hand and Foot on screen (shared/rules/hand_and_foot.md): the foot, the piles toward
going out, the minimum count and red threes in the panel, and the piles on the sheet."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text

from tui.cards import CardLook
from tui.eventtext import Names
from tui.games.base import GameScreen, ScoreColumn
from tui.panels import GamePanel, TableInfo

PILES = ("clean", "dirty", "wild")


class HandAndFootPanel(GamePanel):
    """Adds the minimum count, piles toward going out and red threes."""

    VIEW_KEYS = (*GamePanel.VIEW_KEYS, "opened", "min_count", "red_threes", "piles",
                 "go_out_piles")

    def team_header(self, info: TableInfo, team: int) -> Text:
        v = info.view
        out = super().team_header(info, team)
        need = v.get("min_count", {}).get(team, 0)
        if v.get("opened", {}).get(team):
            out.append(" · opened", style="green")
        else:
            out.append(f" · needs {need} to open", style="bold yellow")
        reds = v.get("red_threes", {}).get(team, [])
        if reds:  # a count: the cards were cut at the panel's edge unsaid ("red 3s 3",
            # read as three of them), and every red three scores the same (HF-SC3)
            out.append(f" · red 3s: {len(reds)}")
        piles = v.get("piles", {}).get(team, {})
        goal = v.get("go_out_piles", {})
        # A kind going out does not need shows its count alone ("dirty 6/0" read odd,
        # play-test); with none needed at all, the line says the piles made.
        parts = [f"{kind} {piles.get(kind, 0)}" + (f"/{goal[kind]}" if goal.get(kind) else "")
                 for kind in PILES]
        head = "piles to go out" if any(goal.get(kind) for kind in PILES) else "piles"
        out.append(f"\n {head}: " + "  ".join(parts), style="")
        return out


def _piles(item: dict[str, Any], info: TableInfo) -> str:
    piles = item.get("piles", {})
    return "\n".join(f"{k} {piles.get(k, {}).get('count', 0)}: "
                     f"{piles.get(k, {}).get('bonus', 0)}" for k in PILES)


def _red_threes(item: dict[str, Any], info: TableInfo) -> str:
    reds = item.get("red_threes", {})
    return f"{reds.get('count', 0)}: {reds.get('points', 0)}"


class HandAndFootScreen(GameScreen):
    name = "hand_and_foot"
    panel = HandAndFootPanel
    take_lays_off = True  # HF-P6: a take may finish a pile with lay-offs
    score_columns: ClassVar[tuple[ScoreColumn, ...]] = (("Piles", _piles),
                                                        ("Red 3", _red_threes))
    score_note = ("Piles and red 3s: count: bonus.  Out: going out and exact cut.  "
                  "Unplayed: hand/foot per seat.")
    # The same items at 80 columns, a team's names one a line with each seat's cards
    # left beside it: the full sheet folded "clean 3:" from its "1500" (play-test).
    compact_score_columns: ClassVar[tuple[ScoreColumn, ...]] = score_columns
    compact_score_note = ("Piles and red 3s: count: bonus.  Out: going out and exact cut, "
                          "and who.  Left: hand/foot, each beside its seat's name.")

    def seat_detail(self, info: TableInfo, seat: int, counts: Any) -> Text:
        t = super().seat_detail(info, seat, counts)
        if not isinstance(counts, dict):
            return t
        if counts.get("stage") == "foot":
            t.append(" · in foot" + (" (played)" if counts.get("foot_played") else ""),
                     style="bold")
        elif "foot" in counts:
            t.append(f" · foot {counts.get('foot')}")
        return t

    def hand_detail(self, counts: Any) -> str:
        if isinstance(counts, dict) and counts.get("stage") == "foot":
            return " · playing your foot"
        foot = counts.get("foot", 0) if isinstance(counts, dict) else 0
        return f" · foot: {foot} face down"

    def take_action(self, cards: list[int], melds: list[list[int]],
                    lay_offs: list[dict[str, Any]], target: int | None) -> dict[str, Any]:
        """HF-P7: the pile's top card may go onto a meld (``onto``) and the take may lay
        off at once (``lay_offs``), besides the contract's new melds."""
        action = super().take_action(cards, melds, lay_offs, target)
        if lay_offs:
            action["lay_offs"] = lay_offs
        if target is not None:
            action["onto"] = target
        return action

    def special_event(self, event: dict[str, Any], name: Names, look: CardLook,
                      teams: list[list[int]]) -> Text | None:
        kind, who = event.get("type"), name(event.get("seat"))
        if kind == "exact_cut":
            return Text(f"{who} cut exactly: +{event.get('points')}.")
        if kind == "picked_up_foot":
            return Text(f"{who} picked up the foot.")
        return None

    def out_items(self, item: dict[str, Any], who: str = "") -> list[str]:
        return [f"cut +{item['exact_cut']}"] if item.get("exact_cut") else []

    def seat_unplayed(self, penalty: Any) -> str:
        return f"{penalty.get('hand', 0)}/{penalty.get('foot', 0)}"
