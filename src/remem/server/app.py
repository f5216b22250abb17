"""The REST app factory: :func:`create_app` builds the FastAPI app for one Config.

The app is stateless: everything it knows is in the store (memories, sessions,
keys), except the per-key write buckets and the idle clock, which are per
process. Routes live in :mod:`remem.server.routes` (one module per area); each is a
thin call into :class:`~remem.Memory` / :class:`~remem.MemoryAgent` in the
caller's scope (:mod:`remem.server.deps`).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING

from fastapi import APIRouter, FastAPI

from remem.server import errors, hooks, ui
from remem.server.deps import Engine
from remem.server.middleware import Activity, Guard
from remem.server.ratelimit import RateLimiter
from remem.server.routes import admin, agent, memories, procedural

if TYPE_CHECKING:
    from remem.config import Config
    from remem.model import Scope

API_PREFIX = "/v1"

DESCRIPTION = """\
remem's REST API: long-term memory for AI agents.

Every `/v1` request needs `Authorization: Bearer <key>`. A key (`remem keys
create`) is bound to one scope (user / agent / namespace) and a role (`reader`,
`writer`, `admin`): requests never name a scope, so a key can never read or write
another. Writes are rate-limited per key (429 with `Retry-After`). Every error is
`{"error": {"code", "message"}}`. See docs/rest.md.
"""


def create_app(
    config: Config,
    *,
    local_token: str | None = None,
    local_scope: Scope | None = None,
    hook_token: str | None = None,
    limiter: RateLimiter | None = None,
    routers: Sequence[APIRouter] = (),
) -> FastAPI:
    """The REST app over ``config``'s store. ``local_token`` / ``local_scope``: the
    local service's token and the scope it grants (:mod:`remem.server.local`; None:
    API keys only); ``hook_token``: this start's token of the hook port, granting
    the same. ``routers``: more routers to mount (tests, plugins)."""
    activity = Activity()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        from remem.app import open_memory

        mem = open_memory(config)  # opens (and migrates) the store before serving
        engine = Engine(
            mem,
            local_token=local_token,
            local_scope=local_scope,
            hook_token=hook_token,
            limiter=limiter,
        )
        engine.settle()  # what a service that died had answered but not written yet
        app.state.engine = engine
        try:
            yield
        finally:
            app.state.engine = None
            try:
                engine.start_blocks()  # after the last write: valid for the next start
            finally:
                mem.close()

    app = FastAPI(
        title="remem",
        version=_version(),
        description=DESCRIPTION,
        lifespan=lifespan,
        docs_url=None,  # the Swagger page loads scripts from a CDN; remem stays offline
        redoc_url=None,
        openapi_url="/openapi.json",
    )
    app.state.engine = None
    app.state.activity = activity
    app.state.config = config
    errors.install(app)

    app.include_router(admin.router)
    app.include_router(memories.router, prefix=API_PREFIX)
    app.include_router(agent.router, prefix=API_PREFIX)
    app.include_router(procedural.router, prefix=API_PREFIX)
    app.include_router(hooks.router)  # Claude Code's hooks (remem hook, `type: "http"`)
    app.include_router(ui.router)  # the dashboard (docs/ui.md): same keys, same scopes
    for router in routers:
        app.include_router(router)

    app.add_middleware(Guard, max_body=config.server_max_body_bytes, activity=activity)
    return app


def _version() -> str:
    from remem import __version__

    return __version__
