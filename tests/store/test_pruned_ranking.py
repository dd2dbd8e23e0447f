"""A context's ranking over the postings read from the store, on both backends: whether or
not it skips the longest posting's order, it is exactly the full computation over the same
postings, and those postings are the live facts' own, as writes come and go."""

from __future__ import annotations

import uuid

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from statekeeper import Engine, Principal
from statekeeper.context.entries import cached_entry
from statekeeper.context.ranking import Bm25Index, query_stems
from statekeeper.context.snapshot import Snapshot
from tests.conftest import Clock
from tests.core.test_ranking import _full_scoring

WORDS = ["carrier", "invoice", "rotterdam", "budget", "dock", "renewal", "pallet"]
texts = st.lists(st.sampled_from(WORDS), max_size=4).map(
    lambda words: " ".join(["Acme", *words, "acme" if len(words) == 3 else ""]).strip()
)


def _check(snapshot: Snapshot, query: str, limit: int) -> None:
    ranked = [snapshot.seq[fact.id] for fact in snapshot.ranked(query, limit)]
    assert ranked == _full_scoring(snapshot.index, query, limit)
    complete = Bm25Index()
    for fact in snapshot.newest():
        complete.add_terms(snapshot.seq[fact.id], cached_entry(fact).terms)
    for term in query_stems(query):
        assert snapshot.index._postings.get(term, {}) == complete._postings.get(term, {})


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(texts, min_size=1, max_size=40),
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=2),
    st.integers(min_value=1, max_value=6),
    st.lists(st.tuples(st.integers(min_value=0, max_value=39), texts), max_size=6),
)
def test_the_ranking_is_the_full_one_on_either_store(
    store_url: str,
    clock: Clock,
    facts: list[str],
    query: list[str],
    limit: int,
    changes: list[tuple[int, str]],
) -> None:
    user = Principal(org=f"acme-{uuid.uuid4().hex[:8]}", user="alice")
    text = " ".join(["Acme", *query])
    with Engine.open(store_url, clock=clock) as engine:
        session = engine.session(user)
        # each text told apart by a number of its own, so that none repeats another
        session.write_many([{"key": f"k{n}", "value": f"{v} #{n}"} for n, v in enumerate(facts)])
    with Engine.open(store_url, clock=clock) as engine:  # a cold snapshot reads postings
        session = engine.session(user)
        view = session.view
        with engine.store.read(user.org) as uow, engine.snapshots.synced(view, uow) as snap:
            _check(snap, text, limit)
        for step, (n, value) in enumerate(changes):  # superseded or new, followed warm
            key, told = f"k{n}", f"{value} #{100 + step}"
            if n < len(facts):
                session.write(key, told, supersedes=key)
            else:
                session.write(key, told)
            with engine.store.read(user.org) as uow, engine.snapshots.synced(view, uow) as snap:
                _check(snap, text, limit)
