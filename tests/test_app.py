"""The composition root (remem/app.py): the default scope every surface shares —
the OS user and the project of the working directory, configurable — and the
Memory / MemoryAgent it builds."""

from __future__ import annotations

from pathlib import Path

import pytest

from remem.app import (
    agent_for,
    default_scope,
    load_config,
    open_agent,
    open_memory,
    project_name,
    resolve_scope,
)
from remem.config import Config
from remem.errors import UserError
from remem.model import Scope

ENV = {"LOGNAME": "maya"}


def test_the_project_is_the_git_top_level_directory(tmp_path: Path) -> None:
    repo = tmp_path / "atlas"
    (repo / ".git").mkdir(parents=True)
    deep = repo / "src" / "pkg"
    deep.mkdir(parents=True)
    assert project_name(deep, home=tmp_path / "nohome") == "atlas"
    assert project_name(repo, home=tmp_path / "nohome") == "atlas"


def test_a_worktree_counts_and_no_repository_means_the_folder(tmp_path: Path) -> None:
    tree = tmp_path / "feature-x"
    tree.mkdir()
    (tree / ".git").write_text("gitdir: /elsewhere\n")  # a worktree's .git is a file
    assert project_name(tree, home=tmp_path / "nohome") == "feature-x"
    plain = tmp_path / "notes"
    plain.mkdir()
    assert project_name(plain, home=tmp_path / "nohome") == "notes"


def test_home_and_root_are_no_project(tmp_path: Path) -> None:
    home = tmp_path / "maya"
    (home / ".git").mkdir(parents=True)  # a dotfiles repository is not every project
    (home / "notes").mkdir()
    assert project_name(home, home=home) is None
    assert project_name(home / "notes", home=home) == "notes"
    assert project_name(Path("/"), home=home) is None
    assert project_name(tmp_path / "gone", home=home) == "gone"  # resolves without existing


def test_default_scope_is_the_os_user_and_the_project(tmp_path: Path) -> None:
    project = tmp_path / "atlas"
    project.mkdir()
    config = Config(home=tmp_path / "home", embedder="fake")
    assert default_scope(config, cwd=project, environ=ENV) == Scope(
        user_id="maya", namespace="atlas"
    )
    per_user = config.model_copy(update={"scope_mode": "user"})
    assert default_scope(per_user, cwd=project, environ=ENV) == Scope(user_id="maya")
    fixed = config.model_copy(
        update={"default_user_id": "ops", "default_agent_id": "coder", "default_namespace": "infra"}
    )
    assert default_scope(fixed, cwd=project, environ=ENV) == Scope(
        user_id="ops", agent_id="coder", namespace="infra"
    )


def test_default_scope_comes_from_the_layered_config(tmp_path: Path) -> None:
    (tmp_path / "remem.toml").write_text('[scope]\ndefault_namespace = "shared"\n')
    config = load_config(
        environ={"REMEM_CONFIG": str(tmp_path / "remem.toml"), "REMEM_SCOPE_MODE": "user"},
        db=tmp_path / "x.db",
    )
    assert config.database == tmp_path / "x.db"
    assert default_scope(config, cwd=tmp_path, environ=ENV) == Scope(
        user_id="maya", namespace="shared"
    )


def test_an_unusable_default_is_refused_with_the_fix(tmp_path: Path) -> None:
    bad = Config(home=tmp_path, embedder="fake", default_user_id="a\tb")
    with pytest.raises(UserError, match=r"default scope is not usable.*REMEM_DEFAULT_USER_ID"):
        default_scope(bad, cwd=tmp_path, environ=ENV)
    secret = Config(
        home=tmp_path, embedder="fake", default_namespace="sk-" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4"
    )
    with pytest.raises(UserError, match="credential"):
        default_scope(secret, cwd=tmp_path, environ=ENV)


def test_an_explicit_scope_replaces_the_default_whole(tmp_path: Path) -> None:
    config = Config(home=tmp_path, embedder="fake")
    assert resolve_scope(config, agent_id="coder", cwd=tmp_path, environ=ENV) == Scope(
        agent_id="coder"
    )
    assert resolve_scope(config, cwd=tmp_path, environ=ENV) == default_scope(
        config, cwd=tmp_path, environ=ENV
    )


def test_what_one_surface_stores_another_recalls(tmp_path: Path, config: Config) -> None:
    project = tmp_path / "atlas"
    project.mkdir()
    other = tmp_path / "billing"
    other.mkdir()
    with open_agent(config, cwd=project) as agent:
        assert agent.scope.namespace == "atlas"
        agent.mem.remember("Remember that the staging database is atlas-db-2", **_kw(agent.scope))
    with open_agent(config, cwd=project) as agent:  # another process, same project
        assert any("atlas-db-2" in f.content for f in agent.query("staging database"))
    with open_agent(config, cwd=other) as agent:  # another project: another scope
        assert not any("atlas-db-2" in f.content for f in agent.query("staging database"))


def test_agent_for_refuses_an_empty_scope(config: Config) -> None:
    with open_memory(config) as mem, pytest.raises(UserError, match="scope is required"):
        agent_for(mem, Scope())


def _kw(scope: Scope) -> dict[str, str | None]:
    return {"user_id": scope.user_id, "agent_id": scope.agent_id, "namespace": scope.namespace}
