"""The dashboard's plumbing: sign-in, the CSRF token, the page frame, and the two
ways to register a route, :func:`page` (GET) and :func:`action` (POST).

**Sign-in.** The sign-in form takes what a REST client sends as its bearer token:
an API key, or (on the local service, from loopback only) the local token. It is
checked by :func:`remem.server.deps.authenticate`, the REST check itself, and kept
in an ``HttpOnly``, ``SameSite=Strict`` cookie scoped to ``/ui`` (``Secure`` over
https). Every request authenticates that cookie again the same way, so a revoked key
is out at its next click, and is admitted by :func:`remem.server.deps.admit` (role,
write rate) exactly as a REST call: a key sees and changes its own scope only. The
service stays stateless (nothing is kept between requests), so replicas need nothing
shared. No secret is ever put in a URL.

**Forms that change state** are POSTs carrying a CSRF token, an HMAC of the signed-in
credential (no server state; another site cannot compute it), and are refused when
the browser says they come from another site (``Origin``, ``Sec-Fetch-Site``). Pages
are sent with a Content-Security-Policy that allows no script at all.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from urllib.parse import parse_qsl, urlsplit

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.security import HTTPAuthorizationCredentials
from starlette.concurrency import run_in_threadpool

from remem.errors import RememError
from remem.model import KeyRole, Scope
from remem.secrets import redact
from remem.server.deps import Ctx, Principal, admit, authenticate
from remem.server.errors import ApiError, status_of
from remem.server.keys import allows
from remem.server.ui.html import Markup, esc, h, hidden, href, join, message

PREFIX = "/ui"
COOKIE = "remem_ui"
MAX_FIELD = 100_000  # characters of one form field or query value kept
HEADERS = {
    # No script runs on any page; styles and images only from the dashboard itself.
    "Content-Security-Policy": "default-src 'none'; style-src 'self'; img-src 'self' data:; "
    "form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-store",
}
NAV = (
    ("search", "Search"),
    ("memories", "Browse"),
    ("lessons", "Lessons"),
    ("rules", "Rules"),
    ("episodes", "Episodes"),
    ("triggers", "Triggers"),
    ("working", "Working memory"),
    ("lifecycle", "Lifecycle"),
)

router = APIRouter(prefix=PREFIX, include_in_schema=False)


@dataclass(slots=True)
class Html:
    """A page's title and content (framed by :func:`frame`), and its status."""

    title: str
    body: Markup
    status: int = 200
    section: str = ""


@dataclass(slots=True)
class View:
    """One request as a handler sees it: the caller's context (scope, role), its
    query, its form (POST) and its CSRF token."""

    request: Request
    ctx: Ctx
    csrf: str
    form: Mapping[str, str] = field(default_factory=dict)

    @property
    def scope(self) -> Scope:
        return self.ctx.principal.scope

    def can(self, role: KeyRole) -> bool:
        """Whether the caller's role allows ``role`` (a page shows only what it may do)."""
        return allows(self.ctx.principal.role, role)

    def arg(self, name: str, default: str = "") -> str:
        """A query parameter (its first value), or ``default``."""
        return self.request.query_params.get(name, default)[:MAX_FIELD]

    def field(self, name: str, default: str = "") -> str:
        """A form field, or ``default``."""
        return self.form.get(name, default)

    def path(self, name: str) -> str:
        return str(self.request.path_params[name])


Handler = Callable[[View], "Html | Response"]


def csrf_for(credential: str) -> str:
    """The CSRF token of a signed-in credential: derived, never stored."""
    return hmac.new(credential.encode(), b"remem-ui-csrf-v1", hashlib.sha256).hexdigest()


def signed_in(request: Request, credential: str | None = None) -> Principal | None:
    """The caller the sign-in cookie (or ``credential``) names, checked as REST checks
    a bearer token (None: none given, or it is not valid)."""
    if credential is None:
        credential = request.cookies.get(COOKIE, "")
    if not credential:
        return None
    try:
        return authenticate(
            request, HTTPAuthorizationCredentials(scheme="Bearer", credentials=credential)
        )
    except ApiError as exc:
        if exc.status == 401:
            return None
        raise


def same_site(request: Request) -> bool:
    """Whether a POST comes from the dashboard's own pages, as far as the browser says
    (clients that send neither header are judged by the CSRF token alone)."""
    fetch_site = request.headers.get("sec-fetch-site")
    if fetch_site is not None and fetch_site not in ("same-origin", "none"):
        return False
    origin = request.headers.get("origin")
    if origin is None:
        return True
    return urlsplit(origin).netloc.lower() == request.headers.get("host", "").lower()


