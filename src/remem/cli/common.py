"""What every ``remem`` command shares: options, output, the engine, errors.

Heavy modules (the engine, numpy, the model) are imported inside the commands
that need them, so ``remem --help`` and ``remem --version`` stay fast.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import asdict, is_dataclass
from datetime import UTC, date, datetime
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
from rich.console import Console
from typer.core import TyperGroup

if TYPE_CHECKING:
    from rich.progress import Progress
    from rich.table import Table

    from remem.config import Config
    from remem.memory import Memory
    from remem.model import MemoryRecord

EXIT_FAILURE = 1  # a runtime failure (the store, a provider)
EXIT_USAGE = 2  # a misuse: bad input, unknown id, missing scope


def _click_error(name: str) -> type[Exception]:
    # Typer raises click's exceptions (its vendored copy in recent versions, click's
    # own before): found by name on the class typer exports, whichever it is.
    return next(c for c in typer.BadParameter.__mro__ if c.__name__ == name)


_ClickException = _click_error("ClickException")
_UsageError = _click_error("UsageError")


class OneLineErrors(TyperGroup):
    """The root command group: a usage error (a bad option value, an unknown
    command or option, a missing argument) is one ``error:`` line and exit 2, like
    every other misuse, instead of a usage box."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        try:
            code = super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        except typer.Abort:
            err.print("[red]error:[/red] aborted", highlight=False)
            sys.exit(EXIT_FAILURE)
        except _ClickException as exc:
            if type(exc).__name__ == "NoArgsIsHelpError":  # `remem` alone: the help, as before
                return super().main(args, prog_name, complete_var, True, windows_expand_args)
            from rich.markup import escape

            usage = isinstance(exc, _UsageError)
            message = escape(exc.format_message())  # type: ignore[attr-defined]
            err.print(
                f"[red]error:[/red] {message}{' (see --help)' if usage else ''}",
                highlight=False,
                soft_wrap=True,
            )
            sys.exit(EXIT_USAGE if usage else getattr(exc, "exit_code", EXIT_FAILURE))
        sys.exit(code if isinstance(code, int) else 0)


app = typer.Typer(
    cls=OneLineErrors,
    help="remem: adaptive long-term memory for AI agents (offline, one SQLite file).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # help is plain text: "[untrusted]" is a word, not markup
)
out = Console()
err = Console(stderr=True)

DbOpt = Annotated[
    Path | None, typer.Option("--db", help="Store file (default: $REMEM_HOME/remem.db).")
]
UserOpt = Annotated[str | None, typer.Option("--user", "-u", help="Scope: user id.")]
AgentOpt = Annotated[str | None, typer.Option("--agent", "-a", help="Scope: agent id.")]
NsOpt = Annotated[str | None, typer.Option("--namespace", "-n", help="Scope: namespace.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")]
UntrustedOpt = Annotated[
    bool,
    typer.Option(
        "--untrusted",
        help="The content came from a tool, web page or other agent: never followed, "
        "never injected into context unless asked for.",
    ),
]

NowOpt = Annotated[
    str | None,
    typer.Option("--now", help="Run as of this ISO time (default: now), e.g. 2026-01-31T00:00."),
]


def parse_now(text: str | None) -> datetime | None:
    """The ``--now`` option's time (naive: UTC), or None; a bad value fails."""
    if text is None:
        return None
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        fail(f"--now {text!r} is not an ISO date or time (e.g. 2026-01-31T09:00)")
    return when if when.tzinfo else when.replace(tzinfo=UTC)


def jsonable(value: Any) -> Any:
    """``value`` as plain JSON types (dataclasses, enums, dates, datetimes and paths included)."""
    if is_dataclass(value) and not isinstance(value, type):
        return {k: jsonable(v) for k, v in asdict(value).items()}
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [jsonable(v) for v in value]
    if isinstance(value, datetime | date):  # a datetime is a date too
        return value.isoformat()
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Path):
        return str(value)
    return value


