"""Values a turn passes on from a junior (conversation/relayed.py) that would replace a
known value held with more authority than theirs: "Noor (intern) told the caller the copay
is $5" against a policy's $20. A junior's word sets nothing above them, so such a value is
weighed as a value put forward is (conversation/changes/rivals.py): a rival never taken up.

A junior is someone ranked below a peer and above the lowest rung, the people records are
about (a customer is no junior of ours). What a junior tells of their own affairs ("her
shift starts at 7"), of the past or of things in general is no rival: it may be true of its
owner or its time.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from statekeeper.access import AuthorityLadder
from statekeeper.conversation.changes.bounds import stated_as_bound
from statekeeper.conversation.changes.operations import Replace, Source
from statekeeper.conversation.changes.past_bounds import as_amounts, bound_way, breaks
from statekeeper.conversation.changes.replacements import replacements
from statekeeper.conversation.clauses import Sentence, sentences
from statekeeper.conversation.cues import found as found_cue
from statekeeper.conversation.cues import tables
from statekeeper.conversation.relayed import Relayed, relayed, said_by_others, standing
from statekeeper.nlu.topic import topic_terms

# Whose a thing is, said before a value in its clause: "her shift starts at 7".
# (not "told her the fee is ...": "her" before a determiner is who was told)
_OWNED = re.compile(
    r"\b(?:my|his|her|their|own)\b(?!\s+(?:the|a|an|that|this|these|those|it)\b)", re.IGNORECASE
)
_CLAUSE_START = re.compile(r".*[,;:\"“”‘’(]", re.DOTALL)


# Who a policy says alone sets a thing: "fees are set only by the directora, Lupita
# Arrieta", "only the Production Manager (Graham Tulloch) approves effect changes".
_SOLE = re.compile(
    r"\bonly\s+(?:by\s+)?(?:the\s+)?(?P<who>[^.;:]{2,80}?)\s*,?\s+(?:may\s+|can\s+|is\s+to\s+)?"
    r"(?:sets?|approves?|decides?|signs?\s+off|changes?|agrees?)\b"
    r"|\b(?:set|approved|decided|signed\s+off|changed|agreed)\s+only\s+by\s+(?:the\s+)?"
    r"(?P<by>[^.;]{2,80})",
    re.I,
)


@dataclass(frozen=True)
class SoleSetter:
    """Who a policy says alone sets what it governs: their names and titles, lower-cased
    word by word ("lupita", "arrieta", "directora"), and the policy's own words."""

    who: frozenset[str]
    governs: frozenset[str]

    def governs_source(self, source: Source) -> bool:
        return bool(self.governs & topic_terms(source.text))

    def names(self, role: str) -> bool:
        return bool(self.who & _named_words(role))


def sole_setters(policies: Sequence[str]) -> list[SoleSetter]:
    """Those the policies say alone set what they govern."""
    found = []
    for policy in policies:
        for m in _SOLE.finditer(policy):
            who = _named_words(m.group("who") or m.group("by") or "") - {"the", "and"}
            if who:
                found.append(SoleSetter(frozenset(who), topic_terms(policy)))
    return found


def _named_words(text: str) -> frozenset[str]:
    return frozenset(w.lower() for w in re.findall(r"[\w'’-]+", text) if len(w) > 2)


def outranked(
    turn: str,
    sources: Sequence[Source],
    ranks: Mapping[Source, int],
    ladder: AuthorityLadder,
    sole: Sequence[SoleSetter] = (),
) -> list[Replace]:
    """The known values that words a turn passes on from a junior would replace, where the
    source holding them is ranked (`ranks`) above that junior. Every source is weighed, so
    a value nearer to one not ranked above them is left alone. A bound is read as the
    figure it holds, and rivalled only by a figure past it (conversation/changes/
    past_bounds.py): "8 hours" breaks "a minimum of 12 hours", "14 hours" keeps it."""
    peer = ladder.rank_or("peer", 0)
    amounts = {as_amounts(s): s for s in sources}
    found: list[Replace] = []
    # whoever the speaker says has no say over it stands just below a peer, named with a
    # role or not ("Bo posted: ... He doesn't set bus times.")
    disowned = found_cue("disowns_claim", turn)
    claims = relayed(turn)
    if disowned or sole:
        claims += [c for c in said_by_others(turn) if all(c.start != k.start for k in claims)]
    for claim in claims:
        rank = standing(claim.role, ladder)
        if rank is None and disowned:
            rank = peer - 1
        # one a policy does not name among those who alone set a thing has no say over it
        barred = [s for s in sole if not s.names(claim.role)]
        if rank is None and not barred:
            continue
        for op in claim_rivals(turn, claim, amounts):
            governed = any(s.governs_source(op.old.source) for s in barred)
            said = rank if rank is not None else peer - 1 if governed else None
            if said is not None and 0 < said < peer and ranks.get(op.old.source, -1) > said:
                found.append(op)
    return found


def claim_rivals(turn: str, claim: Relayed, amounts: Mapping[Source, Source]) -> list[Replace]:
    """The known values the words of `claim` would replace, each against its source as
    given (`amounts` maps a source read as its amounts to the source itself): what holds
    of now and of ours, going against what stands."""
    # its figures read as amounts too: "up to 16%" against "max 14.5%"
    said = as_amounts(Source(_words(turn, claim.start, claim.end))).text
    found: list[Replace] = []
    for sentence in sentences(said):
        if sentence.past or sentence.third_party or sentence.generic:
            continue
        put = replace(sentence, question=False, conditional=False, hypothetical=False)
        for op in replacements(said, [put], list(amounts), forward=True):
            source = amounts[op.old.source]
            if _against(source, op) and not _their_own(sentence, op):
                found.append(replace(op, old=replace(op.old, source=source)))
    return found


def _against(source: Source, op: Replace) -> bool:
    """Whether a new value goes against the known one: any other amount, but only a figure
    past a bound (a bound that says not which way holds against nothing)."""
    way = bound_way(source.text, op.old.value)
    if way is not None:
        return breaks(op.old.value, way, op.new)
    named = set((source.key or "").lower().split("_")) & set(tables()["bound_keys"])
    return not (named or stated_as_bound(source.text, op.old.value))


def _words(turn: str, start: int, end: int) -> str:
    """The turn with all but its words from `start` to `end` blanked, offsets kept."""
    blank = re.sub(r"[^\n]", " ", turn)
    return blank[:start] + turn[start:end] + blank[end:]


def _their_own(sentence: Sentence, op: Replace) -> bool:
    """Whether the clause a value is said in makes it someone's own ("her shift")."""
    before = sentence.text[: op.new.start]
    opening = _CLAUSE_START.match(before)
    return _OWNED.search(before[opening.end() if opening else 0 :]) is not None
