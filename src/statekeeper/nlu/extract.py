"""The extractor interface: a conversation turn in, candidate facts out.

The engine's default reads turns with deterministic rules (`conversation.reading`); the
same rules stand behind this interface as `conversation.extractor.RuleExtractor`. An
extractor plugged into the engine (an LLM, say) proposes candidates instead; the engine
still decides what they change, with the same checks of scope, authority and supersession.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field

from statekeeper.model import Fact

ValueType = Literal[
    "date",
    "time",
    "datetime",
    "money",
    "percent",
    "count",
    "quantity",
    "duration",
    "phone",
    "email",
    "address",
    "code",
    "location",
    "person",
    "organization",
    "status",
    "text",
]


class Candidate(BaseModel):
    """A fact a turn states, and the known fact it replaces, if any; or a known fact the
    turn takes back or keeps from some readers."""

    model_config = ConfigDict(extra="ignore")

    key: str = Field(
        min_length=1, max_length=200, description="snake_case subject, e.g. shipping_address"
    )
    value: str = Field(min_length=1, max_length=2000)
    value_type: ValueType = "text"
    entity: str | None = None
    slot: str | None = None
    scope: Literal["global", "hypothetical", "draft"] = "global"
    replaces: str | None = Field(default=None, description="key of the known fact this corrects")
    constraint_type: Literal["budget", "deadline", "capacity", "policy"] | None = None
    action: Literal["assert", "retract", "restrict"] = Field(
        default="assert",
        description="assert a value; retract the known fact named by replaces (or key), "
        "with nothing in its place; restrict it to readers",
    )
    span: str | None = Field(
        default=None, max_length=2000, description="the words of the turn that state it"
    )
    confidence: float = Field(default=1.0, ge=0.0, le=1.0)
    readers: list[str] = Field(
        default_factory=list,
        max_length=20,
        description="for restrict: the permissions a reader needs (none given: internal only)",
    )


class Extraction(BaseModel):
    """What an extractor returns for one turn."""

    facts: list[Candidate] = Field(default_factory=list)


class Extractor(Protocol):
    """Reads one turn against the facts already known."""

    def extract(self, text: str, *, speaker: str, known: Sequence[Fact]) -> list[Candidate]: ...
