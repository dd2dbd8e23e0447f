"""Proposals overruled: what someone put forward, and someone above them decided against,
as pure functions.

"Our intern told the client we'd waive the fee." and then "The director's answer: 'The fee
stands.'" leave the waiver something proposed and overruled: shown as said, it reads as a
live plan. A proposal is a clause reported of a third party (what they say we should do,
what they want, what they promised, a note from them) or a question put to us; what is
proposed is the clause after the verb that puts it forward, up to where the clause ends.
Whether a turn overrules is read here; whether the one who decides outranks the one who
proposed is the caller's to say, from the ladder of authority it keeps.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from statekeeper.conversation.clauses import sentences
from statekeeper.conversation.cues import table

# The speaker as the one who puts forward: "we", "so we'll", "change of plan, I".
_FIRST_PERSON = re.compile(r"(?:^|[\s,;:])(?:i|we|me|us|my|our)(?:'ll|'d|'re|'ve|'m)?$", re.I)
_MODAL = re.compile(
    r"^\s*(?:that\s+)?(?:(?:we|you|i|they|he|she)(?:'d|'ll)?\s+)?"
    r"(?:(?:should|could|can|would|might|will|must|ought to|need to|have to)\s+)?",
    re.I,
)
_CLAUSE_END = re.compile(
    r"(?<!\d)[,.]|[,.](?!\d)|[;!?\"“”()]|['‘’](?!\w)|\s(?:because|since|so|but|as|if|unless|when|while|and then)\s",
    re.I,
)
_QUOTE = re.compile(r":\s*['\"‘“](?P<quote>[^'\"’”]+)")
_NOTE_FROM = re.compile(r"\b(?:note|message|text|email|request|word)\s+from\s+(?P<who>[^:]{2,80}):")
_SHORTEST = 2  # words a proposal needs to name anything


@dataclass(frozen=True)
class Proposal:
    """`text` (a clause of `sentence`) put forward by `proposer` (the words naming them)."""

    proposer: str
    text: str
    sentence: str


def proposals(turn: str) -> list[Proposal]:
    """What a turn reports others put forward: "Rick says we should close early", "Ana
    wants the blue ones", "the trainee told them we'd refund it", "Note from Lee: 'Ship it
    Friday.'" Our own proposals are not among them: the speaker decides those."""
    found = []
    for sentence in sentences(turn):
        text = sentence.text
        note = _NOTE_FROM.search(text)
        quote = _QUOTE.search(text, note.end() - 1) if note else None
        if note and quote:
            found += _proposal(note.group("who"), quote.group("quote"), text)
            continue
        if sentence.conditional:
            continue  # "if Dana wants it, ..." puts nothing forward
        cue = table("proposes").search(text.lower())
        if cue is not None:
            found += _proposal(text[: cue.start()], text[cue.end() :], text)
    return found


def proposed_at(sentence: str) -> list[tuple[int, int]]:
    """Where in a sentence stands what others put forward ("Ravi reckons we should move
    the quiz to the 14th"): values there are theirs to propose, not set."""
    spans = []
    for proposal in proposals(sentence):
        at = sentence.find(proposal.text)
        if at >= 0:  # to the end of its clause: "move the beginners' course to Sunday, ..."
            end = _PROPOSAL_END.search(sentence, at)
            spans.append((at, end.start() if end else len(sentence)))
    return spans


_PROPOSAL_END = re.compile(r"(?<!\d)[,;.!?](?!\d)|[,;.!?](?=\s)|\s(?:because|since|so|but)\s", re.I)


def unproposed(text: str) -> str:
    """A turn with what others put forward blanked, offsets kept: what is left is what its
    speaker states."""
    for sentence in sentences(text):
        for a, b in proposed_at(sentence.text):
            start = sentence.start + a
            text = text[:start] + " " * (b - a) + text[sentence.start + b :]
    return text


def proposed_span(text: str) -> str:
    """The clause that states what is proposed, its subject and modal left out: "we should
    swap Theo to left field since ..." -> "swap Theo to left field"."""
    rest = text[_MODAL.match(text).end() :]  # type: ignore[union-attr]  # it matches ""
    end = _CLAUSE_END.search(rest)
    return rest[: end.start() if end else len(rest)].strip()


_DETERMINERS = frozenset("a an the this that these those".split())


def unshared(proposed: str, decision: str) -> str:
    """A proposal without the leading words the decision takes up: "the ThinkPad X1" set
    against "ThinkPad T14s it is" was overruled in "X1" only."""
    taken = {w.lower() for w in re.findall(r"\w[\w'-]*", decision)}
    words = proposed.split()
    while words and (words[0].lower() in _DETERMINERS or words[0].lower().strip(",.") in taken):
        words.pop(0)
    return " ".join(words)


def _proposal(proposer: str, rest: str, sentence: str) -> list[Proposal]:
    who = proposer.strip(" ,:")
    if not who or _FIRST_PERSON.search(who):
        return []
    span = proposed_span(rest)
    return [Proposal(who, span, sentence)] if len(span.split()) >= _SHORTEST else []


def overrules(turn: str) -> bool:
    """Whether a turn reports a decision that goes against what was put forward: a reply
    quoted as the decision ("Her answer: 'Handbook rate.'"), or words that rule it out
    ("that isn't optional", "no exceptions"). A quoted yes is no overruling."""
    lowered = turn.lower()
    if table("overrulings").search(lowered):
        return True
    return _QUOTE.search(turn) is not None and not table("agreements").search(lowered)
