"""Keys are stored as salted digests, bound to one organization, and found before the
organization is known, on PostgreSQL as the role row-level security binds."""

from __future__ import annotations

import pytest

from statekeeper import Engine, InvalidInputError, PrincipalError
from statekeeper.errors import InvalidKeyError, UnknownKeyError
from statekeeper.server.keys import authenticate, create_key, digest, list_keys, revoke_key
from tests import pg
from tests.conftest import ON_POSTGRES, query, snapshot


def test_the_secret_is_never_stored(engine: Engine, location: str) -> None:
    token, record = create_key(engine.store, "acme", "alice", "manager", "agent")
    secret = token.split("_", 2)[2]
    assert secret not in repr(snapshot(location))
    [row] = query(location, "SELECT * FROM api_keys")
    assert row["key_id"] == record.key_id and row["org_id"] == "acme"
    assert row["digest"] == digest(str(row["salt"]), secret)
    other, _ = create_key(engine.store, "acme", "alice", "manager", "agent")
    rows = query(location, "SELECT salt, digest FROM api_keys")
    assert len({r["salt"] for r in rows}) == len({r["digest"] for r in rows}) == 2
    assert other != token


def test_a_key_acts_as_its_principal(engine: Engine) -> None:
    token, _ = create_key(
        engine.store, "acme", "alice", "Director", "admin", ["finance", "act-for-others"]
    )
    holder = authenticate(engine.store, token)
    assert holder.principal.org == "acme" and holder.principal.user == "alice"
    assert holder.principal.authority == "executive"  # the ladder's rung for the title
    assert holder.principal.permissions == {"finance", "act-for-others"}
    assert holder.role == "admin"


def test_revoked_unknown_and_malformed_keys_fail_alike(engine: Engine) -> None:
    token, record = create_key(engine.store, "acme", "alice", "manager")
    first = revoke_key(engine.store, "acme", record.key_id)
    assert first.revoked_at is not None
    assert revoke_key(engine.store, "acme", record.key_id).revoked_at == first.revoked_at
    for bad in (token, token[:-1], "sk_" + "0" * 16 + "_x", "", None, 42, "sk__x"):
        with pytest.raises(InvalidKeyError, match="a valid API key is required"):
            authenticate(engine.store, bad)
    with pytest.raises(UnknownKeyError):
        revoke_key(engine.store, "globex", record.key_id)  # another organization's
    assert [k.key_id for k in list_keys(engine.store, "acme")] == [record.key_id]
    assert list_keys(engine.store, "globex") == []


def test_an_erased_users_keys_stop_working(engine: Engine) -> None:
    token, _ = create_key(engine.store, "acme", "alice", "manager")
    kept, _ = create_key(engine.store, "acme", "bob", "manager")
    engine.erase_user("acme", "alice")
    with pytest.raises(InvalidKeyError):
        authenticate(engine.store, token)
    assert authenticate(engine.store, kept).principal.user == "bob"
    assert [k.user for k in list_keys(engine.store, "acme")] == ["bob"]


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (("", "alice", "manager", "agent"), PrincipalError),
        (("acme", "", "manager", "agent"), PrincipalError),
        (("acme", "alice", "emperor", "agent"), InvalidInputError),
        (("acme", "alice", "manager", "root"), InvalidInputError),
    ],
)
def test_bad_arguments_write_nothing(
    engine: Engine, location: str, args: tuple[str, str, str, str], error: type[Exception]
) -> None:
    before = snapshot(location)
    with pytest.raises(error):
        create_key(engine.store, *args)
    with pytest.raises(InvalidInputError):
        create_key(engine.store, "acme", "alice", "manager", "agent", "finance")
    assert snapshot(location) == before


@pytest.mark.skipif(not ON_POSTGRES, reason="row-level security is PostgreSQL's")
def test_the_bound_role_authenticates_but_reads_no_other_organizations_keys(
    engine: Engine, location: str
) -> None:
    import psycopg

    acme, _ = create_key(engine.store, "acme", "alice", "manager")
    globex, _ = create_key(engine.store, "globex", "dave", "manager")
    with psycopg.connect(location) as conn:  # the tests' login role, as a deployment's
        conn.execute(f"SET ROLE {pg.APP_ROLE}")
        conn.execute("SET statekeeper.org = 'acme'")
        assert [r[0] for r in conn.execute("SELECT user_id FROM api_keys")] == ["alice"]
        key_id, secret = globex.split("_", 2)[1:]
        found = conn.execute(
            "SELECT org_id, user_id FROM statekeeper_authenticate(%s, %s)", (key_id, secret)
        ).fetchall()
        assert found == [("globex", "dave")]
        wrong = conn.execute(
            "SELECT * FROM statekeeper_authenticate(%s, %s)", (key_id, secret + "x")
        ).fetchall()
        assert wrong == []
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute(
                "INSERT INTO api_keys VALUES ('globex', 'k', 'eve', 'policy', 'admin', '[]',"
                " '00', '00', now(), NULL)"
            )
    assert authenticate(engine.store, acme).principal.org == "acme"
