"""Long real conversations (LoCoMo, LongMemEval) read into one shape, so that one replay and
one scoring serve both.

Both datasets give each session a start time and its turns in order, but no time per turn:
a turn is stamped at its session's start plus one minute per turn before it, which keeps
"what was said when" meaningful to an engine that reads time. Sessions are replayed in the
order of their start (a stable sort: ties keep the file's order), and a stamp never runs
back behind the previous turn's, because the engine's clock follows the replay.

Bad input fails here, with the file and the place in it, as one `ConversationDataError`
line: a replay that takes minutes must not die on a missing field halfway.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from statekeeper.bench.superseded import superseded_candidates
from statekeeper.model import MAX_VALUE_CHARS

TURN_STEP = timedelta(minutes=1)
ASK_AFTER = timedelta(days=1)  # LoCoMo's questions come a day after the last session
ABSTENTION = "abstention"  # LongMemEval's `_abs` questions: the answer was never said

# What LoCoMo's category numbers stand for (the file's numbering, not the paper's order).
LOCOMO_CATEGORIES: Mapping[str, str] = {
    "1": "multi-hop",
    "2": "temporal",
    "3": "open-domain",
    "4": "single-hop",
    "5": "adversarial",
}


class ConversationDataError(ValueError):
    """A data file that cannot be read as the dataset it claims to be; one line, with the
    place in the file, so the command line can print it as it is."""


@dataclass(frozen=True)
class Turn:
    """One said line, stamped with when it was said."""

    id: str
    session: str
    speaker: str
    text: str
    timestamp: datetime
    assistant: bool = False
    has_answer: bool = False  # LongMemEval marks the turns that hold the answer

    @property
    def line(self) -> str:
        """The turn as the baselines see it."""
        return f"{self.speaker}: {self.text}"


@dataclass(frozen=True)
class Question:
    """One question about a conversation, with its gold answer and when it is asked."""

    id: str
    index: int  # its place among the conversation's questions in the file
    text: str
    answer: str
    category: str
    asked_at: datetime
    evidence: tuple[str, ...] = ()  # turn ids (LoCoMo) or session ids (LongMemEval)
    superseded: tuple[str, ...] = ()  # values the answer replaced (see `superseded`)


@dataclass(frozen=True)
class Conversation:
    """Every turn in replay order, and the questions asked after them."""

    id: str
    turns: tuple[Turn, ...]
    questions: tuple[Question, ...]


# -- reading and checking ------------------------------------------------------------------


def read_list(path: Path | str) -> list[Any]:
    """The file's top-level JSON list."""
    path = Path(path)
    if not path.is_file():
        raise ConversationDataError(f"no such file: {path}")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError as exc:
        raise ConversationDataError(f"{path.name}: not UTF-8 text ({exc.reason})") from exc
    except json.JSONDecodeError as exc:
        raise ConversationDataError(
            f"{path.name}: not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})"
        ) from exc
    if not isinstance(data, list):
        raise ConversationDataError(f"{path.name}: expected a JSON list, got {_kind(data)}")
    return data


def _kind(value: object) -> str:
    names: dict[type, str] = {dict: "an object", list: "a list", str: "a string"}
    return names.get(type(value), type(value).__name__)


