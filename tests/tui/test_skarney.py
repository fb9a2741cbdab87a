"""Skarney's screen: the partnership and individual tables at 80x24 and larger, a
sequence in order with its wild card's declared card, the contract of the deal, the offer
as a question for the seat asked and a wait for everyone else, and the steal as one
action (shared/rules/skarney.md)."""

from __future__ import annotations

import re
from typing import Any

import pytest

import engine
from tests.tui.conftest import PLAYERS, answered, shown

NAMES = PLAYERS

TABLE = """turn: 0
phase: play
deal_number: 2
hands.0: 7H 9C KD AS JK 10H JH 4S
hands.1: 4C 5C 9H 8S
hands.2: 6D 6S 3C
hands.3: 8C 8D 5H
melds.1: 5S 6S JK=7S | QH QC QD
stock: 30"""


def position(text: str, seats: int = 4, **extra: Any) -> Any:
    spec = engine.parse_position(text)
    spec["seats"] = seats
    spec.update(extra)
    return engine.load_position("skarney", spec)


@pytest.mark.parametrize(("seats", "partnership", "size"),
                         [(4, True, (80, 24)), (4, False, (80, 24)), (3, False, (80, 24)),
                          (2, False, (80, 24)), (4, True, (120, 40))])
async def test_every_seating_fits_with_its_contract(seats: int, partnership: bool,
                                                   size: tuple[int, int]) -> None:
    game = engine.create_game("skarney", seats, 3, {"partnership": partnership})
    text, _ = await shown(game, 1, size)
    for name in NAMES[:seats]:
        assert name in text, name
    assert "Deal 1 contract: 3 melds of 3 cards" in text
    assert "contract to make" in text
    if partnership and seats == 4:
        assert "ann + cy" in text and "bob (you) + dee" in text


async def test_a_sequence_in_order_with_its_wild_cards_declared_card() -> None:
    game = position(TABLE)
    text, _ = await shown(game, 0, (100, 30))
    assert "5♠ 6♠ JK=7♠" in text
    assert "seq" in text and "down" in text


async def test_the_offer_is_a_question_for_the_asked_and_a_wait_for_the_others() -> None:
    game = position(TABLE)
    game.apply(0, {"type": "offer", "card": next(c["id"] for c in game.view(0)["hand"]
                                                   if c["code"] == "7H")})
    asked, _ = await shown(game, 1)
    assert "Take the 7♥ offered by ann? y/n" in asked
    other, _ = await shown(game, 2)
    assert "Waiting for bob to answer the offer" in other
    mine, _ = await shown(game, 0)
    assert "waiting for bob to answer the offer" in mine
    _, sent = await shown(game, 1, keys=("y",))
    assert sent[-1] == {"type": "accept"}
    _, sent = await shown(game, 1, keys=("n",))
    assert sent[-1] == {"type": "decline"}


async def test_SK_F7_the_card_a_seat_took_shows_as_a_card_beside_it() -> None:
    """A seat that took an offered card may not offer it back this turn (SK-F7); its seat
    line said so with the card's code ("took 7H"), where everything else shows 7♥."""
    game = position(TABLE)
    game.apply(0, {"type": "offer", "card": next(c["id"] for c in game.view(0)["hand"]
                                                   if c["code"] == "7H")})
    game.apply(1, {"type": "accept"})
    text, _ = await shown(game, 2)
    assert "took 7♥" in text and "7H" not in text


async def test_someone_elses_melds_go_on_to_another_line_rather_than_being_cut() -> None:
    """At 3 seats and 80 columns the others' melds are one short line each; a side with
    more than fit was cut at the panel's edge ("10♦-Q♦(2♦" and nothing after)."""
    game = position("""turn: 0
phase: play
deal_number: 2
hands.0: 7H 9C KD AS
hands.1: 4C 5C
hands.2: 6D 6S 3C
melds.1: 9C 9D 9S | 4H 2H=5H 6H | 10D 2D=JD QD | 5S 6S JK=7S | KH KC KD
stock: 30""", seats=3)
    text, _ = await shown(game, 0)
    rows = [r.split("│")[0] for r in text.splitlines()]
    for label in ("9x3", "4♥-6♥(2♥=5♥)", "10♦-Q♦(2♦=J♦)", "5♠-7♠(JK=7♠)", "Kx3"):
        assert any(label in r for r in rows), label


