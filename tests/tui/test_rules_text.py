"""tui/rules_text.py: one player-facing entry for every rule id of shared/rules, in file order."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tui.rules_text import RULES, SUMMARIES, RuleEntry, rule_text, rules_for

# shared/ sits beside the repository (in CI too); MELDHALL_RULES_DIR overrides.
_BESIDE = Path(__file__).resolve().parents[2].parent / "shared" / "rules"
RULES_DIR = Path(os.environ.get("MELDHALL_RULES_DIR", str(_BESIDE)))

GAMES = {
    "hand_and_foot": "HF",
    "looking_and_down": "LD",
    "canastone": "CN",
    "skarney": "SK",
}

# A rule is defined as "**HF-M3 (title).**"; options and decisions are table rows "| HF-O1 |".
BOLD_ID = re.compile(r"\*\*([A-Z]{2}-[A-Z]+[0-9]+)\b")
TABLE_ID = re.compile(r"^\|\s*([A-Z]{2}-[OA][0-9]+)\s*\|", re.MULTILINE)
ANY_ID = re.compile(r"\*\*([A-Z]{2}-[A-Z]+[0-9]+)\b|^\|\s*([A-Z]{2}-[OA][0-9]+)\s*\|", re.MULTILINE)


def _spec(game: str) -> str:
    path = RULES_DIR / f"{game}.md"
    if not path.is_file():
        pytest.skip(f"rules file {path} not available")
    return path.read_text(encoding="utf-8")


def _ids(pattern: re.Pattern[str], text: str, prefix: str) -> list[str]:
    found = []
    for match in pattern.finditer(text):
        rid = next(g for g in match.groups() if g)
        if rid.startswith(prefix + "-") and rid not in found:
            found.append(rid)
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_bold_rule_id_has_an_entry(game: str) -> None:
    bold = _ids(BOLD_ID, _spec(game), GAMES[game])
    assert len(bold) > 50
    have = {e.id for e in RULES[game]}
    assert [rid for rid in bold if rid not in have] == []


@pytest.mark.parametrize("game", GAMES)
def test_every_option_and_decision_has_an_entry(game: str) -> None:
    table = _ids(TABLE_ID, _spec(game), GAMES[game])
    assert any("-O" in rid for rid in table) and any("-A" in rid for rid in table)
    have = {e.id for e in RULES[game]}
    assert [rid for rid in table if rid not in have] == []


@pytest.mark.parametrize("game", GAMES)
def test_entries_follow_the_file_and_invent_nothing(game: str) -> None:
    defined = _ids(ANY_ID, _spec(game), GAMES[game])
    assert [e.id for e in RULES[game]] == defined


def test_games_and_summaries() -> None:
    assert set(GAMES) == set(RULES)
    assert set(SUMMARIES) == set(RULES)
    for game, summary in SUMMARIES.items():
        lines = summary.splitlines()
        assert 10 <= len(lines) <= 20, game
        assert all(line.strip() for line in lines), game


def test_rule_text_lookup() -> None:
    entry = rule_text("HF-M3")
    assert isinstance(entry, RuleEntry)
    assert entry.id == "HF-M3"
    assert entry.section == "Melds"
    assert "wild" in entry.text.lower()
    assert rule_text("hf-m3") == entry
    assert rule_text("HF-Z99") is None
    assert rule_text("") is None


def test_rules_for() -> None:
    for game in RULES:
        assert rules_for(game) == RULES[game]
        assert rules_for(game) is not RULES[game]
    assert rules_for("no_such_game") == []


def test_ids_are_unique_and_prefixed() -> None:
    ids = [e.id for entries in RULES.values() for e in entries]
    assert len(ids) == len(set(ids))
    for game, entries in RULES.items():
        prefix = GAMES.get(game)
        if prefix:
            assert all(e.id.startswith(prefix + "-") for e in entries)
    for rid in ids:
        assert rule_text(rid) is not None and rule_text(rid).id == rid


def _all_entries() -> list[RuleEntry]:
    return [e for entries in RULES.values() for e in entries]


@pytest.mark.parametrize("entry", _all_entries(), ids=lambda e: e.id)
def test_text_is_plain_single_paragraph(entry: RuleEntry) -> None:
    for field in (entry.title, entry.text, entry.section):
        assert field and field == field.strip()
        assert "\n" not in field
        assert field.isascii() and field.isprintable()
        assert not re.search(r"[*`_#\[\]<>]", field), field
    assert "  " not in entry.text
    assert entry.text.endswith((".", ")", '"'))
    assert entry.text[0].isupper() or entry.text[0].isdigit()
    # 1 to 4 sentences for a player: a full stop followed by a new sentence splits them.
    sentences = [s for s in re.split(r"(?<=[.!?])\s+(?=[A-Z0-9])", entry.text) if s]
    assert 1 <= len(sentences) <= 4, entry.text
    assert len(entry.title) <= 40


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_one_rules_data_file_with_a_title_summary_and_full_entries(
        game: str) -> None:
    from importlib import resources

    from tui.rules_text import TITLES, parse_rules

    text = (resources.files("tui") / "rules" / f"{game}.md").read_text(encoding="utf-8")
    title, summary, entries = parse_rules(text)
    assert title == TITLES[game] and len(summary.splitlines()) >= 5
    assert entries == RULES[game]
    assert all(e.title and e.text and e.section for e in entries)
    assert len({e.id for e in entries}) == len(entries)


def test_the_rules_data_format_is_read_as_written() -> None:
    from tui.rules_text import parse_rules

    title, summary, entries = parse_rules(
        "# Some Game\nTwo lines\nof summary.\n\n## Melds\n\n### XX-M1 Wild melds\n"
        "At most one wild.\nNever two.\n\n### XX-M2 Size\nThree cards.\n")
    assert (title, summary) == ("Some Game", "Two lines\nof summary.")
    assert entries == [RuleEntry("XX-M1", "Wild melds", "At most one wild.\nNever two.", "Melds"),
                       RuleEntry("XX-M2", "Size", "Three cards.", "Melds")]


async def test_the_rules_screen_opens_on_how_to_play() -> None:
    """Play-test: `r` opened on "Cards / HF-C1 The deck"; the file's summary of how a
    turn goes, the goal and the scoring was never shown, and a new player read some 90
    rules to learn how to play."""
    from tests.tui.conftest import HAND_STAGE, FakeLink, at_table, game_at, screen_text
    from tui.app import make_app
    from tui.rules_text import summary_lines

    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game_at(HAND_STAGE), 0)
        await pilot.press("r")
        await pilot.pause()
        text = screen_text(pilot.app)
    rows = text.splitlines()
    start = [row.strip() for row in rows].index("How to play")
    assert start < 4, text  # at the top, above the numbered rules
    first, goal = summary_lines("hand_and_foot")[0], "• Goal: meld cards of one rank"
    assert rows[start + 1].startswith("• " + first[:40]), text
    assert rows[start + 2].startswith("  ") and rows[start + 3].startswith("• "), text
    assert any(row.startswith(goal) for row in rows), text
    assert "HF-C1" not in text  # (the numbered rules follow, further down)


async def test_the_rules_scroll_by_keys_as_they_open() -> None:
    """Play-test: Down, PageDown and End changed nothing on the rules screen until Tab
    moved the focus off the game tabs."""
    from tests.tui.conftest import HAND_STAGE, FakeLink, at_table, game_at
    from tui.app import make_app
    from tui.sheets import RulesView

    link = FakeLink()
    async with make_app(link).run_test(size=(80, 24)) as pilot:
        await at_table(pilot, link, game_at(HAND_STAGE), 0)
        await pilot.press("r")
        await pilot.pause()
        view = pilot.app.screen.query(RulesView).first()
        assert view.scroll_y == 0
        await pilot.press("pagedown")
        await pilot.pause()
        paged = view.scroll_y
        assert paged > 0
        await pilot.press("down")
        await pilot.pause()
        assert view.scroll_y > paged
        await pilot.press("end")
        await pilot.pause()
        assert view.scroll_y == view.max_scroll_y


async def test_the_rules_at_a_table_say_the_options_its_creator_changed() -> None:
    """Play-test: the rules said the game ends at 12,000 at a table opened with 5,000,
    and nothing at the table said which options were changed."""
    import engine
    from tests.tui.conftest import FakeLink, joined_with, screen_text, seated_view
    from tui.app import make_app

    link = FakeLink()
    async with make_app(link).run_test(size=(100, 30)) as pilot:
        message = seated_view(engine.create_game("canastone", 4, 3), 0)
        original = link.push

        def with_options(payload: dict) -> None:  # the host's `joined` names them
            if payload.get("t") == "joined":
                payload = {**payload, "options": {"target_score": 5000,
                                                  "unopened_hand_doubled": True},
                           "settings": {"clock": True, "clock_limit": 90}}
            original(payload)

        link.push = with_options  # type: ignore[method-assign]
        await joined_with(pilot, link, message)
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        text = screen_text(pilot.app)
    rows = [row.strip() for row in text.splitlines()]
    start = rows.index("At this table")
    assert start < 4, text
    said = " ".join(rows[start:start + 8])
    assert "target score: 5000 (usually 12000)" in said, text
    assert "unopened hand doubled: yes (usually no)" in said, text
    assert "clock limit: 90" in said, text  # the table's own options too
    assert "How to play" in rows[start:]
