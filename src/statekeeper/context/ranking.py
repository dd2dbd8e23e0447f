"""BM25 relevance over a view's live facts, held in memory and updated fact by fact.

The store's full-text index scores every match of a query before it picks the best (at
10,000 facts a common word matches thousands), so contexts and the conversation rules rank
here instead: an inverted index that a write changes by one fact. Each term keeps, once a
query has needed them, its documents' weights without the idf and those weights in order;
a write adds or removes its own entries there and leaves the rest. The full scores (the
idf applied) are kept too, until a write of the term changes its idf. The collection's size
and mean length are taken as fixed until either drifts by 10%.

An index may also hold only some postings (`complete=False`): every document's length, so
that the collection's shape is exact, and the postings a reader installed from the store's
copy of the index (store/fact_index.py) as queries needed them. Writes then change the
installed postings alone; a term not installed is read from the store, which holds it.
"""

from __future__ import annotations

import heapq
import math
from bisect import bisect_left, insort
from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from operator import itemgetter

import Stemmer

from statekeeper.context.terms import content_words, query_terms
from statekeeper.memo import memoized

K1 = 1.2
B = 0.75
_STEMMER = Stemmer.Stemmer("english")
_DRIFT = 0.1


@memoized(131072)
def index_terms(text: str) -> tuple[str, ...]:
    """Stemmed content words of a text, repeated as often as they occur."""
    return tuple(_STEMMER.stemWords(content_words(text)))


def query_stems(query: str) -> list[str]:
    """A query's distinct ranking terms, in order."""
    return list(dict.fromkeys(_STEMMER.stemWords(query_terms(query))))


