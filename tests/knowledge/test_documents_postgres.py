"""On PostgreSQL, the documents tables sit behind row-level security by organization too."""

from __future__ import annotations

import pytest

from statekeeper import Engine, Principal
from statekeeper.store.documents import DOCUMENT_TABLES
from tests import pg
from tests.conftest import ALICE, ON_POSTGRES

pytestmark = pytest.mark.skipif(not ON_POSTGRES, reason="STATEKEEPER_TEST_BACKEND=postgres")


def test_a_connection_bound_to_one_org_sees_only_its_documents(
    engine: Engine, location: str
) -> None:
    import psycopg

    engine.session(ALICE).add_document("handbook", "Refunds take 14 days.")
    engine.session(Principal(org="globex", user="gus")).add_document("memo", "Globex memo.")
    with psycopg.connect(pg.as_admin(location)) as conn:
        flags = dict(
            conn.execute(
                "SELECT relname, relrowsecurity AND relforcerowsecurity FROM pg_class "
                "WHERE relname = ANY(%s)",
                (list(DOCUMENT_TABLES),),
            ).fetchall()
        )
        assert flags == {table: True for table in DOCUMENT_TABLES}
        conn.execute("SET ROLE statekeeper_app")
        conn.execute("SELECT set_config('statekeeper.org', 'acme', false)")
        for table in DOCUMENT_TABLES:
            orgs = {row[0] for row in conn.execute(f"SELECT org_id FROM {table}")}
            assert orgs == {"acme"}
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute(
                "INSERT INTO documents (org_id, doc_id, text, chunk_count, added_at, added_by) "
                "VALUES ('globex', 'planted', 'x', 0, now(), 'mallory')"
            )
