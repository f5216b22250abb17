"""Promoted memories as a MEMORY.md-style markdown file that agent platforms load.

``config.memory_md_path`` is a path template: ``{home}`` is remem's home, and
``{user_id}``, ``{agent_id}``, ``{namespace}`` the memory's scope (``_`` when
unset; ``/``, ``\\``, ``%`` and a leading ``.`` or ``~`` percent-encoded, so an
id is one file-name component and never climbs out of its folder). Each distinct path gets one file, with a section per scope in it; the
default, ``{home}/MEMORY.md``, is one file with a section per scope — right for
one person's store. A store shared by several users should put ``{user_id}`` in
the path, so no user's file holds another's memories.

Files are rewritten whole, atomically (a temporary file renamed over the old
one), mode 0600, and only when their text changed; a path with no promoted
memory left keeps a file with only the header if it existed, and gets none
otherwise. An erase rewrites every file of the path's pattern that remem wrote
(:func:`rewrite_existing`) at once, without waiting for the next weekly review:
the erased memories leave the files with the store.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from remem import files
from remem.config import Config
from remem.errors import StoreError, UserError
from remem.model import MemoryRecord, Trust

if TYPE_CHECKING:
    from remem.store.base import Store

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
            user_id=_component(record.user_id),
            agent_id=_component(record.agent_id),
            namespace=_component(record.namespace),
        )
    except (KeyError, IndexError, ValueError) as exc:
        raise UserError(
            f"memory_md_path {config.memory_md_path!r} is not a valid template: {exc}; "
            "use only {home}, {user_id}, {agent_id} and {namespace}"
        ) from exc
    return Path(text).expanduser()


def _component(value: str | None) -> str:
    """A scope id as one file-name component (``_`` when unset): ``%``, ``/`` and
    ``\\`` percent-encoded, and a leading ``.`` or ``~``, so no id — not even one a
    store took before ids were checked (:func:`remem.validation.check_scope_id`) —
    names another folder or climbs out of this one."""
    if not value:
        return "_"
    text = value.replace("%", "%25").replace("/", "%2F").replace("\\", "%5C")
    if text[0] in ".~":
        text = f"%{ord(text[0]):02X}{text[1:]}"
    return text


def promoted(store: Store, *, batch: int) -> list[MemoryRecord]:
    """Every active promoted memory of the store: what the files hold (never one
    flagged as an instruction aimed at the agent, even if promoted before that rule)."""
    found: list[MemoryRecord] = []
    after = None
    while chunk := store.scan_memories(
        statuses=["active"], after_id=after, limit=batch, promoted=True
    ):
        found.extend(r for r in chunk if not r.data.get("injection"))
        after = chunk[-1].id
    return found


_SCOPED = re.compile(r"\{(user_id|agent_id|namespace)\}")


def existing_files(config: Config) -> list[Path]:
    """The files ``config.memory_md_path`` names that exist (a path with a scope in
    it: every file its pattern matches), remem's or not."""
    if not config.memory_md_path:
        return []
    template = _SCOPED.sub("*", config.memory_md_path.replace("{home}", str(config.home)))
    path = Path(template).expanduser()
    if "*" not in template:
        return [path] if path.is_file() else []
    anchor = Path(path.anchor)
    return sorted(p for p in anchor.glob(str(path.relative_to(anchor))) if p.is_file())


def remem_files(config: Config) -> list[Path]:
    """:func:`existing_files` that remem wrote (they start with its header)."""
    return [p for p in existing_files(config) if (_current(p) or "").startswith(HEADER)]


def rewrite_existing(store: Store, config: Config) -> int:
    """Rewrite every existing file remem wrote (it starts with remem's header) from
    the promoted memories as they are now — after an erase, so no file keeps an
    erased memory's line; other files of the pattern are left alone. Returns how
    many files changed."""
    files = remem_files(config)
    if not files:
        return 0
    by_path: dict[Path, list[MemoryRecord]] = defaultdict(list)
    for record in promoted(store, batch=config.jobs_batch):
        by_path[path_for(record, config)].append(record)
    written = 0
    for path in files:
        text = render(by_path.get(path, []))
        if _current(path) != text:
            write_atomic(path, text)
            written += 1
    return written


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
    """Replace ``path`` with ``text`` in one rename (readers see the old or the new
    file), mode 0600 (:mod:`remem.files`)."""
    try:
        files.write_atomic(path, text)
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
