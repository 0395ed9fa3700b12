"""The runs store's schema: a plain list of migration functions, `MIGRATIONS`, applied in
order and each once (the version is SQLite's ``PRAGMA user_version``, or PostgreSQL's
``sleuth_schema`` table; see `sleuth.store.db`). To change the schema, append a function
and never edit a released one; write portable SQL, run through ``db.script``:

    def _m10_something(db: Database) -> None:
        '''What the new tables are for.'''
        db.script(
            '''
            CREATE TABLE something (id {auto_id}, run_id TEXT NOT NULL REFERENCES runs(id));
            ALTER TABLE runs ADD COLUMN something_else TEXT
            '''
        )

    MIGRATIONS = [..., _m9_trace_lists_and_researches, _m10_something]

Inserts name their columns, so added columns (nullable, or with a ``DEFAULT``) break no
existing statement. Both backends run the same tests (``tests/test_store.py``).
"""

from __future__ import annotations

from sleuth.store.db import Database, Migration


def _m1_initial(db: Database) -> None:
    db.script(
        """
        CREATE TABLE runs (
            id TEXT PRIMARY KEY,
            created_at TEXT NOT NULL,
            question TEXT NOT NULL,
            task_json TEXT NOT NULL,
            corpus TEXT NOT NULL,
            policy TEXT NOT NULL,
            budgets_json TEXT NOT NULL
        );
        CREATE TABLE steps (
            run_id TEXT NOT NULL REFERENCES runs(id),
            idx INTEGER NOT NULL,
            started_at TEXT NOT NULL,
            duration_ms DOUBLE PRECISION NOT NULL,
            thought TEXT NOT NULL,
            tool TEXT NOT NULL,
            args_json TEXT NOT NULL,
            observation TEXT NOT NULL,
            kind TEXT NOT NULL,
            error TEXT,
            data_json TEXT NOT NULL,
            raw_json TEXT,
            usage_json TEXT,
            PRIMARY KEY (run_id, idx)
        );
        CREATE TABLE results (
            run_id TEXT PRIMARY KEY REFERENCES runs(id),
            finished_at TEXT NOT NULL,
            status TEXT NOT NULL,
            reason TEXT,
            result_json TEXT,
            error TEXT
        );
        CREATE INDEX runs_created ON runs(created_at);
        """
    )


def _m2_model_calls(db: Database) -> None:
    """Each step keeps the model calls behind it: exact request and response bodies,
    attempts and errors (never API keys: those travel in headers, which are not kept)."""
    db.script("ALTER TABLE steps ADD COLUMN calls_json TEXT")


def _m3_evals(db: Database) -> None:
    """Eval runs and their cases, each case linked to the run that answered it."""
    db.script(
        """
        CREATE TABLE evals (
            id TEXT PRIMARY KEY,
            created_at TEXT NOT NULL,
            suite TEXT NOT NULL,
            policy TEXT NOT NULL,
            summary_json TEXT
        );
        CREATE TABLE eval_cases (
            eval_id TEXT NOT NULL REFERENCES evals(id),
            idx INTEGER NOT NULL,
            case_id TEXT NOT NULL,
            run_id TEXT,
            passed INTEGER NOT NULL,
            failure TEXT,
            record_json TEXT NOT NULL,
            PRIMARY KEY (eval_id, idx)
        );
        """
    )


def _m4_api_keys(db: Database) -> None:
    """API keys for `sleuth serve`: a name and the SHA-256 hash of each key, never the key."""
    db.script(
        """
        CREATE TABLE api_keys (
            id TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            key_sha256 TEXT NOT NULL UNIQUE,
            created_at TEXT NOT NULL,
            revoked_at TEXT
        );
        """
    )


