"""Facts found by meaning, on PostgreSQL with pgvector and a real embeddings server.

A memory of more than 400 live facts is ranked, not read whole: a context considers the
full-text matches, the newest facts and, with an embedder, the facts nearest the query. The
crowd of bulk facts below puts every test past that line, and the fact that matters is
written first, so only ranking can bring it back.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence

import psycopg
import pytest
from word_vectors import MODEL, Words, make_embedder, word_vector

from statekeeper import Engine, Fact, Principal, Session
from statekeeper.errors import EmbeddingError, EmbeddingsUnavailableError, InvalidInputError
from statekeeper.similarity import BACKFILL_BATCH, RETRY_AFTER
from statekeeper.store.base import EmbeddingStore, View
from statekeeper.store.vectors import literal

ALICE = Principal(org="acme", user="alice")
SYNONYM_QUERY = "what is our puppy named"  # no word in common with the fact below
FACT = "the office dog is called Rex"


def crowd(session: Session, count: int = 450) -> list[Fact]:
    return session.write_many(
        {"key": f"sku_{n}", "value": f"Widget {n} ships from the warehouse"} for n in range(count)
    )


def embeddings(url: str, org: str) -> dict[str, str]:
    """fact id: model, of the organization's stored embeddings, read as its own app role."""
    with psycopg.connect(url) as conn:
        conn.execute("SET ROLE statekeeper_app")
        conn.execute("SELECT set_config('statekeeper.org', %s, false)", (org,))
        return dict(conn.execute("SELECT fact_id, model FROM fact_embeddings").fetchall())


def rest_over(engine: Engine) -> None:
    """Move the engine's embedder clock past the rest that follows a failure."""
    assert engine.similarity is not None
    later = time.monotonic() + RETRY_AFTER + 1
    engine.similarity.clock = lambda: later


def test_a_fact_close_in_meaning_reaches_the_context(engine: Engine, vector_url: str) -> None:
    alice = engine.session(ALICE)
    alice.write("pet", FACT)
    crowd(alice)
    assert "Rex" in alice.context(SYNONYM_QUERY).text
    with Engine.open(vector_url) as plain:  # the control: full text alone misses it
        assert "Rex" not in plain.session(ALICE).context(SYNONYM_QUERY).text


def test_every_written_fact_is_embedded_once_after_it_commits(
    engine: Engine, vector_url: str, words: Words
) -> None:
    alice = engine.session(ALICE)
    fact = alice.write("pet", FACT)
    crowd(alice, 10)
    stored = embeddings(vector_url, "acme")
    assert len(stored) == 11 and stored[fact.id] == MODEL
    assert words.texts().count("pet: " + FACT) == 1


def test_a_superseded_fact_never_comes_back_through_similarity(
    engine: Engine, vector_url: str
) -> None:
    alice = engine.session(ALICE)
    old = alice.write("pet", FACT)
    crowd(alice)
    new = alice.write("pet", "the office dog is called Max", supersedes="pet")
    assert old.id not in embeddings(vector_url, "acme")  # the trigger deleted it
    text = alice.context(SYNONYM_QUERY).text
    assert "Max" in text and "Rex" not in text
    # Even an embedding that outlived its fact is never matched: searches join live facts.
    with psycopg.connect(vector_url) as conn:
        conn.execute("SET ROLE statekeeper_app")
        conn.execute("SELECT set_config('statekeeper.org', 'acme', false)")
        conn.execute(
            "INSERT INTO fact_embeddings VALUES ('acme', %s, %s, %s::vector)",
            (old.id, MODEL, literal(word_vector(FACT))),
        )
    assert isinstance(engine.store, EmbeddingStore)
    query = word_vector(SYNONYM_QUERY)
    found = engine.store.similar_facts(View("acme", "alice"), MODEL, query, 20)
    assert old.id not in found and new.id in found
    assert "Rex" not in alice.context(SYNONYM_QUERY).text


