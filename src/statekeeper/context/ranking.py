"""BM25 relevance over a view's live facts, held in memory and updated fact by fact.

The store's full-text index scores every match of a query before it picks the best (at
10,000 facts a common word matches thousands), so contexts and the conversation rules rank
here instead: an inverted index that a write changes by one fact. Each term keeps its
documents' weights without the term's idf, and those weights in order, once a query has
needed them; a write adds or removes its own entries and leaves the rest, since the idf,
which every write of the term changes, is one factor of the whole term applied at query
time. Only a drift of the collection's mean length beyond 10% computes them afresh.
"""

from __future__ import annotations

import math
from bisect import bisect_left, insort
from collections import Counter
from collections.abc import Collection, Sequence
from functools import lru_cache

import Stemmer

from statekeeper.context.terms import content_words, query_terms

K1 = 1.2
B = 0.75
_STEMMER = Stemmer.Stemmer("english")
_DRIFT = 0.1


@lru_cache(maxsize=131072)
def index_terms(text: str) -> tuple[str, ...]:
    """Stemmed content words of a text, repeated as often as they occur."""
    return tuple(_STEMMER.stemWords(content_words(text)))


class Bm25Index:
    """Documents are numbered (a fact's sequence number), so ties break the same way in every
    process: by the newer document."""

    def __init__(self) -> None:
        self._postings: dict[str, dict[int, int]] = {}
        self._terms: dict[int, tuple[str, ...]] = {}
        self._lengths: dict[int, int] = {}
        self._total = 0
        # Per term, as queries need them: each document's weight without the idf, and the
        # same pairs best first (newer first among equals).
        self._weights: dict[str, dict[int, float]] = {}
        self._ranked: dict[str, list[tuple[int, float]]] = {}
        self._mean = 0.0  # the mean length the kept weights assume

    def __len__(self) -> int:
        return len(self._lengths)

    def add(self, doc: int, text: str) -> None:
        if doc in self._terms:
            self.remove(doc)
        terms = index_terms(text)
        counts = Counter(terms)
        # The distinct terms, kept to take the document out again: a tuple of strings is
        # one object the garbage collector stops following, unlike a Counter per document.
        self._terms[doc] = tuple(counts)
        self._lengths[doc] = len(terms)
        self._total += len(terms)
        postings = self._postings
        for term, tf in counts.items():
            posting = postings.get(term)
            if posting is None:
                postings[term] = {doc: tf}
            else:
                posting[doc] = tf
            weights = self._weights.get(term)
            if weights is not None:
                weight = weights[doc] = self._weight(tf, len(terms))
                ranked = self._ranked.get(term)
                if ranked is not None:
                    insort(ranked, (doc, weight), key=_BEST_FIRST)

    def remove(self, doc: int) -> None:
        terms = self._terms.pop(doc, None)
        if terms is None:
            return
        self._total -= self._lengths.pop(doc)
        for term in terms:
            posting = self._postings[term]
            del posting[doc]
            if not posting:
                del self._postings[term]
            weights = self._weights.get(term)
            if weights is not None:
                weight = weights.pop(doc)
                ranked = self._ranked.get(term)
                if ranked is not None:
                    del ranked[bisect_left(ranked, _BEST_FIRST((doc, weight)), key=_BEST_FIRST)]
                if not posting:
                    del self._weights[term]
                    self._ranked.pop(term, None)

    def documents_with(self, terms: Sequence[str]) -> Collection[int] | None:
        """The documents holding the rarest of these terms (every document that holds them
        all is among them); None when there are no terms to go by."""
        if not terms:
            return None
        return min((self._postings.get(t, {}).keys() for t in terms), key=len)

    def top(self, query: str, limit: int, rarest: int | None = None) -> list[int]:
        """The `limit` best documents for a query, best first; none if no term matches.
        With `rarest`, only that many of the query's terms count: those in fewest documents.

        Only the shorter postings are walked. A document holding none of their terms scores
        its weight for the longest posting's term alone, so of those only the best `limit`
        can rank, and that posting, kept in order of weight, gives them at once. Scores are
        summed in one fixed order, so ties break the same way whatever the path."""
        if not self._lengths:
            return []
        self._check_drift()
        terms = dict.fromkeys(_STEMMER.stemWords(query_terms(query)))
        held = sorted((t for t in terms if t in self._postings), key=self._length, reverse=True)
        if rarest is not None:
            held = held[-rarest:] if rarest else []
        if not held:
            return []
        first = self._idf(held[0])
        longest = self._term_weights(held[0])
        rest = [(self._idf(term), self._term_weights(term)) for term in held[1:]]
        scores = {doc: rest[0][0] * weight for doc, weight in rest[0][1].items()} if rest else {}
        for doc in scores.keys() & longest.keys():  # a fraction of the next shortest
            scores[doc] += first * longest[doc]
        for idf, weights in rest[1:]:
            for doc, weight in weights.items():
                base = scores[doc] if doc in scores else first * longest.get(doc, 0.0)
                scores[doc] = base + idf * weight
        alone = 0
        for doc, weight in self._by_weight(held[0]):
            if alone == limit:
                break
            if doc not in scores:
                scores[doc] = first * weight
                alone += 1
        if len(scores) <= limit:
            return [doc for _, doc in sorted([(s, doc) for doc, s in scores.items()], reverse=True)]
        # A cut at the limit-th best score: the few above it sorted by score (then the newer
        # first), and of the many that tie at it (short facts score alike) the newest.
        cut = sorted(scores.values(), reverse=True)[limit - 1]
        above = sorted([(s, doc) for doc, s in scores.items() if s > cut], reverse=True)
        tied = sorted([doc for doc, s in scores.items() if s == cut], reverse=True)
        return [doc for _, doc in above] + tied[: limit - len(above)]

    def scores(self, term: str) -> dict[int, float]:
        """Each document's BM25 score for one term, its idf included."""
        if not self._lengths:
            return {}
        self._check_drift()
        idf = self._idf(term)
        return {doc: idf * weight for doc, weight in self._term_weights(term).items()}

    def _length(self, term: str) -> int:
        return len(self._postings[term])

    def _idf(self, term: str) -> float:
        """Positive for every term: a term no document lacks still weighs a little."""
        held = len(self._postings.get(term, ()))
        return math.log(1 + (len(self._lengths) - held + 0.5) / (held + 0.5))

    def _weight(self, tf: int, length: int) -> float:
        return tf * (K1 + 1) / (tf + K1 * (1 - B + B * length / self._mean))

    def _by_weight(self, term: str) -> list[tuple[int, float]]:
        """A term's documents, best weight first (newer first among equals)."""
        ranked = self._ranked.get(term)
        if ranked is None:
            ranked = sorted(self._term_weights(term).items(), key=_BEST_FIRST)
            self._ranked[term] = ranked
        return ranked

    def _check_drift(self) -> None:
        """Kept weights assume a mean document length; past a drift of 10% they are
        computed afresh."""
        mean = self._total / len(self._lengths)
        if abs(mean - self._mean) > _DRIFT * self._mean or not self._mean:
            self._weights.clear()
            self._ranked.clear()
            self._mean = mean

    def _term_weights(self, term: str) -> dict[int, float]:
        """Each document's weight for one term, without the term's idf."""
        weights = self._weights.get(term)
        if weights is None:
            lengths = self._lengths
            weights = {
                doc: self._weight(tf, lengths[doc])
                for doc, tf in self._postings.get(term, {}).items()
            }
            self._weights[term] = weights
        return weights


def _BEST_FIRST(pair: tuple[int, float]) -> tuple[float, int]:
    """The order of a term's documents: higher weight first, then the newer."""
    return (-pair[1], -pair[0])
