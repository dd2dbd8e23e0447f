"""Run the REST application on uvicorn (the `server` extra)."""

from __future__ import annotations

import uvicorn

from statekeeper.engine import Engine
from statekeeper.server.app import create_app


def serve(url: str, host: str = "127.0.0.1", port: int = 8000) -> None:
    """Open the store at `url` and serve the API until interrupted."""
    with Engine.open(url) as engine:
        uvicorn.run(create_app(engine), host=host, port=port, log_level="info")
