"""Replay recorded Claude Code sessions through the hooks ``remem hooks install``
writes, as Claude Code runs them: each event's JSON on the stdin of the installed
command, a real process per hook, on a faked clock.

A recorded session is a list of events (the format of ``bench/data/sessions``):
``{"hook": "SessionStart", "source": ...}``, ``{"hook": "UserPromptSubmit",
"prompt": ...}``, ``{"hook": "PreToolUse" | "PostToolUse" | "PostToolUseFailure",
"tool_name", "tool_input", "tool_response" | "error"}``, ``{"assistant": text}``,
``{"hook": "Stop"}``, ``{"hook": "PreCompact", "trigger"}``, ``{"hook":
"SessionEnd", "reason"}``, each with its time ``t``. The replayer:

- installs the hooks into its own settings file (``remem hooks install claude-code
  --settings FILE``, a process) and runs, for each hook event, exactly the commands
  installed for it (``sh -c``, as Claude Code runs a command hook; a tool event's
  group only when its ``matcher`` matches the tool), with the payload Claude Code
  sends (``session_id``, ``transcript_path``, ``cwd``, ``hook_event_name`` and the
  event's fields); an event with no installed hook is recorded as not run;
- writes the transcript JSONL as Claude Code does (user prompts, assistant text
  and tool uses, tool results), so a hook reading ``transcript_path`` finds it;
- writes each event's time to the clock file (``REMEM_CLOCK_FILE``) before it, so
  every process — the hook, the local service, a detached worker — agrees on it;
- waits, after each event, until the work it started is done (the service's
  requests in flight, its deferred writes, detached hook processes), as the
  seconds between two real events would; and stops the local service between
  sessions (days apart: its idle timeout would have stopped it), so each
  session's first hook is timed as a user meets it.

Processes it stops are only the ones its own hooks started (found by its own
``REMEM_HOME`` in their environment).
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

__all__ = ["HookRun", "Replayer", "context_of"]

# Claude Code reads plain stdout as context for these; JSON for the others.
_PLAIN = frozenset({"SessionStart", "UserPromptSubmit"})
_TOOL_EVENTS = frozenset({"PreToolUse", "PostToolUse", "PostToolUseFailure"})
SERVICE_WAIT_S = 20.0  # longest a replay waits for a starting service between events


@dataclass(slots=True)
class HookRun:
    """One event replayed: its hook's answer (``context``: what Claude would see)."""

    session: int
    index: int
    hook: str
    ran: bool
    ms: float = 0.0
    context: str = ""
    stderr: str = ""
    first: bool = False  # the session's first hook


def context_of(hook: str, stdout: str) -> str:
    """What Claude Code takes from a hook's stdout: plain text for SessionStart and
    UserPromptSubmit (unless it is JSON), else ``hookSpecificOutput.additionalContext``."""
    text = stdout.strip()
    if not text:
        return ""
    if text.startswith("{"):
        try:
            data = json.loads(text)
        except ValueError:
            return text if hook in _PLAIN else ""
        specific = data.get("hookSpecificOutput") if isinstance(data, dict) else None
        extra = specific.get("additionalContext") if isinstance(specific, dict) else None
        return extra if isinstance(extra, str) else ""
    return text if hook in _PLAIN else ""


