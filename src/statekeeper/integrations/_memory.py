"""What the agent-framework integrations share: a task's session as awaitable calls, and
the question a context is assembled for."""

from __future__ import annotations

from collections.abc import Sequence

from statekeeper.aio import AsyncEngine, AsyncSession
from statekeeper.engine import Engine
from statekeeper.errors import InvalidInputError
from statekeeper.model import ASSISTANT, Principal, Turn


def task_session(engine: Engine | AsyncEngine, principal: Principal, task_id: str) -> AsyncSession:
    """The session of `principal` in task `task_id`, whichever kind of engine is given."""
    if isinstance(engine, Engine):
        engine = AsyncEngine(engine)
    if not isinstance(engine, AsyncEngine):
        raise InvalidInputError("engine", engine, "must be an Engine or an AsyncEngine")
    return engine.session(principal, task_id=task_id)


def checked_budget(budget: object) -> int | None:
    """A context's budget checked when an integration is set up, not at its first call."""
    if budget is None:
        return None
    if not isinstance(budget, int) or isinstance(budget, bool) or budget <= 0:
        raise InvalidInputError("budget", budget, "must be a positive integer")
    return budget


def latest_question(turns: Sequence[Turn]) -> str | None:
    """What the agent is answering now: the latest turn that is not its own."""
    asked = [t.text for t in turns if t.speaker != ASSISTANT]
    return asked[-1] if asked else None
