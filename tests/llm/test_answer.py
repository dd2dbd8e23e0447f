from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from loopback import Provider

from statekeeper.bench.answer import SEPARATOR, SYSTEM_PROMPT, answer_queries, load_answers
from statekeeper.bench.dataset import load
from statekeeper.bench.run import run_strategy
from statekeeper.cli import main
from statekeeper.llm.base import LLMError
from statekeeper.llm.openai import OpenAIClient

NOW = "2026-05-04T10:00:00"


def _timeline(
    tid: str, track: str, facts: list[tuple[str, str]], events: list[dict[str, Any]]
) -> dict[str, Any]:
    return {
        "id": tid,
        "domain": "library",
        "track": track,
        "initial_state": {
            "identity_role": {"user_name": "Iris", "authority": "Coordinator"},
            "persistent_facts": [{"id": f"F-{k}", "key": k, "value": v} for k, v in facts],
            "working_set": [],
            "environment": {"now": NOW},
        },
        "events": events,
    }


def _query(prompt: str, decision: str, mm: list[str], mnm: list[str]) -> dict[str, Any]:
    return {
        "ts": NOW,
        "type": "query",
        "prompt": prompt,
        "ground_truth": {"decision": decision, "must_mention": mm, "must_not_mention": mnm},
    }


TIMELINES = [
    _timeline(
        "L-1",
        "supersession",
        [("club_meeting", "Book club meets Wednesday at 6pm")],
        [
            {
                "ts": NOW,
                "type": "supersession",
                "writes": [
                    {
                        "id": "W-AUTO",
                        "layer": "persistent_facts",
                        "key": "club_meeting_moved",
                        "value": "Book club moved to Thursday at 7pm",
                        "supersedes": "club_meeting",
                    }
                ],
            },
            _query(
                "When does the book club meet?",
                "Thursday at 7pm",
                ["Thursday", "7pm"],
                ["Wednesday"],
            ),
        ],
    ),
    _timeline(
        "L-2",
        "scope_permission",
        [],
        [
            {
                "ts": NOW,
                "type": "conversation_turn",
                "speaker": "user",
                "text": "Private: patient Rowe's diagnosis is hypertension",
            },
            _query("Can I share Rowe's file with the front desk?", "no", [], ["hypertension"]),
        ],
    ),
]


@pytest.fixture
def data(tmp_path: Path) -> Path:
    path = tmp_path / "lib.jsonl"
    path.write_text("".join(json.dumps(t) + "\n" for t in TIMELINES))
    return path


def test_answers_are_retried_recorded_and_resumed(
    provider: Provider, data: Path, tmp_path: Path
) -> None:
    contexts = run_strategy("transcript_replay", load(data).records).contexts
    client = OpenAIClient("echo", base_url=provider.openai_url)
    results = tmp_path / "answers.jsonl"
    provider.fail_with = [429]
    answers = answer_queries(
        "transcript_replay", contexts, client, results=results, concurrency=2, retry_base_delay=0.01
    )
    assert len(provider.requests) == 3  # one 429, then both queries
    assert set(answers) == {("L-1", 0), ("L-2", 0)}
    sent = {r["messages"][1]["content"] for r in provider.requests}
    expected = f"{contexts[0].context}\n{SEPARATOR}\nUser question: When does the book club meet?"
    assert expected in sent
    assert provider.requests[0]["messages"][0] == {"role": "system", "content": SYSTEM_PROMPT}
    assert len(load_answers(results)) == 2

    # A rerun asks nothing.
    again = answer_queries("transcript_replay", contexts, client, results=results)
    assert again == answers and len(provider.requests) == 3

    # A lost answer and a torn last line: only the lost one is asked again.
    lines = results.read_text().splitlines()
    results.write_text(lines[0] + "\n" + '{"strategy": "transcript_re')
    answer_queries("transcript_replay", contexts, client, results=results)
    assert len(provider.requests) == 4
    assert len(load_answers(results)) == 2


