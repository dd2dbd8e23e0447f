"""Capability memory: how an agent gets better at its job, kept per organization and per
capability.

A session names the capability it works in and the agent's maturity in it:
`engine.session(principal, capability="calendar", maturity="senior")`. It records lessons
with `Session.learn(text, level=...)` at three levels (events, heuristics, strategies),
each gated by maturity, and every context it assembles carries the capability's
strategies, heuristics and most relevant events in a section of their own. Consolidation
(`Engine.consolidate`) clusters similar events, abstracts each cluster into a heuristic,
and retires duplicates and entries too thin to teach anything; what it retires stays as
history with a pointer to what it became.
"""

from statekeeper.capability.consolidate import Cluster, ConsolidationReport
from statekeeper.capability.lessons import (
    WRITES,
    DuplicateLessonError,
    Lesson,
    Level,
    Maturity,
    MaturityError,
)

__all__ = [
    "WRITES",
    "Cluster",
    "ConsolidationReport",
    "DuplicateLessonError",
    "Lesson",
    "Level",
    "Maturity",
    "MaturityError",
]
