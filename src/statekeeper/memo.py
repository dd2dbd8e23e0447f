"""Caches of pure functions of a text, which the garbage collector need not walk.

`functools.lru_cache` keeps each entry in a small list of its own, linked to its
neighbours: one more object for the collector to follow for every fact an engine has read,
and a full collection walks them all. `memoized` keeps its entries in a plain dict,
emptied when full. A dict whose keys and values are strings, numbers or tuples of them is
not followed by the collector at all.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar, cast

F = TypeVar("F", bound=Callable[..., Any])


def memoized(maxsize: int) -> Callable[[F], F]:
    """Remember a function's results by its positional arguments, at most `maxsize`: past
    that, the cache starts again empty (a recent text is asked again, and cheaply made)."""

    def decorate(function: F) -> F:
        cache: dict[Any, Any] = {}

        @wraps(function)
        def cached(*args: Any) -> Any:
            key = args[0] if len(args) == 1 else args
            try:
                return cache[key]
            except KeyError:
                pass
            value = function(*args)
            if len(cache) >= maxsize:
                cache.clear()
            cache[key] = value
            return value

        cached.cache_clear = cache.clear  # type: ignore[attr-defined]
        return cast(F, cached)

    return decorate
