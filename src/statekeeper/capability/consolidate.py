"""Consolidation: a capability's events clustered and abstracted into heuristics, and its
duplicated and low-quality entries retired.

It runs in three steps over one capability of one organization:

1. An event with fewer than two content words teaches nothing ("done", "ok, noted") and
   is pruned.
2. The other live events are clustered by meaning: agglomerative clustering (average
   linkage on cosine distance, SciPy's) over the engine's own text features (TF-IDF of
   stemmed content words) or, with an embedder, over embeddings. Each cluster of at least
   `min_cluster` events becomes one heuristic: a plain template by default (the most
   central event, with the words the events share), or the words of a model when one is
   given. The events are merged into it: they leave contexts and stay in history, each
   pointing to the heuristic it became.
3. What then says again what an earlier live lesson of the same level says (the same
   content words, stemmed, in the same order) is retired as its duplicate, pointing to it.

Without a model it is deterministic: the same lessons give the same heuristics and ids.
It is idempotent: with no new event, a second run finds nothing to do and writes nothing.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from statekeeper.capability.lessons import (
    CONSOLIDATION,
    DUPLICATE,
    MERGED,
    PRUNED,
    Lesson,
    Level,
    add_lesson,
    as_lesson,
    units,
)
from statekeeper.context.ranking import index_terms
from statekeeper.context.terms import content_words
from statekeeper.errors import InvalidInputError, StatekeeperError
from statekeeper.model import Frozen
from statekeeper.store.lessons import LessonEnd

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from statekeeper.embedding import Embedder
    from statekeeper.store import Store

DEFAULT_SIMILARITY = 0.3  # how alike, on average, a cluster's events are (cosine)
DEFAULT_MIN_CLUSTER = 3  # events that make a pattern
MIN_TERMS = 2  # distinct content words an event needs to teach anything
SHARED_WORDS = 4  # words of a template heuristic that name what its events share
MAX_HEURISTIC_CHARS = 600
LOW_QUALITY = "too little to learn from"
CONSOLIDATED = "consolidated into a heuristic"
REPEATED = "repeats an earlier lesson"

ABSTRACT_SYSTEM = (
    "You help an AI agent get better at its job. From observations it made while working "
    "in one capability, write ONE heuristic: a short, general rule, in one sentence, that "
    "it should follow from now on. Do not name people or quote the observations."
)
ABSTRACT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"heuristic": {"type": "string"}},
    "required": ["heuristic"],
    "additionalProperties": False,
}
_SPACE = re.compile(r"\s+")


class ConsolidationError(StatekeeperError):
    """A model's abstraction that cannot be stored as a heuristic; nothing was written."""


class Cluster(Frozen):
    """Events found alike, and the heuristic they became: written by this run (`new`), or
    an earlier live heuristic that already says what they would have been abstracted to."""

    events: tuple[str, ...]
    heuristic: str
    text: str
    new: bool = True


class ConsolidationReport(Frozen):
    """What one consolidation of a capability did."""

    org: str
    capability: str
    events: int  # live events considered
    clusters: tuple[Cluster, ...] = ()
    heuristics_written: int = 0
    events_merged: int = 0
    duplicates: tuple[str, ...] = ()  # lessons retired as repeats of earlier ones
    low_quality: tuple[str, ...] = ()  # events pruned as too thin

    @property
    def pruned(self) -> int:
        """Entries retired without becoming a heuristic: duplicates and thin events."""
        return len(self.duplicates) + len(self.low_quality)

    @property
    def changed(self) -> bool:
        return bool(self.clusters or self.duplicates or self.low_quality)


@dataclass
class _Plan:
    events: int
    low: list[Lesson] = field(default_factory=list)
    clusters: list[tuple[list[Lesson], str]] = field(default_factory=list)  # events, text
    duplicates: list[tuple[Lesson, Lesson]] = field(default_factory=list)  # repeat, kept


