"""A view's facts held in memory between reads, brought up to date by revision stamps.

Every write stamps the fact rows it changes with the organization's next revision. A
context, or a write looking for the facts it may repeat or replace, first asks the store
for the newest revision (one indexed lookup); if it moved, it fetches only the rows stamped
since, whichever process wrote them. The ranking index and the order of the newest facts
change by those rows alone; the dead values to scrub and the cleaned text of each fact are
computed once per revision instead of once per query.
"""

from __future__ import annotations

import heapq
import threading
from bisect import bisect_left, insort
from collections import Counter, OrderedDict
from collections.abc import Callable, Collection, Iterable, Iterator, Set
from contextlib import contextmanager
from datetime import datetime
from typing import Any, TypeVar

from statekeeper.context.hygiene import LiveValues, contains_phrase, norm, value_parts
from statekeeper.context.past import without_past
from statekeeper.context.ranking import Bm25Index, index_terms
from statekeeper.model import Fact, Scope
from statekeeper.store.base import Stamped, UnitOfWork, View

T = TypeVar("T")
# Past this many changed facts, a sync forgets every kept phrase answer instead of sorting
# out which still hold.
_PHRASE_CHANGES = 1000


class Snapshot:
    """The live and recently dead facts of one view, as of `revision`."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.lock = threading.Lock()
        self.erasures = 0
        self._empty()

    def _empty(self) -> None:
        """No facts held: the state of a snapshot that has not read its view yet."""
        self.revision = -1
        self.live: dict[str, Fact] = {}
        self.seq: dict[str, int] = {}
        self.by_seq: dict[int, str] = {}
        # The live facts' sequence numbers in order, so the newest are the last few: a write
        # appends its fact's and takes out those it ended.
        self.live_seqs: list[int] = []
        self.dead: dict[str, tuple[datetime, int, str]] = {}  # id: (when, seq, text)
        self.special: set[str] = set()  # live facts not every reader sees: scoped, restricted
        self.review: set[str] = set()  # live facts waiting for recalculation
        self.expiring: dict[str, datetime] = {}  # live facts with an expiry: when
        self.constraints: set[str] = set()
        # What live facts still assert (their past-marked figures left out), counted so
        # that what one reader may not see can be taken away without a pass over all.
        self.asserted: dict[str, tuple[str, frozenset[str]]] = {}  # id: (whole, parts)
        self.wholes: Counter[str] = Counter()
        self.parts: Counter[str] = Counter()
        self.index = Bm25Index()
        self._memo: dict[Any, Any] = {}
        # Whether some live fact asserts a phrase, kept across revisions and filed under the
        # phrase's index terms: a fact that comes or goes drops the phrases filed under its
        # own terms (only facts holding one of them are ever tested), and those of no term.
        self._asserted_phrases: dict[str, bool] = {}
        self._phrases_by_term: dict[str, set[str]] = {}
        self._termless_phrases: set[str] = set()

    def sync(self, uow: UnitOfWork) -> None:
        """Catch up with the store. The revision is read before the changed rows, so rows
        the second read sees from a later write are simply fetched again next time. A user
        erased since (by any process) leaves no row to fetch: the view is read anew."""
        newest, erasures = uow.marks()
        if erasures != self.erasures:
            self._empty()
            self.erasures = erasures
        if newest == self.revision:
            return
        changed = uow.changed_since(self.view, self.revision)
        loading = self.revision < 0
        if len(changed) > _PHRASE_CHANGES:
            self._forget_all_phrases()  # cheaper to look them up again than to sort out
        for stamped in changed:
            self._apply(stamped, loading)
        if loading:
            self.live_seqs = sorted(self.seq[i] for i in self.live)
        self.revision = max([newest, *(s.rev for s in changed)])
        self._memo.clear()

    def _apply(self, stamped: Stamped, loading: bool = False) -> None:
        """Bring one fact up to date; while `loading` a fresh snapshot, the order of live
        sequence numbers is left for `sync` to sort once."""
        fact = stamped.fact
        if fact.id in self.live and not loading:
            seqs = self.live_seqs
            del seqs[bisect_left(seqs, self.seq[fact.id])]
        self.live.pop(fact.id, None)
        self.dead.pop(fact.id, None)
        self.special.discard(fact.id)
        self.review.discard(fact.id)
        self.expiring.pop(fact.id, None)
        self.constraints.discard(fact.id)
        if fact.id in self.asserted:
            whole, parts = self.asserted.pop(fact.id)
            self.wholes.subtract([whole])
            self.parts.subtract(parts)
            self._forget_phrases(self.index.terms_of(stamped.seq))
        self.index.remove(stamped.seq)
        self.seq[fact.id] = stamped.seq
        self.by_seq[stamped.seq] = fact.id
        if fact.forgotten:
            return
        if not fact.is_valid:
            when = fact.invalidated_at or fact.timestamp
            self.dead[fact.id] = (when, stamped.seq, fact.text)
            return
        self.live[fact.id] = fact
        if not loading:
            insort(self.live_seqs, stamped.seq)
        if fact.scope != Scope.GLOBAL or fact.restricted:
            self.special.add(fact.id)
        if fact.needs_review:
            self.review.add(fact.id)
        if fact.expires_at is not None:
            self.expiring[fact.id] = fact.expires_at
        if fact.is_constraint:
            self.constraints.add(fact.id)
        asserted = without_past(fact.text)
        whole, parts = norm(asserted), value_parts(asserted)
        self.asserted[fact.id] = (whole, parts)
        self.wholes[whole] += 1
        self.parts.update(parts)
        body = " ".join(p for p in (fact.key.replace("_", " "), fact.text, fact.entity) if p)
        self.index.add(stamped.seq, body)
        if not loading:
            self._forget_phrases(self.index.terms_of(stamped.seq))

    def memo(self, key: Any, build: Callable[[], T]) -> T:
        """A value computed at most once per revision."""
        if key not in self._memo:
            self._memo[key] = build()
        return self._memo[key]  # type: ignore[no-any-return]

    # -- reads --------------------------------------------------------------------------

    def ranked(self, query: str, limit: int, rarest: int | None = None) -> list[Fact]:
        """The live facts best matching a query, best first; with `rarest`, ranked by only
        that many of its words, the rarest (a whole turn's common words add little but
        cost a walk through thousands of facts each)."""
        docs = self.index.top(query, limit, rarest)
        return [self.live[self.by_seq[doc]] for doc in docs]

    def newest(self, limit: int | None = None, constraints: bool = False) -> list[Fact]:
        """Live facts (or live constraints) newest first, all of them when `limit` is None."""

        def build() -> list[Fact]:
            if constraints:
                pool = self.constraints
                if limit is None:
                    ids = sorted(pool, key=self.seq.__getitem__, reverse=True)
                else:
                    ids = heapq.nlargest(limit, pool, key=self.seq.__getitem__)
                return [self.live[i] for i in ids]
            seqs = self.live_seqs if limit is None else self.live_seqs[-limit:] if limit else []
            return [self.live[self.by_seq[seq]] for seq in reversed(seqs)]

        return self.memo(("newest", limit, constraints), build)

    def live_values(self, unseen: Collection[str]) -> LiveValues:
        """What the live facts assert, less those in `unseen` (facts a reader may not see)."""
        wholes = Counter(self.asserted[i][0] for i in unseen)
        parts = Counter(p for i in unseen for p in self.asserted[i][1])
        asked: dict[str, bool] = {}  # many dead texts share a phrase: each is looked up once

        def contains(phrase: str) -> bool:
            found = asked.get(phrase)
            if found is None:
                found = asked[phrase] = self._asserts(phrase, unseen)
            return found

        return LiveValues(_Remaining(self.wholes, wholes), _Remaining(self.parts, parts), contains)

    def _forget_phrases(self, terms: Iterable[str]) -> None:
        """A live fact holding these index terms came or went: what is known of the phrases
        filed under them, or under none, no longer holds."""
        kept = self._asserted_phrases
        if not kept:
            return
        for term in terms:
            for phrase in self._phrases_by_term.pop(term, ()):
                kept.pop(phrase, None)
        for phrase in self._termless_phrases:
            kept.pop(phrase, None)
        self._termless_phrases.clear()

    def _forget_all_phrases(self) -> None:
        self._asserted_phrases.clear()
        self._phrases_by_term.clear()
        self._termless_phrases.clear()

    def _asserts(self, phrase: str, unseen: Collection[str]) -> bool:
        """Whether a live fact outside `unseen` asserts the phrase. The answer for every
        reader (no fact unseen) is kept across revisions; a phrase no live fact asserts is
        asserted by none outside `unseen` either."""
        kept = self._asserted_phrases.get(phrase)
        if kept is False or (kept is not None and not unseen):
            return kept
        if not unseen:
            kept = self._asserted_phrases[phrase] = self._asserted_by(phrase, ())
            terms = index_terms(phrase)
            for term in terms:
                self._phrases_by_term.setdefault(term, set()).add(phrase)
            if not terms:
                self._termless_phrases.add(phrase)
            return kept
        return self._asserted_by(phrase, unseen)

    def _asserted_by(self, phrase: str, unseen: Collection[str]) -> bool:
        """Whether a live fact outside `unseen` asserts the phrase. The facts indexed under
        the phrase's rarest word are the only ones that can."""
        docs = self.index.documents_with(index_terms(phrase))
        candidates = self.asserted if docs is None else (self.by_seq[d] for d in docs)
        return any(
            contains_phrase(self.asserted[i][0], phrase)
            for i in candidates
            if i not in unseen and i in self.asserted
        )

    def due(self, now: datetime) -> list[str]:
        """Live facts whose expiry has passed, oldest expiry first."""
        return sorted(
            (i for i, when in self.expiring.items() if when <= now), key=self.expiring.__getitem__
        )

    def recently_dead(self, limit: int) -> list[str]:
        """The texts of the most recently invalidated facts, newest first."""
        return [text for _, _, text in heapq.nlargest(limit, self.dead.values())]


class _Remaining(Set[str]):
    """The values counted in `total` more often than in `taken`."""

    def __init__(self, total: Counter[str], taken: Counter[str]) -> None:
        self.total, self.taken = total, taken

    def __contains__(self, value: object) -> bool:
        return isinstance(value, str) and self.total[value] > self.taken[value]

    def __iter__(self) -> Iterator[str]:
        return (v for v in self.total if v in self)

    def __len__(self) -> int:
        return sum(1 for _ in self)


class Snapshots:
    """Snapshots of the views an engine served most recently, at most `size` of them."""

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self._views: OrderedDict[View, Snapshot] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._views)

    def clear(self) -> None:
        """Forget every snapshot, and the facts they hold."""
        with self._lock:
            self._views.clear()

    @contextmanager
    def synced(self, view: View, uow: UnitOfWork) -> Iterator[Snapshot]:
        """The view's snapshot, current with `uow`, held exclusively while in use."""
        with self._lock:
            snapshot = self._views.pop(view, None) or Snapshot(view)
            self._views[view] = snapshot
            while len(self._views) > self.size:
                self._views.popitem(last=False)
        with snapshot.lock:
            snapshot.sync(uow)
            yield snapshot
