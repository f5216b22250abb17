"""``remem serve`` as a real process: a loopback port, a unix socket with the local
token, the idle timeout, and the refusals (no extra installed, local mode off
loopback). Keys are made with ``remem keys create`` in another process."""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

REMEM = str(Path(sys.executable).parent / "remem")


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    return {
        **os.environ,
        "REMEM_HOME": str(tmp_path / "home"),
        "REMEM_EMBEDDER": "fake",
        "REMEM_DEFAULT_USER_ID": "maya",
        "REMEM_SCOPE_MODE": "user",
    }


def _run(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([REMEM, *args], env=env, capture_output=True, text=True, timeout=120)


def _start(env: dict[str, str], *args: str) -> tuple[subprocess.Popen[str], list[str]]:
    """Start ``remem serve ARGS``; the process and the URLs it says it listens on."""
    proc = subprocess.Popen(
        [REMEM, "serve", *args], env=env, stderr=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    urls: list[str] = []
    said: list[str] = []
    assert proc.stderr is not None
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = proc.stderr.readline()
        said.append(line)
        if not line:
            break
        found = re.search(r"listening on (\S+)", line)
        if found:
            urls.append(found.group(1))
            want = (1 if "--port" not in args else 2) if "--socket" in args else 1
            if len(urls) == want:
                return proc, urls
    proc.kill()
    proc.communicate(timeout=30)
    raise AssertionError(f"remem serve did not start: {''.join(said)}")


@pytest.fixture
def stop() -> Iterator[list[subprocess.Popen[str]]]:
    procs: list[subprocess.Popen[str]] = []
    yield procs
    for proc in procs:
        if proc.poll() is None:
            proc.terminate()
        proc.communicate(timeout=30)  # reaps it and closes its pipes


def test_serve_on_a_port_with_a_key_made_by_the_cli(
    env: dict[str, str], stop: list[subprocess.Popen[str]]
) -> None:
    made = _run(env, "keys", "create", "--user", "maya", "--role", "writer", "--json")
    assert made.returncode == 0, made.stderr
    key = json.loads(made.stdout)["result"]["key"]
    proc, (url,) = _start(env, "--port", "0")
    stop.append(proc)
    assert url.startswith("http://127.0.0.1:")
    with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {key}"}) as c:
        assert c.get("/health").json()["status"] == "ok"
        assert (
            c.post("/v1/memories", json={"content": "Maya deploys on Mondays"}).status_code == 201
        )
        assert (
            c.post("/v1/search", json={"query": "deploys"}).json()[0]["memory"]["user_id"] == "maya"
        )
        assert c.get("/openapi.json").json()["info"]["title"] == "remem"
    listed = json.loads(_run(env, "keys", "list", "--json").stdout)
    assert listed["counts"] == {"items": 1} and "key" not in listed["result"][0]
    assert _run(env, "keys", "revoke", listed["result"][0]["id"]).returncode == 0
    with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {key}"}) as c:
        assert c.get("/v1/whoami").status_code == 401  # the running server sees it at once
    proc.terminate()
    assert proc.wait(timeout=30) == 0


def test_the_local_service_on_a_unix_socket(
    env: dict[str, str], tmp_path: Path, stop: list[subprocess.Popen[str]]
) -> None:
    sock = tmp_path / "run" / "remem.sock"
    proc, (url,) = _start(env, "--socket", str(sock))
    stop.append(proc)
    assert url == f"unix:{sock}"
    assert stat.S_IMODE(sock.stat().st_mode) == 0o600  # only this user can connect
    token_file = tmp_path / "home" / "serve.token"
    assert stat.S_IMODE(token_file.stat().st_mode) == 0o600
    token = token_file.read_text().strip()
    transport = httpx.HTTPTransport(uds=str(sock))
    with httpx.Client(transport=transport, base_url="http://remem") as c:
        assert c.get("/v1/whoami").status_code == 401  # the socket alone is not enough
        who = c.get("/v1/whoami", headers={"Authorization": f"Bearer {token}"}).json()
        assert who["key_id"] == "local" and who["user_id"] == "maya"
    # A second server on the same socket is refused while the first is alive.
    second = _run(env, "serve", "--socket", str(sock))
    assert second.returncode == 2 and "another server is listening" in second.stderr
    proc.terminate()
    assert proc.wait(timeout=30) == 0
    assert not sock.exists()  # removed at exit


def test_idle_timeout_ends_the_service(
    env: dict[str, str], stop: list[subprocess.Popen[str]]
) -> None:
    proc, (url,) = _start(env, "--port", "0", "--idle-timeout", "1.5")
    stop.append(proc)
    for _ in range(3):  # requests keep it alive past the timeout
        assert httpx.get(f"{url}/health").status_code == 200
        time.sleep(0.8)
    assert proc.poll() is None
    assert proc.wait(timeout=30) == 0


def test_local_mode_refuses_a_non_loopback_host(env: dict[str, str]) -> None:
    done = _run(env, "serve", "--local", "--host", "0.0.0.0", "--port", "0")
    assert done.returncode == 2
    assert "loopback" in done.stderr and done.stderr.count("\n") == 1


def test_serve_without_the_extra_names_it(env: dict[str, str]) -> None:
    probe = (
        "import sys\nsys.modules['fastapi'] = None\nsys.modules['uvicorn'] = None\n"
        "from remem.cli import main\nsys.argv = ['remem', 'serve']\nmain()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 1
    assert (
        "pip install '.[server]' in remem's checkout" in done.stderr
        and "Traceback" not in done.stderr
    )
