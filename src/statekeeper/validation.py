"""What callers hand the engine, checked at the boundary in one way.

Arguments are described as pydantic types (`Name`, `Text`, `Json` and the models built from
them), validated strictly (no string becomes a date, no number a string), and a complaint
becomes the engine's own `InvalidInputError` naming the field as the caller knows it:
`workspace.facts['plan'][2]`, `depends_on[1]`, `key`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping
from functools import cache
from typing import Annotated, Any, TypeVar

from pydantic import AfterValidator, TypeAdapter, ValidationError
from pydantic_core import PydanticCustomError

from statekeeper.errors import InvalidInputError

T = TypeVar("T")

MAX_KEY_LENGTH = 200
MAX_VALUE_CHARS = 32_000
MAX_DEPTH = 32  # how deeply a JSON value may nest
CONTROL = re.compile(r"[\x00-\x1f\x7f]")  # a name is one line of printable text


def problem(reason: str, bad: Any = None, path: str = "") -> PydanticCustomError:
    """A complaint a validator raises: why, the bad part, and where inside the value."""
    return PydanticCustomError(
        "statekeeper", "{reason}", {"reason": reason, "bad": bad, "path": path}
    )


def _text(value: str, limit: int) -> str:
    if not value.strip():
        raise problem("must not be empty", value)
    if len(value) > limit:
        raise problem(f"longer than {limit} characters", value[:40])
    if "\x00" in value:
        raise problem("contains a NUL character", value)
    return value


def _name(value: str) -> str:
    value = _text(value, MAX_KEY_LENGTH).strip()
    if CONTROL.search(value):
        raise problem("contains a line break or control character", value)
    return value


def _exact(value: str) -> str:
    if value != value.strip():
        raise problem("must not start or end with whitespace", value)
    return value


# A key, id, speaker or other name: short, on one line, surrounding blanks dropped.
Name = Annotated[str, AfterValidator(_name)]
# A name kept exactly as given, so it comes back equal: surrounding blanks are refused.
Id = Annotated[str, AfterValidator(_exact), AfterValidator(_name)]
# What someone said or asked: not empty, no NUL, at most MAX_VALUE_CHARS.
Text = Annotated[str, AfterValidator(lambda value: _text(value, MAX_VALUE_CHARS))]


def having(*methods: str) -> AfterValidator:
    """A check that an object has these methods (a tokenizer, an extractor): a protocol
    checked where it is handed over, not where it is first called."""

    def _has(value: object) -> object:
        missing = [m for m in methods if not callable(getattr(value, m, None))]
        if missing:
            raise problem(f"must have {', '.join(f'{m}()' for m in missing)}", value)
        return value

    return AfterValidator(_has)


def _positive(value: int) -> int:
    if value <= 0:
        raise problem("must be a positive integer", value)
    return value


# A count of something: a whole positive number (True is not 1 here).
Count = Annotated[int, AfterValidator(_positive)]


def json_problems(value: Any, path: str = "", depth: int = 0) -> Iterator[tuple[str, Any, str]]:
    """What JSON would drop, change or refuse in a value, with where it is, without
    recursion's limits deciding: nesting stops at MAX_DEPTH."""
    if depth > MAX_DEPTH:
        yield path, type(value).__name__, f"nests deeper than {MAX_DEPTH} levels"
    elif isinstance(value, str):
        if "\x00" in value:
            yield path, value, "contains a NUL character"
    elif value is None or isinstance(value, bool | int):
        return
    elif isinstance(value, float):
        if not math.isfinite(value):
            yield path, value, "is not a finite number"
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from json_problems(item, f"{path}[{index}]", depth + 1)
    elif isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                yield path, key, "has a key that is not a string (JSON keys are strings)"
            elif "\x00" in key:
                yield path, key, "has a key that contains a NUL character"
            else:
                yield from json_problems(item, f"{path}[{key!r}]", depth + 1)
    else:
        yield (
            path,
            value,
            f"is a {type(value).__name__}, not JSON "
            "(use None, bool, int, float, str, list, or dict with string keys)",
        )


def _json(value: Any) -> Any:
    for path, bad, reason in json_problems(value):
        raise problem(reason, bad, path)
    return value


# Any JSON value, exactly as it will come back: finite numbers, string keys, no NUL.
Json = Annotated[Any, AfterValidator(_json)]


@cache
def _adapter(kind: Any) -> TypeAdapter[Any]:
    return TypeAdapter(kind)


def check(
    kind: Any, value: Any, field: str, error: type[InvalidInputError] = InvalidInputError
) -> Any:
    """`value` validated strictly as `kind`, or `error` naming where it is wrong."""
    try:
        return _adapter(kind).validate_python(value, strict=True)
    except ValidationError as failure:
        raise as_input_error(failure, field, error) from None


def as_input_error(
    failure: ValidationError,
    field: str = "",
    error: type[InvalidInputError] = InvalidInputError,
    whole: str = "value",
) -> InvalidInputError:
    """Pydantic's first complaint as the engine's error, its place written as a caller
    would write it (`facts['plan'][2]`); `whole` names a complaint about all of it."""
    first = failure.errors()[0]
    context: Mapping[str, Any] = first.get("ctx") or {}
    place = _place(field, first["loc"])
    if first["type"] == "statekeeper":
        return error(place + context["path"], context["bad"], context["reason"])
    return error(place or whole, first.get("input"), first["msg"])


def _place(field: str, loc: tuple[int | str, ...]) -> str:
    """`profile` and ("projects", "p") as `profile.projects['p']`; a bad key of a mapping
    as `workspace.facts key ''`."""
    place = field
    for position, part in enumerate(loc):
        if part == "[key]":
            continue
        if position + 1 < len(loc) and loc[position + 1] == "[key]":
            place += f" key {part!r}"
        elif isinstance(part, int):
            place += f"[{part}]"
        elif position == 0:
            place += f".{part}" if place else part
        else:
            place += f"[{part!r}]"
    return place