async def test_x_offers_the_card_under_the_cursor_or_selected() -> None:
    game = position(TABLE)
    _, sent = await shown(game, 0, keys=("slash", "k", "d", "enter", "x"))
    kd = next(c["id"] for c in game.view(0)["hand"] if c["code"] == "KD")
    assert sent[-1] == {"type": "offer", "card": kd}


async def test_x_with_nothing_selected_asks_before_offering_the_card_under_the_cursor() -> None:
    """Play-test: x offered the card under the cursor at once, where a discard in the
    other games asks first; the cursor is faint once the hand has lost focus."""
    game = position(TABLE)
    asked, sent = await shown(game, 0, keys=("x",))
    assert "No card is selected:" in asked and "Offer " in asked
    assert not sent
    _, sent = await shown(game, 0, keys=("x", "y"))
    assert sent[-1]["type"] == "offer"


async def test_x_does_not_suggest_a_card_that_may_not_be_offered_now() -> None:
    """Play-test: with a card just taken on offer under the cursor, x asked "Offer 3♥?"
    and the yes was refused (SK-F7): such a card goes to the engine at once, whose
    refusal says why."""
    game = position(TABLE, offer_ban={0: "4S"})
    four = next(c["id"] for c in game.view(0)["hand"] if c["code"] == "4S")
    shown_text, sent = await shown(game, 0, keys=("x",))
    assert "No card is selected:" not in shown_text
    assert sent == [{"type": "offer", "card": four}]
    with pytest.raises(engine.IllegalAction) as refused:
        game.check(0, sent[-1])
    assert refused.value.rule == "SK-F7"


async def test_a_refused_offer_leaves_its_card_selected() -> None:
    """Play-test: after "[SK-F7] You took a 3♣ on offer and may not offer that card back
    this turn." the 3♣ was no longer selected, and the next l said to select cards
    first; the selection stays until its cards leave the hand."""
    from tests.tui.conftest import answered

    game = position(TABLE, offer_ban={0: "4S"})
    text, sent = await answered(game, 0, keys=("slash", "4", "s", "enter", "x"))
    assert sent[-1]["type"] == "offer" and "[SK-F7]" in text, text
    assert "selected 1: 4♠" in text, text


async def test_an_offered_card_is_no_longer_selected() -> None:
    """It stays in the hand while on offer and comes back if nobody takes it; still
    selected, the next x would offer it again without the player choosing it."""
    game = position(TABLE)
    before, _ = await shown(game, 0, keys=("slash", "k", "d", "enter"))
    after, sent = await shown(game, 0, keys=("slash", "k", "d", "enter", "x"))
    assert "selected 1: K♦" in before
    assert sent[-1]["type"] == "offer" and "selected" not in after


async def test_a_declared_wild_is_typed_with_its_card() -> None:
    game = position(TABLE.replace("hands.0: 7H 9C KD AS JK 10H JH 4S",
                                  "hands.0: 10H JH JK 7H 7S 7D KD KS KC 4S"))
    keys = ("slash", *"10h", "space", *"jh", "space", *"jk=qh", "enter", "g",
            "slash", *"7h7s7d", "enter", "g", "slash", *"kdkskc", "enter", "m")
    _, sent = await shown(game, 0, (100, 30), keys=keys)
    hand = {c["code"]: c["id"] for c in game.view(0)["hand"]}
    assert sent[-1]["melds"][0] == {"cards": [hand["10H"], hand["JH"], hand["JK"]],
                                    "as": {hand["JK"]: "QH"}}
    game.apply(0, sent[-1])
    assert game.view(None)["melds"][-3]["as"] == {hand["JK"]: "QH"}


async def test_a_card_no_steal_takes_says_so() -> None:
    """Play-test: 8♥ selected and w said "Press w with no card selected to choose the
    meld first.", where no steal took the 8♥ at all."""
    game = position(TABLE.replace("hands.0: 7H", "hands.0: 7S"))
    text, sent = await shown(game, 0, (100, 30), keys=("slash", *"kd", "enter", "w"))
    assert "K♦ takes back no wild card on the table; w with no card selected shows" \
        in text, text
    assert not sent


async def test_the_steal_picks_the_meld_then_the_natural() -> None:
    game = position(TABLE.replace("hands.0: 7H", "hands.0: 7S"))
    wild = next(c["id"] for m in game.view(0)["melds"] for c in m["cards"] if c["code"] == "JK")
    seven = next(c["id"] for c in game.view(0)["hand"] if c["code"] == "7S")
    _, sent = await shown(game, 0, (100, 30), keys=("w", "slash", "7", "s", "enter", "w"))
    assert sent[-1] == {"type": "steal_wild", "meld": 1, "wild": wild, "card": seven}


