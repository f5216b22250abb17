"""Health, the caller's identity, and export."""

from __future__ import annotations

import json
from collections.abc import Iterator

from fastapi import APIRouter, Request
from fastapi.responses import StreamingResponse
from pydantic import BaseModel

from remem.server.deps import AdminRead, Ctx, Reader, engine_of

router = APIRouter()


class Health(BaseModel):
    status: str
    version: str
    # requests being answered, this one included, or still doing work after their
    # answer (a hook's long work): a replay waits for 1 before its next event
    in_flight: int = 0


class WhoAmI(BaseModel):
    """The key a request was made with: its id, role and the scope it is confined to."""

    key_id: str
    role: str
    user_id: str | None
    agent_id: str | None
    namespace: str | None


@router.get("/health", response_model=Health, tags=["service"])
def health(request: Request) -> Health:
    """Whether the service is up and its store opened (no key needed; says nothing else)."""
    from remem import __version__

    engine_of(request)  # 503 while starting or stopping
    activity = getattr(request.app.state, "activity", None)
    busy = activity.in_flight if activity is not None else 0
    return Health(status="ok", version=__version__, in_flight=busy)


@router.get("/v1/whoami", response_model=WhoAmI, tags=["service"])
def whoami(ctx: Ctx = Reader) -> WhoAmI:
    """The calling key's id, role and scope."""
    p = ctx.principal
    return WhoAmI(
        key_id=p.key_id,
        role=p.role.value,
        user_id=p.scope.user_id,
        agent_id=p.scope.agent_id,
        namespace=p.scope.namespace,
    )


@router.get(
    "/v1/export",
    tags=["service"],
    response_class=StreamingResponse,
    responses={200: {"content": {"application/x-ndjson": {}}, "description": "JSON Lines"}},
)
def export(ctx: Ctx = AdminRead) -> StreamingResponse:
    """Everything of the key's scope as JSON Lines: each line ``{"type": "memory" |
    "event" | "resource", "record": {...}}`` (the fields of ``remem export``'s files).
    Read in one pass under the engine lock, then streamed."""
    with ctx.memory() as mem:
        lines = [
            json.dumps(line, ensure_ascii=False, default=str)
            for line in mem.export_records(**ctx.kw)
        ]

    def body() -> Iterator[bytes]:
        for line in lines:
            yield (line + "\n").encode("utf-8")

    return StreamingResponse(
        body(),
        media_type="application/x-ndjson",
        headers={"Content-Disposition": 'attachment; filename="remem-export.jsonl"'},
    )
