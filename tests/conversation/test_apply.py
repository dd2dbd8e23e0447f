"""Decisions applied through a real session: the only writes a turn makes, in order, with
the session's own checks."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from statekeeper import Engine, Principal
from statekeeper.conversation.apply import apply
from statekeeper.conversation.decisions import Add, Conflict, Earlier, Replace, Retract
from statekeeper.errors import InvalidInputError
from statekeeper.model import Source, SourceType

NELL = Principal(org="quay", user="nell", authority="peer")
THEN = datetime(2031, 6, 2, 9, 0, tzinfo=UTC)
NOW = datetime(2031, 6, 2, 9, 30, tzinfo=UTC)


def by(speaker: str, index: int) -> Source:
    return Source(type=SourceType.CONVERSATION, turn_index=index, authority="peer", speaker=speaker)


def test_an_earlier_value_is_recorded_as_said_then_replaced(engine: Engine) -> None:
    earlier = Earlier("kayak_rental", "2 kayaks", by("nell", 0), THEN)
    with engine.session(NELL, task_id="trip") as s:
        (new,) = apply(s, [Replace(earlier, "kayak_rental", "3 kayaks", by("nell", 2), NOW, "x")])
        old, current = s.history("kayak_rental")
    assert (old.value, old.is_valid, old.superseded_by) == ("2 kayaks", False, new.id)
    assert old.timestamp.replace(tzinfo=None) == THEN.replace(tzinfo=None)  # said then
    assert (current.value, current.is_valid) == ("3 kayaks", True)


def test_an_earlier_value_retracted_is_kept_and_ended(engine: Engine) -> None:
    earlier = Earlier("proposal", "repaint the shed", by("nell", 0), THEN)
    with engine.session(NELL, task_id="yard") as s:
        (ended,) = apply(s, [Retract(earlier, "declined")])
        (kept,) = s.history("proposal")
    assert (kept.id, kept.is_valid, kept.invalid_reason) == (ended.id, False, "declined")


def test_a_conflict_leaves_both_standing(engine: Engine) -> None:
    with engine.session(NELL, task_id="plan") as s:
        first = s.write("field_trip", "Field trip on May 3", source=by("ole", 0))
        apply(s, [Conflict(first, "field_trip", "Field trip on May 10", by("nell", 1), NOW, "x")])
        assert sorted(str(f.value) for f in s.facts()) == [
            "Field trip on May 10", "Field trip on May 3"]  # fmt: skip


def test_a_refused_proposal_is_skipped_only_when_lenient(engine: Engine) -> None:
    bad = Add("", "anything", by("nell", 0), NOW, "proposed")
    good = Add("locker", "Locker 21", by("nell", 0), NOW, "proposed")
    with engine.session(NELL, task_id="gym") as s:
        assert [f.value for f in apply(s, [bad, good], lenient=True)] == ["Locker 21"]
        with pytest.raises(InvalidInputError):
            apply(s, [bad])