async def test_the_steal_says_whose_meld_and_which_card_takes_its_wild_back() -> None:
    """At 80x24 another side's melds carry no number: the prompt names their owner, the
    wild card, and the natural to select (a sequence's wild: the card it stands for)."""
    game = position(TABLE.replace("hands.0: 7H", "hands.0: 7S"))
    text, _ = await shown(game, 0, (80, 24), keys=("w",))
    assert "Steal JK from bob + dee's meld #1: select the 7♠, press w." in text


async def test_the_turn_prompt_offers_a_lay_off_only_when_there_is_one() -> None:
    game = position("""turn: 0
phase: play
deal_number: 2
hands.0: 7H 7S 7D 4S 9C
hands.1: 4C 5C 9H 8S
hands.2: 6D 6S 3C
hands.3: 8C 8D 5H
melds.0: KH KC KD | AH AC AD
melds.1: QH QC QD
stock: 30""")
    kinds = {e["type"] for e in game.view(0)["legal"]}
    assert "meld" in kinds and "lay_off" not in kinds
    text, _ = await shown(game, 0, (80, 24))
    assert "Your turn: meld (m), then offer a card (x)." in text


def test_a_steal_in_the_log_names_whose_meld_the_wild_came_from() -> None:
    from tui.eventtext import PLAIN
    from tui.games import screen_for

    game = position(TABLE.replace("hands.0: 7H", "hands.0: 7S"))
    wild = next(c["id"] for m in game.view(0)["melds"] for c in m["cards"] if c["code"] == "JK")
    seven = next(c["id"] for c in game.view(0)["hand"] if c["code"] == "7S")
    events = game.apply(0, {"type": "steal_wild", "meld": 1, "wild": wild, "card": seven})
    line = screen_for("skarney").event_line(events[0], NAMES.__getitem__, PLAIN,
                                            [[0, 2], [1, 3]])
    assert line.plain == "ann stole JK from bob + dee's meld, giving 7♠."


def test_a_lay_off_on_a_group_in_the_log_names_the_group() -> None:
    """Play-test: "tfay laid off 10♦ (group)." where Canastone's log says onto which."""
    from tui.eventtext import MELD_RANK, MELD_SUIT, PLAIN
    from tui.games import screen_for

    event = {"type": "laid_off", "seat": 0, "meld": 4, "kind": "group",
             "cards": [{"id": 9, "code": "10D"}], MELD_RANK: "10"}
    line = screen_for("skarney").event_line(event, NAMES.__getitem__, PLAIN, [[0, 2], [1, 3]])
    assert line.plain == "ann laid off 10♦ onto the 10s."
    run = {**event, "kind": "sequence", MELD_RANK: None}
    assert screen_for("skarney").event_line(run, NAMES.__getitem__, PLAIN,
                                            [[0, 2], [1, 3]]).plain.endswith("(sequence).")
    # Where the screen knows the sequence's suit, it is named as the groups are (play-test:
    # "laid off J♠ (sequence)." read unlike "laid off 10♥ onto the 10s.").
    known = {**run, MELD_SUIT: "S"}
    assert screen_for("skarney").event_line(known, NAMES.__getitem__, PLAIN, [[0, 2], [1, 3]]
                                            ).plain == "ann laid off 10♦ onto the ♠ sequence."


async def test_at_80x24_the_other_team_is_one_line_with_its_declared_wild() -> None:
    game = position(TABLE)
    text, _ = await shown(game, 0, (80, 24))
    assert "5♠-7♠(JK=7♠)" in text and "Qx3" in text


async def test_the_keys_help_lists_only_skarneys_actions() -> None:
    """? at a Skarney table lists its offer, last card and steal, and no pile to take or
    plain discard (Skarney has no discard pile)."""
    game = engine.create_game("skarney", 3, 1)
    text, _ = await shown(game, 0, (80, 40), keys=("question_mark",))
    assert "Offer" in text and "Last card" in text and "Steal wild" in text
    assert "Take pile" not in text and "Discard" not in text


