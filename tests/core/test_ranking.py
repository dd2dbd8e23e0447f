"""BM25 top documents: walking only the shorter postings, taking the longest posting's best
documents from its weight order and cutting at the limit-th best score gives exactly the
ranking a full sort of every matching document gives, ties included."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from statekeeper.context.ranking import _STEMMER, Bm25Index
from statekeeper.context.terms import query_terms

WORDS = ["carrier", "invoice", "rotterdam", "budget", "acme", "dock", "renewal", "pallet"]


def _full_scoring(index: Bm25Index, query: str, limit: int) -> list[int]:
    """Every matching document scored, then all of them sorted: the plain algorithm."""
    if not len(index):
        return []
    index._check_drift()
    terms = dict.fromkeys(_STEMMER.stemWords(query_terms(query)))
    postings = sorted(
        (index.scores(t) for t in terms if t in index._postings), key=len, reverse=True
    )
    if not postings:
        return []
    scores = dict(postings[0])
    for weights in postings[1:]:
        for doc, weight in weights.items():
            scores[doc] = scores.get(doc, 0.0) + weight
    best = sorted(scores.items(), key=lambda pair: (pair[1], pair[0]), reverse=True)
    return [doc for doc, _ in best[:limit]]


documents = st.lists(st.lists(st.sampled_from(WORDS), min_size=1, max_size=6), max_size=40)


@settings(max_examples=300)
@given(
    documents,
    st.lists(st.sampled_from([*WORDS, "unknown"]), min_size=1, max_size=4),
    st.integers(min_value=1, max_value=12),
    st.lists(st.integers(min_value=0, max_value=39), max_size=8),
)
def test_same_ranking_as_full_scoring(
    docs: list[list[str]], query: list[str], limit: int, removed: list[int]
) -> None:
    index = Bm25Index()
    for doc, words in enumerate(docs):
        index.add(doc, " ".join(words))
    text = " ".join(query)
    assert index.top(text, limit) == _full_scoring(index, text, limit)
    for doc in removed:  # changes after the orders were cached
        index.remove(doc)
        index.add(doc + 100, " ".join(docs[doc % len(docs)]) if docs else "acme")
    assert index.top(text, limit) == _full_scoring(index, text, limit)


@settings(max_examples=200)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["add", "remove", "query"]),
            st.integers(min_value=0, max_value=15),
            st.lists(st.sampled_from(WORDS), min_size=1, max_size=5),
        ),
        max_size=60,
    )
)
def test_kept_weights_follow_every_change(steps: list[tuple[str, int, list[str]]]) -> None:
    """Weights and orders kept between queries are updated entry by entry as documents come
    and go, and scores dropped when their term's idf changes; after any sequence of changes
    they equal the ones computed afresh."""
    index = Bm25Index()
    for action, doc, words in steps:
        if action == "add":
            index.add(doc, " ".join(words))
        elif action == "remove":
            index.remove(doc)
        else:
            text = " ".join(words)
            assert index.top(text, 5) == _full_scoring(index, text, 5)
        for term, weights in index._weights.items():
            fresh = {
                d: index._weight(tf, index._lengths[d]) for d, tf in index._postings[term].items()
            }
            assert weights == fresh
            if term in index._ranked:
                assert index._ranked[term] == sorted(
                    fresh.items(), key=lambda pair: (pair[1], pair[0]), reverse=True
                )
        for term, scores in index._scores.items():
            idf = index._idf(term)
            assert scores == {d: idf * w for d, w in index._weights[term].items()}


@settings(max_examples=200)
@given(
    documents,
    st.lists(
        st.tuples(
            st.sampled_from(["add", "remove", "query"]),
            st.integers(min_value=0, max_value=15),
            st.lists(st.sampled_from(WORDS), min_size=1, max_size=5),
        ),
        max_size=40,
    ),
)
def test_a_partial_index_ranks_as_a_complete_one(
    docs: list[list[str]], steps: list[tuple[str, int, list[str]]]
) -> None:
    """An index that knows every document's length but installs a term's posting only when
    a query needs it (from the store's copy, here the complete index) ranks every query as
    the complete index does, however documents come and go around the installs."""
    complete, partial = Bm25Index(), Bm25Index(complete=False)
    for doc, words in enumerate(docs):
        complete.add(doc, " ".join(words))
    partial.known(dict(complete._lengths))
    for action, doc, words in steps:
        text = " ".join(words)
        if action == "add":
            complete.add(doc + 100, text)
            partial.add(doc + 100, text)
        elif action == "remove":
            complete.remove(doc)
            partial.remove(doc)
        else:
            stems = list(dict.fromkeys(_STEMMER.stemWords(query_terms(text))))
            for term in partial.missing(stems):
                partial.install(term, complete._postings.get(term, {}))
            assert partial.top(text, 5) == complete.top(text, 5)
            assert partial.top(text, 3, rarest=1) == complete.top(text, 3, rarest=1)


common = st.lists(  # "acme" in most documents: its posting is the longest
    st.lists(st.sampled_from(WORDS), max_size=5).map(lambda words: ["acme", *words]),
    min_size=1,
    max_size=60,
)


@settings(max_examples=300)
@given(
    common,
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=3),
    st.integers(min_value=1, max_value=8),
    st.lists(
        st.tuples(
            st.booleans(),
            st.integers(min_value=0, max_value=59),
            st.lists(st.sampled_from(WORDS), min_size=1, max_size=5),
        ),
        max_size=12,
    ),
)
def test_a_ranking_that_skips_the_longest_order_is_the_full_one(
    docs: list[list[str]],
    query: list[str],
    limit: int,
    changes: list[tuple[bool, int, list[str]]],
) -> None:
    """When the longest posting's term alone cannot reach the limit-th best score, its
    documents are neither weighed whole nor put in order; the ranking is still exactly the
    full one, before and after documents come and go around it."""
    index = Bm25Index()
    for doc, words in enumerate(docs):
        index.add(doc, " ".join(words))
    text = " ".join(["acme", *query])
    assert index.top(text, limit) == _full_scoring(index, text, limit)
    for add, doc, words in changes:
        if add:
            index.add(doc + 100, " ".join(["acme", *words]))
        else:
            index.remove(doc)
        assert index.top(text, limit) == _full_scoring(index, text, limit)


def test_the_longest_posting_is_not_ordered_when_none_of_it_alone_can_rank() -> None:
    index = Bm25Index()
    for doc in range(400):  # "acme" in every document, "rotterdam" in one in ten
        index.add(doc, "acme rotterdam dock" if doc % 10 == 0 else "acme invoice")
    common = _STEMMER.stemWord("acme")
    assert index.top("acme rotterdam", 5) == [390, 380, 370, 360, 350]
    assert common not in index._ranked and common not in index._weights
    assert index.top("acme rotterdam", 6) == [390, 380, 370, 360, 350, 340]
    assert common not in index._ranked and common in index._weights  # weighed whole, once
    assert index.top("acme rotterdam", 45)[40:] == [399, 398, 397, 396, 395]  # then in order
    assert common in index._ranked


def test_a_write_of_a_common_word_leaves_its_scores_unmade() -> None:
    """The longest posting's scores are looked up document by document, not made whole
    again after each write of its term: a word in every fact would otherwise cost a walk
    through all of them at the next query."""
    DISTINCT = ["carrier", "invoice", "dock", "pallet"]  # noqa: N806
    index = Bm25Index()
    for doc in range(200):
        index.add(doc, "budget rotterdam" if doc == 7 else f"budget {DISTINCT[doc % 4]}")
    query = "budget rotterdam"
    assert index.top(query, 5)[0] == 7
    for doc in range(200, 210):
        index.add(doc, "budget acme")
        found = index.top(query, 5)
        assert "budget" not in index._scores
        assert found == _full_scoring(index, query, 5)
