"""Scope: hypothetical, draft and task facts stay where they belong."""

from __future__ import annotations

import pytest

from statekeeper import Engine, Scope
from tests.conftest import ALICE


def test_hypothetical_stays_out_of_global_context(engine: Engine) -> None:
    main = engine.session(ALICE)
    main.write("budget", "$50,000 budget")
    what_if = main.write("budget_scenario", "What if we had $80,000 budget?")
    assert what_if.scope == Scope.HYPOTHETICAL
    context = main.context("What is our budget?")
    assert "$80,000" not in context.text
    assert "$50,000" in context.text
    assert what_if.id not in context.included
    assert any(o.fact_id == what_if.id and o.reason == "out of scope" for o in context.omitted)


@pytest.mark.parametrize(
    "value",
    [
        "Thinking aloud: with $80,000 we could hire two contractors",
        "If we had $80,000 we could hire two contractors",
        "In theory $80,000 covers two contractors",
        "Theoretically the budget stretches to $80,000",
        "In an ideal world the budget is $80,000",
    ],
)
def test_hypothetical_wordings(engine: Engine, value: str) -> None:
    main = engine.session(ALICE)
    assert main.write("budget_idea", value).scope == Scope.HYPOTHETICAL
    assert "$80,000" not in main.context("What is our budget?").text


def test_scoped_fact_visible_in_own_scope(engine: Engine) -> None:
    main = engine.session(ALICE)
    draft = main.write("launch_copy", "Launch on Friday", scope="draft", scope_id="copy-1")
    assert draft.scope == Scope.DRAFT and draft.scope_id == "copy-1"
    assert "Launch on Friday" not in main.context("launch copy").text
    inside = engine.session(ALICE, scope_id="copy-1")
    assert "Launch on Friday" in inside.context("launch copy").text
    other = engine.session(ALICE, scope_id="copy-2")
    assert "Launch on Friday" not in other.context("launch copy").text


def test_draft_inferred_from_wording(engine: Engine) -> None:
    main = engine.session(ALICE)
    fact = main.write("pricing", "tentative: $12 per month, not final")
    assert fact.scope == Scope.DRAFT
    assert "$12 per month" not in main.context("pricing").text


def test_hypothetical_in_scope_session_defaults_scope_id(engine: Engine) -> None:
    inside = engine.session(ALICE, scope_id="plan-b")
    fact = inside.write("headcount", "Suppose we hire 12 engineers")
    assert fact.scope == Scope.HYPOTHETICAL and fact.scope_id == "plan-b"
    assert "12 engineers" in inside.context("headcount").text
    assert "12 engineers" not in engine.session(ALICE).context("headcount").text


def test_task_scoped_fact_only_in_its_task(engine: Engine) -> None:
    task_a = engine.session(ALICE, task_id="task-a")
    fact = task_a.write("vendor", "VendorX chosen", scope="task")
    assert fact.scope == Scope.TASK and fact.scope_id == "task-a"
    assert "VendorX" in task_a.context("vendor").text
    task_b = engine.session(ALICE, task_id="task-b")
    assert "VendorX" not in task_b.context("vendor").text


def test_scoped_write_does_not_supersede_global(engine: Engine) -> None:
    main = engine.session(ALICE)
    real = main.write("budget", "$50,000 budget")
    main.write("budget", "$80,000 budget", scope="hypothetical", scope_id="s1")
    assert main.get(real.id).is_valid
    assert "$50,000" in main.context("budget").text
    assert "$80,000" not in main.context("budget").text


def test_current_value_in_global_session_ignores_hypothetical(engine: Engine) -> None:
    main = engine.session(ALICE)
    main.write("budget", "$50,000 budget")
    main.write("budget", "$80,000 budget", scope="hypothetical", scope_id="s1")
    assert main.current_value("budget") == "$50,000 budget"
    assert main.get("budget").scope == Scope.GLOBAL


@pytest.mark.parametrize(
    ("key", "value"),
    [("rfp", "Proposal deadline is May 3"), ("deal", "The client signed our proposal")],
)
def test_settled_fact_mentioning_proposal_stays_global(
    engine: Engine, key: str, value: str
) -> None:
    s = engine.session(ALICE)
    fact = s.write(key, value)
    assert fact.scope == Scope.GLOBAL
    assert value in s.context(f"{key} proposal").text


def test_observed_hypothetical_turns_stay_out(engine: Engine) -> None:
    """A what-if discussion in conversation neither changes the fact nor shows later."""
    s = engine.session(ALICE)
    s.write("q3_budget", "$50,000")
    s.observe("alice", "What if the budget were $80,000 instead?")
    s.observe("assistant", "With $80,000 we could hire two contractors.", assistant=True)
    s.observe("alice", "Ok, back to reality. Let's plan the Q3 launch.")
    assert s.current_value("q3_budget") == "$50,000"
    text = s.context("What is the Q3 budget?").text
    assert "$80,000" not in text
    assert "$50,000" in text
