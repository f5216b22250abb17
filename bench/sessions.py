"""Recorded Claude Code sessions replayed through the installed hooks, scored.

    .venv/bin/python bench/sessions.py --split dev [--projects shop-django,...]
        [--corpus bench/data/sessions] [--out bench/results/sessions-dev.json]

For each project of the split (``<corpus>/<split>/*.json``, format in
``bench/data/sessions/README.md``): a fresh home and remem home, ``remem hooks
install claude-code --settings FILE`` (a process), then every event of every
session, in order, through exactly the commands installed for it, as real
processes with the event's JSON on stdin, on a faked clock (``REMEM_CLOCK_FILE``;
:mod:`remem.eval.claude_replay`); the transcript JSONL written as Claude Code
writes it; the local service stopped between sessions (they are days apart). Then
the hooks' answers and the store's active memories are scored
(:mod:`remem.eval.sessions`): recall of facts needed later (from the session start
block and per prompt), stale answers, pollution, corrections shown as lessons at
the next start, rules in the ``PreToolUse`` answer before the matching call,
repeated tasks given the earlier episode's learnings, triggers fired with their
whole subject, tokens injected, hook latency (p50/p95, the first hook of a
session apart). The embedder is the default (the bundled model) unless
``--embedder`` says otherwise. Prints a table and writes the JSON report.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from remem.eval.claude_replay import Replayer
from remem.eval.sessions import ProjectScore, score_project, summarise

HERE = Path(__file__).parent
USER = "dev"


def replay_project(
    path: Path, root: Path, *, embedder: str | None, client: str | None
) -> tuple[ProjectScore, list[list[Any]], list[Any]]:
    project = json.loads(path.read_text("utf-8"))
    env = {"REMEM_DEFAULT_USER_ID": USER}
    if embedder:
        env["REMEM_EMBEDDER"] = embedder
    replayer = Replayer(root, env_extra=env, install_args=("--client", client) if client else ())
    replayer.install()
    # The project's working directory exists, as Claude Code's does (a git checkout),
    # under the replay's root: the recorded path's last part names the project, as
    # there (the scope's namespace); the first hook's prepared block checks it.
    cwd = Path(root, "projects", str(project["cwd"]).lstrip("/"))
    (cwd / ".git").mkdir(parents=True, exist_ok=True)
    runs = []
    try:
        for number, session in enumerate(project["sessions"]):
            runs.append(replayer.session(number, session, cwd=str(cwd)))
    finally:
        replayer.stop_service()
    memories = active_memories(replayer, str(cwd))
    from remem.read.tokens import default_counter

    counter = default_counter()
    score = score_project(project, runs, memories, count_tokens=counter.count)
    return score, runs, memories


def active_memories(replayer: Replayer, cwd: str) -> list[Any]:
    from remem.app import default_scope, load_config
    from remem.memory import Memory
    from remem.store.base import ListFilter

    config = load_config(environ=replayer.env)
    scope = default_scope(config, cwd=Path(cwd), environ=replayer.env)
    out: list[Any] = []
    with Memory(config=config) as mem:
        offset = 0
        while True:
            page = mem.list(
                user_id=scope.user_id,
                agent_id=scope.agent_id,
                namespace=scope.namespace,
                filters=ListFilter(statuses=("active",)),
                offset=offset,
                limit=500,
            )
            out.extend(page.items)
            offset += len(page.items)
            if not page.items or offset >= page.total:
                return out


def dump(path: Path, runs: list[list[Any]], memories: list[Any]) -> None:
    """Every hook run of a project, one JSON line each (what it answered, how fast),
    and beside it (``<project>.memories.jsonl``) the store's active memories at the end
    (what was kept, of which kind, from which turn's role and resource)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as out:
        for session in runs:
            for run in session:
                if run.ran:
                    fields = ("session", "index", "hook", "ms", "first", "context", "stderr")
                    out.write(json.dumps({k: getattr(run, k) for k in fields}) + "\n")
    kept = path.with_suffix(".memories.jsonl")
    with kept.open("w", encoding="utf-8") as out:
        for memory in memories:
            fields = ("id", "kind", "content", "role", "category", "session_id", "created_at")
            row = {k: str(getattr(memory, k)) for k in fields}
            row["data"] = memory.data
            row["resource"] = memory.source_resource_id
            out.write(json.dumps(row, default=str) + "\n")


def table(summary: dict[str, Any], split: str) -> str:
    lat = summary["latency_ms"]
    rows = [
        ("recall (start or prompt)", summary["recall"], ">= .85"),
        ("  from session start", summary["recall_from_start"], ""),
        ("  from the prompt's hook", summary["recall_from_prompt"], ""),
        ("stale answers", f"{summary['stale']} of {summary['stale_checked']}", "0"),
        (
            "pollution",
            f"{summary['pollution']} ({summary['polluted']} of {summary['memories']})",
            "<= .03",
        ),
        ("lessons shown at next start", summary["lessons"], ">= .80"),
        ("rules before the tool call", summary["rules"], ">= .80"),
        ("repeated tasks given the episode", summary["episodes"], ">= .80"),
        (
            "triggers fired / whole subject",
            f"{summary['triggers_fired']} / {summary['triggers_whole']} of "
            f"{summary['triggers_total']}",
            "all",
        ),
        ("tokens injected (per hook run)", summary["tokens_per_hook"], ""),
        ("first hook p50 / p95 ms", f"{lat['first']['p50']} / {lat['first']['p95']}", "p95 <= 300"),
        ("later hooks p50 / p95 ms", f"{lat['later']['p50']} / {lat['later']['p95']}", ""),
    ]
    lines = [f"| {split} | value | target |", "|---|---|---|"]
    lines += [f"| {name} | {value} | {target} |" for name, value, target in rows]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--split", default="dev")
    parser.add_argument("--corpus", type=Path, default=HERE / "data" / "sessions")
    parser.add_argument("--projects", default="", help="comma-separated project names")
    parser.add_argument("--embedder", default=None, help="e.g. fake (default: the bundled one)")
    parser.add_argument("--client", default=None, help="the hooks' client (default: auto)")
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--keep", type=Path, default=None, help="keep each project's files here")
    parser.add_argument("--verbose", action="store_true", help="print misses and pollution")
    parser.add_argument(
        "--dump", type=Path, default=None, help="write every hook's answer here (JSONL a project)"
    )
    args = parser.parse_args(argv)
    folder = args.corpus / args.split
    paths = sorted(folder.glob("*.json"))
    wanted = {p for p in args.projects.split(",") if p}
    if wanted:
        paths = [p for p in paths if p.stem in wanted]
    if not paths:
        print(f"no projects in {folder}", file=sys.stderr)
        return 2
    scores = []
    started = time.monotonic()
    for path in paths:
        root = Path(tempfile.mkdtemp(prefix=f"remem-sessions-{path.stem}-"))
        try:
            score, runs, kept = replay_project(
                path, root, embedder=args.embedder, client=args.client
            )
            if args.dump:
                dump(args.dump / f"{path.stem}.jsonl", runs, kept)
        finally:
            if args.keep:
                target = args.keep / path.stem
                shutil.rmtree(target, ignore_errors=True)
                shutil.copytree(root, target, symlinks=True, ignore_dangling_symlinks=True)
            shutil.rmtree(root, ignore_errors=True)
        scores.append(score)
        one = summarise([score])
        print(
            f"{path.stem}: recall {one['recall']} stale {one['stale']} pollution "
            f"{one['pollution']} lessons {one['lessons']} rules {one['rules']} episodes "
            f"{one['episodes']} triggers {one['triggers_whole']}/{one['triggers_total']}",
            flush=True,
        )
        if args.verbose:
            for miss in score.misses:
                print("   miss:", miss)
            for item in score.polluting:
                print("   polluting:", item)
    summary = summarise(scores)
    summary["split"] = args.split
    summary["seconds"] = round(time.monotonic() - started, 1)
    print(table(summary, args.split))
    out = args.out or HERE / "results" / f"sessions-{args.split}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    report = {
        "summary": summary,
        "projects": [
            {**summarise([s]), "project": s.project, "misses": s.misses, "polluting": s.polluting}
            for s in scores
        ],
    }
    out.write_text(json.dumps(report, indent=1) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