def _m5_approvals_and_leases(db: Database) -> None:
    """Side-effecting calls waiting for (or decided by) a person, the outbox their
    effects write to (one item per idempotency key), and run leases."""
    db.script(
        """
        CREATE TABLE approvals (
            run_id TEXT NOT NULL REFERENCES runs(id),
            step INTEGER NOT NULL,
            tool TEXT NOT NULL,
            action_json TEXT NOT NULL,
            status TEXT NOT NULL,
            requested_at TEXT NOT NULL,
            decided_at TEXT,
            note TEXT,
            PRIMARY KEY (run_id, step)
        );
        CREATE TABLE outbox (
            item_key TEXT PRIMARY KEY,
            run_id TEXT NOT NULL REFERENCES runs(id),
            tool TEXT NOT NULL,
            payload_json TEXT NOT NULL,
            created_at TEXT NOT NULL
        );
        CREATE INDEX outbox_created ON outbox(created_at);
        ALTER TABLE runs ADD COLUMN owner TEXT;
        ALTER TABLE runs ADD COLUMN lease_until DOUBLE PRECISION
        """
    )


def _m6_approval_deciders(db: Database) -> None:
    """Who decided each approval (an API key id, or the CLI's user), for the record."""
    db.script("ALTER TABLE approvals ADD COLUMN decided_by TEXT")


def _m7_run_keys_and_builds(db: Database) -> None:
    """Who made each run (the API key's id; NULL for the CLI and open mode) and which
    build of its corpus it read; what each API key may do (admin: every run; corpora:
    the names it may ask about, NULL for all)."""
    db.script(
        """
        ALTER TABLE runs ADD COLUMN key_id TEXT;
        ALTER TABLE runs ADD COLUMN corpus_build TEXT;
        CREATE INDEX runs_key ON runs(key_id, created_at);
        ALTER TABLE api_keys ADD COLUMN admin INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE api_keys ADD COLUMN corpora_json TEXT
        """
    )


def _m8_trace_ids(db: Database) -> None:
    """The OpenTelemetry trace id of each run, when it was traced (`sleuth.telemetry`)."""
    db.script("ALTER TABLE runs ADD COLUMN trace_id TEXT")


def _m9_trace_lists_and_researches(db: Database) -> None:
    """Every OpenTelemetry trace a run was executed under (a resumed run has one per
    stretch; ``runs.trace_id`` stays the first), and the researches of ``sleuth mcp``'s
    ``open_page`` / ``check_finish``: which source (and build) they read, the API key that
    made them, and the pages they opened, in order, so that a restarted server can
    rebuild them."""
    db.script(
        """
        CREATE TABLE run_traces (
            seq {auto_id},
            run_id TEXT NOT NULL REFERENCES runs(id),
            trace_id TEXT NOT NULL,
            added_at TEXT NOT NULL,
            UNIQUE (run_id, trace_id)
        );
        CREATE TABLE researches (
            id TEXT PRIMARY KEY,
            created_at TEXT NOT NULL,
            used_at TEXT NOT NULL,
            source TEXT NOT NULL,
            build TEXT,
            key_id TEXT,
            opens_json TEXT NOT NULL
        );
        CREATE INDEX researches_used ON researches(used_at)
        """
    )


def _m10_cancel_requests(db: Database) -> None:
    """A request to cancel a run that some process is running (`RunStore.cancel`): when
    it was asked and by whom; the process running it ends it after the step in flight."""
    db.script(
        """
        ALTER TABLE runs ADD COLUMN cancel_at TEXT;
        ALTER TABLE runs ADD COLUMN cancel_by TEXT
        """
    )


#: The schema, one function per version: ``MIGRATIONS[n - 1]`` takes a database from
#: version n - 1 to n. Append only (see the module docstring).
MIGRATIONS: list[Migration] = [
    _m1_initial,
    _m2_model_calls,
    _m3_evals,
    _m4_api_keys,
    _m5_approvals_and_leases,
    _m6_approval_deciders,
    _m7_run_keys_and_builds,
    _m8_trace_ids,
    _m9_trace_lists_and_researches,
    _m10_cancel_requests,
]
