"""Common terms known in part: how many documents hold each, and only the documents a
ranking cannot do without.

A name may be in a fifth of a large view's facts. Reading its posting whole, to rank the
eighty facts a query wants, is most of the first query holding it, and so is each pair of
terms' whole intersection read from the store. The best documents for a query of common
terms are those holding two of them, one at least more than once; every other document
either holds one term alone (scoring at most idf × weight(the term's most repeats, the
shortest length)) or several, each once (at most the sum of idf × weight(1, the shortest
length)). When the limit-th best score of the first kind is above both bounds, none of
the others can rank (`Bm25Index.best_shared`); failing that, the pairs are read whole,
which leaves the first bound alone, and failing that too, the postings are. The store
marks a term's repeats with tokens of their own, so the documents holding a term more than
once are a short posting, which its full-text index intersects with another term's in its
own loops (store/partial_postings.py).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence

# Pairs kept per index, the least recently asked about going first (read again if asked):
# a view's common words make many pairs, each with a few hundred documents.
PAIRS_KEPT = 512


class Partial:
    """A term's document count, how often at most a document holds it, and the documents
    holding it three times or more with how often (few: a word repeated is mostly said
    twice). `most` stays an upper bound as documents go."""

    __slots__ = ("count", "most", "high")

    def __init__(self, count: int, most: int, high: Mapping[int, int]) -> None:
        self.count = count
        self.most = most
        self.high = dict(high)

    def repeated(self, doc: int) -> int:
        """How often a document holding the term more than once holds it."""
        return self.high.get(doc, 2)


class Shared:
    """Of the documents holding both of two terms, those holding the first more than once
    (`firsts`), those holding the second more than once (`seconds`), and all of them
    (`both`, once a query has needed them); and, once a query has summed them, the held
    ones' scores for the two (dropped when either term's documents change)."""

    __slots__ = ("firsts", "seconds", "both", "scores")

    def __init__(self, firsts: Iterable[int], seconds: Iterable[int]) -> None:
        self.firsts = set(firsts)
        self.seconds = set(seconds)
        self.both: set[int] | None = None
        self.scores: dict[int, float] | None = None


def pair_key(first: str, second: str) -> tuple[str, str]:
    return (first, second) if first <= second else (second, first)


class InPart:
    """The terms a partial index knows in part, and for the pairs of terms queries have
    asked about (one known in part at least), the documents they share where one of them
    occurs more than once. Every document that comes or goes is applied to them, so they
    stay what the store would give now."""

    def __init__(self) -> None:
        self.terms: dict[str, Partial] = {}
        self.pairs: dict[tuple[str, str], Shared] = {}
        self._of: dict[str, set[tuple[str, str]]] = {}  # each term's pairs

    def __bool__(self) -> bool:
        return bool(self.terms)

    def count(self, term: str, documents: int, most: int, high: Mapping[int, int]) -> None:
        self.terms[term] = Partial(documents, most, high)

    def pair(self, first: str, second: str, firsts: Iterable[int], seconds: Iterable[int]) -> None:
        key = pair_key(first, second)
        self.pairs[key] = Shared(firsts, seconds) if key[0] == first else Shared(seconds, firsts)
        for term in key:
            self._of.setdefault(term, set()).add(key)
        while len(self.pairs) > PAIRS_KEPT:
            self._forget(next(iter(self.pairs)))

    def unpaired(self, terms: Sequence[str]) -> list[tuple[str, str]]:
        """The pairs of these terms, one of them known in part, that are not held; those
        held become the most recently asked about (a query reads at most six, so the
        pairs it needs stay)."""
        missing = []
        for n, first in enumerate(terms):
            for second in terms[n + 1 :]:
                if first not in self.terms and second not in self.terms:
                    continue
                key = pair_key(first, second)
                shared = self.pairs.pop(key, None)
                if shared is None:
                    missing.append((first, second))
                else:
                    self.pairs[key] = shared
        return missing

    def shared(self, first: str, second: str) -> Shared | None:
        return self.pairs.get(pair_key(first, second))

    def whole_pair(self, first: str, second: str) -> bool:
        """Whether every document two terms share is known: their pair is read whole, or
        neither is known in part (both postings are installed)."""
        shared = self.shared(first, second)
        if shared is None:
            return first not in self.terms and second not in self.terms
        return shared.both is not None

    def whole(self, first: str, second: str, docs: Iterable[int]) -> None:
        """All the documents two paired terms share."""
        shared = self.pairs[pair_key(first, second)]
        shared.both = set(docs)
        shared.scores = None

    def came(self, doc: int, counts: Mapping[str, int]) -> None:
        """A document and how often it holds each of its terms."""
        for term, tf in counts.items():
            partial = self.terms.get(term)
            if partial is not None:
                partial.count += 1
                partial.most = max(partial.most, tf)
                if tf > 2:
                    partial.high[doc] = tf
            for key in self._of.get(term, ()):
                shared = self.pairs[key]
                shared.scores = None  # the term's idf changed
                if term == key[0] and key[1] in counts:
                    if tf > 1:
                        shared.firsts.add(doc)
                    if counts[key[1]] > 1:
                        shared.seconds.add(doc)
                    if shared.both is not None:
                        shared.both.add(doc)

    def went(self, doc: int, terms: Collection[str] | None) -> None:
        """A document gone, with its terms; without them, nothing known in part can be
        kept right, and all of it is forgotten."""
        if terms is None:
            self.terms.clear()
            self.pairs.clear()
            self._of.clear()
            return
        for term in set(terms):
            partial = self.terms.get(term)
            if partial is not None:
                partial.count -= 1
                partial.high.pop(doc, None)
            for key in self._of.get(term, ()):
                shared = self.pairs[key]
                shared.scores = None
                shared.firsts.discard(doc)
                shared.seconds.discard(doc)
                if shared.both is not None:
                    shared.both.discard(doc)

    def drop(self, term: str) -> None:
        """A term installed whole: it is no longer known in part, nor its pairs."""
        self.terms.pop(term, None)
        for key in list(self._of.get(term, ())):
            self._forget(key)
        self._of.pop(term, None)

    def _forget(self, key: tuple[str, str]) -> None:
        del self.pairs[key]
        for term in key:
            self._of[term].discard(key)

    def reshaped(self) -> None:
        """The weights' shape changed: every sum of scores is dropped."""
        for shared in self.pairs.values():
            shared.scores = None
