"""Writing a fact into its supersession chain, inside one unit of work.

All checks run before the first write, so a rejected write leaves the store unchanged.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache

from statekeeper.access import Access
from statekeeper.errors import AuthorityError, CycleError, DuplicateFactError, UnknownFactError
from statekeeper.model import Fact, Scope
from statekeeper.store.base import UnitOfWork, View


@dataclass(frozen=True)
class WriteResult:
    fact: Fact
    superseded: tuple[str, ...] = ()
    flagged: tuple[str, ...] = ()
    created: bool = True


def same_scope(a: Fact, scope: Scope, scope_id: str | None) -> bool:
    return a.scope == scope and a.scope_id == scope_id


def resolve(
    uow: UnitOfWork, view: View, ref: str, scope: Scope, scope_id: str | None
) -> list[Fact]:
    """The live facts a `supersedes` reference names: a fact id (followed to its current
    head when it is already superseded) or a key (its valid heads in the same scope)."""
    fact = uow.get_fact(ref)
    if (
        fact is not None
        and fact.user in ("", view.user)
        and fact.capability in ("", view.capability)
    ):
        seen = {fact.id}
        while not fact.is_valid and fact.superseded_by:
            successor = uow.get_fact(fact.superseded_by)
            if successor is None or successor.id in seen:
                break
            seen.add(successor.id)
            fact = successor
        return [fact] if fact.is_valid and not fact.forgotten else []
    heads = [f for f in uow.valid_heads(view, ref) if same_scope(f, scope, scope_id)]
    if not heads:
        heads = uow.valid_heads(view, ref)
    if not heads:
        raise UnknownFactError(ref)
    return heads


@lru_cache(maxsize=4096)  # a bulk write asks once to guess, once to write
def new_fact_id(view: View, key: str, timestamp: datetime, seq: int) -> str:
    """Deterministic: the same events on a fresh store give the same ids. The write order
    leads, so new ids land at the end of the primary-key index instead of all over it."""
    digest = hashlib.blake2b(
        f"{view.org}\x1f{view.user}\x1f{view.capability}\x1f{key}\x1f{timestamp.isoformat()}\x1f{seq}".encode(),
        digest_size=4,
    ).hexdigest()
    return f"f-{seq:08x}-{digest}"


def commit_fact(
    uow: UnitOfWork,
    view: View,
    draft: Fact,
    *,
    supersedes: str | None,
    writer_authority: str,
    access: Access,
    implicit: bool = True,
    overrule: bool = False,
    seq: int | None = None,
) -> WriteResult:
    """Insert `draft`, superseding what it replaces and flagging what depended on that.

    With `implicit`, a write to a key that already has a live head in the same namespace
    and scope replaces it (a repeated identical value is a no-op, not a new fact). `seq`
    is the sequence number the caller read for the new fact, if it read one."""
    if uow.get_fact(draft.id) is not None:
        raise DuplicateFactError(draft.id)
    if draft.id in draft.depends_on:
        raise CycleError("depends_on", [draft.id, draft.id])
    if supersedes == draft.id:
        raise CycleError("supersedes", [draft.id, draft.id])
    for parent in draft.depends_on:
        if uow.get_fact(parent) is None:
            raise UnknownFactError(parent)

    if supersedes is not None:
        targets = resolve(uow, view, supersedes, draft.scope, draft.scope_id)
    elif implicit:
        # Every live head of the key the writer can see in this scope, shared ones included:
        # a private write must not shadow the organization's policy of the same key.
        targets = [
            f
            for f in uow.valid_heads(view, draft.key)
            if same_scope(f, draft.scope, draft.scope_id)
        ]
        for existing in targets:
            if existing.value == draft.value and not existing.needs_review:
                return WriteResult(existing, created=False)
    else:
        targets = []

    _check_no_cycle(uow, draft, targets)
    if targets and all(t.user == "" for t in targets) and draft.user != "":
        # Replacing shared knowledge keeps it shared: everyone who saw the old value sees the new.
        draft = draft.model_copy(update={"user": "", "memory_type": targets[0].memory_type})
    for target in targets:
        if not access.can_supersede(writer_authority, target, strict=not overrule):
            if not overrule:
                raise AuthorityError(writer_authority, target.source.authority or "?", target.id)
            return _born_dead(uow, draft, target, "overruled by higher authority", seq)
    newer = [t for t in targets if t.timestamp > draft.timestamp]
    if newer:
        # Rule 4: a value stamped before the current head is history, not news.
        return _born_dead(uow, draft, newer[-1], "older than the current value", seq)

    chain_parent = targets[0].id if targets else None
    fact = _kept_restricted(draft, targets)
    if chain_parent != fact.supersedes:
        fact = fact.model_copy(update={"supersedes": chain_parent})
    uow.insert_fact(fact, seq)
    flagged: list[str] = []
    for target in targets:
        uow.invalidate(target.id, by=fact.id, at=fact.timestamp, reason="superseded")
        flagged += uow.dependants(target.id)
    flagged = sorted(set(flagged) - {fact.id})
    if flagged:
        uow.mark_needs_review(flagged)
    return WriteResult(fact, tuple(t.id for t in targets), tuple(flagged))


def _kept_restricted(draft: Fact, targets: Sequence[Fact]) -> Fact:
    """Replacing a restricted value keeps it restricted: whoever could not see the old one
    does not see the new one ("HR only: salary $90,000", then "make that $95,000"). The
    permissions add up; a rank asked of the old one is asked of the new one unless the
    write names its own."""
    permissions = draft.required_permissions.union(*(t.required_permissions for t in targets))
    ranked = next((t.required_authority for t in targets if t.required_authority), None)
    update: dict[str, object] = {}
    if permissions != draft.required_permissions:
        update["required_permissions"] = permissions
    if draft.required_authority is None and ranked is not None:
        update["required_authority"] = ranked
    return draft.model_copy(update=update) if update else draft


def _born_dead(
    uow: UnitOfWork, draft: Fact, head: Fact, reason: str, seq: int | None
) -> WriteResult:
    """Record a write that does not take effect, as history behind the head that stands."""
    fact = draft.model_copy(
        update={
            "is_valid": False,
            "superseded_by": head.id,
            "invalidated_at": max(head.timestamp, draft.timestamp),
            "invalid_reason": reason,
        }
    )
    uow.insert_fact(fact, seq)
    return WriteResult(fact)


def _check_no_cycle(uow: UnitOfWork, draft: Fact, targets: Sequence[Fact]) -> None:
    """A fact may not supersede one of its own inputs' chain ancestors that it depends on."""
    target_ids = {t.id for t in targets}
    overlap = target_ids & set(draft.depends_on)
    if overlap:
        raise CycleError("supersedes/depends_on", [draft.id, sorted(overlap)[0], draft.id])
