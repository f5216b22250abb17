"""Install remem's hooks into a Claude Code ``settings.json`` and take them out again.

Claude Code reads hooks from three files (most specific wins, all of them run):

=========  ===================================  ====================================
scope      file                                 for
=========  ===================================  ====================================
user       ``~/.claude/settings.json``          every project of this user
project    ``<project>/.claude/settings.json``  everyone on the project (committed)
local      ``<project>/.claude/settings.local.json``  this user, this project only
=========  ===================================  ====================================

Under ``"hooks"`` each event holds a list of matcher groups, each with its own list
of handlers. remem adds one group per event with one handler: a ``command``
(by default :func:`hook_program` ``hook EVENT``: bash running
``remem/integrations/hook_fast.sh``, the cheapest process that can ask the local
service, else this Python running ``remem/integrations/hook_fast.py`` by its path
with ``-I -S``) or an ``http`` handler posting to the local service's hooks router.
A handler is remem's when its command is ``remem hook EVENT`` (a program named
``remem``, ``python -m remem``, ``python -I -S .../remem/integrations/hook_fast.py``
or ``bash -p .../remem/integrations/hook_fast.sh python``) or its URL is under the
hooks router's path;
nothing else in the file is touched. Installing again replaces remem's
handlers (a moved executable, another port) and leaves the file unchanged when
they are already as they would be written; uninstalling removes remem's handlers
and the groups, events and ``hooks`` object left empty by that removal only.
Before any change the file is copied to ``<name>.remem-backup``; the new content
is written to a temporary file and renamed over the old one.
"""

from __future__ import annotations

import functools
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from remem.errors import UserError
from remem.integrations import hook_client, hook_fast
from remem.integrations.claude_code import HookEvent
from remem.integrations.service import HOOKS_PATH

__all__ = [
    "INSTALLED_EVENTS",
    "SCOPES",
    "SettingsChange",
    "command_handler",
    "hook_program",
    "http_handler",
    "install",
    "is_remem_handler",
    "project_dir",
    "settings_path",
    "uninstall",
]

SCOPES = ("user", "project", "local")
BACKUP_SUFFIX = ".remem-backup"
HOOK_CLIENTS = ("auto", "bash", "python")  # hook_program's clients
TOKEN_VAR = "REMEM_SERVICE_TOKEN"  # the http handlers' bearer token, from Claude Code's env

_EVENT_NAMES = frozenset(e.value for e in HookEvent)
# PreToolUse and PostToolUse run once per tool call (the fast client answers them
# from the local service in milliseconds); PostToolUseFailure once per failed call.
INSTALLED_EVENTS = (
    HookEvent.SESSION_START,
    HookEvent.USER_PROMPT_SUBMIT,
    HookEvent.PRE_TOOL_USE,
    HookEvent.POST_TOOL_USE,
    HookEvent.POST_TOOL_USE_FAILURE,
    HookEvent.PRE_COMPACT,
    HookEvent.POST_COMPACT,
    HookEvent.STOP,
    HookEvent.SESSION_END,
)


@dataclass(frozen=True, slots=True)
class SettingsChange:
    """What an install or uninstall did to one settings file."""

    path: Path
    changed: bool
    added: tuple[str, ...] = ()  # events given a remem handler
    removed: tuple[str, ...] = ()  # events whose remem handlers were taken out
    backup: Path | None = None
    handlers: dict[str, dict[str, Any]] = field(default_factory=dict)


def project_dir(cwd: Path) -> Path:
    """The project a working directory belongs to: the nearest enclosing directory
    with a ``.git`` entry, else the directory itself (where ``claude`` is started)."""
    here = cwd.resolve()
    for folder in (here, *here.parents):
        if (folder / ".git").exists():
            return folder
    return here


def settings_path(scope: str, *, home: Path, project: Path) -> Path:
    """The settings file of ``scope`` (user / project / local)."""
    if scope == "user":
        return home / ".claude" / "settings.json"
    if scope == "project":
        return project / ".claude" / "settings.json"
    if scope == "local":
        return project / ".claude" / "settings.local.json"
    raise UserError(f"unknown scope {scope!r}; use one of: {', '.join(SCOPES)}")


