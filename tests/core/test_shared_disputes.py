"""One colleague's words do not rewrite shared knowledge another of the same rank stated:
both stand, labelled as a dispute; a person's own later word, or a higher one, decides."""

from __future__ import annotations

import pytest

from statekeeper import Engine, Principal
from statekeeper.context.format import CONFLICTS_HEADER

ANA = Principal(org="acme", user="ana", authority="peer")
BEN = Principal(org="acme", user="ben", authority="peer")
MIA = Principal(org="acme", user="mia", authority="manager")


def _shared(engine: Engine) -> str:
    fact = engine.session(ANA).write(
        "offsite_venue", "Offsite venue is the Lakeside Lodge", memory_type="organizational"
    )
    return fact.id


def test_a_peers_correction_does_not_rewrite_a_colleagues_shared_fact(engine: Engine) -> None:
    first = _shared(engine)
    ben = engine.session(BEN)
    ben.observe("ben", "Actually, the offsite venue is the Harbor Inn now.")
    ana = engine.session(ANA)
    assert ana.get(first).is_valid
    assert "Harbor Inn" not in ana.context("Where is the offsite?").text
    disputed = ben.context("Where is the offsite?").text
    assert CONFLICTS_HEADER in disputed
    assert "Lakeside Lodge" in disputed and "Harbor Inn" in disputed


def test_the_author_may_correct_her_own_shared_fact(engine: Engine) -> None:
    first = _shared(engine)
    ana = engine.session(ANA)
    ana.observe("ana", "Actually, the offsite venue is the Harbor Inn now.")
    assert not ana.get(first).is_valid
    assert "Lakeside" not in engine.session(BEN).context("Where is the offsite?").text


def test_a_higher_authority_decides_it(engine: Engine) -> None:
    first = _shared(engine)
    engine.session(MIA).observe("mia", "Actually, the offsite venue is the Harbor Inn now.")
    assert not engine.session(ANA).get(first).is_valid
    text = engine.session(BEN).context("Where is the offsite?").text
    assert "Harbor Inn" in text and CONFLICTS_HEADER not in text


ROOM = Principal(org="acme", user="scribe", authority="peer")


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("The launch date is March 3.", "The launch date should be March 10 instead."),
        ("Our vendor for badges is Printwell.", "No, the badge vendor is Inkhaus now."),
        ("The review meeting is Tuesday 2pm.", "Actually the review meeting is Wednesday 2pm."),
    ],
)
def test_colleagues_disagreeing_in_one_conversation_are_a_conflict(
    engine: Engine, first: str, second: str
) -> None:
    with engine.session(ROOM) as s:
        s.observe("ana", first)
        s.observe("ben", second)
        text = s.context("What did we settle?").text
    assert CONFLICTS_HEADER in text


def test_a_ruling_settles_what_colleagues_said(engine: Engine) -> None:
    with engine.session(ROOM) as s:
        s.observe("ana", "The launch date is March 3.")
        s.observe("ben", "The launch date is March 10, that's the call.")
        text = s.context("When is the launch?").text
    assert CONFLICTS_HEADER not in text and "March 10" in text
