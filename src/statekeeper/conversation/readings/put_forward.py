"""Values a turn says but does not stand by, made decisions: each rival of a known value
that the turn only puts forward and does not itself adopt (conversation/changes/rivals.py),
each value it only supposes (conversation/changes/suppositions.py), and a value the turn
puts right as it says it ("tasting on the 29th... sorry, the 30th"),
is recorded as said and ended at once, so that a replayed turn shows it masked."""

from __future__ import annotations

from collections.abc import Sequence

from statekeeper.conversation.changes.contrasts import contrasted
from statekeeper.conversation.changes.miscalled import called_wrong
from statekeeper.conversation.changes.rivals import puts_forward, rivals
from statekeeper.conversation.changes.suppositions import supposed, supposes
from statekeeper.conversation.clauses import sentences
from statekeeper.conversation.decisions import Decision, Retract
from statekeeper.conversation.readings.outcomes import PROPOSAL, ended
from statekeeper.conversation.readings.typed import changeable
from statekeeper.conversation.view import StateView
from statekeeper.model import Fact, Turn
from statekeeper.nlu import interpret as nlu
from statekeeper.text.values import typed_values

NOT_TAKEN_UP = "put forward, not taken up"
PUT_RIGHT = "put right as it was said"


def put_forward(
    view: StateView,
    turn: Turn,
    live: Sequence[Fact],
    earlier: Sequence[Turn],
    taken: Sequence[Decision],
) -> list[Decision]:
    """The rivals a turn puts forward, ended; none that the turn's own decisions (`taken`)
    give a fact."""
    put_right = _put_right(view, turn, live, earlier) + _called_wrong(view, turn, live)
    if not puts_forward(turn.text) and not supposes(turn.text):
        return put_right
    _, _, sources = changeable(view, turn, live, earlier)
    adopted = [str(d.value) for d in taken if not isinstance(d, Retract)]
    offered = [op.new.text for op in rivals(turn.text, sources)]
    offered += [v.text for v in supposed(turn.text, sources)]
    return [
        ended(view, turn, PROPOSAL, text, NOT_TAKEN_UP)
        for text in dict.fromkeys(offered)
        if not any(nlu.mentions(value, text) for value in adopted)
    ] + put_right


def _put_right(
    view: StateView, turn: Turn, live: Sequence[Fact], earlier: Sequence[Turn]
) -> list[Decision]:
    """The values a turn's own statements name as replaced ("the 29th... sorry, the 30th",
    "481, not 418") that nothing known holds nor said before: ended as they were said."""
    # a question or a supposition names nothing as replaced ("do I pay 38 instead of 61?")
    stated = " ".join(s.text for s in sentences(turn.text) if s.asserts)
    said_before = [f.text for f in live] + [t.text for t in earlier]
    return [  # all it states: a repair runs across a stop ("the 29th... sorry, the 30th")
        ended(view, turn, PROPOSAL, old, PUT_RIGHT)
        for old in contrasted(stated, steps=False).values()
        if not any(nlu.mentions(text, old) for text in said_before)
    ]


CALLED_WRONG = "called wrong"


def _called_wrong(view: StateView, turn: Turn, live: Sequence[Fact]) -> list[Decision]:
    """The values a turn calls an error ("the newsletter has us as 14:30. Their typo."),
    ended as said; a value a live fact holds is left alone."""
    held = {v.key for f in live for v in typed_values(f.text)}
    return [
        ended(view, turn, PROPOSAL, value.text, CALLED_WRONG)
        for _, value in called_wrong(sentences(turn.text))
        if value.key not in held
    ]
