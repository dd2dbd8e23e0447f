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
from statekeeper.nlu.options import Breach, Option, breach, offered_options, reference_day

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
        day = reference_day(text, today) if options else today
        for option in reversed(options):  # from the end, so earlier spans stay put
            ruled = _ruled_out(option, stated, day)
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


def _ruled_out(option: Option, requirements: Sequence[tuple[str, str]], day: date) -> str | None:
    for key, text in requirements:
        found = breach(option.body, text, day)
        if found is not None:
            return note(found, key)
    return None