async def test_two_cards_extending_a_sequence_find_it_without_t() -> None:
    """The listing names the cards that fit alone (the 10S on 7S 8S 9S, not the JS): the
    one meld that takes some of the selected cards is the one meant."""
    game = position("""turn: 0
phase: play
deal_number: 2
hands.0: 9C 10S JS
hands.1: 4C 5C 9H 8S
hands.2: 6D 6S 3C
hands.3: 8C 8D 5H
melds.0: 3H 3S 3C | 7S 8S 9S
melds.1: QH QC QD
stock: 30""")
    seq = next(m["id"] for m in game.view(0)["melds"] if m["kind"] == "sequence")
    text, sent = await shown(game, 0, (80, 24), keys=("slash", *"10s", "space", *"js",
                                                      "enter", "l"))
    assert sent[-1] == {"type": "lay_off", "meld": seq,
                        "cards": [c["id"] for c in game.view(0)["hand"] if c["code"] != "9C"]}
    assert "Which meld?" not in text
    game.check(0, sent[-1])


async def test_a_seat_with_one_card_says_one_card() -> None:
    game = position(TABLE.replace("hands.1: 4C 5C 9H 8S", "hands.1: 4C"))
    text, _ = await shown(game, 0, (100, 30))
    assert "bob · 1 card " in text or text.count("bob · 1 card\n")
    assert " · 1 cards" not in text


async def test_a_side_with_more_melds_than_rows_ends_in_a_count() -> None:
    """Twelve melds do not fit an 80x24 panel: the block ends in "+N more" and every
    player's line and the hand are still on screen."""
    melds = " | ".join(f"{r}H {r}S {r}D" for r in ("4", "5", "6", "7", "8", "9", "10", "J",
                                                      "Q", "K", "A"))
    game = position(TABLE.replace("melds.1: 5S 6S JK=7S | QH QC QD",
                                  f"melds.0: 3H 3S 3D | {melds}"), seats=3,
                    options={"partnership": False})
    text, _ = await shown(game, 0, (80, 24))
    assert re.search(r"\+\d+ more", text), text
    for name in NAMES[:3]:
        assert name in text
    assert "Your hand" in text


async def test_the_meld_chosen_with_t_stays_in_sight_when_the_block_is_cut() -> None:
    """t picked melds hidden under "+N more" at 80x24 (play-test): the chosen one takes the
    last shown line."""
    melds = " | ".join(f"{r}H {r}S {r}D" for r in ("4", "5", "6", "7", "8", "9", "10", "J",
                                                      "Q", "K", "A"))
    game = position(TABLE.replace("melds.1: 5S 6S JK=7S | QH QC QD",
                                  f"melds.0: 3H 3S 3D | {melds}"), seats=3,
                    options={"partnership": False})
    text, _ = await shown(game, 0, (80, 24), keys=("t",) * 12)
    assert re.search(r"\+\d+ more", text) and ">#12" in text, text


async def test_l_before_the_side_has_melds_says_no_meld_can_take_them() -> None:
    """No lay-off is listed (the side has no melds): l said "Which meld? Press t", and t
    then did nothing (play-test)."""
    game = position(TABLE)
    assert "lay_off" not in {e["type"] for e in game.view(0)["legal"]}
    text, sent = await shown(game, 0, (80, 24), keys=("slash", *"9c", "enter", "l"))
    assert "No meld of your side can take these cards now." in text and not sent


async def test_w_before_the_draw_goes_to_the_engine_for_its_rule() -> None:
    """w (steal) with no steal listed only listed the keys that work; d, a and x go to
    the engine on your own turn so its refusal names the rule, and so does w now."""
    game = position(TABLE.replace("phase: play", "phase: draw"))
    text, sent = await answered(game, 0, (80, 24), keys=("w",))
    assert sent == [{"type": "steal_wild"}]
    assert "[SK-T1] You cannot steal a wild card now: you may draw." in text, text
    assert "e: rule text" in text


async def test_w_out_of_turn_says_whom_the_table_waits_for() -> None:
    game = position(TABLE.replace("phase: play", "phase: draw"))
    text, sent = await shown(game, 1, (80, 24), keys=("w",))
    assert "Nothing to do now: waiting for ann." in text and not sent


async def test_w_in_play_with_no_steal_listed_says_there_is_none() -> None:
    """In play a bare steal would come back malformed ("needs 'meld'"): the listing,
    which offers every steal the hand can pay for, has none, and the screen says so."""
    game = position(TABLE)
    assert "steal_wild" not in {e["type"] for e in game.view(0)["legal"]}
    text, sent = await shown(game, 0, (80, 24), keys=("w",))
    assert "No wild card to steal now" in text and not sent


