"""``remem hook EVENT``: one Claude Code hook, as a process.

Reads the hook's JSON on stdin and prints the answer in the shape Claude Code reads
(:mod:`remem.integrations.claude_code`). Three ways to answer, fastest first:

1. the local service (``remem serve``) when it is up: the payload is posted to it
   and it answers from a warm store (:mod:`remem.integrations.service`);
2. in this process, when it is not (the session's first hook, which also starts the
   service for the next ones): the overdue maintenance jobs a session start runs are
   handed to a detached ``remem jobs run --due`` instead of running on the user's
   time;
3. long work (Stop, PreCompact, PostCompact, SessionEnd) never runs on the user's time: the
   service takes it in the background, or a detached ``remem hook EVENT --sync``
   process does it, and this process exits at once.

It never breaks the user's session: whatever goes wrong (bad JSON, a payload that is
not a hook's, a store that cannot be opened) is one ``remem hook: ...`` line on
stderr and exit code 0. Only the standard library is imported before the engine is
needed, so a hook the service answers starts fast. As an entry point (a composition
root) it reads the environment: ``REMEM_HOME`` for the service and the log.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from remem.files import open_private, private_dir  # os and tempfile only: cheap to import

if TYPE_CHECKING:
    from remem.config import Config
    from remem.integrations.claude_code import HookAnswer, HookPayload

LOG_NAME = "hooks.log"  # where a detached hook's errors go, under the remem home


def main(
    argv: list[str],
    *,
    stdin: IO[bytes] | None = None,
    stdout: IO[str] | None = None,
    stderr: IO[str] | None = None,
) -> int:
    """Run ``remem hook`` with ``argv`` (the arguments after ``hook``); always 0
    (a usage error, which is the installer's or the user's mistake, is 2)."""
    stdin = stdin if stdin is not None else sys.stdin.buffer
    stdout = stdout if stdout is not None else sys.stdout
    stderr = stderr if stderr is not None else sys.stderr
    try:
        options = _options(argv)
    except ValueError as exc:
        stderr.write(f"error: {exc} (see remem hook --help)\n")
        return 2
    try:
        raw = stdin.read()
        answer = run(raw, **options)
        if answer:
            stdout.write(answer)
            stdout.flush()
    except Exception as exc:  # the user's session must never break
        stderr.write(f"remem hook: {_one_line(exc)}\n")
    return 0


def run(raw: bytes, *, event: str, sync: bool = False, db: Path | None = None) -> str:
    """The hook's stdout for the payload ``raw`` of ``event``."""
    from remem.integrations.claude_code import LONG_WORK, HookAnswer, HookEvent, HookPayload
    from remem.integrations.service import ServiceClient

    if not raw.strip():
        raise ValueError("no hook payload on stdin (Claude Code sends one JSON object)")
    try:
        data = json.loads(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"the hook payload is not JSON ({exc})") from exc
    payload = HookPayload.parse(data, event)
    use_service = not sync and db is None  # --db: that store, here; --sync: the work, here
    client = ServiceClient.discover(os.environ) if use_service else None
    if client is not None:
        reply = client.hook(payload.event.value, data)
        if reply is not None:  # None: not up (a stale socket): answer here instead
            return HookAnswer.from_json(payload.event, reply).stdout()
    from remem.app import load_config

    config = load_config(db=db)
    if use_service:
        at = ServiceClient.at(config.socket_path, config.token_path)  # remem.toml's place
        reply = at.hook(payload.event.value, data) if at is not None and at != client else None
        if reply is not None:
            return HookAnswer.from_json(payload.event, reply).stdout()
        if config.hooks_autostart_service:
            start_service(config)  # for the next hook; this one is answered here
    if payload.event in LONG_WORK and not sync:
        spawn_detached(payload, raw, db=db)
        return ""
    if use_service and payload.event is HookEvent.SESSION_START and config.jobs_catchup_budget_ms:
        # No service answered: the session's first hook. Overdue maintenance jobs (the
        # embedding model's load and a rollup can take seconds) run in a detached
        # process, not on the user's time; this answer is built from the store as is.
        config = config.model_copy(update={"jobs_catchup_budget_ms": 0})
        return answer_here(config, payload, jobs_detached=True).stdout()
    return answer_here(config, payload).stdout()


