"""A session started in one real process, continued in others, ended in another —
without any LLM and with the shipped scripted LLM — as Claude Code hooks would run
it (each hook its own short process). Nothing is shared but the store file.

Each call is a child forked from one process that imported remem once (``Forks``):
its own process, but without Python's and remem's start-up each time (the start-up
itself is tests/cli/test_cli_startup.py's and tests/integrations' concern); the test
of two processes at once starts real interpreters."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from remem.agent import MemoryAgent
from remem.config import Config
from remem.memory import Memory
from remem.model import Kind, Scope

# One agent call in a fresh process. argv: db, home, llm mode ("none" or "scripted"),
# the call as JSON {"op": ..., "args": {...}}. Prints the result's to_dict() as JSON.
WORKER = r"""
import json, sys
from datetime import datetime
from pathlib import Path
from remem import Config, Memory, MemoryAgent

db, home, llm, call = sys.argv[1], sys.argv[2], sys.argv[3], json.loads(sys.argv[4])
extra = {}
if llm == "scripted":
    from remem.providers.fake import ScriptedLLM
    from remem.providers.registry import register_llm
    script = ScriptedLLM(call.get("replies", []))
    register_llm("scripted", lambda config: script)
    extra = {"llm_provider": "scripted", "extractor": "llm"}
config = Config(home=Path(home), embedder="fake", **extra)
args = dict(call["args"])
if "now" in args:
    args["now"] = datetime.fromisoformat(args["now"])
with Memory(db, config=config) as mem:
    agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
    result = getattr(agent, call["op"])(*call.get("pos", []), **args)
