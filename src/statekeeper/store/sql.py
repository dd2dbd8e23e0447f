"""The Store protocol on SQLAlchemy Core, shared by SQLite and PostgreSQL.

Backends differ in how they open connections, take the write lock and rank full text; all
else is here. Every statement filters on the unit of work's organization.
"""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from datetime import datetime
from functools import lru_cache
from typing import Any

from sqlalchemy import (
    Table,
    and_,
    bindparam,
    delete,
    false,
    func,
    insert,
    or_,
    select,
    text,
    true,
    update,
)
from sqlalchemy.engine import Connection, Dialect, Engine, RowMapping
from sqlalchemy.exc import SQLAlchemyError

from statekeeper.errors import CrossOrganizationError, StoreError
from statekeeper.model import (
    ConstraintType,
    Fact,
    MemoryType,
    Scope,
    Source,
    Turn,
    WorkingSetItem,
    encode_json,
)
from statekeeper.store.base import ArchivedTurn, Erasure, Stamped, View, chunks
from statekeeper.store.documents import DocumentRows
from statekeeper.store.driver import DriverQuery, bind_processor, execute
from statekeeper.store.fact_index import FactIndexRows, fact_index, fact_terms, index_rows
from statekeeper.store.fact_search import FactSearch
from statekeeper.store.lessons import LessonRows
from statekeeper.store.memories import MemoryRows
from statekeeper.store.nesting import OpenWrite
from statekeeper.store.partial_postings import PartialPostings
from statekeeper.store.schema import (
    erasures,
    fact_dependencies,
    fact_tombstones,
    facts,
    recent_turns,
    task_workspaces,
    transcript,
    user_profiles,
    working_items,
)
from statekeeper.store.view_reads import ViewQuery, ViewRows

_F = facts.c
NO_LIMIT = 2**62  # "all rows", in a form every backend accepts as a LIMIT
_D = fact_dependencies.c

# Hot statements are built once; only their parameters change between calls.
_VISIBLE = and_(
    _F.org_id == bindparam("org"),
    _F.user_id.in_(bindparam("users", expanding=True)),
    _F.capability.in_(bindparam("caps", expanding=True)),
)
# `== true()` rather than `.is_(True)`: SQLite can use an index for `= 1`, not for `IS 1`.
_LIVE = and_(_VISIBLE, _F.is_valid == true(), _F.forgotten == false())
# One fact by its id, and the organization's highest sequence number: asked on every write,
# so run on the driver's cursor.
_GET_FACT = DriverQuery(
    select(facts).where(_F.org_id == bindparam("org"), _F.fact_id == bindparam("fact_id"))
)
_FACT_COLUMNS = [c.name for c in facts.columns]
# `seq + 0`: without it SQLite walks the whole organization in seq order to skip a sort,
# instead of finding a key's few rows through the key index.
_BY_SEQ = _F.seq + 0
_VALID_HEADS = select(facts).where(_LIVE, _F.key == bindparam("key")).order_by(_BY_SEQ)
_GET_FACTS = select(facts).where(
    _F.org_id == bindparam("org"), _F.fact_id.in_(bindparam("ids", expanding=True))
)
_VALID_HEADS_MANY = (
    select(facts).where(_LIVE, _F.key.in_(bindparam("keys", expanding=True))).order_by(_BY_SEQ)
)
_WITH_DEPENDANTS = (
    select(_D.depends_on_id)
    .where(_D.org_id == bindparam("org"), _D.depends_on_id.in_(bindparam("ids", expanding=True)))
    .distinct()
)
_VALID_FACTS = select(facts).where(_LIVE).order_by(_F.seq.desc()).limit(bindparam("limit"))
_NEWEST_REV = select(func.coalesce(func.max(_F.rev), 0)).where(_F.org_id == bindparam("org"))
_REVISION = DriverQuery(_NEWEST_REV)
# The view's rows changed since a revision, as every sync asks: on the driver's cursor.
_CHANGED = ViewQuery(_FACT_COLUMNS, _F.rev > bindparam("since"))
# What a snapshot asks before every sync, in one read: the newest revision, and how many
# users were ever erased (an erasure leaves no row with a revision to fetch).
_MARKS = DriverQuery(
    select(
        _NEWEST_REV.scalar_subquery(),
        select(func.count())
        .select_from(erasures)
        .where(erasures.c.org_id == bindparam("org"))
        .scalar_subquery(),
    )
)
_NEXT_SEQ = DriverQuery(
    select(func.coalesce(func.max(_F.seq), 0)).where(_F.org_id == bindparam("org"))
)
_EDGES = select(_D.fact_id, _D.depends_on_id).where(
    _D.org_id == bindparam("org"),
    or_(
        _D.fact_id.in_(bindparam("ids", expanding=True)),
        _D.depends_on_id.in_(bindparam("ids_again", expanding=True)),
    ),
)
# One fact's edges, as every write reads the fact it supersedes: on the driver's cursor.
_EDGES_OF_ONE = DriverQuery(
    select(_D.fact_id, _D.depends_on_id).where(
        _D.org_id == bindparam("org"),
        or_(_D.fact_id == bindparam("id"), _D.depends_on_id == bindparam("id_again")),
    )
)


