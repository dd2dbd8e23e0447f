"""The items of a list that sources hold: which one a removal's words name, whether it
is all its fact says, and every wording turns gave it."""

from __future__ import annotations

import re
from collections.abc import Sequence

from statekeeper.conversation.changes.labels import with_slots
from statekeeper.conversation.changes.operations import Source
from statekeeper.conversation.changes.wording import DETERMINERS
from statekeeper.nlu.topic import topic_terms
from statekeeper.text.values import typed_values

_ITEM_WORDS = 12  # longer than this, a piece of a turn is a sentence, not a list item
# not "$12,000", "11:30", "meet-and-greet"; an item numbered in its line ("1) ... 2) ...")
ITEM_SPLIT = re.compile(
    r",(?!\d{3})|;|:(?!\d{2})|(?<!-)\band\b(?!-)|\bplus\b|\n|(?:^|\s)\d{1,2}\)\s"
)


def item_wordings(wanted: frozenset[str], sources: Sequence[Source]) -> tuple[str, ...]:
    """Every turn's wording of a list item holding the wanted words, without what comes
    before its noun phrase: "add a printed card" and "the printed card" are one item."""
    seen: dict[str, None] = {}  # in the order said
    for source in sources:
        if source.fact_id is not None:
            continue
        items = [i.strip(" .!") for i in ITEM_SPLIT.split(source.text)]
        for item in items:
            if wanted <= item_terms(item) and listed(item, items):
                seen[_from_first(wanted, item)] = None
    return tuple(seen)


def _from_first(wanted: frozenset[str], item: str) -> str:
    """An item after the determiner that opens its noun phrase: "add the rush fee" ->
    "rush fee", "a $20 monthly gift to the food bank" -> "$20 monthly gift to the food
    bank"."""
    words = item.split()
    first = next((n for n, w in enumerate(words) if item_terms(w) & wanted), 0)
    opens = [n for n in range(first) if words[n].lower() in DETERMINERS]
    return " ".join(words[opens[-1] + 1 if opens else 0 :])


_ENDED = re.compile(r"\b(?:cancell?ed|called off|removed|dropped|withdrawn|scrapped)\b", re.I)


def ended(source: Source) -> bool:
    """Whether a source already says its matter is off: nothing is left to retract."""
    return _ENDED.search(source.text) is not None


_CLAUSE_SUBJECT = re.compile(r"\b(?:i|we|you|he|she|they|it)\b", re.I)


def listed(item: str, items: Sequence[str]) -> bool:
    """Whether a piece of a turn reads as one item of a list: there are others, and it is
    a short phrase, not a clause with a subject of its own ("I need the report")."""
    return (
        len(items) >= 2
        and len(item.split()) <= _ITEM_WORDS
        and _CLAUSE_SUBJECT.search(item) is None
    )


def item_terms(text: str) -> frozenset[str]:
    """The words that name an item, its numbers included ("order #4512" is the fact keyed
    order_4512_status)."""
    numbers = {n.lstrip("0") or "0" for n in re.findall(r"\d+", text)}
    return frozenset(t for t in topic_terms(text) if not t.lstrip("#").isdigit()) | numbers


def _covers(wanted: frozenset[str], terms: frozenset[str]) -> bool:
    """Whether every wanted word is among the terms, itself or by a word of its slot ("the
    reservation" names a fact keyed "booking")."""
    slots = with_slots(terms)
    return all(w in terms or with_slots(frozenset({w})) - {w} & slots for w in wanted)


def _names_fact(wanted: frozenset[str], key_terms: frozenset[str], text: str) -> bool:
    """Whether the wanted words name a whole fact: its key by a word of its slot, and the
    rest from its text ("the Lumen reservation" for a booking at Lumen)."""
    keyed = {w for w in wanted if with_slots(frozenset({w})) - {w} & with_slots(key_terms)}
    return bool(keyed) and wanted - keyed <= item_terms(text)


def item_holding(
    wanted: frozenset[str], sources: Sequence[Source]
) -> tuple[Source, str, bool] | None:
    """The newest list item holding every wanted word: a live fact's before a turn's."""
    facts = [s for s in sources if s.fact_id is not None]
    turns = sorted(
        (s for s in sources if s.fact_id is None),
        key=lambda s: s.turn_index or 0,
        reverse=True,
    )
    for source in [*facts, *turns]:
        key_terms = item_terms(source.key.replace("_", " ")) if source.key else frozenset()
        if source.fact_id is not None and (
            _covers(wanted, key_terms) or _names_fact(wanted, key_terms, source.text)
        ):
            return source, source.text, True
        items = [i.strip(" .!") for i in ITEM_SPLIT.split(source.text)]
        if source.fact_id is None and len(items) >= 3:  # a list, not a remark after a clause
            items[0] = introduced(items[0])
        holding = [i for i in items if i and _covers(wanted, item_terms(i) | key_terms)]
        if len(holding) == 1:
            item = holding[0]
            if source.fact_id is None and not listed(item, items):
                continue  # a turn's words are an item only inside a list of them
            first = items.index(item) == 0
            head = source.fact_id is not None and first and _head_with_details(items)
            whole = head or source.fact_id is not None and (
                item_terms(source.text) <= item_terms(item) | key_terms
                or first
                and ":" in source.text
            )
            return source, source.text if head else item, whole
    # no item holds them all: a fact named by a word of its key and the rest from its text
    # ("the Orchard room on Friday" for a room booked on Friday)
    for source in facts:
        key_terms = item_terms(source.key.replace("_", " ")) if source.key else frozenset()
        if wanted & key_terms and wanted - key_terms <= item_terms(source.text):
            return source, source.text, True
    return None


# A clause that opens a list, up to the determiner of its first item.
_INTRODUCED = re.compile(
    r"^.*\b(?:i|we|you|he|she|they)(?:'\w+)?(?:\s+\w+){1,3}?\s+(?:the|a|an|some|our|my)\s+(?=\S)",
    re.IGNORECASE,
)


def introduced(item: str) -> str:
    """A list's first item without the clause that introduces the list: "we want the oyster
    bar" of "we want the oyster bar, the carving station and tacos" is "oyster bar"."""
    return _INTRODUCED.sub("", item)


def _head_with_details(items: Sequence[str]) -> bool:
    """Whether a fact's first part says what it is and when or how much, and the parts after
    it only add to that ("Lawn mowing every Thursday, GreenCut"): no list, so taking out the
    first part takes the whole."""
    def told(part: str) -> bool:
        return any(v.kind in _WHEN_OR_HOW_MUCH for v in typed_values(part))

    return told(items[0]) and not any(told(i) for i in items[1:])


_WHEN_OR_HOW_MUCH = frozenset(
    {"date", "weekday", "time", "duration", "money", "percent", "quantity", "number"}
)


# Kinds of value an item is known by on its own, wherever it is repeated.
_OWN_KINDS = frozenset({"money", "quantity", "percent", "time", "date", "address", "code", "phone"})


def values_of_item(item: str, source: str, turn: str) -> list[str]:
    """The values an item taken back carries that nothing else in its source, nor the
    turn that takes it back, says: "dose copper to 0.15 ppm" ended, "0.15 ppm" is dead
    wherever it is repeated ("copper to 0.15 ppm")."""
    return [
        v.text
        for v in typed_values(item)
        if v.kind in _OWN_KINDS
        and source.count(v.text) == 1
        and v.key not in {w.key for w in typed_values(turn)}
    ]
