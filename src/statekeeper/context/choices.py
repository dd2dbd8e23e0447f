"""Options a live requirement has ruled out, kept out of the recent turns.

An option that breaks a requirement the context states (a spending cap, a credential that
must be held, a deadline) is no live choice: shown as offered, it reads as one the model
may still pick. Its clause is replaced by a note saying what breaks which requirement, and
its label is left out of the other turns too, so what remains offered is the live choice
(or none, when every option breaks something). A label the query itself names stays, so a
question about that option can be answered with the reason it was ruled out.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date

from statekeeper.context.hygiene import contains_phrase, norm, phrase_pattern
from statekeeper.nlu.options import (
    Breach,
    Option,
    breach,
    cap_subject,
    offered_options,
    reference_day,
)
from statekeeper.nlu.topic import topic_terms

RULED_OUT = "[ruled-out option]"


def note(breached: Breach, key: str) -> str:
    return f"[option ruled out: {breached.attribute} breaks {key}]"


def settle_choices(
    turns: Sequence[str], requirements: Iterable[tuple[str, str]], query: str, today: date
) -> list[str]:
    """The turns with every option that breaks a requirement (key, text) replaced by a
    note, and its label left out elsewhere. Turns that offer no choice come back as they
    are, at the cost of one cached look each; the requirements are read only when some
    turn offers a choice."""
    offered = [offered_options(text) for text in turns]
    if not any(offered):
        return list(turns)
    # a key may say what a bare figure limits ("it_budget: $200,000 max")
    stated = [(key, f"{key.replace('_', ' ')}: {text}") for key, text in requirements]
    asked = norm(query)
    settled, labels = list(turns), []
    for i, (text, options) in enumerate(zip(turns, offered, strict=True)):
        if not options:
            continue
        day = reference_day(text, today)
        governing = _governing_caps(stated, topic_terms(f"{text} {query}"))
        for option in reversed(options):  # from the end, so earlier spans stay put
            ruled = _ruled_out(option, stated, day, governing)
            if ruled is None:
                continue
            named = contains_phrase(asked, norm(option.label))
            replacement = f"{option.label}: {ruled}" if named else ruled
            settled[i] = settled[i][: option.start] + replacement + settled[i][option.end :]
            if not named:
                labels.append(norm(option.label))
    if labels:
        pattern = phrase_pattern(tuple(sorted(labels, key=len, reverse=True)))
        settled = [pattern.sub(RULED_OUT, text) for text in settled]
    return settled


def _governing_caps(requirements: Sequence[tuple[str, str]], about: frozenset[str]) -> set[str]:
    """The keys of the spending caps that govern a choice about these words. Where some
    caps name what is being chosen ("venue budget" for venues), the caps that name other
    things (a catering budget) do not govern it; where none does, every cap does. A cap
    that names nothing ("maximum $100,000 annual spend") governs every choice."""
    caps = {
        key: subject for key, text in requirements if (subject := cap_subject(text)) is not None
    }
    naming = {key for key, subject in caps.items() if subject & about}
    if not naming:
        return set(caps)
    return naming | {key for key, subject in caps.items() if not subject}


def _ruled_out(
    option: Option, requirements: Sequence[tuple[str, str]], day: date, caps: set[str]
) -> str | None:
    for key, text in requirements:
        found = breach(option.body, text, day, caps=key in caps)
        if found is not None:
            return note(found, key)
    return None
