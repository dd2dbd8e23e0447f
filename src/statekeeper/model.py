"""The specification's schemas: who asks, what is known, what is in flight, what surrounds.

Models are immutable pydantic objects; changing a fact means writing a new one (the store
updates only validity pointers and the review flag in place).
"""

from __future__ import annotations

import json
from datetime import date, datetime
from enum import StrEnum
from typing import Any, ClassVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    JsonValue,
    ValidationError,
    model_validator,
)

from statekeeper.errors import InvalidInputError, PrincipalError
from statekeeper.validation import MAX_KEY_LENGTH, MAX_VALUE_CHARS, Name, as_input_error

__all__ = ["MAX_KEY_LENGTH", "MAX_VALUE_CHARS"]  # where callers have always found them



# A permission every principal holds for a context written for us, and none for one
# written to someone outside (a reply to a client): what was said "internal only" needs it.
INTERNAL = "internal"
# A permission for a principal that writes for others (an importer, a chat bridge): it may
# name any authority for a write or a turn; anyone else, none above their own.
ACT_FOR_OTHERS = "act-for-others"


class Scope(StrEnum):
    """Where a fact holds. Only global facts drive decisions outside their own scope."""

    GLOBAL = "global"
    TASK = "task"
    HYPOTHETICAL = "hypothetical"
    DRAFT = "draft"
    SESSION = "session"


class MemoryType(StrEnum):
    """The paper's tri-partite split: private user memory, capability memory, org knowledge."""

    USER = "user"
    CAPABILITY = "capability"
    ORGANIZATIONAL = "organizational"


class SourceType(StrEnum):
    CONVERSATION = "conversation"
    STATE_WRITE = "state_write"
    SYSTEM = "system"
    POLICY = "policy"


class ConstraintType(StrEnum):
    BUDGET = "budget"
    DEADLINE = "deadline"
    CAPACITY = "capacity"
    POLICY = "policy"


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Checked(Frozen):
    """A model callers build themselves: bad arguments raise the engine's own error, which
    names the field, rather than pydantic's."""

    _error: ClassVar[type[InvalidInputError]] = InvalidInputError

    def __init__(self, **data: Any) -> None:
        try:
            super().__init__(**data)
        except ValidationError as error:
            raise as_input_error(error, "", self._error, type(self).__name__) from None


class Principal(Checked):
    """Who is asking. Every read and write carries one."""

    _error: ClassVar[type[InvalidInputError]] = PrincipalError

    org: Name
    user: Name
    authority: Name = "peer"
    permissions: frozenset[str] = frozenset()
    capability: str = ""
    name: str | None = None
    department: str | None = None
    org_name: str | None = None

    def identity(self) -> IdentityRole:
        return IdentityRole(
            user_name=self.name or self.user,
            user_id=self.user,
            authority=self.authority,
            department=self.department or "",
            organization=self.org_name or self.org,
            # the engine's own rights say how it writes, not who the user is
            permissions=sorted(self.permissions - {ACT_FOR_OTHERS, INTERNAL}),
        )


class IdentityRole(Frozen):
    """Layer 1: set once at session start, read-only during the session."""

    user_name: str
    user_id: str
    authority: str
    department: str = ""
    organization: str
    permissions: list[str] = Field(default_factory=list)


class Source(Checked):
    """Provenance of a fact. `origin` names the finer system (finance_system, observation...)."""

    type: SourceType = SourceType.STATE_WRITE
    turn_index: int | None = None
    event_index: int | None = None
    authority: str | None = None
    speaker: str | None = None
    origin: str | None = None
    task_id: str | None = None  # the task a fact was promoted from, on its completion


class Fact(Frozen):
    """Layer 2: a persistent fact with the specification's full schema plus partition keys."""

    id: str
    key: str
    value: JsonValue
    source: Source = Field(default_factory=Source)
    timestamp: datetime
    is_valid: bool = True
    superseded_by: str | None = None
    supersedes: str | None = None
    memory_type: MemoryType = MemoryType.USER
    scope: Scope = Scope.GLOBAL
    scope_id: str | None = None
    depends_on: tuple[str, ...] = ()
    derived_facts: tuple[str, ...] = ()
    needs_review: bool = False
    is_constraint: bool = False
    constraint_type: ConstraintType | None = None
    # partition keys
    org: str
    user: str
    capability: str = ""
    # access and lifetime
    required_authority: str | None = None
    required_permissions: frozenset[str] = frozenset()
    expires_at: datetime | None = None
    invalidated_at: datetime | None = None
    invalid_reason: str | None = None
    entity: str | None = None
    slot: str | None = None
    forgotten: bool = False

    @property
    def text(self) -> str:
        """The value as text, for ranking, formatting and value matching."""
        return value_text(self.value)

    @property
    def restricted(self) -> bool:
        return self.required_authority is not None or bool(self.required_permissions)


PersistentFact = Fact


def value_text(value: JsonValue) -> str:
    if isinstance(value, str):
        return value
    return _CANONICAL_JSON(value)


# Built once: json.dumps with options builds a new encoder on every call.
# NaN and infinities are no JSON: a value holding one is refused, not stored as "NaN".
encode_json = json.JSONEncoder(ensure_ascii=False, allow_nan=False).encode
_CANONICAL_JSON = json.JSONEncoder(ensure_ascii=False, sort_keys=True).encode


class WorkingSetItem(Frozen):
    """Layer 3: task-local scratch data, optionally with a time to live."""

    key: str
    value: JsonValue
    created_at: datetime
    expires_at: datetime | None = None

    @model_validator(mode="after")
    def _ttl_after_creation(self) -> WorkingSetItem:
        if self.expires_at is not None and self.expires_at < self.created_at:
            raise ValueError("expires_at is before created_at")
        return self


# The speaker name of an agent's own turns: what it says is no user's word.
ASSISTANT = "assistant"


class Turn(Frozen):
    """One conversation turn held in the working set (recent turns are state too)."""

    index: int
    speaker: str
    text: str
    timestamp: datetime
    authority: str | None = None
    scope: Scope = Scope.GLOBAL
    scope_id: str | None = None
    fact_ids: tuple[str, ...] = ()


class Environment(Frozen):
    """Layer 4: fetched fresh for every query, never stored."""

    current_time: datetime
    timezone: str = "UTC"
    location: str | None = None
    external_data: dict[str, JsonValue] = Field(default_factory=dict)

    @property
    def current_date(self) -> date:
        return self.current_time.date()


class Omission(Frozen):
    """Something left out of a context, and why."""

    reason: str
    fact_id: str | None = None
    detail: str = ""


class Context(Frozen):
    """An assembled context: the text for the model and an account of what went into it."""

    text: str
    tokens: int
    budget: int
    included: tuple[str, ...] = ()
    omitted: tuple[Omission, ...] = ()
    withheld: int = 0

    def __str__(self) -> str:
        return self.text
