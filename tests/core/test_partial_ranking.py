"""Terms known in part: an index that knows a common term only by its count, its most
repeats, the documents holding it three times or more, and per pair of terms the shared
documents where one of them repeats, ranks exactly as full scoring does whenever it ranks
at all; and whatever documents come and go, what it keeps of those terms is what the store
would give afresh, its kept sums of scores included."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from statekeeper.context import partial as partial_terms
from statekeeper.context.partial import pair_key
from statekeeper.context.ranking import Bm25Index, index_terms, query_stems
from tests.core.test_ranking import _full_scoring

# few words, so that documents share them and repeat them; lengths alike, as bounds by the
# shortest length want (and some shorter, as they may be)
WORDS = ["acme", "acme", "dock", "dock", "invoice", "pallet", "rotterdam"]
LONG = 2  # a term in more documents than this is known in part
words = st.lists(st.sampled_from(WORDS), min_size=3, max_size=4) | st.lists(
    st.sampled_from(WORDS), min_size=1, max_size=6
)
documents = st.lists(words, max_size=40)


class _Store:
    """What the store would read from its copy of the index: the complete index's own."""

    def __init__(self, complete: Bm25Index) -> None:
        self.complete = complete

    def posting(self, term: str) -> dict[int, int]:
        return dict(self.complete._postings.get(term, {}))

    def tiers(self, term: str) -> tuple[int, dict[int, int]]:
        posting = self.posting(term)
        return max(posting.values(), default=1), {d: n for d, n in posting.items() if n > 2}

    def shared(self, first: str, second: str) -> tuple[list[int], list[int]]:
        ones, others = self.posting(first), self.posting(second)
        both = ones.keys() & others.keys()
        return [d for d in both if ones[d] > 1], [d for d in both if others[d] > 1]

    def both(self, first: str, second: str) -> list[int]:
        return list(self.posting(first).keys() & self.posting(second).keys())


def _ranked(partial: Bm25Index, store: _Store, text: str, limit: int) -> tuple[list[int], bool]:
    """A snapshot's ranking (context/snapshot.py): in part where that tells, else whole.
    Whether it was ranked in part."""
    stems = query_stems(text)
    for term in partial.unknown(stems):
        count = len(store.posting(term))
        if count > LONG:
            partial.count(term, count, *store.tiers(term))
        else:
            partial.install(term, store.posting(term))
    chosen = partial.chosen(stems, None, partial.document_count)
    if 2 <= len(chosen) <= 4 and partial.in_part(chosen):
        for first, second in partial.unpaired(chosen):
            partial.pair(first, second, *store.shared(first, second))
        found, wider = partial.best_shared(chosen, limit)
        if found is None and wider:
            for first, second in wider:
                partial.whole(first, second, store.both(first, second))
            found, _ = partial.best_shared(chosen, limit)
        if found is not None:
            return found, True
    for term in partial.missing(stems):
        partial.install(term, store.posting(term))
    return partial.top(text, limit), False


def _check_kept(partial: Bm25Index, store: _Store) -> None:
    """Every term known in part and every pair as the store would give them now, and each
    kept sum of scores as computed afresh."""
    in_part = partial._in_part
    for term, known in in_part.terms.items():
        most, high = store.tiers(term)
        assert known.count == len(store.posting(term))
        assert known.most >= most and known.high == high
    for (first, second), shared in in_part.pairs.items():
        firsts, seconds = store.shared(first, second)
        assert shared.firsts == set(firsts) and shared.seconds == set(seconds)
        assert shared.both is None or shared.both == set(store.both(first, second))
        if shared.scores is not None:
            fresh = {}
            for doc in shared.both if shared.both is not None else shared.firsts | shared.seconds:
                fresh[doc] = sum(
                    partial._idf(t) * partial._weight(store.posting(t)[doc], partial._lengths[doc])
                    for t in (first, second)
                )
            assert shared.scores == fresh


