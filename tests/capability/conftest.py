"""Fixtures for capability memory: sessions of one organization's agents at each maturity,
and the loopback model servers for consolidation written by a model."""

from tests.llm.loopback import provider  # noqa: F401  (registers the fixture)