def _dependants() -> DriverQuery:
    """Every fact depending on one, transitively: asked by every write that supersedes or
    invalidates, so built once and run on the driver's cursor."""
    seed = select(_D.fact_id).where(
        _D.org_id == bindparam("org"), _D.depends_on_id == bindparam("fact_id")
    )
    closure = seed.cte("closure", recursive=True)
    step = select(_D.fact_id).where(
        _D.org_id == bindparam("org_again"), _D.depends_on_id == closure.c.fact_id
    )
    return DriverQuery(select(closure.union(step).c.fact_id))


_DEPENDANTS = _dependants()
_DUE = ViewQuery(
    _FACT_COLUMNS,
    _F.is_valid == true(),
    _F.forgotten == false(),
    _F.expires_at.is_not(None),
    _F.expires_at <= bindparam("now"),
)
_INVALIDATE = (
    update(facts)
    .where(_F.org_id == bindparam("org"), _F.fact_id == bindparam("target"))
    .values(
        is_valid=False,
        superseded_by=bindparam("by"),
        invalidated_at=bindparam("at"),
        invalid_reason=bindparam("reason"),
        rev=bindparam("rev"),
    )
)
# One invalidation, as every write that supersedes makes: on the driver's cursor.
_INVALIDATE_ONE = DriverQuery(_INVALIDATE)
_W = working_items.c
_ITEMS = DriverQuery(
    select(_W.key, _W.value, _W.created_at, _W.expires_at)
    .where(
        _W.org_id == bindparam("org"),
        _W.user_id == bindparam("user"),
        _W.task_id == bindparam("task"),
    )
    .order_by(_W.created_at, _W.key)
)
_T = recent_turns.c
_RECENT_TURNS = DriverQuery(
    select(_T.turn)
    .where(
        _T.org_id == bindparam("org"),
        _T.user_id == bindparam("user"),
        _T.task_id == bindparam("task"),
    )
    .order_by(_T.turn_index)
)
# Every observed turn is kept and archived: statements built once, not per turn (building
# and keying one cost more than running it).
_ADD_RECENT = insert(recent_turns)
_TRIM_RECENT = delete(recent_turns).where(
    _T.org_id == bindparam("org"),
    _T.user_id == bindparam("user"),
    _T.task_id == bindparam("task"),
    _T.turn_index <= bindparam("below"),
)
_ARCHIVE = insert(transcript)
# A task's highest turn index in each table: every observed turn asks, so it runs on the
# driver's cursor (a statement built per call cost ten times the query).
_LAST_TURN = [
    DriverQuery(
        select(func.max(table.c.turn_index)).where(
            table.c.org_id == bindparam("org"),
            table.c.user_id == bindparam("user"),
            table.c.task_id == bindparam("task"),
        )
    )
    for table in (recent_turns, transcript)
]
_HISTORY = select(facts).where(_VISIBLE, _F.key == bindparam("key")).order_by(_BY_SEQ)


def _like(phrase: str) -> str:
    """A LIKE pattern for text holding a phrase, its wildcards escaped."""
    return "%" + re.sub(r"([\\%_])", r"\\\1", phrase) + "%"


def fact_values(
    fact: Fact, seq: int, rev: int, moment: Callable[[datetime], Any]
) -> tuple[Any, ...]:
    """A fact's row in the facts table's column order, as the driver takes it: `moment`
    converts a datetime as the dialect stores it; every driver takes text, integers and
    booleans as they are. A bulk write builds one of these per fact and nothing else
    (tests/store/test_fact_rows.py holds each column to SQLAlchemy's own insert)."""
    expires, invalidated = fact.expires_at, fact.invalidated_at
    return (
        fact.org,
        fact.id,
        fact.user,
        fact.capability,
        seq,
        fact.key,
        encode_json(fact.value),
        search_body(fact),
        source_json(fact.source),
        moment(fact.timestamp),
        fact.is_valid,
        fact.superseded_by,
        fact.supersedes,
        fact.memory_type.value,
        fact.scope.value,
        fact.scope_id,
        fact.needs_review,
        fact.is_constraint,
        fact.constraint_type.value if fact.constraint_type else None,
        fact.required_authority,
        permissions_json(fact.required_permissions),
        None if expires is None else moment(expires),
        None if invalidated is None else moment(invalidated),
        fact.invalid_reason,
        fact.entity,
        fact.slot,
        fact.forgotten,
        rev,
    )


