"""The two loaders: dates, turn order, stamps, questions kept or left out, bad input."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from recall_samples import locomo_sample, longmemeval_instance, write_json

from statekeeper.bench.conversations import (
    ABSTENTION,
    ConversationDataError,
    load_locomo,
    load_longmemeval,
    select,
)
from statekeeper.bench.superseded import shows_superseded, superseded_candidates


def test_locomo_orders_sessions_by_start_and_stamps_a_minute_a_turn(tmp_path: Path) -> None:
    (conversation,) = load_locomo(write_json(tmp_path / "l.json", [locomo_sample()]))
    assert conversation.id == "demo-1"
    assert [t.id for t in conversation.turns] == [
        "D1:1",
        "D1:2",
        "D1:3",
        "D1:4",
        "D2:1",
        "D2:2",
        "D2:3",
    ]
    first = datetime(2024, 2, 14, 9, 30)
    assert [t.timestamp for t in conversation.turns[:4]] == [
        first + timedelta(minutes=i) for i in range(4)
    ]
    assert conversation.turns[4].timestamp == datetime(2024, 3, 3, 16, 5)
    assert conversation.turns[1].line.startswith("Teodor: Nice! My cousin Ilse")
    assert not any(t.assistant for t in conversation.turns)


def test_locomo_adds_a_shared_image_to_its_turn(tmp_path: Path) -> None:
    (conversation,) = load_locomo(write_json(tmp_path / "l.json", [locomo_sample()]))
    glazed = next(t for t in conversation.turns if t.id == "D2:2")
    assert glazed.text.startswith("Ha, look at what I glazed this week.")
    assert "a teal bowl on a wooden shelf" in glazed.text


def test_locomo_questions_skip_missing_answers_and_stringify_numbers(tmp_path: Path) -> None:
    (conversation,) = load_locomo(write_json(tmp_path / "l.json", [locomo_sample()]))
    questions = conversation.questions
    assert [q.index for q in questions] == [0, 1, 2]  # the adversarial one has no answer
    assert [q.category for q in questions] == ["4", "2", "4"]
    assert questions[1].answer == "7"
    assert questions[1].evidence == ("D1:4", "D1:2")
    # asked a day after the last turn
    assert {q.asked_at for q in questions} == {datetime(2024, 3, 3, 16, 7) + timedelta(days=1)}


def test_select_keeps_only_wanted_categories_and_drops_empty_conversations(
    tmp_path: Path,
) -> None:
    loaded = load_locomo(write_json(tmp_path / "l.json", [locomo_sample()]))
    (kept,) = select(loaded, ["2"])
    assert [q.answer for q in kept.questions] == ["7"]
    assert select(loaded, ["3"]) == []
    assert select(loaded, []) == loaded


def test_longmemeval_orders_sessions_and_marks_roles(tmp_path: Path) -> None:
    (conversation,) = load_longmemeval(write_json(tmp_path / "m.json", [longmemeval_instance()]))
    assert [t.session for t in conversation.turns] == ["sess-old"] * 3 + ["sess-new"] * 2
    assert [t.speaker for t in conversation.turns] == [
        "user",
        "assistant",
        "user",
        "user",
        "assistant",
    ]
    assert [t.assistant for t in conversation.turns] == [False, True, False, False, True]
    assert [t.has_answer for t in conversation.turns] == [True, False, False, True, False]
    assert conversation.turns[0].timestamp == datetime(2024, 4, 2, 21, 40)
    assert conversation.turns[2].timestamp == datetime(2024, 4, 2, 21, 42)
    assert conversation.turns[3].timestamp == datetime(2024, 5, 30, 8, 15)
    (question,) = conversation.questions
    assert question.asked_at == datetime(2024, 6, 20, 18, 0)
    assert question.category == "knowledge-update"
    assert question.evidence == ("sess-old", "sess-new")


def test_longmemeval_abstention_has_its_own_category(tmp_path: Path) -> None:
    raw = longmemeval_instance("ku-demo-1_abs")
    (conversation,) = load_longmemeval(write_json(tmp_path / "m.json", [raw]))
    (question,) = conversation.questions
    assert question.category == ABSTENTION
    assert question.superseded == ()


def test_stamps_never_run_back_when_sessions_overlap(tmp_path: Path) -> None:
    raw = longmemeval_instance()
    raw["haystack_dates"] = ["2024/04/02 (Tue) 21:41", "2024/04/02 (Tue) 21:40"]
    (conversation,) = load_longmemeval(write_json(tmp_path / "m.json", [raw]))
    stamps = [t.timestamp for t in conversation.turns]
    assert stamps == sorted(stamps)
    assert len(set(stamps)) == len(stamps)


def test_knowledge_update_finds_the_old_value_only(tmp_path: Path) -> None:
    (conversation,) = load_longmemeval(write_json(tmp_path / "m.json", [longmemeval_instance()]))
    (question,) = conversation.questions
    # the address is in the latest session too, and "12 May" is in no has_answer turn
    assert question.superseded == ("$1,450",)
    assert shows_superseded("rent: $1,450 (2024)", question.superseded) is True
    assert shows_superseded("rent: $1,600; budget $11,450", question.superseded) is False
    assert shows_superseded("anything", ()) is None


def test_a_value_the_answer_restates_is_no_candidate(tmp_path: Path) -> None:
    (conversation,) = load_longmemeval(write_json(tmp_path / "m.json", [longmemeval_instance()]))
    turns = conversation.turns
    assert superseded_candidates(turns, ("sess-old", "sess-new"), "$1450") == ()
    assert superseded_candidates(turns, ("sess-new",), "$1,600") == ()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON"),
        ('{"sample_id": "x"}', "expected a JSON list, got an object"),
        ("[42]", "sample 0: expected an object"),
        ('[{"sample_id": "x", "qa": []}]', "(x): missing 'conversation'"),
    ],
)
def test_malformed_locomo_files_fail_with_the_place(
    tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(ConversationDataError) as raised:
        load_locomo(path)
    assert message in str(raised.value)
    assert "\n" not in str(raised.value)


def _broken(change: str) -> list[dict[str, Any]]:
    sample = locomo_sample()
    if change == "date":
        sample["conversation"]["session_1_date_time"] = "sometime in spring"
    elif change == "speaker":
        del sample["conversation"]["session_2"][1]["speaker"]
    elif change == "category":
        sample["qa"][0]["category"] = "four"
    return [sample]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("date", "session_1_date_time: unreadable date 'sometime in spring'"),
        ("speaker", "session_2[1]: missing 'speaker'"),
        ("category", "qa[0]: 'category' is a string, not int"),
    ],
)
def test_wrong_structure_names_the_field(tmp_path: Path, change: str, message: str) -> None:
    with pytest.raises(ConversationDataError, match=message.replace("[", r"\[")):
        load_locomo(write_json(tmp_path / "l.json", _broken(change)))


def test_longmemeval_lengths_must_agree(tmp_path: Path) -> None:
    raw = longmemeval_instance()
    raw["haystack_session_ids"] = ["only-one"]
    with pytest.raises(ConversationDataError, match="differ in length"):
        load_longmemeval(write_json(tmp_path / "m.json", [raw]))


def test_missing_file_is_a_data_error(tmp_path: Path) -> None:
    with pytest.raises(ConversationDataError, match="no such file"):
        load_longmemeval(tmp_path / "absent.json")


def test_limit_takes_the_first_conversations(tmp_path: Path) -> None:
    second = locomo_sample() | {"sample_id": "demo-2"}
    path = tmp_path / "l.json"
    path.write_text(json.dumps([locomo_sample(), second]))
    assert [c.id for c in load_locomo(path)] == ["demo-1", "demo-2"]
    assert [c.id for c in load_locomo(path, limit=1)] == ["demo-1"]
