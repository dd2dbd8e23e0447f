"""Restricted facts never reach a principal without the authority or permissions."""

from __future__ import annotations

import pytest

from statekeeper import Engine, Principal, Source, SourceType, UnknownFactError

ORG = Source(type=SourceType.POLICY, authority="executive")
VP = Principal(org="acme", user="vera", authority="VP")
PEER = Principal(org="acme", user="pat", authority="peer")
HR = Principal(org="acme", user="hana", authority="peer", permissions=frozenset({"hr"}))


def _restricted(engine: Engine) -> tuple[str, str]:
    writer = engine.session(VP)
    a = writer.write(
        "acquisition_target", "Initech at $40M", source=ORG, required_authority="executive"
    )
    b = writer.write("salary_band", "L5 band $180,000", source=ORG, required_permissions=["hr"])
    writer.write("office_hours", "9 to 5", source=ORG)
    return a.id, b.id


def test_restricted_hidden_from_low_authority(engine: Engine) -> None:
    a, b = _restricted(engine)
    peer = engine.session(PEER)
    context = peer.context("acquisition target salary band office hours Initech")
    assert "Initech" not in context.text and "$40M" not in context.text
    assert "$180,000" not in context.text
    assert "9 to 5" in context.text
    assert context.withheld == 2
    assert "2 facts are restricted" in context.text
    assert "acquisition" not in context.text.lower()
    assert "salary" not in context.text.lower()
    assert {f.id for f in peer.facts()}.isdisjoint({a, b})
    for ref in (a, b, "acquisition_target", "salary_band"):
        with pytest.raises(UnknownFactError):
            peer.get(ref)
    assert peer.history("acquisition_target") == []


def test_authority_and_permission_grant_access(engine: Engine) -> None:
    a, b = _restricted(engine)
    vp = engine.session(VP).context("acquisition target Initech")
    assert "Initech at $40M" in vp.text and a in vp.included
    assert vp.withheld == 1  # the salary band needs the hr permission
    hr = engine.session(HR).context("salary band")
    assert "L5 band $180,000" in hr.text and b in hr.included
    assert "Initech" not in hr.text and hr.withheld == 1


def test_restricted_value_scrubbed_from_turns(engine: Engine) -> None:
    _restricted(engine)
    peer = engine.session(PEER)
    peer.add_turn("vera", "FYI the acquisition is Initech at $40M")
    text = peer.context("what is going on").text
    assert "$40M" not in text
    assert "Initech at $40M" not in text


def test_cannot_supersede_unreadable_fact(engine: Engine) -> None:
    hr_policy = Source(type=SourceType.POLICY, authority="peer")
    band = engine.session(HR).write(
        "salary_band", "L5 band $180,000", source=hr_policy, required_permissions=["hr"]
    )
    peer = engine.session(PEER)
    with pytest.raises(UnknownFactError):
        peer.supersede("salary_band", "L5 band $1")
    assert engine.session(HR).get(band.id).is_valid


def test_supersede_of_unreadable_fact_reveals_nothing(engine: Engine) -> None:
    a, _ = _restricted(engine)
    peer = engine.session(PEER)
    for ref in ("acquisition_target", a):
        with pytest.raises(UnknownFactError):
            peer.write("acquisition_target", "Globex", supersedes=ref)


def test_context_account_names_no_restricted_fact(engine: Engine) -> None:
    """The context's account of itself (included, omitted) never names a withheld fact."""
    a, b = _restricted(engine)
    context = engine.session(PEER).context("acquisition target salary band", budget=200)
    named = set(context.included) | {o.fact_id for o in context.omitted}
    assert named.isdisjoint({a, b})
    assert all("acquisition" not in o.detail and "salary" not in o.detail for o in context.omitted)
