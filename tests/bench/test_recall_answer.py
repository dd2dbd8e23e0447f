"""--answer-with: a model answers from each context; replies are scored and kept for reruns."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner
from recall_samples import locomo_sample, write_json

from statekeeper.bench.conversations import load_locomo
from statekeeper.bench.recall import figures, run
from statekeeper.bench.recall_answer import answer_outcomes
from statekeeper.cli import main
from statekeeper.llm import base


class EchoModel:
    """Answers with the whole prompt: right exactly when the context held the answer."""

    model = "echo-1"

    def __init__(self) -> None:
        self.calls = 0
        self.lock = threading.Lock()

    def complete(self, system: str | None, prompt: str) -> str:
        with self.lock:
            self.calls += 1
        return prompt.split("\n" + "-" * 40 + "\n")[0]


def test_replies_are_scored_like_contexts_and_not_asked_twice(tmp_path: Path) -> None:
    conversations = load_locomo(write_json(tmp_path / "l.json", [locomo_sample()]))
    result = run(conversations, budget=25)
    model, results = EchoModel(), tmp_path / "answers.jsonl"
    answered = answer_outcomes(result.outcomes, model, results=results, concurrency=2)
    assert model.calls == 9
    assert [o.correct for o in answered] == [o.found for o in answered]
    for method in ("bm25", "last_n"):
        mine = figures(o for o in answered if o.method == method)
        assert (mine.answered, mine.correct) == (3, mine.found)
    again = EchoModel()
    assert [o.reply for o in answer_outcomes(result.outcomes, again, results=results)] == [
        o.reply for o in answered
    ]
    assert again.calls == 0
    assert len(results.read_text().splitlines()) == 9


def test_the_command_reports_answer_accuracy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    model = EchoModel()
    monkeypatch.setattr(base, "client_from_spec", lambda spec, base_url=None: model)
    data = write_json(tmp_path / "l.json", [locomo_sample()])
    figures_out = tmp_path / "f.json"
    result = CliRunner().invoke(
        main,
        [
            "bench",
            "locomo",
            "--data",
            str(data),
            "--budget",
            "25",
            "--answer-with",
            "openai:echo-1",
            "--json",
            str(figures_out),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "answer accuracy" in result.output
    methods = json.loads(figures_out.read_text())["methods"]
    assert methods["bm25"]["answered"] == methods["last_n"]["answered"] == 3
    assert methods["bm25"]["correct"] == methods["bm25"]["found"] == 3
    assert methods["last_n"]["correct"] == methods["last_n"]["found"] == 0
