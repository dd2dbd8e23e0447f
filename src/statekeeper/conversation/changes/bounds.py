"""Whether a value is stated as a bound ("up to $10,000", "by June 10") or as an amount
or a moment: a bound only takes the place of a bound."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from statekeeper.conversation.changes.operations import Known
from statekeeper.conversation.changes.wording import SEGMENT_END
from statekeeper.conversation.cues import found, table, tables
from statekeeper.text.values import TypedValue, typed_values

_MOMENTS = frozenset({"date", "time"})  # kinds bound only by a deadline


# A deadline named before its moment, or the end of a working day: "by close of business
# on the 9th", "end of play Friday", "COB Thursday".
_DEADLINE_NAMED = re.compile(
    r"\b(?:deadlines?|due dates?|(?:close|end) of (?:business|play|day)|cob|eod)\b"
)


def bounds_alike(known: Known, bound: bool, changes: bool, moved: bool = False) -> bool:
    """Whether a new value may take a known one's place as bound or amount: a bound for a
    bound, an amount for an amount. A figure held under a key that names a bound
    (refund_limit, hotel_cap) is one too, but a plain amount with a word of change may
    still replace it ("they cut it to 20 kg"); without one it is one case ("just refund
    the full $600"). A moment a thing is moved to (`moved`) is where a deadline goes as
    well as a meeting: "due Oct 16", then "we'd push it to Oct 21"."""
    held = stated_as_bound(known.source.text, known.value)
    keyed = bool(set((known.source.key or "").lower().split("_")) & set(tables()["bound_keys"]))
    if moved and held and known.value.kind in _MOMENTS:
        return True
    return (held or keyed) == bound or (keyed and not held and changes)


def moved_to(text: str, value: TypedValue) -> bool:
    """Whether a date or a time is where its clause moves something: "push it to Oct 21",
    "the launch slid back to the 9th", "extended the filing to May 2"."""
    if value.kind not in _MOMENTS:
        return False
    start = max((m.end() for m in SEGMENT_END.finditer(text, 0, value.start)), default=0)
    return _moved_to().search(text[start : value.start]) is not None


@cache
def _moved_to() -> re.Pattern[str]:
    """A verb that carries something to a moment, up to four words of what it moves, a
    particle, and "to" right before the moment."""
    verbs = "|".join(tables()["moved_to_verbs"])
    return re.compile(
        rf"\b(?:{verbs})\b(?:\s+[\w'’-]+){{0,4}}?\s+(?:(?:back|out|up|over)\s+)?"
        r"(?:to|till|until)\s+(?:the\s+)?$",
        re.IGNORECASE,
    )


def stated_as_bound(text: str, value: TypedValue) -> bool:
    """Whether a figure is stated as a bound ("up to $10,000", "$200 without approval")
    rather than an amount; a date or a time, as a deadline ("by June 10") rather than when
    something is or starts. "Until" and "through" bound neither: "valid until May 31" and
    "runs to June 20" both say when a period ends, "can't seat us until 7pm" when the
    dinner starts."""
    start = max((m.end() for m in SEGMENT_END.finditer(text, 0, value.start)), default=0)
    said = text[start : value.start].split()
    before = [w.lower() for w in said]
    head = " ".join(before[-3:])
    if value.kind in _MOMENTS:
        # "by June 10", or a deadline named just before it, past no other moment ("pushed
        # the deadline a week, to June 17"): a moment by which, not at which
        since = max(
            (v.end for v in typed_values(text) if v.kind in _MOMENTS and v.end <= value.start),
            default=0,
        )
        lead = re.split(r"[.!?]\s", text[since : value.start])[-1].lower().split()[-6:]
        named = _DEADLINE_NAMED.search(" ".join(lead)) is not None
        return named or table("deadlines").search(head) is not None
    if _bound_said(said[-3:], len(said) <= 3):
        return not _moved_up(" ".join(before[-8:]))
    return table("bounds_after").match(text[value.end :].lower().lstrip()) is not None


def _bound_said(words: Sequence[str], opens: bool) -> bool:
    """Whether the words before a figure bound it ("up to", "at most", "maximum discount
    is"); a cue word capitalized inside its clause is a name ("cut Max down to 1.5 cups"),
    unless the clause opens with it (`opens`)."""
    for cue in table("bounds").finditer(" ".join(words).lower()):
        at = len(" ".join(words)[: cue.start()].split())  # the word the cue starts on
        if not (words[at][:1].isupper() and (at > 0 or not opens)):
            return True
    return False


def _moved_up(lead: str) -> bool:
    """Whether "up to" follows a verb of moving ("they pulled the check-up up to the 4th",
    "rent goes up to $1,925"): an earlier date or a higher figure, not a limit, unless
    said as what one may do ("we can go up to $500")."""
    return lead.endswith("up to") and found("moved_up", lead) and not found("up_to_limit", lead)


# What joins the two ends of a span: "19:30-21:00", "18:45 to 20:15", "9 till 5".
_SPAN_JOIN = r"\s?(?:-|–|—|to|till|until)\s?"
_OPENS_SPAN = re.compile(rf"^{_SPAN_JOIN}\S", re.I)
_CLOSES_SPAN = re.compile(rf"\S{_SPAN_JOIN}$", re.I)


def span_side(text: str, value: TypedValue) -> str:
    """Which end of a span of two values a value is in its text: "start" ("18:45" of
    "18:45 to 20:15"), "end", or "" when it stands alone."""
    if _OPENS_SPAN.match(text[value.end : value.end + 8]):
        return "start"
    if _CLOSES_SPAN.search(text[max(0, value.start - 8) : value.start]):
        return "end"
    return ""
