"""Recorded Claude Code hook payloads of every event (the shapes Claude Code's hooks
reference documents), filled in with a temp project and transcript."""

from __future__ import annotations

import functools
import json
import os
from pathlib import Path
from typing import Any

PAYLOADS = Path(__file__).parent / "payloads"


class Recorded:
    """The recorded payloads, with ``{cwd}`` / ``{transcript}`` set for one test."""

    def __init__(self, root: Path) -> None:
        self.cwd = root / "atlas"
        (self.cwd / ".git").mkdir(parents=True)
        self.transcript = root / "claude" / "session1.jsonl"
        self.transcript2 = root / "claude" / "session2.jsonl"
        self.transcript.parent.mkdir(parents=True)
        self.transcript.write_text(self.fill(PAYLOADS / "transcript_session1.jsonl"), "utf-8")

    def fill(self, path: Path) -> str:
        return (
            path.read_text("utf-8")
            .replace("{cwd}", str(self.cwd))
            .replace("{transcript2}", str(self.transcript2))
            .replace("{transcript}", str(self.transcript))
        )

    def text(self, name: str) -> str:
        """The payload ``name`` as Claude Code would send it."""
        return self.fill(PAYLOADS / f"{name}.json")

    def __getitem__(self, name: str) -> dict[str, Any]:
        data = json.loads(self.text(name))
        assert isinstance(data, dict)
        return data


def every_payload() -> list[str]:
    return sorted(p.stem for p in PAYLOADS.glob("*.json"))


@functools.cache
def bash_client() -> bool:
    """Whether this machine has the bash hook client's bash (4 or later, on the PATH)."""
    from remem.errors import UserError
    from remem.integrations.claude_settings import hook_program

    try:
        hook_program(client="bash")
    except UserError:
        return False
    return True


def service_env(root: Path) -> dict[str, str]:
    """The environment of hook and service processes in a test: a home and a remem
    home under ``root``, the fake embedder, no service started by a hook."""
    return {
        **os.environ,
        "HOME": str(root / "user-home"),
        "REMEM_HOME": str(root / "rh"),
        "REMEM_EMBEDDER": "fake",
        "REMEM_DEFAULT_USER_ID": "maya",
        "REMEM_HOOKS_AUTOSTART_SERVICE": "false",
    }


# A stand-in for the Python interpreter the bash client hands a hook to: it records
# its arguments and stdin ($RECORD.args, $RECORD.stdin; the stdin file appears whole,
# so a test may wait for it when the hand-over runs in the background).
RECORDER = """#!/bin/sh
cat > "$RECORD.stdin.tmp"
printf '%s\\n' "$@" > "$RECORD.args"
mv "$RECORD.stdin.tmp" "$RECORD.stdin"
echo handed-over
"""


def fake_python(folder: Path) -> Path:
    """The recorder, written as an executable in ``folder``."""
    path = folder / "fake-python"
    path.write_text(RECORDER, "ascii")
    path.chmod(0o755)
    return path
