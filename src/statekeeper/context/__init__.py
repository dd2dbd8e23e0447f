"""Context assembly: ranking, token budget and formatting."""
