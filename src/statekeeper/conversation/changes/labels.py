"""What the words around a value say it is a value of: the content words next to it,
the slot they name, the names beside it, the label before a bare figure, and a key for a
value only said in passing."""

from __future__ import annotations

import re
from functools import cache, lru_cache

from statekeeper.conversation.changes.wording import SEGMENT_END
from statekeeper.conversation.cues import tables
from statekeeper.nlu.topic import stem, topic_terms
from statekeeper.text.values import TypedValue, typed_values

_WINDOW = 8  # content words on each side of a value that tell what it is a value of


LABELLED = frozenset({"number", "code"})  # kinds a word before them may label


_CAPITALIZED = re.compile(r"\b[A-Z][a-z]{2,}\b")


def anchor(text: str, value: TypedValue) -> frozenset[str]:
    """The content stems standing next to a value inside its segment of text: what it is a
    value of ("caterer is Blue Olive", "300 sq ft for the patio")."""
    start = max((m.end() for m in SEGMENT_END.finditer(text, 0, value.start)), default=0)
    stop = SEGMENT_END.search(text, value.end)
    end = stop.start() if stop else len(text)
    start, end = _shared_with_neighbours(text, value, start, end)
    before = _without_values(text[start : value.start]).split()[-_WINDOW:]
    after = _without_values(text[value.end : end]).split()[:_WINDOW]
    return topic_terms(" ".join([*before, *after]))


# Where the words between two values part: "doors 19:30 and last orders at 23:00".
_PARTING = re.compile(r",\s|\s(?:and|then|plus|but)\s", re.I)


def _shared_with_neighbours(
    text: str, value: TypedValue, start: int, end: int
) -> tuple[int, int]:
    """A value's segment without the words that belong to the values beside it: between
    two values, the words after a comma or an "and" are the next one's ("doors 19:30 and last
    orders at 23:00"), those before it the first one's ("£40 deposit, £160 balance")."""
    others = [v for v in typed_values(text) if start <= v.start and v.end <= end]
    before = [v for v in others if v.end <= value.start]
    after = [v for v in others if v.start >= value.end]
    if before:  # where the value has words of its own after the parting
        parts = list(_PARTING.finditer(text, before[-1].end, value.start))
        if parts and topic_terms(_without_values(text[parts[-1].end() : value.start])):
            start = parts[-1].end()
    if after:  # where the next value has words of its own ("and in by 17/4" has none)
        part = _PARTING.search(text, value.end, after[0].start)
        if part and topic_terms(_without_values(text[part.end() : after[0].start])):
            end = part.start()
    return start, end


@cache
def _slot_groups() -> tuple[tuple[str, frozenset[str]], ...]:
    """Words that name one slot in different ways ("cell", "mobile", "number"), stemmed,
    from the cue tables named slot_*."""
    return tuple(
        (name, frozenset(stem(word) for word in words))
        for name, words in tables().items()
        if name.startswith("slot_")
    )


def with_slots(words: frozenset[str]) -> frozenset[str]:
    """The words, and the slot each names: "cell" and "phone" then share one."""
    groups = {f"#{name}" for name, stems in _slot_groups() if words & stems}
    return words | groups if groups else words


def names_near(text: str, near: frozenset[str]) -> frozenset[str]:
    """Capitalized words among a value's neighbours `near`: whose or which one it is ("the
    Hamburg load goes to Bay 7")."""
    words = [
        m.group(0) for m in _CAPITALIZED.finditer(text) if not _opens_sentence(text, m.start())
    ]
    return frozenset(w.lower() for w in words if topic_terms(w) & near)


def _opens_sentence(text: str, start: int) -> bool:
    """Whether a word starts its sentence, where any word is capitalized."""
    before = text[:start].rstrip()
    return not before or before[-1] in ".!?:;\"'(-–—"


@lru_cache(maxsize=8192)
def _without_values(text: str) -> str:
    """The text with every typed value it holds taken out, but a title in quotes: "3 kg of
    'Nicola'" is about the Nicola, as "the supplier's put Nicola up" is."""
    for value in reversed(typed_values(text)):
        if not quoted_title(text, value):
            text = text[: value.start] + " " + text[value.end :]
    return text


_QUOTED = re.compile(r"['‘\"“].+['’\"”]$")


def quoted_title(text: str, value: TypedValue) -> bool:
    """Whether a value is a title in quotes: "'Winter Ledger'", "\"The Third Man\"" name a
    work, not a person or a place."""
    return _QUOTED.match(text[max(value.start - 1, 0) : value.end + 1]) is not None


def label_before(text: str, value: TypedValue) -> str:
    """The content word just before a figure, function words skipped, stemmed: what a bare
    number is labelled as ("routing 121000358", "ending in 0926")."""
    start = max((m.end() for m in SEGMENT_END.finditer(text, 0, value.start)), default=0)
    for word in reversed(text[start : value.start].split()):
        terms = topic_terms(word)
        if terms:
            return min(terms)
    return ""


def slot_name(text: str, value: TypedValue) -> str:
    """A key for a value only said in passing: the words just before it in its segment
    ("Member number 73391842" -> "member_number"), else its kind."""
    if value.kind == "code" and value.unit:
        head = text[: value.start] + " " + value.unit
    else:
        head = text[: value.start]
    start = max((m.end() for m in SEGMENT_END.finditer(head)), default=0)
    words = [w for w in re.findall(r"[a-z]+", head[start:].lower()) if topic_terms(w)]
    if not words and value.kind in ("number", "quantity"):  # "40 folding chairs"
        stop = SEGMENT_END.search(text, value.end)
        after = re.sub(r"^[\d,.]+", "", text[value.start : stop.start() if stop else len(text)])
        counted = re.match(r"\s*((?:[a-z]+\s+){0,2}?[a-z]+s)\b", after.lower())
        words = [w for w in counted.group(1).split() if topic_terms(w)] if counted else []
    return "_".join(words[-2:]) or value.kind
