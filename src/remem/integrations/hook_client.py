"""``remem hook EVENT``'s fast path: ask the local service, print its answer.

A Claude Code hook is a new process per prompt, so what it imports is most of what
it costs. This module imports ``sys`` and ``_socket`` only (the C module under
:mod:`socket`, which itself costs more to import than the rest of this path
together; ``socket`` where there is no ``_socket``), and reads the environment and
builds paths with the built-in ``posix`` module, which the interpreter has loaded
already (``os`` would import ``stat``, ``posixpath`` and ``abc``; it is used where
there is no ``posix``); no ``from __future__`` import either (it is a module
import too). It sends the payload (stdin, as it came) to ``remem serve``'s unix
socket in the remem home (``$REMEM_HOME``, else ``~/.remem``: ``remem.sock``,
with the local token of ``serve.token``) as one HTTP/1.1 request, asking for the
command hook's stdout (``?output=stdout``), and prints the answer. No JSON is
parsed here: the service checks the payload and formats the answer.

Anything else — no service, a refused or failed request, an event name or option
this path does not take — goes to :mod:`remem.integrations.runner` (the full path:
the same service found through the configuration, else the answer computed in
this process), with the payload already read. So every error message and
fallback is the full path's.

The command ``remem hooks install`` writes runs the script
:mod:`remem.integrations.hook_fast` by its path, with ``-I -S``
(:data:`SCRIPT_FLAGS`): ``<python> -I -S <...>/remem/integrations/hook_fast.py
hook EVENT``; that script imports this module by its plain name from the same
directory (its cached bytecode: a script would be compiled on every run) and
calls :func:`script`. No ``site`` (site-packages, ``.pth`` files), no runpy, no
``remem`` package: the interpreter's own start and this module are all a hook the
service answers pays for. Such a process has no site-packages, so the full path
runs in a child ``<python> -m remem hook EVENT`` with the environment a plain
``python`` has (the payload on its stdin, its output and exit code passed on).
"""

import sys

try:
    import _socket as socket
except ImportError:  # another Python than CPython
    import socket  # type: ignore[no-redef]
try:
    import posix as _posix  # built in, loaded at start: no import to pay for
except ImportError:  # not POSIX: os for the environment and the paths
    _posix = None  # type: ignore[assignment]

TYPE_CHECKING = False  # typing is not imported at run time (mypy reads the name)
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

SOCKET_NAME = "remem.sock"  # as remem.integrations.service
TOKEN_NAME = "serve.token"
HOOKS_PATH = "/hooks/claude-code"
# Constants, not Config keys: reading Config costs the hook more than the call.
CONNECT_TIMEOUT_S = 0.5  # a service that does not accept within this is taken as down
ANSWER_TIMEOUT_S = 30.0  # a hook's answer (Claude Code's own hook timeout is longer)
MAX_HEAD_BYTES = 65536  # a response head longer than this is not the service's
# isolated (no PYTHON* variables, no user site, no script directory on sys.path) and
# no site import: what `remem hooks install` puts before this file's path
SCRIPT_FLAGS = ("-I", "-S")


def main(argv: list[str]) -> int:
    """Run ``remem hook`` with ``argv`` (the arguments after ``hook``)."""
    return _answer(argv, _full)


def script(argv: list[str]) -> int:
    """Run the installed command (``hook_fast.py hook EVENT``, which calls this). What
    the service does not answer runs in a child ``python -m remem hook ...``."""
    if argv[:1] != ["hook"]:
        sys.stderr.write("remem hook: run as <python> -I -S hook_fast.py hook EVENT\n")
        return 0  # a hook never breaks the user's session
    return _answer(argv[1:], _prepared_or_child)


def _answer(argv: list[str], fallback: "Callable[[list[str], bytes | None], int]") -> int:
    if len(argv) != 1 or not argv[0].isascii() or not argv[0].isalpha():
        return fallback(argv, None)  # options (--sync, --db) and odd names: the full path
    raw = sys.stdin.buffer.read()
    answer = ask_service(argv[0], raw, _environ())
    if answer is None:
        return fallback(argv, raw)
    if answer:  # UTF-8 whatever the locale (the service's text, as it sent it)
        sys.stdout.buffer.write(answer.encode("utf-8"))
        sys.stdout.flush()
    return 0


def ask_service(event: str, raw: bytes, environ: "Mapping[str, str]") -> str | None:
    """The service's stdout for the hook ``event`` with payload ``raw``; None when
    there is no service, or it did not answer 200. ``environ``: where ``REMEM_HOME``
    and ``HOME`` are read."""
    home = _expanduser(environ.get("REMEM_HOME") or "~/.remem", environ)
    try:
        with open(_join(home, TOKEN_NAME), "rb") as fh:
            token = fh.read().strip()
    except OSError:
        return None
    if not _token_chars(token):
        return None  # not a token this service wrote; never sent as a header
    head = (
        f"POST {HOOKS_PATH}/{event}?output=stdout HTTP/1.1\r\n"
        "Host: remem\r\n"
        f"Authorization: Bearer {token.decode('ascii')}\r\n"
        "Content-Type: application/json\r\n"
        f"Content-Length: {len(raw)}\r\n"
        "Connection: close\r\n\r\n"
    ).encode("ascii")
    try:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    except (AttributeError, OSError):  # no unix sockets here (Windows): the full path
        return None
    try:
        sock.settimeout(CONNECT_TIMEOUT_S)
        sock.connect(_join(home, SOCKET_NAME))
        sock.settimeout(ANSWER_TIMEOUT_S)
        sock.sendall(head + raw)
        return _read_answer(sock)
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    finally:
        sock.close()


