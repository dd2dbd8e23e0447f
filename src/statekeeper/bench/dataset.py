"""Load and validate StateBench v1.0 timelines (JSONL).

Every line is validated against the models below so that a malformed timeline is reported
where it is (file, line, field) instead of failing deep inside a replay. Strategies still
receive the original dicts: StateBench's own harness drives the same adapters, and the
validated models must not become a second, diverging contract.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError


class _Lenient(BaseModel):
    """Unknown fields are kept, not rejected: newer releases add fields."""

    model_config = ConfigDict(extra="allow")


class Source(_Lenient):
    type: str = "user"
    identity: str | None = None
    authority: str = "peer"


class IdentityRole(_Lenient):
    user_name: str
    authority: str
    department: str | None = None
    organization: str | None = None
    communication_style: str | None = None


class PersistentFact(_Lenient):
    id: str
    key: str
    value: str
    source: Source = Field(default_factory=Source)
    ts: str | None = None
    supersedes: str | None = None
    superseded_by: str | None = None
    is_valid: bool = True
    scope: str = "global"
    depends_on: list[str] = Field(default_factory=list)
    derived_facts: list[str] = Field(default_factory=list)
    is_constraint: bool = False
    constraint_type: str | None = None


class WorkingSetItem(_Lenient):
    item_type: str
    content: str
    ts: str | None = None
    priority: int = 0


class Environment(_Lenient):
    """`now` plus any number of free-form signals (calendar, alert, deadline, ...)."""

    now: str


class InitialState(_Lenient):
    identity_role: IdentityRole
    persistent_facts: list[PersistentFact] = Field(default_factory=list)
    working_set: list[WorkingSetItem] = Field(default_factory=list)
    environment: Environment


class Write(_Lenient):
    id: str
    layer: Literal["persistent_facts", "working_set", "environment"]
    key: str
    value: str
    source: Source = Field(default_factory=Source)
    scope: str = "global"
    supersedes: str | None = None
    depends_on: list[str] = Field(default_factory=list)
    is_constraint: bool = False
    constraint_type: str | None = None


class ConversationTurn(_Lenient):
    type: Literal["conversation_turn"]
    ts: str
    speaker: Literal["user", "assistant"]
    text: str
    implicit_supersession: dict[str, Any] | None = None


class StateWrite(_Lenient):
    type: Literal["state_write"]
    ts: str
    writes: list[Write]


class Supersession(_Lenient):
    type: Literal["supersession"]
    ts: str
    writes: list[Write]


class GroundTruth(_Lenient):
    decision: str
    decision_type: str = "binary"
    must_mention: list[str] = Field(default_factory=list)
    must_not_mention: list[str] = Field(default_factory=list)
    allowed_sources: list[str] = Field(default_factory=list)
    reasoning: str | None = None


class Query(_Lenient):
    type: Literal["query"]
    ts: str
    prompt: str
    ground_truth: GroundTruth


Event = Annotated[ConversationTurn | StateWrite | Supersession | Query, Field(discriminator="type")]


class Actor(_Lenient):
    id: str
    role: str
    org: str


class Actors(_Lenient):
    user: Actor
    assistant_role: str = "AI_Agent"


class Timeline(_Lenient):
    id: str
    version: str = "1.0"
    domain: str = ""
    track: str
    difficulty: str | None = None
    detection_mode: str | None = None
    actors: Actors | None = None
    initial_state: InitialState
    events: list[Event]
    metadata: dict[str, Any] | None = None


@dataclass(frozen=True)
class Record:
    """One validated timeline together with the dict it came from."""

    timeline: Timeline
    raw: dict[str, Any]
    source: str
    line: int

    @property
    def queries(self) -> list[Query]:
        return [e for e in self.timeline.events if isinstance(e, Query)]


@dataclass(frozen=True)
class LineError:
    """A line that did not validate: where it is and which field is wrong."""

    source: str
    line: int
    field: str
    message: str

    def __str__(self) -> str:
        where = f" field {self.field}:" if self.field else ""
        return f"{self.source}:{self.line}:{where} {self.message}"


@dataclass
class Dataset:
    records: list[Record] = field(default_factory=list)
    errors: list[LineError] = field(default_factory=list)

    @property
    def query_count(self) -> int:
        return sum(len(r.queries) for r in self.records)


class DatasetError(ValueError):
    """Raised in strict mode (or when nothing is loadable), carrying every bad line."""

    def __init__(self, errors: list[LineError], reason: str = "invalid timelines") -> None:
        self.errors = errors
        shown = "\n".join(str(e) for e in errors[:20])
        more = f"\n... and {len(errors) - 20} more" if len(errors) > 20 else ""
        super().__init__(f"{reason}:\n{shown}{more}" if errors else reason)


_TIMELINE = TypeAdapter(Timeline)


def _field_path(loc: tuple[int | str, ...]) -> str:
    parts: list[str] = []
    for item in loc:
        if isinstance(item, int):
            parts.append(f"[{item}]")
        else:
            parts.append(("." if parts else "") + item)
    return "".join(parts)


def parse_line(text: str, source: str, line: int) -> Record | list[LineError]:
    """Validate one JSONL line; return the record or the errors found in it."""
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        return [LineError(source, line, "", f"not valid JSON ({exc.msg} at column {exc.colno})")]
    if not isinstance(raw, dict):
        return [LineError(source, line, "", "a timeline must be a JSON object")]
    try:
        timeline = _TIMELINE.validate_python(raw)
    except ValidationError as exc:
        return [
            LineError(source, line, _field_path(tuple(err["loc"])), err["msg"])
            for err in exc.errors()
        ]
    return Record(timeline=timeline, raw=raw, source=source, line=line)


def data_files(path: Path) -> list[Path]:
    """A file stands for itself; a directory for the `*.jsonl` files in it, sorted."""
    if path.is_dir():
        files = sorted(path.glob("*.jsonl"))
        if not files:
            raise FileNotFoundError(f"no *.jsonl files in directory {path}")
        return files
    if not path.exists():
        raise FileNotFoundError(f"no such file or directory: {path}")
    return [path]


def load(path: Path | str, *, strict: bool = False, limit: int | None = None) -> Dataset:
    """Load timelines from a JSONL file or a directory of them.

    Bad lines are collected in `Dataset.errors`; with `strict` the first file's worth of
    errors is raised as a `DatasetError` instead. `limit` caps the number of timelines.
    """
    dataset = Dataset()
    for file in data_files(Path(path)):
        _load_lines(file.read_text(encoding="utf-8").splitlines(), file.name, dataset, limit)
        if limit is not None and len(dataset.records) >= limit:
            break
    if strict and dataset.errors:
        raise DatasetError(dataset.errors)
    return dataset


def _load_lines(lines: Iterable[str], source: str, dataset: Dataset, limit: int | None) -> None:
    for number, text in enumerate(lines, start=1):
        if limit is not None and len(dataset.records) >= limit:
            return
        if not text.strip():
            continue
        parsed = parse_line(text, source, number)
        if isinstance(parsed, Record):
            dataset.records.append(parsed)
        else:
            dataset.errors.extend(parsed)
