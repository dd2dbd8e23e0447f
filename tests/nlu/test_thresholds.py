"""A threshold that sets a rule off ("any purchase over $100K needs board approval") is no
value to disagree with: a later figure does not overturn the rule, unless it falls under
the rule and takes the opposite stance (a freeze over $25k against a go-ahead for $50k)."""

from __future__ import annotations

import pytest

from statekeeper import Source
from statekeeper.nlu.interpret import conflicts
from tests.nlu.harness import Conversation, shows


@pytest.mark.parametrize(
    ("rule", "later"),
    [
        (
            "Any fleet purchase over $500K needs board sign-off.",
            "Board cut capex budgets by 20%. Your $900K is now $720K max.",
        ),
        (
            "Refunds above $200 need a supervisor's OK.",
            "Refund budget cut: the team now has $1,500 a week, down from $2,000.",
        ),
        (
            "Invoices over €10,000 need two signatures.",
            "Q3 invoicing target is now €80,000, up from €60,000.",
        ),
    ],
)
def test_threshold_rule_does_not_clash_with_later_figures(rule: str, later: str) -> None:
    assert not conflicts(rule, later)


@pytest.mark.parametrize(
    ("rule", "later", "clash"),
    [
        (
            "Spending freeze on purchases over $25k until further notice.",
            "Go ahead, purchase the $50k storage array.",
            True,
        ),
        (
            "Spending freeze on purchases over $25k until further notice.",
            "Go ahead and purchase the $10k monitors.",
            False,  # below the threshold: the freeze does not cover it
        ),
        (
            "Pause all shipments over 500 units to the Lyon depot.",
            "Lyon depot shipments are fine again, go ahead with 800 units to Lyon.",
            True,
        ),
    ],
)
def test_threshold_clashes_with_a_covered_figure_of_opposite_stance(
    rule: str, later: str, clash: bool
) -> None:
    assert conflicts(rule, later) is clash


def test_same_speakers_budget_news_keeps_their_approval_rule(conversation: Conversation) -> None:
    for key, value in (
        ("approval_rule", "Any fleet purchase over $500K needs board sign-off."),
        ("capex_news", "Board cut capex budgets by 20%. Your $900K is now $720K max."),
    ):
        conversation.write(
            key, value, detect=True, source=Source(authority="executive", speaker="Lena Park")
        )
    session = conversation.session
    assert session.is_current("approval_rule")
    assert session.is_current("capex_news")
    text = conversation.context("What do we need before buying the vans?")
    assert shows(text, "needs board sign-off")
