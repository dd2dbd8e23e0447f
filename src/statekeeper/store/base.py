"""The Store protocol: what the engine needs from a database, and nothing else.

A store hands out units of work bound to one organization. Every method of a unit of work
reads and writes inside that organization only, so a cross-organization read cannot be
expressed through this interface.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Generator, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, TypeVar, runtime_checkable

from statekeeper.model import Fact, Turn, WorkingSetItem
from statekeeper.store.nesting import OpenWrite

if TYPE_CHECKING:
    from statekeeper.store.documents import ChunkRow, DocumentRow
    from statekeeper.store.lessons import LessonEnd, LessonRow

T = TypeVar("T")


@dataclass(frozen=True)
class View:
    """The namespaces one principal can see: their own memory, shared org and capability memory."""

    org: str
    user: str
    capability: str = ""


class Stamped(NamedTuple):
    """A fact with its place in the organization's order of writes and its last revision;
    read with the ranking index, a live fact's text's values too (context/indexing.py)."""

    fact: Fact
    seq: int
    rev: int
    figures: frozenset[str] | None = None


class Ended(NamedTuple):
    """A dead fact as scrubbing needs it: when it ended, its place, its id and its text."""

    when: datetime
    seq: int
    fact_id: str
    text: str


class ArchivedTurn(NamedTuple):
    """A turn from the transcript, with the task it was said in."""

    task_id: str
    turn: Turn


class SaidTurn(NamedTuple):
    """An archived turn as an embedder sees it: whose, where, and its words."""

    user: str
    task_id: str
    turn_index: int
    text: str


@dataclass(frozen=True)
class Erasure:
    """What erasing a user took out."""

    facts: int
    turns: int


class UnitOfWork(Protocol):
    """Reads and writes of one transaction inside one organization."""

    org: str
    # The write this unit is part of (store/nesting.py); None for a read of committed rows.
    open_write: OpenWrite | None

    @property
    def reads_in_part(self) -> bool:
        """Whether a term's count and two terms' shared facts cost less to read than the
        term's posting (store/partial_postings.py)."""
        ...

    # persistent facts
    def insert_fact(self, fact: Fact, seq: int | None = None) -> None: ...
    def get_fact(self, fact_id: str) -> Fact | None: ...
    def valid_heads(self, view: View, key: str) -> list[Fact]: ...
    def invalidate(self, fact_id: str, *, by: str | None, at: datetime, reason: str) -> None: ...
    def dependants(self, fact_id: str) -> list[str]: ...
    def mark_needs_review(self, fact_ids: Sequence[str]) -> None: ...
    def valid_facts(
        self, view: View, limit: int | None = None, edges: bool = False
    ) -> list[Fact]: ...
    def search_valid_facts(self, view: View, terms: Sequence[str], limit: int) -> list[Fact]:
        """Live facts of a view matching any term, best first; restricted facts never (this
        level knows no principal to ask whether they may be read)."""
        ...
    def due_to_expire(self, view: View, now: datetime) -> list[Fact]: ...
    def history(self, view: View, key: str) -> list[Fact]: ...
    def forget(self, fact_id: str, *, by: str, at: datetime) -> None: ...
    def next_seq(self) -> int: ...
    def revision(self) -> int: ...
    def marks(self) -> tuple[int, int]: ...
    def stamp(self) -> int: ...
    def get_facts(self, fact_ids: Sequence[str]) -> list[Fact]: ...
    def valid_heads_many(self, view: View, keys: Sequence[str]) -> list[Fact]: ...
    def with_dependants(self, fact_ids: Sequence[str]) -> list[str]: ...
    def insert_facts(self, pending: Sequence[tuple[Fact, int]]) -> None: ...
    def invalidate_many(self, changes: Sequence[dict[str, Any]]) -> None: ...
    def changed_since(self, view: View, since: int) -> list[Stamped]: ...

    # what a snapshot reads of one view instead of loading it (store/view_reads.py, and the
    # ranking index kept beside the facts, store/fact_index.py and partial_postings.py)
    def noteworthy_facts(self, view: View) -> list[Stamped]: ...
    def recorded_seqs(self, view: View) -> list[int]: ...
    def live_texts(self, view: View) -> list[tuple[int, str]]: ...
    def newest_constraints(self, view: View, limit: int | None) -> list[Stamped]: ...
    def facts_by_seq(self, view: View, seqs: Sequence[int]) -> list[Stamped]: ...
    def live_facts_by_id(self, view: View, fact_ids: Sequence[str]) -> list[Stamped]: ...
    def ended_facts(
        self, view: View, limit: int | None = None, since: datetime | None = None
    ) -> list[Ended]: ...
    def ended_by_id(self, view: View, fact_ids: Sequence[str]) -> list[Ended]: ...
    def index_documents(self, view: View) -> list[tuple[int, int, int]]: ...
    def index_keys(self, view: View, seqs: Sequence[int]) -> dict[int, int]: ...
    def index_spaces(self, view: View) -> list[tuple[str, str]]: ...
    def index_postings(
        self,
        view: View,
        kind: str,
        values: Sequence[str],
        seqs: Mapping[int, int] | None = None,
        spaces: Collection[tuple[str, str]] | None = None,
    ) -> dict[str, dict[int, int]]: ...
    def index_counts(
        self,
        view: View,
        terms: Sequence[str],
        spaces: Collection[tuple[str, str]] | None = None,
    ) -> dict[str, int]: ...
    def index_tiers(
        self,
        view: View,
        terms: Sequence[str],
        seqs: Mapping[int, int],
        spaces: Collection[tuple[str, str]] | None = None,
    ) -> dict[str, tuple[int, dict[int, int]]]: ...
    def index_shared(
        self,
        view: View,
        pairs: Sequence[tuple[str, str]],
        seqs: Mapping[int, int],
        spaces: Collection[tuple[str, str]] | None = None,
    ) -> dict[tuple[str, str], tuple[list[int], list[int]]]: ...
    def index_both(
        self,
        view: View,
        pairs: Sequence[tuple[str, str]],
        seqs: Mapping[int, int],
        spaces: Collection[tuple[str, str]] | None = None,
    ) -> dict[tuple[str, str], list[int]]: ...
    def asserting(
        self, view: View, terms: Sequence[str], phrase: str
    ) -> Generator[tuple[int, str], None, None]: ...
    def asserting_each(
        self, view: View, phrases: Sequence[tuple[str, Sequence[str]]], each: int
    ) -> dict[str, tuple[list[tuple[int, str]], bool]]: ...

    # working set of a task
    def put_item(self, user: str, task_id: str, item: WorkingSetItem) -> None: ...
    def items(self, user: str, task_id: str) -> list[WorkingSetItem]: ...
    def delete_items(self, user: str, task_id: str, keys: Sequence[str]) -> None: ...
    def append_turn(self, user: str, task_id: str, turn: Turn, keep: int) -> None: ...
    def archive_turn(self, user: str, task_id: str, turn: Turn) -> None: ...
    def redact_turns(self, user: str, phrases: Sequence[str], replacement: str) -> None: ...
    def search_turns(
        self, user: str, terms: Sequence[str], until: datetime, limit: int
    ) -> list[ArchivedTurn]: ...
    def archived_turns(self, user: str, keys: Sequence[tuple[str, int]]) -> list[ArchivedTurn]: ...
    def recent_turns(self, user: str, task_id: str) -> list[Turn]: ...
    def last_turn_index(self, user: str, task_id: str) -> int: ...
    def update_turn(self, user: str, task_id: str, turn: Turn) -> None: ...
    def remove_turn(self, user: str, task_id: str, index: int) -> None: ...
    def clear_turns(self, user: str, task_id: str) -> int: ...
    def clear_task(self, user: str, task_id: str) -> None: ...
    def erase_user(self, user: str, at: datetime) -> Erasure: ...


