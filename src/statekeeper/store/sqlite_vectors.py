"""Chunk vectors on SQLite: the table, and the nearest chunks found by comparing a query
with every vector of the organization.

Each vector is stored at unit length as float32 bytes, with its model and dimensions. A
search compares the query with all of the organization's vectors of the model at once, in
memory: a process keeps them, per store and organization, until the organization's mark
changes. Triggers bump the mark on every insert, update and delete of a vector (a
document's removal cascades to its vectors and fires them too), whichever process wrote,
so a search never ranks by vectors the database no longer holds.

NumPy is imported by the functions that compute, not with the module: the engine imports
this module whether or not a store holds vectors, and NumPy is a tenth of its import time.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from sqlalchemy import text, tuple_
from sqlalchemy.engine import Connection, Engine

from statekeeper.store.documents import ChunkRow, document_chunks

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

_BUMP = """INSERT INTO chunk_embedding_marks (org_id, mark) VALUES ({row}.org_id, 1)
           ON CONFLICT (org_id) DO UPDATE SET mark = mark + 1"""

# What migration 0011 creates.
SQLITE_SCHEMA = [
    """CREATE TABLE chunk_embeddings (
        org_id TEXT NOT NULL,
        doc_id TEXT NOT NULL,
        chunk_index INTEGER NOT NULL,
        model TEXT NOT NULL,
        dimensions INTEGER NOT NULL,
        vector BLOB NOT NULL,
        PRIMARY KEY (org_id, doc_id, chunk_index),
        FOREIGN KEY (org_id, doc_id, chunk_index)
            REFERENCES document_chunks (org_id, doc_id, chunk_index) ON DELETE CASCADE
    )""",
    """CREATE TABLE chunk_embedding_marks (
        org_id TEXT NOT NULL PRIMARY KEY,
        mark INTEGER NOT NULL
    )""",
    f"""CREATE TRIGGER chunk_embeddings_added AFTER INSERT ON chunk_embeddings
        BEGIN {_BUMP.format(row="new")}; END""",
    f"""CREATE TRIGGER chunk_embeddings_changed AFTER UPDATE ON chunk_embeddings
        BEGIN {_BUMP.format(row="new")}; END""",
    f"""CREATE TRIGGER chunk_embeddings_removed AFTER DELETE ON chunk_embeddings
        BEGIN {_BUMP.format(row="old")}; END""",
]
SQLITE_TABLES = ("chunk_embeddings", "chunk_embedding_marks")

HELD_PER_STORE = 16  # organizations' vectors a process keeps for one store, at most

_MARK = text("SELECT mark FROM chunk_embedding_marks WHERE org_id = :org")
_VECTORS = text(
    """SELECT doc_id, chunk_index, vector FROM chunk_embeddings
       WHERE org_id = :org AND model = :model AND dimensions = :dimensions
       ORDER BY doc_id, chunk_index"""
)
_C = document_chunks.c


@dataclass(frozen=True)
class _Held:
    mark: int
    keys: list[tuple[str, int]]
    matrix: NDArray[np.float32]


_held: WeakKeyDictionary[Engine, OrderedDict[tuple[str, str, int], _Held]] = WeakKeyDictionary()
_lock = threading.Lock()


def unit(vector: Sequence[float]) -> NDArray[np.float64]:
    import numpy as np

    array = np.asarray(vector, dtype=np.float64)
    norm = float(np.linalg.norm(array))
    return array / norm if norm > 0 else array


def packed(vector: Sequence[float]) -> bytes:
    """A vector as it is stored: unit length, float32, little-endian."""
    return unit(vector).astype("<f4").tobytes()


def nearest(
    conn: Connection, org: str, model: str, query: Sequence[float], limit: int, least: float
) -> list[ChunkRow]:
    """The organization's chunks nearest `query`, nearest first, with a cosine similarity
    of at least `least`; ties in the order of their ids."""
    import numpy as np

    held = _vectors(conn, org, model, len(query))
    if not held.keys:
        return []
    scores = held.matrix @ unit(query).astype(np.float32)
    count = len(held.keys)
    threshold = least
    if count > limit:  # the best `limit`, and whatever ties the last of them
        threshold = max(least, float(np.partition(scores, count - limit)[count - limit]))
    candidates = [int(n) for n in np.flatnonzero(scores >= threshold)]
    best = sorted(candidates, key=lambda n: (-float(scores[n]), held.keys[n]))[:limit]
    keys = [held.keys[n] for n in best]
    found = conn.execute(
        document_chunks.select()
        .with_only_columns(_C.doc_id, _C.chunk_index, _C.text)
        .where(_C.org_id == org, tuple_(_C.doc_id, _C.chunk_index).in_(keys))
    )
    said = {(doc, index): chunk for doc, index, chunk in found}
    return [ChunkRow(doc, index, said[(doc, index)]) for doc, index in keys if (doc, index) in said]


def _vectors(conn: Connection, org: str, model: str, dimensions: int) -> _Held:
    """The organization's vectors as one matrix: kept from an earlier search while the
    organization's mark, read in this transaction, is the same."""
    mark = int(conn.execute(_MARK, {"org": org}).scalar() or 0)
    key = (org, model, dimensions)
    with _lock:
        kept = _held.get(conn.engine)
        found = None if kept is None else kept.get(key)
        if kept is not None and found is not None and found.mark == mark:
            kept.move_to_end(key)
            return found
    import numpy as np

    params = {"org": org, "model": model, "dimensions": dimensions}
    rows = conn.execute(_VECTORS, params).all()
    matrix = np.frombuffer(b"".join(row[2] for row in rows), dtype="<f4").reshape(
        len(rows), dimensions
    )
    loaded = _Held(mark, [(row[0], int(row[1])) for row in rows], matrix.astype(np.float32))
    with _lock:
        kept = _held.setdefault(conn.engine, OrderedDict())
        kept[key] = loaded
        kept.move_to_end(key)
        while len(kept) > HELD_PER_STORE:
            kept.popitem(last=False)
    return loaded
