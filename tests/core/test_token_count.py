"""Counting a context line by line gives exactly the tokens of counting it whole."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from statekeeper.context.tokens import TiktokenTokenizer

TOKENIZER = TiktokenTokenizer("cl100k_base")
PIECES = st.sampled_from(
    "a Z 9 # - [ / ) . : , 's 'll é 漢 🙂 $ % 12:30".split()
    + [" ", "  ", "\t", "\n", "\r\n", "\n\n", "## Facts", "- key: value"]
)


def _direct(text: str) -> int:
    return len(TOKENIZER._encoding.encode(text, disallowed_special=()))


@settings(max_examples=500, deadline=None)
@given(st.lists(PIECES, max_size=60).map("".join))
def test_line_by_line_count_is_exact(text: str) -> None:
    assert TOKENIZER.count(text) == _direct(text)


def test_a_context_shaped_text_counts_exactly() -> None:
    lines = ["## Identity", "User: alice", "", "## Current facts"]
    lines += [f"- item_{i}: value {i} (source authority: manager)" for i in range(300)]
    text = "\n".join(lines) + "\n\n- /path\n[x]\n  indented\n"
    assert TOKENIZER.count(text) == _direct(text)
