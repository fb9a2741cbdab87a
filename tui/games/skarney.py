"""Skarney on screen (shared/rules/skarney.md).

Two partnerships, or two to four players alone. There is no pile: the middle of the
table says this deal's contract and what is on offer, each team is marked down or not,
and a sequence is shown in order with each wild card's declared card (``JK=9♥``). The
offer is the moment only this game has: the player asked sees the question ("take the
7♥ offered by Bob? y/n"), everyone else whom the table waits for. Four players alone
see their own melds in full and the others' on one line each (a sequence as its ends, a
wild card with what it stands for), so 80x24 holds them; so do partnerships on narrow
terminals.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text

from engine.cards import rank_of
from tui.cards import CardLook, card_text, cards_text
from tui.eventtext import Names, card_count, onto, team_label
from tui.games.base import GameScreen, ScoreColumn
from tui.panels import GamePanel, TableInfo, fitted, folded, wrapped

COMPACT_FROM = 4
"""From this many teams on, other teams' melds are summarised on one line each."""
FULL_FROM = 64
"""A panel this wide (a terminal of 90 columns or more) shows every team in full."""
KIND_LABEL = {"group": "group", "sequence": "seq", "joker_group": "jokers",
              "two_group": "twos"}
"""A meld's kind in the panel's narrow column."""
LOG_KIND = {"joker_group": "jokers", "two_group": "twos"}
"""A meld's kind as the log says it, in full (it said "seq" of one meld and "sequence"
of the next in the same turn, play-test)."""


def log_kind(event: dict[str, Any]) -> str:
    kind = str(event.get("kind", ""))
    return LOG_KIND.get(kind, kind.replace("_", " "))


def offer_of(info: TableInfo) -> dict[str, Any] | None:
    offer = info.view.get("offer")
    return offer if isinstance(offer, dict) and offer.get("card") else None


def meld_cards(meld: dict[str, Any], look: CardLook) -> Text:
    """The meld's cards as they lie; a wild card in a sequence with the card it stands
    for (``JK=9♥``)."""
    means = meld.get("as") or {}
    t = Text()
    for n, card in enumerate(meld.get("cards", [])):
        if n:
            t.append(" ")
        t.append_text(card_text(card["code"], look))
        stands = means.get(card["id"], means.get(str(card["id"])))
        if stands:
            t.append("=")
            t.append_text(card_text(stands, look))
    return t


