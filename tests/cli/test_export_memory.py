"""Export and import carry capability lessons and organizational documents with the facts:
the same lessons (levels, capability, organization, consolidation pointers) and the same
documents (text, source, access list) come out of a fresh store, and a bad or clashing
file imports nothing."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from statekeeper import Engine, Principal
from statekeeper.cli import main
from tests.conftest import Clock, snapshot

BOT = Principal(org="acme", user="scheduler")
HANA = Principal(org="acme", user="hana", authority="manager")
PETE = Principal(org="acme", user="pete")
LATE = [
    "The client said the meeting invite arrived too late",
    "Invite for the board meeting went out too late, the client complained",
    "Client complained the invite came late for the quarterly meeting",
]
HANDBOOK = "Refunds are issued within 14 days of a return.\n\n" + (
    "Parking is free in the east garage for every employee with a badge. " * 20
)


def _run(*args: str, code: int = 0) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == code, result.output
    return result.output


def _fill(url: str, clock: Clock) -> None:
    with Engine.open(url, clock=clock) as engine:
        junior = engine.session(BOT, capability="calendar")
        for said in [*LATE, "ok"]:
            junior.learn(said)
            clock.advance(minutes=1)
        engine.session(BOT, capability="calendar", maturity="master").learn(
            "Protect the executives' mornings", level="strategy"
        )
        engine.session(BOT, capability="calendar", maturity="senior").learn(
            "Book rooms before the agenda is final", level="heuristic"
        )
        engine.consolidate(org="acme", capability="calendar")
        engine.session(BOT, capability="sales").learn("The buyer asked for a discount twice")
        engine.session(Principal(org="globex", user="bot"), capability="calendar").learn(
            "Globex meetings start at nine"
        )
        hr = engine.session(HANA)
        hr.add_document("handbook", HANDBOOK, source="wiki/hr")
        hr.add_document(
            "pay-bands",
            "Senior engineers earn 140k to 170k.",
            acl=["user:hana", "authority:manager"],
        )
        hr.write("address", "123 Main St")


def _lessons(engine: Engine, org: str, capability: str) -> list[tuple[Any, ...]]:
    s = engine.session(Principal(org=org, user="reader"), capability=capability)
    return [
        (
            x.id,
            x.level,
            x.text,
            x.status,
            x.origin,
            x.sources,
            x.merged_into,
            x.maturity,
            x.added_at,
            x.added_by,
            x.ended_at,
            x.end_reason,
        )
        for x in s.lessons(history=True)
    ]


def _documents(engine: Engine, org: str) -> list[Any]:
    return [
        d.model_dump(exclude={"org"})
        for d in engine.session(Principal(org=org, user="hana", authority="manager")).documents()
    ]


def test_lessons_and_documents_round_trip(
    tmp_path: Path, store_location: Callable[[str], str], clock: Clock
) -> None:
    source = str(tmp_path / "source.db")  # always SQLite: the move is to PostgreSQL there
    _fill(source, clock)
    target = store_location("target.db")
    dump = tmp_path / "acme.jsonl"
    _run("export", "--url", source, "--org", "acme", "--org", "globex", "--output", str(dump))
    kinds = [json.loads(line)["format"] for line in dump.read_text().splitlines()]
    assert kinds.count("statekeeper.fact/1") == 1
    assert kinds.count("statekeeper.lesson/1") == 9
    assert kinds.count("statekeeper.document/1") == 2
    said = _run("import", "--url", target, str(dump))
    assert "imported 1 facts, 9 lessons and 2 documents" in said

    for org in ("acme", "globex"):  # the same lines come out again
        assert _run("export", "--url", target, "--org", org) == _run(
            "export", "--url", source, "--org", org
        )
    with Engine.open(source, clock=clock) as before, Engine.open(target, clock=clock) as after:
        for org, capability in (("acme", "calendar"), ("acme", "sales"), ("globex", "calendar")):
            assert _lessons(after, org, capability) == _lessons(before, org, capability)
        assert _documents(after, "acme") == _documents(before, "acme")
        master = after.session(BOT, capability="calendar", maturity="master")
        [rule] = [x for x in master.lessons(level="heuristic") if x.origin == "consolidation"]
        merged = [x for x in master.lessons(history=True) if x.status == "merged"]
        assert {x.merged_into for x in merged} == {rule.id} and set(rule.sources) == {
            x.id for x in merged
        }
        assert rule.text in master.context("When should the invite go out?").text
        assert (
            after.session(Principal(org="globex", user="bot"), capability="sales").lessons() == []
        )
        assert "14 days" in after.session(PETE).context("How fast are refunds issued?").text
        assert "140k" not in after.session(PETE).context("What do senior engineers earn?").text
        assert "140k" in after.session(HANA).context("What do senior engineers earn?").text
        assert not after.consolidate(org="acme", capability="calendar").changed  # as it was

    # into another organization: the pointers still hold there
    assert "9 lessons and 2 documents" in _run(
        "import", "--url", target, str(dump), "--org", "initech"
    )
    with Engine.open(target, clock=clock) as engine:
        moved = _lessons(engine, "initech", "calendar")
        assert len(moved) == 8 and moved[0][0] in [
            line[0] for line in _lessons(engine, "acme", "calendar")
        ]
        assert [d["id"] for d in _documents(engine, "initech")] == ["handbook", "pay-bands"]


def _only(dump: Path, kind: str) -> str:
    return "".join(
        line + "\n" for line in dump.read_text().splitlines() if json.loads(line)["format"] == kind
    )


@pytest.mark.parametrize(
    ("kind", "error"),
    [
        ("statekeeper.lesson/1", "DuplicateLessonError"),
        ("statekeeper.document/1", "DuplicateDocumentError"),
    ],
)
def test_importing_what_is_there_writes_nothing(
    tmp_path: Path, store_location: Callable[[str], str], clock: Clock, kind: str, error: str
) -> None:
    source = str(tmp_path / "source.db")
    _fill(source, clock)
    dump = tmp_path / "all.jsonl"
    _run("export", "--url", source, "--org", "acme", "--output", str(dump))
    part = tmp_path / "part.jsonl"
    part.write_text(_only(dump, kind))
    target = store_location("target.db")
    _run("import", "--url", target, str(part))
    # new facts beside lessons or documents already there: the whole organization's
    # import is refused, the facts too
    fresh = {
        "format": "statekeeper.fact/1",
        "seq": 1,
        "fact": {**json.loads(_only(dump, "statekeeper.fact/1"))["fact"], "id": "f-new"},
    }
    part.write_text(json.dumps(fresh) + "\n" + _only(dump, kind))
    before = snapshot(target)
    assert error in _run("import", "--url", target, str(part), code=1)
    assert snapshot(target) == before


def _lesson(**changes: Any) -> dict[str, Any]:
    line = {
        "format": "statekeeper.lesson/1",
        "org": "acme",
        "capability": "calendar",
        "seq": 1,
        "id": "l-1",
        "level": "event",
        "text": "The invite went out late",
        "added_at": "2026-03-02T09:00:00",
        "added_by": "bot",
    }
    return {**line, **changes}


def _document(**changes: Any) -> dict[str, Any]:
    line = {
        "format": "statekeeper.document/1",
        "org": "acme",
        "id": "handbook",
        "chunks": 1,
        "added_at": "2026-03-02T09:00:00",
        "added_by": "hana",
        "text": "Refunds take 14 days.",
    }
    return {**line, **changes}


@pytest.mark.parametrize(
    ("lines", "said"),
    [
        ([_lesson(level="grandmaster")], "level"),
        ([_lesson(status="merged", ended_at="2026-03-02T10:00:00")], "merged_into"),
        ([_lesson(status="pruned")], "ended_at"),
        ([_lesson(sources=["l-0"])], "sources"),
        ([_lesson(origin="consolidation", sources=["l-9"])], "points to no lesson"),
        ([_lesson(), _lesson(seq=2)], "twice"),
        ([_lesson(), _lesson(id="l-2")], "seq"),
        ([_lesson(text="")], "text"),
        ([_lesson(capability="cal\nendar")], "capability"),
        ([_lesson(seq=0)], "seq"),
        ([_lesson(extra=True)], "extra"),
        ([_document(acl=["root:everything"])], "kind must be one of"),
        ([_document(acl=[])], "names nobody"),
        ([_document(acl="user:hana")], "acl"),
        ([_document(text="")], "text"),
        ([_document(text="nul \x00 here")], "NUL"),
        ([_document(id=" handbook")], "whitespace"),
        ([_document(), _document()], "twice"),
        ([{"format": "statekeeper.secret/1"}], "format"),
        ([["not", "an", "object"]], "JSON object"),
    ],
)
def test_bad_lines_import_nothing(
    tmp_path: Path, location: str, lines: list[Any], said: str
) -> None:
    Engine.open(location).close()
    before = snapshot(location)
    bad = tmp_path / "bad.jsonl"
    bad.write_text("".join(json.dumps(line) + "\n" for line in lines))
    told = _run("import", "--url", location, str(bad), code=1)
    assert "InvalidInputError" in told and said in told
    assert snapshot(location) == before
