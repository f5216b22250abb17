"""One Config: defaults < ``remem.toml`` < ``REMEM_*`` environment variables.

Every number remem's scoring and lifecycle use is a field of :class:`Config`, with
the defaults the design documents give, grouped by part in the settings classes it
inherits (``config_read``, ``config_write``, ``config_lifecycle``, ``config_agent``;
default tables in ``config_defaults``); ``remem config show`` prints each value and where
it came from. Only the composition roots (CLI, REST app, MCP server, the
``Memory`` constructor when given no config) call :meth:`Config.load`; nothing
deeper reads the environment.

``remem.toml`` is looked up at ``$REMEM_CONFIG``, then ``./remem.toml``, then
``$REMEM_HOME/remem.toml``. Keys are the field names below, at top level or in
any table (tables are only for grouping: ``[search] rrf_k = 60`` sets ``rrf_k``).
Environment variables are the field names upper-cased with a ``REMEM_`` prefix;
dict and list fields take JSON (``REMEM_CATEGORIES='["work","health"]'``).
"""

from __future__ import annotations

import json
import os
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr
from pydantic import ValidationError as PydanticValidationError

from remem.config_agent import AgentSettings
from remem.config_defaults import (
    DEFAULT_CATEGORIES,
    DEFAULT_CATEGORY_TTL_DAYS,
    DEFAULT_CATEGORY_WEIGHTS,
    DEFAULT_UPDATE_WEIGHTS,
)
from remem.config_lifecycle import LifecycleSettings
from remem.config_read import ReadSettings
from remem.config_write import WriteSettings
from remem.errors import UserError

__all__ = [
    "DEFAULT_CATEGORIES",
    "DEFAULT_CATEGORY_TTL_DAYS",
    "DEFAULT_CATEGORY_WEIGHTS",
    "DEFAULT_UPDATE_WEIGHTS",
    "SECRET_FIELDS",
    "Config",
    "find_toml",
]

SECRET_FIELDS = {"openai_api_key", "llm_api_key", "store_url"}  # a URL may hold a password


