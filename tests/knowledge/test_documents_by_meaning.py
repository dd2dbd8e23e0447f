"""Documents found by meaning: with an embedder, chunks are embedded once stored and a
context ranks the chunks nearest its query together with those matching its words. The
permission checker is still asked about every candidate, and a document its reader may
not read is nowhere, whichever search found it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import psycopg
import pytest

from statekeeper import Context, Document, Engine, Principal
from statekeeper.store.documents import ChunkRow
from tests.conftest import ALICE, BOB, ON_POSTGRES
from tests.embeddings.word_vectors import Words, make_embedder, words  # noqa: F401
from tests.knowledge.conftest import ADMIN_URIS, HashedWords, raw

PETS = "The office dog is called Rex and sleeps under the front desk."
GARAGE = "Parking is free in the east garage for every employee with a badge."
MASCOT = "The canine mascot answers to Biscuit and costs 5000 a year."  # no word of the query
ASKED = "What is our puppy called?"  # "called" is PETS' word; "puppy" is near "dog", "canine"

Open = Callable[..., Engine]


class Counting:
    """A permission checker that records its questions, and answers from a table the test
    changes between contexts."""

    def __init__(self, allowed: dict[tuple[str, str], bool]) -> None:
        self.allowed = allowed
        self.asked: list[tuple[str, str]] = []

    def __call__(self, principal: Principal, document: Document) -> bool:
        self.asked.append((principal.user, document.id))
        return self.allowed.get((principal.user, document.id), False)


def _everywhere(context: Context, secret: str) -> bool:
    told = [context.text, *context.included]
    told += [f"{o.reason} {o.fact_id or ''} {o.detail}" for o in context.omitted]
    return any(secret in part for part in told)


def _vectors(location: str) -> list[tuple[Any, ...]]:
    return raw(
        location, "SELECT org_id, doc_id, chunk_index, model FROM chunk_embeddings ORDER BY 1, 2, 3"
    )


def test_chunks_are_embedded_and_found_by_meaning(
    open_meaning: Open, meaning_location: str
) -> None:
    engine = open_meaning()
    s = engine.session(ALICE)
    s.add_document("pets", PETS)
    s.add_document("garage", GARAGE)
    assert _vectors(meaning_location) == [
        ("acme", "garage", 0, "hashed-words"),
        ("acme", "pets", 0, "hashed-words"),
    ]
    found = s.context("What is our puppy named?").text  # none of its words is in PETS
    assert "[pets] The office dog is called Rex" in found
    assert "garage" not in found  # near nothing asked: no chunk is shown for being nearest
    by_words = open_meaning(embedder=None).session(ALICE)
    assert "Rex" not in by_words.context("What is our puppy named?").text


def test_words_and_meaning_are_ranked_together(open_meaning: Open) -> None:
    s = open_meaning().session(ALICE)
    s.add_document("pets", PETS)
    s.add_document("garage", GARAGE)
    text = s.context("Is parking free, and where does our puppy sleep?").text
    assert "Rex" in text and "east garage" in text  # one by its words, one by meaning


def test_facts_stay_full_text_on_sqlite(open_meaning: Open, embedder: HashedWords) -> None:
    engine = open_meaning()
    assert (engine.similarity is None) == (engine.store.dialect == "sqlite")
    engine.session(ALICE).write("mascot_name", "Biscuit")
    if engine.store.dialect == "sqlite":
        assert embedder.calls == []  # no fact is embedded where it cannot be searched


def test_a_withheld_document_is_never_reached_by_its_vector(open_meaning: Open) -> None:
    engine = open_meaning()
    engine.session(ALICE).add_document("pets", PETS)
    engine.session(ALICE).add_document("mascot", MASCOT, acl=["user:alice"])
    seen = engine.session(ALICE).context(ASKED)
    assert "Biscuit" in seen.text  # by meaning alone: none of its words was asked
    withheld = engine.session(BOB).context(ASKED)
    assert "Rex" in withheld.text
    for secret in ("Biscuit", "mascot", "canine", "5000"):
        assert not _everywhere(withheld, secret)


def test_the_checker_is_asked_about_every_candidate_on_every_context(open_meaning: Open) -> None:
    checker = Counting({("bob", "pets"): True})
    engine = open_meaning(permissions=checker)
    checker.allowed[("alice", "pets")] = checker.allowed[("alice", "mascot")] = True
    engine.session(ALICE).add_document("pets", PETS)
    engine.session(ALICE).add_document("mascot", MASCOT)
    checker.asked.clear()
    first = engine.session(BOB).context(ASKED)
    assert "Rex" in first.text and not _everywhere(first, "Biscuit")
    assert sorted(checker.asked) == [("bob", "mascot"), ("bob", "pets")]  # once each
    checker.allowed[("bob", "mascot")] = True  # the directory changed: asked anew
    assert "Biscuit" in engine.session(BOB).context(ASKED).text
    checker.allowed[("bob", "mascot")] = False
    assert not _everywhere(engine.session(BOB).context(ASKED), "Biscuit")
    assert checker.asked.count(("bob", "mascot")) == 3


def test_withheld_documents_crowding_the_nearest_are_searched_past(open_meaning: Open) -> None:
    engine = open_meaning()
    alice = engine.session(ALICE)
    for n in range(60):  # nearer the query than PETS, and none of them Bob's
        alice.add_document(
            f"kennel-{n:02}", f"Puppy log {n}: our puppy is called Shadow.", acl=["user:alice"]
        )
    alice.add_document("pets", PETS)
    told = engine.session(BOB).context(ASKED, budget=2000)
    assert "Rex" in told.text and not _everywhere(told, "Shadow")
    assert "Shadow" in alice.context(ASKED, budget=2000).text


def test_organizations_are_walls_for_vectors_too(open_meaning: Open, meaning_location: str) -> None:
    checker = Counting({("gus", "pets"): True, ("bob", "pets"): True})
    engine = open_meaning(permissions=checker)
    engine.session(Principal(org="globex", user="gus")).add_document("pets", MASCOT)
    engine.session(Principal(org="acme", user="alice")).add_document("handbook", GARAGE)
    checker.asked.clear()
    told = engine.session(BOB).context(ASKED)
    assert not _everywhere(told, "Biscuit")
    assert not [asked for asked in checker.asked if asked[1] == "pets"]  # globex's: never asked
    assert {row[0] for row in _vectors(meaning_location)} == {"acme", "globex"}


def test_replacing_or_removing_a_document_takes_its_vectors(
    open_meaning: Open, meaning_location: str
) -> None:
    engine = open_meaning()
    s = engine.session(ALICE)
    s.add_document("pets", PETS + "\n\n" + GARAGE * 12)
    chunks = s.documents()[0].chunks
    assert chunks > 1 and len(_vectors(meaning_location)) == chunks
    s.add_document("pets", "The office cat is called Tom.")
    assert _vectors(meaning_location) == [("acme", "pets", 0, "hashed-words")]
    assert "Rex" not in s.context("What is our puppy named?").text
    # A vector computed from the old text before the replacement is not stored.
    with engine.store.write("acme") as uow:
        uow.put_chunk_vectors("hashed-words", [(ChunkRow("pets", 1, GARAGE), [1.0] * 256)])
    assert len(_vectors(meaning_location)) == 1
    s.remove_document("pets")
    assert _vectors(meaning_location) == []


def test_a_failing_embedder_costs_no_document(
    open_meaning: Open, embedder: HashedWords, meaning_location: str
) -> None:
    engine = open_meaning()
    assert engine.documents_by_meaning is not None
    moment = [0.0]
    engine.documents_by_meaning.clock = lambda: moment[0]
    if engine.similarity is not None:  # PostgreSQL: the facts' search embeds the query
        engine.similarity.clock = lambda: moment[0]
    embedder.down = True
    s = engine.session(ALICE)
    s.add_document("pets", PETS)  # stands, unembedded
    assert [d.id for d in s.documents()] == ["pets"] and _vectors(meaning_location) == []
    assert "Rex" in s.context("Where does the dog sleep?").text  # its words still find it
    embedder.down = False
    calls = len(embedder.calls)
    s.context("What is our puppy named?")  # the embedder rests after a failure
    assert len(embedder.calls) == calls
    moment[0] += 60
    assert "Rex" in s.context("What is our puppy named?").text  # the backlog, then found
    assert len(_vectors(meaning_location)) == 1


def test_a_bad_reply_stores_no_vector(open_meaning: Open, meaning_location: str) -> None:
    class Short(HashedWords):
        def embed(self, texts: Any) -> list[list[float]]:
            return [vector[:-1] for vector in super().embed(texts)]

    s = open_meaning(embedder=Short()).session(ALICE)
    s.add_document("pets", PETS)
    assert _vectors(meaning_location) == [] and "Rex" in s.context("Is the dog called Rex?").text


def test_documents_stored_before_the_embedder_are_embedded_on_first_use(
    open_meaning: Open, embedder: HashedWords, meaning_location: str
) -> None:
    engine = open_meaning()
    open_meaning(embedder=None).session(ALICE).add_document("pets", PETS)
    assert _vectors(meaning_location) == []
    assert "Rex" in engine.session(BOB).context("What is our puppy named?").text
    assert PETS in embedder.texts() and len(_vectors(meaning_location)) == 1
    other = open_meaning(embedder=None)
    other.session(ALICE).add_document("garage", GARAGE)
    assert engine.session(ALICE).backfill_embeddings() == 1
    assert engine.session(ALICE).backfill_embeddings() == 0


def test_over_an_embeddings_server(open_meaning: Open, words: Words) -> None:  # noqa: F811
    s = open_meaning(embedder=make_embedder(words)).session(ALICE)
    s.add_document("pets", PETS)
    assert PETS in words.texts()
    assert "Rex" in s.context("What is our puppy named?").text
    assert "What is our puppy named?" in words.texts()


def test_consolidation_clusters_with_the_engines_embedder(
    open_meaning: Open, embedder: HashedWords
) -> None:
    engine = open_meaning()
    junior = engine.session(Principal(org="acme", user="bot"), capability="calendar")
    for said in (
        "The dog barked at the courier",
        "Our puppy barked at the mailman",
        "The canine barked again at delivery",
    ):
        junior.learn(said)
    engine.consolidate(org="acme", capability="calendar")
    assert "Our puppy barked at the mailman" in embedder.texts()


@pytest.mark.skipif(not ON_POSTGRES, reason="STATEKEEPER_TEST_BACKEND=postgres")
def test_chunk_vectors_sit_behind_row_level_security(
    open_meaning: Open, meaning_location: str
) -> None:
    engine = open_meaning()
    engine.session(ALICE).add_document("pets", PETS)
    engine.session(Principal(org="globex", user="gus")).add_document("memo", GARAGE)
    with psycopg.connect(ADMIN_URIS[meaning_location]) as conn:
        forced = conn.execute(
            "SELECT relrowsecurity AND relforcerowsecurity FROM pg_class "
            "WHERE relname = 'chunk_embeddings'"
        ).fetchone()
        assert forced == (True,)
        conn.execute("SET ROLE statekeeper_app")
        conn.execute("SELECT set_config('statekeeper.org', 'acme', false)")
        orgs = {row[0] for row in conn.execute("SELECT org_id FROM chunk_embeddings")}
        assert orgs == {"acme"}
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute("UPDATE chunk_embeddings SET org_id = 'globex' WHERE org_id = 'acme'")


def test_a_search_follows_what_another_engine_changed(open_meaning: Open) -> None:
    first, second = open_meaning(), open_meaning()  # as two processes on one store
    first.session(ALICE).add_document("pets", PETS)
    assert "Rex" in first.session(BOB).context("What is our puppy named?").text
    second.session(ALICE).add_document("pets", "The office cat answers to Tom.")
    second.session(ALICE).add_document("mascot", MASCOT)
    told = first.session(BOB).context("What is our puppy named?").text
    assert "Biscuit" in told  # the new vectors, not those the first engine had seen:
    assert "Rex" not in told and "Tom" not in told  # the old one would have placed Tom
    second.session(ALICE).remove_document("mascot")
    assert "Biscuit" not in first.session(BOB).context("What is our puppy named?").text


def test_no_query_is_embedded_where_there_is_nothing_to_compare(
    open_meaning: Open, embedder: HashedWords
) -> None:
    engine = open_meaning()
    s = engine.session(ALICE)
    s.context("What is our puppy named?")
    s.write("mascot_name", "Biscuit")
    if engine.similarity is None:  # SQLite: no document, so no vector to compare with
        assert embedder.calls == []
    s.add_document("pets", PETS)
    s.context("What is our puppy named?")
    assert ["What is our puppy named?"] in embedder.calls
