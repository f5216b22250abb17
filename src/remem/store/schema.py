"""SQLite schema migrations: small named ordered steps, recorded in a table.

Each step runs in its own transaction on open, in order, and is recorded in
``schema_migrations``; ``PRAGMA user_version`` holds the latest applied step so
a file written by a newer remem can be refused before anything is touched.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass

APPLICATION_ID = 0x52454D4D  # "REMM": marks the file as a remem store


def run_script(db: sqlite3.Connection, script: str) -> None:
    """Execute statements one by one inside the caller's transaction.

    ``executescript`` would COMMIT first, which breaks one-transaction migrations.
    """
    pending = ""
    for line in script.splitlines(keepends=True):
        if line.strip().startswith("--"):
            continue
        pending += line
        if sqlite3.complete_statement(pending):
            db.execute(pending)
            pending = ""
    if pending.strip():
        raise ValueError(f"incomplete SQL statement in migration: {pending[:80]!r}")


def m001_create_core(db: sqlite3.Connection) -> None:
    run_script(
        db,
        """
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

        CREATE TABLE resources (
            id TEXT PRIMARY KEY,
            kind TEXT NOT NULL,
            namespace TEXT, user_id TEXT, agent_id TEXT, session_id TEXT, role TEXT,
            content TEXT NOT NULL,
            occurred_at TEXT,
            created_at TEXT NOT NULL,
            metadata TEXT NOT NULL DEFAULT '{}'
        );
        CREATE INDEX resources_user ON resources(user_id);
        CREATE INDEX resources_namespace ON resources(namespace);
        CREATE INDEX resources_session ON resources(session_id);

        -- Resources are an append-only log: no UPDATE ever, DELETE only from erase,
        -- which opens the guard inside its own transaction.
        CREATE TABLE erase_guard (token TEXT PRIMARY KEY);
        CREATE TRIGGER resources_no_update BEFORE UPDATE ON resources
        BEGIN SELECT RAISE(ABORT, 'resources are append-only'); END;
        CREATE TRIGGER resources_no_delete BEFORE DELETE ON resources
        WHEN (SELECT count(*) FROM erase_guard) = 0
        BEGIN SELECT RAISE(ABORT, 'resources are deleted only by erase'); END;

        CREATE TABLE memories (
            seq INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            namespace TEXT, user_id TEXT, agent_id TEXT, role TEXT, session_id TEXT,
            kind TEXT NOT NULL,
            content TEXT NOT NULL,
            content_hash TEXT NOT NULL,
            category TEXT,
            tags TEXT NOT NULL DEFAULT '[]',
            entities TEXT NOT NULL DEFAULT '[]',
            importance REAL NOT NULL,
            tier TEXT NOT NULL,
            confidence REAL NOT NULL,
            strength TEXT NOT NULL,
            sentiment TEXT NOT NULL,
            source_trust TEXT NOT NULL,
            visibility TEXT NOT NULL,
            status TEXT NOT NULL,
            supersedes TEXT,
            superseded_by TEXT,
            valid_from TEXT, valid_to TEXT,
            created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
            last_referenced_at TEXT,
            reference_count INTEGER NOT NULL DEFAULT 0,
            access_count INTEGER NOT NULL DEFAULT 0,
            surface_count INTEGER NOT NULL DEFAULT 0,
            success_count INTEGER NOT NULL DEFAULT 0,
            failure_count INTEGER NOT NULL DEFAULT 0,
            trust_score REAL NOT NULL DEFAULT 0.5,
            retrieval_priority REAL NOT NULL DEFAULT 0,
            promoted INTEGER NOT NULL DEFAULT 0,
            source_resource_id TEXT,
            extractor_version TEXT,
            data TEXT NOT NULL DEFAULT '{}'
        );
        CREATE INDEX memories_user ON memories(user_id, status);
        CREATE INDEX memories_agent ON memories(agent_id, status);
        CREATE INDEX memories_namespace ON memories(namespace, status);
        CREATE INDEX memories_hash ON memories(content_hash);
        CREATE INDEX memories_resource ON memories(source_resource_id);

        CREATE VIRTUAL TABLE memories_fts USING fts5(
            content, tags, entities,
            content='memories', content_rowid='seq',
            tokenize='porter unicode61 remove_diacritics 2'
        );
        CREATE TRIGGER memories_fts_insert AFTER INSERT ON memories BEGIN
            INSERT INTO memories_fts(rowid, content, tags, entities)
            VALUES (new.seq, new.content, new.tags, new.entities);
        END;
        CREATE TRIGGER memories_fts_delete AFTER DELETE ON memories BEGIN
            INSERT INTO memories_fts(memories_fts, rowid, content, tags, entities)
            VALUES ('delete', old.seq, old.content, old.tags, old.entities);
        END;
        CREATE TRIGGER memories_fts_update AFTER UPDATE OF content, tags, entities ON memories
        BEGIN
            INSERT INTO memories_fts(memories_fts, rowid, content, tags, entities)
            VALUES ('delete', old.seq, old.content, old.tags, old.entities);
            INSERT INTO memories_fts(rowid, content, tags, entities)
            VALUES (new.seq, new.content, new.tags, new.entities);
        END;

        CREATE TABLE vectors (
            memory_seq INTEGER PRIMARY KEY REFERENCES memories(seq) ON DELETE CASCADE,
            model_id TEXT NOT NULL,
            dim INTEGER NOT NULL,
            vector BLOB NOT NULL
        );
        CREATE INDEX vectors_model ON vectors(model_id);

        CREATE TABLE entities (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            norm TEXT NOT NULL,
            type TEXT,
            namespace TEXT, user_id TEXT, agent_id TEXT,
            created_at TEXT NOT NULL
        );
        CREATE INDEX entities_norm ON entities(norm);
        CREATE TABLE memory_entities (
            memory_seq INTEGER NOT NULL REFERENCES memories(seq) ON DELETE CASCADE,
            entity_id INTEGER NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
            PRIMARY KEY (memory_seq, entity_id)
        );
        CREATE INDEX memory_entities_entity ON memory_entities(entity_id);
        CREATE TABLE relations (
            id INTEGER PRIMARY KEY,
            src_entity INTEGER NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
            relation TEXT NOT NULL,
            dst_entity INTEGER NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
            memory_seq INTEGER REFERENCES memories(seq) ON DELETE CASCADE,
            created_at TEXT NOT NULL
        );
        CREATE INDEX relations_src ON relations(src_entity);
        CREATE INDEX relations_dst ON relations(dst_entity);

        CREATE TABLE audit (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            memory_id TEXT,
            event TEXT NOT NULL,
            at TEXT NOT NULL,
            actor TEXT,
            detail TEXT NOT NULL DEFAULT '{}'
        );
        CREATE INDEX audit_memory ON audit(memory_id);

        CREATE TABLE checkpoints (
            session_id TEXT NOT NULL,
            turn INTEGER NOT NULL,
            namespace TEXT, user_id TEXT, agent_id TEXT,
            state TEXT NOT NULL,
            created_at TEXT NOT NULL,
            PRIMARY KEY (session_id, turn)
        );

        CREATE TABLE jobs (
            name TEXT PRIMARY KEY,
            last_run_at TEXT,
            last_status TEXT,
            detail TEXT NOT NULL DEFAULT '{}',
            lock_owner TEXT,
            lock_until TEXT
        );
        """,
    )


def m002_resource_extractions(db: sqlite3.Connection) -> None:
    # Resources are append-only, so "has this been extracted?" lives beside them.
    run_script(
        db,
        """
        CREATE TABLE resource_extractions (
            resource_id TEXT NOT NULL REFERENCES resources(id) ON DELETE CASCADE,
            extractor_version TEXT NOT NULL,
            at TEXT NOT NULL,
            facts INTEGER NOT NULL,
            PRIMARY KEY (resource_id, extractor_version)
        );
        """,
    )


def m003_token_vectors(db: sqlite3.Connection) -> None:
    # Per-token vectors for late-interaction (MaxSim) scoring, one row per memory:
    # wordpiece ids (uint16 when they fit, else uint32), int8 vectors with one float32
    # scale per token row. Rows go with their memory (ON DELETE CASCADE).
    run_script(
        db,
        """
        CREATE TABLE token_vectors (
            memory_seq INTEGER PRIMARY KEY REFERENCES memories(seq) ON DELETE CASCADE,
            model_id TEXT NOT NULL,
            dim INTEGER NOT NULL,
            tokens INTEGER NOT NULL,
            token_ids BLOB NOT NULL,
            vectors BLOB NOT NULL,
            scales BLOB NOT NULL
        );
        CREATE INDEX token_vectors_model ON token_vectors(model_id);
        """,
    )


def m004_summaries(db: sqlite3.Connection) -> None:
    # One current markdown summary per (scope, category); older versions stay,
    # archived with the time they were replaced.
    run_script(
        db,
        """
        CREATE TABLE summaries (
            id INTEGER PRIMARY KEY,
            namespace TEXT, user_id TEXT, agent_id TEXT,
            category TEXT NOT NULL,
            content TEXT NOT NULL,
            facts INTEGER NOT NULL,
            generator TEXT NOT NULL,
            created_at TEXT NOT NULL,
            archived_at TEXT
        );
        CREATE INDEX summaries_current ON summaries(category, archived_at);
        CREATE INDEX summaries_user ON summaries(user_id);
        """,
    )


def m005_summary_sources(db: sqlite3.Connection) -> None:
    # The ids of the memories a summary was built from: a forget, supersede or
    # erase finds the summaries to rebuild or delete, and tiered recall checks
    # each source is still active and visible to the asker. NULL: built before
    # this step (never used by tiered recall; rebuilt at the next refresh).
    db.execute("ALTER TABLE summaries ADD COLUMN sources TEXT")


def m006_lifecycle(db: sqlite3.Connection) -> None:
    # Usage and review state of each memory (remem/lifecycle/), and one row per run
    # of a lifecycle job (the ``jobs`` table of m001 holds each job's lease and last run).
    run_script(
        db,
        """
        ALTER TABLE memories ADD COLUMN last_accessed_at TEXT;
        ALTER TABLE memories ADD COLUMN purge_candidate_since TEXT;

        CREATE TABLE job_runs (
            id INTEGER PRIMARY KEY,
            job TEXT NOT NULL,
            owner TEXT NOT NULL,
            now TEXT NOT NULL,
            started_at TEXT NOT NULL,
            finished_at TEXT,
            status TEXT NOT NULL,
            counts TEXT NOT NULL DEFAULT '{}',
            detail TEXT NOT NULL DEFAULT '{}'
        );
        CREATE INDEX job_runs_job ON job_runs(job, id);
        """,
    )


def m007_resource_hashes(db: sqlite3.Connection) -> None:
    # A transcript message's identity (see Resource.content_hash), so an interrupted
    # `extract` re-run skips what the first run stored instead of appending it again.
    # Adding a column is no UPDATE: the append-only triggers do not fire.
    run_script(
        db,
        """
        ALTER TABLE resources ADD COLUMN content_hash TEXT;
        CREATE INDEX resources_content_hash ON resources(content_hash)
            WHERE content_hash IS NOT NULL;
        """,
    )


def m008_triggers(db: sqlite3.Connection) -> None:
    # Forward triggers (remem/agent/triggers.py): a day and what to bring up then.
    # Their own table, not memories: every session start asks "which pending ones
    # are due by today?", a range query on (status, trigger_date) that an index
    # answers at once, and a trigger is a reminder with a status, not knowledge to
    # search, rank or decay.
    run_script(
        db,
        """
        CREATE TABLE triggers (
            seq INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            namespace TEXT, user_id TEXT, agent_id TEXT, session_id TEXT,
            trigger_date TEXT NOT NULL,
            message TEXT NOT NULL,
            phrase TEXT NOT NULL DEFAULT '',
            memory_ids TEXT NOT NULL DEFAULT '[]',
            status TEXT NOT NULL,
            created_at TEXT NOT NULL,
            fired_at TEXT,
            closed_at TEXT
        );
        CREATE INDEX triggers_due ON triggers(status, trigger_date);
        """,
    )


def m009_agent(db: sqlite3.Connection) -> None:
    # The agent layer's state (remem/agent/), shared by the processes of one session
    # (hooks): sessions with their turn counter and the memories injected since the
    # last feedback, the cost of each operation, and working memory. Lessons, episodes
    # and rules are memories. Indexes for what a session start lists: memories of a
    # kind (lessons) and promoted ones.
    run_script(
        db,
        """
        CREATE TABLE agent_sessions (
            session_id TEXT PRIMARY KEY,
            namespace TEXT, user_id TEXT, agent_id TEXT,
            started_at TEXT NOT NULL,
            ended_at TEXT,
            opening TEXT,
            turns INTEGER NOT NULL DEFAULT 0,
            flushed_turns INTEGER NOT NULL DEFAULT 0,
            injected TEXT NOT NULL DEFAULT '[]',
            data TEXT NOT NULL DEFAULT '{}'
        );
        CREATE INDEX agent_sessions_user ON agent_sessions(user_id, started_at);
        CREATE INDEX agent_sessions_agent ON agent_sessions(agent_id, started_at);
        CREATE INDEX agent_sessions_namespace ON agent_sessions(namespace, started_at);

        CREATE TABLE session_costs (
            id INTEGER PRIMARY KEY,
            session_id TEXT NOT NULL,
            namespace TEXT, user_id TEXT, agent_id TEXT,
            turn INTEGER NOT NULL,
            op TEXT NOT NULL,
            at TEXT NOT NULL,
            embed_calls INTEGER NOT NULL DEFAULT 0,
            llm_calls INTEGER NOT NULL DEFAULT 0,
            llm_tokens INTEGER NOT NULL DEFAULT 0,
            db_statements INTEGER NOT NULL DEFAULT 0,
            injected_tokens INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX session_costs_session ON session_costs(session_id, id);

        CREATE TABLE working_memory (
            seq INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            session_id TEXT NOT NULL,
            namespace TEXT, user_id TEXT, agent_id TEXT,
            role TEXT,
            content TEXT NOT NULL,
            importance REAL NOT NULL,
            source_trust TEXT NOT NULL,
            created_at TEXT NOT NULL,
            expires_at TEXT NOT NULL,
            surface_count INTEGER NOT NULL DEFAULT 0,
            last_surfaced_at TEXT,
            prev_surfaced_at TEXT,
            promoted_to TEXT,
            carried_from TEXT,
            data TEXT NOT NULL DEFAULT '{}'
        );
        CREATE INDEX working_session ON working_memory(session_id, seq);
        CREATE INDEX working_user ON working_memory(user_id, expires_at);
        CREATE INDEX working_agent ON working_memory(agent_id, expires_at);
        CREATE INDEX working_namespace ON working_memory(namespace, expires_at);

        CREATE INDEX memories_kind ON memories(kind, status);
        CREATE INDEX memories_promoted ON memories(promoted, status) WHERE promoted = 1;
        """,
    )


def m010_api_keys(db: sqlite3.Connection) -> None:
    # REST API keys (remem/server/keys.py): a key's id, the SHA-256 digest of the key
    # (never the key), the scope and role it is bound to. In the store, not in a file
    # beside it, so every replica serving the store sees a revocation at once.
    run_script(
        db,
        """
        CREATE TABLE api_keys (
            id TEXT PRIMARY KEY,
            digest BLOB NOT NULL,
            role TEXT NOT NULL,
            name TEXT NOT NULL DEFAULT '',
            namespace TEXT, user_id TEXT, agent_id TEXT,
            rate_per_minute INTEGER,
            created_at TEXT NOT NULL,
            revoked_at TEXT
        );
        """,
    )


def m011_pending_work(db: sqlite3.Connection) -> None:
    # Writes the agent layer answered before doing (remem/agent/deferred.py): the
    # local service answers a prompt as soon as its context is ready and does the
    # turn's writes after, journaled here first so a service that dies in between
    # loses none of them. A row is claimed (claimed_at) by the process doing it and
    # deleted when done; a claim older than agent_pending_lease_s is taken over.
    # ``data``: the texts (a turn's content, tool calls: redacted as every text is);
    # ``refs``: what remem made itself (ids, content hashes, counts, times), JSON in a
    # BLOB so the redaction never mistakes a content hash for a secret.
    run_script(
        db,
        """
        CREATE TABLE pending_work (
            id INTEGER PRIMARY KEY,
            kind TEXT NOT NULL,
            namespace TEXT, user_id TEXT, agent_id TEXT,
            data TEXT NOT NULL,
            refs BLOB NOT NULL,
            created_at TEXT NOT NULL,
            claimed_at TEXT,
            attempts INTEGER NOT NULL DEFAULT 0
        );
        """,
    )


def m012_trigger_provenance(db: sqlite3.Connection) -> None:
    # Where a forward trigger came from (remem/agent/triggers.py): a reminder is put
    # before the assistant, an instruction channel like a rule, so each records who
    # made it, when, through which surface and from what text (JSON, redacted).
    run_script(db, "ALTER TABLE triggers ADD COLUMN data TEXT NOT NULL DEFAULT '{}';")


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    apply: Callable[[sqlite3.Connection], None]


MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "m001_create_core", m001_create_core),
    Migration(2, "m002_resource_extractions", m002_resource_extractions),
    Migration(3, "m003_token_vectors", m003_token_vectors),
    Migration(4, "m004_summaries", m004_summaries),
    Migration(5, "m005_summary_sources", m005_summary_sources),
    Migration(6, "m006_lifecycle", m006_lifecycle),
    Migration(7, "m007_resource_hashes", m007_resource_hashes),
    Migration(8, "m008_triggers", m008_triggers),
    Migration(9, "m009_agent", m009_agent),
    Migration(10, "m010_api_keys", m010_api_keys),
    Migration(11, "m011_pending_work", m011_pending_work),
    Migration(12, "m012_trigger_provenance", m012_trigger_provenance),
)
LATEST_VERSION = MIGRATIONS[-1].version
