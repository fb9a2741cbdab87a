"""Rules texts shown to players on screen, one entry per rule id of shared/rules.

Every id defined in a game's rules file (the bold ``XX-..`` rules, the options ``XX-O..`` and
the decisions ``XX-A..``) has one :class:`RuleEntry`, in file order. The texts are written
for a player at the table, in meldhall's own words; the rules files stay the reference.
Refusals from the engine carry a rule id, so ``rule_text(err.rule)`` gives the text to show.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["RULES", "SUMMARIES", "RuleEntry", "rule_text", "rules_for"]


@dataclass(frozen=True, slots=True)
class RuleEntry:
    id: str  # "HF-M3"
    title: str  # short, e.g. "Wild melds"
    text: str  # 1-4 plain sentences for a player
    section: str  # e.g. "Melds", "Taking the pile", "Options"


def _group(section: str, *items: tuple[str, str, str]) -> list[RuleEntry]:
    """Entries of one section, each given as (id, title, text)."""
    return [RuleEntry(rid, title, text, section) for rid, title, text in items]


# --------------------------------------------------------------------------------------------
# Hand and Foot
# --------------------------------------------------------------------------------------------

_HF_SUMMARY = "\n".join(
    [
        "Four players in two partnerships; partners sit opposite (seats 0 and 2 against 1 and 3).",
        "Cards: five 52-card packs plus 10 jokers, 270 in all. Jokers (JK) and 2s are wild.",
        "You get a hand of 13 cards and a face-down foot of 13. Play the hand first; when it is",
        "used up you pick up the foot and play on with it.",
        "Goal: meld cards of one rank, build 7-card piles, and be the team that goes out.",
        "Your turn: draw 2 from the stock, or take the top 7 cards of the discard pile by melding",
        "its top card with two matching cards from your hand. Then meld and lay off on your",
        "team's melds as you like, and end the turn by discarding one card.",
        "Melds have 3 to 7 cards of one rank, at most a third of them wild. Wilds alone may also",
        "form a wild meld. A 7-card meld is a pile: clean (no wild) 500, dirty 300, wild 1500.",
        "Your team's first meld of a deal must be worth 50, 90, 120 or 150 (deals 1 to 4).",
        "Red threes go to the table by themselves (+100 each); black threes can only be discarded.",
        "To go out you must be in your foot, your partner must have played from theirs, you must",
        "ask your partner and hear yes, and your team needs 2 clean, 2 dirty and 1 wild pile.",
        "A deal ends when someone goes out (+100) or when the stock runs out.",
        "Score: card values of melds + pile bonuses + red threes + going out, minus the cards",
        "left in both partners' hands and feet. JK 50, 2 and A 20, 8 to K 10, 4 to 7 and 3S 3C 5.",
        "The game lasts 4 deals; the team with the higher total wins.",
    ]
)

_HF: list[RuleEntry] = [
    *_group(
        "Cards",
        (
            "HF-C1",
            "The deck",
            "The game uses five ordinary 52-card packs and 10 jokers, 270 cards in all. Each card "
            "code such as 7H is there five times, and there are ten JK.",
        ),
        (
            "HF-C2",
            "Wild and natural cards",
            "Jokers (JK) and all 2s are wild. All the other cards are naturals, and that includes "
            "the threes.",
        ),
        (
            "HF-C3",
            "Card values",
            "JK is worth 50, any 2 and any A 20, K Q J 10 9 8 are 10 each, and 7 6 5 4 and the "
            "black threes 3S 3C are 5 each. Red threes have no card value: they score +100 on the "
            "table and cost 100 if still unplayed at the end.",
        ),
        (
            "HF-C4",
            "Black threes",
            "You can never meld or lay off 3S or 3C, so discarding is your only way to shed one. "
            "While one sits on top of the discard pile, nobody can take the pile. Each one left in "
            "a hand or foot when the deal ends costs 5.",
        ),
        (
            "HF-C5",
            "Red threes",
            "3H and 3D never stay in your hand and are never melded or discarded. They go face "
            "up into your team's red-three area, and the game replaces them from the stock "
            "(except those taken with the discard pile).",
        ),
        (
            "HF-C6",
            "Meldable ranks",
            "Naturals can be melded from 4 up to 10, and in J, Q, K and A. Threes can never be "
            "melded, and 2s never make a rank of their own: a meld of wilds only is a wild meld.",
        ),
    ),
    *_group(
        "Red threes",
        (
            "HF-R1",
            "Red threes on your first turn",
            "At the start of your first turn of each deal, the game puts every red three from "
            "your hand on the table and gives you one card from the stock for each. Red threes "
            "among those cards are handled the same way until none is left; then you draw as "
            "usual.",
        ),
        (
            "HF-R2",
            "Drawing a red three",
            "A red three you get from the stock, in your 2-card draw or as a replacement, goes "
            "straight to the table and you get one more card from the stock for it.",
        ),
        (
            "HF-R3",
            "Red threes in your foot",
            "When you pick up your foot, any red threes in it go to the table and are replaced "
            "from the stock, just as on your first turn.",
        ),
        (
            "HF-R4",
            "Red three from the pile",
            "A red three among the cards you take from the discard pile goes to the table, and "
            "you get no card for it. This can only happen if the deal's first upcard was a red "
            "three.",
        ),
        (
            "HF-R5",
            "Stock too short for replacements",
            "If the stock holds fewer cards than you are owed for red threes, you get what is "
            "there and the rest is not owed later.",
        ),
        (
            "HF-R6",
            "Whose red threes",
            "Red threes on the table belong to your team. They are not melds, never help with the "
            "opening minimum, and score 100 each.",
        ),
    ),
    *_group(
        "The deal",
        (
            "HF-S1",
            "Seats and teams",
            "Four players play in two partnerships: seats 0 and 2 against seats 1 and 3. "
            "Partners sit across from each other.",
        ),
        (
            "HF-S2",
            "Dealer",
            "The host chooses who deals first (seat 0 unless changed), and the deal moves one "
            "seat clockwise each time. Apart from deciding who plays first, being dealer "
            "changes nothing.",
        ),
        (
            "HF-S3",
            "Shuffle",
            "All 270 cards are shuffled for every deal. There is no grabbing or cutting of cards "
            "and no bonus for it, unless the host turns on the exact-cut option.",
        ),
        (
            "HF-S4",
            "Your hand",
            "You are dealt 13 cards as your hand, which you play first. You may look at it at "
            "once.",
        ),
        (
            "HF-S5",
            "Your foot",
            "You are also dealt a second packet of 13 cards, your foot, face down. Nobody sees "
            "it, not even you, until you pick it up.",
        ),
        (
            "HF-S6",
            "Stock and upcard",
            "The other cards form the stock, and its top card is turned up to start the discard "
            "pile, leaving 165 in the stock. The upcard stays whatever it is: a three there "
            "blocks the pile, and a wild there can only be taken into a wild meld.",
        ),
        (
            "HF-S7",
            "First player",
            "The player to the dealer's left plays first, and turns go on clockwise.",
        ),
        (
            "HF-S8",
            "Order of dealing",
            "Cards are dealt in a fixed order: the hands starting left of the dealer, then the "
            "feet in the same order, then the upcard. This only keeps seeded deals repeatable; "
            "it makes no difference to play.",
        ),
    ),
    *_group(
        "Your turn",
        (
            "HF-T1",
            "Who may act",
            "You can act only on your own turn, or when your partner asks you to answer. "
            "Anything else is refused and changes nothing.",
        ),
        (
            "HF-T2",
            "Start of a turn",
            "On your first turn of a deal, your red threes are placed and replaced first. Then "
            "you draw or take the pile.",
        ),
        (
            "HF-T3",
            "Drawing",
            "Draw the top 2 cards of the stock, or whatever is left if fewer remain.",
        ),
        (
            "HF-T4",
            "Taking the pile instead",
            "Instead of drawing you may take the discard pile, if you can meet the conditions "
            "for taking it.",
        ),
        (
            "HF-T5",
            "Melding after the draw",
            "After drawing you may make as many melds and lay-offs as you like, in any order. "
            "Your turn ends when you discard, or earlier if you go out.",
        ),
        (
            "HF-T6",
            "Discarding",
            "End your turn by putting one card from your hand on top of the discard pile. Any "
            "card may go, wilds and black threes too. Discarding the last card of your foot is "
            "going out and needs the going-out conditions.",
        ),
        (
            "HF-T7",
            "Picking up your foot",
            "When your hand runs out you pick up your foot. If your last hand card was a "
            "discard, your turn is over; if you used it up by melding, laying off or taking the "
            "pile, you play on from the foot and still end with a discard or by going out.",
        ),
        (
            "HF-T8",
            "End of a turn",
            "After your turn, play passes to the left, unless the stock is now empty: then the "
            "deal ends.",
        ),
        (
            "HF-T9",
            "The pile is closed",
            "Of the discard pile you see just the top card and its size. Nobody may look through "
            "it.",
        ),
    ),
    *_group(
        "Taking the pile",
        (
            "HF-P1",
            "When you may take the pile",
            "You may take the pile only at the start of your turn, in place of drawing. Once you "
            "have drawn, the pile is closed to you for that turn.",
        ),
        (
            "HF-P2",
            "Blocked by a three",
            "You cannot take the pile if it is empty or if a three, red or black, is on top.",
        ),
        (
            "HF-P3",
            "How many cards you get",
            "You take the top 7 cards of the pile, or all of it if it holds fewer. Anything "
            "below stays in the pile.",
        ),
        (
            "HF-P4",
            "Natural card on top",
            "To take a natural top card you must meld it at once with at least two naturals of "
            "its rank from your hand. They start a new meld, allowed only if your team ends up "
            "with no other unfinished meld of that rank, or go together onto your team's "
            "unfinished meld of that rank, which may not pass 7 cards. More cards of the rank, "
            "and wilds within the limit, may join them.",
        ),
        (
            "HF-P5",
            "Wild card on top",
            "To take a wild top card you must meld it with at least two wilds from your hand "
            "(jokers and 2s in any mix), as a new wild meld or on your team's unfinished wild "
            "meld. A pair of naturals cannot take a wild.",
        ),
        (
            "HF-P6",
            "More plays in the same take",
            "While taking you may first lay off cards from your hand on your team's melds, for "
            "example to finish a pile so a new meld of that rank is allowed, and you may make "
            "more new melds from your hand. The whole take is checked as one move.",
        ),
        (
            "HF-P7",
            "Opening by taking the pile",
            "If your team has not opened yet, the new melds of the take must reach the opening "
            "minimum. Of the cards from the pile only the top card counts.",
        ),
        (
            "HF-P8",
            "The rest of the cards",
            "After the melds are down, the other cards you took (up to 6) go into your hand. Red "
            "threes among them go to the table with no replacement card.",
        ),
        (
            "HF-P9",
            "Cards from under the top card",
            "You cannot use the cards that were lying under the top card in the take itself. They "
            "go to your hand, and you may meld or lay them off later in the same turn.",
        ),
        (
            "HF-P10",
            "A take that fails",
            "If any condition is not met you do not get the pile, and nothing changes. The "
            "message names the first rule that failed.",
        ),
    ),
    *_group(
        "Melds",
        (
            "HF-M1",
            "Meld size",
            "Every meld holds between 3 and 7 cards: at least 3 to start one, and never more "
            "than 7.",
        ),
        (
            "HF-M2",
            "Wild limit",
            "A meld with naturals uses one rank only, and at most a third of its cards may be "
            "wild: 1 wild in a meld of 3 to 5 cards, 2 wilds in a meld of 6 or 7.",
        ),
        (
            "HF-M3",
            "Wild melds",
            "You may meld wild cards on their own: 3 to 7 jokers and 2s in any mix. Only wild "
            "cards can be added to a wild meld.",
        ),
        (
            "HF-M4",
            "No threes in melds",
            "No three, red or black, can ever go into a meld or be laid off.",
        ),
        (
            "HF-M5",
            "Piles",
            "A meld that reaches 7 cards is a finished pile and takes no more cards. A clean "
            "pile has no wild (bonus 500), a dirty pile has 1 or 2 wilds (300), and a wild pile "
            "is 7 wild cards (1500). You may lay a pile down whole or build it up.",
        ),
        (
            "HF-M6",
            "One unfinished meld per rank",
            "Your team may have only one unfinished meld (3 to 6 cards) of each rank, and only "
            "one unfinished wild meld. Once that meld becomes a pile, even in the same move, you "
            "may start another; piles of a rank are unlimited.",
        ),
        (
            "HF-M7",
            "Laying off",
            "On your turn you may add cards from your hand to any of your team's melds, one meld "
            "per lay-off. Only the result is checked: one wild onto 4 cards that already hold a "
            "wild is refused, but that wild together with a natural is fine.",
        ),
        (
            "HF-M8",
            "Melds stay put",
            "Once on the table, cards stay there: they never return to a hand or switch to a "
            "different meld.",
        ),
        (
            "HF-M9",
            "Only on your turn, only your team",
            "You may meld and lay off only during your own turn, after drawing or as part of "
            "taking the pile. You can never add cards to the other team's melds.",
        ),
        (
            "HF-M10",
            "Before your team has opened",
            "Until your team has opened, its first meld or pile take must reach the opening "
            "minimum. With nothing on the table yet there is nothing to lay off on.",
        ),
        (
            "HF-M11",
            "What a wild stands for",
            "A wild in a natural meld counts as that meld's rank, so you never have to name it. "
            "It still scores its own value: JK 50, a 2 20.",
        ),
        (
            "HF-M12",
            "Several melds at once",
            "One meld move may put down several melds. If any of them, or your team's melds "
            "afterwards, break a rule, none of it happens.",
        ),
        (
            "HF-M13",
            "Which rule a refusal names",
            "When a meld or lay-off breaks several rules, the message names the first one in "
            "this order: your turn, whose meld, threes, finished piles, wild melds, size, wild "
            "limit, one unfinished meld per rank, going out, and last the opening minimum.",
        ),
    ),
    *_group(
        "Opening meld",
        (
            "HF-I1",
            "Opening minimum",
            "Your team's first meld of a deal, by either partner, must be worth at least 50 "
            "points in deal 1, 90 in deal 2, 120 in deal 3 and 150 in deal 4.",
        ),
        (
            "HF-I2",
            "What counts toward it",
            "Add up the card values of the new melds made in that one move. Pile bonuses and red "
            "threes never count, and melds from separate moves are never added together.",
        ),
        (
            "HF-I3",
            "Cards from the pile",
            "If you open by taking the pile, only its top card counts and no other card from the "
            "pile may be used. Make up the rest with cards from your hand in the same take.",
        ),
        (
            "HF-I4",
            "Open for the whole team",
            "As soon as one partner has opened, both are open until the deal ends, and the "
            "other partner's melds need no minimum.",
        ),
        (
            "HF-I5",
            "Falling short",
            "A first meld worth less than the minimum is refused, and nothing changes.",
        ),
        (
            "HF-I6",
            "A pile in the opening",
            "Your opening may include a complete 7-card pile, but only its card values count "
            "toward the minimum, not its bonus.",
        ),
    ),
    *_group(
        "Going out",
        (
            "HF-G1",
            "Only from the foot",
            "You can go out only after picking up your foot. You go out when your last card "
            "leaves your hand, by melding, laying off, taking the pile or discarding; a final "
            "discard is not needed.",
        ),
        (
            "HF-G2",
            "Piles needed",
            "When you go out your team needs, at the least, two clean piles, two dirty piles and "
            "one wild pile, counting piles finished that turn. Extra piles of one kind do not make "
            "up for a missing kind.",
        ),
        (
            "HF-G3",
            "Partner in the foot",
            "Your partner must have picked up their foot and made at least one play from it. A "
            "partner who reached the foot with a discard and has not played since does not "
            "count yet.",
        ),
        (
            "HF-G4",
            "Partner's permission",
            "You must ask your partner during this turn, and your partner must say yes.",
        ),
        (
            "HF-G5",
            "No empty hand without going out",
            "Once in your foot, you may not get rid of your last card unless that play is a "
            "legal going out.",
        ),
        (
            "HF-G6",
            "No dead end",
            "Once in your foot, you may not meld, lay off or take the pile down to a single card "
            "unless you could then go out by discarding it. This stops you getting stuck with a "
            "card you may not discard.",
        ),
        (
            "HF-G7",
            "Going out by discarding",
            "You may discard your last foot card only if you meet every going-out condition. "
            "That discard goes on the pile and you have gone out.",
        ),
        (
            "HF-G8",
            "Asking to go out",
            "On your turn, in your foot and once your partner has played from their foot, you "
            "may ask your partner once whether you may go out. Your partner answers yes or no. "
            "You do not need the piles yet when you ask.",
        ),
        (
            "HF-G9",
            "The answer",
            "A no means you cannot go out this turn. A yes lets you go out this turn but does "
            "not force you; if you cannot, just discard as usual. The answer lasts only for this "
            "turn.",
        ),
    ),
    *_group(
        "End of the deal",
        (
            "HF-E1",
            "Going out ends the deal",
            "As soon as a player goes out, play stops and the deal is scored.",
        ),
        (
            "HF-E2",
            "The stock runs out",
            "If the stock is empty when a turn ends, the deal ends and is scored, and nobody "
            "gets the going-out bonus. The player who took the last stock card still plays that "
            "turn to the end and may even go out.",
        ),
        (
            "HF-E3",
            "Short draw",
            "If the stock holds fewer cards than you should get, you take what is left, "
            "possibly nothing.",
        ),
        (
            "HF-E4",
            "The next deal",
            "After scoring, the next dealer starts a new deal with a fresh shuffle. The table is "
            "cleared, and the team totals carry over.",
        ),
        (
            "HF-E5",
            "End of the game",
            "The game ends after the 4th deal. The team with the higher total wins; equal "
            "totals are a draw.",
        ),
    ),
    *_group(
        "Scoring",
        (
            "HF-SC1",
            "Melded cards",
            "Your team scores the card values of every card in its melds, finished or not.",
        ),
        (
            "HF-SC2",
            "Pile bonuses",
            "Each clean pile scores 500, each dirty pile 300 and each wild pile 1500.",
        ),
        (
            "HF-SC3",
            "Red threes",
            "Each red three on your team's table scores 100, even if the team has not melded.",
        ),
        (
            "HF-SC4",
            "Going out",
            "The team of the player who went out scores 100 more. Nobody gets it when the stock "
            "runs out.",
        ),
        (
            "HF-SC5",
            "Cards left over",
            "Every card still held by either partner, in hand or in a foot not yet picked up, "
            "counts against the team at its card value. A red three left in an unopened foot "
            "costs 100.",
        ),
        (
            "HF-SC6",
            "Deal score",
            "Deal score = melded cards + pile bonuses + red threes + going out - cards left "
            "over. It can be negative, and it is added to the team's total.",
        ),
        (
            "HF-SC7",
            "Score sheet",
            "The score sheet shows each part for each team: card points, piles of each kind, "
            "red threes, going out, and the penalty of each seat's hand and foot, then the deal "
            "score and the new total.",
        ),
    ),
    *_group(
        "Options",
        ("HF-O1", "First dealer", "Host option: the seat that deals first (default seat 0)."),
        ("HF-O2", "Number of deals", "Host option: how many deals the game lasts (default 4)."),
        (
            "HF-O3",
            "Opening minimums",
            "Host option: the opening minimum for each deal (default 50, 90, 120, 150; the "
            "last one repeats for any later deals).",
        ),
        (
            "HF-O4",
            "Piles to go out",
            "Host option: the piles a team needs to go out (default 2 clean, 2 dirty, 1 wild; "
            "a lighter variant asks for 1 of each).",
        ),
        (
            "HF-O5",
            "Cards taken from the pile",
            "Host option: how many cards a pile take gives you (default 7; can be the whole "
            "pile or fewer, such as 3).",
        ),
        (
            "HF-O6",
            "Hand and foot size",
            "Host option: cards in each hand and each foot (default 13; 11 is a common house "
            "rule).",
        ),
        (
            "HF-O7",
            "Bury the first upcard",
            "Host option, off by default: a red three or joker turned as the first upcard is "
            "shuffled back into the stock and another card is turned.",
        ),
        (
            "HF-O8",
            "Exact-cut bonus",
            "Host option, off by default: a chance-based stand-in for the table bonus of 100 "
            "for grabbing exactly the right number of cards when dealing.",
        ),
        (
            "HF-O9",
            "Binding permission",
            "Host option, off by default: once your partner says yes, your turn cannot end with a "
            "discard that still leaves you cards in hand.",
        ),
        (
            "HF-O10",
            "Red three value",
            "Host option: red threes score 100 each (default); a house rule makes every red "
            "three cost 500, placed or not.",
        ),
        (
            "HF-O11",
            "Pile bonuses",
            "Host option: the bonuses for clean, dirty and wild piles (default 500, 300, 1500; "
            "one house rule uses 300, 100 and 0).",
        ),
    ),
    *_group(
        "Decisions",
        (
            "HF-A1",
            "When the stock runs out",
            "The deal ends after the turn that emptied the stock, with no going-out bonus.",
        ),
        (
            "HF-A2",
            "The upcard stays",
            "The first upcard stays on the pile whatever it is; burying it is a host option.",
        ),
        (
            "HF-A3",
            "Asking to go out",
            "You may ask once a turn, in your foot, after your partner has played from theirs; "
            "a yes allows going out but does not force it.",
        ),
        (
            "HF-A4",
            "Playing from the foot",
            "Any draw, take, meld, lay-off or discard after picking up the foot counts as "
            "playing from it, even in the same turn.",
        ),
        (
            "HF-A5",
            "Unfinished wild melds",
            "An unfinished wild meld counts like a rank of its own: one per team.",
        ),
        (
            "HF-A6",
            "Lay-offs before a take",
            "Any legal lay-off may come first when you take the pile, not only cards of the top "
            "card's rank.",
        ),
        (
            "HF-A7",
            "Top card and two",
            "Your two naturals from hand and the top card must all end up in one and the same "
            "meld.",
        ),
        (
            "HF-A8",
            "Piles counted by kind",
            "The piles for going out are counted kind by kind; a spare clean pile cannot stand "
            "in for a dirty one.",
        ),
        (
            "HF-A9",
            "Red threes placed for you",
            "Red threes are always placed by the game, so none can be forgotten in a hand.",
        ),
        (
            "HF-A10",
            "Red threes without melds",
            "Red threes score 100 each even for a team that has melded nothing.",
        ),
        (
            "HF-A11",
            "One third wild",
            "A meld may be at most one third wild, rounded down; other house limits are not used.",
        ),
        (
            "HF-A12",
            "Lay-offs checked by result",
            "Only the meld after a lay-off is checked, so several cards added at once can be "
            "fine even when a single one would be refused.",
        ),
        (
            "HF-A13",
            "One card left",
            "You may not leave yourself one card that you could not discard to go out.",
        ),
        ("HF-A14", "Ties", "Equal final totals make the game a draw, and both teams win."),
        (
            "HF-A15",
            "Opening in one move",
            "Only melds made in a single move add up toward the opening minimum.",
        ),
        (
            "HF-A16",
            "What you see of the pile",
            "You see the pile's top card and size only; each discard was shown when it was played.",
        ),
        (
            "HF-A17",
            "Replacements from a short stock",
            "If the stock cannot cover a red-three replacement, you get what is left and nothing "
            "more is owed.",
        ),
        (
            "HF-A18",
            "Digital deal",
            "Each deal is one shuffle dealt in a fixed order, with no exact-cut bonus unless the "
            "host turns it on.",
        ),
        (
            "HF-A19",
            "Complete source",
            "The original rules came through complete, so nothing had to be filled in.",
        ),
        (
            "HF-A20",
            "Four players only",
            "Only the four-player partnership game is offered.",
        ),
        (
            "HF-A21",
            "Cards under the top card",
            "The cards from under the top card go to your hand and can be used only after the "
            "take.",
        ),
        (
            "HF-A22",
            "Wild on top",
            "A wild top card can be taken only by melding it with two or more wilds from your hand "
            "as a wild meld.",
        ),
    ),
]


# --------------------------------------------------------------------------------------------
# Looking and Down
# --------------------------------------------------------------------------------------------

_LD_SUMMARY = "\n".join(
    [
        "A Hand and Foot cousin for 2 to 8 players (5 or 6 is best), each playing for themselves.",
        "Cards: one 54-card pack (with 2 jokers) per player plus one. Jokers (JK) and 2s are wild.",
        "You get an 11-card Looking hand, played first, and a face-down 11-card Down for later.",
        "One seat is the Score Keeper: they play normally but never deal or play first.",
        "Goal: meld cards of one rank, build 7-card canastas, and go out.",
        "Your turn: draw 2 from the stock, or take the whole discard pile by showing two natural",
        "cards of its top card's rank. Then meld and lay off on your own melds, and discard one.",
        "Melds have 3 to 7 cards of one rank with fewer wilds than naturals; no all-wild melds.",
        "A 7-card meld is a canasta: red (no wild) 500, black (with wilds) 300. A red three laid",
        "on a red canasta makes it worth 1000. Red threes left in hand cost 500 each.",
        "Your first meld of a deal must reach a minimum set by your running score (15 to 210).",
        "After taking the pile you are frozen in time: you may meld during other players' turns.",
        "To go out you must be playing your Down and have at least 2 canastas.",
        "When the stock runs out, everyone gets one last turn without drawing, and nobody can go",
        "out in that round.",
        "Score: going out 100 + canasta bonuses + melded card values, minus cards left over.",
        "JK 50, 2 and A 20, 8 to K 10, 4 to 7 5, threes 0. First to 10000 ends the game;",
        "the highest total then wins.",
    ]
)

_LD: list[RuleEntry] = [
    *_group(
        "Cards",
        (
            "LD-C1",
            "The deck",
            "The game uses one more pack than there are players, each pack 52 cards plus 2 "
            "jokers. With 5 players that is 6 packs, 324 cards.",
        ),
        (
            "LD-C2",
            "Wild and natural cards",
            "Jokers (JK) and all 2s are wild. All the other cards are naturals, and that includes "
            "the threes.",
        ),
        (
            "LD-C3",
            "Card values",
            "JK is worth 50, any 2 and any A 20, K Q J 10 9 8 are 10 each, 7 6 5 4 are 5 each, "
            "and every three is worth 0.",
        ),
        (
            "LD-C4",
            "Red threes",
            "3H and 3D stay in your hand like other cards and earn no replacement. Lay one on a "
            "finished red canasta (its bonus becomes 1000) or discard it. Each red three still "
            "in your hand or Down at the end costs 500.",
        ),
        (
            "LD-C5",
            "Black threes",
            "3S and 3C are worth 0. The only way to meld them is seven of them together, laid down "
            "as you go out. You may discard them, and one left in hand costs nothing.",
        ),
        (
            "LD-C6",
            "Meldable ranks",
            "Melds use the ranks from 4 up to 10, plus J, Q, K and A. Threes only go on the table "
            "in the two special ways, and 2s are always wild.",
        ),
    ),
    *_group(
        "The deal",
        (
            "LD-S1",
            "Players",
            "The game seats 2 to 8 players, each playing alone.",
        ),
        (
            "LD-S2",
            "Score Keeper",
            "One seat (seat 0 unless the host picks another) is the Score Keeper. Apart from never "
            "dealing and never leading, the keeper takes part and scores as normal; the game keeps "
            "the score.",
        ),
        (
            "LD-S3",
            "Skipping the keeper",
            "When the dealing or first turn passes to the left, it skips the Score Keeper. With "
            "2 players the other seat always gets it.",
        ),
        (
            "LD-S4",
            "Dealers and first player",
            "Each deal has a Looking dealer and, to their left (skipping the keeper), a Down "
            "dealer; the next non-keeper seat after the Down dealer plays first. Next deal the "
            "Down dealer becomes the Looking dealer.",
        ),
        (
            "LD-S5",
            "One stock",
            "All cards are shuffled into a single face-down stock. At the table it is split into "
            "several stacks, but drawing from any of them is the same thing.",
        ),
        (
            "LD-S6",
            "Looking hand and Down",
            "You get 11 cards as your Looking hand, which you see at once, and 11 face-down "
            "cards as your Down. Nobody, not even you, sees the Down until you pick it up.",
        ),
        (
            "LD-S7",
            "Exact grab",
            "At the table a dealer who grabs exactly the right number of cards scores 100. Here "
            "it is off by default; the host may turn on a 1-in-10 chance for each dealer "
            "instead.",
        ),
        (
            "LD-S8",
            "Upcard",
            "The top card of the stock is turned up to start the discard pile and stays "
            "whatever it is. A wild or a three there blocks the pile until it is covered.",
        ),
        (
            "LD-S9",
            "Order of dealing",
            "Cards are dealt in a fixed order: the Looking hands, then the Downs, then the "
            "upcard. This only keeps seeded deals repeatable; it makes no difference to play.",
        ),
        (
            "LD-S10",
            "Stock size",
            "After dealing and the upcard the stock holds 32 cards per player plus 53: for "
            "example 117 with 2 players and 213 with 5.",
        ),
    ),
    *_group(
        "Your turn",
        (
            "LD-T1",
            "Who may act",
            "You can act on your own turn, and while frozen in time you may also meld and lay "
            "off during others' turns. Anything else is refused and changes nothing. The game "
            "never waits for a frozen player.",
        ),
        (
            "LD-T2",
            "Start of a turn",
            "Your turn starts with drawing or taking the pile. Nothing happens automatically: "
            "threes are never placed for you.",
        ),
        (
            "LD-T3",
            "Drawing",
            "Draw the top 2 cards of the stock, or what is left if fewer remain. In the final "
            "round a draw takes nothing. Threes you draw stay in your hand.",
        ),
        (
            "LD-T4",
            "Taking the pile instead",
            "Instead of drawing you may take the whole discard pile, if you meet the conditions "
            "for taking it.",
        ),
        (
            "LD-T5",
            "Melding after the draw",
            "After drawing you may make as many melds and lay-offs as you like. Your turn ends "
            "when you discard, or earlier if you go out.",
        ),
        (
            "LD-T6",
            "Discarding",
            "End your turn by putting any one card from your hand on the discard pile, wilds "
            "and threes included. Discarding the last card of your Down is going out and needs "
            "the going-out conditions.",
        ),
        (
            "LD-T7",
            "Picking up your Down",
            "When your Looking hand runs out you pick up your Down. If your last card was a "
            "discard your turn is over; otherwise you play on with the Down, even while frozen.",
        ),
        (
            "LD-T8",
            "End of a turn",
            "After your turn, play passes to the next seat on the left, the keeper included, "
            "unless the deal has ended.",
        ),
        (
            "LD-T9",
            "The pile is closed",
            "You see only the top card of the discard pile and how many cards it holds. Nobody "
            "may look through it.",
        ),
    ),
    *_group(
        "Taking the pile",
        (
            "LD-P1",
            "When you may take the pile",
            "You may take the pile only at the start of your own turn, in place of drawing.",
        ),
        (
            "LD-P2",
            "Blocked pile",
            "An empty pile cannot be taken, nor one with a wild or a three of either colour on "
            "top.",
        ),
        (
            "LD-P3",
            "Not twice running",
            "If you took the pile on your previous turn, this turn you must draw instead.",
        ),
        (
            "LD-P4",
            "Showing the pair",
            "To take the pile you must show two naturals of the top card's rank from your hand. "
            "Wilds and cards already melded do not count, and everyone sees the pair.",
        ),
        (
            "LD-P5",
            "Taking once you have opened",
            "If you have already opened, name exactly two naturals of the top card's rank. They "
            "stay in your hand, the whole pile joins them, and you need not meld anything.",
        ),
        (
            "LD-P6",
            "Taking to open",
            "If you have not opened, the take must also be your opening: meld the top card with "
            "your pair (plus more of that rank or wilds if you like), and add other melds from "
            "your hand if needed. Together they must reach your minimum, with only the top card "
            "counting from the pile and no meld of 7 cards.",
        ),
        (
            "LD-P7",
            "The whole pile",
            "Taking the pile gives you every card in it, not just the top few.",
        ),
        (
            "LD-P8",
            "Cards under the top card",
            "Cards that lay under the top card stay out of the take's own melds. You may meld them "
            "later in the same turn.",
        ),
        (
            "LD-P9",
            "Threes in the pile",
            "Threes taken with the pile simply go into your hand; nothing is placed or drawn for "
            "them.",
        ),
        (
            "LD-P10",
            "Frozen afterwards",
            "Once a turn in which you took the pile ends, you are frozen in time.",
        ),
        (
            "LD-P11",
            "Which rule a refusal names",
            "A take that breaks several rules is refused with the first one in a fixed order: "
            "turn, timing, blocked pile, twice running, the pair, the melds, going out, then the "
            "opening rules.",
        ),
    ),
    *_group(
        "Frozen in time",
        (
            "LD-F1",
            "Becoming frozen",
            "After a turn in which you took the pile, you are frozen in time until your next "
            "turn starts or the deal ends.",
        ),
        (
            "LD-F2",
            "What a frozen player may do",
            "While frozen you may meld and lay off at any moment during other players' turns. "
            "Drawing, taking the pile and discarding still wait for your own turn.",
        ),
        (
            "LD-F3",
            "Rules still apply",
            "Frozen melds and lay-offs follow all the usual meld rules. Outside your turn you "
            "may keep just one card, but play your last card only to go out.",
        ),
        (
            "LD-F4",
            "Reaching the Down while frozen",
            "If your Looking hand runs out while you are frozen, you pick up your Down and may "
            "carry on melding.",
        ),
        (
            "LD-F5",
            "Going out while frozen",
            "If you go out while frozen you earn the bonus, but the others keep playing until "
            "the turn would come to you; then the deal ends. Anyone else who goes out meanwhile "
            "ends the deal at once and also earns the bonus.",
        ),
        (
            "LD-F6",
            "Turning it off",
            "The host may switch off freezing; then everyone melds only on their own turn.",
        ),
    ),
    *_group(
        "Melds",
        (
            "LD-M1",
            "Meld shape",
            "Every meld holds 3 to 7 cards: naturals of a single rank, plus wilds within the "
            "limit. You need at least 3 cards to start one.",
        ),
        (
            "LD-M2",
            "Wild limit",
            "A meld must have fewer wilds than naturals: at most 1 wild in 3 or 4 cards, 2 in 5 "
            "or 6 cards, and 3 in 7 cards.",
        ),
        (
            "LD-M3",
            "No wild melds",
            "You can never meld wild cards on their own.",
        ),
        (
            "LD-M4",
            "Canastas",
            "A 7-card meld is a canasta and takes no more cards (except one red three). A red "
            "canasta has no wild and scores 500; a black canasta has 1 to 3 wilds and scores "
            "300. You may lay one down whole, except as your opening, or build it up.",
        ),
        (
            "LD-M5",
            "Red three on a red canasta",
            "You may lay one red three on a finished red canasta, making 8 cards and raising "
            "its bonus from 500 to 1000. Never on a black canasta or an unfinished meld, and "
            "never a second one.",
        ),
        (
            "LD-M6",
            "Black-three meld",
            "Only as part of going out, with at least 2 canastas and your Down in play, you may "
            "meld exactly seven black threes. It scores nothing, is not a canasta, and is not "
            "allowed in the final round.",
        ),
        (
            "LD-M7",
            "No other threes",
            "Apart from those two cases, no three may go into a meld or be laid off.",
        ),
        (
            "LD-M8",
            "Repeat ranks",
            "Nothing limits how many melds of one rank you have, finished or not.",
        ),
        (
            "LD-M9",
            "Your own melds only",
            "You may lay off only on your own melds, never on another player's.",
        ),
        (
            "LD-M10",
            "Laying off",
            "A lay-off adds one or more cards from your hand to one of your melds, and only the "
            "result is checked. A wild onto 9H 9S 9D 2C is fine (5 cards, 2 wilds), but onto "
            "9H 9S 2C it is refused.",
        ),
        (
            "LD-M14",
            "Which rule a refusal names",
            "When a meld or lay-off breaks several rules, the message names the first in this "
            "order: your turn, whose meld, red threes, black threes, wild melds, finished "
            "canastas, shape, wild limit, going out, then the opening rules.",
        ),
        (
            "LD-M11",
            "Melds stay put",
            "Cards on the table never go back to a hand and never move to another meld.",
        ),
        (
            "LD-M12",
            "When you may meld",
            "You may meld and lay off after drawing on your own turn, in a take that opens, and "
            "at any time while frozen. One meld move may put down several melds.",
        ),
        (
            "LD-M13",
            "What a wild stands for",
            "A wild in a meld counts as the meld's rank but scores its own value.",
        ),
    ),
    *_group(
        "Opening meld",
        (
            "LD-I1",
            "Opening minimum",
            "Your first meld of a deal must reach a minimum set by your total before the deal: "
            "below 0 needs 15, 0 to 1500 needs 50, up to 3000 needs 90, up to 5000 needs 120, "
            "up to 7000 needs 150, and above 7000 needs 210.",
        ),
        (
            "LD-I2",
            "What counts toward it",
            "Add up the card values of the new melds made in that one move. Bonuses never count, "
            "and melds from separate moves are never added together.",
        ),
        (
            "LD-I3",
            "No canasta in the opening",
            "None of the melds in your opening move may have 7 cards. Later moves, even in the "
            "same turn, may make canastas.",
        ),
        (
            "LD-I4",
            "Opening by taking the pile",
            "If you open by taking the pile, only the top card counts and only the top card may "
            "be used; the rest of the pile then goes to your hand.",
        ),
        (
            "LD-I5",
            "Failed opening",
            "An opening that falls short of the minimum or includes a 7-card meld is refused, "
            "and nothing changes.",
        ),
        (
            "LD-I6",
            "After opening",
            "After your opening, your melds for the rest of this deal need no minimum. Each player "
            "has their own opening to make.",
        ),
    ),
    *_group(
        "Going out",
        (
            "LD-G1",
            "Only from the Down",
            "You can go out only once you are playing your Down. Nobody has to give you "
            "permission.",
        ),
        (
            "LD-G2",
            "Two canastas",
            "When you go out you need at least 2 canastas of your own, red or black, counting "
            "any finished in that move. A red canasta with its red three counts once, and the "
            "black-three meld does not count.",
        ),
        (
            "LD-G3",
            "Discard optional",
            "You need not discard to go out. If you discard your last card with the conditions "
            "met, that discard is your going out.",
        ),
        (
            "LD-G4",
            "No empty hand without going out",
            "Once in your Down, you may play your last card only to go out. On your own turn "
            "you may also not meld, lay off or take down to one card unless you then have 2 "
            "canastas. Neither limit applies in the final round.",
        ),
        (
            "LD-G5",
            "Going-out bonus",
            "Going out earns you 100.",
        ),
        (
            "LD-G6",
            "What happens next",
            "Going out on your own turn ends the deal at once. Going out while frozen ends it "
            "when the turn would reach you.",
        ),
        (
            "LD-G7",
            "Final round",
            "Nobody can go out during the final round after the stock runs out.",
        ),
    ),
    *_group(
        "End of the deal",
        (
            "LD-E1",
            "Going out on your turn",
            "If you go out on your own turn, play stops at once and the deal is scored.",
        ),
        (
            "LD-E2",
            "Going out while frozen",
            "A frozen player's going out ends the deal when the turn would pass to them.",
        ),
        (
            "LD-E3",
            "Final round",
            "The player who draws the last stock card finishes that turn and may still go out. "
            "If nobody has, everyone then gets one more turn, ending with that player: draw "
            "takes nothing, taking the pile is still allowed, and emptying your hand scores "
            "nothing. After that turn the deal ends with no going-out bonus.",
        ),
        (
            "LD-E4",
            "The next deal",
            "After scoring, the next Looking dealer starts a new deal with a fresh shuffle. The "
            "table is cleared and running totals carry over.",
        ),
        (
            "LD-E5",
            "End of the game",
            "The game ends after any deal in which someone's total reaches 10000. The highest "
            "total wins, and players tied for highest share the win.",
        ),
        (
            "LD-E6",
            "Deal limit",
            "The host may also set a maximum number of deals; the game then ends there at the "
            "latest, highest total winning.",
        ),
    ),
    *_group(
        "Scoring",
        (
            "LD-SC1",
            "Bonuses",
            "Going out scores 100, and so does each exact grab when dealing if the host has "
            "turned that option on.",
        ),
        (
            "LD-SC2",
            "Canasta bonuses",
            "Each red canasta scores 500, a red canasta with its red three 1000, and each black "
            "canasta 300. The black-three meld earns nothing.",
        ),
        (
            "LD-SC3",
            "Cards left over",
            "Cards still in your hand, or in a Down you never picked up, count against you at "
            "their values, and each red three among them costs 500. Black threes cost 0.",
        ),
        (
            "LD-SC4",
            "Melded cards",
            "You score the card values of every card in your melds, canastas included. Threes "
            "on the table count 0.",
        ),
        (
            "LD-SC5",
            "Deal score",
            "Deal score = bonuses + canasta bonuses + melded cards - cards left over. It can be "
            "negative, and your new total sets your next opening minimum.",
        ),
        (
            "LD-SC6",
            "Score sheet",
            "The score sheet shows for each player the going-out and exact-grab bonuses, each "
            "canasta bonus, the penalty for hand and Down with red threes apart, melded card "
            "points, the deal score and the new total.",
        ),
    ),
    *_group(
        "Options",
        ("LD-O1", "Score Keeper", "Host option: which seat is the Score Keeper (default 0)."),
        (
            "LD-O2",
            "First dealer",
            "Host option: the first Looking dealer (default the first seat left of the keeper).",
        ),
        (
            "LD-O3",
            "Exact grab",
            "Host option, off by default: give each dealer a chance (default 1 in 10) of the "
            "100-point exact-grab bonus.",
        ),
        (
            "LD-O4",
            "Frozen in time",
            "Host option, on by default: players who took the pile may meld during others' turns.",
        ),
        (
            "LD-O5",
            "Target score",
            "Host option: the total that ends the game (default 10000).",
        ),
        (
            "LD-O6",
            "Maximum deals",
            "Host option, unset by default: end the game after this many deals.",
        ),
        (
            "LD-O7",
            "Hand sizes",
            "Host option: cards in the Looking hand and the Down (default 11 each; 13 is a "
            "common house rule).",
        ),
        (
            "LD-O8",
            "Canastas to go out",
            "Host option: how many canastas you need to go out (default 2).",
        ),
        (
            "LD-O9",
            "Final round length",
            "Host option: by default everyone gets one last turn after the stock runs out; the "
            "short version ends the deal when the turn gets back to whoever emptied the stock.",
        ),
        (
            "LD-O10",
            "Minimum table",
            "Host option: replace the table of opening minimums by running score.",
        ),
    ),
    *_group(
        "Decisions",
        (
            "LD-A1",
            "Turn order",
            "A turn is: draw 2 or take the pile, meld and lay off if you like, then discard one "
            "card.",
        ),
        (
            "LD-A2",
            "Canasta examples",
            "The canasta examples were missing from the source and were rebuilt from its rules.",
        ),
        (
            "LD-A3",
            "Which threes are red",
            "3H and 3D are the red threes; 3S and 3C are the black ones.",
        ),
        (
            "LD-A4",
            "Bonuses scored first",
            "Going-out and exact-grab bonuses are scored and shown first on the score sheet.",
        ),
        (
            "LD-A5",
            "Stray mark",
            "A stray mark in the source text is ignored; it changes no rule.",
        ),
        (
            "LD-A6",
            "One stock",
            "The table's several stock stacks are played as one stock, which deals the same.",
        ),
        (
            "LD-A7",
            "Exact grab off",
            "The exact-grab bonus is off by default, since a screen has no grabbing knack.",
        ),
        (
            "LD-A8",
            "Keeper and dealer",
            "The keeper defaults to seat 0 and the first dealer to the next seat; both can be "
            "changed.",
        ),
        (
            "LD-A9",
            "Player count",
            "The game is offered for 2 to 8 players.",
        ),
        (
            "LD-A10",
            "Opening in one move",
            "Only melds made in one move add up to the minimum, and the no-canasta rule covers "
            "only that move.",
        ),
        (
            "LD-A11",
            "Pair in the opening meld",
            "When you open by taking the pile, your shown pair must be melded with the top card.",
        ),
        (
            "LD-A12",
            "The shown pair",
            "Exactly two naturals are shown when you take; they stay in your hand and everyone "
            "sees them.",
        ),
        (
            "LD-A13",
            "One card left",
            "On your own turn you may not leave yourself one card you could not discard to go "
            "out; frozen players may.",
        ),
        (
            "LD-A14",
            "Freezing kept",
            "Melding while frozen is a real right, on by default.",
        ),
        (
            "LD-A15",
            "Two players out",
            "If another player goes out while a frozen player's going out is waiting, both earn "
            "the bonus.",
        ),
        (
            "LD-A16",
            "Final round length",
            "In the final round everyone, the player who emptied the stock included, gets one "
            "turn without drawing.",
        ),
        (
            "LD-A17",
            "Empty hand in the final round",
            "Running out of cards in the final round is allowed and counts for nothing.",
        ),
        (
            "LD-A18",
            "Black-three meld is no canasta",
            "Seven black threes melded when going out do not count toward the 2 canastas.",
        ),
        (
            "LD-A19",
            "Red threes are ordinary cards",
            "Red threes stay in your hand and may be discarded; they are not placed for you.",
        ),
        (
            "LD-A20",
            "Black threes in hand",
            "A black three left in your hand costs nothing.",
        ),
        (
            "LD-A21",
            "Fewer than half wild",
            "A meld must have fewer wilds than half its cards, so a canasta may hold 3.",
        ),
        (
            "LD-A22",
            "Going out needs the Down",
            "You must have picked up your Down to go out.",
        ),
        (
            "LD-A23",
            "Ties",
            "Players tied for the highest total share the win.",
        ),
        (
            "LD-A24",
            "Sources",
            "These rules rest on the original write-up alone; nothing else was added from pagat.",
        ),
        (
            "LD-A25",
            "Games that never end",
            "By default a game runs until someone reaches the target; a deal limit can be set.",
        ),
    ),
]


# --------------------------------------------------------------------------------------------
# Canastone
# --------------------------------------------------------------------------------------------

_CN_SUMMARY = "\n".join(
    [
        "Italian Canasta for 2, 3, 4 or 6 players: alone with 2 or 3, in two teams with 4 or 6.",
        "Cards: three 52-card packs plus 6 jokers, 162 in all. Jokers (JK) and 2s are wild.",
        "Everyone gets 15 cards. The discard pile starts with a natural face up on top of 4 to",
        "14 face-down cards (as many as the top card's rank: 4 for a 4 up to 14 for an ace).",
        "Goal: meld cards of one rank, or wilds alone, build canastas of 7 or more, and go out.",
        "Before your team has melded: either make the opening meld first, or draw 2 and discard.",
        "Once open: draw 2, or take the whole pile with two naturals of its top card's rank from",
        "your hand (three if a wild has frozen it) and draw 1. Then meld, lay off, discard one.",
        "A rank meld may hold at most 2 wilds, always fewer than its naturals; one meld per rank.",
        "The opening meld must reach 50 to 200 points, depending on your team's total.",
        "Red threes are placed for you and replaced; they score +100 to -200 each at the end.",
        "To go out you discard your last card, a natural; your team needs a natural and a mixed",
        "canasta and no unfinished wild meld. You may ask a partner first, and must obey.",
        "A deal also ends when the stock is down to 0 or 1 card before a turn.",
        "Score: melded card values + canasta bonuses (300 up to 5,000) + 300 for going out",
        "+ red threes - cards left in hands. JK 50, 2 and A 20, 8 to K 10, 4 to 7 and 3S 3C 5.",
        "The game ends after the deal in which a team reaches 12,000; the highest total wins.",
    ]
)

_CN: list[RuleEntry] = [
    *_group(
        "Players",
        (
            "CN-N1",
            "Seats and teams",
            "The game is for 2, 3, 4 or 6 players. With 2 or 3 everyone plays alone; with 4 "
            "there are two partnerships sitting opposite, and with 6 two teams of three in "
            "alternate seats.",
        ),
        (
            "CN-N2",
            "Length",
            "There is no fixed number of deals: you play deal after deal until a team reaches "
            "the target score.",
        ),
    ),
    *_group(
        "Cards",
        (
            "CN-C1",
            "The deck",
            "Three ordinary packs and 6 jokers, 162 cards in all. Each card code such as 7H "
            "appears three times, so there are 18 wild cards.",
        ),
        (
            "CN-C2",
            "Card values",
            "JK is worth 50, any 2 and any A 20, K Q J 10 9 8 are 10 each, and 7 6 5 4 and the "
            "black threes 3S 3C are 5 each. Red threes have no card value; they score only as a "
            "bonus or penalty.",
        ),
        (
            "CN-C3",
            "Black threes",
            "3S and 3C can never be melded. You can discard one, but never as your going-out card, "
            "and one left in hand costs 5. While one is the top card, nobody may take the pile, "
            "though it is not frozen.",
        ),
        (
            "CN-C4",
            "Red threes",
            "3H and 3D never stay in a hand and are never melded or discarded. They go face up "
            "in your team's red-three area and are replaced from the stock when they came from "
            "the deal or the stock.",
        ),
        (
            "CN-C5",
            "Suits",
            "Suits matter only for telling red threes from black threes.",
        ),
    ),
    *_group(
        "Red threes",
        (
            "CN-R1",
            "Red threes in the deal",
            "Once the cards are dealt, each player in turn from the dealer's left puts their "
            "red threes on the table and draws a replacement for each, repeating while more red "
            "threes turn up. The game does this for you.",
        ),
        (
            "CN-R2",
            "Drawing a red three",
            "A red three you draw from the stock at any time goes straight to the table and you "
            "get the next stock card in its place.",
        ),
        (
            "CN-R3",
            "Red three from the pile",
            "A red three among the cards you take from the pile, face up or face down, goes to "
            "the table with no replacement. This can only happen with cards put in the pile at "
            "the start.",
        ),
        (
            "CN-R4",
            "No card to replace it",
            "If a drawn red three needs a replacement and the stock is empty, it is still "
            "placed, and the deal ends at once.",
        ),
        (
            "CN-R5",
            "Whose red threes",
            "Red threes on the table belong to your team. They are not melds, do not open your "
            "team and never count toward the opening minimum.",
        ),
        (
            "CN-R6",
            "Never in a hand",
            "Because red threes are always placed for you, you can never be caught holding one.",
        ),
    ),
    *_group(
        "The deal",
        (
            "CN-D1",
            "Dealer",
            "The host picks the first dealer (seat 0 unless changed), and the deal moves one "
            "seat clockwise after each scored deal. A cancelled deal is dealt again by the same "
            "dealer.",
        ),
        (
            "CN-D2",
            "Shuffle",
            "All 162 cards are shuffled for every deal, and again with a fresh shuffle if the "
            "deal is cancelled.",
        ),
        (
            "CN-D3",
            "Hands",
            "Everyone gets 15 cards, dealt one at a time clockwise from the dealer's left.",
        ),
        (
            "CN-D4",
            "Face-up cards",
            "The next card is turned up to start the pile. A wild or a three is covered by another "
            "face-up card, and if needed a third, so the pile starts with 1 to 3 face-up cards and "
            "a natural of a meldable rank on top.",
        ),
        (
            "CN-D5",
            "Re-deal",
            "If three cards in a row turn up wild or three, the deal is called off and dealt "
            "again. Nothing is scored and the deal number stays the same.",
        ),
        (
            "CN-D6",
            "How many face-down cards",
            "The rank of the top face-up card decides how many cards lie face down under the "
            "pile: its own number for 4 to 10, then 11 for J, 12 for Q, 13 for K and 14 for A.",
        ),
        (
            "CN-D7",
            "The hidden cards",
            "Those cards are put face down under the face-up ones. They stay hidden and play no "
            "part until the first time someone takes the pile in the deal.",
        ),
        (
            "CN-D8",
            "Frozen from the start",
            "If any of the starting face-up cards is a wild, the pile is frozen from the start.",
        ),
        (
            "CN-D9",
            "Stock",
            "All the remaining cards form the face-down stock.",
        ),
        (
            "CN-D10",
            "Dealt red threes",
            "Red threes dealt to players are placed and replaced right after the deal.",
        ),
        (
            "CN-D11",
            "First turn",
            "The player on the dealer's left plays first, and turns go on clockwise.",
        ),
    ),
    *_group(
        "Your turn",
        (
            "CN-T1",
            "Who may act",
            "You can act only on your own turn, with the moves allowed at that point, or when "
            "your partner asks you to answer. Anything else is refused and changes nothing.",
        ),
        (
            "CN-T2",
            "Before your team has melded",
            "While your team has no meld, you either make the opening meld first and then play a "
            "normal turn, or draw 2 cards and discard one. Until your team has opened you cannot "
            "take the pile or lay off.",
        ),
        (
            "CN-T3",
            "Drawing once open",
            "Once your team is open, start your turn by drawing 2 cards or by taking the pile. "
            "You cannot meld before that step.",
        ),
        (
            "CN-T4",
            "Discard after a closed draw",
            "If your team is not open and you drew instead of melding, all you can do is "
            "discard; the opening meld has to come before the draw.",
        ),
        (
            "CN-T5",
            "Melding after the draw",
            "After the draw you may make as many melds and lay-offs as you like, ask to go out "
            "once, and you must end with a discard.",
        ),
        (
            "CN-T6",
            "Discarding",
            "End your turn by putting one card on the pile. Any card may go, but a wild freezes "
            "the pile and a black three blocks the next player. You may not discard a wild "
            "while your team has an unfinished wild meld, and your last card must be a natural.",
        ),
        (
            "CN-T7",
            "End of a turn",
            "After your turn, play passes to the left, unless the stock holds 0 or 1 card: then "
            "the deal ends.",
        ),
        (
            "CN-T8",
            "The pile is closed",
            "You see only the pile's top card, how many cards are face up and face down, and "
            "whether it is frozen. Nobody may look through it.",
        ),
    ),
    *_group(
        "Taking the pile",
        (
            "CN-P1",
            "When you may take the pile",
            "You may take the pile only at the start of your turn, instead of drawing, and only "
            "when your team is open. Opening with a meld first and then taking the pile in the "
            "same turn is fine.",
        ),
        (
            "CN-P2",
            "Top card",
            "The top card must be a natural you could meld. You can never take the pile while a "
            "wild or a black three is on top.",
        ),
        (
            "CN-P3",
            "Frozen pile",
            "A face-up wild anywhere in the pile freezes it. Only taking the pile unfreezes it.",
        ),
        (
            "CN-P4",
            "Cards from your hand",
            "You must use naturals of the top card's rank from your hand: at least 2, or at "
            "least 3 when the pile is frozen. Wilds cannot help, and a meld of that rank on the "
            "table does not lower the number.",
        ),
        (
            "CN-P5",
            "The meld",
            "The top card and your naturals form a new meld of that rank, or join your team's "
            "existing meld of that rank, even a canasta.",
        ),
        (
            "CN-P6",
            "The rest of the pile",
            "Every other card in the pile goes into your hand; red threes among them are placed.",
        ),
        (
            "CN-P7",
            "First take",
            "Whoever takes the pile first in a deal also gets the hidden cards beneath it. Any red "
            "threes there are placed with no replacement.",
        ),
        (
            "CN-P8",
            "Draw one",
            "After taking the pile you draw 1 card from the stock. The pile is then empty and "
            "not frozen.",
        ),
        (
            "CN-P9",
            "No empty hand",
            "You cannot take the pile if that would leave you with no cards before the 1-card "
            "draw.",
        ),
        (
            "CN-P10",
            "Extra melds",
            "You may put down more new melds from your hand as part of the take; if any of them "
            "is illegal, the whole take is refused.",
        ),
        (
            "CN-P11",
            "Which rule a refusal names",
            "A refused take names the first failing rule in this order: your turn, timing, top "
            "card, your cards, an empty hand, then the extra melds.",
        ),
    ),
    *_group(
        "Melds",
        (
            "CN-M1",
            "Two kinds",
            "Melds come in two kinds: rank melds (naturals of one rank, maybe with wilds) and wild "
            "melds (wilds only).",
        ),
        (
            "CN-M2",
            "Size",
            "A new meld needs at least 3 cards. There is no upper limit.",
        ),
        (
            "CN-M3",
            "Wild limit",
            "A rank meld may hold at most 2 wilds, and always fewer wilds than naturals. So "
            "7H 7S 2C is fine, 7H 7S 2C JK is not, and 7H 7S 7D 2C JK is.",
        ),
        (
            "CN-M4",
            "No threes",
            "No three, red or black, may ever be in a meld.",
        ),
        (
            "CN-M5",
            "Wild melds",
            "A wild meld is 3 or more wild cards, 2s and jokers in any mix, with no natural.",
        ),
        (
            "CN-M6",
            "One meld per rank",
            "Your team may have only one meld of each rank and one wild meld. More cards of that "
            "rank are laid off on it instead of starting a new one.",
        ),
        (
            "CN-M7",
            "Rank canastas",
            "With 7 cards or more a meld becomes a canasta: natural with no wild, mixed with 1 or "
            "2 wilds. It may be laid down whole or grow into one.",
        ),
        (
            "CN-M8",
            "Wild canastas",
            "Seven or more wilds make a wild canasta. Only two mixes count as natural: all 2s, or "
            "the six jokers with exactly one 2; anything else is mixed.",
        ),
        (
            "CN-M9",
            "Laying off",
            "After drawing you may add cards from your hand to one of your team's melds per "
            "lay-off, as often as you like. The result must still follow the meld rules.",
        ),
        (
            "CN-M10",
            "Adding to a rank canasta",
            "Once a rank meld is a canasta, it accepts naturals only. A wild may go on a meld of 6 "
            "or fewer cards within the wild limit, even if that makes a mixed canasta.",
        ),
        (
            "CN-M11",
            "Adding to a wild meld",
            "Only wild cards can be added to a wild meld, and that can turn a natural wild "
            "canasta into a mixed one.",
        ),
        (
            "CN-M12",
            "An unfinished wild meld",
            "While your team's wild meld is still short of 7 cards, wilds may only go onto that "
            "meld: not into rank melds and not on the pile (unless your hand is all wilds). Your "
            "team also cannot go out.",
        ),
        (
            "CN-M13",
            "Melds stay put",
            "Once on the table, cards stay there: they never return to a hand or switch to a "
            "different meld.",
        ),
        (
            "CN-M14",
            "Team melds",
            "Melds are shared by the team, so partners may add to each other's. Opponents' melds "
            "are off limits.",
        ),
        (
            "CN-M15",
            "What a wild stands for",
            "A wild in a rank meld counts as that rank without naming it, and keeps its own "
            "value for scoring: JK 50, a 2 20.",
        ),
        (
            "CN-M16",
            "Several melds at once",
            "One meld move may put down several melds. They are checked together, and if any "
            "fails none of them happens.",
        ),
        (
            "CN-M17",
            "How melds are shown",
            "Melds are shown as natural, mixed or wild, and finished ones are marked as natural, "
            "mixed, natural wild or mixed wild canastas.",
        ),
    ),
    *_group(
        "Opening meld",
        (
            "CN-I1",
            "When",
            "Your team's first meld of a deal is its opening. It comes at the start of a turn, "
            "before drawing, from cards in your hand only.",
        ),
        (
            "CN-I2",
            "Opening minimum",
            "The opening must be worth at least 50 if your team's total is below 3,000, 90 below "
            "5,000, 120 below 7,000, 160 below 10,000, 180 below 12,000, and 200 from 12,000 up.",
        ),
        (
            "CN-I3",
            "What counts",
            "Add up the card values of every card in the opening melds. Canasta bonuses and red "
            "threes never count.",
        ),
        (
            "CN-I4",
            "One move",
            "The opening is a single meld move, which may hold several melds. Separate moves are "
            "never added up, and you cannot open by taking the pile.",
        ),
        (
            "CN-I5",
            "Open for the whole team",
            "From the moment your team is open, all its players are open for the rest of the deal, "
            "and later melds need no minimum.",
        ),
        (
            "CN-I6",
            "Falling short",
            "An opening worth less than the minimum is refused, and nothing changes.",
        ),
        (
            "CN-I7",
            "Playing alone",
            "With 2 or 3 players your own total sets your minimum.",
        ),
    ),
    *_group(
        "Going out",
        (
            "CN-G1",
            "Conditions for going out",
            "You may go out only if your team has at least one natural and one mixed canasta, "
            "no unfinished wild meld, and your final discard is a natural, never a wild or a "
            "three. Melds made earlier in the turn count.",
        ),
        (
            "CN-G2",
            "Only by discarding",
            "You go out only by discarding your last card. A meld, lay-off or take that would "
            "leave you with no cards is refused.",
        ),
        (
            "CN-G3",
            "Going out by discarding",
            "You may discard your last card only if the going-out conditions hold for that card "
            "and your partner has not said no this turn.",
        ),
        (
            "CN-G4",
            "No dead end",
            "You may not meld or lay off down to one card unless discarding it would be a legal "
            "going out. If you cannot go out, keep at least two cards.",
        ),
        (
            "CN-G5",
            "Asking a partner",
            "With partners you may, once per turn, ask one partner whether you may go out; it is "
            "never required. You submit your complete going-out plan with the question; the "
            "other players only see that you asked.",
        ),
        (
            "CN-G6",
            "Answer yes",
            "If your partner says yes, your plan is carried out at once and you have gone out.",
        ),
        (
            "CN-G7",
            "Answer no",
            "If your partner says no, your plan is dropped and you may not go out this turn.",
        ),
    ),
    *_group(
        "End of the deal",
        (
            "CN-E1",
            "Going out",
            "Discarding your last card to go out ends the deal on the spot.",
        ),
        (
            "CN-E2",
            "Stock down to 0 or 1",
            "If the stock holds 0 or 1 card when a turn is about to start, the deal ends "
            "instead, with no going-out bonus.",
        ),
        (
            "CN-E3",
            "Red three with no replacement",
            "If a drawn red three cannot be replaced because the stock is empty, it is placed "
            "and the deal ends at once, with no going-out bonus.",
        ),
        (
            "CN-E4",
            "The next deal",
            "After scoring, the next dealer starts a new deal. The table is cleared and totals "
            "carry over.",
        ),
        (
            "CN-E5",
            "End of the game",
            "The game ends after the deal in which a team reaches 12,000. The highest total "
            "wins, and teams tied for highest share the win.",
        ),
    ),
    *_group(
        "Scoring",
        (
            "CN-S1",
            "Melded cards",
            "Your team scores the card values of every card in its melds, canastas and wild "
            "melds included.",
        ),
        (
            "CN-S2",
            "Cards left in hand",
            "Every card still in the hands of your team's players counts against you at its "
            "value; black threes cost 5 each.",
        ),
        (
            "CN-S3",
            "Going out",
            "The team of the player who went out scores 300. Nobody gets it when the stock ran "
            "out or a red three could not be replaced.",
        ),
        (
            "CN-S4",
            "Canasta bonuses",
            "Ranks 4 to K: mixed 300, natural 500. Aces: mixed 500, natural 1,000. Wild "
            "canastas: mixed 2,000, all 2s 3,000, six jokers and one 2 5,000.",
        ),
        (
            "CN-S5",
            "Many canastas",
            "Five or more canastas of any kind bring 1,000 extra. A team with five natural "
            "canastas or more plus a mixed one gets 2,000 instead.",
        ),
        (
            "CN-S6",
            "Red threes",
            "Each red three is worth +100 if your team has both a natural and a mixed canasta, "
            "nothing if it has only natural ones, -100 if only mixed ones, and -200 with no "
            "canasta. With 4 or more red threes the result is doubled.",
        ),
        (
            "CN-S7",
            "Red three in hand",
            "A red three left in a hand would cost 500, but the game always places them, so it "
            "never happens.",
        ),
        (
            "CN-S8",
            "Deal score",
            "Deal score = melded cards - cards in hand + going out + canasta bonuses + many "
            "canastas + red threes. It can be negative and is added to your team's total.",
        ),
        (
            "CN-S9",
            "Score sheet",
            "The score sheet shows each part for each team, with every canasta and its bonus, "
            "the red threes, the deal score, the new total and why the deal ended.",
        ),
    ),
    *_group(
        "Player counts",
        (
            "CN-V1",
            "2 players",
            "Each player is a team alone, with the same rules as 4 players and no partner to ask.",
        ),
        (
            "CN-V2",
            "3 players",
            "Three players each play alone, otherwise as with 2.",
        ),
        (
            "CN-V3",
            "4 players",
            "The standard game: two partnerships, partners opposite.",
        ),
        (
            "CN-V4",
            "6 players",
            "Two teams of three in alternate seats. When you ask to go out, you choose which "
            "partner to ask.",
        ),
    ),
    *_group(
        "Options",
        ("CN-O1", "First dealer", "Host option: the seat that deals first (default seat 0)."),
        (
            "CN-O2",
            "Target score",
            "Host option: the total that ends the game (default 12,000; 15,000 is a known "
            "variation).",
        ),
        (
            "CN-O3",
            "Draw before melding",
            "Host option: how many cards a player of an unopened team draws before discarding "
            "(default 2; 1 is an alternative).",
        ),
        (
            "CN-O4",
            "Canastas to go out",
            "Host option: by default going out needs a natural and a mixed canasta; a variation "
            "asks for two natural canastas.",
        ),
        (
            "CN-O5",
            "Wilds locked by a wild meld",
            "Host option, on by default: while your team's wild meld is unfinished, your wilds "
            "may go only onto it and may not be discarded.",
        ),
        (
            "CN-O6",
            "Unfinished wild meld blocks going out",
            "Host option, on by default: a team with an unfinished wild meld cannot go out.",
        ),
        (
            "CN-O7",
            "Many-canastas bonus",
            "Host option: which bonus for 5 or more canastas is used; variations tighten the "
            "1,000 condition, change the 2,000 condition, or drop the bonus.",
        ),
        (
            "CN-O8",
            "Red three values",
            "Host option: by default red threes score by your canastas; the flat variation makes "
            "each worth +100.",
        ),
        (
            "CN-O9",
            "Wild melds",
            "Host option, on by default: allow melds of wild cards only.",
        ),
        (
            "CN-O10",
            "Asking a partner",
            "Host option, on by default: players may ask a partner before going out.",
        ),
        (
            "CN-O11",
            "Clean opening at 50",
            "Host option, off by default: an opening that needs 50 must be made of natural rank "
            "melds only.",
        ),
        (
            "CN-O12",
            "Double penalty when unopened",
            "Host option, off by default: a team that never opened pays double for its cards in "
            "hand.",
        ),
        (
            "CN-O13",
            "Maximum deals",
            "Host option, unset by default: end the game after this many deals.",
        ),
    ),
    *_group(
        "Decisions",
        (
            "CN-A1",
            "Face-down count",
            "The number of face-down cards under the pile equals the top card's rank, 4 to 14.",
        ),
        (
            "CN-A2",
            "Draw 2 before melding",
            "A player whose team has not opened and chooses not to meld draws 2 and discards 1.",
        ),
        (
            "CN-A3",
            "Unfinished wild meld",
            "While your wild meld is unfinished, wilds only go on it, none are discarded, and "
            "you cannot go out.",
        ),
        (
            "CN-A4",
            "Wild canasta class",
            "A wild canasta is natural only if all 2s, or six jokers with one 2.",
        ),
        (
            "CN-A5",
            "One wild meld",
            "A team has at most one wild meld; more wilds are laid off on it.",
        ),
        (
            "CN-A6",
            "Going-out conditions",
            "Going out needs a natural and a mixed canasta, no unfinished wild meld, and a "
            "natural last discard.",
        ),
        (
            "CN-A7",
            "Five canastas",
            "Five natural canastas without a mixed one still earn the 1,000 bonus.",
        ),
        (
            "CN-A8",
            "Red three scores",
            "Red threes score +100, 0, -100 or -200 each by your canastas, doubled with 4 or more.",
        ),
        (
            "CN-A9",
            "Small games",
            "Both the 2- and 3-player games are played alone with 15 cards each.",
        ),
        (
            "CN-A10",
            "Binding answer",
            "Your partner's answer binds you: yes carries out your plan, no bars going out this "
            "turn.",
        ),
        (
            "CN-A11",
            "Taking onto a meld",
            "Taking the pile adds to your existing meld of that rank; you still need the full "
            "number of naturals.",
        ),
        (
            "CN-A12",
            "Frozen by face-up cards",
            "Only face-up wilds freeze the pile; the hidden cards never do.",
        ),
        (
            "CN-A13",
            "Red threes in any take",
            "Red threes taken from the pile are always placed without replacement.",
        ),
        (
            "CN-A14",
            "No cut",
            "The first dealer is set by the host; there is no cut.",
        ),
        (
            "CN-A15",
            "Stock check",
            "The stock is checked after every turn, since every draw from it is 2 cards.",
        ),
        (
            "CN-A16",
            "Ties",
            "Teams tied for the highest total share the win.",
        ),
        (
            "CN-A17",
            "Variations offered",
            "Some known variations are offered as host options; the rest are not used.",
        ),
        (
            "CN-A18",
            "Long games",
            "There is no deal limit by default; the game runs to the target score.",
        ),
        (
            "CN-A19",
            "Extra rules off",
            "The all-natural opening at 50 and the double penalty for an unopened team are off "
            "by default.",
        ),
        (
            "CN-A20",
            "Only wilds in hand",
            "If every card in your hand is wild, you may discard one even with an unfinished "
            "wild meld.",
        ),
    ),
]


# --------------------------------------------------------------------------------------------
# Skarney
# --------------------------------------------------------------------------------------------

_SK_SUMMARY = "\n".join(
    [
        "John Scarne's rummy game: 4 players in two partnerships, or 2 to 4 playing alone.",
        "Cards: two 52-card packs plus 4 jokers, 108 in all. Jokers (JK) and 2s are wild.",
        "Everyone gets 11 cards. The rest is the stock; there is no discard pile.",
        "Melds: groups (3 or more of one rank), sequences (3 or more in a row in one suit, ace",
        "high only), each with at most one wild; or groups of 3 or more jokers, or of 2s.",
        "Your turn: draw 1 card, swap naturals for wilds in your opponents' melds if you can,",
        "meld and lay off (at most 2 cards onto each meld per turn), then offer one card.",
        "The offered card goes round from your left until someone accepts it; if nobody does,",
        "it comes back. An ace or wild goes to your left only; accepting it costs the next draw.",
        "Your team's first meld is its contract: three 3-card melds in deals 1-3, three 4-card",
        "melds in deals 4-7, laid down at once, with nothing else melded that turn.",
        "You go out by melding or laying off your last card; you may ask your partner first,",
        "and must obey. If the last stock card is drawn and that player does not go out, the",
        "deal ends.",
        "Score: card values of your melds (jokers 50, 2s 25, more in wild groups), a hand bonus",
        "for going out (100 rising to 500), 200 for a shutdown, minus the cards in your hands.",
        "The game is 7 deals; the highest total wins.",
    ]
)

_SK: list[RuleEntry] = [
    *_group(
        "Players",
        (
            "SK-N1",
            "Seats and teams",
            "The game seats 2, 3 or 4. With 4 the default is two partnerships sitting opposite; "
            "the host may have all four play alone instead.",
        ),
        (
            "SK-N2",
            "Length",
            "A game is 7 deals. A void deal is replayed and does not count.",
        ),
    ),
    *_group(
        "Cards",
        (
            "SK-C1",
            "The deck",
            "Two ordinary packs and 4 jokers, 108 cards in all. Each card code such as 7H "
            "appears twice.",
        ),
        (
            "SK-C2",
            "Wild cards",
            "Every 2 and every joker is wild and can stand for any card. A 2 is always wild, "
            "even in its own place: in 2S 3S 4S the 2S is that meld's wild card.",
        ),
        (
            "SK-C3",
            "Aces high",
            "An ace ranks only above the king. So JD QD KD AD runs fine, but AD 2D 3D and KD AD 2D "
            "do not.",
        ),
        (
            "SK-C4",
            "Values of melded cards",
            "In melds a joker is worth 50 (100 in a group of jokers only), a 2 is worth 25 (50 "
            "in a group of 2s only), an A 15, K Q J 10 are 10 each, and 3 to 9 are 5 each.",
        ),
        (
            "SK-C5",
            "Values of cards left in hand",
            "In your hand at the end a joker costs 100, a 2 costs 50, an A 15, K Q J 10 cost "
            "10 each, and 3 to 9 cost 5 each.",
        ),
    ),
    *_group(
        "The deal",
        (
            "SK-D1",
            "Dealer",
            "The host picks the first dealer (seat 0 unless changed), and the deal moves one "
            "seat clockwise after each counted deal. A void deal is dealt again by the same "
            "dealer.",
        ),
        (
            "SK-D2",
            "Shuffle",
            "All 108 cards are shuffled for every deal, and a replayed void deal gets a fresh "
            "shuffle.",
        ),
        (
            "SK-D3",
            "Hands",
            "Everyone gets 11 cards, dealt one at a time clockwise from the dealer's left.",
        ),
        (
            "SK-D4",
            "Stock, no pile",
            "The other cards form the face-down stock: 86 with 2 players, 75 with 3, 64 with 4. "
            "No card is turned up, because this game has no discard pile.",
        ),
        (
            "SK-D5",
            "First turn",
            "The player on the dealer's left plays first, and turns go on clockwise.",
        ),
    ),
    *_group(
        "Your turn",
        (
            "SK-T1",
            "Who may act",
            "You can act only on your own turn with the moves allowed at that point, or when an "
            "offer or your partner's question comes to you. Anything else is refused and "
            "changes nothing.",
        ),
        (
            "SK-T2",
            "Drawing",
            "Start your turn by drawing the top card of the stock. If you accepted an offered "
            "ace or wild card, you skip this draw.",
        ),
        (
            "SK-T3",
            "Playing",
            "After the draw you may, in any order, steal wild cards, make your team's contract, "
            "or once down meld and lay off, and ask to go out once. None of it is required.",
        ),
        (
            "SK-T4",
            "Closing your turn",
            "Unless you went out, end your turn by offering a card if you hold 2 or more, or by "
            "announcing your last card if you hold just 1. If you drew the last stock card, "
            "you simply end the turn and the deal ends.",
        ),
        (
            "SK-T5",
            "Next turn",
            "Once any offer is settled, the next player on the left takes a turn, whoever "
            "accepted the card.",
        ),
    ),
    *_group(
        "Stealing wild cards",
        (
            "SK-W1",
            "When you may steal",
            "After drawing, during your own turn, you may steal as often as you can, before, "
            "between or after your melds. You may steal even before your team is down.",
        ),
        (
            "SK-W2",
            "From which melds",
            "Only from an opponent's group or sequence that holds a wild card. Never from your "
            "own team's melds, and never from a group of jokers or of 2s.",
        ),
        (
            "SK-W3",
            "What you give",
            "You must give the exact natural card the wild stands for: in a sequence the same "
            "rank and suit, in a group any card of that rank. A wild standing for a 2 can never "
            "be stolen.",
        ),
        (
            "SK-W4",
            "Effect",
            "Your natural takes the wild card's place, and the wild goes into your hand to use "
            "now or later. The robbed meld may take a wild card again later.",
        ),
        (
            "SK-W5",
            "No limit",
            "You may steal several wild cards in one turn, from one meld or several.",
        ),
    ),
    *_group(
        "Offering a card",
        (
            "SK-F1",
            "The offer",
            "Instead of discarding, you show one card from your hand to the others. It stays "
            "yours until someone accepts it.",
        ),
        (
            "SK-F2",
            "Who is asked",
            "The player on your left is asked first; if they decline, the next player "
            "clockwise, and so on. The first to accept takes the card; if everyone declines it "
            "comes back to your hand.",
        ),
        (
            "SK-F3",
            "Aces and wild cards",
            "An offered ace or wild card goes only to the player on your left. If they decline, "
            "it comes back to you.",
        ),
        (
            "SK-F4",
            "Partners",
            "Your partner is asked in turn like anyone else: left opponent, then partner, then "
            "right opponent.",
        ),
        (
            "SK-F5",
            "Settling",
            "Once the offer is settled your turn is over.",
        ),
        (
            "SK-F6",
            "Accepting an ace or wild",
            "If you accept an offered ace or wild card, you skip the draw at the start of your "
            "next turn, which comes straight away. Accepting any other card costs nothing.",
        ),
        (
            "SK-F7",
            "No passing back",
            "On your next turn you may not offer the card you accepted, or any card with the "
            "same code (any joker for a joker). If your whole hand is that code, you may.",
        ),
        (
            "SK-F8",
            "Ban ends",
            "The no-passing-back ban lasts for your next turn only.",
        ),
    ),
    *_group(
        "Melds",
        (
            "SK-M1",
            "Three kinds",
            "There are three kinds of meld: groups, sequences and wild groups.",
        ),
        (
            "SK-M2",
            "Groups",
            "A group is 3 or more cards of one rank from 3 to A, suits may be repeated (8C 8C 8H "
            "is fine), with at most one wild card.",
        ),
        (
            "SK-M3",
            "Sequences",
            "A sequence is 3 or more cards of one suit in a row, each rank once, from 2 up to A "
            "with no wrapping round. At most one wild card, and the 2 spot can only be filled "
            "by a wild.",
        ),
        (
            "SK-M4",
            "Wild groups",
            "You may meld 3 or more jokers, or 3 or more 2s of any suits, but not a mix of the "
            "two: JK JK 2C is refused. Wild groups can never be robbed.",
        ),
        (
            "SK-M5",
            "One wild card per meld",
            "Every group and sequence holds at most one wild, counting a 2 in its own place. So 2H "
            "3H 4H JK and 6C 6D JK 2H are refused.",
        ),
        (
            "SK-M6",
            "Placing a wild in a sequence",
            "When a wild goes into a sequence, you must say which card it stands for, and that "
            "choice is fixed for good. With 10H JH JK, the joker is either 9H or QH. A wild in "
            "a group simply takes the group's rank.",
        ),
        (
            "SK-M7",
            "One card, one meld",
            "Each card belongs to one meld only. Holding 9D 10D JD JS JH, you cannot make both "
            "9D 10D JD and JD JS JH.",
        ),
        (
            "SK-M8",
            "Repeats allowed",
            "Nothing stops your team holding two or more melds of one rank, or two or more "
            "sequences in one suit.",
        ),
        (
            "SK-M9",
            "Laying off",
            "You may lay off once your team is down, except in the turn it made the contract, and "
            "only on your own team's melds. No wild onto a meld that already has one, and at most "
            "2 cards onto any one meld per turn.",
        ),
        (
            "SK-M10",
            "Melds stay put",
            "Cards on the table never go back to a hand or move to another meld, except a wild "
            "card stolen by an opponent.",
        ),
        (
            "SK-M11",
            "Several melds at once",
            "One meld move may put down several melds. If any of them is illegal, none of it "
            "happens.",
        ),
        (
            "SK-M12",
            "How melds are shown",
            "Melds are shown as group, sequence, joker group or two group, with each wild in a "
            "sequence showing the card it stands for.",
        ),
    ),
    *_group(
        "Contract",
        (
            "SK-I1",
            "The contract",
            "Your team's first meld of a deal is its contract. One player lays it down in one "
            "move, and it must match the deal's pattern exactly: no extra melds and no bigger "
            "ones.",
        ),
        (
            "SK-I2",
            "Contract by deal",
            "In deals 1 to 3 the contract is three melds of exactly 3 cards; in deals 4 to 7, "
            "three melds of exactly 4 cards. The original rules also allowed a second choice in "
            "each band, which has been lost.",
        ),
        (
            "SK-I3",
            "Kinds in the contract",
            "Any mix of groups, sequences and wild groups may make up the contract.",
        ),
        (
            "SK-I4",
            "Before the contract",
            "Until your team is down you may only steal wild cards and make the contract; any "
            "other meld counts as a contract attempt, and you cannot lay off.",
        ),
        (
            "SK-I5",
            "The contract turn",
            "In the turn you make the contract you make no other meld and no lay-off, though "
            "you may still steal.",
        ),
        (
            "SK-I6",
            "Down for the whole team",
            "When either partner makes the contract, the whole team is down.",
        ),
        (
            "SK-I7",
            "Playing alone",
            "When playing alone, each player makes their own contract.",
        ),
        (
            "SK-I8",
            "Contract and going out",
            "A contract that uses every card in your hand is a going out.",
        ),
    ),
    *_group(
        "Going out",
        (
            "SK-G1",
            "Going out",
            "You go out when a meld, your contract or a lay-off leaves you with no cards. The "
            "deal ends at once, with no offer.",
        ),
        (
            "SK-G2",
            "Not by offering",
            "You can never go out by offering a card, since an offer needs at least 2 cards in "
            "hand.",
        ),
        (
            "SK-G3",
            "Asking your partner",
            "In partnership play you may, once per turn, ask your partner whether you may go "
            "out; it is never required. You submit your full going-out plan with the question, "
            "and the others only see that you asked.",
        ),
        (
            "SK-G4",
            "The answer",
            "If your partner says yes, your plan is carried out at once and you have gone out. "
            "If no, you may not empty your hand this turn.",
        ),
    ),
    *_group(
        "End of the deal",
        (
            "SK-E1",
            "Going out",
            "Going out ends the deal at once.",
        ),
        (
            "SK-E2",
            "Last stock card",
            "If you draw the last stock card, you play the rest of your turn and may still go "
            "out. If you don't, you end the turn without an offer and the deal ends.",
        ),
        (
            "SK-E3",
            "The next deal",
            "After scoring, the next dealer starts a new deal.",
        ),
        (
            "SK-E4",
            "Void deal",
            "If nobody went out and teams tie for the most meld points, the deal is void: "
            "nobody scores and the same dealer deals it again.",
        ),
        (
            "SK-E5",
            "End of the game",
            "The game ends after the 7th counted deal. The highest total wins, and teams tied "
            "for highest share the win.",
        ),
    ),
    *_group(
        "Scoring",
        (
            "SK-S1",
            "Meld points",
            "Every team scores the values of all cards in its melds, whether it went out or not.",
        ),
        (
            "SK-S2",
            "Hand bonus",
            "Going out earns 100 in deals 1 to 3, then 200, 300, 400 and 500 in deals 4 to 7. "
            "If nobody went out, the team with the most meld points gets it instead.",
        ),
        (
            "SK-S3",
            "Shutdown bonus",
            "If no opponent has any meld on the table when you go out, your team scores 200 more.",
        ),
        (
            "SK-S4",
            "Hand penalty",
            "Every team except the one that went out loses the value of the cards in its "
            "players' hands. If nobody went out, every team pays.",
        ),
        (
            "SK-S5",
            "Deal score",
            "Deal score = meld points + hand bonus + shutdown bonus - hand penalty. It can be "
            "negative and is added to your total.",
        ),
        (
            "SK-S6",
            "Score sheet",
            "The score sheet shows for each team the meld points, the hand bonus and why, the "
            "shutdown bonus, the hand penalty by seat, the deal score and the new total, or "
            "marks the deal void.",
        ),
    ),
    *_group(
        "Player counts",
        (
            "SK-V1",
            "Playing alone",
            "With no partners you make your own contract and lay off only on your own melds, "
            "you may steal from anyone, and offers go round everyone. Bonuses and penalties "
            "are per player, and there is no one to ask.",
        ),
        (
            "SK-V2",
            "2 players",
            "An offer goes to your opponent only; if they decline it comes back.",
        ),
        (
            "SK-V3",
            "3 or 4 alone",
            "Three players, or four without partners, play alone as described.",
        ),
        (
            "SK-V4",
            "4 in partnerships",
            "The standard game: two partnerships, partners opposite.",
        ),
    ),
    *_group(
        "Options",
        ("SK-O1", "First dealer", "Host option: the seat that deals first (default seat 0)."),
        (
            "SK-O2",
            "Partnerships",
            "Host option: with 4 players, play in partnerships (default) or all alone.",
        ),
        (
            "SK-O3",
            "Contract patterns",
            "Host option: the contract patterns for each deal (default three 3-card melds in "
            "deals 1 to 3, three 4-card melds after).",
        ),
        (
            "SK-O4",
            "Low aces",
            "Host option, off by default: allow A 2 3 sequences (K A 2 stays refused).",
        ),
        (
            "SK-O5",
            "Group size limit",
            "Host option, unset by default: cap groups at 4 cards.",
        ),
        (
            "SK-O6",
            "Play after the contract",
            "Host option, off by default: keep melding and laying off in the turn you make the "
            "contract.",
        ),
        (
            "SK-O7",
            "Shutdown bonus",
            "Host option, on by default: the 200 bonus for going out while no opponent has melded.",
        ),
        (
            "SK-O8",
            "Lay-off limit",
            "Host option: at most 2 cards onto each meld per turn (default), or no limit.",
        ),
        (
            "SK-O9",
            "Void replay limit",
            "Host option, unset by default: after this many replays of a tied deal, a further tie "
            "counts with no hand bonus.",
        ),
        (
            "SK-O10",
            "Number of deals",
            "Host option: how many counted deals the game lasts (default 7).",
        ),
    ),
    *_group(
        "Decisions",
        (
            "SK-A1",
            "Contract patterns",
            "The contract is 9 cards in three melds in deals 1 to 3 and 12 in deals 4 to 7, a "
            "reconstruction since the original list is lost.",
        ),
        (
            "SK-A2",
            "Shutdown",
            "The shutdown bonus goes to a team that goes out while no opponent has melded, also "
            "a reconstruction.",
        ),
        (
            "SK-A3",
            "Playing alone",
            "Playing alone follows the partnership rules with the partner taken out.",
        ),
        (
            "SK-A4",
            "Other rule sets",
            "Differences found in other rule books are offered only as host options.",
        ),
        (
            "SK-A5",
            "Aces",
            "Aces are high only; low aces are a host option.",
        ),
        (
            "SK-A6",
            "Group size",
            "Groups have no size limit except the 9 cards of a rank that exist; a cap of 4 is an "
            "option.",
        ),
        (
            "SK-A7",
            "The contract turn",
            "In the contract turn you meld nothing else, but stealing is still allowed.",
        ),
        (
            "SK-A8",
            "Repeated ranks",
            "There is no limit on melds of the same rank or suit.",
        ),
        (
            "SK-A9",
            "Passing back",
            "If your whole hand matches the card you accepted, you may offer it anyway.",
        ),
        (
            "SK-A10",
            "Lay-off limit",
            "The 2-card limit counts all your lay-offs on a meld in one turn, not the cards it "
            "was made with.",
        ),
        (
            "SK-A11",
            "Binding answer",
            "Your partner's answer binds you: yes carries out your plan, no bars going out this "
            "turn.",
        ),
        (
            "SK-A12",
            "Ties",
            "Teams tied for the highest total after the last deal share the win.",
        ),
        (
            "SK-A13",
            "A 2 in its own place",
            "A 2 in its own place is still the meld's wild: it scores 25 and nobody can steal it.",
        ),
        (
            "SK-A14",
            "No stealing before the draw",
            "You steal only after drawing, or from the start of a turn whose draw you skip.",
        ),
        (
            "SK-A15",
            "Last stock card",
            "After drawing the last stock card you finish your turn, then end it with no offer.",
        ),
        (
            "SK-A16",
            "Endless ties",
            "Tied deals are replayed without limit unless the host sets one.",
        ),
        (
            "SK-A17",
            "Naming wilds",
            "Every wild in a sequence, a 2 in its own place included, must be given the card it "
            "stands for.",
        ),
    ),
]


# --------------------------------------------------------------------------------------------
# Lookup
# --------------------------------------------------------------------------------------------

SUMMARIES: dict[str, str] = {
    "hand_and_foot": _HF_SUMMARY,
    "looking_and_down": _LD_SUMMARY,
    "canastone": _CN_SUMMARY,
    "skarney": _SK_SUMMARY,
}

RULES: dict[str, list[RuleEntry]] = {
    "hand_and_foot": _HF,
    "looking_and_down": _LD,
    "canastone": _CN,
    "skarney": _SK,
}

_BY_ID: dict[str, RuleEntry] = {entry.id: entry for rules in RULES.values() for entry in rules}


def rule_text(rule_id: str) -> RuleEntry | None:
    """The entry for a rule id such as ``"HF-M3"`` (any game), or None if unknown."""
    return _BY_ID.get(rule_id.strip().upper())


def rules_for(game: str) -> list[RuleEntry]:
    """Every entry of one game, in the order of its rules file; [] for an unknown game."""
    return list(RULES.get(game, ()))
