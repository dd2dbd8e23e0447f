"""What a speaker states of themself, as a pure function: "my budget is $2,000", "I work as
a nurse", "I'm allergic to penicillin", each under a key its words name.

A person has one budget, one birthday, one job at a time, so saying one is recording it.
Precision comes first: "my X is Y" counts only when Y holds a typed value (an amount, a
date, a time, a count, a name) or X is a stated preference ("my favourite colour"), so
"my mom is sick" and "my point is ..." record nothing; the other frames are few, and a
place or an employer must be a name. Only sentences that report something of the
speaker's own count, as for contact details.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from statekeeper.conversation.clauses import sentences
from statekeeper.conversation.cues import table, tables
from statekeeper.conversation.details import DETAIL_KINDS
from statekeeper.text.values import TypedValue, typed_values


@dataclass(frozen=True)
class Personal:
    key: str
    value: str
    many: bool = False  # one of several the speaker has (allergies): a new one joins them


# "my budget is $2,000": an attribute of the speaker and its value, opening a clause.
_MY_ATTRIBUTE = re.compile(
    r"(?:^|[,;:]\s+|\b(?:and|but|so|because|since)\s+)"
    r"(?:(?:so|and|also|btw|oh|well|fyi|ok|okay),?\s+)*my\s+(?P<s>[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,3})"
    r"\s+(?:is|are|'s)\s+(?:now\s+|actually\s+)?(?:on\s+|at\s+)?(?P<v>[^.;!?]{1,60}?)"
    r"(?=\s*(?:[.;!?]|,\s|$))",
    re.I,
)
# What may follow a value without being part of it: "$1,650 a month" keeps its rate.
_TAIL = re.compile(r"\s+(?:now|these days|for now|btw|lol|haha|as well|too|also)$", re.I)
_WORD_VALUE = re.compile(r"[\w'&-]+(?:\s+[\w'&-]+){0,3}")
_NAME = re.compile(r"(?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+){0,3}")


def personal(turn: str) -> list[Personal]:
    """The facts a speaker states of themself, each once, in the order said."""
    return list(_personal(turn))


@lru_cache(maxsize=4096)
def _personal(turn: str) -> tuple[Personal, ...]:
    """`personal`, kept per text: a turn's reading asks twice."""
    found: dict[str, Personal] = {}
    for sentence in sentences(turn):
        if not sentence.reports or sentence.wanted:
            continue
        text = sentence.text.strip()
        for fact in (_attribute(text), *_framed(text)):
            if fact is not None and fact.key not in found:
                found[fact.key] = fact
    return tuple(found.values())


def _attribute(text: str) -> Personal | None:
    said = _MY_ATTRIBUTE.search(text)
    if said is None:
        return None
    subject, value = said["s"].lower(), _TAIL.sub("", said["v"].strip())
    if table("someone_else").fullmatch(f"my {subject}") or table("past_detail").search(subject):
        return None  # "my old number was ...", not a value of now
    typed = typed_values(value)
    if any(v.kind in DETAIL_KINDS for v in typed):
        return None  # a phone, an e-mail or an address is a contact detail, read as one
    preference = table("preference").match(subject) is not None
    named = _NAME.fullmatch(value) is not None  # "my manager is Ana Ortiz"
    if not (typed or named or (preference and _WORD_VALUE.fullmatch(value))):
        return None  # "my mom is sick", "my point is that ..."
    if typed and not _only_figures(value, typed):
        return None  # "9am standup, then meetings": a clause around a figure, not a value
    words = [w.replace("-", "_") for w in subject.split() if w not in _FUNCTION_WORDS]
    return Personal("_".join(words), _with_following_date(value, text[said.end("v") :]))


# Words a typed value may stand among in a value of its own: "$1,650 a month",
# "around 6pm", "5 years old".
_FUNCTION_WORDS = frozenset("a an the for of my our to on at in per each".split())
_BESIDE_FIGURES = _FUNCTION_WORDS | frozenset(
    """around about roughly approximately only just exactly sharp total old month months
    year years week weeks day days night nights hour hours dozen head person""".split()
)


def _only_figures(value: str, typed: tuple[TypedValue, ...]) -> bool:
    """Whether a value is its figures and nothing but rate and function words beside them."""
    rest = value
    for v in sorted(typed, key=lambda v: v.start, reverse=True):
        rest = rest[: v.start] + " " + rest[v.end :]
    return all(w in _BESIDE_FIGURES for w in re.findall(r"[a-z]+", rest.lower()))


def _with_following_date(value: str, after: str) -> str:
    """A weekday and its date are one value though a comma parts them: "Monday, Aug 4"."""
    more = re.match(r",\s+([^,.;!?]{1,20})", after)
    if more and typed_values(value) and {v.kind for v in typed_values(more.group(1))} & {"date"}:
        return f"{value}, {more.group(1).strip()}"
    return value


def _framed(text: str) -> list[Personal]:
    """Facts in the few frames that name their slot: "I work as a nurse"."""
    found = []
    lowered = text.lower()
    for name in tables():
        if not name.startswith("personal_"):
            continue
        for frame in table(name).finditer(lowered):
            rest = text[frame.end() :].strip()
            value = _value_after(rest, named=name in _NAMED)
            if value:
                key = name.removeprefix("personal_")
                found.append(Personal(key, value, many=key in _MANY))
                break
    return found


# Slots a person has several of at once.
_MANY = frozenset({"allergy"})
# Frames whose value must be a name: a city, an employer.
_NAMED = frozenset({"personal_lives_in", "personal_employer"})
_VALUE_END = re.compile(r"\s*(?:[,;.!?]|\s(?:and|but|so|because|since|for|at|in|with|now)\b|$)")


def _value_after(rest: str, *, named: bool) -> str | None:
    """The value a frame gives: its next words up to a clause's end, a name when it must
    be one ("Portland", not "a small flat")."""
    end = _VALUE_END.search(rest)
    value = _TAIL.sub("", rest[: end.start()] if end else rest)
    words = value.split()
    if not words or len(words) > 4:
        return None
    if named and not all(w[0].isupper() for w in words):
        return None
    return value
