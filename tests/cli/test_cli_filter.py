"""`remem list` and `remem search` take --filter JSON (the Python API's filter
language); a bad filter is one `error:` line, exit 2."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from remem.cli import app


def test_filter_option_on_list_and_search(tmp_path: Path) -> None:
    runner = CliRunner()
    env = {"REMEM_HOME": str(tmp_path / "home"), "REMEM_EMBEDDER": "fake", "COLUMNS": "200"}

    def run(*args: str) -> tuple[int, str, str]:
        result = runner.invoke(app, list(args), env=env)
        return result.exit_code, result.stdout, result.stderr

    assert run("add", "Aaron drives a WRX", "--user", "u", "--category", "vehicle")[0] == 0
    assert run("add", "Aaron likes dark mode", "--user", "u", "--category", "preference")[0] == 0
    code, out, _ = run("list", "--user", "u", "--filter", '{"category": "vehicle"}', "--json")
    assert code == 0 and [i["content"] for i in json.loads(out)["result"]["items"]] == [
        "Aaron drives a WRX"
    ]
    both = '{"OR": [{"category": "vehicle"}, {"category": "preference"}]}'
    code, out, _ = run(
        "list", "--user", "u", "--filter", both, "--category", "preference", "--json"
    )
    assert code == 0 and [i["content"] for i in json.loads(out)["result"]["items"]] == [
        "Aaron likes dark mode"
    ]
    code, out, _ = run("list", "--user", "u", "--filter", '{"status": "active"}', "--json")
    assert code == 0 and json.loads(out)["result"]["total"] == 2
    code, out, _ = run(
        "search", "Aaron", "--user", "u", "--filter", '{"category": "vehicle"}', "--json"
    )
    assert code == 0 and [h["content"] for h in json.loads(out)["result"]] == ["Aaron drives a WRX"]
    for bad, says in (
        ("{category: vehicle}", "--filter is not JSON"),
        ('["category"]', "must be a JSON object"),
        ('{"colour": "red"}', "unknown filter key 'colour'"),
        ('{"category": {"gt": 1}}', "'gt' does not apply"),
    ):
        for command in (("list",), ("search", "Aaron")):
            code, out, err = run(*command, "--user", "u", "--filter", bad)
            assert code == 2 and err.count("error:") == 1 and says in err, (bad, err)
