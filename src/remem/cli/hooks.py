"""Claude Code hooks: ``remem hook EVENT`` (what Claude Code runs) and ``remem hooks
install|uninstall claude-code`` (writing them into its settings).

``remem hook`` is normally dispatched before this module is imported (see
:mod:`remem.entry`); the command here gives it its ``--help`` and serves callers
that go through :data:`remem.cli.app`.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from remem.cli.common import DbOpt, JsonOpt, app, err, fail, out, print_json, remem_errors

hooks_app = typer.Typer(
    help="Install remem's hooks into an agent platform (Claude Code).", no_args_is_help=True
)
app.add_typer(hooks_app, name="hooks")


class Platform(StrEnum):
    CLAUDE_CODE = "claude-code"


class Scope(StrEnum):
    USER = "user"
    PROJECT = "project"
    LOCAL = "local"


PlatformArg = Annotated[Platform, typer.Argument(help="The agent platform: claude-code.")]
ScopeOpt = Annotated[
    Scope,
    typer.Option(
        "--scope",
        help="user: ~/.claude/settings.json; project: .claude/settings.json; "
        "local: .claude/settings.local.json.",
    ),
]
ProjectOpt = Annotated[
    Path | None,
    typer.Option(
        "--project", help="The project directory (default: the git top level of the cwd)."
    ),
]
SettingsOpt = Annotated[
    Path | None,
    typer.Option("--settings", help="Edit this settings file instead of the scope's."),
]


@app.command("hook")
def hook(
    event: Annotated[
        str,
        typer.Argument(
            help="SessionStart, UserPromptSubmit, PreToolUse, PostToolUse, PostToolUseFailure, "
            "PreCompact, PostCompact, Stop or SessionEnd."
        ),
    ],
    sync: Annotated[
        bool,
        typer.Option(
            "--sync",
            help="Do long work (Stop, PreCompact, PostCompact, SessionEnd) here and wait for it.",
        ),
    ] = False,
    db: DbOpt = None,
) -> None:
    """Answer one Claude Code hook: read its JSON on stdin, print what Claude Code
    reads (context as plain text for SessionStart and UserPromptSubmit, JSON with
    hookSpecificOutput.additionalContext otherwise). Talks to the local service when
    it is up; hands long work to it or to a detached process. Never breaks the
    session: a bad payload is one line on stderr and exit 0.

    Example: echo '{"session_id": "s1", "prompt": "hi"}' | remem hook UserPromptSubmit
    """
    from remem.integrations.runner import main

    argv = [event, *(["--sync"] if sync else []), *(["--db", str(db)] if db else [])]
    raise typer.Exit(main(argv))


def _target(scope: Scope, project: Path | None, settings: Path | None) -> Path:
    from remem.integrations.claude_settings import project_dir, settings_path

    if settings is not None:
        return settings
    root = project_dir(project if project is not None else Path.cwd())
    return settings_path(scope.value, home=Path.home(), project=root)


@hooks_app.command("install")
def hooks_install(
    platform: PlatformArg,
    scope: ScopeOpt = Scope.USER,
    http: Annotated[
        str | None,
        typer.Option(
            "--http",
            help="Write http hooks posting to the local service at this loopback URL "
            "(e.g. http://127.0.0.1:8765) instead of command hooks.",
        ),
    ] = None,
    command: Annotated[
        str | None,
        typer.Option(
            "--command",
            help="The program the command hooks run, before 'hook EVENT' (default: the "
            "--client's; use 'remem' for a project file others share).",
        ),
    ] = None,
    client: Annotated[
        str | None,
        typer.Option(
            "--client",
            help="The command hooks' client: bash (starts in ~1 ms, asks the local service "
            "over its loopback hook port), python (this Python running remem's hook script "
            "with -I -S, ~8 ms), or auto: bash 4+ when there is one (default: hooks_client).",
        ),
    ] = None,
    project: ProjectOpt = None,
    settings: SettingsOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Add remem's hooks (SessionStart, UserPromptSubmit, PreToolUse, PostToolUse,
    PostToolUseFailure, PreCompact, PostCompact, Stop, SessionEnd) to Claude Code's settings
    without touching other hooks. Idempotent; the file before the change is kept as <file>.remem-backup.

    Example: remem hooks install claude-code --scope user
    """
    import shlex

    from remem.config import Config
    from remem.integrations.claude_settings import (
        INSTALLED_EVENTS,
        command_handler,
        hook_program,
        http_handler,
        install,
    )

    with remem_errors():
        config = Config.load()
        timeout = config.hooks_timeout_s
        if http is not None:
            from urllib.parse import urlsplit

            if urlsplit(http).hostname not in ("127.0.0.1", "localhost", "::1"):
                fail("--http must be a loopback URL, e.g. http://127.0.0.1:8765")
            handlers = {e: http_handler(e, http, timeout=timeout) for e in INSTALLED_EVENTS}
        else:
            if command is not None and client is not None:
                fail("--command and --client exclude each other")
            chosen = client if client is not None else config.hooks_client
            program = shlex.split(command) if command is not None else hook_program(client=chosen)
            if not program:
                fail("--command is empty")
            handlers = {e: command_handler(e, program, timeout=timeout) for e in INSTALLED_EVENTS}
        change = install(_target(scope, project, settings), handlers)
    if http is None and not _has_service():
        err.print(
            "note: the local service the hooks ask needs the server extra (pip install "
            "'.[server]' in remem's checkout); without it each hook answers in a process "
            "of its own, ~2-3 s a prompt",
            highlight=False,
            markup=False,
        )
    if as_json:
        print_json(change)
        return
    if not change.changed:
        out.print(f"remem's hooks are already in {change.path}", highlight=False)
        return
    backup = f" (previous file: {change.backup})" if change.backup else ""
    out.print(
        f"added remem's hooks to {change.path}: {', '.join(change.added)}{backup}",
        highlight=False,
    )


def _has_service() -> bool:
    import importlib.util

    return all(importlib.util.find_spec(m) is not None for m in ("fastapi", "uvicorn"))


@hooks_app.command("uninstall")
def hooks_uninstall(
    platform: PlatformArg,
    scope: ScopeOpt = Scope.USER,
    project: ProjectOpt = None,
    settings: SettingsOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Remove remem's hooks from Claude Code's settings, and nothing else (other
    hooks and settings stay as they are). The file before the change is kept as
    <file>.remem-backup.

    Example: remem hooks uninstall claude-code --scope user
    """
    from remem.integrations.claude_settings import uninstall

    with remem_errors():
        change = uninstall(_target(scope, project, settings))
    if as_json:
        print_json(change)
    elif change.changed:
        out.print(f"removed remem's hooks from {change.path}: {', '.join(change.removed)}")
    else:
        out.print(f"no remem hooks in {change.path}", highlight=False)
