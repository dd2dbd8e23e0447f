"""Gathering a query's layers from the store: which facts may be shown, in which order,
and which values are dead and must be scrubbed from everything else.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence, Set
from dataclasses import dataclass, field, replace
from datetime import datetime
from itertools import zip_longest

from statekeeper.access import Access
from statekeeper.context import format as fmt
from statekeeper.context.assemble import Layers
from statekeeper.context.choices import settle_choices
from statekeeper.context.conflicts import unresolved
from statekeeper.context.digressions import asked_side_scope, digression_turns
from statekeeper.context.focus import Contested, Focus, contested_figures, kept_values
from statekeeper.context.hygiene import REDACTED, WITHHELD_MARK, DeadValues, value_parts
from statekeeper.context.recall import recall
from statekeeper.context.snapshot import Snapshot
from statekeeper.conversation.restrictions import (
    ACKNOWLEDGED_NOTE,
    INTERNAL_NOTE,
    beyond_restriction,
    kept_part,
)
from statekeeper.model import (
    ASSISTANT,
    Environment,
    Fact,
    IdentityRole,
    Omission,
    Principal,
    Scope,
    Turn,
    WorkingSetItem,
)
from statekeeper.nlu.interpret import (
    extraction_attempt,
    past_spans,
    since_return,
    superseded_alternatives,
)
from statekeeper.store.base import UnitOfWork

# Below this many live facts every one is considered; above it, relevance ranking picks the
# candidates, so a context costs about the same at 100 facts and at 100,000.
FULL_SCAN_LIMIT = 400
SEARCH_LIMIT = 80
RECENT_LIMIT = 20
CONSTRAINT_LIMIT = 20
DEAD_LIMIT = 100  # the most recently dead values are the ones conversation still carries
WITHHELD = "withheld"
OUT_OF_SCOPE = "out of scope"
RULED_OUT_REASON = "option ruled out by a requirement"
DIGRESSION = "digression the query is not about"
_NONE: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Where:
    """The scope a context is built in: its task and, if any, its hypothetical or draft."""

    task_id: str
    scope_id: str | None = None


def in_scope(fact: Fact, where: Where) -> bool:
    if fact.scope in (Scope.GLOBAL,):
        return True
    if fact.scope == Scope.TASK:
        return fact.scope_id in (None, where.task_id)
    return fact.scope_id is not None and fact.scope_id == where.scope_id


def gather(
    uow: UnitOfWork,
    snapshot: Snapshot,
    principal: Principal,
    identity: IdentityRole,
    environment: Environment,
    query: str,
    where: Where,
    access: Access,
    items: list[WorkingSetItem],
    workspace: str = "",
    similar: Sequence[str] = (),
    recall_limit: int = 0,
    external: bool = False,
    near_turns: Sequence[tuple[str, int]] = (),
) -> Layers:
    """`similar` are the ids of facts near the query in meaning; `recall_limit` is how
    many past turns the transcript search may return (0: none), and `near_turns` the
    (task, index) of past turns near the query in meaning, best first; `external`,
    whether the context is for someone outside, who is shown nothing said for us only."""
    seen = _reading(snapshot, principal, where, access, external)
    candidates, order = _candidates(snapshot, query, similar)

    shown: list[Fact] = []
    withheld = 0
    omitted: list[Omission] = []
    for fact in candidates:
        reason = seen.hidden.get(fact.id)
        if reason is None:
            shown.append(fact)
        elif reason == WITHHELD:
            withheld += 1
        else:
            omitted.append(Omission(reason=reason, fact_id=fact.id, detail=fact.scope.value))

    shown.sort(key=lambda f: order[f.id])
    snapshot.read_dead(f.supersedes for f in shown if f.supersedes)
    # A figure a shown correction carried over from what it replaced is live, not contested.
    kept = {
        v
        for f in shown
        if f.supersedes
        and seen.contested_in(f.text)
        and (replaced := _replaced(snapshot, f)) is not None
        for v in kept_values(replaced, f.text)
    }
    turns = _returns_trimmed(uow.recent_turns(principal.user, where.task_id))
    open_side = turns[-1].scope_id if turns and turns[-1].scope != Scope.GLOBAL else None
    asked_side = asked_side_scope(turns, query)
    visible = []
    for turn in turns:
        if asked_side is not None and turn.scope == Scope.GLOBAL:
            omitted.append(Omission(reason=DIGRESSION, detail=f"turn {turn.index}"))
        elif turn.scope != Scope.GLOBAL and turn.scope_id not in (
            where.scope_id,
            open_side,
            asked_side,
        ):
            omitted.append(Omission(reason=OUT_OF_SCOPE, detail=f"turn {turn.index}"))
        elif turn.speaker != ASSISTANT and extraction_attempt(turn.text):
            omitted.append(
                Omission(
                    reason="request for information not visible to this user",
                    detail=f"turn {turn.index}",
                )
            )
        else:
            visible.append(turn)
    side = digression_turns(visible, query)
    if side:
        omitted += [Omission(reason=DIGRESSION, detail=f"turn {i}") for i in sorted(side)]
        left = {(t.index, t.timestamp) for t in visible if t.index in side}
        visible = [t for t in visible if t.index not in side]
        shown = [f for f in shown if (f.source.turn_index, f.timestamp) not in left]

    def said() -> Iterator[tuple[datetime, str]]:
        """What the context states as so: shown facts, and the user turns of its own scope
        (an open digression or hypothetical changes nothing)."""
        yield from ((f.timestamp, f.text) for f in shown if not f.needs_review)
        yield from (
            (t.timestamp, t.text)
            for t in visible
            if t.speaker != ASSISTANT and (t.scope == Scope.GLOBAL or t.scope_id == where.scope_id)
        )

    focus = Focus.of(query, seen.contested, kept, seen.echoes, said, seen.clean, seen.pasts)

    def focused(
        text: str, when: datetime, replaced: str | None = None, binding: bool = False
    ) -> str:
        if seen.contested_in(text) <= focus.spared:  # the usual case: nothing to weigh
            return text
        return focus.apply(text, replaced, when, binding)

    constraints = [
        (f, focused(seen.clean(f.text), f.timestamp, binding=True))
        for f in shown
        if f.is_constraint and not f.needs_review
    ]
    constraint_ids = {f.id for f, _ in constraints}
    facts = [
        (f, focused(seen.clean(f.text), f.timestamp, _replaced(snapshot, f)))
        for f in shown
        if f.id not in constraint_ids
    ]
    # Two colleagues of one rank who disagree, on a rule or on a plain fact, are a dispute.
    text_of = {f.id: text for f, text in [*constraints, *facts]}
    stated = [f for f, _ in [*constraints, *facts] if not f.needs_review]
    groups = unresolved(stated, access.source_rank)
    conflicts = [[(f, text_of[f.id]) for f in group] for group in groups]
    in_conflict = {f.id for group in groups for f in group}
    constraints = [(f, text) for f, text in constraints if f.id not in in_conflict]
    facts = [(f, text) for f, text in facts if f.id not in in_conflict]

    cleaned = []
    for turn in visible:
        text = seen.clean(turn.text)
        if text != turn.text:
            omitted.append(Omission(reason="dead value redacted", detail=f"turn {turn.index}"))
        cleaned.append((turn, focused(text, turn.timestamp)))
    # An option a shown requirement rules out is no live choice (context/choices.py).
    requirements = ((f.key, text) for f, text in [*constraints, *facts] if not f.needs_review)
    settled = settle_choices(
        [text for _, text in cleaned], requirements, query, environment.current_date
    )
    for (turn, text), now in zip(cleaned, settled, strict=True):
        if now != text:
            omitted.append(Omission(reason=RULED_OUT_REASON, detail=f"turn {turn.index}"))
    cleaned = [(turn, now) for (turn, _), now in zip(cleaned, settled, strict=True)]

    recalled, left_out = _recalled(
        uow,
        snapshot,
        principal,
        where,
        access,
        query,
        environment,
        turns,
        recall_limit,
        external,
        near_turns,
    )
    omitted += left_out
    recalled = [(turn, focused(text, turn.timestamp)) for turn, text in recalled]

    return Layers(
        identity=fmt.identity_section(identity),
        environment=fmt.environment_section(environment),
        constraints=constraints,
        conflicts=conflicts,
        facts=facts,
        workspace=seen.clean(workspace) if workspace else "",
        items=items,
        turns=cleaned,
        recalled=recalled,
        withheld=withheld,
        omitted=omitted,
    )


def _reading(
    snapshot: Snapshot,
    principal: Principal,
    where: Where,
    access: Access,
    external: bool,
    dead_limit: int | None = DEAD_LIMIT,
) -> Reading:
    """One reader's view of a snapshot, built once per revision; `dead_limit` is how many
    of the latest dead facts it scrubs (None: all)."""
    return snapshot.memo(
        ("reader", principal, where, external, dead_limit),
        lambda: Reading.build(snapshot, principal, where, access, external, dead_limit),
    )


def cleaner(
    snapshot: Snapshot, principal: Principal, where: Where, access: Access, external: bool
) -> Callable[[str], str]:
    """What masks, in any text shown to this reader, the values the state has ended and
    those they may not see (the same hygiene as turns get; a document chunk, for one)."""
    return _reading(snapshot, principal, where, access, external).clean


def _recalled(
    uow: UnitOfWork,
    snapshot: Snapshot,
    principal: Principal,
    where: Where,
    access: Access,
    query: str,
    environment: Environment,
    recent: Sequence[Turn],
    limit: int,
    external: bool,
    near: Sequence[tuple[str, int]],
) -> tuple[list[tuple[Turn, str]], list[Omission]]:
    """Past turns for the query. A recalled turn can be as old as the conversation, so it is
    cleaned of every value the state has ended, not only the most recent ones."""
    if limit <= 0:
        return [], []

    def clean(text: str) -> str:
        """Built only when a recalled turn needs it: scrubbing every dead value reads
        every dead fact of the view."""
        every = DEAD_LIMIT if snapshot.dead_within(DEAD_LIMIT) else None
        return _reading(snapshot, principal, where, access, external, every).clean(text)

    held = {turn.index for turn in recent}
    return recall(
        uow,
        principal.user,
        query,
        environment.current_time,
        limit,
        shown=lambda hit: hit.task_id == where.task_id and hit.turn.index in held,
        scope_id=where.scope_id,
        clean=clean,
        near=near,
    )


@dataclass
class Reading:
    """What one reader may see of a snapshot, and the values to scrub from what they see.

    Dead values are the most recently invalidated facts, the live facts this reader may not
    see (restricted or in another scope) and the facts waiting for recalculation. A value
    that a fact the reader does see still holds stays."""

    hidden: dict[str, str]  # fact id: why it is not shown
    scrub: DeadValues
    live_figures: Set[str]
    # figures dead in one statement and live in another, with the subject words of the
    # dead statements that held each
    contested: Contested = field(default_factory=dict)
    withhold: DeadValues = field(default_factory=DeadValues)  # what the reader may not see
    figures: Callable[[str], frozenset[str]] = value_parts  # a text's values
    cleaned: dict[str, str] = field(default_factory=dict)
    past_found: dict[str, tuple[str, ...]] = field(default_factory=dict)
    holding: dict[str, frozenset[str]] = field(default_factory=dict)
    echoes: dict[tuple[str, str], bool] = field(default_factory=dict)

    @classmethod
    def build(
        cls,
        snapshot: Snapshot,
        principal: Principal,
        where: Where,
        access: Access,
        external: bool = False,
        dead_limit: int | None = DEAD_LIMIT,
    ) -> Reading:
        hidden: dict[str, str] = {}
        for fact_id in snapshot.special:
            fact = snapshot.fact(fact_id)
            if not access.can_read(principal, fact, external):
                hidden[fact_id] = WITHHELD
            elif not in_scope(fact, where):
                hidden[fact_id] = OUT_OF_SCOPE
        unseen = hidden.keys() | snapshot.review
        withheld = [
            run
            for i in sorted(hidden)
            if hidden[i] == WITHHELD
            for run in _withheld_runs(snapshot.fact(i))
        ]
        dead = snapshot.recently_dead(dead_limit)
        dead += [snapshot.fact(i).text for i in sorted(unseen) if hidden.get(i) != WITHHELD]
        snapshot.read_values([*dead, *withheld])
        live = snapshot.live_values(unseen)
        if snapshot.fresh:  # a first reading asks about hundreds of phrases: all at once
            asked: list[str] = []

            def record(phrase: str) -> bool:
                asked.append(phrase)
                return True  # "asserted": the probe scrubs nothing, it only lists

            probe = replace(live, contains=record)
            DeadValues.build(dead, probe)
            DeadValues.build(withheld, probe)
            snapshot.read_phrases(asked)
        recent = [f.text for f in snapshot.newest(RECENT_LIMIT) if f.id not in unseen]
        contested = contested_figures(dead + withheld, live.parts, recent)
        withhold = DeadValues.build(withheld, live, WITHHELD_MARK)
        scrub = DeadValues.build(dead, live)
        return cls(hidden, scrub, live.parts, contested, withhold, snapshot.figures)

    def contested_in(self, text: str) -> frozenset[str]:
        """The contested figures a text holds, remembered for the revision."""
        if not self.contested:
            return frozenset()
        found = self.holding.get(text)
        if found is None:
            found = frozenset(p for p in self.figures(text) if p in self.contested) or _NONE
            self.holding[text] = found  # most hold none: one set shared, for the collector
        return found

    def pasts(self, text: str) -> tuple[str, ...]:
        """What `past_values` finds in a text, from the values the index kept for it,
        remembered for the revision."""
        found = self.past_found.get(text)
        if found is None:
            figures = sorted(self.figures(text), key=len, reverse=True)
            found = self.past_found[text] = tuple(past_spans(text, figures))
        return found

    def clean(self, text: str) -> str:
        """The text with every dead value replaced, remembered for the revision."""
        done = self.cleaned.get(text)
        if done is None:
            done = self.cleaned[text] = self._clean(text)
        return done

    def _clean(self, text: str) -> str:
        text = self.scrub.redact(self.withhold.redact(text))
        figures = sorted(self.figures(text), key=len, reverse=True)
        dead_here = [*self.pasts(text), *superseded_alternatives(text, figures, self.live_figures)]
        for past in [f for f in dead_here if f not in self.live_figures]:
            text = re.sub(rf"(?<!\w){re.escape(past)}(?!\w)", REDACTED, text, flags=re.IGNORECASE)
        return text


def _replaced(snapshot: Snapshot, fact: Fact) -> str | None:
    """The text of the dead statement a live fact replaced, if it is still held."""
    return snapshot.replaced_text(fact.supersedes) if fact.supersedes else None


def _candidates(
    snapshot: Snapshot, query: str, similar: Sequence[str] = ()
) -> tuple[list[Fact], dict[str, int]]:
    """Live facts worth considering, and their relevance order (best first).

    A small memory is considered whole; a large one by its best matches for the query, its
    most recent facts and its most recent constraints, so the cost does not grow with its
    size. Facts near the query in meaning (`similar`, ids best first) take turns with the
    full-text matches; only those still live in the snapshot are taken."""
    ranked = snapshot.ranked(query, SEARCH_LIMIT)
    if similar:
        near = snapshot.live_facts(similar)
        ranked = [f for pair in zip_longest(ranked, near) for f in pair if f is not None]
    if snapshot.live_count() <= FULL_SCAN_LIMIT:
        every = snapshot.newest()
    else:
        every = snapshot.newest(CONSTRAINT_LIMIT, constraints=True) + snapshot.newest(RECENT_LIMIT)
    chosen: dict[str, Fact] = {}
    for fact in [*ranked, *every]:  # relevance first, then recency
        chosen.setdefault(fact.id, fact)
    return list(chosen.values()), {fact_id: n for n, fact_id in enumerate(chosen)}


def _returns_trimmed(turns: Sequence[Turn]) -> list[Turn]:
    """Turns with what the assistant said before it went back to the main line left to the
    side matter it closes: "Logged: parcel for C7714QP ... Back to the legal visit?" is
    shown from "Back to"."""
    out = list(turns)
    for n in range(1, len(out)):
        turn = out[n]
        if turn.speaker == ASSISTANT and out[n - 1].scope != turn.scope == Scope.GLOBAL:
            out[n] = turn.model_copy(update={"text": since_return(turn.text)})
    return out


def _withheld_runs(fact: Fact) -> list[str]:
    """What of a withheld fact a context masks: all of it, or of a note of what was said
    for us only, what it says beyond its restriction; of what the assistant said back as
    kept, what is kept (whom it is for stays readable)."""
    if fact.key == INTERNAL_NOTE:
        return beyond_restriction(fact.text)
    if fact.key == ACKNOWLEDGED_NOTE:
        return [kept_part(fact.text)]
    return [fact.text]
