"""Items a turn takes back from what sources state: out of a list, or the whole fact
when the item is all it says."""

from __future__ import annotations

import re
from collections.abc import Sequence

from statekeeper.conversation.changes.list_items import (
    ended,
    item_holding,
    item_terms,
    item_wordings,
)
from statekeeper.conversation.changes.operations import Retract, Source
from statekeeper.conversation.changes.pointed_back import PRONOUN, named_before, run_out
from statekeeper.conversation.changes.retraction_patterns import (
    BARE_NO,
    DEMONSTRATIVE,
    OBJECTS,
    PASSIVE,
    not_ours,
    retraction_pattern,
)
from statekeeper.conversation.changes.wording import clause_at, undetermined
from statekeeper.conversation.clauses import Sentence
from statekeeper.conversation.cues import table
from statekeeper.conversation.relayed import Relayed
from statekeeper.nlu.interpret import narrates
from statekeeper.nlu.topic import topic_terms

_TAKEN_FROM = re.compile(r"\b(?:him|her|them|it)\s+from\s", re.I)
# A chat word after the item is no part of it: "lose the oyster bar lol".
_INTERJECTION = re.compile(r"\b(?:lol|lmao|haha|pls|plz|thx|ty|ugh)\b")


def _an_item(thing: str, sources: Sequence[Source]) -> bool:
    """Whether a thing is one item of a live list, not all a fact says or whose it is."""
    wanted = item_terms(thing.lower())
    hit = item_holding(wanted, [s for s in sources if not ended(s)]) if wanted else None
    return hit is not None and not hit[2]


def retractions(
    said: Sequence[Sentence], sources: Sequence[Source], messages: Sequence[Relayed] = ()
) -> list[Retract]:
    """The items `said` takes back; `messages` are those the turn quotes from others by
    name, whose "I" is their author: "take me off the list" takes the author's entry out,
    and so does "I don't need a stall" where the record lists the author among others."""
    pattern = retraction_pattern()
    vague = table("vague_items")
    out: list[Retract] = []
    for number, sentence in enumerate(said):
        if not (sentence.reports or sentence.past and _told_now(sentence)):
            continue
        for match in pattern.finditer(sentence.text):
            if PASSIVE.search(sentence.text, 0, match.start()):
                continue  # "it is cancelled due to the budget": what follows is no object
            if not sentence.reports and narrates(clause_at(sentence, match.start())):
                continue  # the story's own clause: "last year we dropped the brunch"
            group = next(g for g in OBJECTS if match.group(g))
            words = match.group(group)
            before = sentence.text[: match.start()]
            author = next(
                (m.role for m in messages if m.start <= sentence.start + match.start() < m.end),
                None,
            )
            if author is not None and (
                _AUTHORS_OWN.fullmatch(words.strip())
                or _SAID_AS_I.search(clause_at(sentence, match.start()))
                and _an_item(author, sources)
            ):
                # "take my name off the order", or "I don't need a stall this year" from
                # one of those it lists: the author's entry
                words = author
            prior = said[number - 1].text if number else ""
            if _TAKEN_FROM.search(match.group(0)):
                # "drop them from the Tuesday run" takes the live item the pronoun points
                # back at out of that list; "drop him from STAT 220", where he is no item,
                # takes the course out of his schedule
                referent = named_before(before, sources) or named_before(prior, sources)
                if referent is not None and _an_item(referent, sources):
                    words = referent
            if PRONOUN.fullmatch(words):  # "we're out of halibut, take it off the board"
                # the thing named before it in its sentence, or else in the one before
                # ("Ostrava Bakery shut down. Take them off route 9.")
                words = (
                    run_out(before)
                    or named_before(before, sources)
                    or named_before(prior, sources)
                    or words
                )
            wanted = item_terms(vague.sub(" ", _INTERJECTION.sub(" ", words.lower())))
            if not wanted or not_ours(sentence.text[: match.start()]):
                continue
            spoken = match.group(0)
            start, end = match.start(group) - match.start(), match.end(group) - match.start()
            removal = spoken[:start] + spoken[end:]
            open_items = [
                s for s in sources if not _restates(s, sentence, removal) and not ended(s)
            ]
            hit = item_holding(wanted, open_items)
            if hit is not None and hit[2] and BARE_NO.match(spoken):
                continue  # "no ADA access" describes; only an item of a list is dropped by "no"
            if hit is not None and hit[2] and DEMONSTRATIVE.match(words):
                continue  # "we won't need that prop": one already named, not all the props
            if hit is not None and all(r.source != hit[0] for r in out):
                source, item, whole = hit
                # the reference a record goes by ("ref TM-3382"), taken back: the record
                whole = whole or _reference(item)
                wordings = (
                    tuple(dict.fromkeys([*item_wordings(wanted, open_items), undetermined(words)]))
                    if source.fact_id is None
                    else ()
                )
                out.append(Retract(source, item, whole, words, wordings))
    return out


# The author of a message, as its words name them: "me", "my name", "my place".
_AUTHORS_OWN = re.compile(r"(?i)me|myself|my (?:name|place|spot|slot|entry|booking|seat)")
# A clause whose subject is its speaker: "I don't need", "we won't want".
_SAID_AS_I = re.compile(r"(?i)(?<![\w’])(?<!\w')(?:i|we)(?:'(?:m|ve|ll|d|re))?\s")


def _reference(item: str) -> bool:
    """Whether an item is the reference its record goes by: "ref TM-3382", "booking no.
    55107", not one item of a list ("KD-4471 (Corolla)")."""
    return table("reference_labels").match(item.strip().lower()) is not None and any(
        c.isdigit() for c in item
    )


def _restates(source: Source, sentence: Sentence, removal: str) -> bool:
    """Whether a source says what the sentence says, its removal included: the turn
    repeating a recorded fact retracts nothing of it. A removal said in words too common
    to be terms ("no need for the gift wrap") still has to be found in the source."""
    said = topic_terms(sentence.text)
    return (
        bool(said)
        and said <= topic_terms(source.text)
        and re.search(rf"(?<!\w){re.escape(removal.strip())}(?!\w)", source.text, re.I) is not None
    )


def _told_now(sentence: Sentence) -> bool:
    """Whether a sentence set in the past only by a clause of its reasons still says
    something of now: "skip the churros, nobody ate them last time"."""
    return not (
        sentence.question
        or sentence.conditional
        or sentence.hypothetical
        or sentence.third_party
        or sentence.scheduled
    )
