"""The changes of typed values and list items that `decide` reads in a turn, made
decisions: a new version of a live fact, or a value said in an earlier turn ended or
replaced."""

from __future__ import annotations

from collections.abc import Sequence

from statekeeper.conversation import decide
from statekeeper.conversation.additions import added, with_item
from statekeeper.conversation.changes.list_items import values_of_item
from statekeeper.conversation.clauses import sentences
from statekeeper.conversation.cues import found
from statekeeper.conversation.decisions import Decision, Earlier, Replace, said_by
from statekeeper.conversation.personal import personal
from statekeeper.conversation.readings.outcomes import ended, replacing
from statekeeper.conversation.readings.own import anothers_own
from statekeeper.conversation.readings.permission import may_change
from statekeeper.conversation.targets import SIGNAL_ORIGIN
from statekeeper.conversation.view import StateView
from statekeeper.model import ASSISTANT, Fact, Scope, Turn
from statekeeper.nlu.assertions import CANCELLED
from statekeeper.text.values import TypedValue, calendar_word

TAKEN_BACK = "taken back"


def decided(
    view: StateView, turn: Turn, live: Sequence[Fact], earlier: Sequence[Turn]
) -> list[Decision]:
    """The replacements and retractions `decide` reads in a turn: a value inside a live
    fact is changed in a new version of that fact; a value only said in an earlier turn is
    recorded as said then and ended now, so that it is masked wherever it is carried."""
    facts, turns, sources = changeable(view, turn, live, earlier)
    edits: dict[str, str] = {}
    why: dict[str, list[str]] = {}
    decisions: list[Decision] = []
    called: list[Decision] = []  # the words an item taken out of a fact went by
    for op in decide.decide(turn.text, sources):
        source = op.old.source if isinstance(op, decide.Replace) else op.source
        if source.fact_id is not None:
            current = edits.get(source.fact_id, str(facts[source.fact_id].value))
            if isinstance(op, decide.Replace):
                edits[source.fact_id] = decide.replaced(current, op.old_text, op.new_text)
                why.setdefault(source.fact_id, []).append(op.reason)
            else:
                left = "" if op.whole else decide.without(current, op.item)
                edits[source.fact_id] = left or CANCELLED
                why.setdefault(source.fact_id, []).append(TAKEN_BACK)
                called += _called(view, turn, op)
            continue
        assert source.turn_index is not None  # a source is a live fact or an earlier turn
        said = turns[source.turn_index]
        if isinstance(op, decide.Retract):
            carried = values_of_item(op.item, source.text, turn.text)
            decisions += [
                ended(view, said, op.name, w, TAKEN_BACK)
                for w in dict.fromkeys([*(op.wordings or (op.item,)), *carried])
            ]
            continue
        key = decide.slot_name(source.text, op.old.value)
        if not nameable(key, op.old.value):  # the new value is left to the turn itself
            decisions.append(ended(view, said, key, op.old.value.text, op.reason))
            continue
        old = Earlier(key, op.old.value.text, said_by(said, view.authority), said.timestamp)
        source_now = said_by(turn, view.authority)
        # the old value with the part that changed put right: "£15", then "it's 50", is £50
        value = op.old.value.text.replace(op.old_text, op.new_text, 1)
        decisions.append(Replace(old, key, value, source_now, turn.timestamp, op.reason))
    for addition in added(turn.text, [s for s in sources if s.fact_id is not None]):
        fact_id = addition.source.fact_id or ""
        current = edits.get(fact_id, str(facts[fact_id].value))
        edits[fact_id] = with_item(current, addition.item)
        why.setdefault(fact_id, []).append("added to the list")
    for fact_id, value in edits.items():
        fact = facts[fact_id]
        if value and value != fact.value:
            reason = "; ".join(dict.fromkeys(why[fact_id]))
            decisions.append(replacing(view, turn, fact.key, value, fact, reason))
    return decisions + called


def nameable(key: str, value: TypedValue) -> bool:
    """Whether a key found for a value said in passing names a slot: not the value's kind
    alone ("time", "quantity"), nor a day's or a month's name ("fri")."""
    return key != value.kind and not any(calendar_word(word) for word in key.split("_"))


def changeable(
    view: StateView, turn: Turn, live: Sequence[Fact], earlier: Sequence[Turn]
) -> tuple[dict[str, Fact], dict[int, Turn], list[decide.Source]]:
    """What a turn may change, by id and by index, and as the sources `decide` reads: the
    live facts its speaker may change, and the earlier turns its speaker said or was told
    back (another's words too, when the turn gainsays them or outranks their speaker)."""
    writer = turn.authority or view.authority
    access = view.access
    own = {p.key for p in personal(turn.text)}
    facts = {
        f.id: f
        for f in live
        if f.scope == Scope.GLOBAL
        and f.source.origin != SIGNAL_ORIGIN
        and isinstance(f.value, str)
        and may_change(view, turn, f)
        and not anothers_own(f, turn, own)
    }
    ladder = access.ladder
    rank = ladder.rank_or(writer, ladder.rank_or("peer", 0))
    answers_back = found("disagreement", turn.text)
    turns = {  # what the speaker said or was told back; another's words, when gainsaid
        t.index: t
        for t in earlier
        if t.scope == Scope.GLOBAL
        and (
            t.speaker in (turn.speaker, ASSISTANT)
            or answers_back
            or rank > ladder.rank_or(t.authority, rank)
        )
    }
    sources = [decide.Source(f.text, fact_id=f.id, key=f.key) for f in facts.values()] + [
        decide.Source(t.text, turn_index=t.index, offered=_offers(t)) for t in turns.values()
    ]
    return facts, turns, sources


def _offers(turn: Turn) -> bool:
    """Whether a turn is the assistant's putting values forward for the user to take up:
    it asks ("That comes to £60. Shall I book the 10:15?"), where a statement of its own
    ("Per the list, the call-out is £95.") puts nothing forward."""
    return turn.speaker == ASSISTANT and any(s.question for s in sentences(turn.text))


def _called(view: StateView, turn: Turn, op: decide.Retract) -> list[Decision]:
    """The item a turn took out of a list ("drop the cheese board" from "olive oil sampler,
    cheese board"), and what the turn called an item by fewer words than the fact's own
    ("we're out of halibut" for "halibut with saffron risotto"), ended as well: no turn
    that names them shows them as live."""
    called = decide.undetermined(op.words)
    item = op.item.lower()
    names = [op.item] if not op.whole else []
    if called.lower() != item and called.lower() in item:
        names.append(called)
    return [ended(view, turn, op.source.key or "item", name, TAKEN_BACK) for name in names]
