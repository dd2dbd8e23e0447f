"""Fetch StateBench from the Hugging Face hub over plain HTTPS, without the `datasets` stack.

The hub stores the release as parquet with the nested objects JSON-encoded per column; the
hub's dataset viewer serves the same rows as JSON pages. Each row is turned back into a
timeline line, so what lands on disk is the release's own JSONL format.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import httpx

REPO = "parslee/statebench"
VIEWER = "https://datasets-server.huggingface.co"
PAGE = 100
_NESTED = ("actors", "initial_state", "events", "metadata")
_FIELDS = ("id", "version", "domain", "track", "difficulty", "detection_mode")
_SPLIT_FILES = {"validation": "dev"}


class DownloadError(RuntimeError):
    """The hub could not be reached or answered something unusable."""


def viewer_url() -> str:
    return os.environ.get("STATEKEEPER_HF_VIEWER", VIEWER).rstrip("/")


def row_to_timeline(row: dict[str, Any]) -> dict[str, Any]:
    """Undo the hub's flattening: nested objects are JSON strings in their columns."""
    timeline: dict[str, Any] = {k: row[k] for k in _FIELDS if k in row}
    for key in _NESTED:
        value = row.get(key)
        timeline[key] = json.loads(value) if isinstance(value, str) else value
    return timeline


def _get(client: httpx.Client, path: str, params: dict[str, Any]) -> dict[str, Any]:
    try:
        response = client.get(path, params=params)
        response.raise_for_status()
        body: dict[str, Any] = response.json()
    except httpx.HTTPStatusError as exc:
        raise DownloadError(f"{exc.request.url} answered {exc.response.status_code}") from exc
    except httpx.HTTPError as exc:
        raise DownloadError(
            f"cannot reach the Hugging Face hub ({exc.__class__.__name__}: {exc}); "
            "check the network, or pass --data with local JSONL files"
        ) from exc
    except ValueError as exc:
        raise DownloadError(f"the hub answered something that is not JSON: {exc}") from exc
    return body


def download(
    dest: Path,
    *,
    repo: str = REPO,
    base_url: str | None = None,
    page: int = PAGE,
    timeout: float = 30.0,
) -> list[Path]:
    """Write every split of `repo` to `dest/<split>.jsonl`; return the files written.

    `base_url` defaults to the hub's viewer, or `STATEKEEPER_HF_VIEWER` when set (a mirror).
    """
    written: list[Path] = []
    url = base_url or viewer_url()
    with httpx.Client(base_url=url, timeout=timeout, follow_redirects=True) as client:
        splits = _get(client, "/splits", {"dataset": repo}).get("splits", [])
        if not splits:
            raise DownloadError(f"the hub lists no splits for {repo}")
        dest.mkdir(parents=True, exist_ok=True)
        for split in splits:
            config, name = split["config"], split["split"]
            lines: list[str] = []
            offset = 0
            while True:
                body = _get(
                    client,
                    "/rows",
                    {
                        "dataset": repo,
                        "config": config,
                        "split": name,
                        "offset": offset,
                        "length": page,
                    },
                )
                rows = body.get("rows", [])
                lines += [json.dumps(row_to_timeline(r["row"]), ensure_ascii=False) for r in rows]
                offset += len(rows)
                if not rows or offset >= int(body.get("num_rows_total", offset)):
                    break
            path = dest / f"{_SPLIT_FILES.get(name, name)}.jsonl"
            path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
            written.append(path)
    return written