def secure(response: Response) -> Response:
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def frame(page: Html, view: View | None) -> Markup:
    """The page: head, the navigation (signed in), the title and the content."""
    nav = who = Markup("")
    if view is not None:
        links = [
            h(
                '<a href="{}"{}>{}</a>',
                f"{PREFIX}/{key}",
                Markup(' aria-current="page"' if key == page.section else ""),
                label,
            )
            for key, label in NAV
        ]
        if view.can(KeyRole.ADMIN):
            links.append(h('<a href="{}" class="danger-link">Erase…</a>', f"{PREFIX}/erase"))
        nav = h("<nav>{}</nav>", join(links))
        p = view.ctx.principal
        scope = " ".join(
            f"{k}={v}"
            for k, v in (
                ("user", p.scope.user_id),
                ("agent", p.scope.agent_id),
                ("namespace", p.scope.namespace),
            )
            if v is not None
        )
        logout = h(
            '<form method="post" action="{}" class="inline">{}<button type="submit">Sign out</button></form>',
            f"{PREFIX}/logout",
            hidden("csrf", view.csrf),
        )
        who = h(
            '<div class="who">key <code>{}</code> · {} · {}{}</div>',
            p.key_id,
            p.role.value,
            scope,
            logout,
        )
    return h(
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<title>{} · remem</title><link rel="stylesheet" href="{}"></head>'
        '<body><header><a class="brand" href="{}">remem</a>{}{}</header>'
        "<main><h1>{}</h1>{}</main></body></html>",
        page.title,
        f"{PREFIX}/static/ui.css",
        f"{PREFIX}/search",
        nav,
        who,
        page.title,
        page.body,
    )


def render(page: Html, view: View | None, headers: Mapping[str, str] | None = None) -> Response:
    return secure(
        HTMLResponse(frame(page, view), status_code=page.status, headers=dict(headers or {}))
    )


def failure(
    status: int, text: str, view: View | None = None, headers: Mapping[str, str] | None = None
) -> Response:
    """An error page: what went wrong (redacted, escaped) and a way back."""
    back = h('<p><a href="{}">Back to search</a></p>', f"{PREFIX}/search") if view else Markup("")
    page = Html(
        "Not done" if status < 500 else "Error", join([message(redact(text)), back]), status
    )
    return render(page, view, headers)


def _serve(
    request: Request, form: Mapping[str, str], fn: Handler, role: KeyRole, write: bool
) -> Response:
    principal = signed_in(request)
    if principal is None:
        if write:
            return failure(401, "you are signed out; sign in again and repeat the change")
        target = request.url.path + (f"?{request.url.query}" if request.url.query else "")
        return secure(RedirectResponse(href(f"{PREFIX}/login", next=target), status_code=303))
    csrf = csrf_for(request.cookies[COOKIE])
    try:
        if write and not hmac.compare_digest(form.get("csrf", "").encode(), csrf.encode()):
            raise ApiError(
                403,
                "forbidden",
                "this form is stale or came from another site; reload the page and try again",
            )
        ctx = admit(request, principal, role, write=write)
    except ApiError as exc:
        view = View(request, Ctx(request.app.state.engine, principal), csrf)
        return failure(exc.status, exc.message, view, exc.headers)
    view = View(request, ctx, csrf, form)
    try:
        result = fn(view)
    except RememError as exc:
        status, _ = status_of(exc)
        return failure(status, str(exc), view)
    if isinstance(result, Response):
        return secure(result)
    return render(result, view)


