"""The values already known: every typed value the sources state, each once, with the
words around all its mentions."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from statekeeper.conversation.changes.labels import (
    LABELLED,
    anchor,
    label_before,
    names_near,
    with_slots,
)
from statekeeper.conversation.changes.operations import Known, Source
from statekeeper.nlu.topic import topic_terms
from statekeeper.text.values import TypedValue, typed_values


def known_values(sources: Sequence[Source]) -> list[Known]:
    """Every typed value the sources state, each once (a fact's copy before a turn's),
    with the words around all its mentions."""
    found: dict[tuple[str, str], Known] = {}
    for source in sorted(sources, key=lambda s: s.fact_id is None):
        label = topic_terms(fact_label(source))
        for value, plain, names in _mentions(source.text):
            mark = (value.kind, value.key)
            seen = found.get(mark)
            if seen is None:
                tag = label_before(source.text, value) if value.kind in LABELLED else ""
                found[mark] = Known(value, source, with_slots(plain | label), names, tag)
            else:  # kept where it was first found, with the words of every mention
                found[mark] = Known(
                    seen.value,
                    seen.source,
                    with_slots(seen.anchor | plain | label),
                    seen.names | names,
                    seen.label,
                )
    return list(found.values())


@lru_cache(maxsize=8192)
def _mentions(text: str) -> tuple[tuple[TypedValue, frozenset[str], frozenset[str]], ...]:
    """Each typed value of a text with the words and the names around it; a live fact's
    text is read again at every turn, so this is kept."""
    out = []
    for value in typed_values(text) or _whole_name(text):
        near = anchor(text, value)
        out.append((value, near, names_near(text, near)))
    return tuple(out)


# A text that is a person's or a place's name and nothing else: "Derek Olsen".
_WHOLE_NAME = re.compile(r"[A-Z][a-z'’-]+(?:\s+(?:[A-Z][a-z'’-]+|de|la|van|von)){1,3}")


def _whole_name(text: str) -> tuple[TypedValue, ...]:
    """A value that is a name alone, which the sentence reader leaves out because a
    sentence's first words may only open it."""
    stripped = text.strip()
    if not _WHOLE_NAME.fullmatch(stripped):
        return ()
    start = text.index(stripped)
    return (TypedValue("name", stripped, start, start + len(stripped)),)


def fact_label(source: Source) -> str:
    """What a fact is about by its key and the label before its first colon, if any
    ("Cleaning with the hygienist: Monday 9:30")."""
    if source.fact_id is None:
        return ""
    head, colon, _ = source.text.partition(":")
    return " ".join([(source.key or "").replace("_", " "), head if colon else ""])
