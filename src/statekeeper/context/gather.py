"""Gathering a query's layers from the store: which facts may be shown, in which order,
and which values are dead and must be scrubbed from everything else.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache

from statekeeper.access import Access
from statekeeper.context import format as fmt
from statekeeper.context.assemble import Layers
from statekeeper.context.hygiene import REDACTED, DeadValues, value_parts
from statekeeper.context.terms import query_terms
from statekeeper.model import Environment, Fact, IdentityRole, Omission, Principal, Scope
from statekeeper.nlu.interpret import extraction_attempt, past_spans, superseded_alternatives
from statekeeper.store.base import UnitOfWork, View

# Below this many live facts every one is considered; above it, the store's full-text index
# picks the candidates, so a context costs the same at 100 facts and at 100,000.
FULL_SCAN_LIMIT = 400
SEARCH_LIMIT = 80
RECENT_LIMIT = 20
CONSTRAINT_LIMIT = 20
DEAD_LIMIT = 100  # the most recently dead values are the ones conversation still carries


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
    principal: Principal,
    identity: IdentityRole,
    environment: Environment,
    query: str,
    where: Where,
    access: Access,
    workspace: str = "",
) -> Layers:
    view = View(principal.org, principal.user, principal.capability)
    candidates, order = _candidates(uow, view, query)

    shown: list[Fact] = []
    hidden: list[Fact] = []
    withheld = 0
    omitted: list[Omission] = []
    for fact in candidates:
        if not access.can_read(principal, fact):
            withheld += 1
            hidden.append(fact)
        elif not in_scope(fact, where):
            omitted.append(
                Omission(reason="out of scope", fact_id=fact.id, detail=fact.scope.value)
            )
            hidden.append(fact)
        else:
            shown.append(fact)

    turns = uow.recent_turns(principal.user, where.task_id)
    dead = [f.text for f in uow.invalidated_since(view, datetime.min, DEAD_LIMIT)]
    dead += [f.text for f in hidden]
    dead += [f.text for f in shown if f.needs_review]
    # A live note that says what a value used to be ("changed from $50,000") does not keep
    # that value alive: its past-marked figures are left out of what counts as live.
    live = [_without_past(f.text) for f in shown if not f.needs_review]
    live_figures = {part for text in live for part in value_parts(text)}
    scrub = DeadValues.build(dead, live)

    def clean(text: str) -> str:
        text = scrub.redact(text)
        figures = sorted(value_parts(text), key=len, reverse=True)
        dead_here = [*past_values(text), *superseded_alternatives(text, figures, live_figures)]
        for past in [f for f in dead_here if f not in live_figures]:
            text = re.sub(rf"(?<!\w){re.escape(past)}(?!\w)", REDACTED, text, flags=re.IGNORECASE)
        return text

    shown.sort(key=lambda f: order.get(f.id, len(order) + 1))
    constraints = [(f, clean(f.text)) for f in shown if f.is_constraint and not f.needs_review]
    constraint_ids = {f.id for f, _ in constraints}
    facts = [(f, clean(f.text)) for f in shown if f.id not in constraint_ids]

    open_side = turns[-1].scope_id if turns and turns[-1].scope != Scope.GLOBAL else None
    cleaned = []
    for turn in turns:
        if turn.scope != Scope.GLOBAL and turn.scope_id not in (where.scope_id, open_side):
            omitted.append(Omission(reason="out of scope", detail=f"turn {turn.index}"))
            continue
        if turn.speaker != "assistant" and extraction_attempt(turn.text):
            omitted.append(
                Omission(
                    reason="request for information not visible to this user",
                    detail=f"turn {turn.index}",
                )
            )
            continue
        text = clean(turn.text)
        if text != turn.text:
            omitted.append(Omission(reason="dead value redacted", detail=f"turn {turn.index}"))
        cleaned.append((turn, text))

    items = [
        i
        for i in uow.items(principal.user, where.task_id)
        if i.expires_at is None or i.expires_at > environment.current_time
    ]
    return Layers(
        identity=fmt.identity_section(identity),
        environment=fmt.environment_section(environment),
        constraints=constraints,
        facts=facts,
        workspace=clean(workspace) if workspace else "",
        items=items,
        turns=cleaned,
        withheld=withheld,
        omitted=omitted,
    )


def _candidates(uow: UnitOfWork, view: View, query: str) -> tuple[list[Fact], dict[str, int]]:
    """Live visible facts worth considering, and their relevance order (best first).

    A small memory is read whole; a large one through the store's full-text index, plus
    the most recent facts and every constraint, so the cost does not grow with its size."""
    terms = query_terms(query)
    ranked = uow.search_valid_facts(view, terms, SEARCH_LIMIT) if terms else []
    if uow.live_count(view, FULL_SCAN_LIMIT + 1) <= FULL_SCAN_LIMIT:
        every = uow.valid_facts(view)
    else:
        every = uow.live_constraints(view, CONSTRAINT_LIMIT) + uow.valid_facts(view, RECENT_LIMIT)
    order: dict[str, int] = {}
    for fact in ranked:
        order.setdefault(fact.id, len(order))
    for fact in every:  # then by recency
        order.setdefault(fact.id, len(order))
    unique = {f.id: f for f in [*ranked, *every]}
    return list(unique.values()), order


@lru_cache(maxsize=65536)
def past_values(text: str) -> tuple[str, ...]:
    """The figures a text itself marks as history; the same texts recur in every context."""
    return tuple(past_spans(text, sorted(value_parts(text), key=len, reverse=True)))


@lru_cache(maxsize=65536)
def _without_past(text: str) -> str:
    for past in past_values(text):
        text = re.sub(rf"(?<!\w){re.escape(past)}(?!\w)", " ", text, flags=re.IGNORECASE)
    return text