def _read_answer(sock: socket.socket) -> str | None:
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk or len(data) > MAX_HEAD_BYTES:
            return None
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    status = lines[0].split(b" ", 2)
    if len(status) < 2 or status[1] != b"200":
        return None
    length = None
    for line in lines[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
        elif name.strip().lower() == b"transfer-encoding":
            return None  # the service sends a length; anything else is not it
    while length is None or len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            if length is None:
                break  # no length: the body ends with the connection
            return None  # cut short
        body += chunk
    return (body if length is None else body[:length]).decode("utf-8")


def _environ() -> "Mapping[str, str]":
    """``REMEM_HOME`` and ``HOME`` of this process's environment."""
    if _posix is None:
        import os

        return os.environ
    code = sys.getfilesystemencoding()  # as os.environ decodes it
    found = {}
    for name in ("REMEM_HOME", "HOME"):
        value = _posix.environ.get(name.encode(code))
        if value is not None:
            found[name] = value.decode(code, "surrogateescape")
    return found


def _expanduser(path: str, environ: "Mapping[str, str]") -> str:
    """``path`` with a leading ``~`` made ``$HOME``, as :func:`os.path.expanduser`."""
    user_home = environ.get("HOME")
    if _posix is not None and user_home and (path == "~" or path.startswith("~/")):
        return (user_home.rstrip("/") + path[1:]) or "/"
    if not path.startswith("~"):
        return path
    import os.path  # ~user, no $HOME, or not POSIX

    return os.path.expanduser(path)


def _join(folder: str, name: str) -> str:
    if _posix is None:
        import os.path

        return os.path.join(folder, name)
    return folder + name if folder.endswith("/") else f"{folder}/{name}"


def _token_chars(token: bytes) -> bool:
    text = token.decode("latin-1")
    return bool(text) and text.isascii() and all(c.isalnum() or c in "_-" for c in text)


def _prepared_or_child(argv: list[str], raw: bytes | None) -> int:
    """No service: a session's first hook prints the block prepared ahead (as the bash
    client does) and hands the session to the full path in the background; anything
    else runs the full path in a child, in the foreground."""
    if argv == ["SessionStart"] and raw is not None:
        try:
            import block_client  # the installed script's folder
        except ImportError:  # imported as a package module (tests, `python -m`)
            from remem.integrations import block_client
        import os

        home = _expanduser(os.environ.get("REMEM_HOME") or "~/.remem", os.environ)
        shown = block_client.prepared(raw, dict(os.environ), os.getcwd(), home)
        if shown is not None and _detach(argv, raw, home):
            if shown:
                sys.stdout.buffer.write(shown.encode("utf-8", "surrogateescape"))
            return 0
    return _child(argv, raw)


def _detach(argv: list[str], raw: bytes, home: str) -> bool:
    """``python -m remem hook ARGV`` in the background, in a session of its own, its
    output dropped (errors to the home's hooks.log): the full path opens the session,
    records what was shown and starts the service. Whether it started."""
    import os
    import subprocess

    try:  # the hooks' log, private as the home's files are
        log = os.open(_join(home, "hooks.log"), os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    except OSError:
        log = subprocess.DEVNULL  # no home yet: the full path makes it
    try:
        child = subprocess.Popen(
            [sys.executable, "-m", "remem", "hook", *argv],
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=log,
            start_new_session=True,
        )
    except OSError:
        return False
    finally:
        if log >= 0:
            os.close(log)
    try:
        assert child.stdin is not None
        child.stdin.write(raw)
        child.stdin.close()
    except OSError:
        pass  # the child read what it needed, or failed: its own log says
    return True


def _child(argv: list[str], raw: bytes | None) -> int:
    """``python -m remem hook ARGV`` in a child with a plain interpreter's
    environment, ``raw`` on its stdin (None: this process's stdin, unread)."""
    import subprocess

    command = [sys.executable, "-m", "remem", "hook", *argv]
    try:
        return subprocess.run(command, input=raw).returncode  # input None: stdin inherited
    except OSError as exc:  # the session goes on, told why in one line
        sys.stderr.write(f"remem hook: cannot run {sys.executable}: {exc.strerror or exc}\n")
        return 0


def _full(argv: list[str], raw: bytes | None) -> int:
    import io

    from remem.integrations.runner import main as full

    return full(argv, stdin=io.BytesIO(raw) if raw is not None else None)
