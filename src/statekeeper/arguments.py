"""The arguments of a write and of a working item, as pydantic models checked strictly.

A write is checked whole before any lock is taken, so a bad argument costs nothing and
changes nothing; what the engine then derives (scope, memory type, constraint) starts from
values known to be well formed.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from statekeeper.model import ConstraintType, MemoryType, Scope, Source, encode_json
from statekeeper.validation import MAX_VALUE_CHARS, Json, Name, Text, as_input_error, problem


def _filled(value: Any) -> Any:
    if value is None or (isinstance(value, str) and not value.strip()):
        raise problem("must not be empty", value)
    encoded = encode_json(value)
    if len(encoded) > MAX_VALUE_CHARS:
        raise problem(f"longer than {MAX_VALUE_CHARS} characters once encoded", encoded[:40])
    return value


def _positive(ttl: timedelta | None) -> timedelta | None:
    if ttl is not None and ttl <= timedelta(0):
        raise problem("must be a positive timedelta", ttl)
    return ttl


def _once_each(names: tuple[str, ...]) -> tuple[str, ...]:
    if len(set(names)) != len(names):
        raise problem("names a fact twice", list(names))
    return names


Value = Annotated[Json, AfterValidator(_filled)]
Ttl = Annotated[timedelta | None, AfterValidator(_positive)]


class Arguments(BaseModel):
    """Arguments checked strictly; `check` raises the engine's own error, never pydantic's."""

    model_config = ConfigDict(strict=True, frozen=True, extra="forbid")

    @classmethod
    def check(cls, arguments: Mapping[str, Any]) -> Any:
        """The arguments validated, or InvalidInputError naming the first bad one."""
        try:
            return cls.model_validate(arguments)
        except ValidationError as failure:
            raise as_input_error(failure, whole="arguments") from None


class WriteArguments(Arguments):
    """`Session.write`'s arguments."""

    key: Name
    value: Value
    supersedes: Name | None = None
    id: Name | None = None
    source: Source | None = None
    timestamp: datetime | None = None
    # Enumerations may be named by their value ("hypothetical"), as the signatures say.
    scope: Scope | None = Field(None, strict=False)
    scope_id: Name | None = None
    depends_on: Annotated[tuple[Name, ...], AfterValidator(_once_each)] = Field((), strict=False)
    memory_type: MemoryType | None = Field(None, strict=False)
    is_constraint: bool | None = None
    constraint_type: ConstraintType | None = Field(None, strict=False)
    required_authority: Name | None = None
    required_permissions: frozenset[Name] = Field(frozenset(), strict=False)
    expires_at: datetime | None = None
    ttl: Ttl = None
    entity: Name | None = None
    slot: Name | None = None
    implicit: bool = True
    overrule: bool = False
    detect: bool = False


class ItemArguments(Arguments):
    """`Session.remember`'s arguments."""

    key: Name
    value: Json
    ttl: Ttl = None


class TurnArguments(Arguments):
    """`Session.add_turn`'s arguments."""

    speaker: Name
    text: Text
    timestamp: datetime | None = None
    authority: Name | None = None
    scope: Scope = Field(Scope.GLOBAL, strict=False)
    scope_id: Name | None = None
    fact_ids: tuple[Name, ...] = Field((), strict=False)


class ObserveArguments(Arguments):
    """`Session.observe`'s arguments."""

    speaker: Name
    text: Text
    timestamp: datetime | None = None
    authority: Name | None = None
    assistant: bool = False
    interpret: bool = True