def consolidate(
    store: Store,
    org: str,
    capability: str,
    now: Callable[[], datetime],
    *,
    llm: Any = None,
    embedder: Embedder | None = None,
    similarity: float = DEFAULT_SIMILARITY,
    min_cluster: int = DEFAULT_MIN_CLUSTER,
) -> ConsolidationReport:
    """Consolidate one capability of one organization (arguments already checked). The
    plan is made from one read; a model, if any, is asked outside any transaction; then
    one transaction applies what is still live, so a failure writes nothing."""
    with store.read(org) as uow:
        live = [as_lesson(org, r) for r in units(uow).lesson_rows(capability)]
    plan = _plan(live, embedder, similarity, min_cluster, capability, llm)
    if not (plan.low or plan.clusters or plan.duplicates):
        return ConsolidationReport(org=org, capability=capability, events=plan.events)
    with store.write(org) as uow:
        return _apply(uow, org, capability, plan, now())


def _plan(
    live: list[Lesson],
    embedder: Embedder | None,
    similarity: float,
    min_cluster: int,
    capability: str,
    llm: Any,
) -> _Plan:
    events = [lesson for lesson in live if lesson.level == Level.EVENT]
    plan = _Plan(events=len(events))
    plan.low = [e for e in events if len(set(index_terms(e.text))) < MIN_TERMS]
    thin = {e.id for e in plan.low}
    kept = [e for e in events if e.id not in thin]
    groups = _clusters(kept, embedder, similarity, min_cluster)
    for group, central in groups:
        plan.clusters.append((group, _abstract(group, central, capability, llm)))
    merged = {e.id for group, _ in groups for e in group}
    first: dict[tuple[str, tuple[str, ...]], Lesson] = {}
    for lesson in live:
        if lesson.id in thin or lesson.id in merged:
            continue
        said = (lesson.level.value, index_terms(lesson.text))
        if said in first:
            plan.duplicates.append((lesson, first[said]))
        else:
            first[said] = lesson
    return plan


def _clusters(
    events: Sequence[Lesson], embedder: Embedder | None, similarity: float, min_cluster: int
) -> list[tuple[list[Lesson], Lesson]]:
    """Groups of at least `min_cluster` alike events, in the order of their first event,
    each with its most central event."""
    if len(events) < max(2, min_cluster):
        return []
    import numpy as np
    from scipy.cluster.hierarchy import fcluster, linkage
    from scipy.spatial.distance import pdist, squareform

    texts = [e.text for e in events]
    vectors = _embedded(embedder, texts) if embedder is not None else _features(texts)
    distances = np.nan_to_num(pdist(vectors, metric="cosine"), nan=1.0).clip(0.0, 2.0)
    labels = fcluster(linkage(distances, method="average"), t=1.0 - similarity, criterion="distance")
    members: dict[int, list[int]] = {}
    for position, label in enumerate(labels):
        members.setdefault(int(label), []).append(position)
    alike = 1.0 - squareform(distances)
    found: list[tuple[list[Lesson], Lesson]] = []
    for positions in sorted(members.values(), key=lambda p: p[0]):
        if len(positions) < min_cluster:
            continue
        closeness = alike[np.ix_(positions, positions)].sum(axis=1)
        central = positions[int(np.argmax(closeness))]  # the first of equals
        found.append(([events[p] for p in positions], events[central]))
    return found


def _features(texts: Sequence[str]) -> NDArray[np.float64]:
    """TF-IDF of each text's stemmed content words (sublinear counts, smoothed idf), one
    row per text, rows of unit length."""
    import numpy as np

    counted = [Counter(index_terms(text)) for text in texts]
    vocabulary = {term: n for n, term in enumerate(sorted({t for c in counted for t in c}))}
    matrix = np.zeros((len(texts), len(vocabulary)))
    for row, counts in enumerate(counted):
        for term, count in counts.items():
            matrix[row, vocabulary[term]] = 1.0 + math.log(count)
    present = (matrix > 0).sum(axis=0)
    matrix *= np.log((1.0 + len(texts)) / (1.0 + present)) + 1.0
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    result: NDArray[np.float64] = matrix / np.where(norms == 0, 1.0, norms)
    return result


def _embedded(embedder: Embedder, texts: Sequence[str]) -> NDArray[np.float64]:
    import numpy as np

    from statekeeper.embedding import check_vectors

    vectors = check_vectors(embedder.embed(list(texts)), len(texts), embedder.dimensions)
    return np.array(vectors, dtype=np.float64)


