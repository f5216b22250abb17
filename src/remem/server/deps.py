"""What every route gets: the caller (:class:`Principal`, from the API key or the
local token) and the engine, bound to the caller's scope (:class:`Ctx`).

The scope is the key's, never the request's: no route takes a user, agent or
namespace. One :class:`~remem.Memory` serves the process; calls into it are
serialised by a lock (a Memory and its MemoryAgent are used from one thread at a
time), and SQLite has one writer at a time anyway.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from starlette.concurrency import run_in_threadpool

from remem.errors import UserError
from remem.model import KeyRole, Scope
from remem.server import local
from remem.server.errors import ApiError
from remem.server.keys import Keys, allows
from remem.server.ratelimit import RateLimiter
from remem.validation import Limits

if TYPE_CHECKING:
    from remem.agent import MemoryAgent
    from remem.config import Config
    from remem.memory import Memory

LOCAL_KEY_ID = "local"


@dataclass(frozen=True, slots=True)
class Principal:
    """Who is calling: a key's id (``local`` for the local token), its scope and role,
    and its write rate."""

    key_id: str
    scope: Scope
    role: KeyRole
    rate_per_minute: int


class Engine:
    """The process's Memory, its lock, the key table, the rate limiter, and the local
    tokens (None: local mode off): the local token, and this start's token of the
    hook port (:func:`remem.server.local.write_port_file`)."""

    def __init__(
        self,
        mem: Memory,
        *,
        local_token: str | None = None,
        local_scope: Scope | None = None,
        hook_token: str | None = None,
        limiter: RateLimiter | None = None,
    ) -> None:
        self.mem = mem
        self.config: Config = mem.config
        self.lock = threading.Lock()
        self.keys = Keys(mem.store, Limits.of(mem.config))
        self.limiter = limiter or RateLimiter()
        self.local_token = local_token
        self.local_scope = local_scope
        self.hook_token = hook_token if local_token is not None else None
        self.block_cwds: dict[Path, None] = {}  # where sessions ended: blocks to prepare

    def note_block(self, cwd: Path) -> None:
        """Note that a session ran in ``cwd``: its block is prepared when the service
        exits, whether or not the session ended."""
        from remem.integrations.start_block import MAX_BLOCKS

        self.block_cwds.pop(cwd, None)
        self.block_cwds[cwd] = None
        while len(self.block_cwds) > MAX_BLOCKS:
            del self.block_cwds[next(iter(self.block_cwds))]

    def start_blocks(self, cwd: Path | None = None) -> None:
        """Prepare the next session-start block (:mod:`remem.integrations.start_block`)
        of ``cwd`` (noted for the service's exit); with no ``cwd`` (the service's exit,
        after its last write), every block of the home again (one project's writes
        make every block of the store stale) and those of the noted folders that have
        none. The caller holds :attr:`lock` or is the last user of the store."""
        from remem.integrations.start_block import block_path, prepare, refresh

        if cwd is not None:
            self.note_block(cwd)
            prepare(self.mem, cwd)
            return
        refresh(self.mem)
        for folder in list(self.block_cwds):
            path = block_path(self.config.home, str(folder))
            if path is not None and not path.exists():
                prepare(self.mem, folder)

    def settle(self, *, warm: bool = False) -> None:
        """Do the writes deferred answers journaled (:mod:`remem.agent.deferred`):
        after a hook's answer has been sent (``warm``: and bring the search indexes
        up to them), at start, and before a request reads."""
        from remem.agent.deferred import settle

        with self.lock:
            settle(self.mem, warm=warm)


@dataclass(frozen=True, slots=True)
class Ctx:
    """A request's engine, bound to its caller's scope."""

    engine: Engine
    principal: Principal

    @property
    def kw(self) -> dict[str, Any]:
        """The scope as keyword arguments of :class:`~remem.Memory` methods."""
        s = self.principal.scope
        return {"user_id": s.user_id, "agent_id": s.agent_id, "namespace": s.namespace}

    @contextmanager
    def memory(self) -> Iterator[Memory]:
        """The Memory, held for this block (pass :attr:`kw` to every call)."""
        from remem.agent.deferred import settle

        with self.engine.lock:
            settle(self.engine.mem)  # the writes of answered hooks first
            yield self.engine.mem

    @contextmanager
    def agent(self) -> Iterator[MemoryAgent]:
        """A MemoryAgent bound to the caller's scope, held for this block."""
        from remem.app import agent_for

        with self.engine.lock:
            yield agent_for(self.engine.mem, self.principal.scope)