def _need(obj: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in obj:
        raise ConversationDataError(f"{where}: missing {key!r}")
    value = obj[key]
    if not isinstance(value, kind) or isinstance(value, bool) and bool not in _types(kind):
        raise ConversationDataError(f"{where}: {key!r} is {_kind(value)}, not {_names(kind)}")
    return value


def _types(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def _names(kind: type | tuple[type, ...]) -> str:
    return " or ".join(t.__name__ for t in _types(kind))


def _object(value: object, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ConversationDataError(f"{where}: expected an object, got {_kind(value)}")
    return value


def _date(text: str, formats: Sequence[str], where: str) -> datetime:
    for fmt in formats:
        try:
            return datetime.strptime(text.strip(), fmt)
        except ValueError:
            continue
    raise ConversationDataError(f"{where}: unreadable date {text!r}")


def _answer(value: object) -> str | None:
    """The gold answer as text; None when there is none to look for."""
    if value is None or isinstance(value, bool):
        return None
    text = str(value).strip() if isinstance(value, str | int | float) else ""
    return text or None


def _text(text: str) -> str:
    """A turn's text within what the engine takes; every method sees the same text."""
    return text[:MAX_VALUE_CHARS]


def _stamp(
    sessions: Iterable[tuple[datetime, Sequence[Callable[[datetime], Turn | None]]]],
) -> tuple[Turn, ...]:
    """Turns in session-start order, each at its session's start plus a minute a turn."""
    turns: list[Turn] = []
    last: datetime | None = None
    for start, makers in sorted(sessions, key=lambda s: s[0]):
        for position, make in enumerate(makers):
            at = start + position * TURN_STEP
            if last is not None and at < last:
                at = last + TURN_STEP
            turn = make(at)
            if turn is not None:
                turns.append(turn)
                last = at
    return tuple(turns)


def _each(
    path: Path | str,
    limit: int | None,
    noun: str,
    parse: Callable[[dict[str, Any], str], Conversation],
) -> list[Conversation]:
    """The file's entries, the first `limit` of them, each parsed into a conversation."""
    name = Path(path).name
    entries = read_list(path)[:limit]
    return [
        parse(_object(raw, f"{name}: {noun} {number}"), f"{name}: {number}")
        for number, raw in enumerate(entries)
    ]


# -- LoCoMo --------------------------------------------------------------------------------

_LOCOMO_DATE = ("%I:%M %p on %d %B, %Y", "%I:%M %p on %d %b, %Y")
_SESSION = re.compile(r"session_(\d+)")
_EVIDENCE_SPLIT = re.compile(r"[;,\s]+")


def load_locomo(path: Path | str, *, limit: int | None = None) -> list[Conversation]:
    """LoCoMo samples: two people's sessions, then questions with a category 1 to 5.
    Questions without an `answer` (most of category 5) are left out."""
    return _each(path, limit, "sample", _locomo_sample)


def _locomo_sample(raw: dict[str, Any], where: str) -> Conversation:
    sample_id = str(_need(raw, "sample_id", (str, int), f"{where}")).strip()
    where = f"{where} ({sample_id})"
    conversation = _need(raw, "conversation", dict, where)
    sessions: list[tuple[datetime, list[Callable[[datetime], Turn | None]]]] = []
    for key, value in conversation.items():
        match = _SESSION.fullmatch(key)
        if match is None:
            continue
        if not isinstance(value, list):
            raise ConversationDataError(f"{where}: {key!r} is {_kind(value)}, not a list")
        if not value:
            continue
        date_key = f"{key}_date_time"
        start = _date(
            _need(conversation, date_key, str, where), _LOCOMO_DATE, f"{where} {date_key}"
        )
        makers = [
            _locomo_turn(_object(turn, f"{where} {key}[{i}]"), key, f"{where} {key}[{i}]")
            for i, turn in enumerate(value)
        ]
        sessions.append((start, makers))
    turns = _stamp(sessions)
    if not turns:
        raise ConversationDataError(f"{where}: no session has any turn")
    asked_at = turns[-1].timestamp + ASK_AFTER
    qa = _need(raw, "qa", list, where)
    questions = [
        q
        for i, item in enumerate(qa)
        if (q := _locomo_question(_object(item, f"{where} qa[{i}]"), sample_id, i, asked_at))
    ]
    return Conversation(sample_id, turns, tuple(questions))


def _locomo_turn(
    raw: dict[str, Any], session: str, where: str
) -> Callable[[datetime], Turn | None]:
    speaker = _need(raw, "speaker", str, where).strip()
    text = _need(raw, "text", str, where).strip()
    turn_id = str(_need(raw, "dia_id", (str, int), where))
    caption = raw.get("blip_caption")
    if isinstance(caption, str) and caption.strip():
        text = f"{text} [shares an image: {caption.strip()}]".strip()
    if not speaker:
        raise ConversationDataError(f"{where}: empty 'speaker'")

    def make(at: datetime) -> Turn | None:
        return Turn(turn_id, session, speaker, _text(text), at) if text else None

    return make


def _locomo_question(
    raw: dict[str, Any], sample_id: str, index: int, asked_at: datetime
) -> Question | None:
    where = f"{sample_id} qa[{index}]"
    text = _need(raw, "question", str, where).strip()
    category = _need(raw, "category", int, where)
    answer = _answer(raw.get("answer"))
    if answer is None or not text:
        return None
    evidence = raw.get("evidence") or []
    if not isinstance(evidence, list):
        raise ConversationDataError(f"{where}: 'evidence' is {_kind(evidence)}, not a list")
    ids = tuple(part for item in evidence for part in _EVIDENCE_SPLIT.split(str(item)) if part)
    return Question(
        id=f"{sample_id}:{index}",
        index=index,
        text=text,
        answer=answer,
        category=str(category),
        asked_at=asked_at,
        evidence=ids,
    )


# -- LongMemEval ---------------------------------------------------------------------------

_LME_DATE = ("%Y/%m/%d %H:%M", "%Y/%m/%d")
_WEEKDAY = re.compile(r"\s*\([A-Za-z]+\)\s*")  # "2023/05/20 (Sat) 02:21": the day is implied


def _lme_date(text: str, where: str) -> datetime:
    return _date(_WEEKDAY.sub(" ", text), _LME_DATE, where)


def load_longmemeval(path: Path | str, *, limit: int | None = None) -> list[Conversation]:
    """LongMemEval instances: each its own haystack of sessions and one question, asked at
    `question_date`. An abstention question (id ending `_abs`) goes under "abstention",
    whatever its type: its answer says the fact was never given, so no context holds it."""
    return _each(path, limit, "instance", _lme_instance)


def _lme_instance(raw: dict[str, Any], where: str) -> Conversation:
    question_id = str(_need(raw, "question_id", (str, int), where)).strip()
    where = f"{where} ({question_id})"
    kind = _need(raw, "question_type", str, where).strip()
    text = _need(raw, "question", str, where).strip()
    answer = _answer(_need(raw, "answer", (str, int, float), where))
    if not text or answer is None:
        raise ConversationDataError(f"{where}: empty 'question' or 'answer'")
    asked_at = _lme_date(_need(raw, "question_date", str, where), f"{where} question_date")
    dates = _need(raw, "haystack_dates", list, where)
    ids = _need(raw, "haystack_session_ids", list, where)
    sessions = _need(raw, "haystack_sessions", list, where)
    if not len(dates) == len(ids) == len(sessions):
        raise ConversationDataError(
            f"{where}: haystack_dates, haystack_session_ids and haystack_sessions differ in "
            f"length ({len(dates)}, {len(ids)}, {len(sessions)})"
        )
    evidence = tuple(str(s) for s in _need(raw, "answer_session_ids", list, where))
    stamped: list[tuple[datetime, list[Callable[[datetime], Turn | None]]]] = []
    for i, (date, session_id, session) in enumerate(zip(dates, ids, sessions, strict=True)):
        at = f"{where} haystack_sessions[{i}]"
        if not isinstance(date, str):
            raise ConversationDataError(f"{where} haystack_dates[{i}]: not a string")
        if not isinstance(session, list):
            raise ConversationDataError(f"{at}: expected a list, got {_kind(session)}")
        start = _lme_date(date, f"{where} haystack_dates[{i}]")
        makers = [
            _lme_turn(_object(turn, f"{at}[{j}]"), str(session_id), j, f"{at}[{j}]")
            for j, turn in enumerate(session)
        ]
        stamped.append((start, makers))
    turns = _stamp(stamped)
    abstention = question_id.endswith("_abs")
    superseded: tuple[str, ...] = ()
    if kind == "knowledge-update" and not abstention:
        superseded = superseded_candidates(turns, evidence, answer, text)
    question = Question(
        id=question_id,
        index=0,
        text=text,
        answer=answer,
        category=ABSTENTION if abstention else kind,
        asked_at=asked_at,
        evidence=evidence,
        superseded=superseded,
    )
    return Conversation(question_id, turns, (question,))


def _lme_turn(
    raw: dict[str, Any], session: str, index: int, where: str
) -> Callable[[datetime], Turn | None]:
    role = _need(raw, "role", str, where)
    if role not in ("user", "assistant"):
        raise ConversationDataError(f"{where}: 'role' is {role!r}, not 'user' or 'assistant'")
    text = _need(raw, "content", str, where).strip()
    has_answer = raw.get("has_answer") is True

    def make(at: datetime) -> Turn | None:
        if not text:
            return None
        return Turn(
            f"{session}:{index}",
            session,
            role,
            _text(text),
            at,
            assistant=role == "assistant",
            has_answer=has_answer,
        )

    return make


# -- selection -----------------------------------------------------------------------------


def select(
    conversations: Iterable[Conversation], categories: Iterable[str] = ()
) -> list[Conversation]:
    """Only the questions of the given categories (all when none are given); a conversation
    left with no question is dropped, so nothing replays for nothing."""
    wanted = {c.strip() for c in categories if c.strip()}
    kept: list[Conversation] = []
    for conversation in conversations:
        questions = tuple(q for q in conversation.questions if not wanted or q.category in wanted)
        if questions:
            kept.append(replace(conversation, questions=questions))
    return kept
