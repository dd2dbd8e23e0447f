from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from sample_timelines import ALL, VET, write_jsonl

from statekeeper.bench.dataset import (
    ConversationTurn,
    DatasetError,
    Query,
    StateWrite,
    Supersession,
    load,
)


def test_loads_every_timeline_with_typed_events(sample_file: Path) -> None:
    dataset = load(sample_file)
    assert not dataset.errors
    assert [r.timeline.id for r in dataset.records] == [t["id"] for t in ALL]
    assert dataset.query_count == 5
    kinds = {type(e) for r in dataset.records for e in r.timeline.events}
    assert kinds == {ConversationTurn, StateWrite, Supersession, Query}
    vet = dataset.records[0]
    assert vet.queries[0].ground_truth.must_mention == ["Tuesday", "2pm"]
    assert vet.timeline.initial_state.identity_role.user_name == "Dana"


def test_records_keep_the_original_dicts(sample_file: Path) -> None:
    record = load(sample_file).records[0]
    assert record.raw == VET
    assert record.line == 1


def test_extra_fields_are_tolerated(tmp_path: Path) -> None:
    timeline = copy.deepcopy(VET)
    timeline["new_top_level"] = {"x": 1}
    timeline["events"][0]["sentiment"] = "annoyed"
    timeline["initial_state"]["environment"]["weather"] = "rain"
    dataset = load(write_jsonl(tmp_path / "x.jsonl", [timeline]), strict=True)
    assert dataset.records[0].raw["events"][0]["sentiment"] == "annoyed"


def _bad_lines(tmp_path: Path) -> Path:
    missing_prompt = copy.deepcopy(VET)
    del missing_prompt["events"][2]["prompt"]
    wrong_type = copy.deepcopy(VET)
    wrong_type["events"][1]["type"] = "telepathy"
    lines = [
        json.dumps(ALL[0]),
        "{not json",
        json.dumps(missing_prompt),
        "",
        json.dumps(wrong_type),
        json.dumps(ALL[1]),
    ]
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_bad_lines_are_reported_with_line_and_field_and_skipped(tmp_path: Path) -> None:
    dataset = load(_bad_lines(tmp_path))
    assert [r.line for r in dataset.records] == [1, 6]
    messages = [str(e) for e in dataset.errors]
    assert any(m.startswith("bad.jsonl:2:") and "not valid JSON" in m for m in messages)
    assert any(m.startswith("bad.jsonl:3:") and "events[2].query.prompt" in m for m in messages)
    assert any(m.startswith("bad.jsonl:5:") and "events[1]" in m for m in messages)


def test_strict_mode_is_fatal_and_names_every_bad_line(tmp_path: Path) -> None:
    with pytest.raises(DatasetError) as info:
        load(_bad_lines(tmp_path), strict=True)
    text = str(info.value)
    assert "bad.jsonl:2:" in text and "bad.jsonl:3:" in text and "bad.jsonl:5:" in text
    assert len(info.value.errors) >= 3


def test_directory_loads_all_jsonl_files_in_name_order(tmp_path: Path) -> None:
    write_jsonl(tmp_path / "b.jsonl", ALL[2:])
    write_jsonl(tmp_path / "a.jsonl", ALL[:2])
    (tmp_path / "notes.txt").write_text("not data")
    dataset = load(tmp_path)
    assert [r.timeline.id for r in dataset.records] == [t["id"] for t in ALL]
    assert [r.source for r in dataset.records] == ["a.jsonl", "a.jsonl", "b.jsonl", "b.jsonl"]


def test_limit_caps_timelines(sample_file: Path) -> None:
    assert len(load(sample_file, limit=2).records) == 2


def test_missing_path_and_empty_directory_are_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="no such file"):
        load(tmp_path / "absent.jsonl")
    with pytest.raises(FileNotFoundError, match=r"no \*\.jsonl"):
        load(tmp_path)
