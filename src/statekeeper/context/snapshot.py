"""What a view's contexts read, kept in memory between reads, brought up to date by revision
stamps, and read from the store only as far as a context needs.

A freshly opened engine does not load the view's facts. Its first context reads what every
reading weighs (each live fact's place and ranking length, the live facts that are scoped,
restricted, waiting for review or expiring, the newest constraints and the latest dead
facts) and, from the store's copy of the ranking index (store/fact_index.py), the postings
of its query and whether its dead values are still held by a live fact: about as much over
a thousand facts as over a hundred thousand. A fact is read the first time a context
ranks it, a posting the first time a query holds its term; a long posting only in part
(context/partial.py), for as long as that is enough to rank by it, and whole by the first
query it is not enough for.

Everything read is kept. Every write stamps the fact rows it changes with the
organization's next revision; a later read first asks the store for the newest revision
(one indexed lookup) and, if it moved, fetches only the rows stamped since, whichever
process wrote them, and applies them to what is kept. The dead values to scrub and the
cleaned text of each fact are computed once per revision instead of once per query.
"""

from __future__ import annotations

import threading
from bisect import bisect_left, insort
from collections import OrderedDict
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence, Set
from contextlib import closing, contextmanager
from datetime import datetime
from typing import Any, TypeVar

from statekeeper.context.entries import cached_entry
from statekeeper.context.holding import UNKNOWN, Asserted, Holders, Key
from statekeeper.context.hygiene import LiveValues, contains_phrase, norm, value_parts
from statekeeper.context.latest import Latest
from statekeeper.context.ranking import Bm25Index, index_terms, query_stems
from statekeeper.model import Fact, Scope, SourceType
from statekeeper.store.base import Ended, Stamped, UnitOfWork, View
from statekeeper.store.fact_index import PART, TERM, WHOLE
from statekeeper.store.nesting import OpenWrite
from statekeeper.text.numbers import Numbers, numbers, numbers_in

T = TypeVar("T")
# Past this many changed facts, a sync reads the view afresh instead of applying each.
_RELOAD_CHANGES = 2000
# Of the facts that may assert a phrase, how many a first reading reads per phrase at once.
_EACH = 3
# A term in more facts than this is known in part (context/partial.py) by queries of two
# to `_PAIRED` terms, for as long as that is enough to rank by it: its whole posting costs
# more to read, renumber and weigh than its count and the few facts each pair shares.
_LONG = 2000
_PAIRED = 4


def _recorded(fact: Fact) -> bool:
    return fact.scope == Scope.GLOBAL and fact.source.type == SourceType.CONVERSATION


