"""Export and import an organization's facts as JSON lines: backups, and moves between
SQLite and PostgreSQL.

One line per fact, in the organization's order of writes, with everything that makes its
chain: the fact with the specification's fields (supersedes, superseded_by, depends_on,
validity), its place in the order (`seq`) and, for a forgotten fact, its audit tombstone.
Importing the lines into an empty organization gives the same facts, the same chains and
the same order. Conversation turns, working sets and task workspaces are not facts and are
not exported.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError
from sqlalchemy import insert, select

from statekeeper.errors import DuplicateFactError, InvalidInputError, StoreError
from statekeeper.model import Fact
from statekeeper.store.base import Store, chunks
from statekeeper.store.schema import fact_tombstones, facts
from statekeeper.store.sql import SqlUnitOfWork
from statekeeper.validation import Name, as_input_error, check

FORMAT = "statekeeper.fact/1"


class Tombstone(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    forgotten_at: datetime
    forgotten_by: str


class Line(BaseModel):
    """One exported fact."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    format: str = FORMAT
    seq: int
    fact: Fact
    tombstone: Tombstone | None = None


def _unit(uow: object) -> SqlUnitOfWork:
    if not isinstance(uow, SqlUnitOfWork):
        raise StoreError("export and import need a SQL store (SQLite or PostgreSQL)")
    return uow


def export_facts(store: Store, org: str) -> Iterator[Line]:
    """Every fact of an organization, live or dead, every user's, in write order."""
    org = check(Name, org, "org")
    with store.read(org) as raw:
        uow = _unit(raw)
        f, t = facts.c, fact_tombstones.c
        order = uow.conn.execute(
            select(f.fact_id, f.seq).where(f.org_id == org).order_by(f.seq)
        ).all()
        stones = {
            row.fact_id: Tombstone(forgotten_at=row.forgotten_at, forgotten_by=row.forgotten_by)
            for row in uow.conn.execute(select(fact_tombstones).where(t.org_id == org))
        }
        for part in chunks(order):
            found = {fact.id: fact for fact in uow.get_facts([fact_id for fact_id, _ in part])}
            for fact_id, seq in part:
                yield Line(seq=seq, fact=found[fact_id], tombstone=stones.get(fact_id))


def dump(lines: Iterable[Line]) -> Iterator[str]:
    for line in lines:
        yield line.model_dump_json() + "\n"


def parse(texts: Iterable[str]) -> list[Line]:
    """Exported lines read back, blank lines skipped; InvalidInputError names the first bad
    line, so nothing is imported from a damaged file."""
    lines: list[Line] = []
    for number, text in enumerate(texts, start=1):
        if not text.strip():
            continue
        try:
            line = Line.model_validate(json.loads(text))
        except json.JSONDecodeError as error:
            raise InvalidInputError(f"line {number}", text[:60], f"is not JSON: {error}") from None
        except ValidationError as failure:
            raise as_input_error(failure, f"line {number}") from None
        if line.format != FORMAT:
            raise InvalidInputError(f"line {number}.format", line.format, f"is not {FORMAT!r}")
        lines.append(line)
    return lines


def import_facts(store: Store, lines: Sequence[Line], org: str | None = None) -> int:
    """Write exported facts into the store, each organization in one transaction, in their
    order; with `org`, all of them into that organization. A fact id already present
    raises DuplicateFactError and that organization's import writes nothing. How many."""
    by_org: dict[str, list[Line]] = {}
    for line in lines:
        target = org if org is not None else line.fact.org
        by_org.setdefault(check(Name, target, "org"), []).append(line)
    for target, group in by_org.items():
        with store.write(target) as raw:
            uow = _unit(raw)
            ids = [line.fact.id for line in group]
            if len(set(ids)) != len(ids):
                raise InvalidInputError("lines", ids, "name a fact twice")
            taken = uow.get_facts(ids)
            if taken:
                raise DuplicateFactError(taken[0].id)
            offset = uow.next_seq() - 1  # after what the organization already holds
            moved = [line.fact.model_copy(update={"org": target}) for line in group]
            uow.insert_facts(
                [(fact, offset + line.seq) for fact, line in zip(moved, group, strict=True)]
            )
            stones: list[dict[str, Any]] = [
                {
                    "org_id": target,
                    "fact_id": fact.id,
                    "user_id": fact.user,
                    "key": fact.key,
                    "forgotten_at": line.tombstone.forgotten_at,
                    "forgotten_by": line.tombstone.forgotten_by,
                }
                for fact, line in zip(moved, group, strict=True)
                if line.tombstone is not None
            ]
            if stones:
                uow.conn.execute(insert(fact_tombstones), stones)
    return sum(len(group) for group in by_org.values())
