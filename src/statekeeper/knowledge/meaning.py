"""Documents found by meaning: their chunks embedded once stored, and a query's vector
for the search beside its words.

The embedder is a remote service that can be down, slow or wrong, and none of that may
cost a document. A document commits first and its chunks are embedded afterwards; if that
fails, the failure is logged, the document stands and is still found by its words, and
its organization is marked so that the next document or context of that organization
embeds what is missing, a batch at a time. After a failure the embedder is left alone for
a while, so that contexts do not each wait out its timeouts. Chunks imported from an
export, or stored before the engine had an embedder, are embedded the same way.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from statekeeper.embedding import Embedder, check_embedder, check_vectors
from statekeeper.errors import StoreError
from statekeeper.store import chunk_vectors
from statekeeper.store.base import Store, UnitOfWork
from statekeeper.store.chunk_vectors import ChunkVectorUnit
from statekeeper.store.documents import ChunkRow

BATCH = 64  # chunks embedded in one call to the embedder
DOCUMENT_ROUNDS = 100  # batches one document's own chunks may take, at most
RETRY_AFTER = 30.0  # seconds the embedder is left alone after a failure

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class QueryVector:
    """A query as the chunks' vectors are compared with it: the model and the vector."""

    model: str
    vector: tuple[float, ...]


def vector_units(uow: UnitOfWork) -> ChunkVectorUnit:
    """The unit of work's chunk vectors, or StoreError for a store that keeps none."""
    if not isinstance(uow, ChunkVectorUnit):
        raise StoreError(f"this store ({type(uow).__name__}) keeps no document vectors")
    return uow


class ChunkVectors:
    """An embedder attached to a store that can keep the vectors of document chunks."""

    def __init__(self, store: Store, embedder: Embedder) -> None:
        self.store = store
        self.embedder = embedder
        self.clock: Callable[[], float] = time.monotonic
        self._lock = threading.Lock()
        self._checked: set[str] = set()  # organizations with no backlog known to this engine
        self._resting_until = 0.0

    @classmethod
    def attach(cls, store: Store, embedder: object) -> ChunkVectors:
        """Check the embedder and make room for its vectors in the store."""
        checked = check_embedder(embedder)
        chunk_vectors.attach(store, checked.dimensions)
        return cls(store, checked)

    def after_add(self, org: str, doc_id: str) -> None:
        """Embed a document that has just committed, and some of the organization's
        backlog; a failure is logged and leaves them for later."""
        if self._resting():
            self._mark(org)
            return
        try:
            for _ in range(DOCUMENT_ROUNDS):
                if not self._embed(org, self._missing(org, doc_id)):
                    break
            self._embed(org, self._backlog(org))
        except Exception:
            self._failed(org)
            log.warning(
                "embedding document %r of %r failed; it will be embedded later",
                doc_id,
                org,
                exc_info=True,
            )

    def query(
        self, org: str, text: str, known: Sequence[float] | None, ask: bool
    ) -> QueryVector | None:
        """The query's vector: `known` when the facts' search embedded it already, else
        the embedder's if `ask` and the organization has chunk vectors; None when there is
        none to be had. The organization's backlog is embedded first, so what was missed
        is found from now on."""
        if self._resting():
            return None
        try:
            self._embed(org, self._backlog(org))
            if known is None and ask and self._held(org):
                known = self._vectors([text])[0]
        except Exception:  # one failure is enough: the query waits for no second one
            self._failed(org)
            log.warning("embedding failed; documents are found by their words only", exc_info=True)
            return None
        if known is None:
            return None
        return QueryVector(self.embedder.model, tuple(float(v) for v in known))

    def backfill(self, org: str) -> int:
        """Embed every chunk of the organization that has no vector; how many. Raises
        what goes wrong."""
        done = 0
        while True:
            found = self._missing(org)
            if not self._embed(org, found):
                break
            done += len(found)
        with self._lock:
            self._checked.add(org)
        return done

    def _held(self, org: str) -> bool:
        """Whether the organization has chunk vectors: a query is embedded for nothing
        where there are none to compare it with."""
        with self.store.read(org) as uow:
            return vector_units(uow).has_chunk_vectors(self.embedder.model)

    def _missing(self, org: str, doc_id: str | None = None) -> list[ChunkRow]:
        model, dimensions = self.embedder.model, self.embedder.dimensions
        with self.store.read(org) as uow:
            return vector_units(uow).chunks_without_vectors(model, dimensions, BATCH, doc_id)

    def _backlog(self, org: str) -> list[ChunkRow]:
        """Chunks still to embed, looked up only while the organization may have some:
        before its first use by this engine, and after a failure."""
        with self._lock:
            if org in self._checked:
                return []
        found = self._missing(org)
        if len(found) < BATCH:
            with self._lock:
                self._checked.add(org)
        return found

    def _embed(self, org: str, chunks: Sequence[ChunkRow]) -> bool:
        """Embed chunks in one call and store their vectors; whether there were any."""
        if not chunks:
            return False
        vectors = self._vectors([chunk.text for chunk in chunks])
        with self.store.write(org) as uow:
            vector_units(uow).put_chunk_vectors(
                self.embedder.model, list(zip(chunks, vectors, strict=True))
            )
        return True

    def _vectors(self, texts: list[str]) -> list[list[float]]:
        """The embedder's vectors, checked whichever embedder made them."""
        return check_vectors(self.embedder.embed(texts), len(texts), self.embedder.dimensions)

    def _mark(self, org: str) -> None:
        with self._lock:
            self._checked.discard(org)

    def _failed(self, org: str) -> None:
        self._mark(org)
        self._resting_until = self.clock() + RETRY_AFTER

    def _resting(self) -> bool:
        return self.clock() < self._resting_until
