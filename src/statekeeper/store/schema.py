"""Table definitions shared by every SQL backend.

Partition keys lead every primary key and index, organization first, so that a distributed
PostgreSQL can shard every table by `org_id` and keep one organization's rows together.
The migrations in `migrations/versions` create exactly these tables.
"""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Column,
    DateTime,
    ForeignKeyConstraint,
    Index,
    Integer,
    MetaData,
    PrimaryKeyConstraint,
    Table,
    Text,
    text,
)

metadata = MetaData()

# Layer 2: persistent facts, append-only apart from validity pointers and the review flag.
# `user_id` is the owning namespace: the user for user memory, "" for shared knowledge.
facts = Table(
    "facts",
    metadata,
    Column("org_id", Text, nullable=False),
    Column("fact_id", Text, nullable=False),
    Column("user_id", Text, nullable=False),
    Column("capability", Text, nullable=False, default=""),
    Column("seq", Integer, nullable=False),
    Column("key", Text, nullable=False),
    Column("value", Text, nullable=False),  # JSON
    Column("body", Text, nullable=False),  # what full-text search indexes
    Column("source", Text, nullable=False),  # JSON
    Column("timestamp", DateTime, nullable=False),
    Column("is_valid", Boolean, nullable=False, default=True),
    Column("superseded_by", Text),
    Column("supersedes", Text),
    Column("memory_type", Text, nullable=False),
    Column("scope", Text, nullable=False),
    Column("scope_id", Text),
    Column("needs_review", Boolean, nullable=False, default=False),
    Column("is_constraint", Boolean, nullable=False, default=False),
    Column("constraint_type", Text),
    Column("required_authority", Text),
    Column("required_permissions", Text, nullable=False, default="[]"),  # JSON list
    Column("expires_at", DateTime),
    Column("invalidated_at", DateTime),
    Column("invalid_reason", Text),
    Column("entity", Text),
    Column("slot", Text),
    Column("forgotten", Boolean, nullable=False, default=False),
    # The organization's revision at the row's last change: readers that keep facts in
    # memory fetch only the rows changed since the revision they hold.
    Column("rev", Integer, nullable=False, default=0),
    PrimaryKeyConstraint("org_id", "fact_id"),
    Index("ix_facts_key", "org_id", "user_id", "capability", "key", "is_valid"),
    Index("ix_facts_valid", "org_id", "user_id", "is_valid", "seq"),
    Index("ix_facts_seq", "org_id", "seq"),
    # Partial: most facts never expire, and their inserts skip this index.
    Index(
        "ix_facts_expiry",
        "org_id",
        "user_id",
        "expires_at",
        sqlite_where=text("expires_at IS NOT NULL"),
        postgresql_where=text("expires_at IS NOT NULL"),
    ),
    Index("ix_facts_rev", "org_id", "rev"),
)

# depends_on edges; derived_facts is the same edge read the other way.
fact_dependencies = Table(
    "fact_dependencies",
    metadata,
    Column("org_id", Text, nullable=False),
    Column("fact_id", Text, nullable=False),
    Column("depends_on_id", Text, nullable=False),
    PrimaryKeyConstraint("org_id", "fact_id", "depends_on_id"),
    Index("ix_fact_dependencies_reverse", "org_id", "depends_on_id"),
)

# An explicit forget removes content and leaves this tombstone for audit.
fact_tombstones = Table(
    "fact_tombstones",
    metadata,
    Column("org_id", Text, nullable=False),
    Column("fact_id", Text, nullable=False),
    Column("user_id", Text, nullable=False),
    Column("key", Text, nullable=False),
    Column("forgotten_at", DateTime, nullable=False),
    Column("forgotten_by", Text, nullable=False),
    PrimaryKeyConstraint("org_id", "fact_id"),
)

# Layer 3: the active working set of one task (items with TTL, and recent turns).
working_items = Table(
    "working_items",
    metadata,
    Column("org_id", Text, nullable=False),
    Column("user_id", Text, nullable=False),
    Column("task_id", Text, nullable=False),
    Column("key", Text, nullable=False),
    Column("value", Text, nullable=False),  # JSON
    Column("created_at", DateTime, nullable=False),
    Column("expires_at", DateTime),
    PrimaryKeyConstraint("org_id", "user_id", "task_id", "key"),
)

recent_turns = Table(
    "recent_turns",
    metadata,
    Column("org_id", Text, nullable=False),
    Column("user_id", Text, nullable=False),
    Column("task_id", Text, nullable=False),
    Column("turn_index", Integer, nullable=False),
    Column("turn", Text, nullable=False),  # JSON of model.Turn
    PrimaryKeyConstraint("org_id", "user_id", "task_id", "turn_index"),
)

# Every turn, for audit and for recall: never read back as state, only as dated evidence
# of what was said, under the same hygiene as recent turns (context/recall.py).
transcript = Table(
    "transcript",
    metadata,
    Column("org_id", Text, nullable=False),
    Column("user_id", Text, nullable=False),
    Column("task_id", Text, nullable=False),
    Column("turn_index", Integer, nullable=False),
    Column("speaker", Text, nullable=False),
    Column("text", Text, nullable=False),
    Column("timestamp", DateTime, nullable=False),
    # a turn said inside a hypothetical, a draft or a digression is recalled only there
    Column("scope", Text, nullable=False, server_default="global"),
    Column("scope_id", Text),
    PrimaryKeyConstraint("org_id", "user_id", "task_id", "turn_index"),
)

# Horizon 1 and Horizon 2 of the Cogency State Architecture, with the spec's columns
# (user_id, profile_data, updated_at; task_id, user_id, workspace_data, updated_at) led by
# the organization's partition key.
user_profiles = Table(
    "user_profiles",
    metadata,
    Column("org_id", Text, nullable=False),
    Column("user_id", Text, nullable=False),
    Column("profile_data", Text, nullable=False),
    Column("updated_at", DateTime, nullable=False),
    PrimaryKeyConstraint("org_id", "user_id"),
)

task_workspaces = Table(
    "task_workspaces",
    metadata,
    Column("org_id", Text, nullable=False),
    Column("task_id", Text, nullable=False),
    Column("user_id", Text, nullable=False),
    Column("workspace_data", Text, nullable=False),
    Column("updated_at", DateTime, nullable=False),
    PrimaryKeyConstraint("org_id", "task_id"),
    ForeignKeyConstraint(["org_id", "user_id"], ["user_profiles.org_id", "user_profiles.user_id"]),
    Index("ix_task_workspaces_user", "org_id", "user_id"),
)

# What an erasure leaves behind: that one happened, and how much it took; no personal data.
erasures = Table(
    "erasures",
    metadata,
    Column("org_id", Text, nullable=False),
    Column("erased_at", DateTime, nullable=False),
    Column("facts", Integer, nullable=False),
    Column("turns", Integer, nullable=False),
    Index("ix_erasures_org", "org_id", "erased_at"),
)

ORG_TABLES = (
    "facts",
    "fact_dependencies",
    "fact_tombstones",
    "working_items",
    "recent_turns",
    "transcript",
    "user_profiles",
    "task_workspaces",
    "erasures",
)
