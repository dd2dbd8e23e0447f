"""Recall over long conversations: replay each one, build every method's context for every
question at the same budget, and score the contexts.

A question counts as found when its gold answer, verbatim and case-insensitive, appears in
the context text (answer-in-context): whether the context gave a model what it needed, not
whether a model would answer well. It is strict, and the same for every method.

The statekeeper method gets a fresh engine on a new SQLite file in a temporary directory per
conversation, so nothing leaks from one to the next; or, given a store's URL (PostgreSQL,
with an embedder if one is given), an organization of its own there per conversation, whose
user is erased once the questions are asked. Every turn is observed in order with the
engine's clock at the turn's stamp, then each question is asked with the clock at the
question's time. Only the `context` call is timed: the replay is reported apart.
"""

from __future__ import annotations

import tempfile
import time
import uuid
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from functools import partial
from pathlib import Path

from statekeeper import Engine, Principal
from statekeeper.bench.baselines import Bm25, Transcript, last_n
from statekeeper.bench.conversations import Conversation, Question
from statekeeper.bench.superseded import shows_superseded
from statekeeper.bench.tokens import count_tokens
from statekeeper.embedding import Embedder

METHODS: tuple[str, ...] = ("statekeeper", "bm25", "last_n")
OVERALL = "overall"
DEFAULT_BUDGET = 8000


@dataclass(frozen=True)
class Outcome:
    """One method's context for one question, and how it scored."""

    method: str
    conversation: str
    question: Question
    context: str
    tokens: int
    seconds: float
    reply: str | None = None  # a model's answer from the context, with --answer-with

    @property
    def found(self) -> bool:
        return contains(self.context, self.question.answer)

    @property
    def superseded(self) -> bool | None:
        """Whether the context shows a value the answer replaced (None: none to look for)."""
        return shows_superseded(self.context, self.question.superseded)

    @property
    def correct(self) -> bool | None:
        return None if self.reply is None else contains(self.reply, self.question.answer)

    def record(self) -> dict[str, object]:
        """One line of the details file."""
        return {
            "method": self.method,
            "conversation": self.conversation,
            "question_id": self.question.id,
            "question": self.question.text,
            "answer": self.question.answer,
            "category": self.question.category,
            "found": self.found,
            "tokens": self.tokens,
            "ms": round(1000 * self.seconds, 3),
            "superseded_shown": self.superseded,
            "reply": self.reply,
            "correct": self.correct,
            "context": self.context,
        }


def contains(text: str, answer: str) -> bool:
    """The answer, verbatim and case-insensitive, somewhere in the text."""
    return answer.casefold() in text.casefold()


class _Clock:
    """The engine's clock, moved by the replay."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


@dataclass(frozen=True)
class Target:
    """Where statekeeper's side of a run is replayed: a temporary SQLite file per
    conversation, or a store's URL, with an embedder or without."""

    url: str | None = None
    embedder: Embedder | None = None


@contextmanager
def _engine(target: Target, clock: _Clock) -> Iterator[Engine]:
    if target.url is None:
        with tempfile.TemporaryDirectory(prefix="statekeeper-bench-") as tmp:
            with Engine.open(Path(tmp) / "state.db", clock=clock) as engine:
                yield engine
    else:
        with Engine.open(target.url, clock=clock, embedder=target.embedder) as engine:
            yield engine


def statekeeper_contexts(
    conversation: Conversation, budget: int, target: Target = Target()
) -> tuple[list[tuple[str, float]], float]:
    """Each question's context text and seconds, and the seconds the replay took."""
    first = conversation.turns[0].timestamp if conversation.turns else datetime(2000, 1, 1)
    clock = _Clock(first)
    org = "bench" if target.url is None else f"bench-{uuid.uuid4().hex[:12]}"
    principal = Principal(org=org, user=conversation.id, authority="peer")
    answers: list[tuple[str, float]] = []
    with _engine(target, clock) as engine:
        session = engine.session(principal)
        started = time.perf_counter()
        for turn in conversation.turns:
            clock.now = turn.timestamp
            session.observe(
                turn.speaker, turn.text, timestamp=turn.timestamp, assistant=turn.assistant
            )
        replay = time.perf_counter() - started
        for question in conversation.questions:
            clock.now = question.asked_at
            started = time.perf_counter()
            text = session.context(question.text, budget=budget).text
            answers.append((text, time.perf_counter() - started))
        if target.url is not None:
            engine.erase_user(org, conversation.id)
    return answers, replay


def baseline_contexts(
    conversation: Conversation, budget: int
) -> tuple[dict[str, list[tuple[str, float]]], float]:
    """bm25's and last_n's contexts per question; the seconds spent indexing, apart."""
    started = time.perf_counter()
    transcript = Transcript([t.line for t in conversation.turns])
    bm25 = Bm25(transcript)
    indexing = time.perf_counter() - started
    out: dict[str, list[tuple[str, float]]] = {"bm25": [], "last_n": []}
    for question in conversation.questions:
        out["bm25"].append(_timed(partial(bm25.context, question.text, budget)))
        out["last_n"].append(_timed(partial(last_n, transcript, budget)))
    return out, indexing


