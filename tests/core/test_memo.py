"""The caches of text functions: the same result for the same arguments, at most so many
kept, and nothing in them the garbage collector must follow."""

from __future__ import annotations

import gc

from statekeeper import Engine
from statekeeper.memo import memoized
from tests.conftest import ALICE


def test_a_result_is_computed_once_and_the_cache_starts_again_when_full() -> None:
    calls: list[tuple[str, ...]] = []

    @memoized(2)
    def joined(*parts: str) -> str:
        calls.append(parts)
        return "".join(parts)

    assert joined("a", "b") == joined("a", "b") == "ab"
    assert joined("c") == "c"
    assert calls == [("a", "b"), ("c",)]
    joined("d")  # a third result: the two before are let go
    joined("a", "b")
    assert calls == [("a", "b"), ("c",), ("d",), ("a", "b")]


def test_a_cache_of_texts_is_not_followed_by_the_collector() -> None:
    @memoized(100)
    def length(text: str) -> int:
        return len(text)

    for n in range(50):
        length(f"text {n}")
    cache = next(c for c in gc.get_referents(*length.__closure__) if isinstance(c, dict))
    assert len(cache) == 50 and not gc.is_tracked(cache)


def test_the_lines_a_context_keeps_are_not_followed_by_the_collector(engine: Engine) -> None:
    """A fact's line is cached by what it shows; a key holding an enum member (an object
    with attributes of its own) would be followed, as would the whole cache."""
    from statekeeper.context import format as fmt

    session = engine.session(ALICE)
    for n in range(5):
        session.write(f"dock_{n}", f"Pallet {n} waits at dock {n + 3}")
    fmt._fact_line.cache_clear()  # type: ignore[attr-defined]
    assert "dock 3" in session.context("Which dock?").text
    gc.collect()
    cache = next(
        c for c in gc.get_referents(*fmt._fact_line.__closure__ or ()) if isinstance(c, dict)
    )
    assert len(cache) >= 5 and not gc.is_tracked(cache)
