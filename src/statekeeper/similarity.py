"""Facts and past turns found by meaning: embedded after their write commits, the nearest
to a query added to a context's candidates.

The embedder is a remote service that can be down, slow or wrong. None of that may cost a
fact, so a write commits first and is embedded afterwards; if that fails, the failure is
logged, the write stands, the fact is still found by full-text ranking, and its
organization is marked for a backfill that the next write or context of the
organization tries again, a batch at a time. Turns are embedded the same way once they are
archived, and so are those whose text a redaction changed. `Session.backfill_embeddings` does the whole
backlog at once and raises what goes wrong. A context whose query cannot be embedded is
ranked by full text alone, and after a failure the embedder is left alone for a while:
with it down or hanging, contexts would otherwise each wait out its retries and timeouts.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from statekeeper.embedding import Embedder, check_embedder, check_vectors
from statekeeper.errors import EmbeddingsUnavailableError
from statekeeper.model import Fact
from statekeeper.store.base import EmbeddingStore, SaidTurn, Store, View

SIMILAR_LIMIT = 20  # nearest facts added to a context's candidates
NEAR_TURNS_MAX = 200  # nearest past turns a context may consider, at most
BACKFILL_BATCH = 64  # facts (and turns) a write or context embeds on the way, at most
RETRY_AFTER = 30.0  # seconds the embedder is left alone after a failure

log = logging.getLogger(__name__)


def embedding_text(fact: Fact) -> str:
    """What a fact's embedding is computed from: its key in words and its value."""
    subject = fact.key.replace("_", " ").replace("-", " ").strip()
    return f"{subject}: {fact.text}"


@dataclass(frozen=True)
class Nearest:
    """What lies near a query in meaning: fact ids, and past turns as (task, index); each
    best first. `query` is the query's vector, for other searches to reuse."""

    facts: list[str] = field(default_factory=list)
    turns: list[tuple[str, int]] = field(default_factory=list)
    query: list[float] | None = None


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

    def after_write(self, org: str, facts: Sequence[Fact], turns: Sequence[SaidTurn] = ()) -> None:
        """Embed facts and turns that have just committed, with some of the organization's
        backlog; a failure is logged and leaves them for a later backfill."""
        if self._resting():
            self._mark(org)
            return
        try:
            old_facts, old_turns = self._backlog(org, BACKFILL_BATCH)
            ids = {f.id for f in old_facts}
            self._embed(
                org,
                [*old_facts, *(f for f in facts if f.id not in ids)],
                list(dict.fromkeys([*old_turns, *turns])),
            )
        except Exception:
            self._failed(org)
            log.warning(
                "embedding facts or turns of %r failed; they will be embedded later",
                org,
                exc_info=True,
            )

    def nearest(self, view: View, query: str, until: datetime, turns: int) -> Nearest:
        """The live facts of the view, and up to `turns` of its user's turns said by
        `until`, nearest to the query; nothing when the embedder fails or rests after a
        failure."""
        if self._resting():
            return Nearest()
        try:
            self._embed(view.org, *self._backlog(view.org, BACKFILL_BATCH))
            vector = self._vectors([query])[0]
        except Exception:  # one failure is enough: the query waits for no second one
            self._failed(view.org)
            log.warning("embedding failed; ranking by full text only", exc_info=True)
            return Nearest()
        model = self.embedder.model
        return Nearest(
            self.store.similar_facts(view, model, vector, SIMILAR_LIMIT),
            self.store.similar_turns(view, model, vector, until, min(turns, NEAR_TURNS_MAX))
            if turns > 0
            else [],
            vector,
        )

    def backfill(self, org: str) -> int:
        """Embed every live fact and archived turn of the organization that has no
        embedding; how many."""
        done = 0
        while True:
            facts, turns = self._missing(org, BACKFILL_BATCH)
            if not facts and not turns:
                break
            self._embed(org, facts, turns)
            done += len(facts) + len(turns)
        with self._unchecked_lock:
            self._checked.add(org)
        return done

    def _missing(self, org: str, limit: int) -> tuple[list[Fact], list[SaidTurn]]:
        model = self.embedder.model
        return (
            self.store.missing_embeddings(org, model, limit),
            self.store.missing_turn_embeddings(org, model, limit),
        )

    def _backlog(self, org: str, limit: int) -> tuple[list[Fact], list[SaidTurn]]:
        """Up to `limit` facts and turns still to embed, looked up only while the
        organization may have some: before its first use by this engine and after a
        failure or a redaction."""
        with self._unchecked_lock:
            if org in self._checked:
                return [], []
        facts, turns = self._missing(org, limit)
        if len(facts) < limit and len(turns) < limit:
            with self._unchecked_lock:
                self._checked.add(org)
        return facts, turns

    def redacted(self, org: str) -> None:
        """Turns of the organization lost their vectors to a redaction: embed them anew."""
        self._mark(org)

    def _mark(self, org: str) -> None:
        with self._unchecked_lock:
            self._checked.discard(org)

    def _failed(self, org: str) -> None:
        self._mark(org)
        self._resting_until = self.clock() + RETRY_AFTER

    def _resting(self) -> bool:
        return self.clock() < self._resting_until

    def _embed(self, org: str, facts: Sequence[Fact], turns: Sequence[SaidTurn] = ()) -> None:
        """Embed facts and turns in one call to the embedder."""
        if not facts and not turns:
            return
        vectors = self._vectors([*(embedding_text(f) for f in facts), *(t.text for t in turns)])
        model = self.embedder.model
        if facts:
            found = {f.id: v for f, v in zip(facts, vectors[: len(facts)], strict=True)}
            self.store.put_embeddings(org, model, found)
        if turns:
            self.store.put_turn_embeddings(
                org, model, list(zip(turns, vectors[len(facts) :], strict=True))
            )

    def _vectors(self, texts: list[str]) -> list[list[float]]:
        """The embedder's vectors, checked whichever embedder made them."""
        return check_vectors(self.embedder.embed(texts), len(texts), self.embedder.dimensions)
