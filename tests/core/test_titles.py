"""Job titles rank by their head word, not by the highest word they contain."""

from __future__ import annotations

import pytest

from statekeeper import Engine, Principal, Source, SourceType, UnknownFactError
from statekeeper.access import AuthorityLadder

LADDER = AuthorityLadder()


@pytest.mark.parametrize(
    ("title", "rung"),
    [
        # the head decides; the words before it say of what
        ("Legal intern", "subordinate"),
        ("System Administrator", "manager"),
        ("Compliance analyst", "peer"),
        ("Board liaison", "peer"),
        ("Executive Assistant", "subordinate"),
        ("Warehouse Supervisor", "manager"),
        # the head comes before a complement
        ("Assistant to the CEO", "subordinate"),
        ("VP of Sales", "executive"),
        ("Director of Facilities", "executive"),
        # a modifier of rank moves the head one way or the other
        ("Assistant Director", "manager"),
        ("Deputy Director of Nursing", "manager"),
        ("Chief Compliance Officer", "executive"),
        ("Senior Engineer", "peer"),
    ],
)
def test_a_title_ranks_by_its_head(title: str, rung: str) -> None:
    assert LADDER.rung(title) == rung


def test_an_assistant_title_reads_no_executive_value(engine: Engine) -> None:
    boss = Principal(org="acme", user="erin", authority="executive")
    engine.session(boss).write(
        "merger_terms",
        "Terms at $31 a share",
        source=Source(type=SourceType.POLICY, authority="executive"),
        required_authority="executive",
    )
    helper = engine.session(Principal(org="acme", user="sam", authority="Executive Assistant"))
    assert "$31" not in helper.context("merger terms").text
    with pytest.raises(UnknownFactError):
        helper.current_value("merger_terms")
