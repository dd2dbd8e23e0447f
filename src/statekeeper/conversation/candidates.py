"""What an extractor proposes, as the same decisions the rules make.

The extractor only proposes; the engine still decides: a turn in a side scope keeps its
facts there, a correction names its fact only while that fact is current, a colleague's
word of the same rank is not replaced but stands beside the new one as a conflict, and the
chain's authority and temporal rules apply when the decisions are applied.
"""

from __future__ import annotations

from collections.abc import Sequence

from statekeeper.conversation.decisions import Add, Decision, Restrict, Retract, said_by
from statekeeper.conversation.readings.outcomes import replacing
from statekeeper.conversation.view import StateView
from statekeeper.errors import StatekeeperError
from statekeeper.model import INTERNAL, Fact, Scope, Turn
from statekeeper.nlu.extract import Candidate

PROPOSED = "proposed by the extractor"


def from_candidates(
    view: StateView, turn: Turn, candidates: Sequence[Candidate]
) -> list[Decision]:
    """One decision per candidate: an addition, a replacement (or a conflict) of the live
    fact it names, a retraction, or a restriction; in the turn's scope or the side scope
    the candidate names."""
    decisions: list[Decision] = []
    for candidate in candidates:
        scope, scope_id = turn.scope, turn.scope_id
        if scope == Scope.GLOBAL and candidate.scope != "global":
            scope, scope_id = (
                Scope(candidate.scope),
                f"{view.task_id}/{candidate.scope}-{turn.index}",
            )
        named = candidate.replaces or (candidate.key if candidate.action != "assert" else None)
        old = _live(view, named) if scope == Scope.GLOBAL else None
        if candidate.action == "retract":
            if old is not None:
                decisions.append(Retract(old, f"taken back, {PROPOSED}"))
            continue
        if candidate.action == "restrict":
            readers = frozenset(candidate.readers) or frozenset({INTERNAL})
            value = old.value if old is not None else candidate.value
            key = old.key if old is not None else candidate.key
            source = said_by(turn, view.authority)
            decisions.append(
                Restrict(key, value, source, turn.timestamp, PROPOSED, readers, scope, scope_id, old)
            )
            continue
        if old is not None:
            decisions.append(replacing(view, turn, candidate.key, candidate.value, old, PROPOSED))
            continue
        decisions.append(
            Add(
                candidate.key,
                candidate.value,
                said_by(turn, view.authority),
                turn.timestamp,
                PROPOSED,
                scope=scope,
                scope_id=scope_id,
                replaces=candidate.replaces,
                entity=candidate.entity,
                slot=candidate.slot,
                constraint_type=candidate.constraint_type,
            )
        )
    return decisions


def _live(view: StateView, ref: str | None) -> Fact | None:
    """The live fact an extractor's name points at (an id or a key), if any: a stale or
    unknown name points at none."""
    if not ref:
        return None
    try:
        fact = view.get(ref)
    except StatekeeperError:
        return None
    return fact if fact.is_valid and fact.scope == Scope.GLOBAL else None
