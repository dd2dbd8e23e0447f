"""Facts found by meaning: embedded after their write commits, the nearest to a query
added to a context's candidates.

The embedder is a remote service that can be down, slow or wrong. None of that may cost a
fact, so a write commits first and is embedded afterwards; if that fails, the failure is
logged, the write stands, the fact is still found by full-text ranking, and its
organization is marked for a backfill that the next write or context of the
organization tries again, a batch at a time. `Session.backfill_embeddings` does the whole
backlog at once and raises what goes wrong. A context whose query cannot be embedded is
ranked by full text alone, and after a failure the embedder is left alone for a while:
with it down or hanging, contexts would otherwise each wait out its retries and timeouts.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence

from statekeeper.embedding import Embedder, check_embedder, check_vectors
from statekeeper.errors import EmbeddingsUnavailableError
from statekeeper.model import Fact
from statekeeper.store.base import EmbeddingStore, Store, View

SIMILAR_LIMIT = 20  # nearest facts added to a context's candidates
BACKFILL_BATCH = 64  # facts a write or context embeds on the way, at most
RETRY_AFTER = 30.0  # seconds the embedder is left alone after a failure

log = logging.getLogger(__name__)


def embedding_text(fact: Fact) -> str:
    """What a fact's embedding is computed from: its key in words and its value."""
    subject = fact.key.replace("_", " ").replace("-", " ").strip()
    return f"{subject}: {fact.text}"


class Similarity:
    """An embedder attached to a store that can keep its vectors."""

    def __init__(self, store: EmbeddingStore, embedder: Embedder) -> None:
        self.store = store
        self.embedder = embedder
        self._unchecked_lock = threading.Lock()
        self._checked: set[str] = set()  # organizations with no backlog known to this engine
        self.clock: Callable[[], float] = time.monotonic
        self._resting_until = 0.0  # no call to the embedder before this moment

    @classmethod
    def attach(cls, store: Store, embedder: object) -> Similarity:
        """Check the embedder and make room for its vectors in the store."""
        checked = check_embedder(embedder)
        if not isinstance(store, EmbeddingStore):
            raise EmbeddingsUnavailableError(
                f"PostgreSQL with the pgvector extension, and this store is {store.dialect}",
                "open the engine on a postgresql:// URL, or without an embedder",
            )
        store.attach_embeddings(checked.dimensions)
        return cls(store, checked)

    def after_write(self, org: str, facts: Sequence[Fact]) -> None:
        """Embed facts that have just committed, with some of the organization's backlog;
        a failure is logged and leaves the facts for a later backfill."""
        if self._resting():
            self._mark(org)
            return
        try:
            backlog = self._backlog(org, BACKFILL_BATCH)
            ids = {f.id for f in backlog}
            self._embed(org, [*backlog, *(f for f in facts if f.id not in ids)])
        except Exception:
            self._failed(org)
            log.warning(
                "embedding facts of %r failed; they will be embedded later", org, exc_info=True
            )

    def nearest(self, view: View, query: str) -> list[str]:
        """The ids of the live facts of the view nearest to the query, best first; none
        when the embedder fails or rests after a failure."""
        if self._resting():
            return []
        try:
            self._embed(view.org, self._backlog(view.org, BACKFILL_BATCH))
            vector = self._vectors([query])[0]
        except Exception:  # one failure is enough: the query waits for no second one
            self._failed(view.org)
            log.warning("embedding failed; ranking by full text only", exc_info=True)
            return []
        return self.store.similar_facts(view, self.embedder.model, vector, SIMILAR_LIMIT)

    def backfill(self, org: str) -> int:
        """Embed every live fact of the organization that has no embedding; how many."""
        done = 0
        while batch := self.store.missing_embeddings(org, self.embedder.model, BACKFILL_BATCH):
            self._embed(org, batch)
            done += len(batch)
        with self._unchecked_lock:
            self._checked.add(org)
        return done

    def _backlog(self, org: str, limit: int) -> list[Fact]:
        """Up to `limit` facts still to embed, looked up only while the organization may
        have some: before its first use by this engine and after a failure."""
        with self._unchecked_lock:
            if org in self._checked:
                return []
        found = self.store.missing_embeddings(org, self.embedder.model, limit)
        if len(found) < limit:
            with self._unchecked_lock:
                self._checked.add(org)
        return found

    def _mark(self, org: str) -> None:
        with self._unchecked_lock:
            self._checked.discard(org)

    def _failed(self, org: str) -> None:
        self._mark(org)
        self._resting_until = self.clock() + RETRY_AFTER

    def _resting(self) -> bool:
        return self.clock() < self._resting_until

    def _embed(self, org: str, facts: Sequence[Fact]) -> None:
        if facts:
            vectors = self._vectors([embedding_text(f) for f in facts])
            found = {f.id: v for f, v in zip(facts, vectors, strict=True)}
            self.store.put_embeddings(org, self.embedder.model, found)

    def _vectors(self, texts: list[str]) -> list[list[float]]:
        """The embedder's vectors, checked whichever embedder made them."""
        return check_vectors(self.embedder.embed(texts), len(texts), self.embedder.dimensions)
