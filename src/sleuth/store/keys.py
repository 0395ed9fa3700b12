"""API keys, kept in the runs store as SHA-256 hashes.

A key is shown once, when it is created; the store keeps only its hash, so a copy of
the database does not give anyone access. Keys are 256-bit random tokens, so a plain
(unsalted) SHA-256 is enough: there is no dictionary to try.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sleuth.errors import UsageError
from sleuth.store import common
from sleuth.store.runs import RunStore

KEY_PREFIX = "sleuth_"
MAX_NAME = 64


@dataclass(frozen=True)
class ApiKey:
    id: str
    name: str
    created_at: str
    revoked_at: str | None = None
    admin: bool = False  # sees and decides every key's runs
    corpora: tuple[str, ...] | None = None  # the corpora it may use; None: every one

    @property
    def active(self) -> bool:
        return self.revoked_at is None

    def may_use(self, corpus: str) -> bool:
        return self.corpora is None or corpus in self.corpora


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


class KeyStore:
    """The ``api_keys`` table of a `RunStore` (one database for runs and keys), through
    the store's `sleuth.store.db.Database`."""

    def __init__(self, runs: RunStore) -> None:
        self.runs = runs

    def create(
        self, name: str, corpora: list[str] | None = None, admin: bool = False
    ) -> tuple[ApiKey, str]:
        """A new key: its record and the key itself, which is not stored anywhere.
        ``corpora`` limits it to those served corpora (None: all of them); an ``admin``
        key sees, decides and resumes every key's runs, and may reload corpora."""
        name = name.strip()
        if not name:
            raise UsageError("a key needs a name")
        if len(name) > MAX_NAME or not name.isprintable():
            raise UsageError(f"a key name is at most {MAX_NAME} printable characters")
        limited = None
        if corpora is not None:
            limited = tuple(dict.fromkeys(c.strip() for c in corpora if c.strip()))
            if not limited:
                raise UsageError("--corpus needs a corpus name")
        key = KEY_PREFIX + secrets.token_urlsafe(32)
        record = ApiKey(
            id="key_" + secrets.token_hex(4),
            name=name,
            created_at=self._next_created_at(),
            admin=admin,
            corpora=limited,
        )
        self.runs.db.execute(
            "INSERT INTO api_keys (id, name, key_sha256, created_at, revoked_at, admin, "
            "corpora_json) VALUES (?, ?, ?, ?, NULL, ?, ?)",
            (
                record.id,
                record.name,
                hash_key(key),
                record.created_at,
                int(admin),
                None if limited is None else json.dumps(list(limited)),
            ),
        )
        return record, key

    def _next_created_at(self) -> str:
        """Now, or a millisecond after the newest key when that one is as new: keys list
        in the order they were made, also when two are made within a millisecond (the id
        that breaks a tie is random)."""
        now = common.now()
        row = self.runs.db.query_one("SELECT MAX(created_at) AS newest FROM api_keys")
        newest = None if row is None else row.get("newest")
        if newest is None or now > str(newest):
            return now
        after = datetime.fromisoformat(str(newest)) + timedelta(milliseconds=1)
        return after.isoformat(timespec="milliseconds")

    def list(self) -> list[ApiKey]:
        rows = self.runs.db.query(f"SELECT {_COLUMNS} FROM api_keys ORDER BY created_at, id")
        return [_key(row) for row in rows]

    def revoke(self, key_id: str) -> tuple[ApiKey, bool]:
        """Revoke a key by id: the key, and whether this call revoked it (revoking a
        revoked key changes nothing)."""
        db = self.runs.db
        with db.transaction():
            changed = db.execute(
                "UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL",
                (common.now(), key_id),
            )
            row = db.query_one(f"SELECT {_COLUMNS} FROM api_keys WHERE id = ?", (key_id,))
        if row is None:
            raise UsageError(f"no API key {key_id!r} (see `sleuth keys list`)")
        return _key(row), changed == 1

    def verify(self, key: str) -> ApiKey | None:
        """The active key whose hash matches ``key``, else None."""
        row = self.runs.db.query_one(
            f"SELECT {_COLUMNS} FROM api_keys WHERE key_sha256 = ? AND revoked_at IS NULL",
            (hash_key(key),),
        )
        return None if row is None else _key(row)

    def active_count(self) -> int:
        row = self.runs.db.query_one("SELECT COUNT(*) AS n FROM api_keys WHERE revoked_at IS NULL")
        return int(row["n"]) if row else 0


_COLUMNS = "id, name, created_at, revoked_at, admin, corpora_json"


def _key(row: dict[str, object]) -> ApiKey:
    corpora = row.pop("corpora_json")
    return ApiKey(
        id=str(row["id"]),
        name=str(row["name"]),
        created_at=str(row["created_at"]),
        revoked_at=None if row["revoked_at"] is None else str(row["revoked_at"]),
        admin=bool(row["admin"]),
        corpora=None if corpora is None else tuple(json.loads(str(corpora))),
    )
