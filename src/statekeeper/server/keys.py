"""API keys: each one acts as a fixed principal of one organization, with a role.

A key reads `sk_<key_id>_<secret>`: a public id (16 hex digits) to find its row, and a
secret of 256 random bits. The store keeps a random per-key salt and SHA-256(salt || secret),
never the secret. A secret that random cannot be guessed from its digest, so a slow
password hash would only slow every request down; the salt keeps equal digests from ever
appearing twice, and the id lookup means no scan over digests. Authentication is asked of
the store on every request, so a revoked key stops working at once.

The organization always comes from the key. On PostgreSQL the table is under row-level
security like every other; see migration 0008 for how a key is found before its
organization is known.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict
from sqlalchemy import Column, DateTime, MetaData, Table, Text, insert, select, text, update
from sqlalchemy.engine import Connection, Row

from statekeeper.access import AuthorityLadder
from statekeeper.capability.lessons import Maturity, maturity_of
from statekeeper.engine import Clock, system_clock
from statekeeper.errors import (
    InvalidInputError,
    InvalidKeyError,
    StoreError,
    UnknownKeyError,
)
from statekeeper.model import Principal
from statekeeper.store import Store
from statekeeper.store.sql import SqlUnitOfWork
from statekeeper.validation import Name, check

Role = Literal["user", "agent", "admin"]
ROLES: tuple[Role, ...] = ("user", "agent", "admin")
PREFIX = "sk"
_ID_BYTES = 8  # 16 hex digits
_SECRET_BYTES = 32
_SALT_BYTES = 16
_NO_ORG = ""  # what a store binds while a key's organization is not yet known

api_keys = Table(
    "api_keys",
    MetaData(),
    Column("org_id", Text, nullable=False),
    Column("key_id", Text, primary_key=True),
    Column("user_id", Text, nullable=False),
    Column("authority", Text, nullable=False),
    Column("role", Text, nullable=False),
    Column("permissions", Text, nullable=False),
    Column("salt", Text, nullable=False),
    Column("digest", Text, nullable=False),
    Column("created_at", DateTime, nullable=False),
    Column("revoked_at", DateTime),
    Column("maturity", Text, nullable=False),  # JSON: capability -> maturity (version 12)
)
_K = api_keys.c
_AUTHENTICATE = text("SELECT * FROM statekeeper_authenticate(:key_id, :secret)")


class KeyRecord(BaseModel):
    """What is known of a key: everything but its secret."""

    model_config = ConfigDict(frozen=True)

    key_id: str
    org: str
    user: str
    authority: str
    role: Role
    permissions: tuple[str, ...] = ()
    maturity: dict[str, Maturity] = {}  # capability -> maturity; junior where not named
    created_at: datetime
    revoked_at: datetime | None = None


class Holder(BaseModel):
    """Who presented a valid key: the principal it acts as, its role, and its maturity
    in each capability it has one in (junior in any other)."""

    model_config = ConfigDict(frozen=True)

    key_id: str
    principal: Principal
    role: Role
    maturity: dict[str, Maturity] = {}

    def maturity_in(self, capability: str) -> Maturity:
        return self.maturity.get(capability, Maturity.JUNIOR)


def digest(salt: str, secret: str) -> str:
    """SHA-256 of the salt's bytes then the secret's, as hex (migration 0008 computes the
    same in SQL)."""
    return hashlib.sha256(bytes.fromhex(salt) + secret.encode()).hexdigest()


def _connection(uow: object) -> Connection:
    if not isinstance(uow, SqlUnitOfWork):
        raise StoreError("API keys need a SQL store (SQLite or PostgreSQL)")
    return uow.conn


def _record(row: Row[Any]) -> KeyRecord:
    r = row._mapping
    return KeyRecord(
        key_id=r["key_id"],
        org=r["org_id"],
        user=r["user_id"],
        authority=r["authority"],
        role=r["role"],
        permissions=tuple(json.loads(r["permissions"])),
        maturity=json.loads(r["maturity"]),
        created_at=r["created_at"],
        revoked_at=r["revoked_at"],
    )


def create_key(
    store: Store,
    org: str,
    user: str,
    authority: str,
    role: str = "agent",
    permissions: Iterable[str] = (),
    *,
    maturity: Mapping[str, str] | None = None,
    ladder: AuthorityLadder | None = None,
    clock: Clock = system_clock,
) -> tuple[str, KeyRecord]:
    """A new key and its record. The key itself is returned once and never stored.
    `maturity` names the key's maturity in capabilities (junior in any other)."""
    who = Principal(org=org, user=user, authority=authority)  # PrincipalError if malformed
    rung = (ladder or AuthorityLadder()).rung(who.authority)
    if rung is None:
        raise InvalidInputError("authority", authority, "is not on the authority ladder")
    if role not in ROLES:
        raise InvalidInputError("role", role, f"must be one of {list(ROLES)}")
    if isinstance(permissions, str):
        raise InvalidInputError("permissions", permissions, "must be a list of names")
    granted = tuple(sorted({check(Name, p, "permissions") for p in permissions}))
    grades = maturities(maturity)
    key_id = secrets.token_hex(_ID_BYTES)
    secret = secrets.token_urlsafe(_SECRET_BYTES)
    salt = secrets.token_hex(_SALT_BYTES)
    record = KeyRecord(
        key_id=key_id,
        org=who.org,
        user=who.user,
        authority=rung,
        role=role,
        permissions=granted,
        maturity=grades,
        created_at=clock(),
    )
    with store.write(who.org) as uow:
        _connection(uow).execute(
            insert(api_keys).values(
                org_id=record.org,
                key_id=key_id,
                user_id=record.user,
                authority=record.authority,
                role=record.role,
                permissions=json.dumps(list(granted)),
                maturity=json.dumps({k: v.value for k, v in sorted(grades.items())}),
                salt=salt,
                digest=digest(salt, secret),
                created_at=record.created_at,
            )
        )
    return f"{PREFIX}_{key_id}_{secret}", record


