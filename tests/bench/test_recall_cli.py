"""`bench locomo` and `bench longmemeval` end to end through the command line."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from click.testing import CliRunner
from recall_samples import locomo_sample, longmemeval_instance, write_json

from statekeeper.cli import main

METHODS = ["statekeeper", "bm25", "last_n"]


def test_locomo_compares_three_methods_and_writes_figures_and_details(tmp_path: Path) -> None:
    data = write_json(tmp_path / "locomo.json", [locomo_sample()])
    figures, details = tmp_path / "f.json", tmp_path / "d.jsonl"
    result = CliRunner().invoke(
        main,
        [
            "bench",
            "locomo",
            "--data",
            str(data),
            "--budget",
            "25",
            "--json",
            str(figures),
            "--details",
            str(details),
        ],
    )
    assert result.exit_code == 0, result.output
    for text in (*METHODS, "4 single-hop", "2 temporal", "overall", "1 conversations, 3 questions"):
        assert text in result.output
    written = json.loads(figures.read_text())
    assert written["budget"] == 25
    assert list(written["methods"]) == METHODS
    assert written["methods"]["bm25"]["per_category"]["4"]["found"] == 2
    assert written["methods"]["last_n"]["per_category"]["4"]["found"] == 0
    lines = [json.loads(line) for line in details.read_text().splitlines()]
    assert len(lines) == 9
    planted = next(d for d in lines if d["method"] == "bm25" and d["answer"] == "Pepperoni")
    assert planted["found"] is True
    assert "Pepperoni" in planted["context"]
    assert planted["category"] == "4"
    assert planted["tokens"] <= 25


def test_category_filter_keeps_only_those_questions(tmp_path: Path) -> None:
    data = write_json(tmp_path / "locomo.json", [locomo_sample()])
    figures = tmp_path / "f.json"
    result = CliRunner().invoke(
        main,
        ["bench", "locomo", "--data", str(data), "--category", "2", "--json", str(figures)],
    )
    assert result.exit_code == 0, result.output
    per = json.loads(figures.read_text())["methods"]["last_n"]["per_category"]
    assert list(per) == ["2"]
    assert per["2"]["questions"] == 1


def test_longmemeval_reports_the_superseded_share(tmp_path: Path) -> None:
    data = write_json(
        tmp_path / "lme.json", [longmemeval_instance(), longmemeval_instance("ku-demo-1_abs")]
    )
    figures = tmp_path / "f.json"
    result = CliRunner().invoke(
        main, ["bench", "longmemeval", "--data", str(data), "--json", str(figures)]
    )
    assert result.exit_code == 0, result.output
    assert "shows superseded" in result.output
    assert "knowledge-update" in result.output and "abstention" in result.output
    assert "2 instances, 2 questions" in result.output
    last_n = json.loads(figures.read_text())["methods"]["last_n"]
    assert last_n["superseded_counted"] == 1
    assert last_n["superseded_shown"] == 1
    assert last_n["per_category"]["knowledge-update"]["found"] == 1


def test_plot_writes_a_png(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    data = write_json(tmp_path / "locomo.json", [locomo_sample()])
    png = tmp_path / "bars.png"
    result = CliRunner().invoke(main, ["bench", "locomo", "--data", str(data), "--plot", str(png)])
    assert result.exit_code == 0, result.output
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("command", "content", "message"),
    [
        ("locomo", None, "no such file"),
        ("locomo", "[{]", "not valid JSON"),
        ("longmemeval", '{"question_id": "a"}', "expected a JSON list"),
        ("longmemeval", '[{"question_id": "a"}]', "missing 'question_type'"),
        ("locomo", '[{"sample_id": "s", "conversation": {}, "qa": []}]', "no session has any turn"),
    ],
)
def test_bad_input_is_one_clear_line_and_a_failure(
    tmp_path: Path, command: str, content: str | None, message: str
) -> None:
    path = tmp_path / "data.json"
    if content is not None:
        path.write_text(content)
    result = CliRunner().invoke(main, ["bench", command, "--data", str(path)])
    assert result.exit_code == 1
    assert result.output.startswith("Error: ")
    assert message in result.output
    assert result.output.count("\n") == 1
    assert "Traceback" not in result.output


def test_a_category_with_no_questions_is_an_error(tmp_path: Path) -> None:
    data = write_json(tmp_path / "locomo.json", [locomo_sample()])
    result = CliRunner().invoke(main, ["bench", "locomo", "--data", str(data), "--category", "9"])
    assert result.exit_code == 1
    assert "no questions in categories 9" in result.output


def test_a_store_url_replays_into_organizations_of_their_own(tmp_path: Path) -> None:
    data = write_json(tmp_path / "locomo.json", [locomo_sample()])
    runs = {}
    for name, extra in (("temporary", []), ("url", ["--url", f"sqlite:///{tmp_path}/s.db"])):
        figures = tmp_path / f"{name}.json"
        result = CliRunner().invoke(
            main, ["bench", "locomo", "--data", str(data), "--json", str(figures), *extra]
        )
        assert result.exit_code == 0, result.output
        per = json.loads(figures.read_text())["methods"]["statekeeper"]["per_category"]
        runs[name] = {category: figure["found"] for category, figure in per.items()}
    assert runs["url"] == runs["temporary"] == {"2": 1, "4": 2}
    with closing(sqlite3.connect(tmp_path / "s.db")) as raw:  # its user was erased after
        assert raw.execute("SELECT count(*) FROM transcript").fetchone() == (0,)
        assert raw.execute("SELECT count(*) FROM erasures").fetchone() == (1,)


def test_an_embedder_needs_a_store_url_and_dimensions(tmp_path: Path) -> None:
    data = write_json(tmp_path / "locomo.json", [locomo_sample()])
    result = CliRunner().invoke(
        main, ["bench", "locomo", "--data", str(data), "--embed-with", "some-model"]
    )
    assert result.exit_code == 2
    assert "--embed-with needs --url and --embed-dimensions" in result.output
