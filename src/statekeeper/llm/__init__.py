"""Provider clients behind one small protocol, used only by optional features.

The engine core never imports this package: the deterministic core has no network and no
LLM. Features that do need a model (the bench's answer mode, LLM extractors) take any
`LLMClient`, so a provider can be swapped without touching them.
"""

from statekeeper.llm.base import LLMClient, LLMError, client_from_spec, with_retries

__all__ = ["LLMClient", "LLMError", "client_from_spec", "with_retries"]