def maturities(given: object) -> dict[str, Maturity]:
    """A key's maturities, checked: capability names, each with a maturity."""
    if given is None:
        return {}
    if not isinstance(given, Mapping):
        raise InvalidInputError("maturity", given, "must map capabilities to maturities")
    grades: dict[str, Maturity] = {}
    for capability, grade in given.items():
        grades[check(Name, capability, "maturity")] = maturity_of(grade)
    return grades


def list_keys(store: Store, org: str) -> list[KeyRecord]:
    """Every key of an organization, revoked ones included, oldest first."""
    org = check(Name, org, "org")
    with store.read(org) as uow:
        rows = _connection(uow).execute(
            select(api_keys).where(_K.org_id == org).order_by(_K.created_at, _K.key_id)
        )
        return [_record(row) for row in rows]


def revoke_key(store: Store, org: str, key_id: str, *, clock: Clock = system_clock) -> KeyRecord:
    """Revoke a key of an organization (revoking twice keeps the first moment)."""
    org = check(Name, org, "org")
    key_id = check(Name, key_id, "key_id")
    with store.write(org) as uow:
        conn = _connection(uow)
        where = (_K.org_id == org) & (_K.key_id == key_id)
        conn.execute(update(api_keys).where(where, _K.revoked_at.is_(None)).values(revoked_at=clock()))
        row = conn.execute(select(api_keys).where(where)).first()
    if row is None:
        raise UnknownKeyError(key_id)
    return _record(row)


def parse(token: object) -> tuple[str, str]:
    """A key's id and secret, or InvalidKeyError for anything not shaped like a key."""
    if not isinstance(token, str):
        raise InvalidKeyError()
    prefix, _, rest = token.strip().partition("_")
    key_id, _, secret = rest.partition("_")
    if prefix != PREFIX or len(key_id) != 2 * _ID_BYTES or not secret or len(secret) > 200:
        raise InvalidKeyError()
    try:
        bytes.fromhex(key_id)
    except ValueError:
        raise InvalidKeyError() from None
    return key_id, secret


def authenticate(store: Store, token: object) -> Holder:
    """The holder of a valid, unrevoked key, or InvalidKeyError."""
    key_id, secret = parse(token)
    with store.read(_NO_ORG) as uow:
        conn = _connection(uow)
        if store.dialect == "postgresql":
            found = conn.execute(_AUTHENTICATE, {"key_id": key_id, "secret": secret}).first()
        else:
            found = _verified(conn, key_id, secret)
    if found is None:
        raise InvalidKeyError()
    r = found._mapping
    principal = Principal(
        org=r["org_id"],
        user=r["user_id"],
        authority=r["authority"],
        permissions=frozenset(json.loads(r["permissions"])),
    )
    return Holder(
        key_id=key_id, principal=principal, role=r["role"], maturity=json.loads(r["maturity"])
    )


def _verified(conn: Connection, key_id: str, secret: str) -> Row[Any] | None:
    """The key's row when the secret matches and the key is live (SQLite's way; PostgreSQL
    compares inside statekeeper_authenticate)."""
    row = conn.execute(select(api_keys).where(_K.key_id == key_id)).first()
    if row is None or row.revoked_at is not None:
        return None
    if not hmac.compare_digest(digest(row.salt, secret), row.digest):
        return None
    return row