@lru_cache(maxsize=1024)
def permissions_json(permissions: frozenset[str]) -> str:
    """Few facts need permissions, and few sets recur: each is serialized once."""
    return encode_json(sorted(permissions))


@lru_cache(maxsize=1024)
def parse_permissions(stored: str) -> frozenset[str]:
    return frozenset(json.loads(stored))


@lru_cache(maxsize=4096)
def parse_source(stored: str) -> Source:
    """Sources repeat across rows, and a Source is immutable: each text is parsed once."""
    return Source.model_validate_json(stored)


@lru_cache(maxsize=4096)
def source_json(source: Source) -> str:
    """Sources repeat (one per writer and turn), so each is serialized once."""
    return source.model_dump_json(exclude_none=True)


def _as_is(value: datetime) -> datetime:
    return value


_MOMENTS: dict[str, Callable[[datetime], Any]] = {}  # per dialect and driver


def column_list(table: Table, dialect: Dialect) -> str:
    return ", ".join(dialect.identifier_preparer.quote(c.name) for c in table.columns)


def search_body(fact: Fact) -> str:
    """The text full-text search sees: key words, value, entity and slot, and a token of
    the organization, so an index shared by many organizations is searched within one."""
    parts = [org_token(fact.org), fact.key.replace("_", " ").replace("-", " "), fact.text]
    parts += [p.replace("_", " ") for p in (fact.entity, fact.slot) if p]
    return " ".join(parts)


@lru_cache(maxsize=1024)
def org_token(org: str) -> str:
    return "skorg" + hashlib.blake2b(org.encode(), digest_size=8).hexdigest()


def row_to_fact(
    row: Mapping[Any, Any], depends_on: Sequence[str] = (), derived: Sequence[str] = ()
) -> Fact:
    """A stored fact, built without validating again what was validated when it was
    written: the enums are made here, and every fact shares one set of the names of its
    fields and the parsed permissions, so a fact an engine keeps is two objects for the
    garbage collector to follow, not four."""
    constraint_type = row["constraint_type"]
    return Fact.model_construct(
        _ALL_FIELDS,
        id=row["fact_id"],
        org=row["org_id"],
        user=row["user_id"],
        capability=row["capability"],
        key=row["key"],
        value=json.loads(row["value"]),
        source=parse_source(row["source"]),
        timestamp=row["timestamp"],
        is_valid=bool(row["is_valid"]),
        superseded_by=row["superseded_by"],
        supersedes=row["supersedes"],
        memory_type=MemoryType(row["memory_type"]),
        scope=Scope(row["scope"]),
        scope_id=row["scope_id"],
        depends_on=tuple(depends_on),
        derived_facts=tuple(derived),
        needs_review=bool(row["needs_review"]),
        is_constraint=bool(row["is_constraint"]),
        constraint_type=None if constraint_type is None else ConstraintType(constraint_type),
        required_authority=row["required_authority"],
        required_permissions=parse_permissions(row["required_permissions"]),
        expires_at=row["expires_at"],
        invalidated_at=row["invalidated_at"],
        invalid_reason=row["invalid_reason"],
        entity=row["entity"],
        slot=row["slot"],
        forgotten=bool(row["forgotten"]),
    )


_ALL_FIELDS = set(Fact.model_fields)  # never changed: a frozen model's copy takes its own


