"""An item added to a list a live fact keeps: "add bananas to the grocery list", "put the
projector on the packing list".

The list is named by its own words (its key, or the label before its colon), and the
fact has to read as a list already ("Grocery list: eggs, milk"); an item it holds is not
added twice. Pure functions of the turn and the facts.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from statekeeper.conversation.changes.operations import Source
from statekeeper.conversation.clauses import sentences
from statekeeper.conversation.cues import tables
from statekeeper.nlu.interpret import mentions
from statekeeper.nlu.topic import topic_terms

_LEADING = re.compile(r"^(?:a|an|the|some|one more|another|also)\s+", re.IGNORECASE)


@dataclass(frozen=True)
class Added:
    """`item` goes on the list `source` (a live fact) states."""

    source: Source
    item: str


@cache
def _pattern() -> re.Pattern[str]:
    verbs = "|".join(tables()["add_verbs"])
    return re.compile(
        rf"\b(?:{verbs})\s+(?P<item>[^,.;!?]{{1,60}}?)\s+(?:to|on|onto)\s+"
        r"(?:the|our|my|your|that|this)\s+(?P<list>[\w' -]{1,40}?)"
        r"(?=\s*(?:[,.;!?]|$)|\s+(?:too|as well|please|for|now)\b)",
        re.IGNORECASE,
    )


def added(turn: str, facts: Sequence[Source]) -> list[Added]:
    """The items a turn puts on the lists the facts keep."""
    pattern = _pattern()
    out: list[Added] = []
    for sentence in sentences(turn):
        if not sentence.reports:
            continue
        for match in pattern.finditer(sentence.text):
            named = topic_terms(match.group("list"))
            lists = [f for f in facts if named and named <= _list_words(f) and _is_list(f.text)]
            item = _LEADING.sub("", match.group("item").strip())
            if len(lists) == 1 and item and not mentions(lists[0].text, item):
                out.append(Added(lists[0], item))
    return out


def with_item(text: str, item: str) -> str:
    """A list's text with one more item at its end."""
    return f"{text.rstrip(' .')}, {item}"


def _list_words(fact: Source) -> frozenset[str]:
    label = fact.text.partition(":")[0] if ":" in fact.text else ""
    return topic_terms(f"{(fact.key or '').replace('_', ' ')} {label}")


def _is_list(text: str) -> bool:
    items = text.partition(":")[2] if ":" in text else text
    return "," in items or " and " in items
