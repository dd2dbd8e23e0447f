"""One bench run: replay every strategy over the same timelines and score the contexts."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from statekeeper.bench.dataset import Record
from statekeeper.bench.metrics import (
    EngineReport,
    EngineScore,
    ResponseReport,
    engine_report,
    score_context,
)
from statekeeper.bench.replay import QueryContext, replay
from statekeeper.bench.strategies import resolve


@dataclass
class StrategyRun:
    name: str
    contexts: list[QueryContext]
    scores: list[EngineScore]
    engine: EngineReport
    response: ResponseReport | None = None

    def details(self) -> Iterator[dict[str, object]]:
        """One record per query: what was missing or exposed, to find an engine's failures."""
        for qc, score in zip(self.contexts, self.scores, strict=True):
            timeline_id, index = qc.key
            yield {
                "strategy": self.name,
                "timeline_id": timeline_id,
                "track": qc.track,
                "query_index": index,
                "prompt": qc.query.prompt,
                "missing": list(score.missing),
                "exposed": list(score.exposed),
                "tokens": score.tokens,
                "context": qc.context,
            }

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = self.engine.model_dump()
        if self.response is not None:
            out["response"] = self.response.model_dump()
        return out


def run_strategy(
    name: str,
    records: list[Record],
    token_budget: int | None = None,
    on_timeline: Callable[[Record], None] | None = None,
    store_url: str | None = None,
) -> StrategyRun:
    """Replay and score one strategy; the strategy is built fresh for the run."""
    strategy = resolve(name, token_budget, store_url)
    contexts = list(replay(records, strategy, on_timeline))
    scores = [score_context(qc) for qc in contexts]
    return StrategyRun(name=name, contexts=contexts, scores=scores, engine=engine_report(scores))
