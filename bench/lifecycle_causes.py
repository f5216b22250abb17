"""Why each fact of a lifecycle year was missed at 5, read on a kept store.

    python bench/lifecycle.py --world 2 --bank fourth --seeds 1 --keep DIR --out DIR
    python bench/lifecycle_causes.py DIR/seed-1/with.db --bank fourth

Each fact's final question is asked at the end of the year as ``bench/lifecycle.py`` asks
it (on a copy of the store; the kept one is never touched); for each fact not in the top 5,
where the memories holding its value are: none (refused, or written apart from the value),
superseded, archived or cold, active at rank 6-10, active beyond 10; and whether a holder
is in the permanent tier. Prints one line per miss, then the counts by class and cause.
"""

from __future__ import annotations

import argparse
import collections
import json
import shutil
import sys
import tempfile
from datetime import UTC, datetime, time, timedelta
from pathlib import Path

from remem.config import Config
from remem.eval import lifecycle_world2 as world2
from remem.memory import Memory

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lifecycle import world2_year


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("store", type=Path, help="a store kept by bench/lifecycle.py --keep")
    parser.add_argument(
        "--bank",
        choices=("dev", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"),
        default="dev",
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    world = world2_year(args.seed, args.bank)
    end = datetime.combine(world.start, time(8, 0), tzinfo=UTC) + timedelta(days=world.final_day)
    counts: collections.Counter[str] = collections.Counter()
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "store.db"
        shutil.copy(args.store, copy)
        config = Config(home=Path(tmp) / "home", memory_md_path="")
        with Memory(copy, config=config) as mem:
            memories = list(mem.store.iter_memories())
            for t in world2.targets(world):
                hits = mem.search(t.question, user_id=world.user, limit=10, now=end,
                                  _record_access=False)  # fmt: skip
                rank = next((i for i, h in enumerate(hits) if t.current(h.memory.content)), None)
                if rank is not None and rank < 5:
                    continue
                holders = [m for m in memories if t.current(m.content)]
                states = {str(m.status) for m in holders}
                if rank is not None:
                    cause = "active, rank 6-10"
                elif not holders:
                    cause = "no memory holds the value"
                elif "active" in states:
                    cause = "active, not in the top 10"
                elif states & {"archived", "cold"}:
                    cause = "archived/cold, not brought back"
                else:
                    cause = "superseded"
                permanent = any(str(m.tier) == "permanent" for m in holders)
                counts[f"{t.cls}: {cause}"] += 1
                counts[f"all: {cause}"] += 1
                important = " important" if t.important else ""
                print(f"[{t.cls}{important}] {cause} (permanent holder: {permanent}) {t.question}")
    print(json.dumps(dict(sorted(counts.items())), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