def _timed(build: Callable[[], str]) -> tuple[str, float]:
    started = time.perf_counter()
    text = build()
    return text, time.perf_counter() - started


@dataclass
class RecallRun:
    """Every outcome of a run, and the replay (or indexing) seconds per method."""

    budget: int
    outcomes: list[Outcome] = field(default_factory=list)
    replay_seconds: dict[str, float] = field(default_factory=dict)

    def by_method(self, method: str) -> list[Outcome]:
        return [o for o in self.outcomes if o.method == method]

    @property
    def methods(self) -> list[str]:
        return list(dict.fromkeys(o.method for o in self.outcomes))


def run(
    conversations: Sequence[Conversation],
    budget: int = DEFAULT_BUDGET,
    on_conversation: Callable[[Conversation], None] | None = None,
    target: Target = Target(),
) -> RecallRun:
    """Every method over every conversation, in the order of `METHODS`."""
    result = RecallRun(budget=budget, replay_seconds=dict.fromkeys(METHODS, 0.0))
    per_method: dict[str, list[Outcome]] = {m: [] for m in METHODS}
    for conversation in conversations:
        contexts, replay = statekeeper_contexts(conversation, budget, target)
        result.replay_seconds["statekeeper"] += replay
        baselines, indexing = baseline_contexts(conversation, budget)
        result.replay_seconds["bm25"] += indexing
        for method, found in (("statekeeper", contexts), *baselines.items()):
            per_method[method] += [
                Outcome(method, conversation.id, q, text, count_tokens(text), seconds)
                for q, (text, seconds) in zip(conversation.questions, found, strict=True)
            ]
        if on_conversation is not None:
            on_conversation(conversation)
    result.outcomes = [o for m in METHODS for o in per_method[m]]
    return result


# -- figures -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Figures:
    """One method's numbers over a set of questions."""

    questions: int
    found: int
    tokens_mean: float
    ms_mean: float
    answered: int  # questions a model answered (0 without --answer-with)
    correct: int
    superseded_counted: int  # questions with superseded candidates
    superseded_shown: int

    @property
    def found_share(self) -> float | None:
        return self.found / self.questions if self.questions else None

    @property
    def accuracy(self) -> float | None:
        return self.correct / self.answered if self.answered else None

    @property
    def superseded_share(self) -> float | None:
        return self.superseded_shown / self.superseded_counted if self.superseded_counted else None

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "questions": self.questions,
            "found": self.found,
            "answer_in_context": self.found_share,
            "tokens_mean": round(self.tokens_mean, 1),
            "ms_mean": round(self.ms_mean, 3),
        }
        if self.answered:
            out |= {"answered": self.answered, "correct": self.correct, "accuracy": self.accuracy}
        if self.superseded_counted:
            out |= {
                "superseded_counted": self.superseded_counted,
                "superseded_shown": self.superseded_shown,
                "superseded_share": self.superseded_share,
            }
        return out


def figures(outcomes: Iterable[Outcome]) -> Figures:
    found = list(outcomes)
    n = len(found)
    shown = [o.superseded for o in found if o.superseded is not None]
    correct = [o.correct for o in found if o.correct is not None]
    return Figures(
        questions=n,
        found=sum(o.found for o in found),
        tokens_mean=sum(o.tokens for o in found) / n if n else 0.0,
        ms_mean=1000 * sum(o.seconds for o in found) / n if n else 0.0,
        answered=len(correct),
        correct=sum(correct),
        superseded_counted=len(shown),
        superseded_shown=sum(shown),
    )


def categories(outcomes: Iterable[Outcome]) -> list[str]:
    """The categories present, numbers in numeric order, then names alphabetically."""
    names = {o.question.category for o in outcomes}
    return sorted(names, key=lambda c: (not c.isdigit(), int(c) if c.isdigit() else 0, c))


def summary(run: RecallRun) -> dict[str, dict[str, Figures]]:
    """Per method: the figures of each category and `OVERALL`."""
    out: dict[str, dict[str, Figures]] = {}
    for method in run.methods:
        mine = run.by_method(method)
        table = {c: figures(o for o in mine if o.question.category == c) for c in categories(mine)}
        table[OVERALL] = figures(mine)
        out[method] = table
    return out


def to_json(run: RecallRun) -> dict[str, object]:
    """The figures by method: overall at the top, each category under `per_category`."""
    out: dict[str, object] = {}
    for method, table in summary(run).items():
        overall = table[OVERALL].to_json()
        overall["replay_seconds"] = round(run.replay_seconds.get(method, 0.0), 3)
        overall["per_category"] = {c: f.to_json() for c, f in table.items() if c != OVERALL}
        out[method] = overall
    return {"budget": run.budget, "methods": out}
