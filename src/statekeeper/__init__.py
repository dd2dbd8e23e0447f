"""statekeeper: a state-based context engine for LLM agents."""

from statekeeper.access import Access, AuthorityLadder
from statekeeper.engine import Engine, Session, Settings
from statekeeper.errors import (
    AuthorityError,
    BudgetTooSmallError,
    CycleError,
    DuplicateFactError,
    InvalidInputError,
    PrincipalError,
    StatekeeperError,
    StoreError,
    UnknownFactError,
)
from statekeeper.model import (
    ConstraintType,
    Context,
    Environment,
    Fact,
    IdentityRole,
    MemoryType,
    Omission,
    PersistentFact,
    Principal,
    Scope,
    Source,
    SourceType,
    Turn,
    WorkingSetItem,
)

__all__ = [
    "Access", "AuthorityError", "AuthorityLadder", "BudgetTooSmallError", "ConstraintType",
    "Context", "CycleError", "DuplicateFactError", "Engine", "Environment", "Fact",
    "IdentityRole", "InvalidInputError", "MemoryType", "Omission", "PersistentFact",
    "Principal", "PrincipalError", "Scope", "Session", "Settings", "Source", "SourceType",
    "StatekeeperError", "StoreError", "Turn", "UnknownFactError", "WorkingSetItem",
]
