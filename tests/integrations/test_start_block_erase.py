"""Erase reaches the session-start blocks prepared ahead (``$REMEM_HOME/start-blocks``):
a block is the text the next session of a project would start with — its memories,
lessons and rules — so after ``erase`` (a subject) or ``erase_memory`` (one memory)
no block holds what was erased. (The blocks are stale after any write anyway: the
bash client would not print them; but they are files on disk holding the text.)"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hookdata import service_env

from remem.app import agent_for, default_scope, load_config, open_memory
from remem.integrations.start_block import block_path, prepare
from remem.memory import Memory

MARKER = "quokkafjord"  # only in what the user said


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    found = service_env(tmp_path)
    Path(found["HOME"]).mkdir(parents=True, exist_ok=True)
    return found


@pytest.fixture
def mem(env: dict[str, str]) -> Iterator[Memory]:
    with open_memory(load_config(environ=env)) as memory:
        yield memory


def _project(tmp_path: Path, name: str) -> Path:
    cwd = tmp_path / name
    (cwd / ".git").mkdir(parents=True)
    return cwd


def _home_text(home: Path) -> str:
    return "\n".join(
        p.read_bytes().decode("utf-8", "replace") for p in sorted(home.rglob("*")) if p.is_file()
    )


def _block_with_the_marker(mem: Memory, cwd: Path, env: dict[str, str]) -> tuple[Path, str]:
    scope = default_scope(mem.config, cwd=cwd, environ=env)
    agent = agent_for(mem, scope)
    agent.start_session("s1")
    agent.observe("s1", "user", f"remember that the staging database is {MARKER}-db-2")
    agent.observe("s1", "user", f"I prefer the {MARKER} theme in every editor")
    agent.end_session("s1")
    written = prepare(mem, cwd, environ=env)
    assert written is not None and written == block_path(mem.config.home, str(cwd))
    assert MARKER in written.read_text("utf-8")  # the block shows what was learned
    return written, str(scope.user_id)


def test_erase_leaves_no_start_block_holding_the_subject(
    tmp_path: Path, mem: Memory, env: dict[str, str]
) -> None:
    written, user = _block_with_the_marker(mem, _project(tmp_path, "atlas"), env)
    mem.erase(user_id=user)
    assert MARKER not in _home_text(mem.config.home)
    assert not written.exists() or MARKER not in written.read_text("utf-8")


def test_erasing_one_memory_leaves_no_start_block_holding_it(
    tmp_path: Path, mem: Memory, env: dict[str, str]
) -> None:
    cwd = _project(tmp_path, "atlas")
    written, user = _block_with_the_marker(mem, cwd, env)
    assert written.parent == mem.config.start_blocks_dir
    scope = default_scope(mem.config, cwd=cwd, environ=env)
    for record in mem.list(user_id=user, namespace=scope.namespace).items:
        if MARKER in record.content:
            mem.erase_memory(record.id, user_id=user, namespace=scope.namespace)
    assert MARKER not in _home_text(mem.config.start_blocks_dir)
    assert not written.exists() or MARKER not in written.read_text("utf-8")
