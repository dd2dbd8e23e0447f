"""The facade: an engine over one store, and a session per principal.

engine = Engine.open("state.db")
with engine.session(Principal(org="acme", user="alice", authority="manager")) as s:
    s.write("address", "123 Main St")
    s.write("address", "456 Oak Ave", supersedes="address")
    print(s.context("Where should we ship the order?", budget=8000).text)
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import TracebackType
from typing import Annotated, Any

from pydantic import ConfigDict, InstanceOf, JsonValue

from statekeeper.access import Access, AuthorityLadder
from statekeeper.arguments import (
    Arguments,
    ItemArguments,
    ObserveArguments,
    TurnArguments,
    WriteArguments,
)
from statekeeper.capability import ConsolidationReport, Lesson, Maturity
from statekeeper.context.assemble import Layers, assemble
from statekeeper.context.gather import Where, cleaner, gather, in_scope
from statekeeper.context.hygiene import identifying_parts
from statekeeper.context.snapshot import Snapshot, Snapshots
from statekeeper.context.tokens import Tokenizer, default_tokenizer
from statekeeper.conversation.apply import apply
from statekeeper.conversation.candidates import from_candidates
from statekeeper.conversation.links import duplicates, links, may_link
from statekeeper.conversation.reading import read_turn
from statekeeper.conversation.readings.published import published
from statekeeper.conversation.readings.read_back import read_back
from statekeeper.conversation.readings.restricted import acknowledged
from statekeeper.conversation.scopes import after_hold, turn_scope
from statekeeper.embedding import Embedder
from statekeeper.errors import (
    AuthorityError,
    ClaimedAuthorityError,
    EmbeddingsUnavailableError,
    InvalidInputError,
    PrincipalError,
    UnknownFactError,
)
from statekeeper.facts.chain import WriteResult, commit_fact, new_fact_id
from statekeeper.facts.classify import classify_memory, detect_constraint
from statekeeper.facts.scope import infer_scope
from statekeeper.horizons import workspace_section
from statekeeper.knowledge import Document, PermissionChecker
from statekeeper.knowledge.access import Reader
from statekeeper.knowledge.meaning import ChunkVectors, QueryVector
from statekeeper.memory import Memory
from statekeeper.model import (
    ACT_FOR_OTHERS,
    ConstraintType,
    Context,
    Environment,
    Fact,
    MemoryType,
    Principal,
    Scope,
    Source,
    SourceType,
    Turn,
    WorkingSetItem,
    value_text,
)
from statekeeper.nlu.extract import Candidate, Extractor
from statekeeper.nlu.interpret import held
from statekeeper.similarity import Nearest, Similarity
from statekeeper.store import Store, open_store
from statekeeper.store.base import DocumentUnit, Erasure, SaidTurn, UnitOfWork, View
from statekeeper.store.buffered import BufferedUnitOfWork
from statekeeper.text.numbers import Numbers
from statekeeper.validation import Count, Id, Name, Text, check, having

Clock = Callable[[], datetime]
# The words of a turn or a new fact that find the facts it may be about: its rarest.
RELATED_TERMS = 5
EnvironmentProvider = Callable[[datetime], Environment]
FORGOTTEN = "[forgotten]"
WITHDRAWN = "turn withdrawn"  # why a fact from a turn taken back with pop_turn ended
RECALL_TURN_TOKENS = 20  # a short turn's tokens, to size the transcript search
RECALL_MAX = 400
KNOWLEDGE_CHUNK_TOKENS = 150  # about a chunk's tokens, to size the document search
KNOWLEDGE_MIN = 5
KNOWLEDGE_MAX = 100


def system_clock() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def as_utc(moment: datetime) -> datetime:
    """Stored times are naive UTC; aware times are converted, naive ones taken as UTC."""
    if not isinstance(moment, datetime):
        raise InvalidInputError("timestamp", moment, "must be a datetime")
    if moment.tzinfo is not None:
        return moment.astimezone(UTC).replace(tzinfo=None)
    return moment


@dataclass
class Settings:
    """Per-deployment tuning; the defaults follow the specification."""

    budget: int = 8000
    fact_share: float = 0.7
    show_metadata: bool = True
    recent_turns: int = 8
    extract: bool = True  # statements about new subjects in conversation become facts
    # The most of a context's budget past turns recalled from the transcript may take,
    # from what facts and the working set leave; 0 turns recall off.
    recall_share: float = 1.0
    # The most of a context's budget chunks of organizational documents may take, from what
    # facts and the working set leave (before recalled turns); 0 leaves documents out.
    knowledge_share: float = 0.3
    # The most of a context's budget a capability's lessons may take, from what facts and
    # the working set leave (before documents and recalled turns); 0 leaves them out.
    capability_share: float = 0.2

    def __post_init__(self) -> None:
        if not 0.0 <= self.capability_share <= 1.0:
            raise InvalidInputError("capability_share", self.capability_share, "must be in [0, 1]")
        if not 0.0 <= self.knowledge_share <= 1.0:
            raise InvalidInputError("knowledge_share", self.knowledge_share, "must be in [0, 1]")
        if not 0.0 < self.fact_share <= 1.0:
            raise InvalidInputError("fact_share", self.fact_share, "must be in (0, 1]")
        if not 0.0 <= self.recall_share <= 1.0:
            raise InvalidInputError("recall_share", self.recall_share, "must be in [0, 1]")
        if not 1 <= self.recent_turns <= 50:
            raise InvalidInputError("recent_turns", self.recent_turns, "must be 1 to 50")


class OpenArguments(Arguments):
    """`Engine.open`'s parts, each checked for what the engine will call on it."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    clock: Callable[[], datetime]
    tokenizer: Annotated[object, having("count", "truncate")] | None = None
    ladder: InstanceOf[AuthorityLadder] | None = None
    settings: InstanceOf[Settings] | None = None
    environment_provider: Callable[[datetime], Environment] | None = None
    extractor: Annotated[object, having("extract")] | None = None
    permissions: Callable[..., Any] | None = None