@dataclass
class Replayer:
    """Replays sessions of one project under ``root`` (a fresh directory)."""

    root: Path
    env_extra: Mapping[str, str] = field(default_factory=dict)
    python: str = sys.executable
    install_args: Sequence[str] = ()
    timeout_s: float = 120.0
    handlers: dict[str, list[tuple[str, str]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.root = Path(self.root)
        self.home = self.root / "home"
        self.remem_home = self.root / "remem-home"
        self.clock = self.root / "clock"
        self.settings = self.root / "settings.json"
        self.transcripts = self.home / ".claude" / "projects"
        for folder in (self.home, self.remem_home, self.transcripts):
            folder.mkdir(parents=True, exist_ok=True)
        self.env = {
            **os.environ,
            "HOME": str(self.home),
            "REMEM_HOME": str(self.remem_home),
            "REMEM_CLOCK_FILE": str(self.clock),
            **self.env_extra,
        }
        self.env.pop("REMEM_CONFIG", None)
        self._uuid = 0

    # -- setup ------------------------------------------------------------------------
    def install(self) -> dict[str, list[tuple[str, str]]]:
        """``remem hooks install claude-code`` into the replay's settings file (a
        process); the installed ``(matcher, command)`` pairs per event."""
        command = [self.python, "-m", "remem", "hooks", "install", "claude-code"]
        command += ["--settings", str(self.settings), *self.install_args]
        done = subprocess.run(command, env=self.env, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"remem hooks install failed: {done.stderr.strip()}")
        hooks = json.loads(self.settings.read_text("utf-8")).get("hooks", {})
        self.handlers = {
            event: [
                (str(group.get("matcher") or ""), str(handler["command"]))
                for group in groups
                for handler in group.get("hooks", [])
                if handler.get("type") == "command"
            ]
            for event, groups in hooks.items()
        }
        return self.handlers

    def set_time(self, when: str | datetime) -> None:
        """Write ``when`` to the clock file (every process reads it)."""
        text = when.isoformat() if isinstance(when, datetime) else when
        tmp = self.clock.with_suffix(".tmp")
        tmp.write_text(text, "utf-8")
        tmp.replace(self.clock)

    # -- replay -----------------------------------------------------------------------
    def session(
        self, number: int, session: Mapping[str, Any], *, cwd: str, stop_service: bool = True
    ) -> list[HookRun]:
        """Replay one recorded session; one :class:`HookRun` per event (assistant
        messages included, as runs that ran no hook)."""
        session_id = str(session["session_id"])
        transcript = self.transcripts / _slug(cwd) / f"{session_id}.jsonl"
        transcript.parent.mkdir(parents=True, exist_ok=True)
        runs: list[HookRun] = []
        last_text = ""
        previous: datetime | None = None
        first = True
        for index, event in enumerate(session["events"]):
            when = _time(event["t"])
            gap = (when - previous).total_seconds() if previous else 0.0
            previous = when
            self.set_time(event["t"])
            if "assistant" in event:
                last_text = str(event["assistant"])
                self._transcript(transcript, session_id, cwd, "assistant", last_text, event["t"])
                runs.append(HookRun(number, index, "assistant", False))
                continue
            hook = str(event["hook"])
            payload = self._payload(hook, event, session_id, transcript, cwd, last_text)
            if hook in ("PreToolUse",):
                self._transcript(transcript, session_id, cwd, "tool_use", event, event["t"])
            elif hook in ("PostToolUse", "PostToolUseFailure"):
                self._transcript(transcript, session_id, cwd, "tool_result", event, event["t"])
            self._await_service(gap)
            run = self._run(number, index, hook, payload, event.get("tool_name"))
            run.first = first and run.ran
            first = first and not run.ran
            runs.append(run)
            if hook == "UserPromptSubmit":
                self._transcript(transcript, session_id, cwd, "user", event["prompt"], event["t"])
            self.quiesce()
        if stop_service:
            self.stop_service()
        return runs

    def _run(
        self, number: int, index: int, hook: str, payload: dict[str, Any], tool: object
    ) -> HookRun:
        commands = [
            command
            for matcher, command in self.handlers.get(hook, [])
            if hook not in _TOOL_EVENTS or _matches(matcher, str(tool or ""))
        ]
        if not commands:
            return HookRun(number, index, hook, False)
        data = json.dumps(payload, ensure_ascii=False).encode("utf-8")
        contexts, errors, total = [], [], 0.0
        for command in commands:
            start = time.perf_counter()
            done = subprocess.run(
                ["/bin/sh", "-c", command],
                input=data,
                env=self.env,
                capture_output=True,
                timeout=self.timeout_s,
                check=False,
            )
            total += (time.perf_counter() - start) * 1000
            out = done.stdout.decode("utf-8", "replace")
            contexts.append(context_of(hook, out))
            if done.stderr.strip():
                errors.append(done.stderr.decode("utf-8", "replace").strip())
        context = "\n\n".join(c for c in contexts if c)
        return HookRun(number, index, hook, True, total, context, "\n".join(errors))

    def _payload(
        self,
        hook: str,
        event: Mapping[str, Any],
        session_id: str,
        transcript: Path,
        cwd: str,
        last_text: str,
    ) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "session_id": session_id,
            "transcript_path": str(transcript),
            "cwd": cwd,
            "permission_mode": "default",
            "hook_event_name": hook,
        }
        own = {k: v for k, v in event.items() if k not in ("t", "hook", "label")}
        payload.update(own)
        if hook in _TOOL_EVENTS:
            payload["tool_use_id"] = f"toolu_{self._uuid:024d}"
        if hook == "Stop":
            payload["stop_hook_active"] = False
            if last_text:
                payload["last_assistant_message"] = last_text
        return payload

    def _transcript(
        self, path: Path, session_id: str, cwd: str, kind: str, value: Any, at: str
    ) -> None:
        self._uuid += 1
        if kind == "user":
            message: dict[str, Any] = {"role": "user", "content": value}
            role = "user"
        elif kind == "assistant":
            message = {"role": "assistant", "content": [{"type": "text", "text": value}]}
            role = "assistant"
        elif kind == "tool_use":
            use = {"type": "tool_use", "id": f"toolu_{self._uuid:024d}"}
            use |= {"name": value["tool_name"], "input": value.get("tool_input")}
            message = {"role": "assistant", "content": [use]}
            role = "assistant"
        else:
            failed = value.get("hook") == "PostToolUseFailure"
            body = value.get("error") if failed else value.get("tool_response")
            result = {"type": "tool_result", "tool_use_id": f"toolu_{self._uuid - 1:024d}"}
            result |= {"is_error": failed, "content": _text_of(body)}
            message = {"role": "user", "content": [result]}
            role = "user"
        line = {
            "type": role,
            "sessionId": session_id,
            "cwd": cwd,
            "uuid": f"00000000-0000-4000-8000-{self._uuid:012d}",
            "timestamp": at.replace("Z", ".000Z"),
            "message": message,
        }
        with path.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(line, ensure_ascii=False) + "\n")

    # -- the processes hooks started --------------------------------------------------
    def processes(self) -> list[tuple[int, str]]:
        """``(pid, command line)`` of the live processes this replay's hooks started
        (its ``REMEM_HOME`` in their environment)."""
        marker = f"REMEM_HOME={self.remem_home}".encode()
        found = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit() or int(entry.name) == os.getpid():
                continue
            try:
                environ = (entry / "environ").read_bytes()
                if marker not in environ.split(b"\0"):
                    continue
                cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
                state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
            except (OSError, IndexError):
                continue
            if state != "Z":
                found.append((int(entry.name), cmdline))
        return found

    def service_pid(self) -> int | None:
        return next((pid for pid, cmd in self.processes() if " serve " in f" {cmd} "), None)

    def quiesce(self, limit_s: float = 300.0) -> None:
        """Wait until the work the last event started is done: no detached hook
        process, no request in flight at the service, no deferred write waiting."""
        deadline = time.monotonic() + limit_s
        while time.monotonic() < deadline:
            others = [cmd for _, cmd in self.processes() if " serve " not in f" {cmd} "]
            if not others and self._service_idle():
                return
            time.sleep(0.02)
        raise RuntimeError("the hooks' work did not finish in time")

    def _service_idle(self) -> bool:
        from remem.integrations.service import ServiceClient

        client = ServiceClient.discover(self.env)
        if client is None:
            return True
        status, body = client.request("GET", "/health")
        if status != 200:
            return status is None  # gone: idle; starting (503): not yet
        try:
            busy = int(json.loads(body).get("in_flight", 0))
        except (ValueError, AttributeError):
            busy = 0
        return busy <= 1 and not self._pending()

    def _pending(self) -> bool:
        import sqlite3

        db = Path(self.env.get("REMEM_DB_PATH") or self.remem_home / "remem.db")
        if not db.exists():
            return False
        try:
            with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5) as conn:
                return bool(conn.execute("SELECT 1 FROM pending_work LIMIT 1").fetchall())
        except sqlite3.Error:
            return False

    def _await_service(self, gap_s: float) -> None:
        """A service a hook started is given the time the user took (at most
        :data:`SERVICE_WAIT_S`) to come up, as it would be between real events."""
        marker = self.remem_home / "serve.starting"
        socket_path = self.remem_home / "remem.sock"
        deadline = time.monotonic() + min(gap_s, SERVICE_WAIT_S)
        while marker.exists() and not socket_path.is_socket() and time.monotonic() < deadline:
            if self.service_pid() is None:
                return  # nothing is starting after all
            time.sleep(0.05)
        if socket_path.is_socket():
            while time.monotonic() < deadline and not self._service_idle():
                time.sleep(0.02)

    def stop_service(self) -> None:
        """Stop the local service a hook started (as its idle timeout would)."""
        pid = self.service_pid()
        if pid is None:
            return
        os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and any(p == pid for p, _ in self.processes()):
            time.sleep(0.05)


def _matches(matcher: str, tool: str) -> bool:
    if matcher in ("", "*"):
        return True
    try:
        return re.fullmatch(matcher, tool) is not None
    except re.error:
        return matcher == tool


def _slug(cwd: str) -> str:
    return re.sub(r"[^A-Za-z0-9]", "-", cwd)


def _time(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def _text_of(value: Any) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)
