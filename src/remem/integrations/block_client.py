"""The Python client's session-start block prepared ahead: what ``hook_fast.sh``'s
``prepared`` does in bash, for the Python client (``--client python``: macOS's own
bash 3.2, a payload the bash client hands over, no bash at all).

A session's first hook with no service up would otherwise start the engine (~1.4 s
of CPU). :func:`prepared` reads the block :mod:`remem.integrations.start_block`
wrote for the payload's ``cwd`` and returns it as the hook's stdout, with every
check the bash client makes (see that module's doc for the header): the payload's
plain shape and fields, the file and its folder the user's own and no one else's,
the block newer than the store and its WAL, the same ``remem.toml``, ``REMEM_*``
variables and user, the same project folders, the block's time not run out. None at
any doubt: the hook then takes the full path. With no store yet and nothing that
would put one elsewhere (the first session ever), the block is empty (``""``).

Imported by its plain name from the installed script's folder (no ``remem``
package, no ``site``): the standard library only, and only on this path.
"""

import json
import os
import time

TYPE_CHECKING = False  # typing is not imported at run time (mypy reads the name)
if TYPE_CHECKING:
    from collections.abc import Mapping

FORMAT = "remem-start-block 1"  # the header line start_block writes
DIR_NAME = "start-blocks"
HEADER_KEYS = ("cwd", "db", "until", "clock", "toml", "env", "here", "top")
USER_VARS = ("LOGNAME", "USER", "LNAME", "USERNAME", "HOME")
SECRET_WORDS = ("KEY", "TOKEN", "SECRET", "PASSWORD", "URL")
MAX_NAME_BYTES = 240
AGE, SEGMENT, NO_BLOCK = "\x01", "\x02", "\x03"


def prepared(raw: bytes, environ: "dict[str, str]", workdir: str, home: str) -> "str | None":
    """The block to print for the SessionStart payload ``raw`` (``""``: none, the
    first session ever), or None when the full path must answer. ``environ``: the
    hook's environment; ``workdir``: its working directory (where ``remem.toml`` is
    looked for, as the engine does); ``home``: the remem home (``$REMEM_HOME``)."""
    if os.name != "posix":
        return None  # owners and modes are checked as POSIX has them
    try:
        payload = _payload(raw)
    except ValueError:
        return None
    if payload is None:
        return None
    cwd = payload["cwd"]
    name = cwd.replace("%", "%25").replace("/", "%2F")
    if len(name.encode("utf-8", "surrogateescape")) > MAX_NAME_BYTES:
        return None
    folder = os.path.join(home, DIR_NAME)
    file = os.path.join(folder, name)
    if not os.path.lexists(file):
        return "" if _fresh(environ, home, workdir) else None
    try:
        return _read(folder, file, cwd, home, environ, workdir)
    except (OSError, ValueError, UnicodeDecodeError, OverflowError):
        return None


def _payload(raw: bytes) -> "dict[str, str] | None":
    text = raw.decode("utf-8")
    if "\\" in text or text.count("{") != 1 or text.count("}") != 1:
        return None  # the plain shape only: one object, no nesting, no escapes

    def pairs(items: "list[tuple[str, object]]") -> "dict[str, object]":
        keys = [k for k, _ in items]
        if len(set(keys)) != len(keys):
            raise ValueError("a key twice: the full path decides")
        return dict(items)

    data = json.loads(text, object_pairs_hook=pairs)
    if not isinstance(data, dict):
        return None
    fields = {}
    for key in ("hook_event_name", "source", "session_id", "cwd"):
        if key in data:
            if not isinstance(data[key], str):
                return None
            fields[key] = data[key]
    if fields.get("hook_event_name", "SessionStart") != "SessionStart":
        return None
    if fields.get("source", "startup") not in ("startup", "clear"):
        return None
    if not fields.get("session_id") or not fields.get("cwd", "").startswith("/"):
        return None
    return fields


def _fresh(environ: "dict[str, str]", home: str, workdir: str) -> bool:
    """No store yet and nothing that would put one elsewhere."""
    if any(k in environ for k in ("REMEM_CONFIG", "REMEM_DB_PATH", "REMEM_STORE_URL")):
        return False
    if os.path.exists(os.path.join(workdir, "remem.toml")):
        return False
    db = os.path.join(home, "remem.db")
    return not (
        os.path.exists(os.path.join(home, "remem.toml"))
        or os.path.lexists(db)
        or os.path.exists(db + "-wal")
    )


