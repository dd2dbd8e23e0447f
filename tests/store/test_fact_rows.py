"""Facts are inserted as driver values built by hand (`fact_values`); every column must
hold what SQLAlchemy's own insert of the same fact stores, on both backends."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import insert, select

from statekeeper import Engine
from statekeeper.model import ConstraintType, Fact, MemoryType, Scope, Source, SourceType
from statekeeper.store.schema import fact_dependencies, facts
from statekeeper.store.sql import permissions_json, search_body, source_json

MOMENT = datetime(2026, 2, 1, 9, 30, 15, 250, tzinfo=UTC)


def _fact(org: str, fact_id: str) -> Fact:
    """A fact with every optional column set, each to a value no other column holds."""
    return Fact(
        id=fact_id,
        key="promo_budget",
        value={"cap": "$40K", "codes": ["SPRING"]},
        source=Source(type=SourceType.CONVERSATION, turn_index=3, authority="manager"),
        timestamp=MOMENT,
        is_valid=False,
        superseded_by="f-later",
        supersedes="f-earlier",
        memory_type=MemoryType.ORGANIZATIONAL,
        scope=Scope.HYPOTHETICAL,
        scope_id="what-if-1",
        depends_on=("f-plan",),
        needs_review=True,
        is_constraint=True,
        constraint_type=ConstraintType.BUDGET,
        org=org,
        user="",
        capability="pricing",
        required_authority="executive",
        required_permissions=frozenset({"finance", "sales"}),
        expires_at=datetime(2026, 3, 1, 0, 0, 0, 5, tzinfo=UTC),
        invalidated_at=datetime(2026, 2, 2, 8, 0, tzinfo=UTC),
        invalid_reason="superseded",
        entity="storefront",
        slot="promotion",
    )


def _by_sqlalchemy(fact: Fact, seq: int, rev: int) -> dict[str, object]:
    return {
        "org_id": fact.org,
        "fact_id": fact.id,
        "user_id": fact.user,
        "capability": fact.capability,
        "seq": seq,
        "key": fact.key,
        "value": '{"cap": "$40K", "codes": ["SPRING"]}',
        "body": search_body(fact),
        "source": source_json(fact.source),
        "timestamp": fact.timestamp,
        "is_valid": fact.is_valid,
        "superseded_by": fact.superseded_by,
        "supersedes": fact.supersedes,
        "memory_type": "organizational",
        "scope": "hypothetical",
        "scope_id": fact.scope_id,
        "needs_review": fact.needs_review,
        "is_constraint": fact.is_constraint,
        "constraint_type": "budget",
        "required_authority": fact.required_authority,
        "required_permissions": permissions_json(fact.required_permissions),
        "expires_at": fact.expires_at,
        "invalidated_at": fact.invalidated_at,
        "invalid_reason": fact.invalid_reason,
        "entity": fact.entity,
        "slot": fact.slot,
        "forgotten": fact.forgotten,
        "rev": rev,
    }


def test_driver_values_store_what_sqlalchemy_stores(store_url: str, org: str) -> None:
    engine = Engine.open(store_url)
    with engine.store.write(org) as uow:
        rev = uow.stamp()
        uow.conn.execute(insert(facts), _by_sqlalchemy(_fact(org, "f-by-core"), 1, rev))
        uow.insert_facts([(_fact(org, "f-by-driver"), 2)])
    with engine.store.read(org) as uow:
        rows = uow.conn.execute(
            select(facts).where(facts.c.org_id == org).order_by(facts.c.seq)
        ).mappings().all()
        edges = uow.conn.execute(
            select(fact_dependencies.c.fact_id, fact_dependencies.c.depends_on_id).where(
                fact_dependencies.c.org_id == org
            )
        ).all()
    core, driver = ({k: v for k, v in r.items() if k not in ("fact_id", "seq")} for r in rows)
    assert driver == core
    assert edges == [("f-by-driver", "f-plan")]  # the Core insert wrote no edge
    engine.close()


def test_a_fact_read_back_is_the_fact_written(store_url: str, org: str) -> None:
    """Facts are read without validating them again: each column must come back as the
    type the model gives it (enums, timestamps, sets), equal to the fact written."""
    engine = Engine.open(store_url)
    written = _fact(org, "f-read-back")
    with engine.store.write(org) as uow:
        uow.stamp()
        uow.insert_facts([(written, 1)])
    with engine.store.read(org) as uow:
        [read] = uow.get_facts(["f-read-back"])
    moments = {"timestamp", "expires_at", "invalidated_at"}  # stored as UTC, without a zone
    assert read.model_dump(exclude=moments) == written.model_dump(exclude=moments)
    assert read == Fact.model_validate(read.model_dump())
    assert isinstance(read.scope, Scope) and isinstance(read.memory_type, MemoryType)
    assert isinstance(read.constraint_type, ConstraintType)
    assert read.model_copy(update={"key": "other"}).model_fields_set == read.model_fields_set
    engine.close()
