"""Counts moved by a step ("add fifteen more chairs", "two fewer tables"): the known count
of that kind of thing, moved by the step."""

from __future__ import annotations

import re
from collections.abc import Sequence

from statekeeper.conversation.changes.known import known_values
from statekeeper.conversation.changes.operations import Known, Replace, Source
from statekeeper.conversation.clauses import Sentence
from statekeeper.nlu.topic import stem
from statekeeper.text.values import NUMBER_WORDS, TypedValue

_FIGURE = r"\d{1,5}|" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
# "add fifteen more chairs", "another 2 tables", "3 extra seats", "two fewer covers"
_STEP = re.compile(
    rf"\b(?:(?P<adds>add|another|plus)\s+)?(?P<figure>{_FIGURE})\s+"
    r"(?P<way>more|extra|additional|fewer|less)\s+(?P<thing>[a-z]{3,})\b",
    re.IGNORECASE,
)


def counted_steps(said: Sequence[Sentence], sources: Sequence[Source]) -> list[Replace]:
    """Each known count a turn moves by a step, where one known count alone is of the
    thing the step counts."""
    known = known_values(sources)
    out: list[Replace] = []
    for sentence in said:
        if not sentence.reports:
            continue
        for step in _STEP.finditer(sentence.text):
            if not _asked(sentence.text, step):
                continue  # "3 more days to go" tells, it asks for nothing
            counts = _counts_of(known, step["thing"])
            if len({k.value.key for k in counts}) != 1:
                continue  # none, or more than one count it could move
            figure = _figure(step["figure"])
            sign = -1 if step["way"].lower() in ("fewer", "less") else 1
            for old in counts:
                moved = _moved(old.value.text, sign * figure)
                if moved is None:
                    continue
                at = sentence.start + step.start()
                value = TypedValue("quantity", moved, at, sentence.start + step.end())
                out.append(Replace(old, value, old.value.text, moved, "moved by a step"))
    return out


# What asks for more of a thing, before the count: "we need 3 more tables".
_ASKING = re.compile(r"\b(?:need|want|get|bring|order|book|make it|put in)\s+$", re.IGNORECASE)


def _asked(sentence: str, step: re.Match[str]) -> bool:
    """Whether a step is asked for: added ("add", "another", "plus"), taken away
    ("fewer"), or wanted ("we need 3 more tables")."""
    if step["adds"] or step["way"].lower() in ("fewer", "less"):
        return True
    return _ASKING.search(sentence[: step.start()]) is not None


def _counts_of(known: Sequence[Known], thing: str) -> list[Known]:
    """The known counts of a thing ("40 chairs" for "chairs")."""
    head = stem(thing.lower())
    return [
        k for k in known if k.value.kind == "quantity" and k.value.unit.split()[-1:] == [head]
    ]


def _figure(said: str) -> int:
    return int(said) if said.isdigit() else NUMBER_WORDS[said.lower()]


def _moved(count: str, by: int) -> str | None:
    """A count moved by `by`, written as it was ("40 chairs" by 15: "55 chairs")."""
    figure = re.match(r"\d[\d,]*", count)
    if figure is None:
        return None
    total = int(figure.group(0).replace(",", "")) + by
    return None if total < 0 else f"{total:,}{count[figure.end():]}"
