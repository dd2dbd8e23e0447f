from __future__ import annotations

from statekeeper.bench.dataset import GroundTruth, Query
from statekeeper.bench.metrics import response_report, score_response


def _query(decision: str, mm: list[str], mnm: list[str]) -> Query:
    return Query(
        type="query",
        ts="t",
        prompt="?",
        ground_truth=GroundTruth(decision=decision, must_mention=mm, must_not_mention=mnm),
    )


def test_a_correct_answer_that_denies_dead_state_scores_clean() -> None:
    q = _query("Tuesday at 2pm", ["Tuesday", "2pm"], ["Friday", "the"])
    s = score_response(q, "supersession", "It is Tuesday at 2pm, no longer Friday.")
    assert s.decision_correct
    assert (s.mm_found, s.mm_total) == (2, 2)
    assert (s.mnm_violations, s.mnm_admissible) == (0, 1)


def test_response_report_rates() -> None:
    dead = _query("no", ["$120,000"], ["$200,000", "budget"])
    leak = _query("no", [], ["$142,000"])
    other = _query("yes", ["index rebuild"], ["marketing"])
    scores = [
        score_response(dead, "repair_propagation", "No: we have $200,000 in the budget."),
        score_response(dead, "causality", "No, $120,000 is all; the superseded $200,000 is gone."),
        score_response(leak, "scope_leak", "I cannot share salary details."),
        score_response(leak, "enterprise_privacy", "It is $142,000."),
        score_response(other, "interruption_resumption", "Yes, after the index rebuild."),
    ]
    report = response_report(scores)
    assert report.queries == 5
    assert report.decision_accuracy == 4 / 5  # "It is $142,000." states no decision
    assert report.must_mention == 2 / 3
    # admissible phrases: 1 + 1 + 1 + 1 + 1; violated: the first and the fourth
    assert report.mnm_violation_rate == 2 / 5
    assert report.sfrr == 1 / 2
    assert report.leakage == 1 / 2
    assert report.per_track["scope_leak"].leakage == 0.0
    assert report.per_track["interruption_resumption"].sfrr is None