def _read(
    folder: str, file: str, cwd: str, home: str, environ: "dict[str, str]", workdir: str
) -> "str | None":
    uid = os.geteuid()
    for path, mode in ((folder, 0o40700), (file, 0o100600)):
        st = os.lstat(path)
        if st.st_mode != mode or st.st_uid != uid:
            return None  # a link, another owner, or anyone else may read or write it
    fd = os.open(file, os.O_RDONLY | os.O_NOFOLLOW)
    try:
        opened = os.fstat(fd)
        with os.fdopen(os.dup(fd), "rb") as fh:
            data = fh.read().decode("utf-8", "surrogateescape")
    finally:
        os.close(fd)
    lines = data.split("\n", len(HEADER_KEYS) + 2)
    if len(lines) < len(HEADER_KEYS) + 3 or lines[0] != FORMAT or lines[-2] != "":
        return None
    h = {}
    for key, line in zip(HEADER_KEYS, lines[1:], strict=False):
        name, tab, value = line.partition("\t")
        if name != key or not tab:
            return None
        h[key] = value
    body = lines[-1]
    if h["cwd"] != cwd or not h["until"].isdigit() or not os.path.isfile(h["db"]):
        return None
    for store in (h["db"], h["db"] + "-wal"):
        if os.path.exists(store) and not opened.st_mtime_ns > os.stat(store).st_mtime_ns:
            return None  # the store was written after the block was read from it
    now = _now(h["clock"])
    if now is None or now >= int(h["until"]):
        return None
    if not _same_toml(h["toml"], file, home, environ, workdir):
        return None
    if fingerprint(environ) != h["env"] or not environ.get("HOME"):
        return None
    if not _same_project(cwd, environ["HOME"], h["here"], h["top"]):
        return None
    text = _segment(body, now)
    return None if text is None else _aged(text, now)


def _now(clock: str) -> "int | None":
    if clock and os.path.isfile(clock):
        from datetime import datetime

        with open(clock, encoding="utf-8") as fh:
            stamp = fh.readline().strip()
        when = datetime.fromisoformat(stamp)
        if when.tzinfo is None:
            return None
        return int(when.timestamp())
    return int(time.time())


def _same_toml(written: str, file: str, home: str, environ: "dict[str, str]", workdir: str) -> bool:
    toml = ""
    if environ.get("REMEM_CONFIG"):
        toml = environ["REMEM_CONFIG"]
        if toml.startswith("~/"):
            toml = environ.get("HOME", "") + toml[1:]
    elif os.path.isfile(os.path.join(workdir, "remem.toml")):
        toml = os.path.join(workdir, "remem.toml")
    elif os.path.isfile(os.path.join(home, "remem.toml")):
        toml = os.path.join(home, "remem.toml")
    if toml != written:
        return False
    return not toml or os.stat(toml).st_mtime_ns < os.stat(file).st_mtime_ns


def fingerprint(environ: "Mapping[str, str]") -> "str | None":
    """The ``env`` header line: the ``REMEM_*`` variables and the user's, a name holding
    a secret's word by its value's length only; None when a value cannot be written on
    one line (then no block is written, and none matches)."""
    names = sorted(n for n in environ if n.startswith("REMEM_"))
    names += [n for n in USER_VARS if n in environ]
    out = []
    for name in names:
        value = environ[name]
        if any(word in name for word in SECRET_WORDS):
            value = f"#{len(value.encode('utf-8', 'surrogateescape'))}"
        elif "\n" in value or "\x1f" in value:
            return None
        out.append(f"{name}={value}\x1f")
    return "".join(out)


def _same_project(cwd: str, user_home: str, here: str, top: str) -> bool:
    home = os.path.realpath(user_home)
    resolved = os.path.realpath(cwd)
    if resolved != here or not os.path.isdir(resolved):
        return False
    found, folder = "", resolved
    while folder not in ("/", home):
        if os.path.exists(os.path.join(folder, ".git")):
            found = folder
            break
        folder = os.path.dirname(folder) or "/"
    return found == top


def _segment(body: str, now: int) -> "str | None":
    """The piece of the block whose time has not come (``\\x02<until>\\x02<text>``)."""
    pieces = body.split(SEGMENT)
    if len(pieces) < 3 or pieces[0] != "" or len(pieces) % 2 == 0:
        return None
    for upto, text in zip(pieces[1::2], pieces[2::2], strict=True):
        if not upto.isdigit():
            return None
        if now < int(upto):
            return None if text == NO_BLOCK else text
    return None


def _aged(text: str, now: int) -> "str | None":
    """Each memory line's age, as remem.read.inject.age_label writes it."""
    parts = text.split(AGE)
    if len(parts) % 2 == 0:
        return None
    out = [parts[0]]
    for when, rest in zip(parts[1::2], parts[2::2], strict=True):
        if not when.isdigit():
            return None
        secs = max(0, now - int(when))
        if secs < 86400:
            out.append(f"{secs // 3600}h")
        elif secs < 60 * 86400:
            out.append(f"{secs // 86400}d")
        elif secs < 730 * 86400:
            out.append(f"{secs * 100 // 263001600}mo")
        else:
            out.append(f"{secs * 100 // 3155760000}y")
        out.append(rest)
    return "".join(out)
