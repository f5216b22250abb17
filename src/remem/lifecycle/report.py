"""The store's health report: what the monthly job records and ``remem report`` shows.

:func:`health` reads the counts (by status, tier, category, kind), the growth by
week, the effective scores of the active memories now and as they would decay
if nobody used them (the decay curve), and the last job runs. :func:`render`
writes it as markdown; :func:`chart` draws one PNG (active/stale distribution,
growth trend, decay curve) when matplotlib is installed — an optional extra,
``pip install '.[report]' in remem's checkout``; without it the markdown is still written.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from remem.config import Config
from remem.lifecycle.policies import effective_score, last_use
from remem.model import MemoryRecord, Scope, Status
from remem.store.base import Store

# Days ahead at which the decay curve is drawn.
HORIZONS = (0, 7, 14, 30, 60, 90, 180, 365)
BANDS = ((0.1, "<0.1"), (0.3, "0.1-0.3"), (0.6, "0.3-0.6"), (1.01, "0.6-1"))
MATPLOTLIB_MISSING = (
    "matplotlib is not installed: no PNG chart (pip install '.[report]' in remem's checkout); "
    "the markdown report is written"
)


@dataclass(slots=True)
class Health:
    """A store's health at ``now`` (see the module docstring)."""

    now: datetime
    by_status: dict[str, int]
    by_tier: dict[str, int]
    by_category: dict[str, int]
    by_kind: dict[str, int]
    fresh: int  # active memories used within stale_days
    stale: int  # active, not used for stale_days
    growth: list[tuple[str, int, int]]  # (week start, created, still active)
    score_bands: dict[str, int]  # active memories by effective score band
    decay: list[tuple[int, float, float]]  # (days ahead, mean effective, share < purge_below)
    token_vectors: dict[str, int]  # memories keeping token vectors, by status
    runs: list[dict[str, Any]] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        """Flat counts for a job's run record."""
        out = {f"health_{s}": n for s, n in sorted(self.by_status.items())}
        out.update(health_fresh=self.fresh, health_stale=self.stale)
        out.update({f"health_score_{k}": n for k, n in self.score_bands.items()})
        return out


def health(
    store: Store, config: Config, now: datetime, *, runs: int = 10, scope: Scope | None = None
) -> Health:
    """Read the health report of ``store`` at ``now`` (one scan of the active memories).
    ``scope``: of that scope's memories only (counted from its records; no job runs or
    token-vector counts, which are the whole store's)."""
    scanned: Iterable[MemoryRecord]
    if scope is None:
        raw = store.health_counts()
        scanned = _active(store)
    else:
        records = list(store.iter_memories(scope))
        raw = _counts(records)
        scanned = [r for r in records if r.status is Status.ACTIVE]
        runs = 0
    fresh = stale = 0
    bands: Counter[str] = Counter()
    sums = [0.0] * len(HORIZONS)
    low = [0] * len(HORIZONS)
    for record in scanned:
        idle = (now - last_use(record)).total_seconds() / 86400
        stale += idle > config.stale_days
        fresh += idle <= config.stale_days
        value = effective_score(record, now, config).value
        bands[next(label for bound, label in BANDS if value < bound)] += 1
        for i, days in enumerate(HORIZONS):
            later = _score(record, now + timedelta(days=days), config)
            sums[i] += later
            low[i] += later < config.purge_below
    active = fresh + stale
    weekly: dict[str, list[int]] = {}
    for day, status, n in raw["created_by_day"]:
        week = _week(day)
        entry = weekly.setdefault(week, [0, 0])
        entry[0] += n
        entry[1] += n if status == "active" else 0
    return Health(
        now=now,
        by_status=dict(raw["by_status"]),
        by_tier=dict(raw["by_tier"]),
        by_category=dict(raw["by_category"]),
        by_kind=dict(raw["by_kind"]),
        fresh=fresh,
        stale=stale,
        growth=[(w, c, a) for w, (c, a) in sorted(weekly.items())],
        score_bands={label: bands.get(label, 0) for _, label in BANDS},
        decay=[
            (
                d,
                round(sums[i] / active, 4) if active else 0.0,
                round(low[i] / active, 4) if active else 0.0,
            )
            for i, d in enumerate(HORIZONS)
        ],
        token_vectors=dict(raw["token_vectors_by_status"]),
        runs=[
            {
                "job": r.job,
                "status": r.status,
                "now": r.now.isoformat(),
                "finished_at": r.finished_at.isoformat() if r.finished_at else None,
                "counts": r.counts,
            }
            for r in (store.job_runs(limit=runs) if runs else [])
        ],
    )


def _active(store: Store) -> Iterator[MemoryRecord]:
    after = None
    while batch := store.scan_memories(statuses=["active"], after_id=after, limit=1000):
        after = batch[-1].id
        yield from batch


def _counts(records: Sequence[MemoryRecord]) -> dict[str, Any]:
    """What :meth:`Store.health_counts` says of the whole store, of these records."""
    active = [r for r in records if r.status is Status.ACTIVE]
    by_day = Counter((r.created_at.date().isoformat(), str(r.status)) for r in records)
    return {
        "by_status": Counter(str(r.status) for r in records),
        "by_tier": Counter(f"{r.tier}/{r.status}" for r in records),
        "by_category": dict(Counter(str(r.category or "none") for r in active).most_common()),
        "by_kind": Counter(str(r.kind) for r in active),
        "created_by_day": [[d, st, n] for (d, st), n in sorted(by_day.items())],
        "token_vectors_by_status": {},
    }


