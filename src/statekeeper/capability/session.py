"""The capability calls of `Engine` and `Session`: checked, then carried out in one
transaction each (a refusal writes nothing)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from statekeeper.capability.consolidate import (
    DEFAULT_MIN_CLUSTER,
    DEFAULT_SIMILARITY,
    ConsolidationReport,
    check_llm,
)
from statekeeper.capability.consolidate import consolidate as run_consolidation
from statekeeper.capability.lessons import (
    Lesson,
    Maturity,
    MaturityError,
    add_lesson,
    level_of,
    listed,
    maturity_of,
    may_write,
)
from statekeeper.errors import InvalidInputError
from statekeeper.model import Principal
from statekeeper.validation import Name, Text, check

if TYPE_CHECKING:
    from statekeeper.engine import Engine, Session

MAX_CLUSTER = 1000


def session_capability(
    principal: Principal, capability: Any, maturity: Any
) -> tuple[Principal, Maturity | None]:
    """The principal a session works as, with its capability, and the agent's maturity in
    that capability (junior unless said)."""
    if capability is not None:
        named = check(Name, capability, "capability")
        if principal.capability and principal.capability != named:
            raise InvalidInputError(
                "capability", capability, f"differs from the principal's {principal.capability!r}"
            )
        principal = principal.model_copy(update={"capability": named})
    elif principal.capability:
        principal = principal.model_copy(
            update={"capability": check(Name, principal.capability, "principal.capability")}
        )
    if not principal.capability:
        if maturity is not None:
            raise InvalidInputError("maturity", maturity, "needs a capability to be mature in")
        return principal, None
    return principal, Maturity.JUNIOR if maturity is None else maturity_of(maturity)


def _capability(session: Session) -> str:
    capability = session.principal.capability
    if not capability:
        raise InvalidInputError(
            "capability", capability, "this session names none: engine.session(..., capability=...)"
        )
    return capability


def learn(session: Session, text: Any, level: Any) -> Lesson:
    capability = _capability(session)
    grade = level_of(level)
    said = check(Text, text, "text").strip()
    maturity = session.maturity or Maturity.JUNIOR
    if not may_write(maturity, grade):
        raise MaturityError(maturity.value, grade.value, capability)
    principal = session.principal
    with session.engine.store.write(principal.org) as uow:
        return add_lesson(
            uow,
            principal.org,
            capability,
            grade,
            said,
            session.engine.now(),
            added_by=principal.user,
            maturity=maturity,
        )


def lessons(session: Session, level: Any, history: Any) -> list[Lesson]:
    capability = _capability(session)
    grade = None if level is None else level_of(level)
    if not isinstance(history, bool):
        raise InvalidInputError("history", history, "must be True or False")
    org = session.principal.org
    with session.engine.store.read(org) as uow:
        return listed(uow, org, capability, grade, history)


def consolidate(
    engine: Engine,
    org: Any,
    capability: Any,
    llm: Any,
    similarity: Any,
    min_cluster: Any,
) -> ConsolidationReport:
    org = check(Name, org, "org")
    capability = check(Name, capability, "capability")
    llm = check_llm(llm)
    if similarity is None:
        similarity = DEFAULT_SIMILARITY
    if (
        isinstance(similarity, bool)
        or not isinstance(similarity, (int, float))
        or not 0.0 < similarity < 1.0
    ):
        raise InvalidInputError("similarity", similarity, "must be a number between 0 and 1")
    if min_cluster is None:
        min_cluster = DEFAULT_MIN_CLUSTER
    if (
        isinstance(min_cluster, bool)
        or not isinstance(min_cluster, int)
        or not 2 <= min_cluster <= MAX_CLUSTER
    ):
        raise InvalidInputError("min_cluster", min_cluster, f"must be an integer 2 to {MAX_CLUSTER}")
    embedder = next(
        (
            found.embedder
            for found in (engine.similarity, engine.documents_by_meaning)
            if found is not None
        ),
        None,
    )
    return run_consolidation(
        engine.store,
        org,
        capability,
        engine.now,
        llm=llm,
        embedder=embedder,
        similarity=float(similarity),
        min_cluster=min_cluster,
    )