def engine_of(request: Request) -> Engine:
    engine: Engine | None = getattr(request.app.state, "engine", None)
    if engine is None:  # a request before startup finished, or after shutdown began
        raise ApiError(503, "unavailable", "the service is starting or stopping; retry")
    return engine


def _over_socket_or_loopback(request: Request) -> bool:
    client, server = request.scope.get("client"), request.scope.get("server")
    if client is None:  # a unix socket has no peer address (and no server port)
        return server is not None and server[1] is None
    return local.is_loopback(client[0])


_bearer = HTTPBearer(
    auto_error=False,  # a missing key gets this module's 401, in the one error shape
    description="An API key (remem keys create) or, on the local service, the local token.",
)


def authenticate(
    request: Request,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
) -> Principal:
    """The caller, from ``Authorization: Bearer <API key or local token>``; 401 if
    there is none, it is not a key, or it is revoked."""
    engine = engine_of(request)
    given = credentials.credentials.strip() if credentials is not None else ""
    if not given:
        raise ApiError(
            401,
            "unauthorized",
            "an API key is required: send 'Authorization: Bearer <key>' (remem keys create)",
            {"WWW-Authenticate": "Bearer"},
        )
    default_rate = engine.config.server_write_rate_per_minute
    if given.startswith(local.LOCAL_PREFIX):
        tokens = [t for t in (engine.local_token, engine.hook_token) if t is not None]
        scope = engine.local_scope
        if (
            not tokens
            or scope is None
            or not _over_socket_or_loopback(request)
            or not any(local.matches(given, t) for t in tokens)
        ):
            raise ApiError(
                401, "unauthorized", "invalid local token", {"WWW-Authenticate": "Bearer"}
            )
        return Principal(LOCAL_KEY_ID, scope, KeyRole.ADMIN, default_rate)
    try:
        record = engine.keys.authenticate(given)
    except UserError as exc:
        raise ApiError(401, "unauthorized", str(exc), {"WWW-Authenticate": "Bearer"}) from None
    return Principal(record.id, record.scope, record.role, record.rate_per_minute or default_rate)


async def _caller(
    request: Request,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
) -> Principal:
    """:func:`authenticate` as a dependency. The local token is checked here, on the
    event loop (no I/O: a hook pays no hop to a worker thread and back); an API key,
    looked up in the store, in a worker thread."""
    given = credentials.credentials.strip() if credentials is not None else ""
    if given.startswith(local.LOCAL_PREFIX):
        return authenticate(request, credentials)
    return await run_in_threadpool(authenticate, request, credentials)


def admit(request: Request, principal: Principal, role: KeyRole, *, write: bool) -> Ctx:
    """The caller's context if its role allows ``role`` (403 if not) and, for a write,
    its rate has room (429 if not). Every surface of the service (REST, dashboard)
    admits a caller through this one function. No lock but the limiter's, no I/O."""
    if not allows(principal.role, role):
        raise ApiError(403, "forbidden", f"this key's role is {principal.role}; this needs {role}")
    engine = engine_of(request)
    if write:
        wait = engine.limiter.take(principal.key_id, principal.rate_per_minute)
        if wait:
            raise ApiError(
                429,
                "rate_limited",
                f"write rate limit of {principal.rate_per_minute} a minute reached; "
                f"retry in {wait} s",
                {"Retry-After": str(wait)},
            )
    return Ctx(engine, principal)


def _needs(role: KeyRole, *, write: bool) -> Callable[..., Any]:
    # async: it takes no lock but the limiter's and does no I/O, so it runs on the
    # event loop instead of a worker thread
    async def dependency(
        request: Request, principal: Annotated[Principal, Depends(_caller)]
    ) -> Ctx:
        return admit(request, principal, role, write=write)

    return dependency


# What a route depends on: the least role it needs, and whether it is a write.
Reader = Depends(_needs(KeyRole.READER, write=False))
Writer = Depends(_needs(KeyRole.WRITER, write=True))
AdminRead = Depends(_needs(KeyRole.ADMIN, write=False))
AdminWrite = Depends(_needs(KeyRole.ADMIN, write=True))