class SkarneyPanel(GamePanel):
    """The contract and the offer on top; per team: down or not, then its melds."""

    VIEW_KEYS = (*GamePanel.VIEW_KEYS, "down", "contract_text", "hand_bonus", "offer",
                 "deal_number", "layoffs_this_turn", "layoff_limit", "to_act")

    def lines(self, info: TableInfo, width: int, height: int = 0) -> list[Text]:
        v = info.view
        head = [Text.assemble(
            (f"Deal {v.get('deal_number')} contract: ", "bold"),
            str(v.get("contract_text") or "-"),
            (f" · out bonus {v.get('hand_bonus', 0)}", "dim"))]
        offer = offer_of(info)
        if offer is not None:
            line = Text("On offer: ", style="bold")
            line.append_text(card_text(offer["card"]["code"], info.look))
            line.append(f" from {info.name(offer.get('seat'))}, asking "
                        f"{info.name(offer.get('asked'))}")
            head.append(line)
        if len(info.teams) < COMPACT_FROM and width >= FULL_FROM:
            # (the rows under the head: the melds were cut off the bottom unsaid,
            # one more row with an offer on, play-test)
            return head + super().lines(info, width, max(height - len(head), 1) if height else 0)
        blocks = [self.team_block(info, team, width) if team == info.team_of(info.seat)
                  else self.compact_lines(info, team, width) for team in info.team_order()]
        if height:  # your own melds give way first: every player stays on the panel
            blocks = fitted(blocks, height - len(head), side=False)
        return head + [line for block in blocks for line in block]

    def compact_lines(self, info: TableInfo, team: int, width: int) -> list[Text]:
        """Someone else's side on one line (its standing, then each meld short), and on
        more lines, indented, when its melds do not fit (they were cut at the width)."""
        melds = self.team_melds(info, team)
        # The header's own parts may go on too: "pt2alice · score 345 · contract to
        # make · no meld" lost its last letter at 80 columns (play-test).
        head = list(Text.assemble("  ", self.team_header(info, team), " ·").split(" · "))
        for part in head[:-1]:
            part.append(" ·")
        return wrapped(head[0], head[1:] + ([self.compact_meld(info, meld) for meld in melds]
                                            or [Text("no melds", style="dim")]), width)

    def compact_meld(self, info: TableInfo, meld: dict[str, Any]) -> Text:
        """A meld short: a group as rank x size, a sequence by its ends; its wild card and
        what it stands for in brackets."""
        line = Text()
        cards = meld.get("cards", [])
        means = meld.get("as") or {}
        if meld.get("kind") == "sequence" and cards:
            ends = [cards[0], cards[-1]]
            for n, card in enumerate(ends):
                stands = means.get(card["id"], means.get(str(card["id"])))
                line.append_text(card_text(stands or card["code"], info.look))
                if n == 0:
                    line.append("-")
        else:
            line.append(f"{meld.get('rank') or 'W'}x{len(cards)}")
        wild = [c for c in cards if rank_of(c["code"]) in info.look.wild_ranks]
        if wild and meld.get("rank") is not None:  # a group's or a sequence's wild
            stands = means.get(wild[0]["id"], means.get(str(wild[0]["id"])))
            line.append("(")
            line.append_text(card_text(wild[0]["code"], info.look))
            if stands:
                line.append("=")
                line.append_text(card_text(stands, info.look))
            line.append(")")
        return line

    def team_block(self, info: TableInfo, team: int, width: int = 0) -> list[Text]:
        mine = team == info.team_of(info.seat)
        melds = self.team_melds(info, team)
        body = folded(self.team_header(info, team), width - 2 if width else 0)
        if not melds:
            body.append(Text("  no melds yet", style="dim"))
        laid = info.view.get("layoffs_this_turn") or {}
        for m in melds:
            target = m.get("id") == info.target
            mark = ">" if target else "*" if m.get("id") in info.changed else " "
            line = Text(f"{mark}#{m.get('id'):<2} {KIND_LABEL.get(m.get('kind', ''), ''):<6} ",
                        style="reverse" if target else "")
            line.append_text(meld_cards(m, info.look))
            done = laid.get(m.get("id"), laid.get(str(m.get("id")), 0))
            if done and mine:
                line.append(f"  +{done} this turn", style="dim")
            body.append(line)
        bar = Text(("| " if info.look.ascii else "▌ ") if mine else "  ",
                   style="green" if mine else "")
        return [Text.assemble(bar, line) for line in body]

    def sheet_line(self, info: TableInfo, meld: dict[str, Any]) -> Text:
        """A Skarney meld has no size to reach: its kind and its cards, each wild card in
        a sequence with the card it stands for (``JK=Q♦``, SK-M6). The family's line read
        ``*  sequence  3/0  not yet`` (play-test)."""
        line = Text(f"  #{meld.get('id'):<3} {KIND_LABEL.get(meld.get('kind', ''), ''):<6} ")
        line.append_text(meld_cards(meld, info.look))
        return line

    def team_header(self, info: TableInfo, team: int) -> Text:
        out = super().team_header(info, team)
        if (info.view.get("down") or {}).get(team):
            out.append(" · down", style="green")
        else:
            out.append(" · contract to make", style="yellow")
        return out


def _bonus(item: dict[str, Any], info: TableInfo) -> str:
    """The hand bonus for the most meld points; going out's is in the Out column, where
    the sheet said "-" beside the bonus of the player who went out (play-test)."""
    bonus = item.get("hand_bonus", 0)
    if not bonus or item.get("bonus_reason") == "went_out":
        return "-"
    return f"{bonus} most" if item.get("bonus_reason") == "most_meld_points" else str(bonus)


