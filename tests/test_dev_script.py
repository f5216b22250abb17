"""dev.py, the fresh clone's bootstrap: where ``python3 dev.py test`` puts the
tests' temp folders (RAM when there is room, else pytest's default)."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def dev(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location("remem_dev_script", ROOT / "dev.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(module, "RAM_DIR", tmp_path)  # a folder with room, as a tmpfs has
    monkeypatch.delenv("REMEM_TEST_TMP", raising=False)
    monkeypatch.delenv("TMPDIR", raising=False)
    return module


def test_the_tests_temp_folders_go_in_ram_when_it_has_room(dev: ModuleType, tmp_path: Path) -> None:
    where = dev.ram_basetemp(["-x"])
    assert where is not None and where.parent == tmp_path and not where.exists()
    assert os.environ["TMPDIR"] == str(tmp_path)  # tempfile users (the PostgreSQL server) too


def test_the_default_is_kept_when_asked_given_or_short_of_room(
    dev: ModuleType, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    assert dev.ram_basetemp(["--basetemp", "/elsewhere"]) is None
    assert dev.ram_basetemp(["--basetemp=/elsewhere"]) is None
    monkeypatch.setattr(dev, "RAM_NEEDED", 1 << 62)  # more free bytes than any machine has
    assert dev.ram_basetemp([]) is None
    monkeypatch.setattr(dev, "RAM_NEEDED", 0)
    monkeypatch.setattr(dev, "RAM_DIR", tmp_path / "missing")  # no /dev/shm (macOS)
    assert dev.ram_basetemp([]) is None
    monkeypatch.setattr(dev, "RAM_DIR", tmp_path)
    monkeypatch.setenv("REMEM_TEST_TMP", "disk")
    assert dev.ram_basetemp([]) is None
    assert "TMPDIR" not in os.environ