async def test_after_the_partners_no_the_prompt_says_going_out_is_off() -> None:
    """As at Canastone: the view's ``barred`` (SK-G4) is said on the asker's turn line."""
    game = position(TABLE + "\nasked: true\nbarred: true")
    assert game.view(0)["barred"]
    text, _ = await shown(game, 0, (80, 24))
    assert " Your partner said no: you may not go out this turn." in text
    plain, _ = await shown(position(TABLE), 0, (80, 24))
    assert "said no" not in plain and "Your turn:" in plain


async def test_the_meld_sheet_shows_each_wild_cards_place_and_no_size_to_reach() -> None:
    """Play-test: M listed a Skarney sequence as "*  sequence  3/0  not yet  J♦ JK K♦"; a
    meld here has no size to reach, and the wild card's place is what matters (SK-M6)."""
    text, _ = await shown(position(TABLE), 0, (100, 30), keys=("M",))
    assert "5♠ 6♠ JK=7♠" in text
    assert "/0" not in text and "not yet" not in text


async def test_a_declared_wild_shows_its_place_while_selected_and_staged() -> None:
    """Play-test: `/10h jh jk=qh` showed "selected 3: 10♥ J♥ JK"; the place (SK-M6) was
    seen only once melded, too late to check it."""
    game = position(TABLE)
    keys = ("slash", *"10h jh jk=qh", "enter")
    text, _ = await shown(game, 0, (100, 30), keys=keys)
    assert "selected 3: 10♥ J♥ JK=Q♥" in text, text
    text, _ = await shown(game, 0, (100, 30), keys=(*keys, "g"))
    assert "Staged: [10♥ J♥ JK=Q♥]" in text, text


@pytest.mark.parametrize("typed", ["10hjhjk=qh", "10h jhjk=qh", "10h,jh,jk=qh"])
async def test_a_declared_wild_in_codes_run_together_is_the_card_before_it(typed: str) -> None:
    """Play-test: `8d9djk=10d` selected "8♦=10♦ 9♦ JK": the `=` went with the first code
    of the word, not the one just before it."""
    text, _ = await shown(position(TABLE), 0, (100, 30), keys=("slash", *typed, "enter"))
    assert "selected 3: 10♥ J♥ JK=Q♥" in text, text


async def test_codes_after_a_declared_card_are_more_cards() -> None:
    game = position(TABLE.replace("hands.0: 7H 9C KD AS JK 10H JH 4S",
                                  "hands.0: 10H JH JK 7H 7S 7D KD KS KC 4S"))
    text, _ = await shown(game, 0, (100, 30), keys=("slash", *"jk=qh7h", "enter"))
    assert "selected 2: 7♥ JK=Q♥" in text, text  # (in the hand's order)


async def test_SK_F7_took_goes_with_the_deal() -> None:
    """Play-test: "bot 2 · 5 cards took 6♠ 3♣" was still on the seat line at game over;
    the ban is for the turn (SK-F7), which the deal's end ends."""
    game = position(TABLE)
    game.apply(0, {"type": "offer", "card": next(c["id"] for c in game.view(0)["hand"]
                                                   if c["code"] == "7H")})
    game.apply(1, {"type": "accept"})
    game.phase = "deal_over"  # (as the deal would leave it: the turn's ban still kept)
    text, _ = await shown(game, 2)
    assert "took" not in text


async def test_SK_I5_a_lay_off_in_the_contract_turn_is_refused_naming_the_rule() -> None:
    """Play-test: in the turn of his contract, a J♠ that would extend his own sequence
    was met with "No meld of your side can take these cards now." (no rule); a 10♥ got
    SK-I5. No lay-off is listed in that turn, and the engine names why."""
    game = position("""turn: 0
phase: play
deal_number: 1
hands.0: 7H 7S 7D 9C 10C JC KD KS JK 4H 4S QC
hands.1: 6H 6S
hands.2: 8C 8D 8S 3C
hands.3: QD QH
stock: 30""")
    hand = {c["code"]: c["id"] for c in game.view(0)["hand"]}
    game.apply(0, {"type": "meld", "melds": [[hand["7H"], hand["7S"], hand["7D"]],
                                             [hand["9C"], hand["10C"], hand["JC"]],
                                             [hand["KD"], hand["KS"], hand["JK"]]]})
    text, sent = await answered(game, 0, (100, 30), keys=("slash", *"qc", "enter", "l"))
    assert sent and sent[-1]["type"] == "lay_off"
    assert "SK-I5" in text and "No meld of your side" not in text, text


