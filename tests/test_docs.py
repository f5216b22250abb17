"""The docs stay true: every config key and CLI command is documented, and the
quickstart's shell commands run."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from typer.main import get_command
from typer.testing import CliRunner

from remem.cli import app
from remem.config import Config

DOCS = Path(__file__).parents[1] / "docs"


def test_every_config_key_is_documented() -> None:
    text = (DOCS / "config.md").read_text("utf-8")
    documented = set(re.findall(r"`([a-z0-9_]+)`", text))
    missing = sorted(set(Config.model_fields) - documented)
    assert not missing, f"docs/config.md lacks: {missing}"


def _commands(group: object, prefix: str = "") -> list[str]:
    out = []
    for name, cmd in getattr(group, "commands", {}).items():
        full = f"{prefix}{name}"
        out.extend(_commands(cmd, full + " ") if hasattr(cmd, "commands") else [full])
    return out


def test_every_cli_command_is_documented() -> None:
    text = (DOCS / "cli.md").read_text("utf-8")
    missing = [c for c in _commands(get_command(app)) if f"remem {c}" not in text]
    assert not missing, f"docs/cli.md lacks: {missing}"


def test_quickstart_commands_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = (DOCS / "quickstart.md").read_text("utf-8")
    block = text.split("stay true.", 1)[1].split("```bash", 1)[1].split("```", 1)[0]
    commands = [shlex.split(line) for line in block.strip().splitlines()]
    assert len(commands) >= 5
    monkeypatch.chdir(tmp_path)
    env = {"REMEM_HOME": str(tmp_path / "home"), "REMEM_EMBEDDER": "fake", "COLUMNS": "200"}
    runner = CliRunner()
    for argv in commands:
        assert argv[0] == "remem"
        result = runner.invoke(app, argv[1:], env=env)
        assert result.exit_code == 0, (argv, result.stdout, result.stderr)


def test_quickstart_python_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = (DOCS / "quickstart.md").read_text("utf-8")
    code = text.split("```python", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("REMEM_EMBEDDER", "fake")
    exec(compile(code, "quickstart.md", "exec"), {})
    assert (tmp_path / "memory.db").exists()


def test_agent_example_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = (DOCS / "agent.md").read_text("utf-8")
    section = text.split("## A complete example", 1)[1]
    code = section.split("```python", 1)[1].split("```", 1)[0]
    assert "start_session" in code and "end_session" in code and "feedback" in code
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("REMEM_EMBEDDER", "fake")
    exec(compile(code, "agent.md", "exec"), {})
    assert (tmp_path / "agent-demo.db").exists()


def test_agent_parts_example_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = (DOCS / "agent.md").read_text("utf-8")
    section = text.split("These three work on their own", 1)[1]
    code = section.split("```python", 1)[1].split("```", 1)[0]
    assert "Triggers" in code and "Episodes" in code and "Rules" in code
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("REMEM_EMBEDDER", "fake")
    exec(compile(code, "agent.md", "exec"), {})
    assert (tmp_path / "agent-parts.db").exists()


BENCH = Path(__file__).parents[1] / "bench"


def _bench_commands() -> list[tuple[str, list[str]]]:
    """Every ``bench/NAME.py ...`` command quoted in docs/benchmarks.md: the script and
    its flags (a command continued with a trailing backslash is read as one line)."""
    text = (DOCS / "benchmarks.md").read_text().replace("\\\n", " ")
    out = []
    for line in text.splitlines():
        for match in re.finditer(r"bench/(\w+)\.py((?:\s+[^\s`|]+)*)", line):
            flags = re.findall(r"(?<!\S)(--[\w-]+)", match.group(2))
            out.append((match.group(1), flags))
    return out


def test_every_benchmark_is_documented_with_a_command() -> None:
    """Each runnable bench script has its command in docs/benchmarks.md."""
    quoted = {name for name, _ in _bench_commands()}
    runnable = {p.stem for p in BENCH.glob("*.py") if "__main__" in p.read_text()}
    assert runnable, "no benchmark scripts found"
    assert runnable <= quoted, f"not in docs/benchmarks.md: {sorted(runnable - quoted)}"


def test_benchmark_commands_name_real_scripts_and_flags() -> None:
    """A command docs/benchmarks.md quotes names a script that exists and only flags
    its argument parser defines: the documented runs can be run again."""
    commands = _bench_commands()
    assert commands, "docs/benchmarks.md quotes no bench command"
    for name, flags in commands:
        script = BENCH / f"{name}.py"
        assert script.exists(), f"docs/benchmarks.md quotes a missing bench/{name}.py"
        defined = set(re.findall(r"add_argument\(\s*\"(--[\w-]+)\"", script.read_text()))
        unknown = sorted(set(flags) - defined - {"--help"})
        assert not unknown, f"bench/{name}.py has no {unknown} (quoted in docs/benchmarks.md)"


def test_the_rest_docs_key_one_liner_reads_the_key(tmp_path: Path) -> None:
    """docs/rest.md's ``KEY=$(remem keys create ... --json | python3 -c ...)`` run as
    written, in bash, with the installed ``remem``: it must print the key itself."""
    import os
    import subprocess
    import sys

    text = (DOCS / "rest.md").read_text("utf-8")
    line = next(ln for ln in text.splitlines() if ln.startswith("KEY=$(remem keys create"))
    env = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "REMEM_HOME": str(tmp_path / "home"),
        "REMEM_EMBEDDER": "fake",
    }
    done = subprocess.run(
        ["bash", "-c", f'{line}\nprintf "%s" "$KEY"'],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert re.fullmatch(r"remem_[0-9a-f]{12}_[A-Za-z0-9_-]+", done.stdout), done.stdout