class SqlUnitOfWork(
    DocumentRows, MemoryRows, LessonRows, FactSearch, PartialPostings, FactIndexRows, ViewRows
):
    """One transaction's reads and writes inside one organization."""

    def __init__(
        self, connection: Connection, org: str, open_write: OpenWrite | None = None
    ) -> None:
        self.conn = connection
        self.org = org
        # The write this unit is part of: None for a read that sees committed rows only.
        self.open_write = open_write
        self.inserted = 0  # fact rows this unit of work added

    # -- visibility ---------------------------------------------------------------------

    def _params(self, view: View, **more: Any) -> dict[str, Any]:
        # No duplicate in an IN list: SQLite plans `IN (?)` as an equality, two IN lists of
        # two as a nested scan several times slower.
        caps = ["", view.capability] if view.capability else [""]
        return {"org": self.org, "users": [view.user, ""], "caps": caps, **more}

    def _rows(self, statement: Any, params: dict[str, Any]) -> Sequence[RowMapping]:
        return self.conn.execute(statement, params).mappings().all()

    def _facts(self, rows: Sequence[Mapping[Any, Any]], edges: bool = True) -> list[Fact]:
        """Rows to facts; with `edges`, their dependency edges come in one round trip per chunk."""
        if not rows:
            return []
        if not edges:
            return [row_to_fact(r) for r in rows]
        ids = [r["fact_id"] for r in rows]
        depends: dict[str, list[str]] = {}
        derived: dict[str, list[str]] = {}
        for part in chunks(ids):
            if len(part) == 1:
                params = {"org": self.org, "id": part[0], "id_again": part[0]}
                found: Any = _EDGES_OF_ONE.rows(self.conn, params)
            else:
                params = {"org": self.org, "ids": list(part), "ids_again": list(part)}
                found = self.conn.execute(_EDGES, params)
            for fact_id, parent in found:
                depends.setdefault(fact_id, []).append(parent)
                derived.setdefault(parent, []).append(fact_id)
        return [
            row_to_fact(
                r, sorted(depends.get(r["fact_id"], ())), sorted(derived.get(r["fact_id"], ()))
            )
            for r in rows
        ]

    # -- persistent facts ---------------------------------------------------------------

    def revision(self) -> int:
        """The organization's newest revision: the highest stamp on any of its facts."""
        self._seen()
        return int(_REVISION.scalar(self.conn, {"org": self.org}))

    def marks(self) -> tuple[int, int]:
        """The organization's newest revision, and how many of its users were ever erased."""
        self._seen()
        [(revision, erased)] = _MARKS.rows(self.conn, {"org": self.org})
        return int(revision), int(erased)

    def _seen(self) -> None:
        """Inside a write, a reader of the newest revision may keep what it read as of that
        revision: the write's next change takes a newer one, or that reader would miss it."""
        if self.open_write is not None:
            self.open_write.rev = None

    def stamp(self) -> int:
        """The revision the write's changes are stamped with, taken at its first change and
        after each read of the newest revision. Writers of one organization hold its lock,
        so two transactions never take the same stamp."""
        held = self.open_write
        assert held is not None, "only a write changes rows"
        if held.rev is None:
            held.rev = int(_REVISION.scalar(self.conn, {"org": self.org})) + 1
        return held.rev

    def changed_since(self, view: View, since: int) -> list[Stamped]:
        """Every visible fact, live or dead, whose row changed after revision `since`."""
        rows = _CHANGED.mappings(self.conn, self._params(view, since=since))
        return [Stamped(row_to_fact(r), r["seq"], r["rev"]) for r in rows]

    def next_seq(self) -> int:
        return int(_NEXT_SEQ.scalar(self.conn, {"org": self.org})) + 1

    def insert_fact(self, fact: Fact, seq: int | None = None) -> None:
        assert fact.org == self.org
        self.insert_facts([(fact, seq or self.next_seq())])

    def get_facts(self, fact_ids: Sequence[str]) -> list[Fact]:
        """The facts among these ids that exist, in no particular order."""
        found: list[Fact] = []
        for part in chunks(list(fact_ids)):
            found += self._facts(self._rows(_GET_FACTS, {"org": self.org, "ids": list(part)}))
        return found

    def valid_heads_many(self, view: View, keys: Sequence[str]) -> list[Fact]:
        """The live heads of many keys at once, in write order."""
        found: list[Fact] = []
        for part in chunks(list(keys)):
            rows = self._rows(_VALID_HEADS_MANY, self._params(view, keys=list(part)))
            found += self._facts(rows, edges=False)
        return found

    def with_dependants(self, fact_ids: Sequence[str]) -> list[str]:
        """Those of these facts that some other fact depends on."""
        found: list[str] = []
        for part in chunks(list(fact_ids)):
            found += self.conn.execute(
                _WITH_DEPENDANTS, {"org": self.org, "ids": list(part)}
            ).scalars()
        return found

    def insert_facts(self, pending: Sequence[tuple[Fact, int]]) -> None:
        """Facts, each with its sequence number, and their dependency edges, in as few
        statements as the backend takes them."""
        if not pending:
            return
        rev, moment = self.stamp(), self._moment()
        self._insert_many(facts, [fact_values(f, seq, rev, moment) for f, seq in pending])
        indexed = index_rows(pending)
        if indexed:
            self._insert_many(fact_index, indexed)
            pairs = self.index_written(indexed)
            if pairs:
                self._insert_many(fact_terms, pairs)
        edges = [(self.org, f.id, parent) for f, _ in pending for parent in f.depends_on]
        if edges:
            self._insert_many(fact_dependencies, edges)
        self.inserted += len(pending)

    def _moment(self) -> Callable[[datetime], Any]:
        """How this dialect's driver takes a datetime."""
        dialect = self.conn.dialect
        key = f"{dialect.name}+{dialect.driver}"
        convert = _MOMENTS.get(key)
        if convert is None:
            convert = _MOMENTS[key] = bind_processor(_F.timestamp.type, dialect) or _as_is
        return convert

    def _insert_many(self, table: Table, rows: Sequence[Sequence[Any]]) -> None:
        """Rows of driver values in the table's column order; each backend sends them its
        fastest way."""
        raise NotImplementedError

    def invalidate_many(self, changes: Sequence[dict[str, Any]]) -> None:
        """Many invalidations, each a mapping of `invalidate()`'s parameters plus `rev`."""
        if changes:
            self.unindex_facts([change["target"] for change in changes])
            self.conn.execute(_INVALIDATE, list(changes))

    def get_fact(self, fact_id: str) -> Fact | None:
        rows = _GET_FACT.rows(self.conn, {"org": self.org, "fact_id": fact_id})
        found = self._facts([dict(zip(_FACT_COLUMNS, row, strict=True)) for row in rows])
        return found[0] if found else None

    def valid_heads(self, view: View, key: str) -> list[Fact]:
        return self._facts(self._rows(_VALID_HEADS, self._params(view, key=key)), edges=False)

    def invalidate(self, fact_id: str, *, by: str | None, at: datetime, reason: str) -> None:
        self.unindex_facts([fact_id])
        _INVALIDATE_ONE.execute(
            self.conn,
            {
                "org": self.org,
                "target": fact_id,
                "by": by,
                "at": at,
                "reason": reason,
                "rev": self.stamp(),
            },
        )

    def dependants(self, fact_id: str) -> list[str]:
        """Every fact that depends on this one, transitively."""
        params = {"org": self.org, "fact_id": fact_id, "org_again": self.org}
        return sorted(row[0] for row in _DEPENDANTS.rows(self.conn, params))

    def mark_needs_review(self, fact_ids: Sequence[str]) -> None:
        for part in chunks(list(fact_ids)):
            self.conn.execute(
                update(facts)
                .where(_F.org_id == self.org, _F.fact_id.in_(part))
                .values(needs_review=True, rev=self.stamp())
            )

    def valid_facts(self, view: View, limit: int | None = None, edges: bool = False) -> list[Fact]:
        """Live visible facts, newest first (`limit` None for all)."""
        rows = self._rows(
            _VALID_FACTS, self._params(view, limit=NO_LIMIT if limit is None else limit)
        )
        return self._facts(rows, edges)

    def due_to_expire(self, view: View, now: datetime) -> list[Fact]:
        return self._facts(_DUE.mappings(self.conn, self._params(view, now=now)), edges=False)

    def history(self, view: View, key: str) -> list[Fact]:
        return self._facts(self._rows(_HISTORY, self._params(view, key=key)))

    def forget(self, fact_id: str, *, by: str, at: datetime) -> None:
        row = self.conn.execute(
            select(_F.user_id, _F.key).where(_F.org_id == self.org, _F.fact_id == fact_id)
        ).one()
        self.unindex_facts([fact_id])
        self.conn.execute(
            update(facts)
            .where(_F.org_id == self.org, _F.fact_id == fact_id)
            .values(
                value="null",
                body="",
                forgotten=True,
                is_valid=False,
                invalidated_at=at,
                invalid_reason="forgotten",
                rev=self.stamp(),
            )
        )
        self.conn.execute(
            insert(fact_tombstones).values(
                org_id=self.org,
                fact_id=fact_id,
                user_id=row.user_id,
                key=row.key,
                forgotten_at=at,
                forgotten_by=by,
            )
        )

    # -- working set --------------------------------------------------------------------

    def put_item(self, user: str, task_id: str, item: WorkingSetItem) -> None:
        w = working_items.c
        self.conn.execute(
            delete(working_items).where(
                w.org_id == self.org, w.user_id == user, w.task_id == task_id, w.key == item.key
            )
        )
        self.conn.execute(
            insert(working_items).values(
                org_id=self.org,
                user_id=user,
                task_id=task_id,
                key=item.key,
                value=json.dumps(item.value, ensure_ascii=False),
                created_at=item.created_at,
                expires_at=item.expires_at,
            )
        )

    def items(self, user: str, task_id: str) -> list[WorkingSetItem]:
        rows = _ITEMS.rows(self.conn, {"org": self.org, "user": user, "task": task_id})
        return [
            WorkingSetItem(
                key=key, value=json.loads(value), created_at=created_at, expires_at=expires_at
            )
            for key, value, created_at, expires_at in rows
        ]

    def delete_items(self, user: str, task_id: str, keys: Sequence[str]) -> None:
        w = working_items.c
        for part in chunks(list(keys)):
            self.conn.execute(
                delete(working_items).where(
                    w.org_id == self.org, w.user_id == user, w.task_id == task_id, w.key.in_(part)
                )
            )

    def append_turn(self, user: str, task_id: str, turn: Turn, keep: int) -> None:
        owner = {"org_id": self.org, "user_id": user, "task_id": task_id}
        self.conn.execute(
            _ADD_RECENT, {**owner, "turn_index": turn.index, "turn": turn.model_dump_json()}
        )
        where = {"org": self.org, "user": user, "task": task_id, "below": turn.index - keep}
        self.conn.execute(_TRIM_RECENT, where)

    def archive_turn(self, user: str, task_id: str, turn: Turn) -> None:
        self.conn.execute(
            _ARCHIVE,
            {
                "org_id": self.org,
                "user_id": user,
                "task_id": task_id,
                "turn_index": turn.index,
                "speaker": turn.speaker,
                "text": turn.text,
                "timestamp": turn.timestamp,
                "scope": turn.scope.value,
                "scope_id": turn.scope_id,
            },
        )

    def redact_turns(self, user: str, phrases: Sequence[str], replacement: str) -> None:
        """Remove phrases, as whole words, from every turn of a user, recent and archived
        (an explicit forget: what was forgotten is recalled nowhere)."""
        wanted = sorted({p for p in phrases if p.strip()}, key=len, reverse=True)
        if not wanted:
            return
        alternatives = "|".join(rf"(?<!\w){re.escape(p)}(?!\w)" for p in wanted)
        pattern = re.compile(alternatives, re.IGNORECASE)
        a = transcript.c
        holding = or_(*(a.text.ilike(_like(p), escape="\\") for p in wanted))
        archived = self.conn.execute(
            select(a.task_id, a.turn_index, a.text).where(
                a.org_id == self.org, a.user_id == user, holding
            )
        ).all()
        for task_id, index, said in archived:
            self.conn.execute(
                update(transcript)
                .where(
                    a.org_id == self.org,
                    a.user_id == user,
                    a.task_id == task_id,
                    a.turn_index == index,
                )
                .values(text=pattern.sub(replacement, said))
            )
        t = recent_turns.c
        rows = self.conn.execute(
            select(t.task_id, t.turn_index, t.turn).where(t.org_id == self.org, t.user_id == user)
        ).all()
        for task_id, index, raw in rows:
            turn = Turn.model_validate_json(raw)
            if pattern.search(turn.text):
                cleaned = turn.model_copy(update={"text": pattern.sub(replacement, turn.text)})
                self.conn.execute(
                    update(recent_turns)
                    .where(
                        t.org_id == self.org,
                        t.user_id == user,
                        t.task_id == task_id,
                        t.turn_index == index,
                    )
                    .values(turn=cleaned.model_dump_json())
                )

    def search_turns(
        self, user: str, terms: Sequence[str], until: datetime, limit: int
    ) -> list[ArchivedTurn]:
        """A user's archived turns said by `until` that best match any of the terms, best
        first; each backend ranks with its own full-text index."""
        raise NotImplementedError

    def archived_turns(self, user: str, keys: Sequence[tuple[str, int]]) -> list[ArchivedTurn]:
        """Archived turns by task and index, in no particular order; missing ones are
        skipped."""
        a = transcript.c
        by_task: dict[str, list[int]] = {}
        for task, index in keys:
            by_task.setdefault(task, []).append(index)
        found: list[ArchivedTurn] = []
        for task, indexes in by_task.items():
            for part in chunks(indexes):
                rows = self.conn.execute(
                    select(transcript).where(
                        a.org_id == self.org,
                        a.user_id == user,
                        a.task_id == task,
                        a.turn_index.in_(part),
                    )
                )
                found += self._archived(rows.mappings().all())
        return found

    def _archived(self, rows: Sequence[RowMapping]) -> list[ArchivedTurn]:
        return [
            ArchivedTurn(
                r["task_id"],
                Turn(
                    index=r["turn_index"],
                    speaker=r["speaker"],
                    text=r["text"],
                    timestamp=r["timestamp"],
                    scope=r["scope"],
                    scope_id=r["scope_id"],
                ),
            )
            for r in rows
        ]

    def recent_turns(self, user: str, task_id: str) -> list[Turn]:
        rows = _RECENT_TURNS.rows(self.conn, {"org": self.org, "user": user, "task": task_id})
        return [Turn.model_validate_json(turn) for (turn,) in rows]

    def last_turn_index(self, user: str, task_id: str) -> int:
        """The task's highest turn index, -1 for none; the transcript counts too, so a task
        whose recent turns were cleared goes on numbering where it was."""
        highest = -1
        params = {"org": self.org, "user": user, "task": task_id}
        for query in _LAST_TURN:
            value = query.scalar(self.conn, params)
            highest = max(highest, -1 if value is None else int(value))
        return highest

    def update_turn(self, user: str, task_id: str, turn: Turn) -> None:
        """Rewrite a recent turn's record (to name the facts it gave); the transcript keeps
        what was said, which does not change."""
        t = recent_turns.c
        self.conn.execute(
            update(recent_turns)
            .where(
                t.org_id == self.org,
                t.user_id == user,
                t.task_id == task_id,
                t.turn_index == turn.index,
            )
            .values(turn=turn.model_dump_json())
        )

    def remove_turn(self, user: str, task_id: str, index: int) -> None:
        """Delete one turn from the recent turns and the transcript; the full-text index
        follows the transcript (a trigger, or a generated column), and so does its
        embedding (a cascading foreign key)."""
        for table in (recent_turns, transcript):
            c = table.c
            self.conn.execute(
                delete(table).where(
                    c.org_id == self.org,
                    c.user_id == user,
                    c.task_id == task_id,
                    c.turn_index == index,
                )
            )

    def clear_turns(self, user: str, task_id: str) -> int:
        """Empty a task's recent turns, leaving the transcript; how many there were."""
        t = recent_turns.c
        done = self.conn.execute(
            delete(recent_turns).where(
                t.org_id == self.org, t.user_id == user, t.task_id == task_id
            )
        )
        return int(done.rowcount)

    def erase_user(self, user: str, at: datetime) -> Erasure:
        """Delete everything of one user: their own facts with their links and tombstones,
        working items, turns, transcript, profile and workspaces; log that it happened."""
        f = facts.c
        own = list(
            self.conn.execute(
                select(f.fact_id).where(f.org_id == self.org, f.user_id == user)
            ).scalars()
        )
        self.unindex_user(user)
        self._erase_facts(own)
        a = transcript.c
        turns = self.conn.execute(
            select(func.count()).where(a.org_id == self.org, a.user_id == user)
        ).scalar_one()
        for table in (working_items, recent_turns, transcript, task_workspaces, user_profiles):
            c = table.c
            self.conn.execute(delete(table).where(c.org_id == self.org, c.user_id == user))
        self.erase_lesson_author(user)
        # An erased user's API keys stop working with them (the table is the server's).
        self.conn.execute(
            text("DELETE FROM api_keys WHERE org_id = :org AND user_id = :user"),
            {"org": self.org, "user": user},
        )
        done = Erasure(facts=len(own), turns=int(turns))
        self.conn.execute(
            insert(erasures).values(
                org_id=self.org, erased_at=at, facts=done.facts, turns=done.turns
            )
        )
        return done

    def _erase_facts(self, fact_ids: Sequence[str]) -> None:
        """Delete facts with their dependency links and tombstones."""
        d, t, f = fact_dependencies.c, fact_tombstones.c, facts.c
        for part in chunks(list(fact_ids)):
            linked = or_(d.fact_id.in_(part), d.depends_on_id.in_(part))
            self.conn.execute(delete(fact_dependencies).where(d.org_id == self.org, linked))
            self.conn.execute(
                delete(fact_tombstones).where(t.org_id == self.org, t.fact_id.in_(part))
            )
            self.conn.execute(delete(facts).where(f.org_id == self.org, f.fact_id.in_(part)))

    def clear_task(self, user: str, task_id: str) -> None:
        for table in (working_items, recent_turns):
            c = table.c
            self.conn.execute(
                delete(table).where(c.org_id == self.org, c.user_id == user, c.task_id == task_id)
            )