def _score(record: MemoryRecord, when: datetime, config: Config) -> float:
    return effective_score(record, when, config).value


def _week(day: str) -> str:
    """The Monday of the ISO week of ``day`` (YYYY-MM-DD)."""
    d = date.fromisoformat(day)
    return (d - timedelta(days=d.weekday())).isoformat()


def render(report: Health, *, chart: str | None = None) -> str:
    """The report as markdown (``chart``: the PNG's file name, linked when given)."""
    r = report
    total = sum(r.by_status.values())
    lines = [
        "# remem health report",
        "",
        f"As of {r.now:%Y-%m-%d %H:%M} UTC: {total} memories, "
        f"{r.by_status.get('active', 0)} active ({r.fresh} fresh, {r.stale} stale).",
        "",
    ]
    if chart:
        lines += [f"![active/stale, growth and decay]({chart})", ""]
    lines += ["## By status", "", "| status | memories |", "|---|---:|"]
    order = ("active", "archived", "cold", "superseded", "forgotten", "purged")
    for status in (*order, *sorted(set(r.by_status) - set(order))):
        if status in r.by_status:
            lines.append(f"| {status} | {r.by_status[status]} |")
    lines += ["", "## By tier", "", "| tier / status | memories |", "|---|---:|"]
    lines += [f"| {k} | {n} |" for k, n in sorted(r.by_tier.items())]
    lines += ["", "## Active memories by category", "", "| category | memories |", "|---|---:|"]
    lines += [f"| {k} | {n} |" for k, n in r.by_category.items()]
    lines += ["", "## Active memories by kind", "", "| kind | memories |", "|---|---:|"]
    lines += [f"| {k} | {n} |" for k, n in sorted(r.by_kind.items())]
    lines += [
        "",
        "## Growth by week",
        "",
        "| week of | created | still active |",
        "|---|---:|---:|",
    ]
    lines += [f"| {w} | {c} | {a} |" for w, c, a in r.growth]
    lines += ["", "## Effective score of the active memories", ""]
    lines += ["| score | memories |", "|---|---:|"]
    lines += [f"| {k} | {n} |" for k, n in r.score_bands.items()]
    lines += [
        "",
        "## Decay curve (if nobody used them from now on)",
        "",
        "| days ahead | mean effective score | share below the purge line |",
        "|---:|---:|---:|",
    ]
    lines += [f"| {d} | {m:.3f} | {p:.1%} |" for d, m, p in r.decay]
    lines += ["", "## Token vectors kept", "", "| status | memories |", "|---|---:|"]
    lines += [f"| {k} | {n} |" for k, n in sorted(r.token_vectors.items())]
    lines += ["", "## Last job runs", "", "| job | status | as of | counts |", "|---|---|---|---|"]
    for run in r.runs:
        counts = ", ".join(f"{k} {v}" for k, v in sorted(run["counts"].items()) if v) or "-"
        lines.append(f"| {run['job']} | {run['status']} | {run['now'][:16]} | {counts} |")
    return "\n".join(lines) + "\n"


def chart(report: Health, path: Path) -> bool:
    """Draw the three panels to ``path`` (PNG); False when matplotlib is missing."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    r = report
    fig, (ax1, ax2, ax3) = plt.subplots(1, 3, figsize=(15, 4.5))
    labels = ["fresh", "stale", "archived", "cold", "superseded", "purged"]
    values = [r.fresh, r.stale, *(r.by_status.get(s, 0) for s in labels[2:])]
    ax1.bar(labels, values, color=["#2a9d8f", "#e9c46a", "#8d99ae", "#457b9d", "#bbb", "#e76f51"])
    ax1.set_title("memories: active (fresh / stale) and the rest")
    ax1.tick_params(axis="x", rotation=30)
    weeks = [w for w, _, _ in r.growth]
    created, cumulative, total = [c for _, c, _ in r.growth], [], 0
    for c in created:
        total += c
        cumulative.append(total)
    ax2.plot(range(len(weeks)), cumulative, label="created (cumulative)")
    active, run = [], 0
    for _, _, a in r.growth:
        run += a
        active.append(run)
    ax2.plot(range(len(weeks)), active, label="of those, still active")
    step = max(1, len(weeks) // 8)
    ax2.set_xticks(range(0, len(weeks), step), weeks[::step], rotation=30, fontsize=7)
    ax2.set_title("growth by week")
    ax2.legend(fontsize=8)
    days = [d for d, _, _ in r.decay]
    ax3.plot(days, [m for _, m, _ in r.decay], marker="o", label="mean effective score")
    ax3.plot(days, [p for _, _, p in r.decay], marker="x", label="share below the purge line")
    ax3.set_xlabel("days from now, unused")
    ax3.set_title("decay curve of the active memories")
    ax3.legend(fontsize=8)
    fig.tight_layout()
    from remem.files import open_private, private_dir

    private_dir(path.parent)
    with open_private(path, "wb") as fh:  # 0600, as everything remem writes
        fig.savefig(fh, format="png", dpi=100)
    plt.close(fig)
    return True
