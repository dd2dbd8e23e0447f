"""Past turns found by meaning, on PostgreSQL with pgvector and a real embeddings server.

A turn said long ago that shares no word with the question is out of the full-text
search's reach; with an embedder it is recalled, under the same hygiene as every recalled
turn. The chatter below pushes it out of the recent turns, so only recall can bring it back.
"""

from __future__ import annotations

import json
from pathlib import Path

import psycopg
from click.testing import CliRunner
from word_vectors import DIMENSIONS, MODEL, Words

from statekeeper import Engine, Principal, Session
from statekeeper.cli import main
from tests.bench.recall_samples import locomo_sample, write_json

ALICE = Principal(org="acme", user="alice")
BOB = Principal(org="acme", user="bob")
QUERY = "what is our puppy named"  # no word in common with the turn below
SAID = "the office dog is called Rex"


def chatter(session: Session, count: int = 12) -> None:
    for n in range(count):
        session.add_turn("alice", f"shipment {n} left the warehouse on time")


def turn_vectors(url: str, org: str) -> dict[tuple[str, str, int], str]:
    """(user, task, index): model of the organization's turn embeddings, read raw."""
    with psycopg.connect(url) as conn:
        conn.execute("SET ROLE statekeeper_app")
        conn.execute("SELECT set_config('statekeeper.org', %s, false)", (org,))
        rows = conn.execute("SELECT user_id, task_id, turn_index, model FROM turn_embeddings")
        return {(user, task, index): model for user, task, index, model in rows}


def test_a_turn_close_in_meaning_is_recalled(engine: Engine, vector_url: str) -> None:
    alice = engine.session(ALICE)
    alice.add_turn("alice", SAID)
    chatter(alice)
    assert "Rex" in alice.context(QUERY).text
    with Engine.open(vector_url) as plain:  # the control: full text alone misses it
        assert "Rex" not in plain.session(ALICE).context(QUERY).text


def test_every_archived_turn_is_embedded_once(
    engine: Engine, vector_url: str, words: Words
) -> None:
    alice = engine.session(ALICE)
    alice.add_turn("alice", SAID)
    chatter(alice, 3)
    assert len(turn_vectors(vector_url, "acme")) == 4
    assert words.texts().count(SAID) == 1


def test_another_users_turn_is_never_recalled_by_meaning(engine: Engine) -> None:
    bob = engine.session(BOB)
    bob.add_turn("bob", SAID)
    alice = engine.session(ALICE)
    chatter(alice)
    assert "Rex" not in alice.context(QUERY).text


def test_a_dead_value_stays_masked_in_a_turn_found_by_meaning(engine: Engine) -> None:
    alice = engine.session(ALICE)
    alice.write("office_dog", "Rex")
    alice.add_turn("alice", SAID)
    chatter(alice)
    alice.write("office_dog", "Max", supersedes="office_dog")
    text = alice.context(QUERY).text
    assert "Rex" not in text and "Max" in text


def test_a_redacted_turn_loses_its_vector_and_is_embedded_anew(
    engine: Engine, vector_url: str, words: Words
) -> None:
    alice = engine.session(ALICE)
    fact = alice.write("office_dog", "Rex")
    turn = alice.add_turn("alice", SAID)
    chatter(alice)
    key = ("alice", "default", turn.index)
    assert key in turn_vectors(vector_url, "acme")
    alice.forget(fact.id)
    assert key not in turn_vectors(vector_url, "acme")  # the trigger took the old words' vector
    assert "Rex" not in alice.context(QUERY).text
    assert key in turn_vectors(vector_url, "acme")  # the context's backfill embedded it anew
    assert not any("Rex" in text for text in words.texts()[-3:])


def test_erasing_a_user_leaves_no_turn_vector(engine: Engine, vector_url: str) -> None:
    alice = engine.session(ALICE)
    alice.add_turn("alice", SAID)
    engine.session(BOB).add_turn("bob", "the lobby plant needs water")
    engine.erase_user("acme", "alice")
    assert {user for user, _, _ in turn_vectors(vector_url, "acme")} == {"bob"}


def test_a_failing_embedder_loses_no_turn_and_catches_up(
    engine: Engine, vector_url: str, words: Words
) -> None:
    alice = engine.session(ALICE)
    words.down = True
    alice.add_turn("alice", SAID)
    assert turn_vectors(vector_url, "acme") == {}
    words.down = False
    chatter(alice, 1)  # still resting after the failure: nothing is asked of the embedder
    assert alice.backfill_embeddings() == 2
    assert len(turn_vectors(vector_url, "acme")) == 2


def test_the_recall_bench_replays_with_an_embedder(
    vector_url: str, words: Words, tmp_path: Path
) -> None:
    data = write_json(tmp_path / "locomo.json", [locomo_sample()])
    figures = tmp_path / "f.json"
    options = ["--embed-with", MODEL, "--embed-dimensions", str(DIMENSIONS)]
    result = CliRunner().invoke(
        main,
        [
            "bench", "locomo", "--data", str(data), "--json", str(figures), "--url", vector_url,
            *options, "--embed-base-url", words.url,
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    per = json.loads(figures.read_text())["methods"]["statekeeper"]["per_category"]
    assert {category: figure["found"] for category, figure in per.items()} == {"2": 1, "4": 2}
    assert any("The kayak flipped twice." in text for text in words.texts())
