"""One bad item never stops the others.

The loops over stored items — working-memory promotion, consolidation, rollups,
reflection, triggers, episode writing, the lifecycle jobs, import — run each
item's step inside :func:`isolated`: an error of that one item (the caller's or
the item's: a :class:`~remem.errors.UserError`, or a bug such as a ``TypeError``
on an odd stored value) is logged at WARNING with the item's id and the reason,
never its content, and the loop goes on with the next item. Failures of the
environment (:data:`ENVIRONMENT`: the store, a provider, memory) are not an
item's fault and still stop the loop: every other item would fail the same way.

Never use it inside a store transaction: the transaction would commit the part of
the item written before the error.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from remem.errors import EmbeddingMismatchError, NotAvailableError, ProviderError, StoreError
from remem.secrets import redact

ENVIRONMENT: tuple[type[BaseException], ...] = (
    StoreError,
    ProviderError,
    EmbeddingMismatchError,
    NotAvailableError,
    MemoryError,
)
REASON_CHARS = 300  # a reason is one short line: logs, audit details, reports


@dataclass(slots=True)
class Outcome:
    """What :func:`isolated` saw: ``failed`` holds the reason when the step failed."""

    failed: str | None = None


def reason_of(exc: BaseException, *, hide: Iterable[str] = ()) -> str:
    """``exc`` as one short line for a log, an audit event or a report: its class and
    message, redacted, with each text of ``hide`` (the item's content) cut out."""
    message = redact(str(exc))
    for text in hide:
        if text and len(text) >= 8:
            message = message.replace(text, "<content>")
            message = message.replace(repr(text), "<content>")
    line = " ".join(f"{type(exc).__name__}: {message}".split())
    return line if len(line) <= REASON_CHARS else line[: REASON_CHARS - 1] + "…"


@contextmanager
def isolated(
    log: logging.Logger,
    what: str,
    key: object,
    *,
    hide: Iterable[str] = (),
    passthrough: tuple[type[BaseException], ...] = (),
) -> Iterator[Outcome]:
    """Run the block for one item (``what`` names the step, ``key`` the item's id);
    an error of the item is logged at WARNING and kept in the outcome, not raised.
    ``passthrough``: more exceptions that are not the item's (a lost job lease)."""
    outcome = Outcome()
    try:
        yield outcome
    except ENVIRONMENT:
        raise
    except passthrough:
        raise
    except Exception as exc:  # one item's error: reported, not raised (see the module doc)
        outcome.failed = reason_of(exc, hide=hide)
        log.warning("%s %s skipped: %s", what, key, outcome.failed)