@dataclass
class Engine:
    store: Store
    clock: Clock = system_clock
    tokenizer: Tokenizer = field(default_factory=default_tokenizer)
    access: Access = field(default_factory=Access)
    settings: Settings = field(default_factory=Settings)
    environment_provider: EnvironmentProvider | None = None
    extractor: Extractor | None = None  # None: the deterministic rules read conversation
    snapshots: Snapshots = field(default_factory=Snapshots)  # facts kept between reads
    similarity: Similarity | None = None  # facts found by meaning, with an embedder
    documents_by_meaning: ChunkVectors | None = None  # document chunks, with an embedder
    # Who may read an organization's document, asked at query time for every candidate of
    # every context and never cached; None: each document's own access list decides.
    permissions: PermissionChecker | None = None

    @classmethod
    def open(
        cls,
        target: str | Path = "statekeeper.db",
        *,
        clock: Clock = system_clock,
        tokenizer: Tokenizer | None = None,
        ladder: AuthorityLadder | None = None,
        settings: Settings | None = None,
        environment_provider: EnvironmentProvider | None = None,
        extractor: Extractor | None = None,
        embedder: Embedder | None = None,
        synchronous: str = "NORMAL",
        permissions: PermissionChecker | None = None,
    ) -> Engine:
        """Open (and create or migrate) a store by path or URL. With an `embedder`,
        contexts also take the document chunks nearest the query in meaning, and on
        PostgreSQL with pgvector the nearest facts and past turns. `synchronous="FULL"`
        makes a SQLite store sync every commit to disk, so a power cut loses nothing; the
        default, NORMAL, loses nothing when the process dies and costs a fraction per
        write. `permissions`, a callable
        `(principal, document) -> bool`, decides who may read the organization's documents,
        asked at query time for every candidate document of every context; without it,
        each document's own `acl` decides."""
        OpenArguments.check(
            {
                "clock": clock,
                "tokenizer": tokenizer,
                "ladder": ladder,
                "settings": settings,
                "environment_provider": environment_provider,
                "extractor": extractor,
                "permissions": permissions,
            }
        )
        store = open_store(target, synchronous)
        try:
            similarity = (
                Similarity.attach(store, embedder)
                if embedder is not None and store.dialect != "sqlite"
                else None
            )
            by_meaning = ChunkVectors.attach(store, embedder) if embedder is not None else None
        except BaseException:
            store.close()
            raise
        return cls(
            store=store,
            clock=clock,
            tokenizer=tokenizer or default_tokenizer(),
            access=Access(ladder or AuthorityLadder()),
            settings=settings or Settings(),
            environment_provider=environment_provider,
            extractor=extractor,
            similarity=similarity,
            documents_by_meaning=by_meaning,
            permissions=permissions,
        )

    def session(
        self,
        principal: Principal,
        *,
        task_id: str = "default",
        scope_id: str | None = None,
        capability: str | None = None,
        maturity: str | None = None,
    ) -> Session:
        """A session of one principal in one task. `capability` names the capability the
        agent works in (the principal's own, if it names one), and `maturity` the agent's
        maturity in it: "junior" (the default), "senior" or "master"; it gates which
        lessons the session may write (`Session.learn`)."""
        from statekeeper.capability.session import session_capability

        if not isinstance(principal, Principal):
            raise PrincipalError("principal", principal, "must be a Principal")
        self.access.ladder.rank(principal.authority)  # unknown authorities fail here
        task_id = check(Name, task_id, "task_id")
        if scope_id is not None:
            scope_id = check(Name, scope_id, "scope_id")
        principal, grade = session_capability(principal, capability, maturity)
        return Session(self, principal, Where(task_id, scope_id), grade)

    def consolidate(
        self,
        *,
        org: str,
        capability: str,
        llm: Any = None,
        similarity: float | None = None,
        min_cluster: int | None = None,
    ) -> ConsolidationReport:
        """Consolidate one capability's memory in one organization: cluster similar events
        (by the engine's text features, or embeddings with an embedder), abstract each
        cluster of at least `min_cluster` events whose average cosine similarity is at
        least `similarity` into a heuristic (by a plain template, or by `llm`, any client
        with `complete(system, prompt)`), and retire duplicated and low-quality entries.
        What it retires stays in history, pointing to what it became. Idempotent."""
        from statekeeper.capability.session import consolidate

        return consolidate(self, org, capability, llm, similarity, min_cluster)

    def now(self) -> datetime:
        return as_utc(self.clock())

    def environment(self) -> Environment:
        now = self.now()
        if self.environment_provider is not None:
            return self.environment_provider(now)
        return Environment(current_time=now)

    def erase_user(self, org: str, user: str) -> Erasure:
        """Erase a user of an organization: their own facts (with links, tombstones and
        embeddings), turns, transcript and its index, working items, profile and
        workspaces. Facts they wrote into shared organizational memory stay: they are the
        organization's. What is left is one log entry with no personal data."""
        who = Principal(org=org, user=user)  # PrincipalError names what is wrong
        done = self.store.erase_user(who.org, who.user, self.now())
        self.snapshots.clear()  # other processes' engines notice through the erasure log
        return done

    def close(self) -> None:
        """Close the store's connections; a closed engine keeps no facts in memory."""
        self.snapshots.clear()
        self.store.close()

    def __enter__(self) -> Engine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class Session:
    """Every read and write of one principal, in one task (and optionally one scope)."""

    def __init__(
        self,
        engine: Engine,
        principal: Principal,
        where: Where,
        maturity: Maturity | None = None,
    ) -> None:
        self.engine = engine
        self.principal = principal
        self.where = where
        self.maturity = maturity  # in the principal's capability, when it names one
        self.view = View(principal.org, principal.user, principal.capability)
        # What a write says of its provenance when the caller says nothing.
        self._own_source = Source(authority=principal.authority, speaker=principal.user)

    def __enter__(self) -> Session:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        return None

    # -- writes -------------------------------------------------------------------------

    def write(
        self,
        key: str,
        value: JsonValue,
        *,
        supersedes: str | None = None,
        id: str | None = None,
        source: Source | None = None,
        timestamp: datetime | None = None,
        scope: Scope | str | None = None,
        scope_id: str | None = None,
        depends_on: Iterable[str] = (),
        memory_type: MemoryType | str | None = None,
        is_constraint: bool | None = None,
        constraint_type: ConstraintType | str | None = None,
        required_authority: str | None = None,
        required_permissions: Iterable[str] = (),
        expires_at: datetime | None = None,
        ttl: timedelta | None = None,
        entity: str | None = None,
        slot: str | None = None,
        implicit: bool = True,
        overrule: bool = False,
        detect: bool = False,
    ) -> Fact:
        """Write a fact. `supersedes` names a fact id or a key (its current head).

        Without `supersedes`, a new value for a key that already has a live head in the
        same scope replaces it (pass `implicit=False` to keep both). A lower authority may
        not replace a higher one's fact: that raises AuthorityError, or with `overrule` the
        new fact is kept as overruled history. With `detect`, the new fact is linked to the
        facts it revises, overrules or refreshes (supersession rules 3 and 4)."""
        result = self._write({name: value for name, value in locals().items() if name != "self"})
        self._embed([result.fact] if result.created else [])
        fact = result.fact
        if not result.created:
            return fact
        look = fact.is_valid and fact.scope == Scope.GLOBAL
        if look and not result.superseded:
            look, settled = self._recorded_or_settled(fact.id, detect and not may_link(fact))
            if settled is not None:
                return settled
        if look:
            retired = duplicates(
                _StateOf(self),
                fact,
                result.superseded,
                lambda wanted: self._others_hold(fact.id, wanted),
            )
            apply(self, retired)
        if detect:
            apply(self, links(_StateOf(self), fact))
            return self.get(fact.id)
        return fact

    def _recorded_or_settled(self, fact_id: str, settle: bool) -> tuple[bool, Fact | None]:
        """Whether a fact recorded from conversation is live (without one, a write that
        supersedes nothing has no duplicate to retire, and need not look for any); and with
        `settle`, when none is and the write can link nothing, the fact as `get` reads it
        back, from the same read: the common single write pays one read, not two."""
        now = self.engine.now()
        with (
            self.engine.store.read(self.principal.org) as uow,
            self.engine.snapshots.synced(self.view, uow) as snapshot,
        ):
            if snapshot.holds_recorded() or not settle:
                return snapshot.holds_recorded(), None
            due, stale = self._due(uow, now)
            if not due and not stale:
                return False, self._as_seen(uow, self._visible_fact(uow, fact_id))
        self._expire(due, stale, now)  # as `get` would, before reading
        return False, self.get(fact_id)

    def _others_hold(self, fact_id: str, wanted: set[Numbers]) -> bool:
        """Whether a live fact other than this one holds one of these sets of numbers."""
        with (
            self.engine.store.read(self.principal.org) as uow,
            self.engine.snapshots.synced(self.view, uow) as snapshot,
        ):
            return snapshot.others_holding(wanted, fact_id) > 0

    def supersede(
        self, target: str, value: JsonValue, *, key: str | None = None, **options: Any
    ) -> Fact:
        """Replace the fact `target` (id or key) with a new value, under `key` or the same key."""
        target = check(Name, target, "target")
        unknown = options.keys() - _WRITE_DEFAULTS.keys() | options.keys() & {"supersedes"}
        if unknown:
            raise InvalidInputError("options", sorted(unknown), "are not write() arguments")
        with self.engine.store.read(self.principal.org) as uow:
            current = uow.get_fact(target)
            if current is None:
                heads = uow.valid_heads(self.view, target)
                current = heads[0] if heads else None
        if current is None:
            raise UnknownFactError(target)
        return self.write(key or current.key, value, supersedes=target, **options)

    def write_many(self, items: Iterable[Mapping[str, Any]]) -> list[Fact]:
        """Write many facts in one transaction: all of them or, on any bad item, none.

        Each item takes `write()`'s keyword arguments (`key` and `value` at least). Items
        supersede earlier ones in the same batch as they would one by one. Meant for bulk
        loads: it runs no conversation detection and no duplicate retirement."""
        if isinstance(items, (str, bytes, Mapping)) or not isinstance(items, Iterable):
            raise InvalidInputError("items", items, "must be an iterable of mappings")
        batch = [self._arguments(n, item) for n, item in enumerate(items)]
        refs = [r for a in batch for r in (a["supersedes"], a["id"], *_listed(a["depends_on"]))]
        with self.engine.store.write(self.principal.org) as inner:
            now = self.engine.now()
            refs += self._expected_ids(batch, inner.next_seq(), now)
            uow = BufferedUnitOfWork(
                inner, self.view, _names(a["key"] for a in batch), _names(refs)
            )
            written = [self._commit(uow, args, now).fact for args in batch]
            uow.flush()
        self._embed(written)
        return written

    def _embed(self, written: Sequence[Fact]) -> None:
        """Embed committed facts, if the engine has an embedder; a failure costs no fact."""
        similarity = self.engine.similarity
        if similarity is not None:
            org = self.principal.org
            self.engine.store.after_commit(lambda: similarity.after_write(org, written))

    def backfill_embeddings(self) -> int:
        """Embed every live fact and document chunk of this organization that has no
        embedding yet (those written while the embedder was down, or before it was
        attached); how many. Unlike the embedding after a write, this raises what goes
        wrong."""
        similarity, by_meaning = self.engine.similarity, self.engine.documents_by_meaning
        if similarity is None and by_meaning is None:
            raise EmbeddingsUnavailableError(
                "an embedder", "open the engine with Engine.open(..., embedder=...)"
            )
        done = 0 if similarity is None else similarity.backfill(self.principal.org)
        return done + (0 if by_meaning is None else by_meaning.backfill(self.principal.org))

    def _check_claim(self, authority: str | None) -> None:
        """A write or a turn may name the authority it speaks with, but not one above the
        principal's own, unless the principal acts for others (an importer, a chat bridge:
        the permission ACT_FOR_OTHERS); otherwise a guest could write as a board."""
        if authority is None or ACT_FOR_OTHERS in self.principal.permissions:
            return
        ladder = self.engine.access.ladder
        own = ladder.rank(self.principal.authority)
        if ladder.rank_or(authority, own) > own:
            raise ClaimedAuthorityError(self.principal.authority, authority, ACT_FOR_OTHERS)

    def _expected_ids(
        self, batch: Sequence[Mapping[str, Any]], seq: int, now: datetime
    ) -> list[str]:
        """The ids the batch's facts get if each inserts one row in turn, so their absence
        is checked in one query; a guess that misses costs one lookup, nothing else."""
        guesses = []
        for offset, args in enumerate(batch):
            key, stamp = args["key"], args["timestamp"]
            if isinstance(key, str) and (stamp is None or isinstance(stamp, datetime)):
                moment = now if stamp is None else as_utc(stamp)
                guesses.append(new_fact_id(self.view, key.strip(), moment, seq + offset))
        return guesses

    def _arguments(self, position: int, item: Any) -> dict[str, Any]:
        if not isinstance(item, Mapping):
            raise InvalidInputError(
                f"items[{position}]", item, "must be a mapping of write() arguments"
            )
        unknown = item.keys() - _BULK_ARGUMENTS
        if unknown or "key" not in item or "value" not in item:
            raise InvalidInputError(
                f"items[{position}]",
                sorted(unknown) or item,
                "needs key and value, and only write() arguments",
            )
        args = {**_WRITE_DEFAULTS, **item}
        if args["timestamp"] is not None:
            self._validated(args, as_utc(args["timestamp"]))
        return args

    def _write(self, args: Mapping[str, Any]) -> WriteResult:
        fields = None
        if args["timestamp"] is not None:  # reject bad input before locking
            fields = self._validated(args, as_utc(args["timestamp"]))
        with self.engine.store.write(self.principal.org) as uow:
            # "now" is read under the write lock, so concurrent writers are stamped in the
            # order they commit and none is mistaken for an older value (Rule 4).
            return self._commit(uow, args, self.engine.now(), fields)

    def _commit(
        self,
        uow: UnitOfWork,
        args: Mapping[str, Any],
        now: datetime,
        fields: dict[str, Any] | None = None,
    ) -> WriteResult:
        """Write one fact; `fields` are its validated fields when the caller has them
        already (a write stamped by its caller is validated before the lock)."""
        writer = (
            args["source"].authority if isinstance(args["source"], Source) else None
        ) or self.principal.authority
        timestamp = as_utc(args["timestamp"]) if args["timestamp"] is not None else now
        draft_fields = self._validated(args, timestamp) if fields is None else fields
        seq = uow.next_seq()
        fact_id = args["id"] or new_fact_id(self.view, draft_fields["key"], timestamp, seq)
        draft = Fact(id=fact_id, **draft_fields)
        # An invisible fact is, to this principal, unknown (a self-reference is a cycle,
        # which commit_fact reports).
        for ref in [*draft.depends_on, args["supersedes"]]:
            if ref is not None and ref != draft.id:
                self._visible_fact(uow, ref)
        return commit_fact(
            uow,
            self.view,
            draft,
            supersedes=args["supersedes"],
            writer_authority=writer,
            access=self.engine.access,
            implicit=args["implicit"],
            overrule=args["overrule"],
            seq=seq,
        )

    def _validated(self, args: Mapping[str, Any], timestamp: datetime) -> dict[str, Any]:
        a: WriteArguments = WriteArguments.check(args)
        if (
            a.required_authority is not None
            and self.engine.access.ladder.rung(a.required_authority) is None
        ):
            raise InvalidInputError(
                "required_authority",
                a.required_authority,
                f"not on the ladder {list(self.engine.access.ladder.rungs)}",
            )
        source = a.source or self._own_source
        self._check_claim(source.authority)
        text = value_text(a.value)
        scope = a.scope or infer_scope(text)
        scope_id = a.scope_id
        if scope in (Scope.HYPOTHETICAL, Scope.DRAFT) and scope_id is None:
            scope_id = self.where.scope_id or f"{self.where.task_id}:{scope.value}"
        if scope == Scope.TASK and scope_id is None:
            scope_id = self.where.task_id
        memory_type = a.memory_type or classify_memory(source)
        constraint_type = a.constraint_type
        if constraint_type is None and a.is_constraint is not False:
            constraint_type = detect_constraint(a.key, text)
        is_constraint = (
            a.is_constraint if a.is_constraint is not None else constraint_type is not None
        )
        expires_at = as_utc(a.expires_at) if a.expires_at is not None else None
        if a.ttl is not None:
            expires_at = timestamp + a.ttl
        shared = memory_type != MemoryType.USER
        fields = {
            "key": a.key,
            "value": a.value,
            "source": source,
            "timestamp": timestamp,
            "memory_type": memory_type,
            "scope": scope,
            "scope_id": scope_id,
            "depends_on": a.depends_on,
            "is_constraint": bool(is_constraint),
            "constraint_type": constraint_type if is_constraint else None,
            "org": self.principal.org,
            "user": "" if shared else self.principal.user,
            "capability": self.principal.capability if memory_type == MemoryType.CAPABILITY else "",
            "required_authority": a.required_authority,
            "expires_at": expires_at,
            "entity": a.entity,
            "slot": a.slot,
        }
        permissions = a.required_permissions
        if permissions:  # otherwise the model's shared empty set: one object less a fact
            fields["required_permissions"] = permissions
        return fields

    def forget(self, ref: str) -> None:
        """Remove a fact's content at the user's explicit request, leaving an audit tombstone."""
        with self.engine.store.write(self.principal.org) as uow:
            fact = self._visible_fact(uow, ref)
            if fact.forgotten:
                raise UnknownFactError(ref)
            uow.forget(fact.id, by=self.principal.user, at=self.engine.now())
            parts = [fact.text, *identifying_parts(fact.text)]  # "6789" of "SSN ...: 6789"
            uow.redact_turns(self.principal.user, parts, FORGOTTEN)
        similarity = self.engine.similarity
        if similarity is not None:  # redacted turns lost their vectors
            org = self.principal.org
            self.engine.store.after_commit(lambda: similarity.redacted(org))

    # -- the user's memory ----------------------------------------------------------------

    def memories(self) -> list[Memory]:
        """The live facts the engine holds about this session's user, newest first, each
        with where it came from: read from one of their turns (with the turn, as the
        transcript keeps it), promoted from one of their tasks, or written by the
        application. Only the user's own memory: nothing shared, nothing of another user."""
        from statekeeper.memory import own_memory, with_provenance

        self.reconcile()  # what has expired is not held any more
        with self.engine.store.read(self.principal.org) as uow:
            held = [
                f
                for f in uow.valid_facts(self.view, edges=True)
                if own_memory(f, self.principal) and self.engine.access.can_read(self.principal, f)
            ]
            return with_provenance(uow, self.principal.user, held)

    def delete_memory(self, fact_id: str) -> None:
        """Delete one of this user's memories, by fact id, as `forget` does: its content
        leaves the facts, every turn that carried it and the recall index, and an audit
        tombstone stays. UnknownFactError for a fact that is not this user's own memory
        (shared knowledge, another user's memory) or is already deleted."""
        from statekeeper.memory import own_memory

        fact_id = check(Id, fact_id, "fact_id")
        with self.engine.store.read(self.principal.org) as uow:
            fact = uow.get_fact(fact_id)
        if (
            fact is None
            or not own_memory(fact, self.principal)
            or not self.engine.access.can_read(self.principal, fact)
        ):
            raise UnknownFactError(fact_id)
        self.forget(fact.id)

    # -- reads --------------------------------------------------------------------------

    def get(self, ref: str) -> Fact:
        """A fact by id, or the current head of a key."""
        with self._reconciled() as uow:  # what has expired is not current, whoever asks
            return self._as_seen(uow, self._visible_fact(uow, ref))

    def current_value(self, ref: str) -> JsonValue | None:
        """Follow the supersession chain from a fact id or key to its live value. A chain
        that leads to a fact this principal may not read ends, to them, in an unknown fact:
        the value of a restricted successor never comes back."""
        with self._reconciled() as uow:  # what has expired is not current, whoever asks
            fact: Fact | None = self._visible_fact(uow, ref)
            seen: set[str] = set()
            while (
                fact is not None
                and not fact.is_valid
                and fact.superseded_by
                and fact.id not in seen
            ):
                seen.add(fact.id)
                fact = uow.get_fact(fact.superseded_by)
                if fact is not None and not self.engine.access.can_read(self.principal, fact):
                    raise UnknownFactError(ref)
            return fact.value if fact is not None and fact.is_valid else None

    def _as_seen(self, uow: UnitOfWork, fact: Fact) -> Fact:
        """A fact as this principal may see it: a successor they may not read is not named,
        nor why it won (its id and reason would confirm a hidden fact exists)."""
        if fact.superseded_by is None:
            return fact
        successor = uow.get_fact(fact.superseded_by)
        if successor is not None and self.engine.access.can_read(self.principal, successor):
            return fact
        return fact.model_copy(update={"superseded_by": None, "invalid_reason": "superseded"})

    def is_current(self, ref: str) -> bool:
        try:
            return self.get(ref).is_valid
        except UnknownFactError:
            return False

    def facts(self) -> list[Fact]:
        """Live facts this principal may read in this session's scope, newest first."""
        self.reconcile()  # what has expired is not current, whoever asks
        with self.engine.store.read(self.principal.org) as uow:
            facts = uow.valid_facts(self.view, edges=True)
            return [
                f
                for f in facts
                if self.engine.access.can_read(self.principal, f) and in_scope(f, self.where)
            ]

    def history(self, key: str) -> list[Fact]:
        """Every version of a key this principal may see, oldest first: the audit trail,
        dead values included. A listing, so what is unknown or hidden lists nothing (a read
        of one value, `get` or `current_value`, raises UnknownFactError instead)."""
        key = check(Name, key, "key")
        with self.engine.store.read(self.principal.org) as uow:
            return [
                self._as_seen(uow, f)
                for f in uow.history(self.view, key)
                if self.engine.access.can_read(self.principal, f)
            ]

    def _visible_fact(self, uow: UnitOfWork, ref: str) -> Fact:
        ref = check(Name, ref, "fact reference")
        fact = uow.get_fact(ref)
        if fact is None:
            # A key: its live head in this session's scope, global first; with no live head,
            # its latest version, from which the supersession chain can be followed.
            heads = [f for f in uow.valid_heads(self.view, ref) if in_scope(f, self.where)]
            heads.sort(key=lambda f: (f.scope == Scope.GLOBAL, f.timestamp))
            fact = heads[-1] if heads else None
            if fact is None:
                versions = [
                    f
                    for f in uow.history(self.view, ref)
                    if in_scope(f, self.where) and not f.forgotten
                ]
                fact = versions[-1] if versions else None
        if fact is None or not self.engine.access.can_read(self.principal, fact):
            raise UnknownFactError(ref)
        return fact

    # -- working set and turns ----------------------------------------------------------

    def remember(
        self, key: str, value: JsonValue, *, ttl: timedelta | None = None
    ) -> WorkingSetItem:
        """Put a scratch item in this task's working set, optionally with a time to live."""
        a: ItemArguments = ItemArguments.check({"key": key, "value": value, "ttl": ttl})
        now = self.engine.now()
        item = WorkingSetItem(
            key=a.key, value=a.value, created_at=now, expires_at=now + a.ttl if a.ttl else None
        )
        with self.engine.store.write(self.principal.org) as uow:
            uow.put_item(self.principal.user, self.where.task_id, item)
        return item

    def add_turn(
        self,
        speaker: str,
        text: str,
        *,
        timestamp: datetime | None = None,
        authority: str | None = None,
        scope: Scope = Scope.GLOBAL,
        scope_id: str | None = None,
        fact_ids: Iterable[str] = (),
    ) -> Turn:
        """Record a turn in the working set (the most recent few are kept as state).
        `fact_ids` names the facts written from what the turn says: taking the turn back
        (`pop_turn`) retires them with it."""
        a: TurnArguments = TurnArguments.check(
            {
                "speaker": speaker,
                "text": text,
                "timestamp": timestamp,
                "authority": authority,
                "scope": scope,
                "scope_id": scope_id,
                "fact_ids": fact_ids,
            }
        )
        if a.authority is not None:
            self._check_claim(a.authority)
        moment = as_utc(a.timestamp) if a.timestamp is not None else self.engine.now()
        with self.engine.store.write(self.principal.org) as uow:
            index = uow.last_turn_index(self.principal.user, self.where.task_id) + 1
            turn = Turn(
                index=index,
                speaker=a.speaker,
                text=a.text,
                timestamp=moment,
                authority=a.authority,
                scope=a.scope,
                scope_id=a.scope_id,
                fact_ids=a.fact_ids,
            )
            uow.append_turn(
                self.principal.user, self.where.task_id, turn, self.engine.settings.recent_turns
            )
            uow.archive_turn(self.principal.user, self.where.task_id, turn)
        similarity = self.engine.similarity
        if similarity is not None:
            said = SaidTurn(self.principal.user, self.where.task_id, index, text)
            org = self.principal.org
            self.engine.store.after_commit(lambda: similarity.after_write(org, [], [said]))
        return turn

    def observe(
        self,
        speaker: str,
        text: str,
        *,
        timestamp: datetime | None = None,
        authority: str | None = None,
        assistant: bool = False,
        interpret: bool = True,
    ) -> Turn:
        """Take in one conversation turn: it joins the recent turns, and what it states or
        corrects becomes state (unless `interpret` is off because the caller writes the
        turn's content itself)."""
        ObserveArguments.check(
            {
                "speaker": speaker,
                "text": text,
                "timestamp": timestamp,
                "authority": authority,
                "assistant": assistant,
                "interpret": interpret,
            }
        )
        if authority is not None:
            self._check_claim(authority)
        moment = as_utc(timestamp) if timestamp is not None else self.engine.now()
        extractor = self.engine.extractor if interpret and not assistant else None
        # A plugged-in extractor is asked first, before any lock is taken: when it fails,
        # the turn is not stored, and a slow one holds up no other writer.
        proposed = (
            extractor.extract(text, speaker=speaker, known=self.related_facts(text))
            if extractor is not None
            else None
        )
        # One unit of work: the turn, every batch of what it states and the links between
        # them are stored together or, if any step fails, not at all. The reads inside it
        # see what the steps before them wrote.
        with self.engine.store.write(self.principal.org):
            return self._observed(
                speaker,
                text,
                moment,
                authority,
                interpret and not assistant,
                proposed,
                public=interpret and assistant,
            )

    def _observed(
        self,
        speaker: str,
        text: str,
        moment: datetime,
        authority: str | None,
        interpret: bool,
        proposed: Sequence[Candidate] | None,
        public: bool = False,
    ) -> Turn:
        """Store a turn and what it states, inside the unit of work `observe` opened. An
        assistant's turn (`public`) states nothing, but a line of it said for anyone makes
        public what it repeats of a note kept for us only."""
        with self.engine.store.read(self.principal.org) as uow:
            earlier = uow.recent_turns(self.principal.user, self.where.task_id)
            index = uow.last_turn_index(self.principal.user, self.where.task_id) + 1
            since = uow.revision()
        # a hold before a name or a value of a live fact pauses the same matter
        live = (
            [f.text for f in self.related_facts(text)]
            if held(text) is not None or after_hold(earlier)
            else []
        )
        scope, scope_id = turn_scope(
            text, earlier[-1] if earlier else None, index, self.where.task_id, moment, earlier,
            live,
        )  # fmt: skip
        turn = self.add_turn(
            speaker, text, timestamp=moment, authority=authority, scope=scope, scope_id=scope_id
        )
        if proposed is not None:
            # A proposal the engine's rules refuse is skipped alone: its write's savepoint
            # rolls back, the rest of the turn stands.
            apply(self, from_candidates(_StateOf(self), turn, proposed), lenient=True)
        elif interpret and self.engine.extractor is None:
            # Each batch is applied before the next is read: it reads what the last changed.
            for decisions in read_turn(_StateOf(self), turn, earlier):
                apply(self, decisions)
        elif public and self.engine.extractor is None:
            state = _StateOf(self)
            apply(
                self,
                published(state, turn)
                + read_back(state, turn, earlier)
                + acknowledged(state, turn, earlier),
            )
        return self._link(turn, since) if interpret or public else turn

    def _link(self, turn: Turn, since: int) -> Turn:
        """Name on a turn the live facts observing it wrote (those written since revision
        `since` whose source is the turn), so that taking it back finds exactly them, and
        no fact another task's turn of the same number and moment gave."""
        with self.engine.store.read(self.principal.org) as uow:
            changed = uow.changed_since(self.view, since)
        gave = tuple(
            s.fact.id
            for s in sorted(changed, key=lambda s: s.seq)
            if s.fact.is_valid
            and s.fact.source.type == SourceType.CONVERSATION
            and s.fact.source.turn_index == turn.index
            and s.fact.source.speaker == turn.speaker
            and s.fact.timestamp == turn.timestamp
        )
        if not gave:
            return turn
        linked = turn.model_copy(update={"fact_ids": tuple(dict.fromkeys(turn.fact_ids + gave))})
        with self.engine.store.write(self.principal.org) as uow:
            uow.update_turn(self.principal.user, self.where.task_id, linked)
        return linked

    def recent_turns(self) -> list[Turn]:
        """This task's recent turns, oldest first: the conversation the working set holds
        (`Settings.recent_turns` of them at most), as said."""
        with self.engine.store.read(self.principal.org) as uow:
            return uow.recent_turns(self.principal.user, self.where.task_id)

    def pop_turn(self) -> Turn | None:
        """Take back this task's latest turn, as if it had not been said (an agent framework
        undoing a message): None when the task has no recent turn. The turn leaves the
        recent turns, the transcript and the recall index, its embedding with it. The live
        facts observing it wrote, and those it was recorded with (`fact_ids`), are retired
        as "turn withdrawn"; a value one of them had replaced is current again as a new
        version of it, so history keeps every step and nothing is edited in place. The
        turn that left the recent turns when this one came stays in the transcript."""
        restored: list[Fact] = []
        with self.engine.store.write(self.principal.org) as uow:
            turns = uow.recent_turns(self.principal.user, self.where.task_id)
            if not turns:
                return None
            turn = turns[-1]
            said = self._written_from(uow, turn)
            with self.engine.snapshots.synced(self.view, uow) as snapshot:
                replaced = self._replaced_by(uow, snapshot, said, turn)
            access = self.engine.access
            for fact in said:
                if not (
                    ACT_FOR_OTHERS in self.principal.permissions
                    or access.can_supersede(self.principal.authority, fact, strict=False)
                ):
                    raise AuthorityError(
                        self.principal.authority, fact.source.authority or "", fact.id
                    )
            uow.remove_turn(self.principal.user, self.where.task_id, turn.index)
            now = self.engine.now()
            swapped: dict[str, str] = {}  # a fact an earlier turn gave: its restored version
            for fact in said:
                for old in replaced.get(fact.id, ()):
                    restored.append(self._restore(uow, old, fact))
                    swapped[old.id] = restored[-1].id
                back = swapped.get(replaced[fact.id][0].id) if replaced.get(fact.id) else None
                uow.invalidate(fact.id, by=back, at=now, reason=WITHDRAWN)
                flagged = uow.dependants(fact.id)
                if flagged:
                    uow.mark_needs_review(flagged)
            for earlier in turns[:-1]:  # so that taking those back finds the restored versions
                if swapped.keys() & set(earlier.fact_ids):
                    ids = tuple(swapped.get(i, i) for i in earlier.fact_ids)
                    relinked = earlier.model_copy(update={"fact_ids": ids})
                    uow.update_turn(self.principal.user, self.where.task_id, relinked)
        self._embed(restored)
        return turn

    def _written_from(self, uow: UnitOfWork, turn: Turn) -> list[Fact]:
        """The live facts a turn gave: those observing it wrote, or it was recorded with."""
        view = self.view
        return [
            f
            for f in uow.get_facts(turn.fact_ids)
            if f.is_valid
            and f.user in ("", view.user)
            and f.capability in ("", view.capability)
            and self.engine.access.can_read(self.principal, f)
        ]

    def _replaced_by(
        self, uow: UnitOfWork, snapshot: Snapshot, said: Sequence[Fact], turn: Turn
    ) -> dict[str, list[Fact]]:
        """The facts each of `said` ended in its favour: earlier versions of its key, and
        facts of other keys retired for it since the turn (a duplicate it recorded again)."""
        ids = {f.id for f in said}
        candidates = set(snapshot.dead_since(turn.timestamp))
        for fact in said:
            candidates.update(f.id for f in uow.history(self.view, fact.key))
        replaced: dict[str, list[Fact]] = {}
        for old in uow.get_facts(sorted(candidates)):
            withdrawn = old.invalid_reason == WITHDRAWN  # taken back, not replaced
            if old.superseded_by in ids and not old.is_valid and not (old.forgotten or withdrawn):
                replaced.setdefault(old.superseded_by, []).append(old)
        for fact in said:  # the chain's own parent first: the withdrawn fact points to it
            replaced.get(fact.id, []).sort(key=lambda old: (old.id != fact.supersedes, old.id))
        return replaced

    def _restore(self, uow: UnitOfWork, old: Fact, withdrawn: Fact) -> Fact:
        """A new version of `old` with its value and provenance, following the fact that had
        replaced it and is withdrawn."""
        fact = old.model_copy(
            update={
                "id": new_fact_id(self.view, old.key, old.timestamp, uow.next_seq()),
                "is_valid": True,
                "superseded_by": None,
                "supersedes": withdrawn.id,
                "invalidated_at": None,
                "invalid_reason": None,
                "derived_facts": (),
            }
        )
        uow.insert_fact(fact)
        return fact

    def clear_turns(self) -> int:
        """Start this task's conversation afresh: its recent turns leave the working set, and
        how many did comes back. What they said stays: their facts, and the transcript that
        contexts recall past turns from as dated evidence."""
        with self.engine.store.write(self.principal.org) as uow:
            return uow.clear_turns(self.principal.user, self.where.task_id)

    def related_facts(self, text: str, limit: int = 50) -> list[Fact]:
        """Live facts this principal may read that a text may be about: the best full-text
        matches first, then the most recent. They come from the view's facts held in memory
        and ranked as contexts rank them: the store's full-text index scores every match
        before it picks the best, which at 100,000 facts made each write and each observed
        turn take about 100 ms."""
        check(Text, text, "text")
        check(Count, limit, "limit")
        with (
            self.engine.store.read(self.principal.org) as uow,
            self.engine.snapshots.synced(self.view, uow) as snapshot,
        ):
            found = snapshot.ranked(text, limit, rarest=RELATED_TERMS) + snapshot.newest(limit)
        unique = {f.id: f for f in found if self.engine.access.can_read(self.principal, f)}
        return list(unique.values())

    def retire(self, loser: str, winner: str | None, reason: str) -> None:
        """Invalidate a live fact in favour of another live one (a revision, an overruling,
        a fresher signal), or of none (an offer declined), flagging what was derived from
        the loser. The facts named must be ones this principal can see, and the loser one it
        may replace, or the winner's authority at least the loser's."""
        loser = check(Name, loser, "loser")
        winner = None if winner is None else check(Name, winner, "winner")
        check(Text, reason, "reason")
        if loser == winner:
            raise InvalidInputError("winner", winner, "is the fact to retire")
        with self.engine.store.write(self.principal.org) as uow:
            fact = self._visible_fact(uow, loser)
            kept = None if winner is None else self._visible_fact(uow, winner)
            if not fact.is_valid or (kept is not None and not kept.is_valid):
                return
            access = self.engine.access
            if not (
                ACT_FOR_OTHERS in self.principal.permissions
                or access.can_supersede(self.principal.authority, fact, strict=False)
                or (kept is not None and access.source_rank(kept) >= access.source_rank(fact))
            ):
                raise AuthorityError(self.principal.authority, fact.source.authority or "", fact.id)
            uow.invalidate(
                fact.id, by=None if kept is None else kept.id, at=self.engine.now(), reason=reason
            )
            flagged = uow.dependants(fact.id)
            if flagged:
                uow.mark_needs_review(flagged)

    def authority_rank(self, fact: Fact) -> int:
        """The rank of the authority a fact was set with (0 is the lowest rung)."""
        return self.engine.access.source_rank(check(InstanceOf[Fact], fact, "fact"))

    def flag_for_review(self, ref: str) -> list[str]:
        """Mark a fact and everything derived from it as needing recalculation."""
        with self.engine.store.write(self.principal.org) as uow:
            fact = self._visible_fact(uow, ref)
            flagged = sorted({fact.id, *uow.dependants(fact.id)})
            uow.mark_needs_review(flagged)
        return flagged

    # -- context ------------------------------------------------------------------------

    def reconcile(self) -> list[str]:
        """Expire time-bound facts and working items against the environment's clock."""
        now = self.engine.now()
        with self.engine.store.read(self.principal.org) as uow:
            due, stale = self._due(uow, now)
        self._expire(due, stale, now)
        return due

    def _due(self, uow: UnitOfWork, now: datetime) -> tuple[list[str], list[str]]:
        """The facts due to expire and the working items gone stale, as of `now`."""
        due = [f.id for f in uow.due_to_expire(self.view, now)]
        return due, _stale(uow.items(self.principal.user, self.where.task_id), now)

    @contextmanager
    def _reconciled(self) -> Iterator[UnitOfWork]:
        """A read made after `reconcile()`. When nothing is due, the read that found so is
        the one used: one transaction instead of two for every lookup."""
        now = self.engine.now()
        with self.engine.store.read(self.principal.org) as uow:
            due, stale = self._due(uow, now)
            if not due and not stale:
                yield uow
                return
        self._expire(due, stale, now)
        with self.engine.store.read(self.principal.org) as uow:
            yield uow

    def _expire(self, due: Sequence[str], stale: Sequence[str], now: datetime) -> None:
        if not due and not stale:
            return
        with self.engine.store.write(self.principal.org) as uow:
            for fact_id in due:
                uow.invalidate(fact_id, by=None, at=now, reason="expired")
                flagged = uow.dependants(fact_id)
                if flagged:
                    uow.mark_needs_review(flagged)
            uow.delete_items(self.principal.user, self.where.task_id, stale)

    def context(
        self, query: str, *, budget: int | None = None, audience: str | None = None
    ) -> Context:
        """Assemble a fresh context for `query` within `budget` tokens. `audience` is whom
        the answer is for: "internal" (ourselves) or "external" (a reply to a client, a
        public text), which is shown nothing said for us only; by default it is read from
        the query ("draft my reply to the landlord" is external)."""
        from statekeeper.conversation.audience import (
            AUDIENCES,
            EXTERNAL,
            asked_by_allowed,
            audience_of,
        )
        from statekeeper.conversation.clauses import sentences
        from statekeeper.conversation.restrictions import INTERNAL_NOTE, restricts

        check(Text, query, "query")
        budget = self.engine.settings.budget if budget is None else budget
        if not isinstance(budget, int) or isinstance(budget, bool) or budget <= 0:
            raise InvalidInputError("budget", budget, "must be a positive integer")
        if audience is not None and audience not in AUDIENCES:
            raise InvalidInputError("audience", audience, f"must be one of {AUDIENCES}")
        external = (audience or audience_of(query)) == EXTERNAL
        if external and audience is None:  # one a note lets know by name is one of us
            notes = [str(f.value) for f in self.history(INTERNAL_NOTE) if f.is_valid]
            # and what the turns restrict in prose: "not to be talked about beyond the
            # registrar and the duty nurse"
            notes += [
                s.text for t in self.recent_turns() for s in sentences(t.text) if restricts(s.text)
            ]
            external = not asked_by_allowed(query, notes)
        now = self.engine.now()
        environment = self.engine.environment()
        settings = self.engine.settings
        recall = _recall_limit(budget, settings.recall_share)
        similar = (
            self.engine.similarity.nearest(self.view, query, now, recall)
            if self.engine.similarity
            else Nearest()
        )
        meaning = self._document_query(query, similar)
        layers = self._gather(
            query, environment, now, True, similar, recall, external, budget, meaning
        )
        if layers is None:  # something had expired: it is gone now, gather again
            layers = self._gather(
                query, environment, now, False, similar, recall, external, budget, meaning
            )
            assert layers is not None
        return assemble(
            layers,
            budget,
            self.engine.tokenizer,
            settings.fact_share,
            settings.show_metadata,
            settings.recall_share,
            settings.knowledge_share,
            settings.capability_share,
        )

    def _gather(
        self,
        query: str,
        environment: Environment,
        now: datetime,
        expire: bool,
        similar: Nearest,
        recall: int = 0,
        external: bool = False,
        budget: int = 0,
        meaning: QueryVector | None = None,
    ) -> Layers | None:
        """The layers of a context from one read. With `expire`, facts and items whose time
        has passed are expired first, and None returned, if there are any. `similar` holds
        the facts and turns near the query in meaning, to consider beside the full-text
        matches."""
        with (
            self.engine.store.read(self.principal.org) as uow,
            self.engine.snapshots.synced(self.view, uow) as snapshot,
        ):
            items = uow.items(self.principal.user, self.where.task_id)
            due, stale = snapshot.due(now), _stale(items, now)
            if not expire or not (due or stale):
                layers = gather(
                    uow,
                    snapshot,
                    self.principal,
                    self.principal.identity(),
                    environment,
                    query,
                    self.where,
                    self.engine.access,
                    [i for i in items if i.key not in stale],
                    workspace_section(uow, self.principal.user, self.where.task_id),
                    similar.facts,
                    recall,
                    external,
                    similar.turns,
                )
                clean = cleaner(snapshot, self.principal, self.where, self.engine.access, external)
                layers = self._with_lessons(uow, layers, query, clean)
                return self._with_knowledge(uow, layers, query, budget, clean, meaning)
        self._expire(due, stale, now)
        return None

    def _document_query(self, query: str, similar: Nearest) -> QueryVector | None:
        """The query's vector for finding document chunks by meaning, when the engine has
        an embedder: the one the facts' search used, or else asked of the embedder."""
        by_meaning = self.engine.documents_by_meaning
        if by_meaning is None or self.engine.settings.knowledge_share <= 0:
            return None
        ask = self.engine.similarity is None  # otherwise its failure is not asked again
        return by_meaning.query(self.principal.org, query, similar.query, ask)

    def _with_knowledge(
        self,
        uow: UnitOfWork,
        layers: Layers,
        query: str,
        budget: int,
        clean: Callable[[str], str],
        meaning: QueryVector | None = None,
    ) -> Layers:
        """The layers with the chunks of the organization's documents that match the query
        (in words, or in meaning with `meaning`) and that this principal may read, asked
        now, for every candidate document."""
        from statekeeper.knowledge.library import knowledge_lines, relevant_chunks

        share = self.engine.settings.knowledge_share
        if share <= 0 or not isinstance(uow, DocumentUnit):
            return layers
        limit = max(
            KNOWLEDGE_MIN, min(KNOWLEDGE_MAX, int(budget * share) // KNOWLEDGE_CHUNK_TOKENS)
        )
        found = relevant_chunks(uow, self._reader(), query, limit, clean, meaning)
        return replace(layers, knowledge=knowledge_lines(found)) if found else layers

    def _with_lessons(
        self, uow: UnitOfWork, layers: Layers, query: str, clean: Callable[[str], str]
    ) -> Layers:
        """The layers with this session's capability memory: its strategies, heuristics
        and the events most relevant to the query."""
        from statekeeper.capability.lessons import lesson_lines

        capability = self.principal.capability
        if not capability or self.engine.settings.capability_share <= 0:
            return layers
        lines = lesson_lines(uow, self.principal.org, capability, query, clean)
        return replace(layers, lessons=lines, capability=capability) if lines else layers

    # -- capability memory --------------------------------------------------------------

    def learn(self, text: str, *, level: str = "event") -> Lesson:
        """Record a lesson in this session's capability: an "event" (one observation), a
        "heuristic" (a pattern) or a "strategy" (a playbook). A junior writes events, a
        senior events and heuristics, a master all three; a lesson above the session's
        maturity raises MaturityError (an AuthorityError) and writes nothing."""
        from statekeeper.capability.session import learn

        return learn(self, text, level)

    def lessons(self, *, level: str | None = None, history: bool = False) -> list[Lesson]:
        """This session's capability's lessons: strategies, then heuristics, then events,
        newest first in each, of one `level` if named. With `history`, those consolidation
        retired too, each with its status and what it became (`merged_into`)."""
        from statekeeper.capability.session import lessons

        return lessons(self, level, history)

    # -- organizational knowledge -------------------------------------------------------

    def _reader(self) -> Reader:
        return Reader(self.principal, self.engine.access, self.engine.permissions)

    def add_document(
        self,
        doc_id: str,
        text: str,
        *,
        source: str | None = None,
        acl: Iterable[str] | None = None,
    ) -> Document:
        """Store a document of the organization, chunked and indexed, so that contexts of
        those who may read it retrieve its relevant chunks. `acl` says who may: entries
        `user:<id>`, `authority:<rung>` (that rung or above) and `permission:<name>`; None
        admits the whole organization. With a permission checker on the engine, the
        checker alone decides, at query time. A document of the same id is replaced (if
        this principal may read it; otherwise UnknownDocumentError)."""
        from statekeeper.knowledge.access import parse_acl
        from statekeeper.knowledge.library import DocumentText, store_document

        doc_id = check(Id, doc_id, "doc_id")
        text = check(DocumentText, text, "text")
        if source is not None:
            source = check(Name, source, "source")
        entries = parse_acl(acl, self.engine.access)
        with self.engine.store.write(self.principal.org) as uow:
            stored = store_document(
                uow, self._reader(), doc_id, text, source, entries, self.engine.now()
            )
        by_meaning = self.engine.documents_by_meaning
        if by_meaning is not None:  # a failure costs no document
            org = self.principal.org
            self.engine.store.after_commit(lambda: by_meaning.after_add(org, doc_id))
        return stored

    def documents(self) -> list[Document]:
        """The organization's documents this principal may read, by id (asked now)."""
        from statekeeper.knowledge.library import readable

        with self.engine.store.read(self.principal.org) as uow:
            return readable(uow, self._reader())

    def remove_document(self, doc_id: str) -> Document:
        """Remove a document, its chunks and their index entries; UnknownDocumentError for
        one that does not exist or this principal may not read."""
        from statekeeper.knowledge.library import drop_document

        doc_id = check(Id, doc_id, "doc_id")
        with self.engine.store.write(self.principal.org) as uow:
            return drop_document(uow, self._reader(), doc_id)


class _StateOf:
    """A session as the read-only view readers decide from (`StateView`)."""

    def __init__(self, session: Session) -> None:
        self._session = session

    @property
    def authority(self) -> str:
        return self._session.principal.authority

    @property
    def user(self) -> str:
        return self._session.principal.user

    @property
    def task_id(self) -> str:
        return self._session.where.task_id

    @property
    def access(self) -> Access:
        return self._session.engine.access

    @property
    def extracts(self) -> bool:
        return self._session.engine.settings.extract

    def related_facts(self, text: str) -> list[Fact]:
        return self._session.related_facts(text)

    def history(self, key: str) -> list[Fact]:
        return self._session.history(key)

    def get(self, ref: str) -> Fact:
        return self._session.get(ref)


def _recall_limit(budget: int, share: float) -> int:
    """How many past turns to fetch for a context: about what its share of the budget
    holds at a short turn's length, within bounds that keep the search cheap."""
    if share <= 0:
        return 0
    return max(10, min(RECALL_MAX, int(budget * share) // RECALL_TURN_TOKENS))


def _names(values: Iterable[Any]) -> list[str]:
    """The strings among values, as validation will strip them; the rest fail validation."""
    return [v.strip() for v in values if isinstance(v, str)]


def _listed(values: Any) -> list[Any]:
    return list(values) if isinstance(values, (list, tuple)) else []


def _stale(items: Iterable[WorkingSetItem], now: datetime) -> list[str]:
    return [i.key for i in items if i.expires_at is not None and i.expires_at <= now]


_WRITE_DEFAULTS: dict[str, Any] = {
    name: parameter.default
    for name, parameter in inspect.signature(Session.write).parameters.items()
    if parameter.default is not inspect.Parameter.empty
}

# What one item of a bulk write may name: write()'s arguments but conversation detection.
_BULK_ARGUMENTS = frozenset(_WRITE_DEFAULTS) - {"detect"} | {"key", "value"}