def test_answers_are_kept_per_strategy_and_model(
    provider: Provider, data: Path, tmp_path: Path
) -> None:
    records = load(data).records
    results = tmp_path / "answers.jsonl"
    client = OpenAIClient("echo", base_url=provider.openai_url)
    answer_queries(
        "no_memory", run_strategy("no_memory", records).contexts, client, results=results
    )
    answer_queries(
        "latest_wins", run_strategy("latest_wins", records).contexts, client, results=results
    )
    other = OpenAIClient("echo-2", base_url=provider.openai_url)
    answer_queries(
        "latest_wins", run_strategy("latest_wins", records).contexts, other, results=results
    )
    assert len(provider.requests) == 6


def _cli(data: Path, tmp_path: Path, spec: str, url: str) -> dict[str, Any]:
    out = tmp_path / "m.json"
    result = CliRunner().invoke(
        main,
        [
            "bench",
            "statebench",
            "--data",
            str(data),
            "--strategy",
            "transcript_replay",
            "--strategy",
            "no_memory",
            "--answer-with",
            spec,
            "--base-url",
            url,
            "--results",
            str(tmp_path / "answers.jsonl"),
            "--concurrency",
            "3",
            "--json",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "Response level" in result.output
    parsed: dict[str, Any] = json.loads(out.read_text())
    return parsed


def test_cli_scores_a_models_answers_end_to_end(
    provider: Provider, data: Path, tmp_path: Path
) -> None:
    # The server answers by repeating the context, so the response metrics follow from it.
    provider.fail_with = [429]
    report = _cli(data, tmp_path, "openai:echo", provider.openai_url)
    replay = report["transcript_replay"]["response"]
    assert replay["decision_accuracy"] == 0.5  # the time is there; no yes/no is stated
    assert replay["must_mention"] == 1.0
    assert replay["mnm_violation_rate"] == 1.0
    assert replay["sfrr"] == 1.0
    assert replay["leakage"] == 1.0
    blank = report["no_memory"]["response"]
    assert (blank["decision_accuracy"], blank["must_mention"]) == (0.0, 0.0)
    assert (blank["sfrr"], blank["leakage"]) == (0.0, 0.0)
    assert len(provider.requests) == 5

    # The same command again reads every answer from the results file.
    again = _cli(data, tmp_path, "openai:echo", provider.openai_url)
    assert len(provider.requests) == 5
    for name in ("transcript_replay", "no_memory"):
        assert again[name]["response"] == report[name]["response"]


def test_cli_answers_with_anthropic(provider: Provider, data: Path, tmp_path: Path) -> None:
    report = _cli(data, tmp_path, "anthropic:echo", provider.anthropic_url)
    assert report["transcript_replay"]["response"]["sfrr"] == 1.0
    assert {r["path"] for r in provider.requests} == {"/v1/messages"}


def test_cli_reports_a_failing_provider_cleanly(
    provider: Provider, data: Path, tmp_path: Path
) -> None:
    provider.fail_with = [401] * 10
    result = CliRunner().invoke(
        main,
        [
            "bench",
            "statebench",
            "--data",
            str(data),
            "--strategy",
            "no_memory",
            "--answer-with",
            "openai:echo",
            "--base-url",
            provider.openai_url,
        ],
    )
    assert result.exit_code == 1
    assert "model call failed: openai 401" in result.output


def test_a_failed_call_stops_the_queued_ones(provider: Provider, tmp_path: Path) -> None:
    many = [
        _timeline(f"M-{i}", "supersession", [("k", f"value {i}")], [_query("q?", "yes", [], [])])
        for i in range(30)
    ]
    path = tmp_path / "many.jsonl"
    path.write_text("".join(json.dumps(t) + "\n" for t in many))
    contexts = run_strategy("no_memory", load(path).records).contexts
    provider.fail_with = [401] * 30
    with pytest.raises(LLMError):
        answer_queries(
            "no_memory", contexts, OpenAIClient("echo", base_url=provider.openai_url), concurrency=2
        )
    assert len(provider.requests) < 10
