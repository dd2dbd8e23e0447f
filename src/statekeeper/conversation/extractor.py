"""The engine's conversation rules behind the `Extractor` protocol.

An engine with no extractor plugged in reads turns with these rules directly, with the
earlier turns of the conversation in view. Here the same rules read one turn against the
facts they are handed, and return what they find as candidates, the form every extractor
shares: to compare the rules with another extractor, to combine them, or to run them
outside an engine.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Literal

from statekeeper.access import Access
from statekeeper.conversation.apply import apply
from statekeeper.conversation.decisions import Add, Conflict, Decision, Replace, Restrict, Retract
from statekeeper.conversation.memory import MemoryState
from statekeeper.conversation.reading import read_turn
from statekeeper.errors import InvalidInputError
from statekeeper.model import Fact, Scope, Turn
from statekeeper.nlu.extract import Candidate, ValueType
from statekeeper.text.values import typed_values
from statekeeper.validation import Name, Text, check


class RuleExtractor:
    """Candidates the deterministic rules read in one turn, against known facts."""

    def __init__(self, *, authority: str = "peer", access: Access | None = None) -> None:
        self.authority = check(Name, authority, "authority")
        self.access = access or Access()

    def extract(self, text: str, *, speaker: str, known: Sequence[Fact]) -> list[Candidate]:
        check(Text, text, "text")
        check(Name, speaker, "speaker")
        stray = next((f for f in known if not isinstance(f, Fact)), None)
        if stray is not None:
            raise InvalidInputError("known", stray, "holds something that is not a Fact")
        state = MemoryState(facts=list(known), authority=self.authority, access=self.access)
        latest = max((f.timestamp for f in known), default=datetime.now(UTC))
        turn = Turn(index=0, speaker=speaker, text=text, timestamp=latest + timedelta(seconds=1))
        found: list[Candidate] = []
        for batch in read_turn(state, turn, ()):
            found += [typed(c, text) for d in batch if (c := as_candidate(d)) is not None]
            apply(state, batch, lenient=True)  # the next batch reads what this one changed
        return found


def as_candidate(decision: Decision) -> Candidate | None:
    """A decision of the rules as what an extractor would have proposed; None for an end
    of a value only said in a turn, which names no fact."""
    if isinstance(decision, Retract):
        if not isinstance(decision.old, Fact):
            return None
        return Candidate(
            key=decision.old.key, value=_text(decision.old.value), action="retract",
            replaces=decision.old.id,
        )  # fmt: skip
    if isinstance(decision, Restrict):
        return Candidate(
            key=decision.key, value=_text(decision.value), action="restrict",
            readers=sorted(decision.permissions), scope=_scope(decision.scope),
        )  # fmt: skip
    if isinstance(decision, Replace | Conflict):
        replaces = decision.old.id if isinstance(decision.old, Fact) else None
        return Candidate(key=decision.key, value=_text(decision.value), replaces=replaces)
    assert isinstance(decision, Add)
    return Candidate(
        key=decision.key, value=_text(decision.value), scope=_scope(decision.scope),
        replaces=decision.replaces, entity=decision.entity, slot=decision.slot,
        constraint_type=decision.constraint_type,  # type: ignore[arg-type]
    )  # fmt: skip


# The kinds of value the rules recognise, as a candidate names them.
_VALUE_TYPES: dict[str, ValueType] = {
    "date": "date", "weekday": "date", "time": "time", "money": "money",
    "percent": "percent", "number": "count", "quantity": "quantity", "phone": "phone",
    "email": "email", "address": "address", "code": "code",
}  # fmt: skip


def typed(candidate: Candidate, turn: str) -> Candidate:
    """A candidate with the kind of the value it asserts and the words of the turn that
    state it: its one typed value, when it has one the turn says."""
    if candidate.action != "assert":
        return candidate
    said = [v for v in typed_values(candidate.value) if v.text.lower() in turn.lower()]
    kinds = {_VALUE_TYPES.get(v.kind, "text") for v in said}
    if len(kinds) != 1:
        span = candidate.value if candidate.value.lower() in turn.lower() else None
        return candidate.model_copy(update={"span": span})
    words = candidate.value[said[0].start : said[-1].end]  # "Friday, May 9" is one date
    return candidate.model_copy(update={"value_type": kinds.pop(), "span": words})


def _text(value: object) -> str:
    return value if isinstance(value, str) else json.dumps(value)


def _scope(scope: Scope | None) -> Literal["global", "hypothetical", "draft"]:
    """A side scope as a candidate names it: a draft, or else a hypothetical (a digression's
    or a brainstorm's values hold only there)."""
    if scope in (None, Scope.GLOBAL):
        return "global"
    return "draft" if scope == Scope.DRAFT else "hypothetical"