class Snapshot:
    """The live and recently dead facts of one view as contexts read them, as of
    `revision`. Its reads go to the store through the unit of work it was last synced
    with, which `Snapshots.synced` holds open while the snapshot is in use."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.lock = threading.Lock()
        self.erasures = 0
        self._uow: UnitOfWork | None = None
        # The write whose rows, not yet committed, this snapshot may hold: until it ends,
        # no reader outside it may use the snapshot.
        self.writer: OpenWrite | None = None
        self._empty()

    def _empty(self) -> None:
        """Nothing read: the state of a snapshot that has not read its view yet."""
        self.revision = -1
        # Every live fact's length; of the postings, only those installed from the store.
        self.index = Bm25Index(complete=False)
        # Every live fact's sequence number in order, so the newest are the last few.
        self.live_seqs: list[int] = []
        # Every live fact's key in the store's index (what its postings name it by).
        self._seq_of: dict[int, int] = {}
        self._key_of: dict[int, int] = {}
        # The (user, capability) of the view's namespaces that hold a live fact (or did
        # since the view was read): only their postings are read.
        self._spaces: set[tuple[str, str]] = set()
        self.facts: dict[int, Fact] = {}  # live facts read, by sequence number
        self._figures: dict[str, frozenset[str]] = {}  # their texts' values, as indexed
        self.seq: dict[str, int] = {}  # their ids' sequence numbers
        self.special: set[str] = set()  # live facts not every reader sees: scoped, restricted
        self.review: set[str] = set()  # live facts waiting for recalculation
        self.expiring: dict[str, datetime] = {}  # live facts with an expiry: when
        self.constraints: Latest[int] = Latest(int, int)  # newest live constraints' seqs
        self.ended: Latest[Ended] = Latest(lambda e: (e.when, e.seq), lambda e: e.fact_id)
        self._dead_texts: dict[str, str | None] = {}  # dead facts asked about by id
        self.holders = Holders()
        self.asserted = Asserted()
        self.fresh = False  # read from the store, and no reading has asked about phrases
        self._recorded: set[int] | None = None  # live global facts recorded from turns
        self._numbered: dict[Numbers, int] | None = None  # how many live facts hold each
        self._numbers_of: dict[int, Numbers] = {}
        self._memo: dict[Any, Any] = {}

    @property
    def uow(self) -> UnitOfWork:
        assert self._uow is not None, "a snapshot reads only while synced"
        return self._uow

    def sync(self, uow: UnitOfWork) -> None:
        """Catch up with the store. The revision is read before the changed rows, so rows
        the second read sees from a later write are simply fetched again next time. A user
        erased since (by any process) leaves no row to fetch: the view is read anew."""
        self._uow = uow
        newest, erasures = uow.marks()
        if erasures != self.erasures:
            self._empty()
            self.erasures = erasures
        if newest == self.revision:
            return
        changed = [] if self.revision < 0 else uow.changed_since(self.view, self.revision)
        if self.revision < 0 or len(changed) > _RELOAD_CHANGES:
            self._empty()
            self._load(uow)
        else:
            for stamped in changed:
                self._apply(stamped)
            came = [s.seq for s in changed if s.seq in self.index and s.seq not in self._key_of]
            if came:
                self._keys(uow.index_keys(self.view, came))
        self.revision = max([newest, *(s.rev for s in changed)])
        self._memo.clear()

    def _load(self, uow: UnitOfWork) -> None:
        """What every reading of the view weighs, and nothing more."""
        documents = uow.index_documents(self.view)
        self._spaces = set(uow.index_spaces(self.view))
        self.index.known({seq: length for _, seq, length in documents})
        self.live_seqs = [seq for _, seq, _ in documents]
        self._keys({seq: key for key, seq, _ in documents})
        for stamped in uow.noteworthy_facts(self.view):
            self._keep(stamped)
        self.fresh = True

    def _keys(self, keys: dict[int, int]) -> None:
        """Live facts' keys in the store's index, by sequence number."""
        self._key_of.update(keys)
        self._seq_of.update((key, seq) for seq, key in keys.items())

    def _apply(self, stamped: Stamped) -> None:
        """Bring one fact up to date."""
        fact, seq = stamped.fact, stamped.seq
        if self._recorded is not None:  # a set, so a row applied twice counts once
            self._recorded.discard(seq)
            if fact.is_valid and not fact.forgotten and _recorded(fact):
                self._recorded.add(seq)
        if self._numbered is not None:
            self._unnumber(seq)
            if fact.is_valid and not fact.forgotten:
                self._number(seq, fact.text)
        if seq in self.index:  # it was live: take it out of all that was read
            del self.live_seqs[bisect_left(self.live_seqs, seq)]
            key = self._key_of.pop(seq, None)
            if key is not None and self._seq_of.get(key) == seq:
                del self._seq_of[key]
            # Its terms, which terms known in part are counted by: an ended fact's row keeps
            # its text, a forgotten one's does not (then only the live fact, if read, does).
            was = self.facts.get(seq, None if fact.forgotten else fact)
            self.index.remove(seq, None if was is None else cached_entry(was).terms)
            self.holders.went(seq)
            self.asserted.went(seq)
            self.constraints.drop(seq)
            kept = self.facts.pop(seq, None)
            if kept is not None:
                self._unmark(kept.id)
        self._dead_texts.pop(fact.id, None)
        self.ended.drop(fact.id)
        if fact.forgotten:
            return
        if not fact.is_valid:
            when = fact.invalidated_at or fact.timestamp
            self.ended.add(Ended(when, seq, fact.id, fact.text))
            return
        entry = cached_entry(fact)
        self._spaces.add((fact.user, fact.capability))
        self.index.add_terms(seq, entry.terms)
        insort(self.live_seqs, seq)
        self._keep(stamped._replace(figures=entry.figures))
        if fact.is_constraint:
            self.constraints.add(seq)
        self.holders.came(seq, [*((PART, p) for p in entry.parts), (WHOLE, entry.asserted)])
        self.asserted.came(seq, entry.terms, entry.asserted)

    def _keep(self, stamped: Stamped) -> None:
        """A live fact read: kept, and marked if every reading weighs it."""
        fact, seq = stamped.fact, stamped.seq
        self.facts[seq] = fact
        if stamped.figures is not None:
            self._figures[fact.text] = stamped.figures
        self.seq[fact.id] = seq
        if fact.scope != Scope.GLOBAL or fact.restricted:
            self.special.add(fact.id)
        if fact.needs_review:
            self.review.add(fact.id)
        if fact.expires_at is not None:
            self.expiring[fact.id] = fact.expires_at

    def _unmark(self, fact_id: str) -> None:
        self.special.discard(fact_id)
        self.review.discard(fact_id)
        self.expiring.pop(fact_id, None)

    def holds_recorded(self) -> bool:
        """Whether a live global fact of the view was recorded from conversation: only
        such a fact can be a duplicate a write retires when it supersedes nothing. Read
        from the store once, then kept up to date by every sync."""
        if self._recorded is None:
            self._recorded = set(self.uow.recorded_seqs(self.view))
        return bool(self._recorded)

    def others_holding(self, wanted: Collection[Numbers], fact_id: str) -> int:
        """How many live facts but `fact_id` hold exactly one of these sets of numbers.
        Every live fact's text is read from the store once (counts, not sets: a first
        read at 100,000 facts allocates little), then kept up to date by every sync."""
        if self._numbered is None:
            numbered: dict[Numbers, int] = {}
            self._numbers_of = {}
            for seq, text in self.uow.live_texts(self.view):
                key = self._numbers_of[seq] = numbers_in(text)
                numbered[key] = numbered.get(key, 0) + 1
            self._numbered = numbered
        held = sum(self._numbered.get(key, 0) for key in set(wanted))
        own = self._numbers_of.get(self.seq.get(fact_id, -1))
        return held - 1 if own is not None and own in wanted else held

    def _number(self, seq: int, text: str) -> None:
        assert self._numbered is not None
        key = self._numbers_of[seq] = numbers(text)
        self._numbered[key] = self._numbered.get(key, 0) + 1

    def _unnumber(self, seq: int) -> None:
        assert self._numbered is not None
        key = self._numbers_of.pop(seq, None)
        if key is not None:
            left = self._numbered[key] - 1
            if left:
                self._numbered[key] = left
            else:
                del self._numbered[key]

    def figures(self, text: str) -> frozenset[str]:
        """The values of a text (`value_parts`), as the index kept them for a live fact's."""
        found = self._figures.get(text)
        return value_parts(text) if found is None else found

    def memo(self, key: Any, build: Callable[[], T]) -> T:
        """A value computed at most once per revision."""
        if key not in self._memo:
            self._memo[key] = build()
        return self._memo[key]  # type: ignore[no-any-return]

    # -- live facts ---------------------------------------------------------------------

    def live_count(self) -> int:
        return len(self.live_seqs)

    def fact(self, fact_id: str) -> Fact:
        """A live fact already read: one of those every reading weighs, or a candidate."""
        return self.facts[self.seq[fact_id]]

    def _facts_at(self, seqs: Sequence[int]) -> list[Fact]:
        """Live facts by sequence number, read from the store once."""
        missing = [s for s in seqs if s not in self.facts]
        if missing:
            for stamped in self.uow.facts_by_seq(self.view, missing):
                if stamped.fact.is_valid and not stamped.fact.forgotten:
                    self._keep(stamped)
        return [self.facts[s] for s in seqs if s in self.facts]

    def live_facts(self, fact_ids: Sequence[str]) -> list[Fact]:
        """Those of these facts that are live in the view, in the order given."""

        def read(fact_id: str) -> bool:
            return fact_id in self.seq and self.seq[fact_id] in self.facts

        missing = [i for i in fact_ids if not read(i)]
        if missing:
            for stamped in self.uow.live_facts_by_id(self.view, missing):
                self._keep(stamped)
        return [self.facts[self.seq[i]] for i in fact_ids if read(i)]

    def ranked(self, query: str, limit: int, rarest: int | None = None) -> list[Fact]:
        """The live facts best matching a query, best first; with `rarest`, ranked by only
        that many of its words, the rarest (a whole turn's common words add little but
        cost a walk through thousands of facts each)."""
        index = self.index
        stems = query_stems(query)
        if len(index) > _LONG and self.uow.open_write is None and self.uow.reads_in_part:
            found = self._ranked_in_part(stems, limit, rarest)
            if found is not None:
                return self._facts_at(found)
        self._install(index.missing(stems))
        chosen = index.chosen(stems, rarest, index.document_count)
        return self._facts_at(index.best(chosen, limit))

    def _ranked_in_part(self, stems: list[str], limit: int, rarest: int | None) -> list[int] | None:
        """`ranked`'s sequence numbers with long postings read in part, when that is enough
        to tell (None otherwise). Only in a read of its own, from a store that reads in part
        cheaply: a write's rows may not all be synced into the snapshot yet, and a count
        from the store could not leave them out."""
        index = self.index
        unknown = index.unknown(stems)
        if unknown:
            counts = self.uow.index_counts(self.view, unknown, self._spaces)
            self._install([t for t in unknown if counts[t] <= _LONG])
            long = [t for t in unknown if counts[t] > _LONG]
            if long:
                tiers = self.uow.index_tiers(self.view, long, self._seq_of, self._spaces)
                for term in long:
                    index.count(term, counts[term], *tiers[term])
        chosen = index.chosen(stems, rarest, index.document_count)
        if not 2 <= len(chosen) <= _PAIRED or not index.in_part(chosen):
            return None
        pairs = index.unpaired(chosen)
        if pairs:
            shared = self.uow.index_shared(self.view, pairs, self._seq_of, self._spaces)
            for (first, second), (firsts, seconds) in shared.items():
                index.pair(first, second, firsts, seconds)
        found, wider = index.best_shared(chosen, limit)
        if found is None and wider:  # every shared fact, not only those with a repeat
            for (first, second), docs in self.uow.index_both(
                self.view, wider, self._seq_of, self._spaces
            ).items():
                index.whole(first, second, docs)
            found, _ = index.best_shared(chosen, limit)
        return found

    def _install(self, terms: Sequence[str]) -> None:
        """Postings read from the store, keyed by sequence number as the store reads them
        (a common word's posting holds a fifth of a large view's facts)."""
        if terms:
            found = self.uow.index_postings(self.view, TERM, terms, self._seq_of, self._spaces)
            for term, posting in found.items():
                self.index.install(term, posting, owned=True)

    def newest(self, limit: int | None = None, constraints: bool = False) -> list[Fact]:
        """Live facts (or live constraints) newest first, all of them when `limit` is None."""

        def build() -> list[Fact]:
            if constraints:
                if not self.constraints.holds(limit):
                    found = self.uow.newest_constraints(self.view, limit)
                    for stamped in found:
                        self._keep(stamped)
                    self.constraints.fill([s.seq for s in found], limit)
                return self._facts_at(self.constraints.latest(limit))
            seqs = self.live_seqs if limit is None else self.live_seqs[-limit:] if limit else []
            return self._facts_at(seqs[::-1])

        return self.memo(("newest", limit, constraints), build)

    def due(self, now: datetime) -> list[str]:
        """Live facts whose expiry has passed, oldest expiry first."""
        return sorted(
            (i for i, when in self.expiring.items() if when <= now), key=self.expiring.__getitem__
        )

    # -- dead facts ---------------------------------------------------------------------

    def recently_dead(self, limit: int | None) -> list[str]:
        """The texts of the most recently invalidated facts, newest first (all: None)."""
        if not self.ended.holds(limit):
            self.ended.fill(self.uow.ended_facts(self.view, limit), limit)
        return [e.text for e in self.ended.latest(limit)]

    def dead_within(self, limit: int) -> bool:
        """Whether the view has at most `limit` dead facts, so the latest are all of them."""
        self.recently_dead(limit)
        return self.ended.complete

    def dead_since(self, when: datetime) -> list[str]:
        """The ids of the dead facts that ended at `when` or later."""
        return [e.fact_id for e in self.uow.ended_facts(self.view, since=when)]

    def replaced_text(self, fact_id: str) -> str | None:
        """The text of a dead fact of the view (None if it is not one), read once; read
        many at once with `read_dead`."""
        self.read_dead([fact_id])
        return self._dead_texts[fact_id]

    def read_dead(self, fact_ids: Iterable[str]) -> None:
        wanted = [i for i in dict.fromkeys(fact_ids) if i not in self._dead_texts]
        for fact_id in wanted:
            held = self.ended.get(fact_id)
            self._dead_texts[fact_id] = None if held is None else held.text
        unread = [i for i in wanted if self._dead_texts[i] is None]
        if unread:
            for ended in self.uow.ended_by_id(self.view, unread):
                self._dead_texts[ended.fact_id] = ended.text

    # -- what live facts still assert -----------------------------------------------------

    def read_values(self, texts: Iterable[str]) -> None:
        """Ask the store at once which live facts hold the values these texts hold, and
        their whole texts, before a reading asks one by one."""
        keys: list[Key] = []
        for text in texts:
            keys.append((WHOLE, norm(text)))
            keys += [(PART, p) for p in value_parts(text)]
        self._holders(keys)

    def _holders(self, keys: Iterable[Key]) -> None:
        missing = self.holders.missing(keys)
        for kind in (PART, WHOLE):
            values = [v for k, v in missing if k == kind]
            if values:
                found = self.uow.index_postings(
                    self.view, kind, values, self._seq_of, self._spaces
                )
                for value, docs in found.items():
                    self.holders.install((kind, value), docs)

    def holds(self, key: Key, unseen: Set[int]) -> bool:
        """Whether a live fact outside `unseen` holds a value."""
        self._holders([key])
        return any(doc not in unseen for doc in self.holders.of(key))

    def live_values(self, unseen: Collection[str]) -> LiveValues:
        """What the live facts assert, less those in `unseen` (facts a reader may not see)."""
        hidden = frozenset(self.seq[i] for i in unseen)
        asked: dict[str, bool] = {}  # many dead texts share a phrase: each is looked up once

        def contains(phrase: str) -> bool:
            found = asked.get(phrase)
            if found is None:
                found = asked[phrase] = self._asserts(phrase, hidden)
            return found

        return LiveValues(_Held(self, WHOLE, hidden), _Held(self, PART, hidden), contains)

    def read_phrases(self, phrases: Iterable[str]) -> None:
        """Ask the store at once which live facts assert these phrases: a first reading
        asks about hundreds, and one round trip each costs most on a server. A phrase
        whose first few candidates leave it undecided is asked again on its own."""
        self.fresh = False
        unknown = [p for p in dict.fromkeys(phrases) if self.asserted.get(p) == UNKNOWN]
        asked = [(p, list(dict.fromkeys(index_terms(p)))) for p in unknown]
        for phrase, (rows, every) in self.uow.asserting_each(self.view, asked, _EACH).items():
            witnesses = [seq for seq, asserted in rows if contains_phrase(asserted, phrase)]
            if witnesses:
                self.asserted.put(phrase, witnesses[0])
            elif every:  # every candidate seen, none asserts it
                self.asserted.put(phrase, None)

    def _asserts(self, phrase: str, unseen: Set[int]) -> bool:
        """Whether a live fact outside `unseen` asserts the phrase: holds every ranking term
        of it, and the phrase as words of what it asserts. The witness found for every
        reader is kept across revisions."""
        witness = self.asserted.get(phrase)
        if witness is None:
            return False  # asserted by no live fact, so by none outside `unseen` either
        if witness != UNKNOWN and witness not in unseen:
            return True
        first: int | None = None
        outside = False
        terms = list(dict.fromkeys(index_terms(phrase)))
        with closing(self.uow.asserting(self.view, terms, phrase)) as found:
            for seq, asserted in found:
                if contains_phrase(asserted, phrase):
                    first = seq if first is None else first
                    outside = seq not in unseen
                    if outside:
                        break
        if witness == UNKNOWN:
            self.asserted.put(phrase, first)
        return outside


