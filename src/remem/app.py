"""The one composition root: ``Config`` -> :class:`~remem.Memory` /
:class:`~remem.MemoryAgent`, used by the CLI, the MCP server, the REST service and
the agent-platform integrations (hooks).

It is also the one place that resolves the *default scope* these surfaces share,
so what an MCP tool remembered a Claude Code hook recalls, and ``remem search``
run in the same project finds it:

- ``default_user_id`` (else the OS user name),
- ``default_agent_id`` (else none),
- ``default_namespace`` (else, with ``scope_mode = "user+project"``, the project:
  the name of the git top-level directory holding the working directory, or the
  working directory's own name; none in the home directory or at the root).

Explicit scope options (``--user`` / ``--agent`` / ``--namespace``, or a REST key's
scope) replace the default as a whole; an MCP client or a hook payload can never
name a scope. This module reads the environment (the OS user, the working
directory) so that nothing deeper does.
"""

from __future__ import annotations

import getpass
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from remem.config import Config
from remem.errors import UserError, ValidationError
from remem.model import Scope
from remem.validation import Limits
from remem.write.validate import write_scope

if TYPE_CHECKING:
    from remem.agent import MemoryAgent
    from remem.memory import Memory

__all__ = [
    "agent_for",
    "default_scope",
    "load_config",
    "open_agent",
    "open_memory",
    "project_folder",
    "project_name",
    "resolve_scope",
]


def load_config(
    *,
    db: Path | None = None,
    environ: Mapping[str, str] | None = None,
    **overrides: Any,
) -> Config:
    """The layered :class:`Config` (defaults < remem.toml < ``REMEM_*`` <
    ``overrides``), with ``db`` (a ``--db`` option) as the store file when given."""
    config = Config.load(environ=environ, **overrides)
    if db is not None:
        config.db_path = db
        config.store_url = None  # an explicit file wins over REMEM_STORE_URL
    install_clock(config)
    return config


def install_clock(config: Config) -> None:
    """Install the fake clock ``config.clock_file`` names (tests and benchmarks
    replaying sessions through real processes; :mod:`remem.clock`), if any."""
    if config.clock_file is not None:
        from remem import clock

        wanted = clock.FileClock(config.clock_file)
        if clock.installed() != wanted:
            clock.install(wanted)


def project_name(cwd: Path | None = None, *, home: Path | None = None) -> str | None:
    """The project a working directory belongs to: the name of the nearest enclosing
    directory with a ``.git`` entry (a repository or a worktree), else the directory's
    own name. None for the home directory, the filesystem root, or a directory that
    no longer exists — a project of those would be every project at once."""
    found = project_folder(cwd, home=home)
    if found is None:
        return None
    here, top, boundary = found
    if top is not None:
        return top.name or None
    return None if boundary else here.name or None


def project_folder(
    cwd: Path | None = None, *, home: Path | None = None
) -> tuple[Path, Path | None, bool] | None:
    """What :func:`project_name` reads: the working directory resolved, the nearest
    enclosing folder with a ``.git`` entry below the home directory and the root
    (None: none), and whether the directory is the home directory or the root
    itself. None when the directory cannot be resolved."""
    try:
        here = (cwd if cwd is not None else Path.cwd()).resolve()
    except OSError:  # the working directory was deleted under us
        return None
    try:
        home = (home if home is not None else Path.home()).resolve()
    except (OSError, RuntimeError):  # no home directory known
        home = None
    boundary = {Path(here.anchor), home}
    for folder in (here, *here.parents):
        if folder in boundary:
            break  # a dotfiles repository in $HOME is not every folder's project
        if (folder / ".git").exists():
            return here, folder, False
    return here, None, here in boundary


def _os_user(environ: Mapping[str, str]) -> str:
    for var in ("LOGNAME", "USER", "LNAME", "USERNAME"):  # getpass's order
        if environ.get(var, "").strip():
            return environ[var].strip()
    try:
        return getpass.getuser()
    except (OSError, KeyError):  # no variable and no passwd entry (some containers)
        return f"uid-{os.getuid()}" if hasattr(os, "getuid") else "user"


def default_scope(
    config: Config,
    *,
    cwd: Path | None = None,
    environ: Mapping[str, str] | None = None,
) -> Scope:
    """The scope a surface uses when its caller names none (see the module doc).
    ``cwd``: the working directory the project is read from (a hook passes the
    payload's ``cwd``); default the process's. ``environ``: where the OS user name is
    read (default ``os.environ``)."""
    env = os.environ if environ is None else environ
    user = config.default_user_id or _os_user(env)
    namespace = config.default_namespace
    if namespace is None and config.scope_mode == "user+project":
        namespace = project_name(cwd)
    try:  # checked as a write's scope is, so a bad default fails here, named
        return write_scope(user, config.default_agent_id, namespace, Limits.of(config))
    except ValidationError as exc:
        raise UserError(
            f"the default scope is not usable: {exc}; set default_user_id / "
            "default_namespace (remem.toml or REMEM_DEFAULT_USER_ID / "
            "REMEM_DEFAULT_NAMESPACE) or pass a scope"
        ) from exc


def resolve_scope(
    config: Config,
    *,
    user_id: str | None = None,
    agent_id: str | None = None,
    namespace: str | None = None,
    cwd: Path | None = None,
    environ: Mapping[str, str] | None = None,
) -> Scope:
    """The explicit scope when any of ``user_id`` / ``agent_id`` / ``namespace`` is
    given (as given: the default is not merged in), else :func:`default_scope`."""
    given = Scope(user_id=user_id, agent_id=agent_id, namespace=namespace)
    if not given.is_empty():
        return given
    return default_scope(config, cwd=cwd, environ=environ)


def open_memory(config: Config) -> Memory:
    """A :class:`~remem.Memory` on ``config``'s store (close it, or use ``with``)."""
    from remem.memory import Memory

    return Memory(config=config)


def agent_for(
    mem: Memory,
    scope: Scope,
    *,
    role: str | None = None,
    include_untrusted: bool = False,
) -> MemoryAgent:
    """A :class:`~remem.MemoryAgent` bound to ``scope`` over ``mem``: every read and
    write it makes is confined to that scope."""
    from remem.agent import MemoryAgent

    if scope.is_empty():
        raise UserError(
            "a scope is required: set default_user_id or pass a user, agent or namespace"
        )
    return MemoryAgent(
        mem,
        user_id=scope.user_id,
        agent_id=scope.agent_id,
        namespace=scope.namespace,
        role=role,
        include_untrusted=include_untrusted,
    )


@contextmanager
def open_agent(
    config: Config,
    scope: Scope | None = None,
    *,
    cwd: Path | None = None,
    role: str | None = None,
    include_untrusted: bool = False,
) -> Iterator[MemoryAgent]:
    """A :class:`~remem.MemoryAgent` on ``config``'s store for ``scope`` (default:
    :func:`default_scope`); the store is closed when the block ends."""
    chosen = scope if scope is not None else default_scope(config, cwd=cwd)
    with open_memory(config) as mem:
        yield agent_for(mem, chosen, role=role, include_untrusted=include_untrusted)
