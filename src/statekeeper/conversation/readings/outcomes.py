"""The decisions every reading ends in: a value in a fact's place (or, against a
colleague's word, beside it as a conflict), and a value said before and ended now."""

from __future__ import annotations

from statekeeper.conversation.cues import found
from statekeeper.conversation.decisions import Conflict, Earlier, Replace, Retract, said_by
from statekeeper.conversation.view import StateView
from statekeeper.model import Fact, Source, Turn

# The key offers and proposals are recorded under when they end unnamed by a slot.
PROPOSAL = "proposal"


def replacing(
    view: StateView, turn: Turn, key: str, value: str, replacing: Fact, reason: str
) -> Replace | Conflict:
    """The value a turn gives a fact in place of the one it had. What a colleague of the
    same rank stated is not replaced by another's word: both stand, and contexts show them
    as an unresolved conflict, unless the turn settles it ("that's the call")."""
    source = said_by(turn, view.authority)
    if _colleagues_word(view, source, replacing) and not found("rulings", turn.text):
        reason = "a colleague of the same rank said otherwise"
        return Conflict(replacing, key, value, source, turn.timestamp, reason)
    return Replace(replacing, key, value, source, turn.timestamp, reason)


def _colleagues_word(view: StateView, source: Source, fact: Fact) -> bool:
    """Whether a fact is what someone else of the same rank stated: shared knowledge, or a
    value another speaker gave in the same conversation."""
    speaker = fact.source.speaker
    if speaker is None or speaker in (source.speaker, view.user):
        return False
    access = view.access
    peer = access.ladder.rank_or("peer", 0)
    return access.source_rank(fact) == access.ladder.rank_or(source.authority, peer)


def ended(view: StateView, said: Turn, key: str, value: str, reason: str) -> Retract:
    """A value said in an earlier turn and ended now, with nothing in its place: every
    mention of it is masked, and no live fact names it."""
    return Retract(Earlier(key, value, said_by(said, view.authority), said.timestamp), reason)
