"""An embedder on a store that cannot keep what it makes is refused, naming what is
missing; SQLite keeps it for documents alone."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest

from statekeeper import Engine
from statekeeper.errors import EmbeddingsUnavailableError, InvalidInputError
from statekeeper.llm.embeddings import OpenAIEmbedder

# Never called: nothing is embedded when a store opens.
EMBEDDER = OpenAIEmbedder("any-model", 8, base_url="http://127.0.0.1:9/v1")


def test_sqlite_keeps_an_embedder_for_documents_only(tmp_path: Path) -> None:
    with Engine.open(tmp_path / "state.db", embedder=EMBEDDER) as engine:
        assert engine.store.dialect == "sqlite"
        assert engine.similarity is None  # facts and turns: full text on SQLite
        assert engine.documents_by_meaning is not None
        assert engine.documents_by_meaning.embedder is EMBEDDER
    with Engine.open(tmp_path / "state.db") as engine:  # and the store opens without it
        assert engine.documents_by_meaning is None
    with pytest.raises(InvalidInputError, match="embedder"):  # a bad one is still refused
        Engine.open(tmp_path / "other.db", embedder=object())


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
        assert conn.execute("SELECT to_regclass('chunk_embeddings')").fetchone() == (None,)
