"""The values a restriction names among those said before it.

"Her pay is £30 an hour and her mobile is 07911 228 564. Tutor pay and personal numbers
are staff-only." restricts both values, though the restriction states neither. Like any
definite description, "tutor pay" refers to the latest value that fits it: one labelled by
the same word, or by a word of the same slot ("mobile" of "numbers"), or else one of the
kind the noun names ("her current salary" of "she's on £52,000 now").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from statekeeper.conversation.changes.kinds import kinds_named
from statekeeper.conversation.changes.labels import label_before, with_slots
from statekeeper.conversation.cues import table
from statekeeper.nlu.topic import topic_terms
from statekeeper.text.values import TypedValue, typed_values

_LONG_NUMBER = 9  # digits from which a bare number can be a phone number


@dataclass(frozen=True)
class Said:
    """A value as it was said: the text that holds it, and where."""

    text: str
    value: TypedValue


def named_values(restriction: str, before: Sequence[str]) -> list[Said]:
    """The values of the texts `before` (oldest first) that a restriction names: for each
    content word of it, the latest value it labels or, failing that, the latest value of
    each kind it names in the latest text that holds one. A word that fits no value names
    none."""
    said = [Said(text, v) for text in before for v in typed_values(text)]
    said.reverse()  # latest first
    named: dict[tuple[str, int], Said] = {}
    for term in object_terms(restriction):
        found = [s for s in said if _labels(term, s)][:1]
        if not found:  # "appointments" of a day and a time said together: the latest of each
            fits = [s for s in said if _of_kind(term, s.value)]
            latest = {s.value.kind: s for s in reversed(fits) if s.text == fits[0].text}
            found = list(latest.values())
        named |= {(s.text, s.value.start): s for s in found}
    return list(named.values())


def object_terms(restriction: str) -> frozenset[str]:
    """The content words of a restriction that name what it restricts: its words of
    withholding left out, and the one kept from it ("Helen is not to be told")."""
    lowered = restriction.lower()
    told = table("told_withheld").search(lowered)
    if told is not None:
        lowered = lowered[told.end() :]
    for name in ("confidential", "withholding_words"):
        lowered = table(name).sub(" ", lowered)
    return topic_terms(lowered)


def _labels(term: str, said: Said) -> bool:
    """Whether a word labels a value where it was said: "pay is £30" of "pay", "mobile is
    07911 ..." of "numbers", which names the same slot."""
    label = label_before(said.text, said.value)
    if not label:
        return False
    if label == term:
        return True
    slots = {w for w in with_slots(frozenset({label})) if w.startswith("#")}
    return bool(slots & with_slots(frozenset({term})))


def _of_kind(term: str, value: TypedValue) -> bool:
    """Whether a word names the kind of a value: "salary" an amount, "number" a phone."""
    kinds = kinds_named(term)
    if value.kind in kinds:
        return True
    digits = sum(c.isdigit() for c in value.text)
    return value.kind == "number" and "phone" in kinds and digits >= _LONG_NUMBER
