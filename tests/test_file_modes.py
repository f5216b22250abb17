"""Everything remem writes is its user's alone: files 0600, folders 0700, whatever
the umask — the store, its WAL and SHM, the BM25 and HNSW caches, MEMORY.md, an
export, a health chart, the local token and the hook port file, the hook log.

Each scenario runs in a real process with the umask set (a umask is per process:
the test's own stays as it was)."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from remem.cli import app

SCENARIO = r"""
import json, os, sys
from datetime import datetime, timezone
from pathlib import Path

from remem import Memory
from remem.config import Config
from remem.integrations import runner
from remem.lifecycle import memory_md, report
from remem.server import local
from remem.store import lexical_file
from remem.store.lexical import LexicalIndex
from remem.store.lexical_file import lexical_path


def scenario(root):
    home = root / "a" / "home"
    config = Config(home=home, embedder="fake", ann_threshold=50)
    modes = {}
    with Memory(config=config) as mem:
        added = mem.add(
            [{"role": "user", "content": f"note {i} about item{i}"} for i in range(80)],
            user_id="u",
            infer=False,
        )
        mem.search("item3", user_id="u")  # builds (and saves) the HNSW graph
        # the BM25 index is saved from 5,000 memories on; the writer itself, on a small one
        index = LexicalIndex()
        index.append([(1, "u", None, None, True, "note one")])
        sample = lambda seqs: [(1, "u", None, None, "note one")]
        lexical_file.save(index, lexical_path(str(config.database)), epoch="e", read_sample=sample)
        for side in ("-wal", "-shm"):
            p = Path(str(config.database) + side)
            modes[p.name] = oct(os.stat(p).st_mode & 0o777)
        memory_md.write_all([added[0]], config)
        mem.export_to(root / "a" / "export" / "all")
        health = report.health(mem.store, config, datetime.now(timezone.utc), runs=1)
        report.chart(health, home / "reports" / "health.png")
    local.ensure_token(config.token_path)
    local.write_port_file(local.port_file(config.socket_path), 1, local.new_token())
    with runner.hook_log(home) as log:
        log.write(b"a line\n")
    return modes


modes = {}
for umask in sys.argv[2:]:
    os.umask(int(umask, 8))
    modes[umask] = scenario(Path(sys.argv[1]) / umask)
print(json.dumps(modes))
"""


def test_every_file_is_0600_and_every_folder_0700(tmp_path: Path) -> None:
    umasks = ("022", "000")
    done = subprocess.run(
        [sys.executable, "-c", SCENARIO, str(tmp_path), *umasks],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    while_open = json.loads(done.stdout.strip().splitlines()[-1])
    for umask in umasks:
        assert while_open[umask] == {"remem.db-wal": "0o600", "remem.db-shm": "0o600"}
        made = tmp_path / umask
        files = {p.relative_to(made).as_posix(): p for p in made.rglob("*")}
        expected = [
            "a/home/remem.db",
            "a/home/remem.db.bm25",
            "a/home/MEMORY.md",
            "a/home/serve.token",
            "a/home/remem.sock.port",
            "a/home/hooks.log",
            "a/home/reports/health.png",
            "a/export/all/manifest.json",
            "a/export/all/resources.jsonl",
        ]
        missing = [name for name in expected if name not in files]
        assert not missing, sorted(files)
        assert any(n.startswith("a/home/remem.db.hnsw-") for n in files), sorted(files)
        loose = {
            name: oct(stat.S_IMODE(p.lstat().st_mode))
            for name, p in files.items()
            if stat.S_IMODE(p.lstat().st_mode) != (0o700 if p.is_dir() else 0o600)
        }
        assert loose == {}, umask
        assert stat.S_IMODE(made.stat().st_mode) == 0o700  # the first folder remem made


def test_doctor_warns_on_a_store_others_can_read(tmp_path: Path) -> None:
    home = tmp_path / "home"
    env = {"REMEM_HOME": str(home), "REMEM_EMBEDDER": "fake"}
    runner = CliRunner()
    assert runner.invoke(app, ["add", "--user", "u", "a note"], env=env).exit_code == 0
    done = runner.invoke(app, ["doctor", "--json"], env=env)
    assert done.exit_code == 0, done.output
    assert {c["check"]: c["ok"] for c in json.loads(done.output)["result"]["checks"]}["permissions"]
    os.chmod(home, 0o755)
    os.chmod(home / "remem.db", 0o644)
    done = runner.invoke(app, ["doctor", "--json"], env=env)
    assert done.exit_code == 1
    found = {c["check"]: c for c in json.loads(done.output)["result"]["checks"]}["permissions"]
    assert not found["ok"]
    assert "chmod" in found["detail"]
    db = home / "remem.db"  # its -wal and -shm, made while doctor reads, take its mode
    assert sorted(found["items"]) == sorted(
        [f"{home} (0755)", f"{db} (0644)", f"{db}-wal (0644)", f"{db}-shm (0644)"]
    )
    text = runner.invoke(app, ["doctor"], env=env).output
    assert "permissions" in text and "remem.db (0644)" in text


def test_doctor_warns_on_start_blocks_others_can_read(tmp_path: Path) -> None:
    """The session-start blocks hold memories' text: a block folder or file left
    readable (an older remem, a hand copy) is reported like the store."""
    home = tmp_path / "home"
    env = {"REMEM_HOME": str(home), "REMEM_EMBEDDER": "fake"}
    runner = CliRunner()
    assert runner.invoke(app, ["add", "--user", "u", "a note"], env=env).exit_code == 0
    blocks = home / "start-blocks"
    blocks.mkdir(mode=0o755)
    os.chmod(blocks, 0o755)
    block = blocks / "%2Fsrv%2Fatlas"
    block.write_text("remem-start-block 1\n", "utf-8")
    os.chmod(block, 0o644)
    done = runner.invoke(app, ["doctor", "--json"], env=env)
    assert done.exit_code == 1, done.output
    found = {c["check"]: c for c in json.loads(done.output)["result"]["checks"]}["permissions"]
    assert sorted(found["items"]) == sorted([f"{blocks} (0755)", f"{block} (0644)"])
