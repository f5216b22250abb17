"""The final questions of a lifecycle year asked again on a kept store, with Config overrides.

    python bench/lifecycle.py --world 2 --bank dev --seeds 1 --only with --keep DIR
    python bench/lifecycle_end.py DIR/seed-1/with.db --world 2 --bank dev --seed 1
    python bench/lifecycle_end.py DIR/seed-1/with.db --seed 1 --set fallback_reembed=0

A read-side change (the archive tier, ranking) can be measured on the store a year
left behind, without replaying the year (about half an hour on a shared machine):
the store is copied (the copy is searched, the kept one is never touched) and every
fact's final question is asked at the end of the year as ``bench/lifecycle.py``
asks it (``remem.eval.lifecycle_measure.measure_end``): recall@5 / @10 overall and
by class, the irrelevant share of context blocks, the second tier's hits, search
p95, and each missed fact's question. Only what happens at read time changes with
``--set``; what the year stored, archived or superseded does not.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from datetime import UTC, datetime, time, timedelta
from pathlib import Path
from typing import Any

from remem.config import Config
from remem.eval import lifecycle_world2 as world2
from remem.eval.lifecycle_measure import measure_end

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lifecycle import _overrides, world2_year


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("store", type=Path, help="a store kept by bench/lifecycle.py --keep")
    parser.add_argument("--world", type=int, choices=(2,), default=2)
    parser.add_argument(
        "--bank",
        choices=("dev", "held", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"),
        default="dev",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--embedder", default="onnx-minilm")
    parser.add_argument("--set", nargs="*", default=[], metavar="KEY=VALUE")
    args = parser.parse_args(argv)
    world = world2_year(args.seed, args.bank)
    start = datetime.combine(world.start, time(8, 0), tzinfo=UTC)
    end = start + timedelta(days=world.final_day)
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "store.db"
        shutil.copy(args.store, copy)
        config = Config(
            home=Path(tmp) / "home",
            embedder=args.embedder,
            memory_md_path="",
            **_overrides(args.set),
        )
        from remem.memory import Memory

        with Memory(copy, config=config) as mem:
            if config.archive_tokens:
                _restore_tokens(mem, config, end)
            m = measure_end(mem, world2.targets(world), user=world.user, end=end)
    out: dict[str, Any] = {
        "store": str(args.store),
        "set": args.set,
        "recall_at_5": m.recall_at_5,
        "recall_at_10": m.recall_at_10,
        "by_class": {k: f"{v[0]}/{v[1]} of {v[2]}" for k, v in sorted(m.by_class.items())},
        "irrelevant_share": m.irrelevant_share,
        "second_tier_hits": m.fallback_hits,
        "old_above_current": m.old_above_current,
        "search_p95_ms": m.search_p95_ms,
        "missed": [f"[{t.cls}] {t.question}" for t in m.missed],
    }
    print(json.dumps(out, indent=2))
    return 0


def _restore_tokens(mem: Any, config: Config, end: datetime) -> None:
    """On the copy: give the archived and cold facts that ``archive_tokens`` would have
    kept (:func:`remem.read.fallback.keeps_tokens`) their token vectors back, as the
    write path makes them — the kept store was written with the switch off."""
    from remem.model import Status
    from remem.providers.base import informative_tokens, token_embedder
    from remem.read.fallback import keeps_tokens
    from remem.read.late import pack_tokens

    store, embedder = mem.store, mem.embedder
    tokens_of = token_embedder(embedder)
    assert tokens_of is not None
    have = set(
        store.token_vector_holders(statuses=["archived", "cold"], after_id=None, limit=10**6)
    )
    second = (Status.ARCHIVED, Status.COLD)
    records = [
        r
        for r in store.iter_memories()
        if r.status in second and r.id not in have and keeps_tokens(r, end, config)
    ]
    size = 0
    for i in range(0, len(records), 64):
        batch = records[i : i + 64]
        _, vectors, ids = tokens_of.embed_with_tokens([r.content for r in batch])
        packed = []
        for rows, token_ids in zip(vectors, ids, strict=True):
            if config.late_drop_stopwords:
                rows, token_ids = informative_tokens(embedder, rows, token_ids)
            packed.append(pack_tokens(token_ids, rows))
            size += packed[-1].vectors.nbytes + packed[-1].scales.nbytes + 2 * len(token_ids)
        store.put_token_vectors([r.id for r in batch], packed, model_id=embedder.model_id)
    print(
        f"restored token vectors of {len(records)} archived/cold facts: {size} bytes",
        file=sys.stderr,
    )


if __name__ == "__main__":
    sys.exit(main())