def _abstract(group: Sequence[Lesson], central: Lesson, capability: str, llm: Any) -> str:
    if llm is None:
        return template_heuristic(group, central)
    prompt = f"Capability: {capability}\nObservations:\n" + "\n".join(
        f"- {e.text}" for e in group
    )
    if callable(getattr(llm, "complete_json", None)):
        answer = llm.complete_json(ABSTRACT_SYSTEM, prompt, ABSTRACT_SCHEMA, "heuristic")
        said = answer.get("heuristic") if isinstance(answer, dict) else None
    else:
        said = llm.complete(ABSTRACT_SYSTEM, prompt)
    text = _SPACE.sub(" ", said).strip() if isinstance(said, str) else ""
    if not text or len(text) > MAX_HEURISTIC_CHARS or "\x00" in text:
        raise ConsolidationError(
            f"the model's heuristic for {len(group)} events of {capability!r} is empty or "
            f"longer than {MAX_HEURISTIC_CHARS} characters: {str(said)[:80]!r}"
        )
    return text


def template_heuristic(group: Sequence[Lesson], central: Lesson) -> str:
    """The deterministic abstraction: how many events, the words most of them share, and
    the most central event's own words."""
    surface: dict[str, str] = {}
    present: Counter[str] = Counter()
    for event in group:
        words = content_words(event.text)
        for word, stem in zip(words, index_terms(event.text), strict=False):
            surface.setdefault(stem, word)
        present.update(set(index_terms(event.text)))
    half = (len(group) + 1) // 2
    order = list(surface)
    shared = sorted(
        (stem for stem, n in present.items() if n >= half and stem in surface),
        key=lambda stem: (-present[stem], order.index(stem)),
    )[:SHARED_WORDS]
    about = f" about {', '.join(surface[s] for s in shared)}" if shared else ""
    return f"Seen in {len(group)} events{about}: {central.text.strip()}"


def _apply(uow: Any, org: str, capability: str, plan: _Plan, at: datetime) -> ConsolidationReport:
    rows = units(uow)
    live = {r.lesson_id: as_lesson(org, r) for r in rows.lesson_rows(capability)}
    ends: list[LessonEnd] = []
    low = [e.id for e in plan.low if e.id in live]
    ends += [LessonEnd(i, PRUNED, None, at, LOW_QUALITY) for i in low]
    heuristics = {
        index_terms(h.text): h for h in live.values() if h.level == Level.HEURISTIC
    }
    clusters: list[Cluster] = []
    for group, text in plan.clusters:
        if any(e.id not in live for e in group):
            continue  # changed since the plan: the next run sees it afresh
        ids = tuple(e.id for e in group)
        earlier = heuristics.get(index_terms(text))
        if earlier is None:
            earlier = add_lesson(
                uow,
                org,
                capability,
                Level.HEURISTIC,
                text,
                at,
                origin=CONSOLIDATION,
                sources=ids,
            )
            heuristics[index_terms(text)] = earlier
            clusters.append(Cluster(events=ids, heuristic=earlier.id, text=text))
        else:
            clusters.append(Cluster(events=ids, heuristic=earlier.id, text=text, new=False))
        ends += [LessonEnd(i, MERGED, earlier.id, at, CONSOLIDATED) for i in ids]
    duplicates = [
        (repeat.id, kept.id)
        for repeat, kept in plan.duplicates
        if repeat.id in live and kept.id in live
    ]
    ends += [LessonEnd(r, DUPLICATE, k, at, REPEATED) for r, k in duplicates]
    rows.end_lessons(capability, ends)
    return ConsolidationReport(
        org=org,
        capability=capability,
        events=plan.events,
        clusters=tuple(clusters),
        heuristics_written=sum(c.new for c in clusters),
        events_merged=sum(len(c.events) for c in clusters),
        duplicates=tuple(r for r, _ in duplicates),
        low_quality=tuple(low),
    )


def check_llm(llm: Any) -> Any:
    """A model client for abstraction: anything with `complete(system, prompt)`."""
    if llm is not None and not callable(getattr(llm, "complete", None)):
        raise InvalidInputError("llm", llm, "must have complete(system, prompt), or be None")
    return llm
