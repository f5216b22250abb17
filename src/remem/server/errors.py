"""One error shape for every response: ``{"error": {"code", "message"}}``.

remem's errors map to HTTP statuses by class (:data:`STATUS`); FastAPI's own
(request validation, unknown route, wrong method) are reshaped the same way.
Anything else is a 500 whose body says only ``internal error``: the traceback
goes to the server's log, never to the client. Messages of remem's errors are
redacted already (:class:`remem.errors.RememError`); a request-validation
message names the field and the problem, never the value sent; no message holds
a path of the server or its store URL (``<server path>`` stands in).
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from remem.errors import (
    ConflictError,
    EmbeddingMismatchError,
    NotAvailableError,
    NotFoundError,
    ProviderError,
    RememError,
    StoreError,
    UserError,
    ValidationError,
    remote_message,
)
from remem.secrets import redact

log = logging.getLogger("remem.server")

# Most specific first: the first class an error is an instance of decides.
STATUS: tuple[tuple[type[RememError], int, str], ...] = (
    (ConflictError, 409, "conflict"),
    (NotFoundError, 404, "not_found"),
    (ValidationError, 422, "invalid"),
    (UserError, 400, "bad_request"),
    (EmbeddingMismatchError, 503, "unavailable"),
    (StoreError, 503, "unavailable"),
    (ProviderError, 503, "unavailable"),
    (NotAvailableError, 503, "unavailable"),
)
_HTTP_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "too_large",
    415: "unsupported_media_type",
    422: "invalid",
    429: "rate_limited",
    503: "unavailable",
}


class ApiError(Exception):
    """An HTTP error raised by the service itself (auth, rate limit, size)."""

    def __init__(
        self, status: int, code: str, message: str, headers: dict[str, str] | None = None
    ) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.headers = status, code, message, headers


def error_body(code: str, message: str) -> dict[str, Any]:
    """The one error shape."""
    return {"error": {"code": code, "message": message}}


def error_response(
    status: int, code: str, message: str, headers: dict[str, str] | None = None
) -> JSONResponse:
    # Redacted, and never a server path: the caller is remote (remem.errors.remote_message).
    body = error_body(code, remote_message(redact(message)))
    return JSONResponse(body, status_code=status, headers=headers)


def status_of(exc: RememError) -> tuple[int, str]:
    """The HTTP status and error code of a remem error."""
    for cls, status, code in STATUS:
        if isinstance(exc, cls):
            return status, code
    return 500, "internal"


def _where(loc: Any) -> str:
    parts = [str(p) for p in loc if p not in ("body", "query", "path", "header")]
    return ".".join(parts) or "request"


def install(app: FastAPI) -> None:
    """Register the handlers that give every error the one shape."""

    @app.exception_handler(RememError)
    async def _remem(request: Request, exc: RememError) -> JSONResponse:
        status, code = status_of(exc)
        if status >= 500:
            log.warning("%s %s: %s", request.method, request.url.path, exc)
        return error_response(status, code, str(exc))

    @app.exception_handler(ApiError)
    async def _api(request: Request, exc: ApiError) -> JSONResponse:
        return error_response(exc.status, exc.code, exc.message, exc.headers)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        # Field and problem only: pydantic's "input" would echo what was sent.
        problems = [f"{_where(e.get('loc', ()))}: {e.get('msg', 'invalid')}" for e in exc.errors()]
        shown = "; ".join(problems[:5]) + (
            f" (+{len(problems) - 5} more)" if len(problems) > 5 else ""
        )
        return error_response(422, "invalid", shown or "invalid request")

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = _HTTP_CODES.get(exc.status_code, "error")
        message = exc.detail if isinstance(exc.detail, str) else code.replace("_", " ")
        return error_response(exc.status_code, code, message, getattr(exc, "headers", None))

    @app.exception_handler(Exception)
    async def _internal(request: Request, exc: Exception) -> JSONResponse:
        log.exception("%s %s failed", request.method, request.url.path)
        return error_response(500, "internal", "internal error; see the server log")
