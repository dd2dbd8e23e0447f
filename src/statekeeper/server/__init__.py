"""The REST server: API keys (`keys`), the application (`app`, `routes`) and its bodies
(`schemas`). Only `keys` works without the `server` extra, so the command line can manage
keys where FastAPI is not installed."""
