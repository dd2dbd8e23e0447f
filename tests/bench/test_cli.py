from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from statekeeper.cli import main

REFS = ["--strategy", "transcript_replay", "--strategy", "latest_wins", "--strategy", "no_memory"]
KEYS = {"mm_recall", "mnm_exp", "tokens_mean", "tokens_p95", "ms_per_query", "per_track"}


def test_compares_strategies_side_by_side_and_writes_json(
    sample_file: Path, tmp_path: Path
) -> None:
    out = tmp_path / "m.json"
    result = CliRunner().invoke(
        main, ["bench", "statebench", "--data", str(sample_file), *REFS, "--json", str(out)]
    )
    assert result.exit_code == 0, result.output
    for text in (
        "transcript_replay",
        "latest_wins",
        "no_memory",
        "scope_leak",
        "overall",
        "75.0% / 40.0%",
        "4 timelines, 5 queries",
    ):
        assert text in result.output
    data = json.loads(out.read_text())
    assert list(data) == ["transcript_replay", "latest_wins", "no_memory"]
    for metrics in data.values():
        assert KEYS <= set(metrics)
        assert set(metrics["per_track"]) == {
            "environmental_freshness",
            "interruption_resumption",
            "scope_leak",
            "supersession",
        }
    assert data["latest_wins"]["mm_recall"] == 0.75
    assert data["latest_wins"]["per_track"]["scope_leak"]["mnm_exp"] == 0.5


def test_details_name_what_each_query_missed_or_exposed(sample_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "details.jsonl"
    result = CliRunner().invoke(
        main,
        [
            "bench",
            "statebench",
            "--data",
            str(sample_file),
            "--strategy",
            "latest_wins",
            "--details",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(lines) == 5
    by_id = {(d["timeline_id"], d["query_index"]): d for d in lines}
    assert by_id[("T-VET-1", 0)]["exposed"] == ["Friday", "9am"]
    assert by_id[("T-RELEASE-1", 0)]["missing"] == ["index rebuild", "orders table"]
    assert by_id[("T-KITCHEN-1", 0)] | {"context": ""} == {
        "strategy": "latest_wins",
        "timeline_id": "T-KITCHEN-1",
        "track": "environmental_freshness",
        "query_index": 0,
        "prompt": "Can we store the halibut delivery in the walk-in?",
        "missing": [],
        "exposed": [],
        "tokens": by_id[("T-KITCHEN-1", 0)]["tokens"],
        "context": "",
    }


def test_default_strategy_is_statekeeper(sample_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "m.json"
    result = CliRunner().invoke(
        main, ["bench", "statebench", "--data", str(sample_file), "--json", str(out)]
    )
    if importlib.util.find_spec("statekeeper.integrations") is None:
        assert result.exit_code != 0
        assert "statekeeper.integrations.statebench:StateKeeperStrategy" in result.output
    else:
        assert result.exit_code == 0, result.output
        assert list(json.loads(out.read_text())) == ["statekeeper"]


def test_limit_replays_the_first_timelines(sample_file: Path) -> None:
    result = CliRunner().invoke(
        main,
        [
            "bench",
            "statebench",
            "--data",
            str(sample_file),
            "--strategy",
            "no_memory",
            "--limit",
            "1",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "1 timelines, 1 queries" in result.output


def _with_bad_line(tmp_path: Path, sample_file: Path) -> Path:
    lines = sample_file.read_text().splitlines()
    lines.insert(1, '{"id": "broken", "track": "supersession", "events": []}')
    path = tmp_path / "mixed.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_bad_lines_are_skipped_with_a_warning(sample_file: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(
        main,
        [
            "bench",
            "statebench",
            "--data",
            str(_with_bad_line(tmp_path, sample_file)),
            "--strategy",
            "no_memory",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "mixed.jsonl:2: field initial_state: Field required" in result.output
    assert "4 timelines, 5 queries" in result.output


def test_strict_makes_a_bad_line_fatal(sample_file: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(
        main,
        [
            "bench",
            "statebench",
            "--data",
            str(_with_bad_line(tmp_path, sample_file)),
            "--strategy",
            "no_memory",
            "--strict",
        ],
    )
    assert result.exit_code == 1
    assert "mixed.jsonl:2: field initial_state" in result.output


def test_unknown_strategy_and_missing_data_are_clean_errors(
    sample_file: Path, tmp_path: Path
) -> None:
    result = CliRunner().invoke(
        main, ["bench", "statebench", "--data", str(sample_file), "--strategy", "magic"]
    )
    assert result.exit_code == 1 and "unknown strategy 'magic'" in result.output
    result = CliRunner().invoke(
        main,
        ["bench", "statebench", "--data", str(tmp_path / "none.jsonl"), "--strategy", "no_memory"],
    )
    assert result.exit_code == 1 and "no such file" in result.output


def test_installed_command_writes_json_and_png(sample_file: Path, tmp_path: Path) -> None:
    command = Path(sys.executable).parent / "statekeeper"
    out, png = tmp_path / "m.json", tmp_path / "m.png"
    done = subprocess.run(
        [
            str(command),
            "bench",
            "statebench",
            "--data",
            str(sample_file),
            *REFS,
            "--json",
            str(out),
            "--plot",
            str(png),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "transcript_replay" in done.stdout
    assert set(json.loads(out.read_text())) == {"transcript_replay", "latest_wins", "no_memory"}
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert png.stat().st_size > 20_000
