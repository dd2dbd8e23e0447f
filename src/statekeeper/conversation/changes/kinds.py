"""Which known values a new value could be a value of: by type, a count for a counted
thing, a bare figure for a labelled one, a code of the same shape, or the slot a turn says
it got wrong."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from statekeeper.conversation.changes.labels import with_slots
from statekeeper.conversation.changes.operations import Known
from statekeeper.conversation.changes.out_of_reach import taken_back
from statekeeper.conversation.cues import tables
from statekeeper.nlu.topic import stem, topic_terms
from statekeeper.text.values import TypedValue, compatible, weekday_of_date


def of_a_kind(old: Known, new: TypedValue) -> bool:
    """Whether `new` could be a new value of what `old` is a value of: by their types, a
    count given with its unit for a bare count its words name ("Chairs: 120" and "100
    chairs"), or a bare figure for a labelled one of as many figures ("Room 204" and
    "310", not "Order 40613" and "2021")."""
    if compatible(old.value, new):
        return True
    if old.value.kind == "code" and old.value.unit and new.kind == "number":
        figures = old.value.text[len(old.value.unit) :].strip(" #")  # "Room 204" and "310"
        return figures.isdigit() and len(figures) == len(new.text)
    return old.value.kind == "number" and new.kind == "quantity" and new.unit in old.anchor


def count_of_named_slot(old: Known, new: TypedValue, corrected: frozenset[str]) -> bool:
    """Whether a bare figure is a new count of a counted thing the turn says it got wrong:
    "scratch what I told you about the headcount, it's 95" for "85 guests"."""
    named = old.anchor | {old.value.unit}  # "the room count" names "22 rooms" by its unit
    return old.value.kind == "quantity" and new.kind == "number" and bool(named & corrected)


def count_taken_back(old: Known, new: TypedValue, turn: str) -> bool:
    """Whether a bare figure is a new count of one the turn takes back by its figure:
    "ignore the 1,200, it came to 1,140" for "1,200 seats"."""
    return old.value.kind == "quantity" and new.kind == "number" and taken_back(turn, old.value)


def count_in_focus(old: Known, new: TypedValue, sentence: str) -> bool:
    """Whether a bare figure is a count of a counted thing said without its unit, as the
    object of a counting verb or of "of them": "send 6", "we'll want 10 of them" for "4
    movers", "8 tables". Weighing still asks that it be the only count in sight."""
    if old.value.kind != "quantity" or new.kind != "number":
        return False
    before, after = sentence[: new.start].lower(), sentence[new.end :].lower()
    if re.match(r"\s+of\s+(?:them|those|these)\b", after):
        return True
    verb = re.search(r"(\S+(?:\s+\S+)?)\s+(?:(?:only|just|about|around|maybe)\s+)?$", before)
    return verb is not None and _COUNT_VERB().search(verb.group(1) + " ") is not None


@cache
def _COUNT_VERB() -> re.Pattern[str]:
    return re.compile(r"(?:^|\s)(?:" + "|".join(tables()["count_verbs"]) + r")\s$")


# A line's heading before a figure: "- tables: 22 now".
_HEADING = re.compile(r"(?:^|\n)\s*(?:[-*•]\s*)?(?P<label>[A-Za-z][\w ]{0,30}?)\s*:\s*$")


def count_headed(old: Known, new: TypedValue, sentence: str) -> bool:
    """Whether a bare figure is a new count of a counted thing its line's heading names by
    the count's unit: "tables: 22" for "20 round tables"."""
    if old.value.kind != "quantity" or new.kind != "number":
        return False
    heading = _HEADING.search(sentence[: new.start])
    unit = old.value.unit.split()[-1:] if old.value.unit else []
    if heading is None or not unit:
        return False
    return unit[0] in {stem(w) for w in heading["label"].lower().split()}


