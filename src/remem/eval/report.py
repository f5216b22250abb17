"""Benchmark results as files: JSON, a markdown table and a PNG bar chart.

The chart needs matplotlib (``pip install '.[bench]' in remem's checkout``); without it the
PNG is skipped with a message, the other files are still written.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from remem.files import open_private, private_dir

METRICS = ("R@1", "R@5", "R@10", "R@20", "NDCG@10")


def markdown_table(results: Mapping[str, Any]) -> str:
    """Overall and per-category metrics, latency and ingest of a LoCoMo run, as markdown."""
    modes: Mapping[str, Any] = results["modes"]
    categories = list(next(iter(modes.values()))["by_category"]) if modes else []
    head = ["retriever", *METRICS, *(f"R@10 {c}" for c in categories), "p50 ms", "p95 ms"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for mode, data in modes.items():
        overall = data["overall"]
        cells = [mode, *(f"{overall.get(m, 0):.3f}" for m in METRICS)]
        cells += [f"{data['by_category'][c].get('R@10', 0):.3f}" for c in categories]
        cells += [f"{data['latency_ms']['p50']:.1f}", f"{data['latency_ms']['p95']:.1f}"]
        lines.append("| " + " | ".join(cells) + " |")
    lines.append("")
    lines.append("Per category (remem):")
    lines.append("")
    lines.append("| category | n | " + " | ".join(METRICS) + " |")
    lines.append("|---|---|" + "---|" * len(METRICS))
    if "remem" in modes:
        for name, row in modes["remem"]["by_category"].items():
            values = " | ".join(f"{row.get(m, 0):.3f}" for m in METRICS)
            lines.append(f"| {name} | {row['n']} | {values} |")
    ingest, storage = results["ingest"], results["storage"]
    lines.append("")
    lines.append(
        f"{results['conversations']} conversations, {results['questions']} questions, "
        f"embedder `{results['embedder']}`. Ingest: {ingest['turns']} turns at "
        f"{ingest['turns_per_s']} turns/s. Storage: {storage['file_bytes_per_memory']} "
        f"bytes per memory in the file, of which token vectors "
        f"{storage['token_vector_bytes_per_memory']}."
    )
    return "\n".join(lines) + "\n"


def bar_chart(results: Mapping[str, Any], path: Path) -> bool:
    """Draw recall@k per retriever to ``path``; False if matplotlib is missing."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    modes: Mapping[str, Any] = results["modes"]
    fig, ax = plt.subplots(figsize=(8, 4.5))
    width = 0.8 / max(len(modes), 1)
    for i, (mode, data) in enumerate(modes.items()):
        xs = [j + i * width for j in range(len(METRICS))]
        ys = [data["overall"].get(m, 0.0) for m in METRICS]
        bars = ax.bar(xs, ys, width, label=mode)
        ax.bar_label(bars, fmt="%.2f", fontsize=7)
    ax.set_xticks([j + width * (len(modes) - 1) / 2 for j in range(len(METRICS))], METRICS)
    ax.set_ylim(0, 1)
    ax.set_ylabel("turn-level score")
    ax.set_title(f"LoCoMo retrieval ({results['data']}, {results['questions']} questions)")
    ax.legend()
    fig.tight_layout()
    with open_private(path, "wb") as fh:
        fig.savefig(fh, format="png", dpi=120)
    plt.close(fig)
    return True


def write_reports(
    results: Mapping[str, Any],
    out_dir: Path,
    *,
    stem: str,
    say: Callable[[str], None] = print,
) -> dict[str, str]:
    """Write ``{stem}.json``, ``{stem}.md`` and ``{stem}.png`` into ``out_dir``."""
    private_dir(out_dir)
    files = {"json": out_dir / f"{stem}.json", "markdown": out_dir / f"{stem}.md"}
    with open_private(files["json"]) as fh:
        fh.write(json.dumps(results, indent=2, default=str) + "\n")
    with open_private(files["markdown"]) as fh:
        fh.write(markdown_table(results))
    png = out_dir / f"{stem}.png"
    if bar_chart(results, png):
        files["png"] = png
    else:
        say(
            "matplotlib is not installed: no PNG chart (pip install '.[bench]' in remem's checkout)"
        )
    return {kind: str(p) for kind, p in files.items()}
