"""Splitting a document into chunks a context can take one at a time.

Paragraphs are kept whole when they fit; a longer one is cut between sentences, and a
sentence longer than a chunk between words. Short paragraphs are packed together up to
the chunk size, so every chunk says something on its own and none is mostly blank.
"""

from __future__ import annotations

import re

CHUNK_CHARS = 800  # about 200 tokens of English prose

_PARAGRAPH = re.compile(r"\n\s*\n")
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_SPACE = re.compile(r"\s+")


def chunk_text(text: str, size: int = CHUNK_CHARS) -> list[str]:
    """The text in chunks of at most `size` characters (a single word longer than that
    is cut), in order, with runs of blank space made one space."""
    pieces: list[str] = []
    for paragraph in _PARAGRAPH.split(text):
        flat = _SPACE.sub(" ", paragraph).strip()
        if not flat:
            continue
        if len(flat) <= size:
            pieces.append(flat)
            continue
        for sentence in _SENTENCE.split(flat):
            pieces += _words(sentence, size) if len(sentence) > size else [sentence]
    return _packed(pieces, size)


def _words(sentence: str, size: int) -> list[str]:
    parts: list[str] = []
    current = ""
    for word in sentence.split(" "):
        while len(word) > size:
            if current:
                parts.append(current)
                current = ""
            parts.append(word[:size])
            word = word[size:]
        joined = f"{current} {word}" if current else word
        if len(joined) > size:
            parts.append(current)
            current = word
        else:
            current = joined
    if current:
        parts.append(current)
    return parts


def _packed(pieces: list[str], size: int) -> list[str]:
    chunks: list[str] = []
    for piece in pieces:
        if chunks and len(chunks[-1]) + 1 + len(piece) <= size:
            chunks[-1] = f"{chunks[-1]} {piece}"
        else:
            chunks.append(piece)
    return chunks
