"""The PostgreSQL schema, derived from the SQLite one so the two never drift.

The SQLite migrations (:mod:`remem.store.schema`) are the one definition of the
tables. :func:`postgres_ddl` applies them to an in-memory SQLite database, reads
back every table, column, key, foreign key and index through SQLite's own
catalogue, and writes the same tables in PostgreSQL's dialect:

* ``INTEGER`` is ``BIGINT``, ``REAL`` is ``DOUBLE PRECISION``, ``BLOB`` is
  ``BYTEA``; text is ``TEXT COLLATE "C"`` so it sorts and compares by code point,
  as SQLite does (ids, ISO-8601 times and prefix ranges rely on it);
* an ``INTEGER PRIMARY KEY`` (SQLite's rowid alias) takes the next number of a
  sequence when inserted as NULL or left out, as in SQLite; every other table
  gets a trailing ``rowid`` identity column, which keeps the ``ORDER BY rowid``
  of the shared SQL meaning "in insertion order";
* the FTS5 table and its triggers are left out: BM25 is always scored by the
  in-process index (:mod:`remem.store.lexical`), as SQLite does by default;
* the two guards of the append-only resource log are PL/pgSQL triggers.

A trigger SQLite has and this module does not know stops :func:`postgres_ddl`
(a test opens a store with it), so a new rule of the SQLite schema cannot be
silently missing on PostgreSQL.
"""

from __future__ import annotations

import re
import sqlite3

from remem.store.schema import LATEST_VERSION, MIGRATIONS

__all__ = ["FUNCTIONS", "LATEST_VERSION", "TableInfo", "postgres_ddl"]

_TYPES = {"INTEGER": "BIGINT", "REAL": "DOUBLE PRECISION", "BLOB": "BYTEA", "TEXT": "TEXT"}
_FTS = "memories_fts"

# SQLite triggers and what stands for them on PostgreSQL ("": nothing, FTS5 upkeep).
_TRIGGERS = {
    "memories_fts_insert": "",
    "memories_fts_delete": "",
    "memories_fts_update": "",
    "resources_no_update": """
        CREATE FUNCTION remem_resources_no_update() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'resources are append-only' USING ERRCODE = '23000'; END $$;
        CREATE TRIGGER resources_no_update BEFORE UPDATE ON resources
            FOR EACH ROW EXECUTE FUNCTION remem_resources_no_update();
    """,
    "resources_no_delete": """
        CREATE FUNCTION remem_resources_no_delete() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF (SELECT count(*) FROM erase_guard) = 0 THEN
                RAISE EXCEPTION 'resources are deleted only by erase' USING ERRCODE = '23000';
            END IF;
            RETURN OLD;
        END $$;
        CREATE TRIGGER resources_no_delete BEFORE DELETE ON resources
            FOR EACH ROW EXECUTE FUNCTION remem_resources_no_delete();
    """,
}