async def test_melds_past_the_panel_are_counted_with_an_offer_on() -> None:
    """Play-test: at 100x30, three players, with an offer on, the last of a player's many
    melds were cut off the panel with no "+N more"; the head's rows were not counted."""
    groups = " | ".join([*(f"{r}S {r}D {r}C" for r in ("4", "5", "6", "7", "8", "9", "10",
                                                      "J", "Q", "K")),
                         "4H 4S 4D", "5H 5S 5D", "6H 6D 6C", "7H 7S 7D"])
    game = position(f"""turn: 0
phase: play
deal_number: 2
hands.0: 7H 9C KD AS 10H JH 4H
hands.1: 4C 5C 9H 8S
hands.2: 6H 6S 3C
melds.2: {groups}
melds.0: AH AD AC
stock: 30""", seats=3)
    game.apply(0, {"type": "offer", "card": next(c["id"] for c in game.view(0)["hand"]
                                                 if c["code"] == "4H")})
    text, _ = await shown(game, 1, (100, 30))
    assert "On offer" in text
    melds = re.findall(r"#(\d+)", text)
    assert "+3 more (M lists every meld)" in text, text
    assert sorted(map(int, set(melds))) == list(range(1, 13)), text  # #13-#15 counted


async def test_SK_M6_a_wild_laid_off_where_it_fits_either_end_is_asked_about() -> None:
    """Play-test: a 2♣ laid off onto 6♦ 7♦ 8♦ 9♦ went on as 10♦ unasked, where a 5♦ fitted
    too and the place is for good (SK-M6). Where the listing has several places, the
    player is asked; typed with its card, the lay-off goes as said."""
    game = position("""turn: 0
phase: play
deal_number: 2
hands.0: 2C 4S KH
hands.1: 4C 5C 9H 8S
hands.2: 6D 6S 3C
hands.3: 8C 8D 5H
melds.0: 3H 3S 3C | 6D 7D 8D 9D
melds.1: QH QC QD
stock: 30""")
    seq = next(m["id"] for m in game.view(0)["melds"] if m["kind"] == "sequence")
    places = [t for t in next(e for e in game.view(0)["legal"] if e["type"] == "lay_off")
              ["targets"] if t["meld"] == seq and "as" in t]
    assert len(places) > 1, places
    text, sent = await shown(game, 0, (80, 24), keys=("t", "t", "2", "c", "enter", "l"))
    assert sent == [], sent
    assert "Say which card the wild card stands for: 5♦ or 10♦" in text \
        or "Say which card the wild card stands for: 10♦ or 5♦" in text, text
    text, sent = await shown(game, 0, (80, 24),
                             keys=("t", "t", "2", "c", "equals_sign", "5", "d", "enter", "l"))
    wild = next(c["id"] for c in game.view(0)["hand"] if c["code"] == "2C")
    assert sent and sent[-1]["as"] == {wild: "5D"}, (sent, text)
    game.check(0, sent[-1])
    # Typed with its card, it needs no t: the listing places it in one meld as that card
    # (play-test: "Which meld? Press t" where a natural went to its one meld at once).
    text, sent = await shown(game, 0, (80, 24),
                             keys=("2", "c", "equals_sign", "5", "d", "enter", "l"))
    assert sent and sent[-1]["meld"] == seq and sent[-1]["as"] == {wild: "5D"}, (sent, text)


async def test_a_meld_robbed_of_its_wild_card_is_marked_as_changed() -> None:
    """Play-test: a wild card stolen from bob's group for its natural left the group's
    size as it was, and his meld was not marked `*` as changed since his turn."""
    from engine.bots import make_bot
    from tests.tui.conftest import shown_after, view_message

    for seed in range(40):
        game = engine.create_game("skarney", 4, seed)
        bots = [make_bot("random", seed * 4 + s) for s in range(4)]
        views, robbed = [], None
        while not game.over and game.deal_number == 1 and robbed is None:
            seat = min(game.to_act)
            action = bots[seat].act(game.view(seat))
            mine = {m["id"] for m in game.view(None)["melds"] if m["team"] == game.team_of[0]}
            game.apply(seat, action)
            views.append(view_message(game, 0, seq=len(game.log)))
            if action["type"] == "steal_wild" and action["meld"] in mine:
                robbed = action["meld"]
        if robbed is not None and game.turn != 0:
            break
    else:
        raise AssertionError("no steal from seat 0's side in 40 seeds")
    text = await shown_after(views, (100, 30))
    assert f"*#{robbed}" in text, text


