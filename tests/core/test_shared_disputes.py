"""One colleague's words do not rewrite shared knowledge another of the same rank stated:
both stand, labelled as a dispute; a person's own later word, or a higher one, decides."""

from __future__ import annotations

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
