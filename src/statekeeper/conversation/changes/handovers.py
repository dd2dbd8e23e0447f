"""A person handing over what a fact names them for ("Bianca called out sick, Theo is
closing Friday instead"): the one who stepped in takes the place of the one out of reach.

A first name alone is no typed value (too many capitalized words are not people), so this
reads people by their place: one the live fact names and the turn says is out of reach,
and one the turn then says takes over, covers or does the thing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from statekeeper.conversation.changes.operations import Known, Replace, Source
from statekeeper.conversation.changes.out_of_reach import out_of_use
from statekeeper.conversation.clauses import Sentence
from statekeeper.conversation.cues import table
from statekeeper.text.values import TypedValue

# A capitalized word, not one of the days, months or words that open a clause.
_PERSON = re.compile(
    r"\b(?!(?:(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|(?:Jan|Febr)uary|March|April|May|June"
    r"|July|August|(?:Septem|Octo|Novem|Decem)ber|The|This|That|These|Those|And|But|So|Then"
    r"|Also|Anyway|Okay|Ok|Yes|No|Sorry|Thanks|Please|Our|Their|His|Her|My|We|They|He|She|It"
    r"|I)\b)[A-Z][a-z]{2,}\b"
)
_WHY = "stepped in for one out of reach"
_CLAUSES = re.compile(r"[,;.!?]\s+|\s(?:so|and|but|since|because)\s")


def handovers(said: Sequence[Sentence], sources: Sequence[Source]) -> list[Replace]:
    """For each live fact that names one person, the one a sentence says stepped in after
    saying that person is out of reach."""
    moves: list[Replace] = []
    for sentence in said:
        if not sentence.asserts:
            continue
        text = sentence.text
        for source in sources:
            if source.fact_id is None:
                continue
            move = _handover(text, source)
            if move is not None:
                moves.append(move)
    return moves


def _handover(text: str, source: Source) -> Replace | None:
    held = {m.group(): m for m in _PERSON.finditer(source.text) if m.start() > 0}
    gone = {name: out for name in held if (out := _out_of_reach(text, name)) is not None}
    if len(gone) != 1:
        return None  # nobody, or no telling who
    ((name, out),) = gone.items()
    for candidate in _PERSON.finditer(text, out):
        person = candidate.group()
        if person in source.text:
            continue  # the fact's own people
        rest = text[candidate.end() :].lower()
        if table("handover").match(rest):
            old = held[name]
            was = TypedValue("name", old.group(), old.start(), old.end())
            new = TypedValue("name", person, candidate.start(), candidate.end())
            return Replace(Known(was, source, frozenset()), new, was.text, person, _WHY)
        break  # the first person named after is the one, or there is none
    return None


def _out_of_reach(text: str, name: str) -> int | None:
    """Where the clause ends that says a person is out of reach ("Bianca called out sick",
    "Marcus can't do Saturdays anymore")."""
    start = 0
    for clause in _CLAUSES.split(text):
        start = text.find(clause, start) + len(clause)
        # the person themself, not someone of theirs ("Dr. Lee's nurse is out sick")
        if re.search(rf"\b{re.escape(name)}\b(?!['’]s)", clause) and out_of_use(clause):
            return start
    return None
