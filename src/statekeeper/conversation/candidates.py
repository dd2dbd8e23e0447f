"""What a plugged-in extractor proposes, as the same decisions the rules make.

The extractor only proposes; the engine still decides: a turn in a side scope keeps its
facts there, a correction names its fact only while that fact is current, and the chain's
authority and temporal rules apply when the decisions are applied.
"""

from __future__ import annotations

from collections.abc import Sequence

from statekeeper.conversation.decisions import Add, said_by
from statekeeper.conversation.view import StateView
from statekeeper.model import Scope, Turn
from statekeeper.nlu.extract import Candidate


def from_candidates(view: StateView, turn: Turn, candidates: Sequence[Candidate]) -> list[Add]:
    """One addition per candidate, in the turn's scope or the side scope it names."""
    added = []
    for candidate in candidates:
        scope, scope_id = turn.scope, turn.scope_id
        if scope == Scope.GLOBAL and candidate.scope != "global":
            scope, scope_id = (
                Scope(candidate.scope),
                f"{view.task_id}/{candidate.scope}-{turn.index}",
            )
        added.append(
            Add(
                candidate.key,
                candidate.value,
                said_by(turn, view.authority),
                turn.timestamp,
                "proposed by the extractor",
                scope=scope,
                scope_id=scope_id,
                replaces=candidate.replaces,
                entity=candidate.entity,
                slot=candidate.slot,
                constraint_type=candidate.constraint_type,
            )
        )
    return added