async def test_another_sides_line_breaks_between_its_parts_at_80_columns() -> None:
    """Play-test at 80x24: "pt2alice · score 345 · contract to make · no meld", its last
    letter cut at the panel's edge; the line goes on to a second one instead."""
    from tests.tui.conftest import FakeLink, joined_with, screen_text, view_message
    from tui.app import make_app

    game = engine.create_game("skarney", 3, 1)
    message = view_message(game, 1)
    message["players"] = message["players"][:3]
    for player, name in zip(message["players"], ("pt2alice", "pt2bob", "pt2carol"),
                            strict=True):
        player["name"] = name
    message["view"]["totals"] = {0: 345, 1: 0, 2: 12345}
    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await joined_with(pilot, link, message)
        text = screen_text(pilot.app)
    panel = [row.split("│")[0].rstrip() for row in text.splitlines() if "│" in row]
    alice = next(n for n, row in enumerate(panel) if "pt2alice · score 345" in row)
    assert "no melds" in panel[alice] or panel[alice + 1].strip() == "no melds", text
    assert not any(row.endswith("no meld") for row in panel), text


async def test_the_sheet_names_who_of_a_partnership_went_out() -> None:
    """Play-test: a partnership's row said "out +100" whichever partner went out; it
    names them, as the other games' sheets do."""
    from engine.bots import make_bot
    from tests.tui.conftest import PLAYERS, shown

    game = engine.create_game("skarney", 4, 5)
    bots = [make_bot("basic", s) for s in range(4)]
    while not any(row.get("went_out") is not None for row in game.score_sheet):
        seat = min(game.to_act)
        game.apply(seat, bots[seat].act(game.view(seat)))
    went = next(row["went_out"] for row in game.score_sheet if row.get("went_out") is not None)
    text, _ = await shown(game, 0, (100, 30), keys=("s",))
    assert f"out +100 {PLAYERS[went]}" in text, text


async def test_a_staged_going_out_shows_a_in_the_keys_line() -> None:
    """Play-test: ann could go out (7♦ 7♣ JK a group, Q♥ onto the queens) but the keys
    line never showed a: the listing offers a plan only for the simplest goings out.
    Once something is staged on the seat's turn, a (ask with that plan) is shown."""
    game = position("""turn: 0
phase: play
deal_number: 2
hands.0: 7D 7C QH JK
hands.1: 4C 5C 9H 8S
hands.2: 6D 6S 3C
hands.3: 8C 8D 5H
melds.0: QS QD QC | 9S 9D 9C
melds.1: 5S 6S JK=7S
stock: 30""")
    before, _ = await shown(game, 0, (100, 30))
    assert "a Ask to go out" not in before.splitlines()[-1]
    after, sent = await shown(game, 0, (100, 30), keys=("slash", *"7d 7c jk", "enter", "g"))
    assert "Staged:" in after and "a Ask to go out" in after.splitlines()[-1], after
    assert not sent


async def test_a_long_prompt_wraps_at_80_columns() -> None:
    """Play-test: at 80 columns "Your turn: make the contract (m), steal a wild (w), then
    end your turn (x): you drew the last card." lost its last words."""
    game = position("""turn: 0
phase: play
deal_number: 2
hands.0: 7S 9C 9H 9S KD KC KH 4D 4C 4H
hands.1: 4C 5C 9H 8S
hands.2: 6D 6S 3C
hands.3: 8C 8D 5H
melds.1: 5S 6S JK=7S | QH QC QD
stock: 0""", drew_last=True)
    text, _ = await shown(game, 0, (80, 24))
    assert "end your turn (x): you drew the last card." in " ".join(
        line.strip() for line in text.splitlines()), text


