"""The latest few items of a view, kept by what comes and goes, are always the true latest
of everything there is (what the store would give if asked again)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from statekeeper.context.latest import Latest


@settings(max_examples=300)
@given(
    st.sets(st.integers(min_value=0, max_value=60), max_size=30),
    st.integers(min_value=1, max_value=8),
    st.lists(st.tuples(st.booleans(), st.integers(min_value=0, max_value=60)), max_size=40),
)
def test_the_latest_stay_the_true_latest(
    start: set[int], limit: int, steps: list[tuple[bool, int]]
) -> None:
    items = set(start)
    latest: Latest[int] = Latest(int, int)
    latest.fill(sorted(items, reverse=True)[:limit], limit)
    for came, item in steps:
        if came:
            items.add(item)
            latest.add(item)
        else:
            items.discard(item)
            latest.drop(item)
        truth = sorted(items, reverse=True)
        if latest.holds(limit):
            assert latest.latest(limit) == truth[:limit]
        held = latest.latest(None)
        assert held == truth[: len(held)]  # whatever it holds is a true prefix
        if latest.complete:
            assert held == truth
