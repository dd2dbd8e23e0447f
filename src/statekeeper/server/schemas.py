"""The REST API's request and reply bodies.

Requests are strict where JSON is unambiguous (a string is a string, a flag a boolean) and
refuse fields they do not know, so a typo is a 422 rather than a silently ignored option.
What JSON cannot carry natively arrives as text: times as ISO 8601, a time to live as
seconds. The engine then checks everything again as it would for a Python caller. Replies
use the engine's own models (`Fact`, `Turn`, `Context`), so the API shows the
specification's fields as they are.
"""

from __future__ import annotations

from dataclasses import asdict
from datetime import datetime, timedelta
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    JsonValue,
    StrictBool,
    StrictFloat,
    StrictInt,
    StrictStr,
)

from statekeeper.capability.lessons import Maturity
from statekeeper.errors import InvalidInputError
from statekeeper.horizons import State, UserProfile, Workspace
from statekeeper.model import ConstraintType, MemoryType, Scope, Source, SourceType
from statekeeper.server.keys import Role


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SourceIn(Body):
    """A fact's provenance; by default the key's own user and authority."""

    type: SourceType = SourceType.STATE_WRITE
    turn_index: StrictInt | None = None
    event_index: StrictInt | None = None
    authority: StrictStr | None = None
    speaker: StrictStr | None = None
    origin: StrictStr | None = None


class FactIn(Body):
    """`Session.write`'s arguments; `ttl` in seconds."""

    key: StrictStr
    value: JsonValue
    supersedes: StrictStr | None = None
    id: StrictStr | None = None
    source: SourceIn | None = None
    timestamp: datetime | None = None
    scope: Scope | None = None
    scope_id: StrictStr | None = None
    depends_on: list[StrictStr] = Field(default_factory=list)
    memory_type: MemoryType | None = None
    is_constraint: StrictBool | None = None
    constraint_type: ConstraintType | None = None
    required_authority: StrictStr | None = None
    required_permissions: list[StrictStr] = Field(default_factory=list)
    expires_at: datetime | None = None
    ttl: float | None = Field(None, description="Seconds until the fact expires.")
    entity: StrictStr | None = None
    slot: StrictStr | None = None
    implicit: StrictBool = True
    overrule: StrictBool = False
    detect: StrictBool = False

    def arguments(self) -> dict[str, Any]:
        """The keyword arguments of `Session.write`, only those the request set."""
        given = self.model_dump(exclude_unset=True, exclude={"source", "ttl"})
        if self.source is not None:
            given["source"] = Source(**self.source.model_dump(exclude_unset=True))
        if self.ttl is not None:
            if not 0 < self.ttl < 10**9:
                raise InvalidInputError("ttl", self.ttl, "must be a positive number of seconds")
            given["ttl"] = timedelta(seconds=self.ttl)
        for listed in ("depends_on", "required_permissions"):
            if listed in given:
                given[listed] = tuple(given[listed])
        return given


class BatchIn(Body):
    """Facts written in one transaction: all of them, or on any bad one none."""

    facts: list[FactIn] = Field(min_length=1)


class TurnIn(Body):
    """A conversation turn to observe; the speaker is the key's user unless named."""

    text: StrictStr
    speaker: StrictStr | None = None
    timestamp: datetime | None = None
    authority: StrictStr | None = None
    assistant: StrictBool = False


class ContextIn(Body):
    query: StrictStr
    budget: StrictInt | None = None
    audience: Literal["internal", "external"] | None = None
    capability: StrictStr | None = Field(
        default=None, description="The capability whose memory the context carries, if any."
    )


class Current(BaseModel):
    """A key's live value (null when its latest version has expired or been retracted)."""

    key: str
    value: JsonValue


class TaskIn(Body):
    query: StrictStr


class WorkspaceModel(Body):
    """Horizon 2: the task's working memory, field for field."""

    objective: StrictStr = ""
    assessment: StrictStr = ""
    approach: StrictStr = ""
    observations: list[StrictStr] = Field(default_factory=list)
    insights: list[StrictStr] = Field(default_factory=list)
    facts: dict[str, JsonValue] = Field(default_factory=dict)
    thoughts: list[dict[str, JsonValue]] = Field(default_factory=list)

    def workspace(self) -> Workspace:
        return Workspace(**self.model_dump())


class CompleteIn(Body):
    """The workspace as it ends, if it changed since it was last saved."""

    workspace: WorkspaceModel | None = None


class ProfileModel(BaseModel):
    """Horizon 1: the user's permanent profile."""

    user_id: str
    preferences: dict[str, JsonValue]
    goals: list[str]
    expertise_areas: list[str]
    communication_style: str
    projects: dict[str, str]
    created_at: datetime
    last_updated: datetime

    @classmethod
    def of(cls, profile: UserProfile) -> ProfileModel:
        return cls(**asdict(profile))


class TaskOut(BaseModel):
    task_id: str
    user_id: str
    query: str
    profile: ProfileModel
    workspace: WorkspaceModel | None

    @classmethod
    def of(cls, state: State) -> TaskOut:
        assert state.profile is not None
        workspace = None if state.workspace is None else WorkspaceModel(**asdict(state.workspace))
        return cls(
            task_id=state.task_id,
            user_id=state.user_id,
            query=state.query,
            profile=ProfileModel.of(state.profile),
            workspace=workspace,
        )


class Completed(BaseModel):
    task_id: str
    completed: bool = True


class KeyIn(Body):
    """A key an administrator creates for a user of its own organization."""

    user: StrictStr
    authority: StrictStr
    role: Role = "agent"
    permissions: list[StrictStr] = Field(default_factory=list)
    maturity: dict[StrictStr, StrictStr] = Field(
        default_factory=dict,
        description="The key's maturity per capability (junior, senior or master); junior "
        "in any capability not named.",
    )


class NewKey(BaseModel):
    """A new key: `api_key` is shown this once and never stored."""

    api_key: str
    key_id: str
    user: str
    authority: str
    role: Role
    permissions: tuple[str, ...]
    maturity: dict[str, Maturity]
    created_at: datetime


class LessonIn(Body):
    """A lesson to learn in a capability, at the key's maturity there."""

    text: StrictStr
    level: StrictStr = Field(default="event", description="event, heuristic or strategy.")


class ConsolidateIn(Body):
    """How alike events must be to make a heuristic, and how many make one."""

    similarity: StrictFloat | None = Field(
        default=None, description="Average cosine similarity of a cluster's events, 0 to 1 (0.3)."
    )
    min_cluster: StrictInt | None = Field(
        default=None, description="Events that make a pattern (3)."
    )


class DocumentIn(Body):
    """A document of the organization; one of the same id is replaced."""

    id: StrictStr
    text: StrictStr
    source: StrictStr | None = None
    acl: list[StrictStr] | None = Field(
        default=None,
        description="Who may read it: user:<id>, authority:<rung>, permission:<name>; "
        "null for the whole organization.",
    )


class ErrorOut(BaseModel):
    """Every error: the exception's name and message, and for bad input the field."""

    error: str
    message: str
    field: str | None = None
