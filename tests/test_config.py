"""Config layering: defaults < remem.toml < REMEM_* env, with sources and clear errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from remem.cli import app
from remem.config import Config
from remem.errors import UserError


def _toml(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "remem.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_defaults_when_nothing_is_set(tmp_path: Path) -> None:
    config = Config.load(toml_path=None, environ={"REMEM_HOME": str(tmp_path / "nohome")})
    assert config.rrf_k == 60
    assert config.max_content_bytes == 32 * 1024
    assert config.embedder == "onnx-minilm"
    assert config.source_of("rrf_k") == "default"


def test_toml_overrides_defaults_and_env_overrides_toml(tmp_path: Path) -> None:
    path = _toml(tmp_path, 'rrf_k = 30\nembedder = "hashing"\nbm25_candidates = 7\n')
    config = Config.load(toml_path=path, environ={"REMEM_RRF_K": "15"})
    assert config.rrf_k == 15
    assert config.source_of("rrf_k") == "env REMEM_RRF_K"
    assert config.embedder == "hashing"
    assert config.source_of("embedder") == str(path)
    assert config.bm25_candidates == 7
    assert config.vector_candidates == 50
    assert config.source_of("vector_candidates") == "default"


def test_toml_tables_only_group_keys(tmp_path: Path) -> None:
    path = _toml(tmp_path, "[search]\nrrf_k = 42\n\n[limits]\nmax_content_bytes = 100\n")
    config = Config.load(toml_path=path, environ={})
    assert config.rrf_k == 42
    assert config.max_content_bytes == 100
    assert config.source_of("rrf_k") == str(path)


def test_toml_found_through_remem_config_env(tmp_path: Path) -> None:
    path = tmp_path / "elsewhere.toml"
    path.write_text("rrf_k = 11\n", encoding="utf-8")
    config = Config.load(environ={"REMEM_CONFIG": str(path)})
    assert config.rrf_k == 11
    assert config.source_of("rrf_k") == str(path)


def test_toml_found_in_remem_home(tmp_path: Path) -> None:
    home = tmp_path / "myhome"
    home.mkdir()
    (home / "remem.toml").write_text("rrf_k = 12\n", encoding="utf-8")
    config = Config.load(environ={"REMEM_HOME": str(home)})
    assert config.rrf_k == 12
    assert config.home == home


def test_env_json_list_and_dict(tmp_path: Path) -> None:
    config = Config.load(
        environ={
            "REMEM_CATEGORIES": '["work", "health"]',
            "REMEM_CATEGORY_WEIGHTS": '{"work": 0.2}',
        }
    )
    assert config.categories == ["work", "health"]
    assert config.category_weights == {"work": 0.2}


def test_remem_config_pointing_at_missing_file_errors(tmp_path: Path) -> None:
    missing = tmp_path / "nope.toml"
    with pytest.raises(UserError, match="REMEM_CONFIG"):
        Config.load(environ={"REMEM_CONFIG": str(missing)})


def test_invalid_env_value_names_key_and_source() -> None:
    with pytest.raises(UserError) as info:
        Config.load(environ={"REMEM_RRF_K": "zero"})
    assert "rrf_k" in str(info.value)
    assert "env REMEM_RRF_K" in str(info.value)


def test_invalid_toml_value_names_key_and_file(tmp_path: Path) -> None:
    path = _toml(tmp_path, "[search]\nbm25_candidates = -3\n")
    with pytest.raises(UserError) as info:
        Config.load(toml_path=path, environ={})
    assert "bm25_candidates" in str(info.value)
    assert str(path) in str(info.value)


def test_unknown_toml_key_is_refused(tmp_path: Path) -> None:
    path = _toml(tmp_path, "rrf_kk = 3\n")
    with pytest.raises(UserError, match="rrf_kk"):
        Config.load(toml_path=path, environ={})


def test_unparseable_toml_is_a_user_error(tmp_path: Path) -> None:
    path = _toml(tmp_path, "rrf_k = = 3\n")
    with pytest.raises(UserError, match="cannot read config file"):
        Config.load(toml_path=path, environ={})


def test_secrets_masked_in_shown() -> None:
    config = Config.load(
        environ={"REMEM_OPENAI_API_KEY": "sk-very-secret", "REMEM_LLM_API_KEY": "an-llm-key"}
    )
    assert config.openai_api_key == "sk-very-secret"
    shown = {name: (value, source) for name, value, source in config.shown()}
    assert shown["openai_api_key"] == ("***", "env REMEM_OPENAI_API_KEY")
    assert shown["llm_api_key"][0] == "***"
    assert "sk-very-secret" not in repr(config.shown())
    assert shown["database"][0] == config.database


def test_openai_api_key_from_provider_variable() -> None:
    config = Config.load(environ={"OPENAI_API_KEY": "sk-x"})
    assert config.openai_api_key == "sk-x"
    assert config.source_of("openai_api_key") == "env OPENAI_API_KEY"


def test_database_defaults_under_home(tmp_path: Path) -> None:
    config = Config(home=tmp_path)
    assert config.database == tmp_path / "remem.db"
    config.db_path = tmp_path / "other.db"
    assert config.database == tmp_path / "other.db"


def test_cli_config_show_prints_values_and_sources(tmp_path: Path) -> None:
    path = _toml(tmp_path, "bm25_candidates = 9\n")
    env = {
        "REMEM_CONFIG": str(path),
        "REMEM_RRF_K": "33",
        "REMEM_OPENAI_API_KEY": "sk-hidden-value",
    }
    result = CliRunner().invoke(app, ["config", "show", "--json"], env=env)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)["result"]
    assert data["rrf_k"] == {"value": 33, "source": "env REMEM_RRF_K"}
    assert data["bm25_candidates"] == {"value": 9, "source": str(path)}
    assert data["vector_candidates"]["source"] == "default"
    assert data["openai_api_key"]["value"] == "***"
    assert "sk-hidden-value" not in result.stdout

    table = CliRunner().invoke(app, ["config", "show"], env={**env, "COLUMNS": "250"})
    assert table.exit_code == 0, table.output
    assert "env REMEM_RRF_K" in table.stdout
    assert "sk-hidden-value" not in table.stdout
    row = next(line for line in table.stdout.splitlines() if " rrf_k " in line)
    assert "33" in row


def test_cli_config_show_bad_value_exits_with_error() -> None:
    result = CliRunner().invoke(app, ["config", "show"], env={"REMEM_RRF_K": "-1"})
    assert result.exit_code == 2
    assert "error:" in result.stderr
    assert "rrf_k" in result.stderr
