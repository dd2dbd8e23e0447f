"""A turn taken back leaves no vector, on PostgreSQL with pgvector and a real embeddings
server: what it said can be found neither by its words nor by its meaning."""

from __future__ import annotations

from test_turn_similarity import QUERY, SAID, chatter, turn_vectors

from statekeeper import Engine, Principal

ALICE = Principal(org="acme", user="alice")


def test_a_popped_turn_takes_its_vector_with_it(engine: Engine, vector_url: str) -> None:
    alice = engine.session(ALICE)
    chatter(alice, 2)
    turn = alice.add_turn("alice", SAID)
    key = ("alice", "default", turn.index)
    assert key in turn_vectors(vector_url, "acme")
    assert alice.pop_turn() == turn
    assert key not in turn_vectors(vector_url, "acme")
    assert len(turn_vectors(vector_url, "acme")) == 2
    chatter(alice)
    assert "Rex" not in alice.context(QUERY).text
