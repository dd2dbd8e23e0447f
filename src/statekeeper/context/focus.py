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
from collections.abc import Callable, Container, Iterable, Mapping, Sequence, Set
from dataclasses import dataclass, field
from datetime import datetime

from statekeeper.context.hygiene import REDACTED, phrase_pattern, value_parts
from statekeeper.context.past import past_values, without_past
from statekeeper.context.ranking import index_terms
from statekeeper.memo import memoized
from statekeeper.nlu.interpret import CHANGE, lowercase_union
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
_CHANGE = lowercase_union(CHANGE)  # searched in lowercased text
# A query that asks for the whole picture, or names no subject, is about everything.
OVERVIEW = re.compile(
    r"\b(?:summar(?:y|ize|ise)|recap|overview|everything|catch me up|bring me up to speed|"
    r"where (?:do )?(?:we|things) stand|state of (?:play|things)|big picture)\b",
    re.IGNORECASE,
)

# Passages: sentences, clauses after a semicolon or before a coordinating "or" / "but" /
# "and", and parenthesized asides. A comma ends nothing ("Friday, 3pm in the Harbor Room"),
# nor does a dot inside a token ("$1.5M", "v2.4").
_BREAK = re.compile(
    r"(?<=[.!?;])\s+|(?<=\.\.\.)|\s+(?=\()|(?<=\))\s+|\s+(?=(?:or|but|and|though|whereas)\s)",
    re.IGNORECASE,
)


@memoized(65536)
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


Contested = Mapping[str, tuple[frozenset[str], ...]]


def contested_figures(
    dead_texts: Iterable[str], live_parts: Container[str], live_texts: Iterable[str] = ()
) -> Contested:
    """The figures dead texts held, or live texts mark as past ("your $200K is now
    $140K"), that a live text still asserts, each with the subject words of the texts
    that held it dead."""
    held: dict[str, list[frozenset[str]]] = {}
    for text in dead_texts:
        for part in value_parts(text):
            if part in live_parts and value_kind(part) in FIGURES:
                held.setdefault(part, []).append(_subject_terms(text))
    for text in live_texts:
        for part in past_values(text):
            if part in live_parts and value_kind(part) in FIGURES:
                held.setdefault(part, []).append(_subject_terms(text))
    return {part: tuple(terms) for part, terms in held.items()}