async def test_SK_M6_a_meld_refused_for_its_wild_cards_place_says_how_to_name_it() -> None:
    """Play-test: "[SK-M6] Say which card the wild JK stands for in the sequence: 7♦ or
    10♦." and m again said the same; only the lay-off's question said how (with =)."""
    from tests.tui.conftest import FakeLink, joined_with, screen_text, seated_view
    from tui.app import make_app

    game = position(TABLE)
    link = FakeLink()
    async with make_app(link).run_test(size=(100, 30)) as pilot:
        await joined_with(pilot, link, seated_view(game, 0))
        await pilot.press("slash", *"10h jh jk", "enter", "m")
        await pilot.pause()
        assert link.actions and link.actions[-1]["type"] == "meld"
        link.push({"t": "error", "code": "illegal", "rule": "SK-M6", "message":
                   "say which card the wild JK stands for in the sequence: 9H or QH."})
        await pilot.pause()
        text = screen_text(pilot.app)
        # The card is named where it is: the selection (or what is staged) stays.
        await pilot.press("slash", *"jk=qh", "enter")
        await pilot.pause()
        said = screen_text(pilot.app)
        await pilot.press("m")
        await pilot.pause()
    assert "[SK-M6] Say which card the wild JK stands for" in text, text
    flat = " ".join(line.strip() for line in text.splitlines())
    assert "Type the wild card with its card after = (like /jk=10d, Enter), then m" in flat, \
        text
    assert "Your JK stands for Q♥: m melds it so." in said, said
    hand = {c["code"]: c["id"] for c in game.view(0)["hand"]}
    assert link.actions[-1] == {"type": "meld", "melds": [
        {"cards": [hand["10H"], hand["JH"], hand["JK"]], "as": {hand["JK"]: "QH"}}]}


async def test_SK_M6_a_staged_sequences_wild_card_is_named_without_clearing_the_rest() -> None:
    """Play-test: three melds staged, the sequence's wild card's place asked (SK-M6): Esc
    cleared all three. Typed with its place, the staged wild card keeps every meld."""
    game = position(TABLE.replace("hands.0: 7H 9C KD AS JK 10H JH 4S",
                                  "hands.0: 10H JH JK 7H 7S 7D KD KS KC 4S"))
    keys = ("slash", *"10h jh jk", "enter", "g", "slash", *"7h7s7d", "enter", "g",
            "slash", *"kdkskc", "enter", "g", "slash", *"jk=qh", "enter", "m")
    _, sent = await shown(game, 0, (100, 30), keys=keys)
    hand = {c["code"]: c["id"] for c in game.view(0)["hand"]}
    assert sent[-1]["melds"][0] == {"cards": [hand["10H"], hand["JH"], hand["JK"]],
                                    "as": {hand["JK"]: "QH"}}, sent
    assert len(sent[-1]["melds"]) == 3


async def test_SK_W3_a_groups_wild_is_paid_with_any_natural_of_its_rank() -> None:
    """Play-test: with 7♥ and 7♣ in hand, w with the 7♣ said it "takes back no wild
    card", and the prompt named the 7♥ alone: the player wanted to keep the 7♥."""
    game = position("""turn: 0
phase: play
deal_number: 2
hands.0: 7H 7C 9C KD
hands.1: 4C 5C 9H 8S
hands.2: 6D 6S 3C
hands.3: 8C 8D 5H
melds.1: 7D 7S 2S
stock: 30""")
    text, _ = await shown(game, 0, (100, 30), keys=("w",))
    assert "select the 7♥ or 7♣, press w." in text, text
    seven = next(c["id"] for c in game.view(0)["hand"] if c["code"] == "7C")
    _, sent = await shown(game, 0, (100, 30), keys=("slash", *"7c", "enter", "w"))
    assert sent and sent[-1]["card"] == seven, sent
    game.apply(0, sent[-1])


async def test_a_lay_off_no_meld_takes_is_judged_against_the_sequence_of_its_suit() -> None:
    """Play-test: with a group of 3s and the sequence 6♠ 7♠ 2♠=8♠ down, /6s and l was
    refused as "A group of 3s takes only 3s, not 6♠" (SK-M2): the meld it was meant for
    is the spade sequence, and the engine says why that one takes no 6♠."""
    game = position("""turn: 1
phase: play
deal_number: 2
hands.1: 6S 9H KD QC
hands.0: 4C 5C 9D 8S
hands.2: 6D 10S 3C
hands.3: 8C 8D 5H
melds.1: 3S 3H 2C 3C | 6S 7S 2S=8S
stock: 30""")
    assert "lay_off" not in {e["type"] for e in game.legal(1)}
    text, sent = await answered(game, 1, (100, 30), keys=("slash", *"6s", "enter", "l"))
    sequence = next(m["id"] for m in game.view(1)["melds"] if m.get("suit") == "S")
    assert sent and sent[-1]["meld"] == sequence, sent
    assert "group of 3s" not in text, text
