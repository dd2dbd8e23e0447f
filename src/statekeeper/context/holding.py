"""Which live facts hold a value, and which assert a phrase: asked of the store's index the
first time, then kept current by the rows each revision changed.

Scrubbing a dead value asks whether some live fact still holds it (then it is not dead).
The answers are kept per value across revisions: a fact that comes adds itself to the
values it holds, a fact that goes takes itself out, so no answer is read twice.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from statekeeper.context.hygiene import contains_phrase
from statekeeper.context.ranking import index_terms

Key = tuple[str, str]  # (kind, value): a value part, or a whole asserted text
UNKNOWN: Final = -1  # a phrase not asked yet


class Holders:
    """The live facts holding each value asked about."""

    def __init__(self) -> None:
        self._held: dict[Key, set[int]] = {}
        self._by_doc: dict[int, list[Key]] = {}

    def missing(self, keys: Iterable[Key]) -> list[Key]:
        return [k for k in dict.fromkeys(keys) if k not in self._held]

    def install(self, key: Key, docs: Iterable[int]) -> None:
        held = self._held[key] = set(docs)
        for doc in held:
            self._by_doc.setdefault(doc, []).append(key)

    def of(self, key: Key) -> set[int]:
        """The holders of an installed value."""
        return self._held[key]

    def came(self, doc: int, keys: Iterable[Key]) -> None:
        """A live fact holding these values."""
        for key in keys:
            held = self._held.get(key)
            if held is not None and doc not in held:
                held.add(doc)
                self._by_doc.setdefault(doc, []).append(key)

    def went(self, doc: int) -> None:
        """A live fact that ended."""
        for key in self._by_doc.pop(doc, ()):
            self._held[key].discard(doc)


class Asserted:
    """For each phrase asked about, one live fact that asserts it (holds every ranking term
    of the phrase, and the phrase as words of its asserted text), or None when none does.

    Phrases are filed under their terms: a fact that comes is tested against the phrases
    filed under its own terms (and those without terms), and becomes the witness of those
    it asserts; a fact that goes leaves the phrases it witnessed to be asked again."""

    def __init__(self) -> None:
        self._witness: dict[str, int | None] = {}
        self._by_term: dict[str, set[str]] = {}
        self._termless: set[str] = set()
        self._witnessed: dict[int, set[str]] = {}

    def __len__(self) -> int:
        return len(self._witness)

    def get(self, phrase: str) -> int | None:
        """The phrase's witness, None if no live fact asserts it, or UNKNOWN."""
        return self._witness.get(phrase, UNKNOWN)

    def put(self, phrase: str, witness: int | None) -> None:
        if phrase not in self._witness:
            terms = index_terms(phrase)
            for term in terms:
                self._by_term.setdefault(term, set()).add(phrase)
            if not terms:
                self._termless.add(phrase)
        self._witness[phrase] = witness
        if witness is not None:
            self._witnessed.setdefault(witness, set()).add(phrase)

    def came(self, doc: int, terms: Sequence[str], asserted: str) -> None:
        """A live fact with these ranking terms and this asserted text."""
        held = set(terms)
        filed = set(self._termless)
        for term in held:
            filed |= self._by_term.get(term, set())
        for phrase in filed:
            if (
                self._witness.get(phrase, UNKNOWN) is None
                and held.issuperset(index_terms(phrase))
                and contains_phrase(asserted, phrase)
            ):
                self.put(phrase, doc)

    def went(self, doc: int) -> None:
        """A live fact that ended: the phrases it witnessed are unknown again."""
        for phrase in self._witnessed.pop(doc, ()):
            self._witness.pop(phrase, None)
            for term in index_terms(phrase):
                self._by_term.get(term, set()).discard(phrase)
            self._termless.discard(phrase)

    def clear(self) -> None:
        self._witness.clear()
        self._by_term.clear()
        self._termless.clear()
        self._witnessed.clear()
