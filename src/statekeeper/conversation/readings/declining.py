"""Values offered to us and turned down in a turn, ended so that no context shows them as
a live option."""

from __future__ import annotations

from collections.abc import Sequence

from statekeeper.conversation import decide
from statekeeper.conversation.clauses import sentences
from statekeeper.conversation.decisions import Decision
from statekeeper.conversation.declined import declined
from statekeeper.conversation.readings.outcomes import PROPOSAL, ended
from statekeeper.conversation.view import StateView
from statekeeper.model import ASSISTANT, Turn
from statekeeper.text.values import typed_values


def turned_down(view: StateView, turn: Turn, earlier: Sequence[Turn]) -> list[Decision]:
    """Values offered to us and turned down in this turn, recorded as said by the offer
    and ended now, so that no context shows them as a live option."""
    asked = [t for t in earlier if t.speaker != ASSISTANT]  # a "what if" too, in its scope
    question = _question_put(earlier)
    decisions: list[Decision] = []
    for offer in declined(turn.text, [t.text for t in asked]):
        if offer.turn_back and question is not None and _of_its_own(question, offer.sentence):
            continue  # "no, use her work mobile" answers "is it still 07700 ...?", not the offer
        said = asked[-offer.turn_back] if offer.turn_back else turn
        key = decide.slot_name(offer.sentence, offer.value) if offer.value else PROPOSAL
        decisions.append(ended(view, said, key, offer.text, "declined"))
    return decisions


def _of_its_own(question: str, offer: str) -> bool:
    """Whether a question names a value the offer does not hold: a refusal answers that."""
    offered = {v.key for v in typed_values(offer)}
    return any(v.key not in offered for v in typed_values(question))


def _question_put(earlier: Sequence[Turn]) -> str | None:
    """The question the assistant's turn just before put to the user, if it ends on one."""
    if not earlier or earlier[-1].speaker != ASSISTANT:
        return None
    said = sentences(earlier[-1].text)
    return said[-1].text if said and said[-1].question else None