# SQLite's JSON and string functions the shared SQL uses, under remem_ names
# (:mod:`remem.store.pg_conn` renames the calls). They follow SQLite's results:
# json_type says 'integer'/'real'/'text'/'true'/'false'/'null'/'array'/'object',
# json_extract gives a scalar as text (an object or array as its JSON).
FUNCTIONS = r"""
CREATE FUNCTION remem_json_path(p text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
    SELECT coalesce(array_agg(m[1] ORDER BY n), '{}')
    FROM regexp_matches(substr(p, 2), '(?:\.("[^"]*"|[^.\[]+)|\[(\d+)\])', 'g')
        WITH ORDINALITY AS t(g, n),
        LATERAL (SELECT ARRAY[btrim(coalesce(g[1], g[2]), '"')]) AS x(m)
$$;
CREATE FUNCTION remem_json_at(doc text, p text) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE WHEN doc IS NULL OR p IS NULL THEN NULL
                WHEN p = '$' THEN doc::jsonb
                ELSE doc::jsonb #> remem_json_path(p) END
$$;
CREATE FUNCTION remem_json_extract(doc text, p text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE jsonb_typeof(v) WHEN 'null' THEN NULL
                WHEN 'boolean' THEN CASE WHEN v = 'true'::jsonb THEN '1' ELSE '0' END
                WHEN 'string' THEN v #>> '{}'
                ELSE v::text END
    FROM (SELECT remem_json_at(doc, p) AS v) s
$$;
CREATE FUNCTION remem_json_type(doc text, p text DEFAULT '$') RETURNS text
LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE jsonb_typeof(v)
                WHEN 'number' THEN CASE WHEN v::text ~ '^-?\d+$' THEN 'integer' ELSE 'real' END
                WHEN 'string' THEN 'text'
                WHEN 'boolean' THEN v::text
                ELSE jsonb_typeof(v) END
    FROM (SELECT remem_json_at(doc, p) AS v) s
$$;
CREATE FUNCTION remem_json_each(doc text, p text DEFAULT '$')
RETURNS TABLE (key text, value text) LANGUAGE sql IMMUTABLE AS $$
    SELECT NULL::text, CASE jsonb_typeof(e) WHEN 'string' THEN e #>> '{}' ELSE e::text END
    FROM jsonb_array_elements(CASE jsonb_typeof(remem_json_at(doc, p))
        WHEN 'array' THEN remem_json_at(doc, p) ELSE '[]'::jsonb END) AS e
    UNION ALL
    SELECT o.key, CASE jsonb_typeof(o.value) WHEN 'string' THEN o.value #>> '{}'
                       ELSE o.value::text END
    FROM jsonb_each(CASE jsonb_typeof(remem_json_at(doc, p))
        WHEN 'object' THEN remem_json_at(doc, p) ELSE '{}'::jsonb END) AS o
$$;
CREATE FUNCTION remem_json_array_length(doc text) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE jsonb_typeof(doc::jsonb) WHEN 'array' THEN jsonb_array_length(doc::jsonb)
                ELSE 0 END
$$;
CREATE FUNCTION remem_json_merge(a jsonb, b jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE WHEN jsonb_typeof(a) = 'object' AND jsonb_typeof(b) = 'object' THEN (
        SELECT coalesce(jsonb_object_agg(k, v), '{}'::jsonb) FROM (
            SELECT k, CASE WHEN b ? k THEN remem_json_merge(a -> k, b -> k) ELSE a -> k END AS v
            FROM jsonb_object_keys(a) AS k
            UNION ALL
            SELECT k, b -> k FROM jsonb_object_keys(b) AS k WHERE NOT a ? k
        ) s WHERE v IS NOT NULL AND v <> 'null'::jsonb)
    WHEN jsonb_typeof(b) = 'object' THEN remem_json_merge('{}'::jsonb, b)
    ELSE b END
$$;
CREATE FUNCTION remem_json_patch(a text, b text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT remem_json_merge(a::jsonb, b::jsonb)::text
$$;
CREATE FUNCTION remem_instr(a text, b text) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
    SELECT strpos(a, b)
$$;
CREATE FUNCTION remem_concat(a text, b text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE WHEN a IS NULL THEN b WHEN b IS NULL THEN a ELSE a || ',' || b END
$$;
CREATE AGGREGATE remem_group_concat(text) (SFUNC = remem_concat, STYPE = text);
"""


# SQLite gives an INTEGER PRIMARY KEY left NULL the next number, and a row inserted
# with its own number moves the next one past it: a sequence and this trigger do both.
_KEY_TRIGGER = """
    CREATE FUNCTION remem_{table}_key() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF NEW.{col} IS NULL THEN
            NEW.{col} := nextval('{table}_{col}_seq');
        ELSIF NEW.{col} >= (SELECT last_value FROM {table}_{col}_seq) THEN
            PERFORM setval('{table}_{col}_seq', NEW.{col});
        END IF;
        RETURN NEW;
    END $$;
    CREATE TRIGGER {table}_key BEFORE INSERT ON {table}
        FOR EACH ROW EXECUTE FUNCTION remem_{table}_key();
"""


class TableInfo:
    """What the connection needs to know of a table: its key and its columns."""

    def __init__(self, name: str, columns: list[str], key: list[str], identity: str | None):
        self.name = name
        self.columns = columns  # as SQLite declares them (no added rowid)
        self.key = key  # the primary key's columns
        self.identity = identity  # the column a plain INSERT returns as lastrowid


