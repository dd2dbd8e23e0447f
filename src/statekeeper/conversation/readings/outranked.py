"""Values a turn passes on from a junior that would replace what stands with more authority
than theirs (conversation/changes/outranked.py), made decisions: recorded as said and ended
at once, as a value put forward and not taken up, so that no replayed turn offers a trainee's
figure beside the policy that stands. What stands is guarded where it binds (a policy, a
constraint, what the organization knows) or where its source outranks the speaker too: a
value the speaker may change themself is theirs to keep or change on a junior's word."""

from __future__ import annotations

from collections.abc import Sequence

from statekeeper.access import binding
from statekeeper.conversation.changes.operations import Source
from statekeeper.conversation.changes.outranked import outranked, sole_setters
from statekeeper.conversation.decisions import Decision
from statekeeper.conversation.readings.outcomes import PROPOSAL, ended
from statekeeper.conversation.view import StateView
from statekeeper.model import Fact, Scope, Turn

OUTRANKED = "passed on from below the authority of what stands, not taken up"


def outranked_claims(view: StateView, turn: Turn, live: Sequence[Fact]) -> list[Decision]:
    """The values a turn passes on from a junior against what stands above them, ended."""
    access = view.access
    ladder = access.ladder
    writer = ladder.rank_or(turn.authority or view.authority, ladder.rank_or("peer", 0))
    facts = [f for f in live if f.scope == Scope.GLOBAL and isinstance(f.value, str)]
    sources = {Source(f.text, fact_id=f.id, key=f.key): f for f in facts}
    ranks = {
        source: access.source_rank(fact)
        for source, fact in sources.items()
        if binding(fact) or access.source_rank(fact) > writer
    }
    if not ranks:
        return []
    sole = sole_setters([f.text for f in facts if binding(f)])
    said = outranked(turn.text, list(sources), ranks, ladder, sole)
    values = dict.fromkeys(op.new.text for op in said)
    return [ended(view, turn, PROPOSAL, value, OUTRANKED) for value in values]