def print_json(
    value: Any,
    *,
    counts: Mapping[str, int] | None = None,
    shown: Mapping[str, str] | None = None,
) -> None:
    """Print the one shape of every ``--json``: ``{"result": ..., "counts": {...}}``.

    ``result`` is the command's answer (a list, an object or a scalar); ``counts``
    the numbers a script checks without walking it — given, or read off the result
    (a list's ``items``; an object's whole-number fields and the length of its
    lists). Every string is redacted (nothing prints a secret) except ``shown``:
    fields added to an object result as given, a secret the command exists to
    print (a new API key, shown this once)."""
    from remem.secrets import scrub_value

    data = scrub_value(jsonable(value))
    if shown:
        data = {**dict(shown), **data}
    payload = {"result": data, "counts": dict(counts) if counts is not None else _counts(data)}
    sys.stdout.write(json.dumps(payload, ensure_ascii=False, indent=2) + "\n")


def _counts(data: Any) -> dict[str, int]:
    if isinstance(data, list):
        return {"items": len(data)}
    if isinstance(data, dict):
        return {
            str(k): v if isinstance(v, int) else len(v)
            for k, v in data.items()
            if (isinstance(v, int) and not isinstance(v, bool)) or isinstance(v, list)
        }
    return {}


def fail(message: str, code: int = EXIT_USAGE) -> NoReturn:
    """Print one ``error:`` line on stderr (redacted) and exit with ``code``."""
    from rich.markup import escape

    from remem.secrets import redact

    err.print(f"[red]error:[/red] {escape(redact(message))}", highlight=False, soft_wrap=True)
    raise typer.Exit(code)


def json_filter(text: str | None) -> dict[str, Any] | None:
    """A ``--filter`` option's JSON object (Mem0's filter syntax, remem/filters.py)."""
    if text is None:
        return None
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        fail(f'--filter is not JSON ({exc.msg}); e.g. --filter \'{{"category": "work"}}\'')
    if not isinstance(value, dict):
        fail('--filter must be a JSON object, e.g. \'{"category": "work"}\'')
    return value


FilterOpt = Annotated[
    str | None,
    typer.Option(
        "--filter",
        help='Filter as JSON in Mem0\'s syntax, e.g. \'{"metadata.source": "crm"}\'.',
    ),
]


@contextmanager
def remem_errors() -> Iterator[None]:
    """Translate a :class:`~remem.errors.RememError` into one line and its exit code."""
    from remem.errors import RememError, UserError

    try:
        yield
    except RememError as exc:
        fail(str(exc), EXIT_USAGE if isinstance(exc, UserError) else EXIT_FAILURE)


def load_config(db: Path | None = None) -> Config:
    """The layered configuration, with ``--db`` as the store when given."""
    from remem.app import load_config as app_config

    with remem_errors():
        return app_config(db=db)


def scope_options(
    user: str | None, agent: str | None, namespace: str | None
) -> tuple[str | None, str | None, str | None]:
    """The ``--user`` / ``--agent`` / ``--namespace`` options as given, or, when none
    is, the default scope the MCP server and the hooks use too (remem/app.py)."""
    if user is not None or agent is not None or namespace is not None:
        return user, agent, namespace
    from remem.app import default_scope

    with remem_errors():
        scope = default_scope(load_config())
    return scope.user_id, scope.agent_id, scope.namespace


@contextmanager
def engine(db: Path | None) -> Iterator[Memory]:
    """Open the store; translate remem errors into a one-line message and exit code."""
    from remem.memory import Memory

    with remem_errors(), Memory(config=load_config(db)) as mem:
        yield mem


def progress_bar(label: str) -> Progress:
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
    )

    return Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,  # no bar (or stray newline) when piped or scripted
    )


def short(record: MemoryRecord) -> dict[str, Any]:
    """The fields of a memory a listing shows."""
    return {
        "id": record.id,
        "content": record.content,
        "kind": record.kind.value,
        "category": record.category,
        "status": record.status.value,
        "importance": record.importance,
        "created_at": record.created_at.isoformat(),
    }


def memory_table(
    records: list[MemoryRecord], title: str | None = None, ids: Mapping[str, str] | None = None
) -> Table:
    """A table of memories; ``ids`` maps each id to the prefix to show
    (:meth:`remem.Memory.short_ids`: unique in the scope, accepted by every command)."""
    from rich.markup import escape
    from rich.table import Table

    table = Table(title=title, show_lines=False)
    for col in ("id", "content", "kind", "category", "status", "created"):
        table.add_column(col, overflow="fold")
    for r in records:
        table.add_row(
            (ids or {}).get(r.id, r.id),
            escape(r.content),  # stored text is shown as it is, never read as markup
            r.kind.value,
            r.category or "",
            r.status.value,
            r.created_at.strftime("%Y-%m-%d %H:%M"),
        )
    return table
