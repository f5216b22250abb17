"""The CLI starts fast: ``--help`` and ``--version`` load neither the engine nor numpy."""

from __future__ import annotations

import subprocess
import sys

from typer.testing import CliRunner

import remem
from remem.cli import app


def test_version_prints_the_package_version() -> None:
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout.strip() == f"remem {remem.__version__}"


def test_help_and_version_do_not_import_the_engine() -> None:
    probe = (
        "import sys\n"
        "from remem.cli import app\n"
        "try:\n"
        "    app(['--version'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "heavy = [m for m in ('numpy', 'pydantic', 'remem.memory', 'onnxruntime', 'fastapi', "
        "'uvicorn') "
        "if m in sys.modules]\n"
        "print('HEAVY=' + ','.join(heavy))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip().splitlines()[-1] == "HEAVY="


def test_lazy_package_attributes_resolve() -> None:
    assert remem.Memory.__name__ == "Memory"
    assert "Memory" in dir(remem)
    try:
        remem.NoSuchThing  # type: ignore[attr-defined]  # noqa: B018
    except AttributeError as exc:
        assert "NoSuchThing" in str(exc)
    else:
        raise AssertionError("an unknown attribute must raise AttributeError")
