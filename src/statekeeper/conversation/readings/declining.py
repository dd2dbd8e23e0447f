"""Values offered to us and turned down in a turn, ended so that no context shows them as
a live option."""

from __future__ import annotations

from collections.abc import Sequence

from statekeeper.conversation import decide
from statekeeper.conversation.decisions import Decision
from statekeeper.conversation.declined import declined
from statekeeper.conversation.readings.outcomes import PROPOSAL, ended
from statekeeper.conversation.view import StateView
from statekeeper.model import ASSISTANT, Turn


def turned_down(view: StateView, turn: Turn, earlier: Sequence[Turn]) -> list[Decision]:
    """Values offered to us and turned down in this turn, recorded as said by the offer
    and ended now, so that no context shows them as a live option."""
    asked = [t for t in earlier if t.speaker != ASSISTANT]  # a "what if" too, in its scope
    decisions: list[Decision] = []
    for offer in declined(turn.text, [t.text for t in asked]):
        said = asked[-offer.turn_back] if offer.turn_back else turn
        key = decide.slot_name(offer.sentence, offer.value) if offer.value else PROPOSAL
        decisions.append(ended(view, said, key, offer.text, "declined"))
    return decisions
