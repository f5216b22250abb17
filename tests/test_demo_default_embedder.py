"""`remem demo` end to end with the default embedder (the bundled ONNX MiniLM)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from remem.cli import app
from remem.demo import load_sample

pytestmark = pytest.mark.slow


def test_demo_with_default_embedder(tmp_path: Path) -> None:
    pytest.importorskip("onnxruntime")
    db = tmp_path / "demo.db"
    result = CliRunner().invoke(
        app,
        ["demo", "--db", str(db)],
        env={"REMEM_HOME": str(tmp_path / "home"), "COLUMNS": "200"},
    )
    assert result.exit_code == 0, (result.stdout, result.stderr)
    assert "embedder: onnx-minilm" in result.stdout
    for question in load_sample()["questions"]:
        assert f"Q: {question}" in result.stdout
    assert result.stdout.count("why: ") >= 3
    assert "late #" in result.stdout  # MiniLM adds the late-interaction source
    answers = _answers(result.stdout)
    assert any("PostgreSQL" in line for line in answers["Which database"])
    assert any("vegetarian" in line for line in answers["What should I keep in mind"])
    assert any("Denver" in line for line in answers["Where does"])  # the superseding fact
    assert not any("Boston" in line for line in answers["Where does"])  # superseded: hidden


def _answers(stdout: str) -> dict[str, list[str]]:
    """The ranked answer lines under each question, keyed by the question's start."""
    out: dict[str, list[str]] = {}
    current: list[str] = []
    for line in stdout.splitlines():
        if line.startswith("Q: "):
            question = line[3:]
            current = []
            for start in ("Which database", "What should I keep in mind", "Where does"):
                if question.startswith(start):
                    current = out.setdefault(start, [])
        elif line.strip()[:2] in {"1.", "2.", "3."}:
            current.append(line)
    return out
