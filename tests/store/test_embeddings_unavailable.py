"""An embedder on a store that cannot keep embeddings is refused, naming what is missing."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest

from statekeeper import Engine
from statekeeper.errors import EmbeddingsUnavailableError, StoreError
from statekeeper.llm.embeddings import OpenAIEmbedder

# Never called: the store is refused before any text is embedded.
EMBEDDER = OpenAIEmbedder("any-model", 8, base_url="http://127.0.0.1:9/v1")


def test_sqlite_refuses_an_embedder(tmp_path: Path) -> None:
    with pytest.raises(EmbeddingsUnavailableError) as info:
        Engine.open(tmp_path / "state.db", embedder=EMBEDDER)
    assert isinstance(info.value, StoreError)
    assert "pgvector" in str(info.value) and "sqlite" in str(info.value)
    with Engine.open(tmp_path / "state.db") as engine:  # the store itself is fine
        assert engine.store.dialect == "sqlite"


def test_postgresql_without_pgvector_refuses_an_embedder_and_still_opens_without(
    postgres_url: str,
) -> None:
    with psycopg.connect(postgres_url) as conn:
        has_vector = conn.execute(
            "SELECT count(*) FROM pg_available_extensions WHERE name = 'vector'"
        ).fetchone()
    assert has_vector == (0,), "this test needs the test server to lack pgvector"
    with pytest.raises(EmbeddingsUnavailableError, match="extension 'vector' \\(pgvector\\)"):
        Engine.open(postgres_url, embedder=EMBEDDER)
    with Engine.open(postgres_url) as engine:
        assert engine.similarity is None
    with psycopg.connect(postgres_url) as conn:
        assert conn.execute("SELECT to_regclass('fact_embeddings')").fetchone() == (None,)
