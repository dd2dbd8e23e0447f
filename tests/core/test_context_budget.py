"""Context assembly: metadata switch, the token budget and the fact share."""

from __future__ import annotations

import pytest

from statekeeper import Engine, Settings
from statekeeper.context.tokens import default_tokenizer
from tests.conftest import ALICE, Clock, MakeEngine


def test_metadata_markers_shown_by_default(engine: Engine, clock: Clock) -> None:
    s = engine.session(ALICE)
    s.write("city", "Lisbon")
    clock.advance(minutes=1)
    s.write("city", "Porto")
    assert "replaces an earlier value" in s.context("city").text


def test_show_metadata_off(make_engine: MakeEngine, clock: Clock) -> None:
    engine = make_engine(settings=Settings(show_metadata=False))
    s = engine.session(ALICE)
    s.write("city", "Lisbon")
    clock.advance(minutes=1)
    s.write("city", "Porto")
    text = s.context("city").text
    assert "- city: Porto" in text
    assert "replaces an earlier value" not in text
    assert "source authority" not in text
    assert "Lisbon" not in text


def _many(engine: Engine, n: int) -> None:
    s = engine.session(ALICE)
    for i in range(n):
        s.write(f"note_{i}", f"project note number {i} about the quarterly review schedule")


@pytest.mark.parametrize("budget", [60, 90, 150, 400, 1000])
def test_budget_holds_and_omissions_listed(engine: Engine, budget: int) -> None:
    _many(engine, 40)
    context = engine.session(ALICE).context("quarterly review notes", budget=budget)
    assert context.tokens == default_tokenizer().count(context.text)
    assert context.tokens <= budget
    assert context.budget == budget
    budget_omitted = {o.fact_id for o in context.omitted if o.reason == "budget"}
    assert len(context.included) + len(budget_omitted) == 40
    assert not budget_omitted & set(context.included)


def test_fact_share_honoured(make_engine: MakeEngine) -> None:
    budget = 500
    for share in (0.3, 0.7):
        engine = make_engine(f"share-{share}.db", Settings(fact_share=share))
        _many(engine, 60)
        s = engine.session(ALICE)
        identity = s.context("x", budget=budget)
        base = default_tokenizer().count(identity.text.split("## Current facts")[0])
        context = s.context("quarterly review notes", budget=budget)
        facts_part = context.text.split("## Current facts")[1]
        fact_tokens = default_tokenizer().count("## Current facts" + facts_part)
        assert fact_tokens <= int((budget - base) * share) + 2
        assert fact_tokens >= int((budget - base) * share) * 0.8


def test_working_set_gets_remainder(engine: Engine) -> None:
    _many(engine, 60)
    s = engine.session(ALICE)
    s.remember("todo", "call the supplier")
    context = s.context("quarterly review notes", budget=600)
    assert "call the supplier" in context.text
    assert context.tokens <= 600
