"""The two baselines a memory engine has to beat on a long conversation.

Both see the turns as "speaker: text" lines and fill the same token budget (cl100k_base):

- `last_n`: the newest turns, back to the budget: what a plain chat history keeps;
- `bm25`: the turns ranked by BM25 (`rank_bm25.BM25Okapi`) against the question over
  lowercase words, taken best first, shown in transcript order: plain retrieval, no state.

No turn is cut. last_n stops at the first turn that does not fit, so what it shows is one
unbroken stretch of the end of the conversation; bm25 passes over a turn too long for what
is left and tries the next one down. BM25 ties (turns sharing no word with the question,
say) go to the newer turn.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from statekeeper.bench.tokens import count_tokens

_WORD = re.compile(r"\w+")


def words(text: str) -> list[str]:
    """Lowercase word tokens, as both the index and the question are split."""
    return _WORD.findall(text.lower())


class Transcript:
    """A conversation's lines and each line's token cost, counted once for every question."""

    def __init__(self, lines: Sequence[str]) -> None:
        self.lines = list(lines)
        # A line with its line break: a line that starts with a word never shares a token
        # with the one before it, so the costs add up to the joined text's count.
        self.costs = [count_tokens(line + "\n") for line in self.lines]

    def fill(self, order: Iterable[int], budget: int, *, stop: bool = False) -> str:
        """The lines taken in `order` while they fit the budget, shown in transcript order;
        with `stop`, the first line that does not fit ends the taking."""
        taken: list[int] = []
        left = budget
        for index in order:
            if self.costs[index] <= left:
                taken.append(index)
                left -= self.costs[index]
            elif stop:
                break
        text = self._join(taken)
        while taken and count_tokens(text) > budget:  # guard: the sum is exact in practice
            taken.pop()
            text = self._join(taken)
        return text

    def _join(self, taken: Iterable[int]) -> str:
        return "\n".join(self.lines[i] for i in sorted(taken))


def last_n(transcript: Transcript, budget: int) -> str:
    """The newest turns back to the budget."""
    return transcript.fill(reversed(range(len(transcript.lines))), budget, stop=True)


class Bm25:
    """A BM25 index over a transcript's lines, built once per conversation."""

    def __init__(self, transcript: Transcript) -> None:
        from rank_bm25 import BM25Okapi  # type: ignore[import-untyped]

        self.transcript = transcript
        corpus = [words(line) for line in transcript.lines]
        self._index = BM25Okapi(corpus) if corpus else None

    def ranked(self, question: str) -> list[int]:
        """Line indices, best first; among equal scores the newer line first."""
        if self._index is None:
            return []
        scores = [float(s) for s in self._index.get_scores(words(question))]
        return sorted(range(len(scores)), key=lambda i: (-scores[i], -i))

    def context(self, question: str, budget: int) -> str:
        return self.transcript.fill(self.ranked(question), budget)
