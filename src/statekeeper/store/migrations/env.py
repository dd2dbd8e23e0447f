"""Alembic environment: runs on the connection the store hands over, never on a URL."""

from alembic import context

from statekeeper.store.schema import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