async def read_form(request: Request) -> dict[str, str] | None:
    """A urlencoded form's fields (the first value of each); None if the body is not one."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    body = await request.body()
    if kind != "application/x-www-form-urlencoded":
        return None if body else {}  # an empty form may come without a type
    raw = body.decode("utf-8", errors="replace")
    pairs = parse_qsl(raw, keep_blank_values=True, max_num_fields=500)
    form: dict[str, str] = {}
    for key, value in pairs:
        form.setdefault(key, value[:MAX_FIELD])
    return form


def page(path: str, *, role: KeyRole = KeyRole.READER) -> Callable[[Handler], Handler]:
    """Register ``fn`` as the GET page at ``path`` (under ``/ui``), for callers whose
    role allows ``role``."""

    def register(fn: Handler) -> Handler:
        async def endpoint(request: Request) -> Response:
            return await run_in_threadpool(_serve, request, {}, fn, role, False)

        router.add_api_route(path, endpoint, methods=["GET"], name=f"ui.{fn.__name__}")
        return fn

    return register


def action(path: str, *, role: KeyRole = KeyRole.WRITER) -> Callable[[Handler], Handler]:
    """Register ``fn`` as the form POST at ``path``: same-site, with the CSRF token, a
    write of a caller whose role allows ``role`` (and within its write rate)."""

    def register(fn: Handler) -> Handler:
        async def endpoint(request: Request) -> Response:
            if not same_site(request):
                return failure(403, "this form came from another site; nothing was changed")
            form = await read_form(request)
            if form is None:
                return failure(415, "send the form as application/x-www-form-urlencoded")
            return await run_in_threadpool(_serve, request, form, fn, role, True)

        router.add_api_route(path, endpoint, methods=["POST"], name=f"ui.{fn.__name__}")
        return fn

    return register


def done(path: str, note: str, **query: object) -> RedirectResponse:
    """After a change: back to a page (303, so a reload does not post again), with a note."""
    return RedirectResponse(href(path, done=note, **query), status_code=303)


def notice(view: View) -> Markup:
    """The note a :func:`done` redirect carried, if any (text, escaped)."""
    note = view.arg("done")
    return message(note, kind="ok") if note else Markup("")


# -- sign-in, sign-out, the stylesheet ------------------------------------------------------
def _next(value: str) -> str:
    """Where to go after sign-in: a path of the dashboard only (no other host)."""
    parts = urlsplit(value)
    if parts.scheme or parts.netloc or not value.startswith(PREFIX + "/") or value.startswith("//"):
        return f"{PREFIX}/search"
    return value


def _login_page(next_url: str, error: str = "", status: int = 200) -> Response:
    body = h(
        "{}<p>Sign in with an API key (<code>remem keys create</code>) or, on this machine's "
        "local service, the local token (<code>remem ui</code> says where it is).</p>"
        '<form method="post" action="{}" class="stack">{}'
        '<label for="f-key">Key or local token</label>'
        '<input type="password" id="f-key" name="key" autocomplete="current-password" required>'
        '<button type="submit">Sign in</button></form>',
        message(error) if error else "",
        f"{PREFIX}/login",
        hidden("next", next_url),
    )
    return render(Html("Sign in", body, status), None)


@router.get("/login", name="ui.login")
async def login_form(request: Request) -> Response:
    return _login_page(_next(request.query_params.get("next", "")))


@router.post("/login", name="ui.login_post")
async def login(request: Request) -> Response:
    if not same_site(request):
        return failure(403, "this sign-in came from another site")
    form = await read_form(request) or {}
    credential = form.get("key", "").strip()
    next_url = _next(form.get("next", ""))
    principal = await run_in_threadpool(signed_in, request, credential) if credential else None
    if principal is None:
        return _login_page(
            next_url,
            "that key is not valid here (unknown, revoked, or a local token from another host)",
            401,
        )
    response = RedirectResponse(next_url, status_code=303)
    response.set_cookie(
        COOKIE,
        credential,
        path=PREFIX,
        httponly=True,
        samesite="strict",
        secure=request.url.scheme == "https",
    )
    return secure(response)


@router.post("/logout", name="ui.logout")
async def logout(request: Request) -> Response:
    form = await read_form(request) or {}
    credential = request.cookies.get(COOKIE, "")
    if credential and not hmac.compare_digest(
        form.get("csrf", "").encode(), csrf_for(credential).encode()
    ):
        return failure(403, "this form is stale or came from another site; reload the page")
    response = RedirectResponse(f"{PREFIX}/login", status_code=303)
    response.delete_cookie(COOKIE, path=PREFIX, httponly=True, samesite="strict")
    return secure(response)


@router.get("/", name="ui.home")
async def home() -> Response:
    return secure(RedirectResponse(f"{PREFIX}/search", status_code=303))


@router.get("/static/ui.css", name="ui.css")
async def stylesheet() -> Response:
    css = resources.files("remem.server.ui").joinpath("static/ui.css").read_text("utf-8")
    response = Response(css, media_type="text/css")
    response.headers["Cache-Control"] = "max-age=3600"
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response


__all__ = ["Html", "View", "action", "done", "esc", "notice", "page", "router"]
