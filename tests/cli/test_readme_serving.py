"""The README's shell example of lessons and documents over REST, run as written with bash
and curl against `statekeeper serve` (only the store and the port are the test's own)."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from tests.cli.test_inspect import _free_port

README = Path(__file__).resolve().parents[2] / "README.md"
BIN = Path(sys.executable).parent


def _block(marker: str) -> str:
    blocks = re.findall(r"```sh\n(.*?)```", README.read_text(), re.DOTALL)
    [found] = [block for block in blocks if marker in block]
    return str(found)


@pytest.mark.skipif(shutil.which("curl") is None, reason="needs curl")
def test_lessons_and_documents_over_rest_as_the_readme_shows(location: str) -> None:
    script = _block("--maturity calendar=senior")
    port = _free_port()
    script = script.replace("--url state.db", f"--url {shlex.quote(location)}")
    script = script.replace("localhost:8000", f"127.0.0.1:{port}")
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
    server = subprocess.Popen(
        ["statekeeper", "serve", "--url", location, "--host", "127.0.0.1", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=env,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/healthz").status_code == 200:
                    break
            except httpx.TransportError:
                assert time.monotonic() < deadline, "the server did not start"
                assert server.poll() is None, server.stderr.read() if server.stderr else ""
                time.sleep(0.1)
        ran = subprocess.run(
            ["bash", "-euo", "pipefail", "-c", script],
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
        )
    finally:
        server.terminate()
        server.wait(timeout=10)
    assert ran.returncode == 0, ran.stderr
    said = ran.stdout
    assert '"level":"heuristic"' in said and '"maturity":"senior"' in said
    assert '"acl":["authority:manager"]' in said
    assert "Send board meeting invites a week ahead" in said.rsplit('"id":"travel"', 1)[1]
    assert "Board members fly business class." in said.rsplit('"id":"travel"', 1)[1]
