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
installed postings alone; a term not installed is read from the store, which holds it. A
common term may also be known in part (context/partial.py): its document count and the
documents a query shares with it, enough to rank most queries holding it exactly.
"""

from __future__ import annotations

import heapq
import math
from bisect import bisect_left, insort
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence, Set
from itertools import repeat
from operator import add, itemgetter

import Stemmer

from statekeeper.context.partial import InPart, pair_key
from statekeeper.context.terms import content_words, query_terms
from statekeeper.memo import memoized

K1 = 1.2
B = 0.75
_STEMMER = Stemmer.Stemmer("english")
_DRIFT = 0.1
# A bound must clear the cut by more than a float's rounding could move either.
_SLACK = 1 + 1e-9


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
        self._in_part = InPart()  # terms known in part, not installed, and their pairs
        self._shortest: int | None = None  # at most every document's length (None: unknown)

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
        if self._shortest is not None:
            self._shortest = min(self._shortest, len(terms))
        postings = self._postings
        if self._in_part:
            self._in_part.came(doc, counts)
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
        if self._shortest is not None and lengths:
            self._shortest = min(self._shortest, min(lengths.values()))

    def remove(self, doc: int, held: Sequence[str] | None = None) -> None:
        """Take a document out. A partial index keeps its terms known in part right only
        when told the document's terms (`held`); without them, it forgets those terms."""
        if doc not in self._lengths:
            return
        self._total -= self._lengths.pop(doc)
        if self._in_part:
            self._in_part.went(doc, held)
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

    def unknown(self, terms: Sequence[str]) -> list[str]:
        """Those of these terms a partial index has neither installed nor knows in part."""
        return [t for t in self.missing(terms) if t not in self._in_part.terms]

    def install(self, term: str, posting: Mapping[int, int], owned: bool = False) -> None:
        """A term's posting, read from the store's copy of the index: each document with
        how often it holds the term. Documents this index does not know are left out. An
        `owned` posting is a dict the caller gives up: kept as it is, not copied."""
        self._in_part.drop(term)  # known in part until now, if at all
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
        """How many documents hold a term whose posting is held, or that is known in part."""
        posting = self._postings.get(term)
        if posting is not None:
            return len(posting)
        partial = self._in_part.terms.get(term)
        return 0 if partial is None else partial.count

    # -- terms known in part (context/partial.py) ----------------------------------------

    def count(self, term: str, documents: int, most: int, high: Mapping[int, int]) -> None:
        """A term known in part, as read from the store: how many documents hold it, how
        often at most one does, and those holding it three times or more, how often."""
        self._in_part.count(term, documents, most, high)

    def in_part(self, terms: Sequence[str]) -> bool:
        """Whether one of these terms is known in part."""
        return any(t in self._in_part.terms for t in terms)

    def unpaired(self, terms: Sequence[str]) -> list[tuple[str, str]]:
        """The pairs of these terms, one of them known in part, whose shared documents are
        not held (see `InPart.unpaired`)."""
        return self._in_part.unpaired(terms)

    def pair(self, first: str, second: str, firsts: Iterable[int], seconds: Iterable[int]) -> None:
        """Of the documents holding two terms, those holding the first more than once and
        those holding the second more than once, as read from the store (documents this
        index knows)."""
        self._in_part.pair(first, second, firsts, seconds)

    def whole(self, first: str, second: str, docs: Iterable[int]) -> None:
        """All the documents two paired terms share, as read from the store."""
        self._in_part.whole(first, second, docs)

    def best_shared(
        self, held: Sequence[str], limit: int
    ) -> tuple[list[int] | None, list[tuple[str, str]]]:
        """`best` for terms held, longest posting first, each installed or known in part,
        every pair with one known in part paired: the ranking, or None when what is held
        cannot tell it; and then the pairs whose shared documents, read whole, might.

        Only the documents holding two of the terms are scored, as `best` sums them; until
        every pair is read whole, only those where one of the terms repeats. Any other
        document holds one term alone, at most as often as the term's most repeats and in
        at least the shortest length, so it scores at most idf × that pair's weight; or
        (until every pair is read whole) two or more, each once, scoring at most the sum of
        each term's idf × weight(1, the shortest length). When the limit-th best score is
        above those bounds, the ranking is exactly the full one."""
        if not self._lengths or len(held) < 2:
            return None, []
        self._check_drift()
        idfs = [self._idf(term) for term in held]
        pairs = [(first, second) for n, first in enumerate(held) for second in held[n + 1 :]]
        loose = [pair for pair in pairs if not self._in_part.whole_pair(*pair)]
        if len(held) == 2:  # summed once until either term changes (a + b is b + a)
            shared = self._in_part.shared(held[0], held[1])
            assert shared is not None, "a pair is read before it is ranked by"
            if shared.scores is None:
                shared.scores = self._shared_scores(held, idfs, whole=not loose)
            scores = shared.scores
        else:
            scores = self._shared_scores(held, idfs, whole=not loose)
        shortest = self._shortest_length()
        weigh = self._pair_weights
        bound = max(idf * weigh[self._most(t), shortest] for idf, t in zip(idfs, held, strict=True))
        if loose:
            bound = max(bound, sum(idf * weigh[1, shortest] for idf in idfs))
        cut = _kth_best(scores, limit) if len(scores) >= limit else None
        if cut is not None and cut > bound * _SLACK:
            return _cut_at(scores, limit, cut), []
        return None, loose

    def _shared_scores(
        self, held: Sequence[str], idfs: Sequence[float], whole: bool
    ) -> dict[int, float]:
        """The scores of the documents holding two of the terms or more (unless `whole`,
        only those where one of them repeats), summed in `best`'s order: the second term's,
        the first's, then the rest. A document where a term repeats is among the shared
        documents of that term and each other it holds, which tells how often it holds
        each."""
        holders: list[set[int]] = [set() for _ in held]
        repeated: list[set[int]] = [set() for _ in held]
        for n, first in enumerate(held):
            for m in range(n + 1, len(held)):
                firsts, seconds, both = self._shared_pair(first, held[m], whole)
                repeated[n] |= firsts
                repeated[m] |= seconds
                holders[n] |= both
                holders[m] |= both
        scores: dict[int, float] = {}
        for n in (1, 0, *range(2, len(held))):
            mine = list(holders[n])
            earlier = map(scores.get, mine, repeat(0.0))
            own = self._scored(mine, held[n], idfs[n], repeated[n])
            scores.update(zip(mine, list(map(add, earlier, own)), strict=True))
        return scores

    def _shared_pair(
        self, first: str, second: str, whole: bool
    ) -> tuple[Set[int], Set[int], Set[int]]:
        """Of the documents holding both terms: those holding the first more than once,
        those holding the second more than once, and all of them if `whole` (else those of
        the two first)."""
        shared = self._in_part.shared(first, second)
        if shared is None:  # both installed
            ones, others = self._postings[first], self._postings[second]
            both = ones.keys() & others.keys()
            firsts, seconds = {d for d in both if ones[d] > 1}, {d for d in both if others[d] > 1}
        else:
            firsts, seconds, both = shared.firsts, shared.seconds, shared.both or set()
            if pair_key(first, second)[0] != first:
                firsts, seconds = seconds, firsts
        return firsts, seconds, both if whole else firsts | seconds

    def _scored(
        self, docs: Sequence[int], term: str, idf: float, repeated: Set[int]
    ) -> Iterator[float]:
        """Each document's score for a term it holds (more than once if in `repeated`):
        idf × the weight `_weigh` gives."""
        posting = self._postings.get(term)
        tfs: Iterable[int]
        if posting is None:
            partial = self._in_part.terms[term]
            tfs = (partial.repeated(d) if d in repeated else 1 for d in docs)
        else:
            tfs = map(posting.__getitem__, docs)
        pairs = zip(tfs, map(self._lengths.__getitem__, docs), strict=True)
        return map(idf.__mul__, map(self._pair_weights.__getitem__, pairs))

    def _most(self, term: str) -> int:
        """How often at most a document holds a term (a bound for one known in part)."""
        posting = self._postings.get(term)
        if posting is None:
            return self._in_part.terms[term].most
        return max(posting.values(), default=1)

    def _shortest_length(self) -> int:
        """At most every document's length: exact when first asked, then lowered by each
        shorter document that comes (one that goes leaves it a bound)."""
        if self._shortest is None:
            self._shortest = min(self._lengths.values())
        return self._shortest

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
        held = self.document_count(term)
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
            self._in_part.reshaped()
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
