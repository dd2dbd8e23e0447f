"""Model-level scoring: a model answers every query from the strategy's context.

Runs are long and cost money, so every answer is appended to a JSONL results file as soon
as it arrives and a rerun skips what is already there; a crash or a Ctrl-C loses at most
the calls in flight.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from pydantic import BaseModel, ValidationError

from statekeeper.bench.metrics import ResponseReport, response_report, score_response
from statekeeper.bench.replay import QueryContext
from statekeeper.llm.base import LLMClient, with_retries

SYSTEM_PROMPT = (
    "You are an assistant working from the state given to you. Answer the user's question "
    "using that state only. If it does not hold what the answer needs, say so."
)
SEPARATOR = "-" * 40


def build_prompt(context: str, prompt: str) -> str:
    """The context, a separator line, then the question."""
    return f"{context}\n{SEPARATOR}\nUser question: {prompt}"


class Answer(BaseModel):
    """One line of the results file."""

    strategy: str
    model: str
    timeline_id: str
    query_index: int
    response: str

    @property
    def key(self) -> tuple[str, str, str, int]:
        return (self.strategy, self.model, self.timeline_id, self.query_index)


def load_answers(path: Path | None) -> dict[tuple[str, str, str, int], Answer]:
    """Answers already in the results file; a torn last line (crash mid-write) is skipped."""
    answers: dict[tuple[str, str, str, int], Answer] = {}
    if path is None or not path.exists():
        return answers
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        try:
            answer = Answer.model_validate_json(line)
        except ValidationError:
            continue
        answers[answer.key] = answer
    return answers


class _Appender:
    """Appends answers to the results file, one whole line at a time, from many threads."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.lock = threading.Lock()
        # A torn last line (a crash mid-write) must not swallow the next answer.
        if path is not None and path.exists() and path.stat().st_size:
            with path.open("rb") as handle:
                handle.seek(-1, 2)
                torn = handle.read(1) != b"\n"
            if torn:
                with path.open("a", encoding="utf-8") as handle:
                    handle.write("\n")

    def write(self, answer: Answer) -> None:
        if self.path is None:
            return
        line = json.dumps(answer.model_dump(), ensure_ascii=False) + "\n"
        with self.lock, self.path.open("a", encoding="utf-8") as handle:
            handle.write(line)


def answer_queries(
    strategy: str,
    contexts: list[QueryContext],
    client: LLMClient,
    *,
    results: Path | None = None,
    concurrency: int = 4,
    on_answer: Callable[[], None] | None = None,
    retry_base_delay: float = 1.0,
) -> dict[tuple[str, int], str]:
    """Answer every query not yet in `results`; return every answer keyed by query."""
    done = load_answers(results)
    appender = _Appender(results)
    answers: dict[tuple[str, int], str] = {}
    todo: list[QueryContext] = []
    for qc in contexts:
        previous = done.get((strategy, client.model, *qc.key))
        if previous is None:
            todo.append(qc)
        else:
            answers[qc.key] = previous.response
            if on_answer is not None:
                on_answer()

    def work(qc: QueryContext) -> tuple[tuple[str, int], str]:
        prompt = build_prompt(qc.context, qc.query.prompt)
        text = with_retries(
            lambda: client.complete(SYSTEM_PROMPT, prompt), base_delay=retry_base_delay
        )
        timeline_id, index = qc.key
        appender.write(
            Answer(
                strategy=strategy,
                model=client.model,
                timeline_id=timeline_id,
                query_index=index,
                response=text,
            )
        )
        if on_answer is not None:
            on_answer()
        return qc.key, text

    pool = ThreadPoolExecutor(max_workers=max(1, concurrency))
    try:
        for key, text in pool.map(work, todo):
            answers[key] = text
    except BaseException:
        # A failed call or Ctrl-C stops the run: queued calls are dropped, not made.
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown()
    return answers


def score_answers(
    contexts: list[QueryContext], answers: dict[tuple[str, int], str]
) -> ResponseReport:
    return response_report([score_response(qc.query, qc.track, answers[qc.key]) for qc in contexts])