from remem.agent.results import to_plain
out = to_plain(result)
print(json.dumps({"result": out, "llm_calls": len(script.calls) if llm == "scripted" else 0}))
"""

# A process that has imported remem once and forks one child per call: each call is its
# own process (own pid, connections and memory, given the caller's environment and cwd),
# as a hook is, without paying Python's and remem's import again each time (~1.3 s of
# CPU a process on this suite's machine). The child runs WORKER as `python -c` would,
# with the exit handlers a process runs at its end. One JSON request a line on stdin:
# [argv, env, cwd, out_path]; the answer a line: the child's exit code.
ZYGOTE = r"""
import atexit, json, os, sys, traceback
import remem, remem.agent.results, remem.providers.fake, remem.providers.registry
worker = sys.argv[1]
for line in sys.stdin:
    argv, env, cwd, out = json.loads(line)
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            os.environ.clear()
            os.environ.update(env)
            os.chdir(cwd)
            for fd, path in ((1, out + ".out"), (2, out + ".err")):
                os.dup2(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), fd)
            sys.argv = ["-c", *argv]
            try:
                exec(compile(worker, "<string>", "exec"), {"__name__": "__main__"})
                code = 0
            except SystemExit as stop:
                code = stop.code if isinstance(stop.code, int) else 1
            atexit._run_exitfuncs()
        except BaseException:
            traceback.print_exc()
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    print(os.waitstatus_to_exitcode(status), flush=True)
"""

EXTRACTED = json.dumps(
    {
        "facts": [
            {
                "content": "Maya moved the deploy worker pool to atlas node 7.",
                "category": "work",
                "importance": 0.7,
                "tier": "standard",
                "strength": "explicit",
                "message_index": 0,
            },
            {
                "content": "The team retro moved to Thursday afternoon.",
                "category": "work",
                "importance": 0.6,
                "tier": "standard",
                "strength": "explicit",
                "message_index": 1,
            },
        ]
    }
)


class Forks:
    """The zygote process and a counter for its children's output files."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", ZYGOTE, WORKER],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.calls = 0

    def run(self, argv: list[str], cwd: Path) -> tuple[int, str, str]:
        """One call in a child process: its exit code, stdout and stderr."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.calls += 1
        out = cwd / f"call-{self.calls}"
        request = [argv, dict(os.environ), str(Path.cwd()), str(out)]
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        ready, _, _ = select.select([self.proc.stdout], [], [], 120)
        assert ready, "the call did not end within 120 s"
        code = int(self.proc.stdout.readline())
        return code, out.with_suffix(".out").read_text(), out.with_suffix(".err").read_text()

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()  # the zygote's loop ends
        self.proc.wait(timeout=60)
        assert self.proc.stdout is not None
        self.proc.stdout.close()


@pytest.fixture(scope="module")
def forks() -> Iterator[Forks]:
    made = Forks()
    try:
        yield made
    finally:
        made.close()


def _call(
    forks: Forks, tmp_path: Path, llm: str, op: str, *pos: Any, replies: list[str] = (), **args: Any
) -> Any:  # type: ignore[assignment]
    payload = json.dumps({"op": op, "pos": list(pos), "args": args, "replies": list(replies)})
    argv = [str(tmp_path / "agent.db"), str(tmp_path / "home"), llm, payload]
    code, stdout, stderr = forks.run(argv, tmp_path)
    assert code == 0, stderr
    return json.loads(stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("llm", ["none", "scripted"])
def test_a_session_across_processes(forks: Forks, tmp_path: Path, llm: str) -> None:
    t = lambda minutes: f"2025-03-03T09:{minutes:02d}:00+00:00"  # noqa: E731
    lesson_reply = [json.dumps({"lesson": "User prefers pnpm over npm.", "shape": "preference"})]
    lesson = _call(
        forks, tmp_path, llm, "correct", "No, use pnpm not npm", now=t(0), replies=lesson_reply
    )
    assert lesson["result"]["text"] == "User prefers pnpm over npm."
    assert lesson["result"]["generator"] == ("llm" if llm == "scripted" else "rules")
    with Memory(
        tmp_path / "agent.db", config=Config(home=tmp_path / "home", embedder="fake")
    ) as mem:
        fact = mem.add("The atlas cluster runs Kubernetes 1.29", user_id="maya", agent_id="coder")[
            0
        ]

    start = _call(
        forks, tmp_path, llm, "start_session", "s1", opening="upgrade the atlas cluster", now=t(1)
    )
    text = start["result"]["context"]["text"]
    assert "## Lessons\n- User prefers pnpm over npm." in text and "Kubernetes 1.29" in text

    said = "Remember that the staging database is called atlas-db-2"
    obs = _call(forks, tmp_path, llm, "observe", "s1", "user", said, now=t(2))
    assert obs["result"]["turn"] == 1 and obs["result"]["remembered"]
    moved = "I moved the deploy worker pool to atlas node 7 this morning"
    obs = _call(forks, tmp_path, llm, "observe", "s1", "user", moved, now=t(3))
    assert obs["result"]["turn"] == 2 and obs["result"]["working_item"]
    item = obs["result"]["working_item"]

    retro = "By the way the team retro moved to Thursday afternoon"
    assert (
        _call(forks, tmp_path, llm, "observe", "s1", "user", retro, now=t(3))["result"]["turn"] == 3
    )

    # feedback from yet another process judges what the first one injected
    answer = "The atlas cluster runs Kubernetes 1.29, so we upgrade to 1.30 next."
    fb = _call(forks, tmp_path, llm, "feedback", "s1", answer, now=t(4))
    assert fb["result"]["used"] == [fact.id]

    # two recalls in two processes surface the working item twice: promoted
    for minute in (5, 6):
        recall = _call(
            forks, tmp_path, llm, "recall", "s1", "deploy worker pool atlas node", now=t(minute)
        )
        assert "## Working memory" in recall["result"]["text"]

    end = _call(
        forks,
        tmp_path,
        llm,
        "end_session",
        "s1",
        now=t(30),
        replies=[EXTRACTED, EXTRACTED, EXTRACTED],
    )
    result = end["result"]
    assert result["turns"] == 3 and result["extracted_turns"] == 3
    assert [
        c for c in ("embed_calls", "db_statements", "injected_tokens") if not result["cost"][c]
    ] == []
    if llm == "scripted":  # the LLM extractor read the turns: its fact is stored
        assert end["llm_calls"] >= 1 and result["cost"]["llm_tokens"] > 0
        assert "The team retro moved to Thursday afternoon." in stored_contents(tmp_path, result)

    with Memory(
        tmp_path / "agent.db", config=Config(home=tmp_path / "home", embedder="fake")
    ) as mem:
        agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
        state = agent.session("s1")
        assert state.ended_at is not None and state.flushed_turns == 3
        assert mem.get(fact.id, user_id="maya").retrieval_priority == pytest.approx(0.1)
        promoted = agent.working.get(item).promoted_to
        assert promoted and "atlas node 7" in mem.get(promoted, user_id="maya").content
        contents = [m.content for m in mem.list(user_id="maya", limit=100).items]
        assert any("atlas-db-2" in c for c in contents)
        assert [m.kind for m in mem.list(user_id="maya", limit=100).items].count(Kind.LESSON) == 1
        ops = [c.op for c in mem.store.session_costs("s1", agent.scope)]
        assert ops == [
            "start",
            "observe",
            "observe",
            "observe",
            "feedback",
            "recall",
            "recall",
            "end",
        ]


def stored_contents(tmp_path: Path, result: dict[str, Any]) -> list[str]:
    config = Config(home=tmp_path / "home", embedder="fake")
    with Memory(tmp_path / "agent.db", config=config) as mem:
        return [m.content for m in mem.store.get_memories(result["stored"], Scope(user_id="maya"))]


def test_two_processes_observing_at_once_never_share_a_turn(tmp_path: Path) -> None:
    config = Config(home=tmp_path / "home", embedder="fake")
    with Memory(tmp_path / "agent.db", config=config) as mem:
        MemoryAgent(mem, user_id="maya", agent_id="coder").start_session("s1")
    payloads = [
        json.dumps(
            {"op": "observe", "pos": ["s1", "user", f"message number {i} from a hook"], "args": {}}
        )
        for i in range(6)
    ]
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                "-c",
                WORKER,
                str(tmp_path / "agent.db"),
                str(tmp_path / "home"),
                "none",
                p,
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for p in payloads
    ]
    turns = []
    for proc in procs:
        stdout, stderr = proc.communicate(timeout=120)
        assert proc.returncode == 0, stderr
        turns.append(json.loads(stdout.strip().splitlines()[-1])["result"]["turn"])
    assert sorted(turns) == [1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize("llm", ["none", "scripted"])
def test_reminders_rules_and_episodes_across_processes(
    forks: Forks, tmp_path: Path, llm: str
) -> None:
    day = lambda n, h=9: f"2026-01-{14 + n:02d}T{h:02d}:00:00+00:00"  # noqa: E731
    said = [
        "Use pnpm instead of npm in this repository",
        "No, don't run npm install here, use pnpm install",
        "Again: I want pnpm, not npm, for installing packages",
    ]
    for n in range(5):  # each call its own process, as hooks run
        start = _call(
            forks, tmp_path, llm, "start_session", f"s{n}", opening="install deps", now=day(n)
        )
        if n == 2:  # Friday: the reminder made on Wednesday comes up before the user speaks
            assert "## Due today" in start["result"]["context"]["text"]
            assert start["result"]["triggers_fired"]
        if n == 0:
            obs = _call(
                forks,
                tmp_path,
                llm,
                "observe",
                f"s{n}",
                "user",
                "The release is next Friday.",
                now=day(n),
            )
            assert obs["result"]["triggers"]
        if n < 3:
            _call(forks, tmp_path, llm, "correct", said[n], session_id=f"s{n}", now=day(n))
        end = _call(forks, tmp_path, llm, "end_session", f"s{n}", success=True, now=day(n, 10))
        assert end["result"]["reflected"] is (n == 4)
    assert end["result"]["reflection"]["created"]
    rules = _call(
        forks, tmp_path, llm, "start_session", "s9", opening="install the npm packages", now=day(6)
    )
    assert "## Rules" in rules["result"]["context"]["text"]
    hits = _call(forks, tmp_path, llm, "similar_episodes", "install deps")
    assert hits["result"] and hits["result"][0]["episode"]["success"] is True
