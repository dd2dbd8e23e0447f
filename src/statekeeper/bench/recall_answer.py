"""A model answers each question from each method's context (`--answer-with`).

Answer-in-context says a context held the answer; this says whether a model found it there.
The reply is scored by the same check (the gold answer verbatim in the reply), so the two
figures compare. The calls, the retries and the results file that lets a rerun skip what was
already answered are `bench.answer`'s, keyed by method, model, conversation and question.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path

from statekeeper.bench.answer import Answer, _Appender, build_prompt, load_answers
from statekeeper.bench.recall import Outcome
from statekeeper.llm.base import LLMClient, with_retries

SYSTEM_PROMPT = (
    "You are given excerpts of a long conversation and a question about it. Answer from the "
    "excerpts only, as briefly as you can, in the conversation's own words. If they do not "
    "hold the answer, say so."
)


def answer_outcomes(
    outcomes: Sequence[Outcome],
    client: LLMClient,
    *,
    results: Path | None = None,
    concurrency: int = 4,
    on_answer: Callable[[], None] | None = None,
    retry_base_delay: float = 1.0,
) -> list[Outcome]:
    """The outcomes with the model's reply to each; answers in `results` are not asked again."""
    done = load_answers(results)
    appender = _Appender(results)

    def key(o: Outcome) -> tuple[str, str, str, int]:
        return (o.method, client.model, o.conversation, o.question.index)

    def work(outcome: Outcome) -> Outcome:
        previous = done.get(key(outcome))
        if previous is not None:
            text = previous.response
        else:
            prompt = build_prompt(outcome.context, outcome.question.text)
            text = with_retries(
                lambda: client.complete(SYSTEM_PROMPT, prompt), base_delay=retry_base_delay
            )
            appender.write(
                Answer(
                    strategy=outcome.method,
                    model=client.model,
                    timeline_id=outcome.conversation,
                    query_index=outcome.question.index,
                    response=text,
                )
            )
        if on_answer is not None:
            on_answer()
        return replace(outcome, reply=text)

    pool = ThreadPoolExecutor(max_workers=max(1, concurrency))
    try:
        answered = list(pool.map(work, outcomes))
    except BaseException:
        # A failed call or Ctrl-C stops the run: queued calls are dropped, not made.
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown()
    return answered
