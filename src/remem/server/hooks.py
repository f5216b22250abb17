"""Claude Code hooks over HTTP: ``POST /hooks/claude-code/{event}``.

Two callers: ``remem hook EVENT`` (a command hook) posts here over the local
service's unix socket when it is up, and Claude Code's own ``type: "http"`` hooks
post here directly (``remem hooks install claude-code --http URL``). The body is
the hook's JSON payload; the answer is the JSON Claude Code reads (``{}``, or
``hookSpecificOutput.additionalContext``) — :mod:`remem.integrations.claude_code`
does the work, this module only routes it.

Scope: an API key's scope, as every route. The local token (this machine's user,
who owns the store file) gets the default scope of the payload's ``cwd``
(:func:`remem.app.default_scope`): the same scope ``remem hook`` run in that
project would use in-process, so a service started from one project answers hooks
of every project each in its own namespace.

Files: the service reads the payload's ``transcript_path`` (and looks at its
``cwd``) for the local token only — the same user, on this machine, reading their
own Claude Code transcript, as ``remem hook`` would in-process. For an API key the
payload's paths are dropped unread (:meth:`HookPayload.without_files`): a path is
a file of the server's disk, and a key never makes the service read one. A key's
caller hands the transcript over as content instead, the payload's ``transcript``
(Claude Code's JSONL, a string), bounded by the request body's limit
(``server_max_body_bytes``: 413 past it).

Long work (Stop, PreCompact, PostCompact, SessionEnd) is answered ``{}`` at once and done after
the response has been sent, still counted as a request in flight (the idle
timeout waits for it). A prompt (and a tool failure) is answered as soon as its
context is built: the turn's writes are journaled in the store before the answer
and done right after it is sent (:mod:`remem.agent.deferred`), so a service that
dies in between loses none of them.

``?output=stdout`` answers ``text/plain``: exactly what ``remem hook EVENT`` prints
(so the hook process needs no JSON parser).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, BackgroundTasks, Body, Path, Query
from fastapi.responses import PlainTextResponse
from starlette.concurrency import run_in_threadpool

from remem.errors import RememError
from remem.integrations.claude_code import LONG_WORK, HookAnswer, HookEvent, HookPayload, handle
from remem.model import Scope
from remem.secrets import get_logger
from remem.server.deps import LOCAL_KEY_ID, Ctx, Engine, Writer
from remem.server.errors import ApiError

__all__ = ["router"]

router = APIRouter(prefix="/hooks/claude-code", tags=["hooks"])
log = get_logger("remem.server.hooks")

Event = Annotated[
    str,
    Path(
        min_length=1,
        max_length=40,
        description="The hook event: SessionStart, UserPromptSubmit, PreToolUse, PostToolUse, "
        "PostToolUseFailure, PreCompact, PostCompact, Stop or SessionEnd.",
    ),
]


Output = Annotated[
    Literal["json", "stdout"],
    Query(
        description="json: the JSON Claude Code reads from an http hook; stdout: text/plain, "
        "what a command hook prints (remem hook)."
    ),
]


@router.post(
    "/{event}",
    summary="Answer one Claude Code hook",
    response_model=None,
    responses={200: {"content": {"text/plain": {"schema": {"type": "string"}}}}},
)
async def claude_code_hook(
    event: Event,
    payload: Annotated[Any, Body(description="The hook's JSON payload, as Claude Code sends it.")],
    background: BackgroundTasks,
    ctx: Ctx = Writer,
    output: Output = "json",
) -> dict[str, Any] | PlainTextResponse:
    """The hook's answer: ``{}`` or ``{"hookSpecificOutput": {"hookEventName": ...,
    "additionalContext": ...}}`` (``output=stdout``: the command hook's stdout). A
    payload that is not a hook's is 422 (Claude Code treats any non-2xx answer as a
    non-blocking error: the session goes on)."""
    # async, the engine's work in one worker thread: one hop from the event loop and
    # back per hook (a sync route and its dependencies would take one each)
    hook = HookPayload.parse(payload, event)
    if ctx.principal.key_id != LOCAL_KEY_ID:
        hook = hook.without_files()  # a remote caller never names a file of this disk
    scope = _scope(ctx, hook)
    local = ctx.principal.key_id == LOCAL_KEY_ID
    if hook.event in LONG_WORK:
        background.add_task(_long_work, ctx.engine, scope, hook, local=local)
        answer = HookAnswer(hook.event)
    else:
        answer = await run_in_threadpool(_answer, ctx.engine, scope, hook, defer=True)
        background.add_task(ctx.engine.settle, warm=True)  # the turn's writes, once sent
    if output == "stdout":
        return PlainTextResponse(answer.stdout())
    return answer.to_json()


def _scope(ctx: Ctx, hook: HookPayload) -> Scope:
    if ctx.principal.key_id != LOCAL_KEY_ID:
        return ctx.principal.scope  # a key's scope, whatever the payload says
    from remem.app import default_scope

    return default_scope(ctx.engine.config, cwd=hook.cwd)


def _long_work(engine: Engine, scope: Scope, hook: HookPayload, *, local: bool) -> None:
    """A long hook's work, done after its answer was sent. A failure (a transcript
    handed over that is not one, a store error) is logged, one redacted line: the
    answer is sent already, and an exception here would only reset the connection
    (the client's next request on it failed)."""
    try:
        _answer(engine, scope, hook, local=local)
    except RememError as exc:
        log.warning("%s hook of session %s not done: %s", hook.event.value, hook.session_id, exc)
    except Exception:
        log.exception("%s hook of session %s failed", hook.event.value, hook.session_id)


def _answer(
    engine: Engine, scope: Scope, hook: HookPayload, *, defer: bool = False, local: bool = False
) -> HookAnswer:
    from remem.app import agent_for

    if scope.is_empty():
        raise ApiError(400, "bad_request", "this key has no scope to answer hooks in")
    with engine.lock:  # one Memory, used from one thread at a time
        answer = handle(agent_for(engine.mem, scope), hook, defer=defer)
        if local and hook.cwd is not None:
            if hook.event is HookEvent.SESSION_END:
                # the block the next session here starts with, for the bash client's
                # first hook (again when the service exits: remem.server.app)
                engine.start_blocks(hook.cwd)
            elif hook.event is HookEvent.SESSION_START:
                engine.note_block(hook.cwd)  # prepared at the exit if it never ends
        return answer
