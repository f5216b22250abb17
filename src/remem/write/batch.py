"""Transcripts in, facts out: ``remem extract FILE`` and ``Memory.add(infer=True)``.

A transcript is read twice, streaming both times so a huge file uses bounded
memory: once to validate all of it (a bad line anywhere fails the whole call
before anything is written), then in chunks (a session, or ``chunk_size``
messages) that are each extracted and stored in one transaction.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from remem.config import Config
from remem.errors import ValidationError
from remem.model import Scope
from remem.providers.base import Embedder
from remem.store.base import Store
from remem.write.extract.base import Extractor
from remem.write.pipeline import IngestReport, ingest
from remem.write.transcript import Message, parse_transcript, with_trust

Progress = Callable[[int, int], None]


def _chunks(messages: Iterator[Message], size: int) -> Iterator[list[Message]]:
    chunk: list[Message] = []
    for message in messages:
        if chunk and (len(chunk) >= size or message.session != chunk[-1].session):
            yield chunk
            chunk = []
        chunk.append(message)
    if chunk:
        yield chunk


def merge_reports(reports: Sequence[IngestReport], *, dry_run: bool) -> IngestReport:
    merged = IngestReport(
        extractor_version=reports[0].extractor_version if reports else "", dry_run=dry_run
    )
    for report in reports:
        merged.resource_ids.extend(report.resource_ids)
        merged.decisions.extend(report.decisions)
        merged.fallback_reason = merged.fallback_reason or report.fallback_reason
    return merged


def extract_transcript(
    store: Store,
    embedder: Embedder,
    config: Config,
    source: str | Path | bytes,
    *,
    scope: Scope,
    extractor: Extractor,
    format: str = "auto",
    session_id: str | None = None,
    dry_run: bool = False,
    force: bool = False,
    chunk_size: int = 200,
    llm: object | None = None,
    progress: Progress | None = None,
    trusted: bool | None = None,
) -> IngestReport:
    """Validate the whole transcript, then extract and store it chunk by chunk.

    ``trusted`` is the caller's word on every message (see
    :func:`remem.write.transcript.with_trust`); ``None`` leaves trust to each
    message's role and the transcript's structure."""
    if chunk_size < 1:
        raise ValidationError("chunk_size must be at least 1")
    total = sum(1 for _ in parse_transcript(source, format=format))  # validates everything
    if total == 0:
        raise ValidationError("the transcript has no messages")
    reports, done = [], 0
    for chunk in _chunks(parse_transcript(source, format=format), chunk_size):
        reports.append(
            ingest(
                store,
                embedder,
                config,
                with_trust(chunk, trusted),
                scope=scope,
                extractor=extractor,
                session_id=session_id or chunk[0].session,
                force=force,
                dry_run=dry_run,
                llm=llm,
            )
        )
        done += len(chunk)
        if progress is not None:
            progress(done, total)
    return merge_reports(reports, dry_run=dry_run)
