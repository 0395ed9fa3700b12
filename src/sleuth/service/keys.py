"""API keys, kept in the runs store as SHA-256 hashes: `sleuth.store.keys` (the SQL
lives in the store; the service checks keys in `sleuth.service.gate`)."""

from __future__ import annotations

from sleuth.store.keys import KEY_PREFIX, MAX_NAME, ApiKey, KeyStore, hash_key

__all__ = ["KEY_PREFIX", "MAX_NAME", "ApiKey", "KeyStore", "hash_key"]