def test_forgetting_a_fact_deletes_its_embedding(engine: Engine, vector_url: str) -> None:
    alice = engine.session(ALICE)
    fact = alice.write("pet", FACT)
    assert fact.id in embeddings(vector_url, "acme")
    alice.forget(fact.id)
    assert fact.id not in embeddings(vector_url, "acme")


def test_another_organization_is_never_found_by_similarity(engine: Engine) -> None:
    other = engine.session(Principal(org="globex", user="gina"))
    other.write("pet", FACT)
    alice = engine.session(ALICE)
    own = crowd(alice)
    assert "Rex" not in alice.context(SYNONYM_QUERY).text
    assert isinstance(engine.store, EmbeddingStore)
    query = word_vector(SYNONYM_QUERY)
    found = engine.store.similar_facts(View("acme", "alice"), MODEL, query, 500)
    assert set(found) == {f.id for f in own}


def test_another_users_private_fact_is_never_found(engine: Engine) -> None:
    alice = engine.session(ALICE)
    private = alice.write("pet", FACT, memory_type="user")
    shared = alice.write("car", "the team car is a blue van", memory_type="organizational")
    assert isinstance(engine.store, EmbeddingStore)
    query = word_vector(SYNONYM_QUERY)
    assert private.id in engine.store.similar_facts(View("acme", "alice"), MODEL, query, 5)
    found = engine.store.similar_facts(View("acme", "bob"), MODEL, query, 5)
    assert private.id not in found and shared.id in found


def test_a_failing_embedder_loses_no_fact_and_is_caught_up_later(
    engine: Engine, vector_url: str, words: Words, caplog: pytest.LogCaptureFixture
) -> None:
    alice = engine.session(ALICE)
    words.down = True
    with caplog.at_level(logging.WARNING, logger="statekeeper.similarity"):
        fact = alice.write("pet", FACT)
        crowd(alice)
    assert "embedding facts or turns of 'acme' failed" in caplog.text
    assert alice.get("pet").value == FACT
    assert embeddings(vector_url, "acme") == {}
    # Full text still finds it, and contexts work while the embedder rests after its
    # failure, without asking it at all.
    asked = len(words.requests)
    assert "Rex" in alice.context("which dog is in the office").text
    assert len(words.requests) == asked
    words.down = False
    rest_over(engine)
    # The next context embeds a batch of the backlog, oldest first, and finds it by meaning.
    assert "Rex" in alice.context(SYNONYM_QUERY).text
    assert fact.id in embeddings(vector_url, "acme")
    assert len(embeddings(vector_url, "acme")) == BACKFILL_BATCH
    assert alice.backfill_embeddings() == 451 - BACKFILL_BATCH
    assert len(embeddings(vector_url, "acme")) == 451
    assert alice.backfill_embeddings() == 0


def test_facts_written_before_the_embedder_was_attached_are_embedded(
    vector_url: str, words: Words
) -> None:
    with Engine.open(vector_url) as plain:
        plain.session(ALICE).write("pet", FACT)
    with Engine.open(vector_url, embedder=make_embedder(words)) as engine:
        alice = engine.session(ALICE)
        assert "Rex" in alice.context(SYNONYM_QUERY).text
        assert len(embeddings(vector_url, "acme")) == 1


def test_a_bad_reply_loses_no_fact_and_an_explicit_backfill_reports_it(
    engine: Engine, vector_url: str, words: Words
) -> None:
    alice = engine.session(ALICE)
    words.replies = [{"data": [{"index": 0, "embedding": [1.0, 2.0]}]}]
    alice.write("pet", FACT)
    assert alice.get("pet").value == FACT and embeddings(vector_url, "acme") == {}
    words.replies = [{"data": [{"index": 0, "embedding": ["one"] * words.dimensions}]}]
    with pytest.raises(EmbeddingError, match="not a number"):
        alice.backfill_embeddings()
    assert alice.backfill_embeddings() == 1


