"""Long postings read in part, on both backends: what a snapshot keeps of a term known in
part (its count, its most repeats, the facts holding it three times or more, and per pair
of terms the facts they share) is what the store gives afresh, and the snapshot ranks as
full scoring over the live facts does, cold and warm, as facts are written, superseded and
forgotten."""

from __future__ import annotations

import uuid

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from statekeeper import Engine, Principal
from statekeeper.context import snapshot as snapshots
from statekeeper.context.entries import cached_entry
from statekeeper.context.ranking import Bm25Index, index_terms
from statekeeper.context.snapshot import Snapshot
from statekeeper.store.sql import SqlUnitOfWork
from tests.conftest import Clock
from tests.core.test_ranking import _full_scoring

WORDS = ["carrier", "invoice", "dock", "dock", "pallet"]
# "Acme" in every fact, twice in some; texts alike in length
texts = st.lists(st.sampled_from(WORDS), min_size=2, max_size=3).map(
    lambda words: " ".join(["Acme", *words, "acme" if len(words) == 2 else "team"])
)


@pytest.fixture
def in_part(monkeypatch: pytest.MonkeyPatch) -> None:
    """A term in more than two facts is known in part, so small views take that path; and
    PostgreSQL, which reads postings whole, reads in part too."""
    monkeypatch.setattr(snapshots, "_LONG", 2)
    monkeypatch.setattr(SqlUnitOfWork, "reads_in_part", True)


def _check(snapshot: Snapshot, query: str, limit: int) -> None:
    ranked = [snapshot.seq[fact.id] for fact in snapshot.ranked(query, limit)]
    complete = Bm25Index()
    for fact in snapshot.newest():
        complete.add_terms(snapshot.seq[fact.id], cached_entry(fact).terms)
    complete._shape, complete._pair_weights = snapshot.index._shape, snapshot.index._pair_weights
    assert ranked == _full_scoring(complete, query, limit)
    uow, view, keys, spaces = snapshot.uow, snapshot.view, snapshot._seq_of, snapshot._spaces
    kept = snapshot.index._in_part
    terms = list(kept.terms)
    assert uow.index_counts(view, terms, spaces) == {t: p.count for t, p in kept.terms.items()}
    for term, (most, high) in uow.index_tiers(view, terms, keys, spaces).items():
        assert kept.terms[term].most >= most and kept.terms[term].high == high
    pairs = list(kept.pairs)
    shared = uow.index_shared(view, pairs, keys, spaces)
    both = uow.index_both(view, pairs, keys, spaces)
    for pair, held in kept.pairs.items():
        assert (held.firsts, held.seconds) == tuple(set(docs) for docs in shared[pair])
        assert held.both is None or held.both == set(both[pair])


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(texts, min_size=1, max_size=40),
    st.sampled_from(["Acme dock", "Acme dock pallet", "dock invoice acme"]),
    st.integers(min_value=1, max_value=6),
    st.lists(
        st.tuples(st.sampled_from(["write", "forget"]), st.integers(0, 39), texts), max_size=6
    ),
)
def test_a_snapshot_ranks_in_part_as_in_full_on_either_store(
    store_url: str,
    clock: Clock,
    in_part: None,
    facts: list[str],
    query: str,
    limit: int,
    changes: list[tuple[str, int, str]],
) -> None:
    user = Principal(org=f"acme-{uuid.uuid4().hex[:8]}", user="alice")
    with Engine.open(store_url, clock=clock) as engine:
        session = engine.session(user)
        # each text told apart by a number of its own, so that none repeats another
        session.write_many([{"key": f"k{n}", "value": f"{v} #{n}"} for n, v in enumerate(facts)])
    with Engine.open(store_url, clock=clock) as engine:  # a cold snapshot reads in part
        session = engine.session(user)
        view = session.view
        with engine.store.read(user.org) as uow, engine.snapshots.synced(view, uow) as snap:
            _check(snap, query, limit)
        for step, (action, n, value) in enumerate(changes):  # followed warm
            key, told = f"k{n}", f"{value} #{100 + step}"
            if action == "forget" and session.is_current(key):
                session.forget(key)
            elif n < len(facts) and session.is_current(key):
                session.write(key, told, supersedes=key)
            else:
                session.write(key, told)
            with engine.store.read(user.org) as uow, engine.snapshots.synced(view, uow) as snap:
                _check(snap, query, limit)


def test_a_common_pair_is_read_in_part_and_kept_through_writes(
    store_url: str, clock: Clock, in_part: None
) -> None:
    user = Principal(org=f"acme-{uuid.uuid4().hex[:8]}", user="alice")
    facts = {  # numbers of two digits: each fact has six terms
        f"k{n}": f"Acme {'dock dock' if n % 5 == 0 else 'dock pallet' if n % 2 else 'carrier pallet'}"
        f" {'acme' if n % 3 == 0 else 'team'} #{n}"
        for n in range(10, 70)
    }
    with Engine.open(store_url, clock=clock) as engine:
        session = engine.session(user)
        session.write_many([{"key": key, "value": value} for key, value in facts.items()])
    acme, dock = index_terms("acme dock")
    with Engine.open(store_url, clock=clock) as engine:
        session = engine.session(user)
        with engine.store.read(user.org) as uow, engine.snapshots.synced(session.view, uow) as snap:
            _check(snap, "Acme dock", 4)
            assert not snap.index.installed  # neither posting was read whole
            assert {acme, dock} <= snap.index._in_part.terms.keys()
        session.write("k70", "Acme dock dock acme #70")
        session.write("k15", "Acme carrier pallet team #71", supersedes="k15")
        session.forget("k20")
        with engine.store.read(user.org) as uow, engine.snapshots.synced(session.view, uow) as snap:
            _check(snap, "Acme dock", 4)
            assert not snap.index.installed
            assert snap.ranked("Acme dock", 1)[0].key == "k70"
