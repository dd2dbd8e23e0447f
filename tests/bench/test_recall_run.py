"""The replay and the figures: clock, budget, answer-in-context, superseded share."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from recall_samples import locomo_sample, longmemeval_instance, write_json

from statekeeper.bench import recall
from statekeeper.bench.conversations import Question, load_locomo, load_longmemeval
from statekeeper.bench.recall import OVERALL, Outcome, contains, figures, run, summary
from statekeeper.engine import Session


def test_the_engine_clock_follows_the_replay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (conversation,) = load_locomo(write_json(tmp_path / "l.json", [locomo_sample()]))
    seen: list[tuple[str, datetime, datetime | None]] = []
    observe, context = Session.observe, Session.context

    def observing(self: Session, speaker: str, text: str, **kw: Any) -> Any:
        seen.append(("observe", self.engine.now().replace(tzinfo=None), kw["timestamp"]))
        return observe(self, speaker, text, **kw)

    def asking(self: Session, query: str, **kw: Any) -> Any:
        seen.append(("context", self.engine.now().replace(tzinfo=None), None))
        return context(self, query, **kw)

    monkeypatch.setattr(Session, "observe", observing)
    monkeypatch.setattr(Session, "context", asking)
    contexts, _ = recall.statekeeper_contexts(conversation, 2000)
    assert len(contexts) == len(conversation.questions) == 3
    observed = [(now, stamp) for kind, now, stamp in seen if kind == "observe"]
    assert observed == [(t.timestamp, t.timestamp) for t in conversation.turns]
    asked = [now for kind, now, _ in seen if kind == "context"]
    assert asked == [q.asked_at for q in conversation.questions]


def test_every_method_answers_every_question_within_the_budget(tmp_path: Path) -> None:
    conversations = load_locomo(write_json(tmp_path / "l.json", [locomo_sample()]))
    done: list[str] = []
    result = run(conversations, budget=200, on_conversation=lambda c: done.append(c.id))
    assert done == ["demo-1"]
    assert result.methods == ["statekeeper", "bm25", "last_n"]
    for method in result.methods:
        mine = result.by_method(method)
        assert [o.question.index for o in mine] == [0, 1, 2]
        assert all(0 <= o.tokens <= 200 for o in mine)
    # the whole conversation fits: both baselines hold every answer
    assert all(o.found for o in result.by_method("bm25"))
    assert all(o.found for o in result.by_method("last_n"))


def test_a_tight_budget_separates_bm25_from_last_n(tmp_path: Path) -> None:
    conversations = load_locomo(write_json(tmp_path / "l.json", [locomo_sample()]))
    result = run(conversations, budget=25)
    table = summary(result)
    assert table["bm25"]["4"].found == 2  # Pepperoni and Kilnworks, ranked first
    assert table["last_n"]["4"].found == 0  # the newest turns speak of neither
    assert table["last_n"][OVERALL].questions == 3


def test_knowledge_update_share_counts_contexts_showing_the_old_value(tmp_path: Path) -> None:
    conversations = load_longmemeval(write_json(tmp_path / "m.json", [longmemeval_instance()]))
    result = run(conversations, budget=500)
    last = figures(result.by_method("last_n"))
    assert (last.superseded_counted, last.superseded_shown) == (1, 1)
    assert last.superseded_share == 1.0
    assert last.found == 1


def _question(answer: str, superseded: tuple[str, ...] = ()) -> Question:
    return Question(
        id="q",
        index=0,
        text="?",
        answer=answer,
        category="c",
        asked_at=datetime(2024, 1, 1),
        superseded=superseded,
    )


def test_figures_average_and_count_only_questions_with_candidates() -> None:
    outcomes = [
        Outcome("m", "x", _question("Blue Heron", ("$40",)), "we met at the blue heron", 10, 0.002),
        Outcome("m", "x", _question("7"), "nothing here", 30, 0.004),
        Outcome("m", "x", _question("$55", ("$40",)), "now $55, was $40", 20, 0.003, reply="$55"),
    ]
    f = figures(outcomes)
    assert (f.questions, f.found) == (3, 2)
    assert f.tokens_mean == 20
    assert f.ms_mean == pytest.approx(3.0)
    assert (f.superseded_counted, f.superseded_shown) == (2, 1)
    assert (f.answered, f.correct, f.accuracy) == (1, 1, 1.0)


def test_answer_in_context_is_verbatim_and_case_insensitive() -> None:
    assert contains("They Adopted PEPPERONI.", "pepperoni")
    assert not contains("They adopted pepper oni.", "pepperoni")
