"""The README's Python examples run as written, in order, in one session."""

from __future__ import annotations

import os
import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_examples_run(tmp_path: Path) -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), re.DOTALL)
    assert len(blocks) >= 4
    namespace: dict[str, object] = {}
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        for block in blocks:
            exec(compile(block, str(README), "exec"), namespace)
    finally:
        os.chdir(cwd)
    session = namespace["s"]
    assert session.current_value("shipping_address") == "456 Oak Ave, Riverside"  # type: ignore[attr-defined]
    keys = {fact.key for fact in session.facts()}  # type: ignore[attr-defined]
    assert "order_4512_status" not in keys  # no order was recorded, so nothing was cancelled
    found = namespace["found"]
    assert [(c.action, c.key, c.value) for c in found] == [("assert", "address", "9 Pine Rd")]  # type: ignore[attr-defined]
