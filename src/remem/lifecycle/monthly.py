"""The monthly job's steps: re-embed when the configured model changed, a full
re-index, the cold archive (archived and cold memories keep no token vectors), and
the health report written to the run record.

Each step follows the contract of :mod:`remem.lifecycle.jobs` (``now`` from the
context, idempotent, dry-run aware).
"""

from __future__ import annotations

from remem.lifecycle.job import JobContext, StepResult
from remem.lifecycle.report import health

ARCHIVED = ("archived", "cold")


def reembed_step(ctx: JobContext) -> StepResult:
    """When vectors of another model than the configured embedder's are stored (the
    model was changed), re-embed every memory (``mem.reembed``): searches never mix
    two vector spaces. Nothing to do otherwise."""
    model_id = ctx.mem.embedder.model_id
    other = ctx.store.other_vector_model(model_id)
    if other is None:
        return StepResult({"reembedded": 0})
    if ctx.dry_run:
        return StepResult({"reembed_needed": 1})
    done = ctx.mem.reembed(progress=lambda n, total: ctx.tick(n, total))
    return StepResult({"reembedded": done})


def reindex_step(ctx: JobContext) -> StepResult:
    """Rebuild and merge the full-text index, delete the BM25 and HNSW files beside
    the store and rebuild them (:meth:`Store.reindex`): a month of small writes
    leaves many index segments and stale graph nodes behind."""
    if ctx.dry_run:
        return StepResult({"reindex": 1})
    return StepResult({"reindexed": 1, **ctx.store.reindex()})


def cold_archive_step(ctx: JobContext) -> StepResult:
    """Drop the token vectors (about 60% of the file) that archived and cold memories
    still hold — left by a re-embed or a store written before the review dropped
    them; a restore rebuilds them."""
    store, config = ctx.store, ctx.config
    dropped = memories = 0
    if config.archive_tokens:  # the weekly review leaves them to the facts that keep them
        return StepResult({"cold_archived": 0, "token_rows_dropped": 0})
    after = ctx.state.get("after")
    while ids := store.token_vector_holders(
        statuses=list(ARCHIVED), after_id=after, limit=config.jobs_batch
    ):
        after = ids[-1]
        memories += len(ids)
        if not ctx.dry_run:
            with store.transaction():
                dropped += store.drop_token_vectors(ids)
                ctx.save({"after": after})
        ctx.tick(memories, memories)
        if len(ids) == config.jobs_batch and ctx.out_of_time():
            return StepResult(
                {"cold_archived": memories, "token_rows_dropped": dropped}, done=False
            )
    return StepResult({"cold_archived": memories, "token_rows_dropped": dropped})


def health_step(ctx: JobContext) -> StepResult:
    """The health report's counts (:func:`report.health`) into the run record, where
    ``remem report`` and ``remem jobs status`` find them."""
    return StepResult(health(ctx.store, ctx.config, ctx.now, runs=0).counts())
