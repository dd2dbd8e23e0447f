from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from click.testing import CliRunner
from sample_timelines import ALL

from statekeeper.bench.dataset import load
from statekeeper.bench.download import DownloadError, download, row_to_timeline
from statekeeper.cli import main
from tests.http_server import JsonHandler, serving


def _hub_row(timeline: dict[str, Any]) -> dict[str, Any]:
    """A row as the hub's viewer serves it: nested objects as JSON strings, plus extras."""
    row = {
        k: timeline[k] for k in ("id", "version", "domain", "track", "difficulty", "detection_mode")
    }
    for key in ("actors", "initial_state", "events", "metadata"):
        row[key] = json.dumps(timeline[key])
    row["num_queries"] = 1
    return row


SPLITS = {"train": ALL[:3], "validation": ALL[3:]}


class Hub:
    def __init__(self) -> None:
        self.paths: list[str] = []
        self.url = ""


@pytest.fixture
def hub() -> Iterator[Hub]:
    state = Hub()

    class Handler(JsonHandler):
        def do_GET(self) -> None:
            state.paths.append(self.path)
            parsed = urlparse(self.path)
            q = {k: v[0] for k, v in parse_qs(parsed.query).items()}
            if parsed.path == "/splits" and q.get("dataset") == "parslee/statebench":
                body: dict[str, Any] = {
                    "splits": [
                        {"dataset": q["dataset"], "config": "default", "split": s} for s in SPLITS
                    ]
                }
            elif parsed.path == "/rows" and q.get("split") in SPLITS:
                rows = SPLITS[q["split"]]
                start, length = int(q["offset"]), int(q["length"])
                body = {
                    "rows": [
                        {"row_idx": i, "row": _hub_row(t)}
                        for i, t in enumerate(rows[start : start + length], start)
                    ],
                    "num_rows_total": len(rows),
                }
            else:
                self.send_response(404)
                self.end_headers()
                return
            self.send_json(200, body)

    with serving(Handler) as port:
        state.url = f"http://127.0.0.1:{port}"
        yield state


def _closed_url() -> str:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{s.getsockname()[1]}"


def test_rows_are_turned_back_into_timelines() -> None:
    assert row_to_timeline(_hub_row(ALL[0])) == {k: v for k, v in ALL[0].items()}


def test_download_pages_through_every_split(hub: Hub, tmp_path: Path) -> None:
    files = download(tmp_path / "sb", base_url=hub.url, page=2)
    assert sorted(f.name for f in files) == ["dev.jsonl", "train.jsonl"]
    dataset = load(tmp_path / "sb", strict=True)
    assert sorted(r.timeline.id for r in dataset.records) == sorted(t["id"] for t in ALL)
    assert sum("split=train" in p for p in hub.paths) == 2  # three rows, two per page


def test_unreachable_hub_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(DownloadError, match="cannot reach the Hugging Face hub"):
        download(tmp_path, base_url=_closed_url(), timeout=5)


def test_unknown_dataset_is_a_clear_error(hub: Hub, tmp_path: Path) -> None:
    with pytest.raises(DownloadError, match="answered 404"):
        download(tmp_path, base_url=hub.url, repo="someone/else")


def test_cli_download_then_replay(
    hub: Hub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("STATEKEEPER_HF_VIEWER", hub.url)
    result = CliRunner().invoke(
        main,
        [
            "bench",
            "statebench",
            "--download",
            "--data",
            str(tmp_path / "sb"),
            "--strategy",
            "no_memory",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "downloaded" in result.output and "4 timelines, 5 queries" in result.output


def test_cli_download_without_network_fails_cleanly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("STATEKEEPER_HF_VIEWER", _closed_url())
    result = CliRunner().invoke(
        main,
        [
            "bench",
            "statebench",
            "--download",
            "--data",
            str(tmp_path / "sb"),
            "--strategy",
            "no_memory",
        ],
    )
    assert result.exit_code == 1
    assert "download failed: cannot reach the Hugging Face hub" in result.output
