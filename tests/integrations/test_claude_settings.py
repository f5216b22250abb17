"""remem's hooks in a Claude Code settings.json: added beside other hooks, idempotent,
removed exactly, a backup kept, a broken file never overwritten."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hookdata import bash_client
from typer.testing import CliRunner

from remem.cli import app
from remem.errors import UserError
from remem.integrations.claude_code import HookEvent
from remem.integrations.claude_settings import (
    INSTALLED_EVENTS,
    command_handler,
    hook_program,
    http_handler,
    install,
    is_remem_handler,
    project_dir,
    settings_path,
    uninstall,
)

THEIRS: dict[str, Any] = {
    "model": "opus",
    "permissions": {"allow": ["Bash(npm test:*)"]},
    "hooks": {
        "PreToolUse": [
            {"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh"}]}
        ],
        "SessionStart": [
            {"matcher": "startup", "hooks": [{"type": "command", "command": "echo hello"}]}
        ],
        "Stop": [{"hooks": []}],  # an empty group someone left: not ours to tidy
    },
}
PROGRAM = ["/opt/venv/bin/python", "-m", "remem"]


def handlers(program: list[str] = PROGRAM) -> dict[HookEvent, dict[str, Any]]:
    return {e: command_handler(e, program, timeout=30) for e in INSTALLED_EVENTS}


def write(path: Path, data: Any) -> str:
    text = json.dumps(data, indent=4) + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, "utf-8")
    return text


def test_install_keeps_other_hooks_and_uninstall_restores_them(tmp_path: Path) -> None:
    path = tmp_path / ".claude" / "settings.json"
    original = write(path, THEIRS)
    change = install(path, handlers())
    assert change.changed and set(change.added) == {e.value for e in INSTALLED_EVENTS}
    assert change.backup is not None and change.backup.read_text("utf-8") == original
    data = json.loads(path.read_text("utf-8"))
    assert data["model"] == "opus" and data["permissions"] == THEIRS["permissions"]
    pre = data["hooks"]["PreToolUse"]
    assert pre[0] == THEIRS["hooks"]["PreToolUse"][0]  # theirs first, untouched
    assert pre[1]["hooks"][0]["command"] == "/opt/venv/bin/python -m remem hook PreToolUse"
    assert "matcher" not in pre[1]  # every tool
    start = data["hooks"]["SessionStart"]
    assert start[0] == THEIRS["hooks"]["SessionStart"][0]  # theirs first, untouched
    assert start[1]["hooks"][0]["command"] == "/opt/venv/bin/python -m remem hook SessionStart"
    assert data["hooks"]["Stop"][0] == {"hooks": []}

    removed = uninstall(path)
    assert removed.changed and set(removed.removed) == {e.value for e in INSTALLED_EVENTS}
    assert json.loads(path.read_text("utf-8")) == THEIRS


def test_install_twice_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    install(path, handlers())
    before = path.read_text("utf-8")
    again = install(path, handlers())
    assert not again.changed and again.backup is None
    assert path.read_text("utf-8") == before


def test_install_replaces_a_stale_remem_hook_instead_of_adding_one(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    install(path, handlers(["/old/venv/bin/remem"]))
    install(path, handlers())
    data = json.loads(path.read_text("utf-8"))
    for event in INSTALLED_EVENTS:
        commands = [h["command"] for g in data["hooks"][event.value] for h in g["hooks"]]
        assert commands == [f"/opt/venv/bin/python -m remem hook {event.value}"]


def test_uninstall_of_a_file_with_no_remem_hooks_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    original = write(path, THEIRS)
    assert not uninstall(path).changed
    assert path.read_text("utf-8") == original
    assert not (tmp_path / "settings.json.remem-backup").exists()
    assert not uninstall(tmp_path / "missing.json").changed
    assert not (tmp_path / "missing.json").exists()


def test_a_group_shared_with_another_hook_keeps_the_other(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    mine = command_handler(HookEvent.STOP, ["remem"], timeout=30)
    other = {"type": "command", "command": "notify-send done"}
    write(path, {"hooks": {"Stop": [{"hooks": [other, mine]}]}})
    uninstall(path)
    assert json.loads(path.read_text("utf-8")) == {"hooks": {"Stop": [{"hooks": [other]}]}}


@pytest.mark.parametrize(
    "text", ["{not json", "[1, 2]", '{"hooks": []}', '{"hooks": {"Stop": {}}}']
)
def test_a_broken_file_is_never_overwritten(tmp_path: Path, text: str) -> None:
    path = tmp_path / "settings.json"
    path.write_text(text, "utf-8")
    with pytest.raises(UserError, match="nothing was changed"):
        install(path, handlers())
    assert path.read_text("utf-8") == text
    assert not (tmp_path / "settings.json.remem-backup").exists()


def test_what_counts_as_a_remem_handler() -> None:
    assert is_remem_handler(command_handler(HookEvent.STOP, ["remem"], timeout=1))
    assert is_remem_handler({"type": "command", "command": "'/a b/remem' hook Stop"})
    assert is_remem_handler(http_handler(HookEvent.STOP, "http://127.0.0.1:8765", timeout=1))
    python = hook_program("/a b/venv/bin/python", client="python")
    fast = command_handler(HookEvent.STOP, python, timeout=1)
    assert fast["command"].startswith("'/a b/venv/bin/python' -I -S ")  # quoted
    assert fast["command"].endswith("/remem/integrations/hook_fast.py hook Stop")
    assert is_remem_handler(fast)
    for mine in (  # an older install's flags, a Windows path, the bash client
        "/venv/bin/python -S /x/remem/integrations/hook_fast.py hook UserPromptSubmit",
        r"'C:\Py\python.exe' -I -S 'C:\x\remem\integrations\hook_fast.py' hook Stop",
        "/bin/bash -p /x/remem/integrations/hook_fast.sh /venv/bin/python hook Stop",
    ):
        assert is_remem_handler({"type": "command", "command": mine}), mine
    for other in (
        {"type": "command", "command": "python -I -S /x/other/hook_fast.py hook Stop"},
        {"type": "command", "command": "python /x/remem/integrations/hook_fast.py Stop"},
        {"type": "command", "command": "python -I /x/remem/integrations/hook_fast.py hook"},
        {"type": "command", "command": "bash -p /x/other/hook_fast.sh py hook Stop"},
        {"type": "command", "command": "bash /x/remem/integrations/hook_fast.sh hook Stop"},
        {"type": "command", "command": "echo remem hook Stop"},
        {"type": "command", "command": "remem search hook"},
        {"type": "command", "command": "my-remem hook Stop"},
        {"type": "command", "command": "unbalanced 'quote"},
        {"type": "http", "url": "http://127.0.0.1:8765/other"},
        {"type": "prompt", "prompt": "remem hook Stop"},
        "remem hook Stop",
    ):
        assert not is_remem_handler(other), other


def test_http_handlers_name_the_token_variable_never_a_token(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    wanted = {e: http_handler(e, "http://127.0.0.1:8765/", timeout=30) for e in INSTALLED_EVENTS}
    install(path, wanted)
    start = json.loads(path.read_text("utf-8"))["hooks"]["UserPromptSubmit"][0]["hooks"][0]
    assert start["url"] == "http://127.0.0.1:8765/hooks/claude-code/UserPromptSubmit"
    assert start["headers"] == {"Authorization": "Bearer $REMEM_SERVICE_TOKEN"}
    assert start["allowedEnvVars"] == ["REMEM_SERVICE_TOKEN"]
    uninstall(path)
    assert json.loads(path.read_text("utf-8")) == {}


def test_scope_paths(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    (repo / "src" / "pkg").mkdir(parents=True)
    assert project_dir(repo / "src" / "pkg") == repo.resolve()
    home = tmp_path / "home"
    assert settings_path("user", home=home, project=repo) == home / ".claude" / "settings.json"
    assert settings_path("project", home=home, project=repo) == repo / ".claude" / "settings.json"
    local = settings_path("local", home=home, project=repo)
    assert local == repo / ".claude" / "settings.local.json"
    with pytest.raises(UserError, match="user, project, local"):
        settings_path("global", home=home, project=repo)


def test_cli_install_and_uninstall_each_scope(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home, repo = tmp_path / "home-dir", tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(repo)
    runner = CliRunner()
    expected = {
        "user": home / ".claude" / "settings.json",
        "project": repo / ".claude" / "settings.json",
        "local": repo / ".claude" / "settings.local.json",
    }
    for scope, path in expected.items():
        done = runner.invoke(app, ["hooks", "install", "claude-code", "--scope", scope, "--json"])
        assert done.exit_code == 0, done.stderr
        report = json.loads(done.stdout)["result"]
        assert report["changed"] is True and Path(report["path"]) == path.resolve()
        again = runner.invoke(app, ["hooks", "install", "claude-code", "--scope", scope])
        assert again.exit_code == 0 and "already" in again.stdout
    gone = runner.invoke(app, ["hooks", "uninstall", "claude-code", "--scope", "local"])
    assert gone.exit_code == 0 and "removed" in gone.stdout
    assert json.loads(expected["local"].read_text("utf-8")) == {}
    assert "hooks" in json.loads(expected["project"].read_text("utf-8"))


def test_cli_refuses_a_broken_file_with_one_line(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("{oops", "utf-8")
    done = CliRunner().invoke(app, ["hooks", "install", "claude-code", "--settings", str(path)])
    assert done.exit_code == 2
    assert done.stderr.startswith("error:") and len(done.stderr.strip().splitlines()) == 1
    assert path.read_text("utf-8") == "{oops"


def test_cli_http_must_be_loopback(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    done = CliRunner().invoke(
        app,
        [
            "hooks",
            "install",
            "claude-code",
            "--settings",
            str(path),
            "--http",
            "http://10.0.0.5:80",
        ],
    )
    assert done.exit_code == 2 and "loopback" in done.stderr
    assert not path.exists()


def test_the_bash_client_command() -> None:
    if not bash_client():
        pytest.skip("no bash 4+ on the PATH")
    program = hook_program("/a b/venv/bin/python", client="bash")
    handler = command_handler(HookEvent.STOP, program, timeout=1)
    words = shlex.split(handler["command"])
    assert words[1] == "-p" and words[3:] == ["/a b/venv/bin/python", "hook", "Stop"]
    assert words[2].endswith("/remem/integrations/hook_fast.sh") and Path(words[2]).is_file()
    assert is_remem_handler(handler)
    assert hook_program("/a b/venv/bin/python") == program  # auto: bash, where there is one
    with pytest.raises(UserError, match="unknown hook client"):
        hook_program(client="zsh")


def test_cli_client_choice(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"

    def install(*extra: str) -> Any:
        return CliRunner().invoke(
            app, ["hooks", "install", "claude-code", "--settings", str(path), *extra, "--json"]
        )

    for bad in (["--client", "zsh"], ["--client", "python", "--command", "remem"]):
        done = install(*bad)
        assert done.exit_code == 2 and done.stderr.startswith("error:"), bad
        assert len(done.stderr.strip().splitlines()) == 1 and not path.exists()
    done = install("--client", "python")
    assert done.exit_code == 0, done.stderr
    prompt = json.loads(done.stdout)["result"]["handlers"]["UserPromptSubmit"]["command"]
    assert "/remem/integrations/hook_fast.py" in prompt and " -I -S " in prompt
    if bash_client():
        done = install("--client", "bash")
        assert done.exit_code == 0, done.stderr
        prompt = json.loads(done.stdout)["result"]["handlers"]["UserPromptSubmit"]["command"]
        assert " -p " in prompt and "/remem/integrations/hook_fast.sh" in prompt
        settings = json.loads(path.read_text("utf-8"))
        assert len(settings["hooks"]["UserPromptSubmit"]) == 1  # replaced, not added


def test_install_says_when_the_server_extra_is_missing(tmp_path: Path) -> None:
    """Without fastapi/uvicorn the hooks answer in a process each (~2-3 s): said once,
    on stderr, naming the extra; with them, nothing is said."""
    path = tmp_path / "settings.json"
    code = (
        "import sys; sys.modules['uvicorn'] = None\n"  # as if the extra were not installed
        "from remem.cli import main; sys.argv = ['remem', 'hooks', 'install', 'claude-code',"
        f" '--settings', {str(path)!r}]; main()\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "server extra" in done.stderr and "'.[server]'" in done.stderr
    again = CliRunner().invoke(app, ["hooks", "install", "claude-code", "--settings", str(path)])
    assert again.exit_code == 0 and "server extra" not in again.output
