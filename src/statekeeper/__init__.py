"""statekeeper: a state-based context engine for LLM agents."""
