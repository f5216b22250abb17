"""`remem mcp` over stdio answers every request, however extreme: JSON nested past
the parser's limit, an integer of thousands of digits, a lone surrogate escape, a
line over ``mcp_max_request_chars``, a query over ``max_query_bytes``, NaN for a
number — each gets its answer (an error naming the problem, with the request's
id) within seconds, and the server goes on serving. A real subprocess, raw
JSON-RPC lines on its stdin."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("mcp")

REMEM = str(Path(sys.executable).with_name("remem"))
BOUND_S = 20.0  # generous for a loaded machine; an unanswered request waits forever


class Wire:
    """Raw JSON-RPC lines to and from a `remem mcp` process."""

    def __init__(self, proc: subprocess.Popen[bytes]) -> None:
        self.proc, self.buf, self.next_id = proc, b"", 1

    def send(self, line: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + b"\n")
        self.proc.stdin.flush()

    def answer(self, request_id: int) -> dict[str, Any]:
        assert self.proc.stdout is not None
        deadline = time.monotonic() + BOUND_S
        while time.monotonic() < deadline:
            while b"\n" in self.buf:
                line, self.buf = self.buf.split(b"\n", 1)
                message = json.loads(line)
                if message.get("id") == request_id:
                    return message
            ready, _, _ = select.select([self.proc.stdout], [], [], 0.2)
            if ready:
                chunk = os.read(self.proc.stdout.fileno(), 1 << 20)
                assert chunk, "the server closed its stdout"
                self.buf += chunk
        raise AssertionError(f"no answer to request {request_id} within {BOUND_S} s")

    def call(self, tool: str, raw_arguments: bytes) -> dict[str, Any]:
        self.next_id += 1
        rid = self.next_id
        self.send(
            b'{"jsonrpc": "2.0", "id": %d, "method": "tools/call", "params": {"name": "%s", '
            b'"arguments": %s}}' % (rid, tool.encode(), raw_arguments)
        )
        return self.answer(rid)


@pytest.fixture
def wire(tmp_path: Path) -> Iterator[Wire]:
    project = tmp_path / "atlas"
    (project / ".git").mkdir(parents=True)
    env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(tmp_path),
        "USER": "maya",
        "LOGNAME": "maya",
        "REMEM_HOME": str(tmp_path / "home"),
        "REMEM_EMBEDDER": "fake",
        "REMEM_MCP_MAX_REQUEST_CHARS": "100000",
        "REMEM_MAX_QUERY_BYTES": "2048",
    }
    if "PYTHONPATH" in os.environ:
        env["PYTHONPATH"] = os.environ["PYTHONPATH"]
    proc = subprocess.Popen(
        [REMEM, "mcp"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        cwd=project,
    )
    w = Wire(proc)
    w.send(
        json.dumps(
            {
                "jsonrpc": "2.0",
                "id": 1,
                "method": "initialize",
                "params": {
                    "protocolVersion": "2025-06-18",
                    "capabilities": {},
                    "clientInfo": {"name": "test", "version": "1"},
                },
            }
        ).encode()
    )
    assert "result" in w.answer(1)
    w.send(b'{"jsonrpc": "2.0", "method": "notifications/initialized"}')
    try:
        yield w
    finally:
        assert proc.stdin is not None and proc.stderr is not None and proc.stdout is not None
        proc.stdin.close()
        proc.wait(timeout=60)
        err = proc.stderr.read().decode("utf-8", "replace")
        proc.stdout.close()
        proc.stderr.close()
        assert "Traceback" not in err


def _error(answer: dict[str, Any]) -> str:
    if "error" in answer:
        return str(answer["error"]["message"])
    assert answer["result"]["isError"] is True, answer
    return str(answer["result"]["content"][0]["text"])


def test_every_extreme_request_is_answered_and_the_server_goes_on(wire: Wire) -> None:
    stored = wire.call("remember", b'{"content": "The atlas cluster runs Kubernetes 1.29"}')
    assert stored["result"]["isError"] is False
    deep = b'{"memory_ids": ' + b"[" * 10_000 + b"]" * 10_000 + b', "success": true}'
    cases = [
        (deep, "outcome", "recursion limit"),
        (b'{"query": "atlas", "limit": ' + b"9" * 5000 + b"}", "search", "number out of range"),
        (b'{"content": "the \\ud800 office is in Berlin"}', "remember", "surrogate"),
        (b'{"query": "' + b"atlas " * 30_000 + b'"}', "search", "mcp_max_request_chars"),
        (b'{"query": "' + b"atlas " * 1000 + b'"}', "context", "REMEM_MAX_QUERY_BYTES"),
        (b'{"content": "a note", "importance": NaN}', "working_add", "importance"),
        (b'{"content": "a note", "importance": 1e999}', "working_add", "importance"),
        (b'{"query": "atlas", "limit": 100000000}', "search", "limit"),
    ]
    for arguments, tool, needle in cases:
        started = time.monotonic()
        answer = wire.call(tool, arguments)
        assert time.monotonic() - started < BOUND_S
        assert needle in _error(answer), (tool, answer)
    found = wire.call("search", b'{"query": "atlas cluster"}')
    assert "Kubernetes" in json.dumps(found["result"])