def _shutdown(item: dict[str, Any], info: TableInfo) -> str:
    return str(item.get("shutdown", 0) or "-")


class SkarneyScreen(GameScreen):
    ask_plan = True
    name = "skarney"
    panel = SkarneyPanel
    complete_at = 0
    phases: ClassVar[dict[str, str]] = {
        **GameScreen.phases, "offer": "offer", "play": "play"}
    seat_marks = ("skips draw: the player took an ace or wild on offer; took 7♥: cards "
                  "taken on offer this turn, which they may not offer back.")
    table_marks = ("Melds may be shown short when space is tight: Kx4 is a group of four "
                   "kings, 5♥-8♥ a sequence by its ends, and (2♣=6♥) its wild card and what "
                   "it stands for.")
    score_columns: ClassVar[tuple[ScoreColumn, ...]] = (("Bonus", _bonus),
                                                        ("Shutdown", _shutdown))
    score_note = ("Out: going out and its hand bonus.  Bonus: the hand bonus for the most "
                  "meld points.  Unplayed: cards left per seat.")

    seat_keys = ("offer_ban", "phase")

    def refusal_hint(self, rule: str, action: dict[str, Any]) -> str:
        # SK-M6 asks which card a sequence's wild card stands for; pressing m again said
        # the same (play-test). A lay-off's own question says how (`_ask_place`).
        if rule == "SK-M6" and action.get("type") == "meld":
            return ("Type the wild card with its card after = (like /jk=10d, Enter), then "
                    "m: the cards you chose stay.")
        return ""

    def seat_detail(self, info: TableInfo, seat: int, counts: Any) -> Text:
        t = Text(f" · {card_count(counts.get('hand', 0))}" if isinstance(counts, dict) else "")
        if isinstance(counts, dict) and counts.get("skip_draw"):
            t.append(" skips draw", style="yellow")
        ban = (info.view.get("offer_ban") or {})
        if info.view.get("phase") in ("deal_over", "game_over"):
            ban = {}  # the turn it was about has ended with the deal (play-test)
        if ban.get(seat) or ban.get(str(seat)):  # SK-F7: cards it may not offer this turn
            t.append(" took", style="dim")
            for code in ban.get(seat) or ban.get(str(seat)):
                t.append(" ")
                t.append_text(card_text(code, info.look))
        return t

    def hand_detail(self, counts: Any) -> str:
        return ""

    def prompt(self, info: TableInfo) -> tuple[str, str] | None:
        """SK-F: the offer is a question for the seat asked and a wait for the others."""
        v, seat = info.view, info.seat
        phase = v.get("phase")
        offer = offer_of(info)
        if phase == "offer" and offer is not None:
            code = offer["card"]["code"]
            card = card_text(code, info.look).plain
            asked, giver = offer.get("asked"), offer.get("seat")
            if seat == asked:
                cost = " (an ace or wild costs your next draw)" if code == "JK" or \
                    code[0] in "2A" else ""
                return (f" Take the {card} offered by {info.name(giver)}? y/n{cost}",
                        "bold reverse")
            if seat == giver:
                return (f" You offered the {card}; waiting for {info.name(asked)} to "
                        "answer the offer.", "bold")
            return (f" Waiting for {info.name(asked)} to answer the offer "
                    f"({card} from {info.name(giver)}).", "bold")
        to_act = v.get("to_act") or []
        if seat is None or seat not in to_act or phase not in ("draw", "play"):
            return None
        legal = {e.get("type") for e in v.get("legal") or []}
        if phase == "draw":
            return " Your turn: draw (d).", "bold green"
        if v.get("barred") and seat == v.get("turn"):
            # The view says the partner's no stands this turn (SK-G4); the steps would
            # pass 80 columns beside it, and the keys line lists them.
            return " Your partner said no: you may not go out this turn.", "bold green"
        # Each step only when the listing has it: "lay off (l)" with nothing to lay off
        # sent players looking for a key the keys line rightly did not show.
        steps = [step for kind, step in (("meld", "meld (m)"), ("lay_off", "lay off (l)"))
                 if kind in legal]
        if "steal_wild" in legal:
            steps.append("steal a wild (w)")
        if not (v.get("down") or {}).get(info.team_of(seat)):
            steps = [s for s in steps if s != "lay off (l)"]
            steps = [s.replace("meld (m)", "make the contract (m)") for s in steps]
        close = ("end your turn (x): you drew the last card" if "end_turn" in legal
                 else "declare your last card (x)" if "declare_last_card" in legal
                 else "offer a card (x)")
        lead = ", ".join(steps) + ", then " if steps else ""
        return f" Your turn: {lead}{close}.", "bold green"

    def special_event(self, event: dict[str, Any], name: Names, look: CardLook,
                      teams: list[list[int]]) -> Text | None:
        kind, who = event.get("type"), name(event.get("seat"))
        if kind == "offered":
            t = Text(f"{who} offers ")
            t.append_text(card_text(event["card"]["code"], look))
            t.append(f" to {name(event.get('asked'))}.")
            return t
        if kind == "accepted":
            t = Text(f"{who} took the ")
            t.append_text(card_text(event["code"], look))
            t.append(f" offered by {name(event.get('from'))}.")
            return t
        if kind == "declined":
            return Text(f"{who} declined the offer.", style="dim")
        if kind == "offer_returned":
            t = Text("Nobody took the ")
            t.append_text(card_text(event["code"], look))
            t.append(f"; it goes back to {who}.")
            return t
        if kind == "draw_skipped":
            return Text(f"{who} skips the draw (took an ace or wild card).")
        if kind == "stole":  # whose meld: another side's melds are not numbered at 80x24
            t = Text(f"{who} stole ")
            t.append_text(card_text(event["wild"]["code"], look))
            t.append(f" from {team_label(event['team'], name, teams)}'s meld, giving ")
            t.append_text(card_text(event["card"]["code"], look))
            t.append(".")
            return t
        if kind == "last_card":
            return Text(f"{who} has one card left.", style="bold")
        if kind == "stock_exhausted":
            return Text(f"{who} drew the last stock card: this is the deal's last turn.",
                        style="bold")
        if kind == "turn_ended":
            return Text(f"{who} ended the turn; the deal is over.")
        if kind == "deal_void":
            return Text(f"Deal {event.get('deal')} is void (a tie, nobody out): it is dealt "
                        "again.", style="bold")
        if kind in ("melded", "laid_off") and event.get("as"):
            means = event["as"]
            t = Text(f"{who} {'melded' if kind == 'melded' else 'laid off'} ")
            t.append_text(meld_cards({"cards": event.get("cards", []), "as": means}, look))
            t.append(f" ({log_kind(event)}).")
            return t
        if kind in ("melded", "laid_off"):
            t = Text(f"{who} {'melded' if kind == 'melded' else 'laid off'} ")
            t.append_text(cards_text(event.get("cards", []), look))
            # A lay-off on a group names it, as the other games do (play-test: "laid off
            # 10♦ (group)." left the table guessing which); a sequence says its kind.
            where = onto(event)
            t.append(f"{where}." if where else f" ({log_kind(event)}).")
            return t
        if kind == "deal_started" and event.get("replay"):
            return Text(f"Deal {event.get('deal')} is dealt again by "
                        f"{name(event.get('dealer'))}.")
        return None

    def out_items(self, item: dict[str, Any], who: str = "") -> list[str]:
        """Going out, with the hand bonus it earned (the engine files it as the bonus),
        and who went out: a partnership's row said "out +100" whichever partner it was
        (play-test)."""
        if item.get("bonus_reason") == "went_out":
            return [f"out +{item.get('hand_bonus', 0)}{who}"]
        return []