class _Held(Set[str]):
    """The values of a kind some live fact outside `unseen` holds, asked one by one."""

    def __init__(self, snapshot: Snapshot, kind: str, unseen: Set[int]) -> None:
        self.snapshot, self.kind, self.unseen = snapshot, kind, unseen

    def __contains__(self, value: object) -> bool:
        return isinstance(value, str) and self.snapshot.holds((self.kind, value), self.unseen)

    def __iter__(self) -> Iterator[str]:
        raise TypeError("the values live facts hold are asked one by one, not listed")

    def __len__(self) -> int:
        raise TypeError("the values live facts hold are asked one by one, not counted")


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
        """The view's snapshot, current with `uow`, held exclusively while in use.

        Synced inside a write, a snapshot may take rows the write has not committed: it
        is the write's until the write ends, kept if it commits and emptied if it (or a
        savepoint in it) rolls back, so that no context shows a row that was never
        committed. A reader outside that write meanwhile reads into a snapshot of its own."""
        writing = uow.open_write
        with self._lock:
            snapshot = self._views.pop(view, None) or Snapshot(view)
            self._views[view] = snapshot
            while len(self._views) > self.size:
                self._views.popitem(last=False)
        with snapshot.lock:
            if snapshot.writer in (None, writing):
                if writing is not None and snapshot.writer is None:
                    self._lend(snapshot, writing)
                with _reading(snapshot, uow):
                    yield snapshot
                return
        with _reading(Snapshot(view), uow) as own:
            yield own

    def _lend(self, snapshot: Snapshot, writing: OpenWrite) -> None:
        """Let a write's rows into a snapshot until the write ends."""
        snapshot.writer = writing

        def committed() -> None:
            if snapshot.writer is writing:
                snapshot.writer = None

        def rolled_back() -> None:
            # No other reader uses the snapshot while it is the write's, so its lock is not
            # taken (the failing step may hold it); it is emptied before it is let go.
            if snapshot.writer is writing:
                snapshot._empty()
                snapshot.writer = None
            with self._lock:
                if self._views.get(snapshot.view) is snapshot:
                    del self._views[snapshot.view]

        writing.after_commit(committed)
        writing.after_rollback(rolled_back)


@contextmanager
def _reading(snapshot: Snapshot, uow: UnitOfWork) -> Iterator[Snapshot]:
    """A snapshot synced with `uow`, reading through it until the caller is done."""
    try:
        snapshot.sync(uow)
        yield snapshot
    finally:
        snapshot._uow = None
