"""Promoted memories as a MEMORY.md-style markdown file that agent platforms load.

``config.memory_md_path`` is a path template: ``{home}`` is remem's home, and
``{user_id}``, ``{agent_id}``, ``{namespace}`` the memory's scope (``_`` when
unset). Each distinct path gets one file, with a section per scope in it; the
default, ``{home}/MEMORY.md``, is one file with a section per scope — right for
one person's store. A store shared by several users should put ``{user_id}`` in
the path, so no user's file holds another's memories.

Files are rewritten whole, atomically (a temporary file renamed over the old
one), and only when their text changed; a path with no promoted memory left
keeps a file with only the header if it existed, and gets none otherwise.
"""

from __future__ import annotations

import os
import tempfile
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

from remem.config import Config
from remem.errors import StoreError, UserError
from remem.model import MemoryRecord, Trust

HEADER = (
    "# Memory\n\n"
    "Promoted by remem's weekly review: important memories that were confirmed useful\n"
    "again and again. remem rewrites this file; edit the memories, not the file.\n"
)


def path_for(record: MemoryRecord, config: Config) -> Path:
    """The file ``record`` goes to."""
    try:
        text = config.memory_md_path.format(
            home=config.home,
            user_id=record.user_id or "_",
            agent_id=record.agent_id or "_",
            namespace=record.namespace or "_",
        )
    except (KeyError, IndexError, ValueError) as exc:
        raise UserError(
            f"memory_md_path {config.memory_md_path!r} is not a valid template: {exc}; "
            "use only {home}, {user_id}, {agent_id} and {namespace}"
        ) from exc
    return Path(text).expanduser()


def render(records: Sequence[MemoryRecord]) -> str:
    """The markdown of one file: a section per scope, most important first."""
    sections: dict[str, list[MemoryRecord]] = defaultdict(list)
    for record in records:
        sections[_scope_title(record)].append(record)
    parts = [HEADER]
    for title in sorted(sections):
        parts.append(f"\n## {title}\n\n")
        ordered = sorted(sections[title], key=lambda r: (-r.importance, r.created_at, r.id))
        for record in ordered:
            text = " ".join(record.content.split())
            mark = "(untrusted source) " if record.source_trust is Trust.UNTRUSTED else ""
            parts.append(f"- {mark}{text} <!-- remem:{record.id} -->\n")
    return "".join(parts)


def write_all(records: Sequence[MemoryRecord], config: Config, *, dry_run: bool = False) -> int:
    """Write every path's file (the default path even with no record, if it exists);
    returns how many files changed (or would, with ``dry_run``)."""
    by_path: dict[Path, list[MemoryRecord]] = defaultdict(list)
    for record in records:
        by_path[path_for(record, config)].append(record)
    scoped = ("{user_id}", "{agent_id}", "{namespace}")
    if not any(key in config.memory_md_path for key in scoped):
        # One file for the store: rewritten (to just the header) when the last
        # promoted memory is gone.
        fixed = path_for(MemoryRecord(content=""), config)
        if fixed.exists():
            by_path.setdefault(fixed, [])
    written = 0
    for path, group in sorted(by_path.items()):
        text = render(group)
        if _current(path) == text:
            continue
        written += 1
        if not dry_run:
            write_atomic(path, text)
    return written


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` in one rename (readers see the old or the new file)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError as exc:
        raise StoreError(f"cannot write {path}: {exc}") from exc


def _current(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def _scope_title(record: MemoryRecord) -> str:
    parts = [
        f"{name}: {value}"
        for name, value in (
            ("user", record.user_id),
            ("agent", record.agent_id),
            ("namespace", record.namespace),
        )
        if value is not None
    ]
    return " · ".join(parts) or "unscoped"
