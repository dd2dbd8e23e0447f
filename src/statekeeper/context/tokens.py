"""Exact token counts with the target model's tokenizer, offline (see `encodings`)."""

from __future__ import annotations

import string
from functools import lru_cache
from typing import Protocol

import tiktoken

from statekeeper.context import encodings
from statekeeper.memo import memoized

_MODEL_ENCODINGS = {
    "gpt-4": "cl100k_base",
    "gpt-3.5": "cl100k_base",
    "gpt-4o": "o200k_base",
    "gpt-4.1": "o200k_base",
    "gpt-5": "o200k_base",
    "o1": "o200k_base",
    "o3": "o200k_base",
    "o4": "o200k_base",
}


class Tokenizer(Protocol):
    name: str

    def count(self, text: str) -> int: ...

    def truncate(self, text: str, tokens: int) -> str: ...


# No pre-tokenization piece of the tiktoken encodings runs from a line break into a
# letter, a digit, '#', '-' or '[' (only '/' may join a line break, in o200k), so a text
# split before such a line start has exactly the tokens of its parts.
_PART_START = frozenset(string.ascii_letters + string.digits + "#[-")


def _parts(text: str) -> list[str]:
    """The text cut before every line that starts with one of those characters (a
    zero-width regular expression does the same five times slower)."""
    lines = text.split("\n")
    parts, current = [], lines[0]
    for line in lines[1:]:
        if line and line[0] in _PART_START:
            parts.append(current + "\n")
            current = line
        else:
            current += "\n" + line
    parts.append(current)
    return parts


class TiktokenTokenizer:
    """A tiktoken encoding, loaded once per process."""

    def __init__(self, encoding: str = "cl100k_base") -> None:
        self.name = encoding
        self._encoding = _load(encoding)

    def count(self, text: str) -> int:
        """Exact, and summed over lines: a whole context is counted from the counts of its
        lines, which the previous contexts already paid for."""
        if len(text) < 2000 and "\n" not in text[:-1]:  # one line, maybe with its break
            return _count(self.name, text)
        return sum(self._part(part) for part in _parts(text))

    def _part(self, text: str) -> int:
        if len(text) < 2000:  # long texts are rare and not worth keeping
            return _count(self.name, text)
        return len(self._encoding.encode(text, disallowed_special=()))

    def truncate(self, text: str, tokens: int) -> str:
        ids = self._encoding.encode(text, disallowed_special=())
        if len(ids) <= tokens:
            return text
        cut = self._encoding.decode(ids[: max(tokens, 0)])
        while cut and self.count(cut) > tokens:  # decoding can merge into more tokens
            cut = cut[:-1]
        return cut


@memoized(65536)
def _count(encoding: str, text: str) -> int:
    """Lines repeat from one context to the next: count each once (keyed by the
    encoding's name, so that no entry holds an object the collector must follow)."""
    return len(_load(encoding).encode(text, disallowed_special=()))


@lru_cache(maxsize=8)
def _load(encoding: str) -> tiktoken.Encoding:
    return encodings.load(encoding)


def for_model(model: str) -> TiktokenTokenizer:
    """The tokenizer of a model name, by its family prefix; cl100k_base when unknown."""
    for prefix in sorted(_MODEL_ENCODINGS, key=len, reverse=True):
        if model.startswith(prefix):
            return TiktokenTokenizer(_MODEL_ENCODINGS[prefix])
    return TiktokenTokenizer("cl100k_base")


@lru_cache(maxsize=1)
def default_tokenizer() -> TiktokenTokenizer:
    return TiktokenTokenizer()