class CoreSettings(BaseModel):
    """Where remem keeps its data, the default scope, the embedder, the LLM and the input
    limits (the settings every part uses)."""

    # -- where ------------------------------------------------------------------
    home: Path = Field(default_factory=lambda: Path.home() / ".remem")
    db_path: Path | None = None  # default: home / "remem.db"
    # postgresql://user:password@host/db: the PostgreSQL store (many processes and
    # hosts share it; needs `pip install '.[postgres]' in remem's checkout`); None: the SQLite file
    store_url: str | None = None
    # read the SQLite file through a memory map of up to this many MB (0: plain reads)
    sqlite_mmap_mb: int = Field(2048, ge=0)
    # how long an erase waits for other processes' readers before it leaves the rest
    # of its on-disk cleanup to the next open of the store
    erase_checkpoint_wait_ms: int = Field(2000, ge=0)
    # tests and benchmarks only: every process reads the time from this file (one
    # ISO-8601 timestamp) instead of the system clock, so a replay of recorded
    # sessions through real hook processes runs on a faked clock (remem/clock.py)
    clock_file: Path | None = None

    # -- the default scope (remem/app.py) -----------------------------------------
    # what the MCP server, the hooks and the CLI use when no scope is given: the user
    # (None: the OS user name), the agent (None: none) and the namespace (None: in
    # "user+project" mode the project, i.e. the git top-level directory's name or the
    # working directory's; in "user" mode none, so one scope spans every project)
    scope_mode: Literal["user", "user+project"] = "user+project"
    default_user_id: str | None = None
    default_agent_id: str | None = None
    default_namespace: str | None = None

    # -- embeddings -------------------------------------------------------------
    embedder: str = "onnx-minilm"
    embed_batch_size: int = Field(64, ge=1)
    onnx_threads: int = Field(0, ge=0)  # 0: onnxruntime decides
    # onnxruntime's threads spin-wait between runs (its default) or sleep: spinning
    # holds a core the rest of a search needs (a 100k search ~24 -> 35-46 ms loaded)
    onnx_spinning: bool = False
    openai_base_url: str = "https://api.openai.com/v1"
    openai_embed_model: str = "text-embedding-3-small"
    openai_api_key: str | None = None
    provider_timeout_s: float = Field(30.0, gt=0)

    # -- LLM (optional; improves extraction, summaries, query rewrite) ----------
    llm_provider: str | None = None  # "openai" (any compatible server), "anthropic", "fake"
    llm_model: str | None = None
    llm_base_url: str | None = None
    llm_api_key: str | None = None

    # -- input limits (remem/validation.py) -------------------------------------
    max_content_bytes: int = Field(32 * 1024, ge=16)
    # scope ids, session ids, roles, categories, speakers, tags, entities, model ids
    max_label_chars: int = Field(256, ge=8)
    max_list_items: int = Field(256, ge=1)  # tags or entities on one memory
    # metadata, a memory's data, audit detail (JSON, encoded)
    max_metadata_bytes: int = Field(64 * 1024, ge=256)
    max_checkpoint_bytes: int = Field(1024 * 1024, ge=256)  # one checkpoint's state (JSON)
    # a query (search, context, recall_tiered; REST, MCP, CLI): longer is refused, as
    # search time grows with the query's terms (docs/concepts.md#what-is-validated)
    max_query_bytes: int = Field(32 * 1024, ge=16)
    # one line (request) of `remem mcp` over stdio: longer is answered with an error and
    # never read into memory (remem/mcp_wire.py)
    mcp_max_request_chars: int = Field(1024 * 1024, ge=4096)
    # filters (remem/filters.py): conditions and list values one filter may hold (each
    # becomes a bound SQL parameter or two), and how deep AND / OR / NOT may nest
    filter_max_values: int = Field(500, ge=1, le=5000)
    filter_max_depth: int = Field(8, ge=1, le=64)
    # ids: the shortest unique prefix accepted for a full id (get, forget, history...),
    # and how many characters listings show (more when needed to stay unique)
    id_prefix_min_chars: int = Field(8, ge=4, le=32)
    id_display_chars: int = Field(12, ge=4, le=32)


