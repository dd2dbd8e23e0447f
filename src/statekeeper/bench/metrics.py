"""Engine-level and response-level metrics, exactly as docs/conformance.md defines them.

Scores are kept per query and summed into ratios of totals (not means of ratios), so a
track's numbers and the overall numbers are computed the same way from the same counts.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Protocol, TypeVar

from pydantic import BaseModel

from statekeeper.bench import matching
from statekeeper.bench.dataset import Query
from statekeeper.bench.replay import QueryContext
from statekeeper.bench.tokens import count_tokens

# Tracks whose must_not_mention phrases are dead state (superseded, stale, overridden).
SUPERSESSION_TRACKS = frozenset(
    {
        "supersession",
        "supersession_detection",
        "repair_propagation",
        "causality",
        "environmental_freshness",
        "commitment_durability",
        "authority_hierarchy",
        "brutal_realistic",
    }
)
# Tracks whose must_not_mention phrases are information the user may not see.
RESTRICTED_TRACKS = frozenset({"scope_permission", "enterprise_privacy", "scope_leak"})


def _ratio(numerator: int, denominator: int) -> float | None:
    return numerator / denominator if denominator else None


def p95(values: list[int]) -> float:
    """Nearest-rank 95th percentile: a value that actually occurred."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return float(ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)])


# ---------------------------------------------------------------- engine level


@dataclass(frozen=True)
class EngineScore:
    track: str
    mm_attainable: int
    mm_found: int
    mnm_scored: bool
    mnm_exposed: bool
    tokens: int
    seconds: float
    missing: tuple[str, ...] = ()  # attainable must_mention phrases the context lacks
    exposed: tuple[str, ...] = ()  # scored must_not_mention phrases the context shows


def score_context(qc: QueryContext, count: Callable[[str], int] = count_tokens) -> EngineScore:
    """Score the context one strategy built for one query."""
    truth = qc.query.ground_truth
    attainable = [p for p in truth.must_mention if matching.found(qc.history, p)]
    missing = tuple(p for p in attainable if not matching.found(qc.context, p))
    dead = [
        p
        for p in matching.admissible(truth.must_not_mention)
        if not matching.found(qc.query.prompt, p)
    ]
    exposed = tuple(p for p in dead if matching.found(qc.context, p))
    return EngineScore(
        track=qc.track,
        mm_attainable=len(attainable),
        mm_found=len(attainable) - len(missing),
        mnm_scored=bool(dead),
        mnm_exposed=bool(exposed),
        tokens=count(qc.context),
        seconds=qc.seconds,
        missing=missing,
        exposed=exposed,
    )


class EngineSummary(BaseModel):
    """Engine-level numbers for a set of queries (a track, or all of them)."""

    queries: int
    mm_recall: float | None
    mnm_exp: float | None
    tokens_mean: float
    tokens_p95: float
    ms_per_query: float
    mm_attainable: int
    mm_found: int
    mnm_queries: int
    mnm_exposed: int


class EngineReport(EngineSummary):
    per_track: dict[str, EngineSummary]


def _summarize_engine(scores: list[EngineScore]) -> EngineSummary:
    tokens = [s.tokens for s in scores]
    attainable = sum(s.mm_attainable for s in scores)
    found = sum(s.mm_found for s in scores)
    scored = sum(1 for s in scores if s.mnm_scored)
    exposed = sum(1 for s in scores if s.mnm_scored and s.mnm_exposed)
    n = len(scores)
    return EngineSummary(
        queries=n,
        mm_recall=_ratio(found, attainable),
        mnm_exp=_ratio(exposed, scored),
        tokens_mean=sum(tokens) / n if n else 0.0,
        tokens_p95=p95(tokens),
        ms_per_query=1000 * sum(s.seconds for s in scores) / n if n else 0.0,
        mm_attainable=attainable,
        mm_found=found,
        mnm_queries=scored,
        mnm_exposed=exposed,
    )


class _Tracked(Protocol):
    @property
    def track(self) -> str: ...


S = TypeVar("S", bound=_Tracked)


def _by_track(scores: Iterable[S]) -> dict[str, list[S]]:
    groups: dict[str, list[S]] = defaultdict(list)
    for score in scores:
        groups[score.track].append(score)
    return dict(sorted(groups.items()))


def engine_report(scores: list[EngineScore]) -> EngineReport:
    overall = _summarize_engine(scores)
    per_track = {t: _summarize_engine(s) for t, s in _by_track(scores).items()}
    return EngineReport(**overall.model_dump(), per_track=per_track)


# -------------------------------------------------------------- response level


@dataclass(frozen=True)
class ResponseScore:
    track: str
    decision_correct: bool
    mm_total: int
    mm_found: int
    mnm_admissible: int
    mnm_violations: int

    @property
    def violated(self) -> bool:
        return self.mnm_violations > 0


def score_response(query: Query, track: str, response: str) -> ResponseScore:
    """Score a model's answer against the query's ground truth."""
    truth = query.ground_truth
    admissible = matching.admissible(truth.must_not_mention)
    return ResponseScore(
        track=track,
        decision_correct=matching.decision_correct(response, truth.decision),
        mm_total=len(truth.must_mention),
        mm_found=sum(1 for p in truth.must_mention if matching.found(response, p)),
        mnm_admissible=len(admissible),
        mnm_violations=sum(1 for p in admissible if matching.asserted(response, p)),
    )


class ResponseSummary(BaseModel):
    queries: int
    decision_accuracy: float | None
    must_mention: float | None
    mnm_violation_rate: float | None
    sfrr: float | None
    leakage: float | None


class ResponseReport(ResponseSummary):
    per_track: dict[str, ResponseSummary]


def _summarize_responses(scores: list[ResponseScore]) -> ResponseSummary:
    dead = [s for s in scores if s.track in SUPERSESSION_TRACKS]
    restricted = [s for s in scores if s.track in RESTRICTED_TRACKS]
    return ResponseSummary(
        queries=len(scores),
        decision_accuracy=_ratio(sum(s.decision_correct for s in scores), len(scores)),
        must_mention=_ratio(sum(s.mm_found for s in scores), sum(s.mm_total for s in scores)),
        mnm_violation_rate=_ratio(
            sum(s.mnm_violations for s in scores), sum(s.mnm_admissible for s in scores)
        ),
        sfrr=_ratio(sum(s.violated for s in dead), len(dead)),
        leakage=_ratio(sum(s.violated for s in restricted), len(restricted)),
    )


def response_report(scores: list[ResponseScore]) -> ResponseReport:
    overall = _summarize_responses(scores)
    per_track = {t: _summarize_responses(s) for t, s in _by_track(scores).items()}
    return ResponseReport(**overall.model_dump(), per_track=per_track)
