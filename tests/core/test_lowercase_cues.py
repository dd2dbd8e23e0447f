"""Cue tables searched together in lowercased text answer as the case-blind tables do."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from statekeeper.nlu.interpret import BECOMES, CORRECTION, PAST_MARKER, lowercase_union

TABLES = (CORRECTION, PAST_MARKER, BECOMES)
PIECES = st.sampled_from(
    "Actually ACTUALLY actually_ Originally was Previously previously1 IS NOW is  now -> → "
    "Scratch That scratch-that Instead Of instead No Longer no' 'no longer' $50 Friday "
    "É é x . , ' _".split()
    + [" ", "  ", "\n"]
)


@settings(max_examples=500)
@given(st.lists(PIECES, max_size=10).map("".join))
def test_union_agrees_with_the_case_blind_tables(text: str) -> None:
    expected = any(table.search(text) for table in TABLES)
    assert (lowercase_union(*TABLES).search(text.lower()) is not None) == expected


def test_a_table_with_capitals_is_refused() -> None:
    with pytest.raises(ValueError, match="lowercase"):
        lowercase_union(re.compile(r"Friday", re.IGNORECASE))
