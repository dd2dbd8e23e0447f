"""The set days of one who serves on them, carried over to the one who replaces them."""

from __future__ import annotations

import re
from collections.abc import Sequence

from statekeeper.conversation.changes.operations import Known, Operation, Replace, Source
from statekeeper.conversation.changes.wording import whole_words
from statekeeper.conversation.clauses import sentences
from statekeeper.text.values import TypedValue, typed_values, weekday_of_date


def with_its_days(turn: str, ops: Sequence[Operation], sources: Sequence[Source]) -> list[Replace]:
    """One who serves on set days, replaced, takes those days along: where the conversation
    says on which days the new one comes ("Harbor Bakery takes over. Mondays and Thursdays,
    before six"), they replace the old one's. Only days said in the plural, which recur:
    "starts Monday" tells when it begins, not its days."""
    texts = [turn, *(s.text for s in sources if s.turn_index is not None)]
    out = []
    for op in ops:
        if not (isinstance(op, Replace) and op.old.value.kind == op.new.kind == "name"):
            continue
        days = [v for v in typed_values(op.old.source.text) if _recurring(v)]
        new = next((d for text in texts if (d := _days_of(op.new.text, text))), "")
        if not days or not new:
            continue
        start, end = days[0].start, days[-1].end
        old = TypedValue("weekday", op.old.source.text[start:end], start, end)
        if not _only_days(old.text):
            continue  # "Tuesdays before 8am and Fridays": other terms between the days
        out.append(
            Replace(Known(old, op.old.source, frozenset()), op.new, old.text, new, "its days")
        )
    return out


_JOINERS = re.compile(r"(?:[\s,&/]|\band\b|\bor\b)*")


def _only_days(run: str) -> bool:
    between = run
    for day in reversed(typed_values(run)):
        between = between[: day.start] + between[day.end :]
    return _JOINERS.fullmatch(between) is not None


def _recurring(value: TypedValue) -> bool:
    return value.kind == "weekday" and value.text.rstrip(".").endswith("s")


# What makes a weekday recur: "every Tuesday", "each other Monday", "every second Friday".
_EVERY = re.compile(
    r"\b(?:every|each|alternate)(?:\s+(?:other|second|third|fourth|2nd|3rd|4th))?\s+$", re.I
)


# What makes a day one of a series: "this Tuesday", "next Friday", "Tuesday 17 June".
_ONE_OFF = re.compile(r"\b(?:this|next|coming|that)\s+$", re.I)


def one_of_them(text: str, value: TypedValue) -> bool:
    """Whether a day is said as one occasion: a date, or "this" or "next" weekday; "move
    lessons to Wednesday from now on" may give the days themselves."""
    return value.kind == "date" or (
        value.kind == "weekday"
        and (
            _ONE_OFF.search(text, 0, value.start) is not None
            or any(day == value for day, _ in weekday_of_date(text, typed_values(text)))
        )
    )


def recurs(text: str, value: TypedValue) -> bool:
    """Whether a weekday is said as one that comes round again: "Tuesdays", "every second
    Tuesday"; not "Tuesday 17 June", which is one of them."""
    return _recurring(value) or (
        value.kind == "weekday" and _EVERY.search(text, 0, value.start) is not None
    )


def _days_of(name: str, text: str) -> str:
    """The recurring days a text gives the one it names, in its sentence or the next."""
    said = sentences(text)
    for at, sentence in enumerate(said):
        if whole_words(name, sentence.text) is None:
            continue
        for near in said[at : at + 2]:
            days = [v for v in typed_values(near.text) if _recurring(v)]
            if days and near.asserts:
                return near.text[days[0].start : days[-1].end]
    return ""
