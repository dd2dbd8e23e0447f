"""The embeddings table keeps PostgreSQL's wall between organizations."""

from __future__ import annotations

import psycopg
import pytest
from word_vectors import MODEL, Words, make_embedder, word_vector

from statekeeper import Engine, Principal
from statekeeper.store import vectors
from statekeeper.store.vectors import TABLE, literal


@pytest.fixture
def seeded(vector_url: str, words: Words) -> str:
    with Engine.open(vector_url, embedder=make_embedder(words)) as engine:
        engine.session(Principal(org="acme", user="alice")).write("pet", "a dog called Rex")
        engine.session(Principal(org="globex", user="gina")).write("pet", "a cat called Tom")
    return vector_url


def _bound(conn: psycopg.Connection, org: str) -> None:
    conn.execute("SET ROLE statekeeper_app")
    conn.execute("SELECT set_config('statekeeper.org', %s, false)", (org,))


def test_row_level_security_is_enabled_and_forced(seeded: str) -> None:
    with psycopg.connect(seeded) as conn:
        row = conn.execute(
            "SELECT relrowsecurity, relforcerowsecurity FROM pg_class WHERE relname = %s",
            (TABLE,),
        ).fetchone()
    assert row == (True, True)


def test_org_id_leads_the_primary_key(seeded: str) -> None:
    with psycopg.connect(seeded) as conn:
        first = conn.execute(
            """SELECT a.attname FROM pg_index x
               JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = x.indkey[0]
               WHERE x.indrelid = %s::regclass AND x.indisprimary""",
            (TABLE,),
        ).fetchone()
    assert first == ("org_id",)


def test_a_connection_bound_to_one_org_reads_only_its_embeddings(seeded: str) -> None:
    with psycopg.connect(seeded) as conn:
        _bound(conn, "acme")
        assert {r[0] for r in conn.execute(f"SELECT org_id FROM {TABLE}")} == {"acme"}
        assert conn.execute(f"SELECT count(*) FROM {TABLE} WHERE org_id = 'globex'").fetchone() == (
            0,
        )
        # Not even by distance: the other organization's vectors are not there to rank.
        nearest = conn.execute(
            f"SELECT org_id FROM {TABLE} ORDER BY embedding <=> %s::vector",
            (literal(word_vector("a cat called Tom")),),
        ).fetchall()
        assert nearest == [("acme",)]
        conn.execute("SELECT set_config('statekeeper.org', '', false)")
        assert conn.execute(f"SELECT count(*) FROM {TABLE}").fetchone() == (0,)


def test_a_connection_cannot_write_another_orgs_embeddings(seeded: str) -> None:
    with psycopg.connect(seeded) as conn:
        _bound(conn, "acme")
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute(
                f"INSERT INTO {TABLE} VALUES ('globex', 'f-1', %s, %s::vector)",
                (MODEL, literal(word_vector("x"))),
            )
        conn.rollback()
        _bound(conn, "acme")
        deleted = conn.execute(f"DELETE FROM {TABLE} WHERE org_id = 'globex'")
        assert deleted.rowcount == 0
    with psycopg.connect(seeded) as conn:
        _bound(conn, "globex")
        assert conn.execute(f"SELECT count(*) FROM {TABLE}").fetchone() == (1,)


def test_the_nearest_facts_query_can_use_the_hnsw_index(seeded: str) -> None:
    with psycopg.connect(seeded) as conn:
        definition = conn.execute(
            "SELECT indexdef FROM pg_indexes WHERE tablename = %s AND indexdef LIKE '%%hnsw%%'",
            (TABLE,),
        ).fetchone()
        assert definition is not None and "vector_cosine_ops" in definition[0]
        _bound(conn, "acme")
        conn.execute("SET enable_seqscan = off")
        conn.execute("SET enable_sort = off")  # as when an organization has many facts
        statement = vectors._SIMILAR.text.replace(":query", "%(query)s")
        for name in ("org", "model", "user", "capability", "limit"):
            statement = statement.replace(f":{name}", f"%({name})s")
        plan = conn.execute(
            "EXPLAIN " + statement,
            {
                "org": "acme",
                "model": MODEL,
                "user": "alice",
                "capability": "",
                "limit": 5,
                "query": literal(word_vector("dog")),
            },
        ).fetchall()
    assert "ix_fact_embeddings_cosine" in "\n".join(row[0] for row in plan)