def answer_here(config: Config, payload: HookPayload, *, jobs_detached: bool = False) -> HookAnswer:
    """Answer ``payload`` in this process, in the default scope of its ``cwd``.
    ``jobs_detached``: when a maintenance job is due, start a detached ``remem jobs
    run --due`` for it (the default store: no ``--db``)."""
    from remem.app import agent_for, default_scope, open_memory
    from remem.integrations.claude_code import HookEvent, handle

    scope = default_scope(config, cwd=payload.cwd)
    with open_memory(config) as mem:
        if jobs_detached and any(s.due and not s.running for s in mem.jobs.status()):
            spawn_jobs()
        answer = handle(agent_for(mem, scope), payload)
        if payload.event is HookEvent.SESSION_END and payload.cwd is not None:
            from remem.integrations.start_block import prepare

            prepare(mem, payload.cwd)  # the next session's first hook prints it
        return answer


def start_service(config: Config) -> bool:
    """Start ``remem serve --socket`` detached with ``hooks_service_idle_s`` as its
    idle timeout, unless the server extra is missing or another hook started one in
    the last ``hooks_service_start_wait_s`` (a marker file in the home, made
    atomically). True when a start was begun."""
    import importlib.util
    import time

    if any(importlib.util.find_spec(m) is None for m in ("fastapi", "uvicorn")):
        # no server extra (pip install '.[server]'): hooks answer in-process instead
        return False
    marker = config.starting_marker_path
    private_dir(config.home)
    try:
        if time.time() - marker.stat().st_mtime < config.hooks_service_start_wait_s:
            return False
        marker.unlink()
    except FileNotFoundError:
        pass
    try:
        os.close(os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
    except FileExistsError:
        return False  # another hook won the race
    command = [
        sys.executable, "-m", "remem", "serve",
        "--socket", str(config.socket_path),
        "--idle-timeout", str(config.hooks_service_idle_s),
    ]  # fmt: skip
    with hook_log(config.home) as log:
        subprocess.Popen(
            command,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=log,
            start_new_session=True,
            close_fds=True,
        )
    return True


def spawn_jobs(db: Path | None = None) -> None:
    """Run the overdue maintenance jobs in a detached ``remem jobs run --due`` (its
    own session; the jobs' lease lock keeps it to one runner); errors to
    ``hooks.log``."""
    command = [sys.executable, "-m", "remem", "jobs", "run", "--due"]
    if db is not None:
        command += ["--db", str(db)]
    home = _home(os.environ)
    private_dir(home)
    with hook_log(home) as log:
        subprocess.Popen(
            command,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=log,
            start_new_session=True,
            close_fds=True,
        )


def spawn_detached(payload: HookPayload, raw: bytes, *, db: Path | None = None) -> None:
    """Hand ``payload`` to a detached ``remem hook EVENT --sync`` and return at once:
    it outlives this hook (its own session, so Claude Code's end does not stop it);
    its errors go to ``hooks.log`` in the remem home."""
    command = [sys.executable, "-m", "remem", "hook", payload.event.value, "--sync"]
    if db is not None:
        command += ["--db", str(db)]
    home = _home(os.environ)
    private_dir(home)
    cwd = payload.cwd if payload.cwd is not None and payload.cwd.is_dir() else None
    with hook_log(home) as log:
        child = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=log,
            cwd=cwd,
            start_new_session=True,  # not in Claude Code's process group
            close_fds=True,
        )
    assert child.stdin is not None
    try:
        child.stdin.write(raw)
    finally:
        child.stdin.close()


def hook_log(home: Path) -> IO[bytes]:
    """``hooks.log`` in ``home``, opened to append, mode 0600 (a hook's error may
    quote what it was storing)."""
    return open_private(home / LOG_NAME, "ab")


def _home(environ: Any) -> Path:
    home = environ.get("REMEM_HOME")
    return Path(home).expanduser() if home else Path.home() / ".remem"


def _options(argv: list[str]) -> dict[str, Any]:
    event: str | None = None
    sync = False
    db: Path | None = None
    args = iter(argv)
    for arg in args:
        if arg == "--sync":
            sync = True
        elif arg == "--db" or arg.startswith("--db="):
            value = arg.split("=", 1)[1] if "=" in arg else next(args, None)
            if not value:
                raise ValueError("--db needs a path")
            db = Path(value).expanduser()
        elif arg.startswith("-"):
            raise ValueError(f"no such option: {arg}")
        elif event is None:
            event = arg
        else:
            raise ValueError(f"unexpected argument {arg!r}")
    if event is None:
        raise ValueError("missing the hook event, e.g. remem hook UserPromptSubmit")
    return {"event": event, "sync": sync, "db": db}


def _one_line(exc: BaseException) -> str:
    message = " ".join(str(exc).split()) or type(exc).__name__
    try:
        from remem.secrets import redact

        return redact(message)
    except Exception:  # redaction failing must not hide the error
        return type(exc).__name__