@contextmanager
def store_errors(action: str) -> Iterator[None]:
    """The database's own failures (a server down, a lock held too long, a file that cannot
    be opened) as StoreError, naming what failed and why, never the connection's secrets."""
    try:
        yield
    except (SQLAlchemyError, sqlite3.Error) as error:
        cause = getattr(error, "orig", None) or error
        reason = str(cause).strip().splitlines()[0] if str(cause).strip() else type(cause).__name__
        raise StoreError(f"{action}: {reason}") from error


class _OpenWrites(threading.local):
    """Each thread's open write of one store, if any."""

    write: OpenWrite | None = None


class SqlStore:
    """Connection handling shared by the SQL backends.

    A write opened while another is open on the same thread, for the same organization,
    runs inside it as a savepoint, and a read there reads through it (store/nesting.py):
    a caller makes several steps one unit of work by opening a write around them."""

    dialect = "sql"
    unit_of_work = SqlUnitOfWork

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        # Held by every unit of work: nothing where each has a connection of its own, a
        # lock where all share one (an in-memory database).
        self.serial: AbstractContextManager[Any] = nullcontext()
        self._open = _OpenWrites()

    @contextmanager
    def write(self, org: str) -> Iterator[SqlUnitOfWork]:
        held = self._joined(org)
        if held is not None:
            with store_errors("writing to the store"), self._savepoint(held) as unit:
                yield unit
            return
        try:
            with self.serial, store_errors("writing to the store"), self.engine.connect() as conn:
                self._begin_write(conn, org)
                held = self._open.write = OpenWrite(conn, org)
                unit = self.unit_of_work(conn, org, held)
                try:
                    yield unit
                    self._open.write = None
                    conn.commit()
                except BaseException:
                    self._open.write = None
                    conn.rollback()
                    raise
                self._after_write(conn, held.inserted + unit.inserted)
        except BaseException:
            if held is not None:
                held.ended(committed=False)
            raise
        # Past the connection and the lock: what waited for the commit may open its own.
        held.ended(committed=True)

    @contextmanager
    def _savepoint(self, held: OpenWrite) -> Iterator[SqlUnitOfWork]:
        """A write inside the open one: its failure undoes its own changes only. The
        savepoint is sent on the driver's cursor: every write of an observed turn takes
        one, and SQLAlchemy's `begin_nested` costs 25 times the statements (50 µs against
        2, measured on SQLite)."""
        held.entered()
        name = f"statekeeper_{held.depth}"
        execute(held.conn, f"SAVEPOINT {name}", ())
        unit = self.unit_of_work(held.conn, held.org, held)
        try:
            yield unit
            execute(held.conn, f"RELEASE SAVEPOINT {name}", ())
        except BaseException:
            try:
                execute(held.conn, f"ROLLBACK TO SAVEPOINT {name}", ())
                execute(held.conn, f"RELEASE SAVEPOINT {name}", ())
            finally:
                held.undone()
            raise
        held.released(unit.inserted)

    @contextmanager
    def read(self, org: str) -> Iterator[SqlUnitOfWork]:
        held = self._joined(org)
        if held is not None:  # it must see what the open write changed, and not wait for it
            with store_errors("reading the store"):
                yield self.unit_of_work(held.conn, org, held)
            return
        with self.serial, store_errors("reading the store"), self.engine.connect() as conn:
            self._begin_read(conn, org)
            try:
                yield self.unit_of_work(conn, org)
            finally:
                conn.rollback()

    def _joined(self, org: str) -> OpenWrite | None:
        """The write open on this thread, which a unit of work for `org` joins; a unit of
        another organization cannot join it, and would wait for it to end."""
        held = self._open.write
        if held is not None and held.org != org:
            raise CrossOrganizationError(held.org, org)
        return held

    def after_commit(self, hook: Callable[[], None]) -> None:
        """Run `hook` once the write open on this thread commits (never, if it rolls back);
        at once when none is open."""
        held = self._open.write
        if held is None:
            hook()
        else:
            held.after_commit(hook)

    def _begin_write(self, conn: Connection, org: str) -> None:
        conn.begin()

    def _after_write(self, conn: Connection, inserted: int) -> None:
        """What a backend does once a write that added `inserted` fact rows has committed;
        nothing by default."""

    def _begin_read(self, conn: Connection, org: str) -> None:
        conn.begin()

    def erase_user(self, org: str, user: str, at: datetime) -> Erasure:
        """Erase one user of an organization in one transaction, then let the backend wipe
        what its files still hold of them."""
        with self.write(org) as uow:
            done = uow.erase_user(user, at)
            self.after_commit(self._after_erase)
        return done

    def _after_erase(self) -> None:
        """What a backend does once an erasure has committed; nothing by default."""

    def close(self) -> None:
        self.engine.dispose()
