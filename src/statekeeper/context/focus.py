"""Contested values, shown only where the query is about them.

A value that a superseded (or withheld) statement held and a live statement still holds is
contested: "Friday" was the old deadline of one thing and is still the deadline of another,
"$180K" was a rejected quote and is still that vendor's price. Where the live text speaks
of what the query asks about, the value is shown; in a passage about something else it is
left out ("…"), so an answer about one thing does not pick up a value that is dead for it.
Nothing else in the passage is touched, and a value the query itself names is always kept.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass
from functools import lru_cache

from statekeeper.context.hygiene import REDACTED, value_parts
from statekeeper.context.ranking import index_terms
from statekeeper.nlu.topic import value_kind

ELIDED = "…"
# Figures, not names: a name is what a passage is about, a figure what it says of it.
FIGURES = frozenset({"money", "percent", "date", "time", "duration", "number"})
# A passage that opens with a word pointing back ("they were $180K though", "your cap is
# now $140K"), or has fewer content words of its own than this, names no subject of its
# own: it continues the one before.
_OWN_SUBJECT = 2
_POINTS_BACK = re.compile(
    r"^\W*(?:(?:and|but|or|so)\s+)?(?:they|them|their|it|its|this|that|these|those|he|she|his|"
    r"her|your|which|who)(?![\w-])",
    re.IGNORECASE,
)
# A text sharing this many subject words with a dead statement is about the same thing.
_ECHO = 2

# Passages: sentences, clauses after a semicolon, a comma, or a coordinating "or" / "but" /
# "and", and parenthesized asides. A dot inside a token ("$1.5M", "v2.4") ends nothing.
_BREAK = re.compile(
    r"(?<=[.!?;])\s+|(?<=\.\.\.)|,\s+|\s+(?=\()|(?<=\))\s+|\s+(?=(?:or|but|and|though|whereas)\s)",
    re.IGNORECASE,
)


@lru_cache(maxsize=65536)
def passages(text: str) -> tuple[tuple[int, int], ...]:
    """The spans of a text's passages, in order."""
    spans, start = [], 0
    for match in _BREAK.finditer(text):
        if match.start() > start:
            spans.append((start, match.start()))
        start = max(start, match.end())
    if start < len(text):
        spans.append((start, len(text)))
    return tuple(spans)


@dataclass(frozen=True)
class Focus:
    """What a query is about (its stemmed content words), and the contested figures with
    the subject words of the dead statements that held them."""

    terms: frozenset[str]
    contested: Mapping[str, tuple[frozenset[str], ...]]

    @classmethod
    def of(cls, query: str, contested: Mapping[str, Sequence[str]]) -> Focus:
        """`contested` maps each contested value to the dead texts that held it."""
        named, lowered = value_parts(query), query.lower()
        return cls(
            frozenset(index_terms(query)),
            {
                value: tuple(_subject_terms(t) for t in dead)
                for value, dead in contested.items()
                if value_kind(value) in FIGURES and value not in named and value not in lowered
            },
        )

    def apply(self, text: str, replaced: str | None = None) -> str:
        """The text with each contested value left out of the passages that are not about
        the query, when the text is about the query elsewhere (it speaks of two things) or
        it echoes a dead statement that held the value (it repeats what was replaced).
        `replaced` is the text of the statement this one replaced, if any: a correction is
        about what it corrects, whatever its wording."""
        if not self.contested or not (value_parts(text) & self.contested.keys()):
            return text
        spans = passages(text)
        about: frozenset[str] = frozenset()
        relevant = []
        for start, end in spans:
            passage = text[start:end]
            own = _subject_terms(passage)
            continues = len(own) < _OWN_SUBJECT or _POINTS_BACK.match(passage) is not None
            about = about | own if continues else own
            relevant.append(bool(about & self.terms))
        whole = _subject_terms(text)
        pieces, last = [], 0
        for (start, end), hit in zip(spans, relevant, strict=True):
            passage = text[start:end]
            if hit:
                continue
            here = {
                v
                for v in value_parts(passage) & self.contested.keys()
                if any(relevant)
                or (replaced is not None and v in value_parts(replaced))
                or any(len(whole & dead) >= _ECHO for dead in self.contested[v])
            }
            if here:
                pieces += [text[last:start], _elide(passage, here)]
                last = end
        if not pieces:
            return text
        pieces.append(text[last:])
        return "".join(pieces)


@lru_cache(maxsize=65536)
def _subject_terms(passage: str) -> frozenset[str]:
    """A passage's stemmed content words and names, its figures left out."""
    words = set(index_terms(passage.replace(REDACTED, " ")))
    for value in value_parts(passage):
        if value_kind(value) in FIGURES:
            words -= set(index_terms(value))
    return frozenset(words)


@lru_cache(maxsize=65536)
def kept_values(old: str, new: str) -> frozenset[str]:
    """Figures a correction carried over unchanged: in both texts, with no other figure of
    the same kind in the new one ("2pm Tuesday" moved to "10am Tuesday" keeps Tuesday; "25%
    applies" corrected to "10% applies (25% needs a 3-year term)" does not keep 25%)."""
    before, after = value_parts(old), value_parts(new)
    fresh_kinds = {value_kind(v) for v in after - before}
    return frozenset(
        v for v in before & after if value_kind(v) in FIGURES and value_kind(v) not in fresh_kinds
    )


def _elide(passage: str, values: Set[str]) -> str:
    for value in sorted(values, key=len, reverse=True):
        words = r"\s+".join(re.escape(w) for w in value.split(" "))
        passage = re.sub(rf"(?<![\w$€£¥]){words}(?![\w%])", ELIDED, passage, flags=re.IGNORECASE)
    return passage