def _sqlite_schema() -> sqlite3.Connection:
    db = sqlite3.connect(":memory:")
    db.execute(
        "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, "
        "name TEXT NOT NULL, applied_at TEXT NOT NULL)"
    )
    for migration in MIGRATIONS:
        migration.apply(db)
    return db


def _default(value: str | None) -> str:
    return "" if value is None else f" DEFAULT {value}"


def postgres_ddl() -> tuple[list[str], dict[str, TableInfo]]:
    """The statements that create the latest schema on PostgreSQL, and each table's
    key and columns."""
    db = _sqlite_schema()
    try:
        objects = db.execute(
            "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY rowid"
        ).fetchall()
        tables: dict[str, TableInfo] = {}
        creates: list[str] = []
        later: list[str] = []
        for kind, name, _table, _sql in objects:
            if kind != "table" or name.startswith(("sqlite_", _FTS)):
                continue
            columns = db.execute(f"PRAGMA table_info({name})").fetchall()
            key = [c[1] for c in sorted((c for c in columns if c[5]), key=lambda c: c[5])]
            rowid_alias = len(key) == 1 and any(
                c[1] == key[0] and c[2].upper() == "INTEGER" for c in columns
            )
            parts = []
            for _cid, col, ctype, notnull, default, _pk in columns:
                if rowid_alias and col == key[0]:
                    creates.append(f"CREATE SEQUENCE {name}_{col}_seq")
                    parts.append(f"{col} BIGINT NOT NULL DEFAULT nextval('{name}_{col}_seq')")
                    later.append(_KEY_TRIGGER.format(table=name, col=col))
                    continue
                pg = _TYPES.get(ctype.upper(), "TEXT")
                if pg == "TEXT":
                    pg = 'TEXT COLLATE "C"'
                parts.append(f"{col} {pg}{' NOT NULL' if notnull else ''}{_default(default)}")
            if not rowid_alias:
                parts.append("rowid BIGINT GENERATED BY DEFAULT AS IDENTITY")
            if key:
                parts.append(f"PRIMARY KEY ({', '.join(key)})")
            for index in db.execute(f"PRAGMA index_list({name})").fetchall():
                if index[3] == "u":  # a UNIQUE written in the table's definition
                    cols = [r[2] for r in db.execute(f"PRAGMA index_info({index[1]})")]
                    parts.append(f"UNIQUE ({', '.join(cols)})")
            creates.append(f"CREATE TABLE {name} ({', '.join(parts)})")
            fks: dict[int, list[tuple[str, str, str, str]]] = {}
            for fk in db.execute(f"PRAGMA foreign_key_list({name})").fetchall():
                fks.setdefault(fk[0], []).append((fk[2], fk[3], fk[4], fk[6]))
            for n, refs in fks.items():
                target = refs[0][0]
                on_delete = refs[0][3]
                action = "" if on_delete == "NO ACTION" else f" ON DELETE {on_delete}"
                later.append(
                    f"ALTER TABLE {name} ADD CONSTRAINT {name}_fk{n} FOREIGN KEY "
                    f"({', '.join(r[1] for r in refs)}) REFERENCES {target} "
                    f"({', '.join(r[2] for r in refs)}){action}"
                )
            tables[name] = TableInfo(
                name,
                [c[1] for c in columns],
                key or ["rowid"],
                key[0] if rowid_alias else "rowid",
            )
        for kind, name, table, sql in objects:
            if kind == "index" and sql is not None and not table.startswith(_FTS):
                later.append(re.sub(r"\s+", " ", sql))
            elif kind == "trigger":
                if name not in _TRIGGERS:
                    raise RuntimeError(
                        f"the SQLite schema has a trigger {name!r} with no PostgreSQL "
                        "counterpart: add it to remem.store.pg_schema._TRIGGERS"
                    )
                if _TRIGGERS[name]:
                    later.append(_TRIGGERS[name])
        return [*creates, *later, FUNCTIONS], tables
    finally:
        db.close()
