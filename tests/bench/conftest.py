from __future__ import annotations

from pathlib import Path

import pytest
from sample_timelines import write_jsonl


@pytest.fixture
def sample_file(tmp_path: Path) -> Path:
    return write_jsonl(tmp_path / "sample.jsonl")
