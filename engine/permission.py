"""Asking one's partner for permission to go out, for partnership games whose rules have it
(Hand and Foot's HF-G8/G9). Mixed into a `CanastaGame` subclass; the game lists `answer` as
a phase, keeps `asked`, `permission` and `answer_return` in its `STATE`, resets them as a
turn starts, and reads `permission` in its going-out conditions.

Who may ask, and when the partner is ready to be asked, are the family's: a player in the
second stage (foot) may ask once a turn, once the partner has played from their own second
hand. `PERMISSION_RULES` gives the game's rule ids for the three refusals.
"""

from __future__ import annotations

from typing import Any, ClassVar

from .core import Commit, Events
from .errors import IllegalAction


class PartnerPermission:
    """Mixed into a `CanastaGame` subclass before it, which gives the slots of `SLOTS`."""

    __slots__ = ()
    SLOTS: ClassVar[tuple[str, ...]] = ("asked", "permission", "answer_return")
    PERMISSION_RULES: ClassVar[dict[str, str]] = {
        "stage": "G1", "partner": "G3", "once": "G8"}

    def partner(self, seat: int) -> int:
        """The next member of the seat's side, clockwise (the seat opposite with four)."""
        members = self.teams[self.team_of[seat]]
        return members[(members.index(seat) + 1) % len(members)]

    def partner_ready(self, partner: int) -> bool:
        return self.stage[partner] == self.rules.stages[1] and self.foot_played[partner]

    def _plan_ask_to_go_out(self, seat: int, action: dict[str, Any]) -> Commit:
        ids = self.PERMISSION_RULES
        second = self.rules.stages[1]
        if self.stage[seat] != second:
            raise IllegalAction(self.rule_id(ids["stage"]), f"only a player who has picked up "
                                                            f"their {second} may ask to go out.")
        partner = self.partner(seat)
        if not self.partner_ready(partner):
            raise IllegalAction(self.rule_id(ids["partner"]),
                                f"your partner has not played from their {second} yet.")
        if self.asked:
            raise IllegalAction(self.rule_id(ids["once"]), "you may ask only once per turn.")

        def commit() -> Events:
            self.asked = True
            self.answer_return = self.phase
            self.phase = "answer"
            self.to_act_list = [partner]
            return [{"type": "asked_to_go_out", "seat": seat, "partner": partner}]
        return commit

    def _plan_answer(self, seat: int, action: dict[str, Any]) -> Commit:
        answer = self._field(action, "answer", dict)
        allow = answer.get("allow")
        if not isinstance(allow, bool):
            raise self._invalid("'answer' must be {\"allow\": true} or {\"allow\": false}.")

        def commit() -> Events:
            self.permission = "yes" if allow else "no"
            self.phase = self.answer_return
            self.to_act_list = [self.turn]
            return [{"type": "answered", "seat": seat, "allow": allow}]
        return commit


class PlannedAnswer:
    """The partner's answer where the ask carries the whole going out as a plan (Skarney's
    SK-G4, Canastone's CN-G6/G7), so that "yes" binds: the game keeps the plan's steps in
    `plan["steps"]` while the question waits; "yes" plays them at once as the asker, "no"
    bars going out for the rest of the turn (`barred`). Mixed into a `CanastaGame`
    subclass before it, which gives the slots of `SLOTS`."""

    __slots__ = ()
    SLOTS: ClassVar[tuple[str, ...]] = ("asked", "barred", "plan")

    def _plan_answer(self: Any, seat: int, action: dict[str, Any]) -> Commit:
        answer = self._field(action, "answer", dict)
        allow = answer.get("allow")
        if not isinstance(allow, bool):
            raise self._invalid("'answer' must be {\"allow\": true} or {\"allow\": false}.")

        def commit() -> Events:
            asker = self.turn
            steps = (self.plan or {}).get("steps", [])
            self.plan = None
            self.phase = "play"
            self.to_act_list = [asker]
            events: Events = [{"type": "answered", "seat": seat, "allow": allow}]
            if not allow:
                self.barred = True
                return events
            for step in steps:
                events.extend(self._plan(asker, step)())
            return events
        return commit
