"""A turn's word that an old value no longer holds: out of reach ("Dock 7 is being
resurfaced"), taken back by its figure ("scratch the 2,480"), pointed at and gone ("I
closed the other account"), or called dead or past ("my old number")."""

from __future__ import annotations

import re
from functools import cache

from statekeeper.conversation.changes.figures import clock_of, digits, one_value
from statekeeper.conversation.cues import found, table, tables
from statekeeper.text.values import TypedValue, typed_values


def out_of_reach(turn: str, old: TypedValue) -> int | None:
    """Where the clause ends in which the turn says an old value is out of reach, by
    itself or by its label ("since 118 is booked", "Dock 7 is being resurfaced", "the
    usual room is taken"); None if it does not."""
    names = {old.text, digits(old.text), old.unit if old.kind == "code" else ""} - {""}
    clock = clock_of(old)
    if clock:  # "6.30 is too early" of "6:30pm"
        names |= {clock.replace(".", ":"), clock.replace(":", ".")}
    if old.kind == "name":  # "Ortiz had to drop out" of "Dr. Lena Ortiz"
        names |= {w for w in old.text.split() if len(w) > 2 and w[0].isupper() and "." not in w}
    start = 0
    for clause in re.split(r"([,;:.!?]\s+|\s(?:since|because|as)\s)", turn):
        start += len(clause)
        named = any(re.search(rf"(?<![\w]){re.escape(n)}(?!\w)", clause, re.I) for n in names)
        # or the old value written otherwise: "6.30" for "6:30pm", "£1,450" for "£1450"
        if (
            (named or any(one_value(v, old) for v in typed_values(clause)))
            and out_of_use(clause)
            and not _anothers_judgement(clause)
        ):
            return start
        if taken_back(clause, old):
            return start
    return None


# Someone other than the speaker holding a view: "my neighbour says", "Jo reckons".
_ANOTHERS_VIEW = re.compile(
    r"\b(?!(?:i|we)\b)[\w'’]+ (?:say|says|said|think|thinks|thought|reckons?|reckoned|feels?|felt"
    r"|believes?|finds?|found)\b",
    re.I,
)


def _anothers_judgement(clause: str) -> bool:
    """Whether a clause judges a value unfit in someone else's view ("my neighbour says
    6.30 is a little early"): their opinion puts nothing out of reach."""
    return found("judged_unfit", clause) and _ANOTHERS_VIEW.search(clause) is not None


def taken_back(clause: str, old: TypedValue) -> bool:
    """Whether a clause takes an old figure back by naming it ("scratch the 2,480", "forget
    the $60 I quoted"): a new one of its kind in the same turn is then its replacement."""
    return any(
        one_value(v, old) and _takes_back().search(clause[: v.start].lower())
        for v in typed_values(clause)
    )


@cache
def _takes_back() -> re.Pattern[str]:
    verbs = "|".join(tables()["retract_before"] + tables()["figure_taken_back"])
    return re.compile(rf"(?<![\w'])(?:{verbs})\s+(?:the|that|this|my|your|our)?\s*[$€£]?$")


# What points back at the value a turn replaces without saying it: "the other account",
# "the home one".
_THE_OLD_ONE = re.compile(
    r"\b(?:the|my|our|that) (?:(?:other|old|previous|former|usual) \w+|[\w-]+ one\b)", re.I
)


def old_one_gone(turn: str) -> bool:
    """Whether a turn says the one it replaces, pointed at and not named, is out of reach
    ("I closed the other account", "my old number doesn't work")."""
    return any(
        _THE_OLD_ONE.search(clause) and out_of_use(clause)
        for clause in re.split(r"[,;.!?]\s+", turn)
    )


def disowns(text: str) -> bool:
    """Whether a text calls what it speaks of dead or past ("my old number")."""
    return table("past_detail").search(text.lower()) is not None


def out_of_use(clause: str) -> bool:
    """Whether a clause says its subject is out of use ("Bay 2 flooded", "she's retired"),
    not what it is like: a word before a noun ("a retired postman", "the closed road")
    describes."""
    lowered = clause.lower()
    return any(
        not _DETERMINER_BEFORE.search(lowered, 0, m.start())
        for m in table("unavailable").finditer(lowered)
    )


_DETERMINER_BEFORE = re.compile(r"\b(?:a|an|the|his|her|their|our|my|your|its)\s+$")
