"""The hook script's own path and environment handling (it does without ``os``):
the same paths ``os.path`` would give, and the same home the service listens in."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from remem.integrations import hook_client as hook_fast


@pytest.mark.parametrize(
    "path", ["~", "~/", "~/.remem", "~//x", "/abs/home", "rel/home", "~other/x", "a~/b"]
)
@pytest.mark.parametrize("home", ["/home/maya", "/home/maya/", "/"])
def test_home_paths_are_what_os_path_makes(
    path: str, home: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", home)
    expanded = hook_fast._expanduser(path, {"HOME": home})
    assert expanded == os.path.expanduser(path)
    assert hook_fast._join(expanded, "remem.sock") == os.path.join(expanded, "remem.sock")


def test_the_environment_is_read_without_os(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("REMEM_HOME", str(tmp_path / "héme"))
    monkeypatch.delenv("HOME", raising=False)
    assert hook_fast._environ() == {"REMEM_HOME": str(tmp_path / "héme")}
    # no service there: None (the caller takes the full path), nothing raised
    assert hook_fast.ask_service("UserPromptSubmit", b"{}", hook_fast._environ()) is None
