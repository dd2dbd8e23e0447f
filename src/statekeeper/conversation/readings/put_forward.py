"""Values a turn only puts forward, made decisions: each rival of a known value that the
turn does not itself adopt is recorded as said and ended at once, so that a replayed turn
shows it masked beside the value that stands (conversation/changes/rivals.py)."""

from __future__ import annotations

from collections.abc import Sequence

from statekeeper.conversation.changes.rivals import rivals
from statekeeper.conversation.decisions import Decision, Retract
from statekeeper.conversation.readings.outcomes import PROPOSAL, ended
from statekeeper.conversation.readings.typed import changeable
from statekeeper.conversation.view import StateView
from statekeeper.model import Fact, Turn
from statekeeper.nlu import interpret as nlu

NOT_TAKEN_UP = "put forward, not taken up"


def put_forward(
    view: StateView,
    turn: Turn,
    live: Sequence[Fact],
    earlier: Sequence[Turn],
    taken: Sequence[Decision],
) -> list[Decision]:
    """The rivals a turn puts forward, ended; none that the turn's own decisions (`taken`)
    give a fact."""
    _, _, sources = changeable(view, turn, live, earlier)
    adopted = [str(d.value) for d in taken if not isinstance(d, Retract)]
    return [
        ended(view, turn, PROPOSAL, op.new.text, NOT_TAKEN_UP)
        for op in rivals(turn.text, sources)
        if not any(nlu.mentions(value, op.new.text) for value in adopted)
    ]
