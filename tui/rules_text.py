"""The rules reference shown to players, read from one Markdown data file per game.

``tui/rules/<game>.md`` holds, for every rule id of that game's file in ``shared/rules``
(the bold ``XX-..`` rules, the options ``XX-O..`` and the decisions ``XX-A..``), one entry
in file order, written for a player at the table in meldhall's own words; the rules files
stay the reference. Refusals from the engine carry a rule id, so ``rule_text(err.rule)``
gives the text to show. A new game adds its data file, not code.

The format is small and strict, so a typo fails the tests rather than hiding an entry::

    # Game title
    summary lines ...
    ## Section
    ### HF-M3 Entry title
    entry text ...
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources

__all__ = ["RULES", "SUMMARIES", "TITLES", "RuleEntry", "parse_rules", "rule_text", "rules_for",
           "summary_lines"]


@dataclass(frozen=True, slots=True)
class RuleEntry:
    id: str  # "HF-M3"
    title: str  # short, e.g. "Wild melds"
    text: str  # 1-4 plain sentences for a player
    section: str  # e.g. "Melds", "Taking the pile", "Options"


def parse_rules(markdown: str) -> tuple[str, str, list[RuleEntry]]:
    """(title, summary, entries) of one game's rules data file."""
    title, section = "", ""
    summary: list[str] = []
    entries: list[RuleEntry] = []
    head: tuple[str, str] | None = None
    body: list[str] = []

    def finish() -> None:
        if head is not None:
            entries.append(RuleEntry(head[0], head[1], "\n".join(body).strip(), section))

    for line in markdown.splitlines():
        if line.startswith("### "):
            finish()
            rule_id, _, rule_title = line[4:].strip().partition(" ")
            head, body = (rule_id, rule_title.strip()), []
        elif line.startswith("## "):
            finish()
            head, section = None, line[3:].strip()
        elif line.startswith("# "):
            title = line[2:].strip()
        elif head is not None:
            body.append(line)
        elif not section:
            summary.append(line)
    finish()
    return title, "\n".join(summary).strip(), entries


def _load() -> tuple[dict[str, str], dict[str, str], dict[str, list[RuleEntry]]]:
    titles: dict[str, str] = {}
    summaries: dict[str, str] = {}
    rules: dict[str, list[RuleEntry]] = {}
    folder = resources.files("tui") / "rules"
    for item in sorted(folder.iterdir(), key=lambda p: p.name):
        if item.name.endswith(".md"):
            game = item.name[:-3]
            titles[game], summaries[game], rules[game] = parse_rules(
                item.read_text(encoding="utf-8"))
    return titles, summaries, rules


TITLES, SUMMARIES, RULES = _load()
_BY_ID: dict[str, RuleEntry] = {entry.id: entry for rules in RULES.values() for entry in rules}


def summary_lines(game: str) -> list[str]:
    """The rules file's opening summary (how a turn goes, the goal, the scoring) as lines
    to show: its hard-wrapped lines joined, a new one where a sentence ends at a line's
    end and the next begins with a capital. The rules screen opened on its first
    numbered rule, and a new player read some 90 rules to learn how a turn goes
    (play-test)."""
    out: list[str] = []
    for line in SUMMARIES.get(game, "").splitlines():
        line = line.strip()
        if not line:
            continue
        if out and not (out[-1].endswith(".") and line[:1].isupper()):
            out[-1] += " " + line
        else:
            out.append(line)
    return out


def rule_text(rule_id: str) -> RuleEntry | None:
    """The entry for a rule id such as ``"HF-M3"`` (any game), or None if unknown."""
    return _BY_ID.get(rule_id.strip().upper())


def rules_for(game: str) -> list[RuleEntry]:
    """Every entry of one game, in the order of its rules file; [] for an unknown game."""
    return list(RULES.get(game, ()))
