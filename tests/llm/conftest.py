"""Fixtures for provider tests: real loopback servers (see loopback.py)."""

from loopback import provider  # noqa: F401  (registers the fixture)
