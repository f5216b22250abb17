"""Transcripts in, facts out: ``remem extract FILE`` and ``Memory.add(infer=True)``.

A transcript is read twice, streaming both times so a huge file uses bounded
memory: once to validate all of it (every message is checked as ``add`` checks
its content; a bad message anywhere fails the whole call before anything is
written), then in chunks (a session, or ``config.extract_chunk_messages``
messages) that are each extracted and stored in one transaction.

Re-runs are idempotent. Each message gets a key: a hash of its scope, session,
role, speaker, time, caption and (redacted) text, chained with the key of the
message before it — so a message is recognised by what it says *and* where it
stands in its conversation ("yes" answering another question is another
message), and two identical messages in a row stay two. The key is stored as the
resource's ``content_hash``. Messages whose key a resource in scope already
carries were stored (and extracted, in the same transaction) by an earlier run
and are skipped, so a run interrupted after some chunks and run again ends with
the store an uninterrupted run makes. The hash is of the redacted text, so it
never fingerprints a secret.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path

from remem.config import Config
from remem.errors import ValidationError
from remem.model import Scope
from remem.providers.base import Embedder
from remem.secrets import redact
from remem.store.base import Store
from remem.validation import Limits
from remem.write.extract.base import Extractor
from remem.write.pipeline import IngestReport, ingest
from remem.write.transcript import Message, parse_transcript, with_trust
from remem.write.validate import check_message

Progress = Callable[[int, int], None]
KEY_VERSION = "extract-key-1"  # part of every key: a new key recipe never matches an old one


def message_key(previous: str, scope: Scope, session: str | None, message: Message) -> str:
    """The identity of ``message`` after the message keyed ``previous`` ("" for the
    first), as stored in ``Resource.content_hash``."""
    stamp = message.timestamp.isoformat() if message.timestamp else None
    payload = json.dumps(
        [
            KEY_VERSION,
            previous,
            scope.user_id,
            scope.agent_id,
            scope.namespace,
            session,
            message.role,
            message.speaker,
            stamp,
            message.caption,
            redact(message.text),
        ],
        ensure_ascii=False,
    )
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def _keyed(messages: Iterator[Message], scope: Scope, session_id: str | None) -> Iterator[Message]:
    previous = ""
    for message in messages:
        previous = message_key(previous, scope, session_id or message.session, message)
        yield replace(message, key=previous)


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
        merged.skipped += report.skipped
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
    llm: object | None = None,
    progress: Progress | None = None,
    trusted: bool | None = None,
) -> IngestReport:
    """Validate the whole transcript, then extract and store it chunk by chunk,
    skipping the messages an earlier run stored (see the module doc).

    ``trusted`` is the caller's word on every message (see
    :func:`remem.write.transcript.with_trust`); ``None`` leaves trust to each
    message's role and the transcript's structure."""
    limits = Limits.of(config)
    total = 0
    for index, message in enumerate(parse_transcript(source, format=format)):
        check_message(message, index, limits)  # the whole file, before anything is written
        total += 1
    if total == 0:
        raise ValidationError("the transcript has no messages")
    reports, done = [], 0
    messages = _keyed(parse_transcript(source, format=format), scope, session_id)
    for chunk in _chunks(messages, config.extract_chunk_messages):
        known = store.known_resources([m.key for m in chunk if m.key], scope)
        todo = [m for m in chunk if m.key not in known]
        if todo:
            reports.append(
                ingest(
                    store,
                    embedder,
                    config,
                    with_trust(todo, trusted),
                    scope=scope,
                    extractor=extractor,
                    session_id=session_id or chunk[0].session,
                    force=force,
                    dry_run=dry_run,
                    llm=llm,
                )
            )
        if len(todo) < len(chunk):
            reports.append(
                IngestReport(extractor_version=extractor.version, skipped=len(chunk) - len(todo))
            )
        done += len(chunk)
        if progress is not None:
            progress(done, total)
    return merge_reports(reports, dry_run=dry_run)