@settings(max_examples=300)
@given(
    documents,
    st.lists(
        st.tuples(
            st.sampled_from(["add", "remove", "forget", "query"]),
            st.integers(min_value=0, max_value=39),
            words,
            st.integers(min_value=1, max_value=4),
        ),
        max_size=40,
    ),
)
def test_terms_known_in_part_rank_and_keep_as_the_store_would(
    docs: list[list[str]], steps: list[tuple[str, int, list[str], int]]
) -> None:
    complete, partial = Bm25Index(), Bm25Index(complete=False)
    for doc, words in enumerate(docs):
        complete.add(doc, " ".join(words))
    partial.known(dict(complete._lengths))
    store = _Store(complete)
    for step, (action, doc, words, limit) in enumerate(steps):
        text = " ".join(words)
        if action == "add":
            complete.add(100 + step, text)
            partial.add(100 + step, text)
        elif action in ("remove", "forget") and doc in complete:
            held: Sequence[str] | None = complete._terms[doc] if action == "remove" else None
            complete.remove(doc)
            partial.remove(doc, held)
        elif action == "query":
            found, _ = _ranked(partial, store, text, limit)
            assert found == _full_scoring(complete, text, limit)
        _check_kept(partial, store)


def test_a_common_pair_is_ranked_in_part_without_a_whole_posting() -> None:
    complete, partial = Bm25Index(), Bm25Index(complete=False)
    for doc in range(300):  # "acme" in each, twice in one in ten; "dock" in one in three
        words = ["acme", "pallet", "invoice", "rotterdam"]
        if doc % 3 == 0:
            words[1:3] = ["dock", "dock" if doc % 7 == 0 else "invoice"]
        if doc % 10 == 0:
            words[3] = "acme"
        complete.add(doc, " ".join(words))
    partial.known(dict(complete._lengths))
    store = _Store(complete)
    found, in_part = _ranked(partial, store, "acme dock", 5)
    assert in_part and found == _full_scoring(complete, "acme dock", 5)
    acme, dock = index_terms("acme dock")
    assert not partial.installed and partial.document_count(acme) == 300
    shared = partial._in_part.shared(acme, dock)
    assert shared is not None and shared.both is None  # only those where one repeats
    assert len(shared.firsts | shared.seconds) < 100 / 2  # of the 100 both hold
    assert pair_key(acme, dock) in partial._in_part.pairs
    for index in (complete, partial):  # a write is kept, and ranks first
        index.add(300, "acme acme dock dock")
    found, in_part = _ranked(partial, store, "acme dock", 5)
    assert in_part and found[0] == 300 and found == _full_scoring(complete, "acme dock", 5)


def test_the_least_recently_asked_pairs_go_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the pairs kept, the one asked about longest ago is forgotten, and read again
    when a query asks about it."""
    monkeypatch.setattr(partial_terms, "PAIRS_KEPT", 6)
    words = ["acme", "dock", "invoice", "pallet", "rotterdam", "carrier", "budget", "renewal"]
    complete, partial = Bm25Index(), Bm25Index(complete=False)
    for doc in range(400):  # every word in every other document, twice in one in five
        text = [w for n, w in enumerate(words) if (doc >> n) % 2 == 0]
        text += [w for n, w in enumerate(words) if (doc + n) % 5 == 0]
        complete.add(doc, " ".join(text or ["none"]))
    partial.known(dict(complete._lengths))
    store = _Store(complete)
    asked = [f"acme {w}" for w in words[1:]] + ["acme dock", "dock invoice pallet acme"]
    for text in asked:
        found, _ = _ranked(partial, store, text, 5)
        assert found == _full_scoring(complete, text, 5)
        assert len(partial._in_part.pairs) <= 6
    acme, dock = index_terms("acme dock")
    assert pair_key(acme, dock) in partial._in_part.pairs  # asked again, read again