def hook_program(python: str | None = None, *, client: str = "auto") -> list[str]:
    """The program the command hooks run (before ``hook EVENT``).

    ``client``: ``bash`` — bash (4 or later) running ``hook_fast.sh``, which asks the
    local service over its loopback hook port and hands anything else to the Python
    client (its interpreter passed as the first argument); a bash start is ~1 ms
    against ~8 ms for Python's. ``python`` — ``python`` (default this one) running
    :mod:`remem.integrations.hook_fast` by its path, isolated and without ``site``
    (:data:`~remem.integrations.hook_client.SCRIPT_FLAGS`); ``python -m remem`` when the
    module is not a file of its own (installed in a zip). ``auto`` — bash where there
    is one (POSIX, on the PATH, version 4 or later), else Python."""
    if client not in HOOK_CLIENTS:
        raise UserError(f"unknown hook client {client!r}; use one of: {', '.join(HOOK_CLIENTS)}")
    interpreter = python or sys.executable
    script = Path(hook_fast.__file__).resolve()
    if not script.is_file():
        return [interpreter, "-m", "remem"]
    shell_script = script.with_suffix(".sh")
    bash = _bash() if client != "python" and shell_script.is_file() else None
    if bash is not None:
        return [bash, "-p", str(shell_script), interpreter]
    if client == "bash":
        raise UserError(
            "the bash hook client needs bash 4 or later on the PATH; use --client python"
        )
    return [interpreter, *hook_client.SCRIPT_FLAGS, str(script)]


@functools.cache
def _bash() -> str | None:
    """bash's path when it is on the PATH (POSIX) and version 4 or later (``read -N``);
    asked once per process (a bash run)."""
    if os.name != "posix":
        return None
    found = shutil.which("bash")
    if found is None:
        return None
    try:
        major = subprocess.run(
            [found, "-pc", "echo ${BASH_VERSINFO[0]}"],
            capture_output=True, text=True, timeout=10, check=False,
        ).stdout.strip()  # fmt: skip
    except (OSError, subprocess.SubprocessError):
        return None
    return found if major.isdigit() and int(major) >= 4 else None


def command_handler(event: HookEvent, program: list[str], *, timeout: int) -> dict[str, Any]:
    """A ``command`` handler running ``<program> hook EVENT``."""
    return {
        "type": "command",
        "command": shlex.join([*program, "hook", event.value]),
        "timeout": timeout,
    }


def http_handler(event: HookEvent, base_url: str, *, timeout: int) -> dict[str, Any]:
    """An ``http`` handler posting to the local service's hooks router; the bearer
    token comes from ``$REMEM_SERVICE_TOKEN`` in Claude Code's environment (never
    written into the file)."""
    return {
        "type": "http",
        "url": f"{base_url.rstrip('/')}{HOOKS_PATH}/{event.value}",
        "timeout": timeout,
        "headers": {"Authorization": f"Bearer ${TOKEN_VAR}"},
        "allowedEnvVars": [TOKEN_VAR],
    }


def is_remem_handler(handler: object) -> bool:
    """Whether a handler is one remem installs (see the module doc)."""
    if not isinstance(handler, dict):
        return False
    if handler.get("type") == "http" and isinstance(handler.get("url"), str):
        return urlsplit(handler["url"]).path.startswith(HOOKS_PATH + "/")
    command = handler.get("command")
    if handler.get("type") != "command" or not isinstance(command, str):
        return False
    try:
        words = shlex.split(command)
    except ValueError:
        return False
    script = next((i for i, w in enumerate(words[1:], 1) if not w.startswith("-")), 0)
    if len(words) >= 3 and Path(words[0]).name == "remem":
        rest = words[1:]
    elif len(words) >= 5 and words[1:3] == ["-m", "remem"]:
        rest = words[3:]
    elif script and _is_hook_script(words[script], ".py"):  # python [flags] .../hook_fast.py
        rest = words[script + 1 :]
    elif script and _is_hook_script(words[script], ".sh"):  # bash -p .../hook_fast.sh python
        rest = words[script + 2 :]
    else:
        return False
    return len(rest) >= 2 and rest[0] == "hook" and rest[1] in _EVENT_NAMES


def _is_hook_script(word: str, suffix: str) -> bool:
    """Whether ``word`` is the path of remem's hook script ``hook_fast<suffix>`` (any
    install, any OS)."""
    parts = word.replace("\\", "/").split("/")[-3:]
    return parts == ["remem", "integrations", f"hook_fast{suffix}"]