def peers_of(new: TypedValue, candidates: Sequence[Known]) -> list[Known]:
    """The known values `new` could be a new value of by its type alone; for a labelled
    code, those with its label when there are any ("Bay 4" beside "Bay 2" and "SKU-88")."""
    peers = [c for c in candidates if of_a_kind(c, new)]
    labelled = [c for c in peers if new.unit and c.value.unit == new.unit]
    return labelled or peers


def _day_pairs(known: Sequence[Known]) -> list[tuple[Known, Known]]:
    """The known weekdays said beside a date of the same source, each with that date."""
    by_value = {(k.source, k.value): k for k in known}
    return [
        (by_value[(source, day)], by_value[(source, date)])
        for source in dict.fromkeys(k.source for k in known)
        for day, date in weekday_of_date(
            source.text, [k.value for k in known if k.source == source]
        )
    ]


def one_per_day(known: Sequence[Known]) -> list[Known]:
    """Known values with a weekday said beside its date left out ("Thursday 14 November"
    is one day): the pair is one value when counting how many are in sight."""
    weekdays = {id(day) for day, _ in _day_pairs(known)}
    return [k for k in known if id(k) not in weekdays]


def day_for_day(known: Sequence[Known], new: TypedValue) -> list[Known]:
    """The known values a weekday or a date may replace: of a weekday said beside its date
    ("Thu, 7 Aug"), only the part of the new value's kind, the weekday for the weekday."""
    if new.kind not in ("weekday", "date"):
        return list(known)
    other = {id(k) for pair in _day_pairs(known) for k in pair if k.value.kind != new.kind}
    return [k for k in known if id(k) not in other]


def corrected_slot(turn: str) -> frozenset[str]:
    """The words of the thing a turn says it got wrong ("ignore me on the caterer", "I
    was wrong about the venue", "correction on the pickup time"): every new value the
    turn states is read as a value of it."""
    found_slot = _corrected_slot_pattern().search(turn.lower())
    return with_slots(topic_terms(found_slot.group(1))) if found_slot else frozenset()


@cache
def _corrected_slot_pattern() -> re.Pattern[str]:
    lead = "|".join(tables()["corrected_slot"])
    return re.compile(
        rf"(?:{lead})\s+(?:the |my |our |his |her |their )?([a-z][a-z' ]{{1,40}}?)(?=[.,;:!?]|$)"
    )


def kinds_named(word: str) -> frozenset[str]:
    """The kinds of value a noun names ("salary" an amount, "day" a date or a weekday), from
    the cue tables named kind_of_*."""
    return _kind_words().get(stem(word), frozenset())


@cache
def _kind_words() -> dict[str, frozenset[str]]:
    kinds: dict[str, set[str]] = {}
    for name, words in tables().items():
        if name.startswith("kind_of_"):
            for word in words:
                kinds.setdefault(stem(word), set()).add(name.removeprefix("kind_of_"))
    return {word: frozenset(named) for word, named in kinds.items()}


_WRONG = re.compile(r"\bwrong ([a-z]+)\b")


def corrected_kinds(turn: str) -> frozenset[str]:
    """The kinds of value a turn says it got wrong by naming them ("wrong day", "that's the
    wrong number"): a new value of that kind is the fix."""
    return frozenset(k for word in _WRONG.findall(turn.lower()) for k in kinds_named(word))


def same_shape(a: str, b: str) -> bool:
    """Whether two codes are written alike, capitals, small letters and figures in the
    same runs ("9B" and "31F", "W2PK7R" and "Q8LM3T", not "20kg"): values of one format.
    A prefix of letters set off by a hyphen names the series ("PO-6612", "INC-2291"): two
    series are two formats."""
    return _shape(a) == _shape(b) and _series(a) == _series(b)


def _series(code: str) -> str:
    prefix = re.match(r"([A-Za-z]{2,5})-\d", code)
    return prefix.group(1).upper() if prefix else ""


def _shape(code: str) -> str:
    return re.sub(r"\d+", "9", re.sub(r"[A-Z]+", "A", re.sub(r"[a-z]+", "a", code)))
