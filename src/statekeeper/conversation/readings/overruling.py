"""Proposals others made in the user's last turns that the turn reports someone above
them deciding against: ended, so that no context shows them as the plan."""

from __future__ import annotations

import re
from collections.abc import Sequence

from statekeeper.access import AuthorityLadder, binding
from statekeeper.conversation.changes.operations import Source
from statekeeper.conversation.changes.outranked import claim_rivals
from statekeeper.conversation.changes.past_bounds import as_amounts
from statekeeper.conversation.decisions import Decision, Earlier, Retract
from statekeeper.conversation.declined import REACH
from statekeeper.conversation.proposals import overrules, proposals, unshared
from statekeeper.conversation.readings.outcomes import PROPOSAL, ended
from statekeeper.conversation.relayed import said_by_others
from statekeeper.conversation.view import StateView
from statekeeper.model import ASSISTANT, Scope, Turn

OVERRULED = "overruled by higher authority"


def overruled(
    view: StateView, turn: Turn, earlier: Sequence[Turn], decided: Sequence[Decision]
) -> list[Decision]:
    """What others proposed in the user's last turns, and this turn reports someone above
    them deciding against: recorded as said then and ended now, so no context shows it as
    the plan. Who decides is the highest title the turn names, or the speaker when they
    outrank the proposer themselves. A proposal already ended, before or by one of the
    turn's own decisions (declined just now), is not ended again."""
    if not overrules(turn.text):
        return []
    ladder = view.access.ladder
    peer = ladder.rank_or("peer", 0)
    decider = max(
        [ladder.rank_or(turn.authority or view.authority, peer)] + _ranks(turn.text, ladder)
    )
    asked = [t for t in earlier if t.speaker != ASSISTANT and t.scope == Scope.GLOBAL]
    known = {str(f.value) for f in view.history(PROPOSAL)} | {
        d.old.value
        for d in decided
        if isinstance(d, Retract) and isinstance(d.old, Earlier) and d.old.key == PROPOSAL
    }
    decisions: list[Decision] = []
    for said in asked[-REACH:]:
        for proposal in proposals(said.text):
            text = unshared(proposal.text, turn.text)
            if not text or text in known or ladder.rank_or(proposal.proposer, peer) >= decider:
                continue
            decisions.append(ended(view, said, PROPOSAL, text, OVERRULED))
            known.add(text)
    return decisions + _claims_against_what_binds(view, asked[-REACH:], known)


def _claims_against_what_binds(
    view: StateView, asked: Sequence[Turn], known: set[str]
) -> list[Decision]:
    """Figures others were said to have given ("Kyle at the counter told her the fee is
    $465") against a binding fact (a policy, a constraint) that the overruling turn holds
    to ("schedule applies, no exceptions"): the policy stands, so their figure ends."""
    words = " ".join(t.text for t in asked).strip()
    if not words:
        return []
    live = view.related_facts(words)
    facts = [f for f in live if binding(f) and f.scope == Scope.GLOBAL and isinstance(f.value, str)]
    amounts = {as_amounts(s): s for s in (Source(f.text, fact_id=f.id, key=f.key) for f in facts)}
    decisions: list[Decision] = []
    for said in asked:
        for claim in said_by_others(said.text):
            for op in claim_rivals(said.text, claim, amounts):
                if op.new.text not in known:
                    known.add(op.new.text)
                    decisions.append(ended(view, said, PROPOSAL, op.new.text, OVERRULED))
    return decisions


_TITLE_SPAN = re.compile(r"[,.;:()'\"‘’“”]")


def _ranks(text: str, ladder: AuthorityLadder) -> list[int]:
    """The ranks of the phrases of a text that end on a title ("Mira, our claims director,
    said"): a title's head word closes the phrase that names a rank, so "the policy limit"
    names none."""
    phrases = [p.split() for p in _TITLE_SPAN.split(text)]
    return [
        ladder.rank_or(" ".join(words), -1)
        for words in phrases
        if words and ladder.rung(words[-1].lower()) is not None
    ]
