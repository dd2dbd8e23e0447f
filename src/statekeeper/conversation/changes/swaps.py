"""Words a sentence puts in the place of words a live fact holds, by naming them ("go
with charcoal rather than navy")."""

from __future__ import annotations

import re
from collections.abc import Sequence

from statekeeper.conversation.changes.known import known_values
from statekeeper.conversation.changes.operations import Known, Replace, Source
from statekeeper.conversation.changes.wording import DETERMINERS, clause_start, whole_words
from statekeeper.conversation.clauses import Sentence
from statekeeper.nlu.topic import topic_terms
from statekeeper.text.values import TypedValue, typed_values

# "X instead of Y": the words after the marker name the old value, those before the new.
_SWAP = re.compile(
    r"\b(?:instead of|rather than|in place of)\s+(?:the |a |an |my |our |that )?"
    r"([\w'’-]+(?:\s+[\w'’-]+){0,2}?)(?=\s*[.,;!?]|\s*$|\s+(?:today|now|tonight|this|for|"
    r"please|and|but|again)\b)",
    re.I,
)
# Words that may stand between a new value and the marker, and say nothing of it.
_NOT_THE_VALUE = frozenset(
    "today now tonight this time please then one ones option version kind type instead "
    "it that them is are be".split()
)


def word_swaps(said: Sequence[Sentence], sources: Sequence[Source]) -> list[Replace]:
    """Words a sentence puts in the place of words a live fact holds, by naming them
    ("we're in Maple today instead of Cedar", "go with charcoal rather than navy"): the
    same number of words before the marker, past words that say nothing of the value and
    the fact's own words ("oak finish rather than walnut" for "Finish: walnut"). A
    sentence that also states new typed values is left to be read whole."""
    facts = [s for s in sources if s.fact_id is not None]
    known = {(k.value.kind, k.value.key) for k in known_values(facts)}
    swaps = []
    for sentence in said:
        if not sentence.asserts:
            continue
        if any((v.kind, v.key) not in known for v in typed_values(sentence.text)):
            continue  # "make that 10 mugs, and green instead of blue": read as one claim
        for m in _SWAP.finditer(sentence.text):
            old = m.group(1).strip()
            if typed_values(old):
                continue  # a typed value: the typed replacements weigh it
            holders = [(f, at) for f in facts if (at := whole_words(old, f.text)) is not None]
            if len(holders) != 1:
                continue
            fact, at = holders[0]
            new = _words_before(
                sentence.text[clause_start(sentence.text, m.start()) : m.start()],
                len(old.split()),
                fact,
            )
            if not new or (old[:1].isupper() and not new[:1].isupper()):
                continue  # "Cedar" is a name: so is what takes its place
            old_value = TypedValue("phrase", fact.text[at : at + len(old)], at, at + len(old))
            held = Known(old_value, fact, frozenset())
            new_value = TypedValue("phrase", new, m.start(), m.start() + len(new))
            swaps.append(Replace(held, new_value, old_value.text, new, "named as the old value"))
    return swaps


def _words_before(text: str, count: int, fact: Source) -> str:
    """The last `count` words of a text that can be a new value for `fact`."""
    own = topic_terms(f"{(fact.key or '').replace('_', ' ')} {fact.text}")
    words = re.findall(r"[\w'’-]+", text)
    while words and (words[-1].lower() in _NOT_THE_VALUE or topic_terms(words[-1]) <= own):
        words.pop()
    picked = words[-count:] if len(words) >= count else []
    if not picked or not topic_terms(" ".join(picked)) or picked[0].lower() in DETERMINERS:
        return ""
    return " ".join(picked)
