"""Counting a context line by line gives exactly the tokens of counting it whole."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from statekeeper.context.tokens import TiktokenTokenizer

TOKENIZERS = [TiktokenTokenizer("cl100k_base"), TiktokenTokenizer("o200k_base")]
PIECES = st.sampled_from(
    "a Z 9 # - [ / ) . : , 's 'll é 漢 🙂 $ % 12:30".split()
    + [" ", "  ", "\t", "\n", "\r\n", "\n\n", "## Facts", "- key: value"]
)


def _direct(tokenizer: TiktokenTokenizer, text: str) -> int:
    return len(tokenizer._encoding.encode(text, disallowed_special=()))


@settings(max_examples=500, deadline=None)
@given(st.lists(PIECES, max_size=60).map("".join))
def test_line_by_line_count_is_exact(text: str) -> None:
    for tokenizer in TOKENIZERS:
        assert tokenizer.count(text) == _direct(tokenizer, text), tokenizer.name


def test_a_context_shaped_text_counts_exactly() -> None:
    lines = ["## Identity", "User: alice", "", "## Current facts"]
    lines += [f"- item_{i}: value {i} (source authority: manager)" for i in range(300)]
    text = "\n".join(lines) + "\n\n- /path\n[x]\n  indented\n"
    for tokenizer in TOKENIZERS:
        assert tokenizer.count(text) == _direct(tokenizer, text)