class Bm25Index:
    """Documents are numbered (a fact's sequence number), so ties break the same way in every
    process: by the newer document."""

    def __init__(self, complete: bool = True) -> None:
        self.complete = complete  # every posting held, not only those installed
        self._postings: dict[str, dict[int, int]] = {}
        self._terms: dict[int, tuple[str, ...]] = {}  # a complete index's, by document
        self._lengths: dict[int, int] = {}
        self._total = 0
        # Per term, as queries need them: each document's weight without the idf, the same
        # pairs best first (newer first among equals), and each document's full score.
        self._weights: dict[str, dict[int, float]] = {}
        self._ranked: dict[str, list[tuple[int, float]]] = {}
        self._scores: dict[str, dict[int, float]] = {}
        # The terms some query has ranked by as its longest posting's (see `_weights_within`).
        self._looked_up: set[str] = set()
        self._shape = (0.0, 0.0)  # the size and mean length the kept weights assume
        self._pair_weights = _PairWeights(1.0)  # by (count, length), for that mean length

    def __len__(self) -> int:
        return len(self._lengths)

    def __contains__(self, doc: object) -> bool:
        return doc in self._lengths

    def add(self, doc: int, text: str) -> None:
        self.add_terms(doc, index_terms(text))

    def add_terms(self, doc: int, terms: Sequence[str]) -> None:
        """A document by its terms, repeats kept (what `index_terms` gives)."""
        if doc in self._lengths:
            self.remove(doc)
        counts = Counter(terms)
        if self.complete:
            # The distinct terms, kept to take the document out again: a tuple of strings
            # is one object the garbage collector stops following, unlike a Counter.
            self._terms[doc] = tuple(counts)
        self._lengths[doc] = len(terms)
        self._total += len(terms)
        postings = self._postings
        for term, tf in counts.items():
            posting = postings.get(term)
            if posting is None:
                if not self.complete:
                    continue  # not installed: the store's copy holds the document
                postings[term] = {doc: tf}
            else:
                posting[doc] = tf
            self._scores.pop(term, None)
            weights = self._weights.get(term)
            if weights is not None:
                weight = weights[doc] = self._weight(tf, len(terms))
                ranked = self._ranked.get(term)
                if ranked is not None:
                    insort(ranked, (doc, weight), key=_best_first)

    def known(self, lengths: Mapping[int, int]) -> None:
        """Documents of a partial index by their lengths alone (none held yet): their
        postings are installed when a query needs them."""
        self._lengths.update(lengths)
        self._total += sum(lengths.values())

    def remove(self, doc: int) -> None:
        if doc not in self._lengths:
            return
        self._total -= self._lengths.pop(doc)
        if self.complete:
            terms: Sequence[str] = self._terms.pop(doc)
        else:  # the installed postings that hold it, a few dozen at most
            terms = [term for term, posting in self._postings.items() if doc in posting]
        for term in terms:
            posting = self._postings.get(term)
            if posting is None or doc not in posting:
                continue
            del posting[doc]
            if not posting and self.complete:
                del self._postings[term]
            self._scores.pop(term, None)
            weights = self._weights.get(term)
            if weights is not None:
                weight = weights.pop(doc)
                ranked = self._ranked.get(term)
                if ranked is not None:
                    del ranked[bisect_left(ranked, _best_first((doc, weight)), key=_best_first)]
                if not posting and self.complete:
                    del self._weights[term]
                    self._ranked.pop(term, None)

    def missing(self, terms: Sequence[str]) -> list[str]:
        """Those of these terms whose posting a partial index has not installed."""
        if self.complete:
            return []
        return [t for t in terms if t not in self._postings]

    def install(self, term: str, posting: Mapping[int, int], owned: bool = False) -> None:
        """A term's posting, read from the store's copy of the index: each document with
        how often it holds the term. Documents this index does not know are left out. An
        `owned` posting is a dict the caller gives up: kept as it is, not copied."""
        known = self._lengths
        if posting.keys() <= known.keys():  # as a rule: tested in C, copied whole
            if owned and isinstance(posting, dict):
                self._postings[term] = posting
            else:
                self._postings[term] = dict(posting)
        else:
            self._postings[term] = {doc: tf for doc, tf in posting.items() if doc in known}

    @property
    def installed(self) -> Collection[str]:
        """The terms whose posting is held."""
        return self._postings.keys()

    def document_count(self, term: str) -> int:
        """How many documents hold a term whose posting is held."""
        return len(self._postings.get(term, ()))

    def top(self, query: str, limit: int, rarest: int | None = None) -> list[int]:
        """The `limit` best documents for a query, best first; none if no term matches.
        With `rarest`, only that many of the query's terms count: those in fewest documents."""
        return self.best(self.chosen(query_stems(query), rarest, self.document_count), limit)

    def chosen(
        self, terms: Sequence[str], rarest: int | None, count: Callable[[str], int]
    ) -> list[str]:
        """The terms a query ranks by, those in most documents first (`count` says how many
        hold each): every term some document holds, or with `rarest` that many of them,
        those in fewest documents."""
        held = sorted((t for t in terms if count(t)), key=count, reverse=True)
        if rarest is not None:
            held = held[-rarest:] if rarest else []
        return held

    def best(self, held: Sequence[str], limit: int) -> list[int]:
        """The `limit` best documents for terms held, given longest posting first.

        Only the shorter postings are walked. A document holding none of their terms scores
        its weight for the longest posting's term alone, so of those only the best `limit`
        can rank, and that posting, kept in order of weight, gives them at once. Scores are
        summed in one fixed order, so ties break the same way whatever the path.

        Often none of them can rank, and the longest posting need not be put in order (nor
        weighed beyond the documents looked up): a weight is below K1 + 1, since a length's
        norm is at least 1 - B > 0, so such a document scores below idf × (K1 + 1), and as
        floats at most that product (for any count below 10^12, rounding stays far inside
        the gap). When the limit-th best score of the documents holding a shorter posting's
        term is above it, adding those documents changes neither that cut nor any document
        at or above it: the ranking is exactly the one the walk gives."""
        if not self._lengths or not held:
            return []
        self._check_drift()
        # The longest posting's scores are not made whole: a write of its term would make
        # them anew over thousands of documents for the few looked up here. Each is its
        # weight times the idf, the very product `_term_scores` keeps.
        idf = self._idf(held[0])
        rest = [self._term_scores(term) for term in held[1:]]
        longest = self._weights_within(held[0], rest)
        scores = dict(rest[0]) if rest else {}
        for doc in scores.keys() & longest.keys():  # a fraction of the next shortest
            scores[doc] += idf * longest[doc]
        for weights in rest[1:]:
            for doc, weight in weights.items():
                if doc in scores:
                    scores[doc] += weight
                else:
                    scores[doc] = (idf * longest[doc] if doc in longest else 0.0) + weight
        if len(scores) >= limit:
            cut = _kth_best(scores, limit)
            if cut > idf * (K1 + 1):  # no document holding the longest's term alone ranks
                return _cut_at(scores, limit, cut)
        alone = 0
        for doc, weight in self._by_weight(held[0]):
            if alone == limit:
                break
            if doc not in scores:
                scores[doc] = idf * weight
                alone += 1
        if len(scores) <= limit:
            return [doc for _, doc in sorted([(s, doc) for doc, s in scores.items()], reverse=True)]
        return _cut_at(scores, limit, _kth_best(scores, limit))

    def scores(self, term: str) -> dict[int, float]:
        """Each document's BM25 score for one term, its idf included."""
        if not self._lengths:
            return {}
        self._check_drift()
        return self._term_scores(term)

    def _term_scores(self, term: str) -> dict[int, float]:
        """`scores`, once the weights are known to fit the collection's shape."""
        scores = self._scores.get(term)
        if scores is None:
            idf, weights = self._idf(term), self._term_weights(term)
            scores = dict(zip(weights, map(idf.__mul__, weights.values()), strict=True))
            self._scores[term] = scores
        return scores

    def _weigh(self, posting: Mapping[int, int]) -> dict[int, float]:
        """Each document's weight for a term, without the idf. A weight depends only on the
        term's count and the document's length, a few hundred pairs in all, so each pair's
        is computed once and a long posting is weighed in C's loops."""
        pairs = zip(posting.values(), map(self._lengths.__getitem__, posting), strict=True)
        return dict(zip(posting, map(self._pair_weights.__getitem__, pairs), strict=True))

    def _length(self, term: str) -> int:
        return len(self._postings[term])

    def _idf(self, term: str) -> float:
        """Over the collection's size as the kept weights assume it (or the term's own
        count, where that is more), so a write of other terms leaves it be; and positive for
        every term: one that no document lacks still weighs a little."""
        held = len(self._postings.get(term, ()))
        size = max(self._shape[0], held)
        return math.log(1 + (size - held + 0.5) / (held + 0.5))

    def _weight(self, tf: int, length: int) -> float:
        return self._pair_weights[tf, length]

    def _by_weight(self, term: str) -> list[tuple[int, float]]:
        """A term's documents, best weight first (newer first among equals)."""
        ranked = self._ranked.get(term)
        if ranked is None:
            # The order _best_first gives, in two sorts on keys of one type (ints, then
            # floats), which Python compares far faster than pairs: the newer first, then,
            # the sort being stable, by weight.
            newer = sorted(self._term_weights(term).items(), key=itemgetter(0), reverse=True)
            ranked = self._ranked[term] = sorted(newer, key=itemgetter(1), reverse=True)
        return ranked

    def _term_weights(self, term: str) -> dict[int, float]:
        """Each document's weight for a term, without the idf (kept as writes change it)."""
        weights = self._weights.get(term)
        if weights is None:
            weights = self._weights[term] = self._weigh(self._postings.get(term, {}))
        return weights

    def _weights_within(self, term: str, others: Sequence[Mapping[int, float]]) -> dict[int, float]:
        """A term's weights, at least for the documents that also hold one of the terms
        `others` score. The first query that ranks by a common term weighs only those (a
        first reading of its posting is already a slow query); later ones weigh it whole,
        once, and look weights up."""
        if term in self._looked_up or term in self._weights:
            return self._term_weights(term)
        self._looked_up.add(term)
        posting = self._postings.get(term, {})
        held = others[0].keys() if len(others) == 1 else set().union(*others)
        docs = held & posting.keys()
        counts, lengths = map(posting.__getitem__, docs), map(self._lengths.__getitem__, docs)
        pairs = zip(counts, lengths, strict=True)
        return dict(zip(docs, map(self._pair_weights.__getitem__, pairs), strict=True))

    def _check_drift(self) -> None:
        """Kept weights and scores assume a collection size and mean length; past a drift of
        10% in either, they are computed afresh."""
        shape = (len(self._lengths), self._total / len(self._lengths))
        if any(
            abs(now - then) > _DRIFT * then or not then
            for now, then in zip(shape, self._shape, strict=True)
        ):
            self._weights.clear()
            self._ranked.clear()
            self._scores.clear()
            self._shape = shape
            self._pair_weights = _PairWeights(shape[1])


