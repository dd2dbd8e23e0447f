"""No cue, comment, example or test phrase copies the measurement data: a run of six
words shared with a conversation of the data sets (kept beside the project, not in it)
would mean a rule was fitted to a sentence instead of a phenomenon. Skipped where the data
sets are not beside the checkout."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[1]
DATA = PROJECT.parent / "shared"
RUN = 6  # words in a row that make a copy
_WORD = re.compile(r"[a-z0-9$%@.'-]+")


def _runs(text: str) -> Iterator[str]:
    words = _WORD.findall(text.lower())
    for start in range(len(words) - RUN + 1):
        yield " ".join(words[start : start + RUN])


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _data_runs() -> set[str]:
    runs: set[str] = set()
    for path in sorted(DATA.glob("*/*.jsonl")):
        for line in path.read_text("utf-8").splitlines():
            if line.strip():
                for text in _strings(json.loads(line)):
                    runs.update(_runs(text))
    for path in sorted(DATA.glob("realconv/*.json")):
        for text in _strings(json.loads(path.read_text("utf-8"))):
            runs.update(_runs(text))
    return runs


def _project_files() -> list[Path]:
    patterns = ("src/**/*.py", "src/**/*.toml", "tests/**/*.py", "benchmarks/**/*.py", "*.md")
    return sorted({p for pattern in patterns for p in PROJECT.glob(pattern)})


@pytest.mark.skipif(not DATA.is_dir(), reason="the measurement data is not beside the checkout")
def test_no_project_text_copies_the_measurement_data() -> None:
    data = _data_runs()
    assert data, "the data sets were found but hold no text"
    copies = {
        f"{path.relative_to(PROJECT)}: {run}"
        for path in _project_files()
        for run in _runs(path.read_text("utf-8"))
        if run in data
    }
    assert not copies, sorted(copies)