@dataclass
class Focus:
    """What a query is about (its stemmed content words), the contested figures with the
    subject words of the dead statements that held them, and the contested figures not to
    touch for this query (the ones it names, the ones a correction carried over)."""

    terms: frozenset[str]
    contested: Contested
    spared: frozenset[str] = frozenset()
    # (text, value): whether the text echoes a dead statement that held the value; the
    # answer does not depend on the query, so a caller may share this across queries
    echoes: dict[tuple[str, str], bool] = field(default_factory=dict)
    # everything the context shows, with when it was said (asked for when first needed),
    # and how a text reads once cleaned of dead values
    said: Callable[[], Iterable[tuple[datetime, str]]] = tuple
    clean: Callable[[str], str] = str
    pasts: Callable[[str], Sequence[str]] = past_values  # what a text marks as past
    index: dict[str, list[tuple[datetime, frozenset[str], frozenset[str]]]] | None = None
    marked: dict[str, list[datetime]] | None = None

    @classmethod
    def of(
        cls,
        query: str,
        contested: Contested,
        kept: Iterable[str] = (),
        echoes: dict[tuple[str, str], bool] | None = None,
        said: Callable[[], Iterable[tuple[datetime, str]]] = tuple,
        clean: Callable[[str], str] = str,
        pasts: Callable[[str], Sequence[str]] = past_values,
    ) -> Focus:
        terms = frozenset(index_terms(query))
        if not terms or OVERVIEW.search(query):
            contested = {}
        lowered = query.lower()
        named = {v for v in contested if v in lowered} | value_parts(query)
        return cls(
            terms,
            contested,
            frozenset(named.union(kept)),
            {} if echoes is None else echoes,
            said,
            clean,
            pasts,
        )

    def _restated(self, value: str, about: frozenset[str], when: datetime) -> bool:
        """Did something said after `when`, about the same thing the query asks about,
        change it to another figure of the value's kind ("dinner Saturday", later "new
        plan: dinner Monday")? A later figure without a word of change ("deposit paid:
        $2,000" after "invoice total $5,000") may be another detail of the same thing."""
        kind = value_kind(value)
        for term in about & self.terms:
            for moment, kinds, asserted in self._changes().get(term, ()):
                if moment > when and kind in kinds and value not in asserted:
                    return True
        return any(moment > when for moment in self._pasts().get(value, ()))

    def _pasts(self) -> dict[str, list[datetime]]:
        """The figures something said marks as past ("your $900K is now $720K", "instead of
        Friday"), and when: a figure named as replaced is stale wherever it was said
        before, whatever the words around it."""
        if self.marked is None:
            self._scan()
        assert self.marked is not None
        return self.marked

    def _changes(self) -> dict[str, list[tuple[datetime, frozenset[str], frozenset[str]]]]:
        """For each query word, the passages said that change figures about it: when, the
        kinds of figure they give, and every figure their text still asserts."""
        if self.index is None:
            self._scan()
        assert self.index is not None
        return self.index

    def _scan(self) -> None:
        """One pass over what was said, once per query, when first needed."""
        index: dict[str, list[tuple[datetime, frozenset[str], frozenset[str]]]] = {}
        marked: dict[str, list[datetime]] = {}
        for moment, raw in self.said():
            if not self.contested.keys().isdisjoint(self.pasts(raw)):
                # cleaning only takes values away: what raw marks nothing of, clean neither
                text = self.clean(raw)
                for value in self.pasts(text):
                    if value in self.contested and value not in _asserted(text):
                        marked.setdefault(value, []).append(moment)
            if _changes_something(raw) and not self.terms.isdisjoint(_subject_terms(raw)):
                text = self.clean(raw)
                layout = _layout(text)
                for _, _, about, _, kinds, changes in layout:
                    if changes and kinds:
                        for term in about & self.terms:
                            index.setdefault(term, []).append((moment, kinds, _asserted(text)))
        self.index, self.marked = index, marked

    def _echoes(self, text: str, whole: frozenset[str], value: str) -> bool:
        known = self.echoes.get((text, value))
        if known is None:
            known = any(len(whole & dead) >= _ECHO for dead in self.contested[value])
            self.echoes[(text, value)] = known
        return known

    def _here(self, parts: frozenset[str]) -> set[str]:
        if self.contested.keys().isdisjoint(parts):
            return set()
        return {p for p in parts if p in self.contested and p not in self.spared}

    def apply(
        self,
        text: str,
        replaced: str | None = None,
        when: datetime | None = None,
        binding: bool = False,
    ) -> str:
        """The text with each contested value left out of the passages that are not about
        the query, when the text is about the query elsewhere (it speaks of two things) or
        it echoes a dead statement that held the value (it repeats what was replaced).
        `replaced` is the text of the statement this one replaced, if any: a correction is
        about what it corrects, whatever its wording. In a passage about the query, a
        contested value is left out when something said after `when` changed the same
        subject to another value of its kind, or when the text itself marks it as past
        ("your $80K is now $65K"). A `binding` text (a constraint, a policy) is only ever
        changed that way: a rule stays whole where the query is about something else."""
        here = self._here(value_parts(text))
        if not here:
            return text
        whole = _subject_terms(text)
        if self.terms.isdisjoint(whole):  # no passage is about the query: no layout needed
            if binding:
                return text
            gone = {
                v
                for v in here
                if (replaced is not None and v in value_parts(replaced))
                or self._echoes(text, whole, v)
            }
            return _elide(text, gone) if gone else text
        layout = _layout(text)
        relevant = [not about.isdisjoint(self.terms) for _, _, about, *_ in layout]
        speaks_of_query = any(relevant)
        pieces, last = [], 0
        for (start, end, about, parts, *_), hit in zip(layout, relevant, strict=True):
            if hit:
                here = {
                    v
                    for v in self._here(parts)
                    if v in self.pasts(text)
                    or (when is not None and self._restated(v, about, when))
                }
            elif binding:
                continue
            else:
                here = {
                    v
                    for v in self._here(parts)
                    if speaks_of_query
                    or (replaced is not None and v in value_parts(replaced))
                    or self._echoes(text, whole, v)
                }
            if here:
                pieces += [text[last:start], _elide(text[start:end], here)]
                last = end
        if not pieces:
            return text
        pieces.append(text[last:])
        return "".join(pieces)


# A passage: its span, what it is about, its values, the kinds of its figures, and whether
# it speaks of a change.
Layout = tuple[tuple[int, int, frozenset[str], frozenset[str], frozenset[str], bool], ...]


@memoized(65536)
def _changes_something(text: str) -> bool:
    return _CHANGE.search(text.lower()) is not None


@memoized(65536)
def _asserted(text: str) -> frozenset[str]:
    """The values a text asserts, those it marks as past left out."""
    return value_parts(without_past(text))


@memoized(65536)
def _layout(text: str) -> Layout:
    """A text's passages, each with its span, what it is about (its own subject words, or
    the one before's too when it names none), its values, the kinds of its figures and
    whether it speaks of a change. The same texts recur in every context: each is laid
    out once."""
    layout = []
    about: frozenset[str] = frozenset()
    for start, end in passages(text):
        passage = text[start:end]
        own = _subject_terms(passage)
        continues = (
            len(_plain_words(passage)) < _OWN_SUBJECT or _POINTS_BACK.match(passage) is not None
        )
        about = about | own if continues else own
        parts = value_parts(passage)
        kinds = frozenset(value_kind(p) for p in parts) & FIGURES
        layout.append((start, end, about, parts, kinds, _changes_something(passage)))
    return tuple(layout)


@memoized(65536)
def _subject_terms(passage: str) -> frozenset[str]:
    """A passage's stemmed content words and names, its figures left out."""
    return _words_besides(passage, lambda value: value_kind(value) in FIGURES)


def _plain_words(passage: str) -> frozenset[str]:
    """A passage's content words that are no value at all (no figure, name or code)."""
    return _words_besides(passage, lambda value: True)


def _words_besides(passage: str, left_out: Callable[[str], bool]) -> frozenset[str]:
    """A passage's stemmed content words, less those of the values `left_out` picks."""
    words = set(index_terms(passage.replace(REDACTED, " ")))
    for value in value_parts(passage):
        if left_out(value):
            words -= set(index_terms(value))
    return frozenset(words)


@memoized(65536)
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
    return phrase_pattern(tuple(sorted(values, key=len, reverse=True))).sub(ELIDED, passage)