def _cut_at(scores: Mapping[int, float], limit: int, cut: float) -> list[int]:
    """The `limit` best documents, given the limit-th best score: the few above it sorted by
    score (then the newer first), and of the many that tie at it (short facts score alike)
    the newest."""
    near = [(s, doc) for doc, s in scores.items() if s >= cut]  # one walk through them all
    above = sorted([pair for pair in near if pair[0] > cut], reverse=True)
    tied = sorted([doc for s, doc in near if s == cut], reverse=True)
    return [doc for _, doc in above] + tied[: limit - len(above)]


def _kth_best(scores: Mapping[int, float], k: int) -> float:
    """The k-th best score, at least k given: a heap of k, not a sort of thousands."""
    return heapq.nlargest(k, scores.values())[-1]


class _PairWeights(dict[tuple[int, int], float]):
    """A term's weight in a document, without the idf, by (the term's count there, the
    document's length), computed the first time a pair is asked for."""

    def __init__(self, mean: float) -> None:
        super().__init__()
        self.mean = mean

    def __missing__(self, pair: tuple[int, int]) -> float:
        tf, length = pair
        weight = self[pair] = tf * (K1 + 1) / (tf + K1 * (1 - B + B * length / self.mean))
        return weight


def _best_first(pair: tuple[int, float]) -> tuple[float, int]:
    """The order of a term's documents: higher weight first, then the newer."""
    return (-pair[1], -pair[0])