@runtime_checkable
class DocumentUnit(Protocol):
    """A unit of work that also keeps the organization's documents (store/documents.py).

    It filters by organization only: whether a reader may see a document is asked above
    this level, at query time, for every candidate."""

    def put_document(self, document: DocumentRow, body: str, chunk_texts: Sequence[str]) -> None: ...
    def remove_document(self, doc_id: str) -> bool: ...
    def get_documents(self, doc_ids: Sequence[str]) -> list[DocumentRow]: ...
    def list_documents(self) -> list[DocumentRow]: ...
    def document_text(self, doc_id: str) -> str | None: ...
    def search_chunks(self, terms: Sequence[str], limit: int) -> list[ChunkRow]: ...


@runtime_checkable
class MemoryUnit(Protocol):
    """A unit of work that finds the turns a user's facts were read from (store/memories.py)."""

    def turns_said_at(
        self, user: str, moments: Sequence[tuple[int, datetime]]
    ) -> list[ArchivedTurn]: ...


@runtime_checkable
class LessonUnit(Protocol):
    """A unit of work that also keeps capability memory (store/lessons.py): every call
    names the capability, inside the unit's organization."""

    def next_lesson_seq(self, capability: str) -> int: ...
    def put_lesson(self, lesson: LessonRow) -> None: ...
    def lesson_rows(self, capability: str, live_only: bool = True) -> list[LessonRow]: ...
    def end_lessons(self, capability: str, ends: Sequence[LessonEnd]) -> int: ...


class Store(Protocol):
    """A database that holds statekeeper's state."""

    dialect: str

    def write(self, org: str) -> AbstractContextManager[UnitOfWork]:
        """A transaction that serializes with other writers of the same store; inside a
        write open on this thread, a savepoint of it (CrossOrganizationError for another
        organization's)."""
        ...

    def read(self, org: str) -> AbstractContextManager[UnitOfWork]:
        """A read of committed rows; inside a write open on this thread, a read through it."""
        ...

    def after_commit(self, hook: Callable[[], None]) -> None:
        """Run `hook` once the write open on this thread commits; at once if none is."""
        ...

    def erase_user(self, org: str, user: str, at: datetime) -> Erasure:
        """Delete everything of one user, leaving a log entry with no personal data."""
        ...

    def close(self) -> None: ...


@runtime_checkable
class EmbeddingStore(Protocol):
    """A store that also keeps fact and turn embeddings and finds those nearest a vector.

    Each call is its own transaction inside one organization, like a unit of work."""

    def attach_embeddings(self, dimensions: int) -> None:
        """Make room for vectors of `dimensions`, or raise EmbeddingsUnavailableError."""
        ...

    def missing_embeddings(self, org: str, model: str, limit: int) -> list[Fact]: ...

    def put_embeddings(
        self, org: str, model: str, vectors: Mapping[str, Sequence[float]]
    ) -> None: ...

    def similar_facts(
        self, view: View, model: str, query: Sequence[float], limit: int
    ) -> list[str]: ...

    def missing_turn_embeddings(self, org: str, model: str, limit: int) -> list[SaidTurn]: ...

    def put_turn_embeddings(
        self, org: str, model: str, vectors: Sequence[tuple[SaidTurn, Sequence[float]]]
    ) -> None: ...

    def similar_turns(
        self, view: View, model: str, query: Sequence[float], until: datetime, limit: int
    ) -> list[tuple[str, int]]: ...


def chunks(items: Sequence[T], size: int = 500) -> Iterator[Sequence[T]]:
    """Split long lists so statements stay within every backend's parameter limits."""
    for start in range(0, len(items), size):
        yield items[start : start + size]