def install(path: Path, handlers: dict[HookEvent, dict[str, Any]]) -> SettingsChange:
    """Give each event of ``handlers`` its remem handler in the settings file at
    ``path`` (created if missing); unchanged when it is already so."""
    settings = _load(path)
    hooks = _hooks_of(settings, path, create=True)
    assert hooks is not None  # created when absent
    added = []
    for event, handler in handlers.items():
        groups = _groups(hooks, event.value, path)
        mine = [h for g in groups for h in _handlers(g) if is_remem_handler(h)]
        if mine == [handler]:
            continue
        _drop_remem(hooks, event.value, groups)
        hooks.setdefault(event.value, []).append({"hooks": [handler]})
        added.append(event.value)
    wanted = {e.value: h for e, h in handlers.items()}
    if not added:
        return SettingsChange(path, changed=False, handlers=wanted)
    backup = _write(path, settings)
    return SettingsChange(path, changed=True, added=tuple(added), backup=backup, handlers=wanted)


def uninstall(path: Path) -> SettingsChange:
    """Take remem's handlers out of the settings file at ``path`` (nothing else)."""
    if not path.exists():
        return SettingsChange(path, changed=False)
    settings = _load(path)
    hooks = _hooks_of(settings, path, create=False)
    if hooks is None:
        return SettingsChange(path, changed=False)
    removed = []
    for event in list(hooks):
        groups = _groups(hooks, event, path)
        if any(is_remem_handler(h) for g in groups for h in _handlers(g)):
            _drop_remem(hooks, event, groups)
            removed.append(event)
    if not removed:
        return SettingsChange(path, changed=False)
    if not hooks:
        del settings["hooks"]  # empty only because remem's handlers were all it held
    backup = _write(path, settings)
    return SettingsChange(path, changed=True, removed=tuple(removed), backup=backup)


def _load(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text("utf-8")
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise UserError(f"cannot read {path}: {exc.strerror}") from exc
    if not text.strip():
        return {}
    try:
        settings = json.loads(text)
    except json.JSONDecodeError as exc:
        raise UserError(
            f"{path} is not valid JSON (line {exc.lineno}: {exc.msg}); fix it and run "
            "again — nothing was changed"
        ) from exc
    if not isinstance(settings, dict):
        raise UserError(f"{path} does not hold a JSON object; nothing was changed")
    return settings


def _hooks_of(settings: dict[str, Any], path: Path, *, create: bool) -> dict[str, Any] | None:
    hooks = settings.setdefault("hooks", {}) if create else settings.get("hooks")
    if hooks is not None and not isinstance(hooks, dict):
        raise UserError(f'"hooks" in {path} is not an object; nothing was changed')
    return hooks


def _groups(hooks: dict[str, Any], event: str, path: Path) -> list[Any]:
    groups = hooks.get(event, [])
    if not isinstance(groups, list):
        raise UserError(f'"hooks.{event}" in {path} is not a list; nothing was changed')
    return groups


def _handlers(group: object) -> list[Any]:
    handlers = group.get("hooks") if isinstance(group, dict) else None
    return handlers if isinstance(handlers, list) else []


def _drop_remem(hooks: dict[str, Any], event: str, groups: list[Any]) -> None:
    """Remove remem's handlers of ``event``; a group (and then the event) left empty
    by the removal goes too, one that was empty before stays."""
    kept = []
    for group in groups:
        handlers = _handlers(group)
        if not any(is_remem_handler(h) for h in handlers):
            kept.append(group)
            continue
        rest = [h for h in handlers if not is_remem_handler(h)]
        if rest:
            kept.append({**group, "hooks": rest})
    if kept:
        hooks[event] = kept
    else:
        hooks.pop(event, None)


def _write(path: Path, settings: dict[str, Any]) -> Path | None:
    """Write ``settings`` to ``path`` atomically, the old file kept as the backup."""
    backup = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists():
            backup = path.with_name(path.name + BACKUP_SUFFIX)
            shutil.copy2(path, backup)
        mode = path.stat().st_mode & 0o777 if path.exists() else 0o644
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(json.dumps(settings, indent=2, ensure_ascii=False) + "\n")
            os.chmod(tmp, mode)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError as exc:
        raise UserError(f"cannot write {path}: {exc.strerror or exc}") from exc
    return backup