def test_an_embedder_of_other_dimensions_is_refused_by_name(
    engine: Engine, vector_url: str, words: Words
) -> None:
    engine.session(ALICE).write("pet", FACT)
    with pytest.raises(
        EmbeddingsUnavailableError, match="32 dimensions, but this database's hold 64"
    ) as refused:
        Engine.open(vector_url, embedder=make_embedder(words, dimensions=32))
    # The remedy the error names: drop the tables; writes go on, and new ones are made.
    assert "DROP TABLE fact_embeddings, turn_embeddings" in str(refused.value)
    with psycopg.connect(vector_url) as conn:
        conn.execute("DROP TABLE fact_embeddings, turn_embeddings")
    engine.session(ALICE).write("pet", "the office dog is called Max", supersedes="pet")
    words.dimensions = 32
    with Engine.open(vector_url, embedder=make_embedder(words)) as smaller:
        assert "Max" in smaller.session(ALICE).context(SYNONYM_QUERY).text
    assert len(embeddings(vector_url, "acme")) == 1


@pytest.mark.parametrize("embedder", [object(), "openai:text-embedding-3-small"])
def test_something_that_is_not_an_embedder_is_refused(vector_url: str, embedder: object) -> None:
    with pytest.raises(InvalidInputError, match="embedder"):
        Engine.open(vector_url, embedder=embedder)  # type: ignore[arg-type]


def test_a_backfill_needs_an_embedder(vector_url: str) -> None:
    with Engine.open(vector_url) as plain, pytest.raises(EmbeddingsUnavailableError):
        plain.session(ALICE).backfill_embeddings()


def test_a_server_without_btree_gin_still_ranks_by_full_text(
    engine: Engine, vector_url: str
) -> None:
    """pgserver ships no contrib modules: the turns' full-text index is built on tsv alone,
    and facts are found by the store's ranking index."""
    with psycopg.connect(vector_url) as conn:
        definition = conn.execute(
            "SELECT indexdef FROM pg_indexes WHERE indexname = 'ix_transcript_tsv'"
        ).fetchone()
    assert definition is not None and "gin (tsv)" in definition[0]
    alice = engine.session(ALICE)
    fact = alice.write("pet", FACT)
    alice.write("car", "the team car is a blue van")
    with engine.store.read("acme") as uow:
        found = uow.search_valid_facts(View("acme", "alice"), ["office", "dog"], 5)
    assert [f.id for f in found] == [fact.id]


class Lopsided:
    """An embedder of the engine's own protocol, no HTTP, whose vectors are too short."""

    model = "lopsided"
    dimensions = 8

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return [[1.0, 2.0, 3.0] for _ in texts]


def test_any_embedders_vectors_are_checked_before_they_are_stored(vector_url: str) -> None:
    with Engine.open(vector_url, embedder=Lopsided()) as engine:
        alice = engine.session(ALICE)
        alice.write("pet", FACT)
        assert alice.get("pet").value == FACT
        assert "Rex" in alice.context("office dog").text
        with pytest.raises(EmbeddingError, match="vector 0 has 3 dimensions, expected 8"):
            alice.backfill_embeddings()
    assert embeddings(vector_url, "acme") == {}


def test_after_a_failure_contexts_wait_for_no_embedder_until_its_rest_is_over(
    engine: Engine, words: Words
) -> None:
    alice = engine.session(ALICE)
    alice.write("pet", FACT)
    words.down = True
    alice.context(SYNONYM_QUERY)  # the failure: two attempts
    asked = len(words.requests)
    for _ in range(5):
        assert "Rex" in alice.context("which dog is in the office").text
        alice.write("note", "the dog walker comes at noon")
    assert len(words.requests) == asked  # neither contexts nor writes called it
    words.down = False
    rest_over(engine)
    assert "Rex" in alice.context(SYNONYM_QUERY).text
    assert len(words.requests) > asked