class Config(AgentSettings, LifecycleSettings, WriteSettings, ReadSettings, CoreSettings):
    """Every setting of remem. Build with :meth:`load` (layered) or directly (tests)."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    # -- the REST service (remem serve, remem/server/) ------------------------------
    # where `remem serve` listens by default (loopback: nothing off this machine)
    server_host: str = "127.0.0.1"
    server_port: int = Field(8765, ge=1, le=65535)
    # the local service's unix socket and token file (None: home/remem.sock and
    # home/serve.token); the token file is created readable by its owner only
    server_socket: Path | None = None
    server_token_file: Path | None = None
    # writes one API key may make per minute (a key's own rate overrides it); past it
    # a write gets 429 with Retry-After. Counted per server process
    server_write_rate_per_minute: int = Field(120, ge=1)
    # the largest request body accepted (413 past it); remem's own limits on content
    # (max_content_bytes) and metadata still apply inside it
    server_max_body_bytes: int = Field(1024 * 1024, ge=1024)
    # seconds without a request after which `remem serve` exits (0: never)
    server_idle_timeout_s: float = Field(0.0, ge=0)

    _sources: dict[str, str] = PrivateAttr(default_factory=dict)

    # --------------------------------------------------------------------------
    @property
    def database(self) -> Path:
        """The SQLite file: ``db_path`` if set, else ``home/remem.db``."""
        return self.db_path if self.db_path is not None else self.home / "remem.db"

    @property
    def socket_path(self) -> Path:
        """The local service's unix socket: ``server_socket``, else ``home/remem.sock``."""
        return self.server_socket if self.server_socket is not None else self.home / "remem.sock"

    @property
    def starting_marker_path(self) -> Path:
        """A hook's mark that it began starting the local service (``home/serve.starting``);
        the service removes it once it listens."""
        return self.home / "serve.starting"

    @property
    def start_blocks_dir(self) -> Path:
        """The session-start blocks prepared ahead for the bash hook client
        (``home/start-blocks``, :mod:`remem.integrations.start_block`)."""
        return self.home / "start-blocks"

    @property
    def token_path(self) -> Path:
        """The local service's token file: ``server_token_file``, else ``home/serve.token``."""
        if self.server_token_file is not None:
            return self.server_token_file
        return self.home / "serve.token"

    def source_of(self, name: str) -> str:
        """Where a field's value came from: ``default``, a toml path, or ``env REMEM_X``."""
        return self._sources.get(name, "default" if name not in self.model_fields_set else "code")

    def shown(self) -> list[tuple[str, Any, str]]:
        """``(name, value, source)`` for every field, secrets masked."""
        rows = []
        for name in type(self).model_fields:
            value = getattr(self, name)
            if name in SECRET_FIELDS and value:
                value = "***"
            rows.append((name, value, self.source_of(name)))
        rows.append(("database", self.database, "derived"))
        return rows

    @classmethod
    def load(
        cls,
        *,
        toml_path: Path | None = None,
        environ: Mapping[str, str] | None = None,
        **overrides: Any,
    ) -> Config:
        """Layer defaults < toml < environment < ``overrides`` and validate.

        Raises :class:`UserError` naming the bad key and where it came from.
        """
        env = os.environ if environ is None else environ
        values: dict[str, Any] = {}
        sources: dict[str, str] = {}
        path = toml_path or find_toml(env)
        if path is not None:
            for key, value in _read_toml(path).items():
                values[key] = value
                sources[key] = str(path)
        for name in cls.model_fields:
            raw = env.get(f"REMEM_{name.upper()}")
            if raw is not None:
                values[name] = _parse_env(raw)
                sources[name] = f"env REMEM_{name.upper()}"
        for key, value in overrides.items():
            values[key] = value
            sources[key] = "argument"
        # Provider keys may also come from the providers' usual variables.
        for name, var in (("openai_api_key", "OPENAI_API_KEY"),):
            if name not in values and env.get(var):
                values[name] = env[var]
                sources[name] = f"env {var}"
        try:
            config = cls(**values)
        except PydanticValidationError as exc:
            problems = "; ".join(
                f"{'.'.join(str(p) for p in err['loc'])} "
                f"(from {sources.get(str(err['loc'][0]), 'default')}): {err['msg']}"
                for err in exc.errors()
            )
            raise UserError(f"invalid configuration: {problems}") from exc
        config._sources = sources
        return config


def find_toml(env: Mapping[str, str]) -> Path | None:
    """The ``remem.toml`` :meth:`Config.load` reads with ``env`` (None: none)."""
    explicit = env.get("REMEM_CONFIG")
    if explicit:
        path = Path(explicit).expanduser()
        if not path.is_file():
            raise UserError(f"REMEM_CONFIG points at {path}, which is not a file")
        return path
    candidates = [Path.cwd() / "remem.toml"]
    home = env.get("REMEM_HOME")
    candidates.append((Path(home).expanduser() if home else Path.home() / ".remem") / "remem.toml")
    return next((p for p in candidates if p.is_file()), None)


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise UserError(f"cannot read config file {path}: {exc}") from exc
    flat: dict[str, Any] = {}
    known = set(Config.model_fields)
    for key, value in data.items():
        if isinstance(value, dict) and key not in known:
            flat.update(value)  # a table only groups keys
        else:
            flat[key] = value
    return flat


def _parse_env(raw: str) -> Any:
    text = raw.strip()
    if text[:1] in "[{":
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            return raw
    return raw
