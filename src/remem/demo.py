"""``remem demo``: a sample conversation in, ranked and explained answers out."""

from __future__ import annotations

import json
import tempfile
import time
from datetime import datetime
from importlib.resources import files
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from remem.config import Config
from remem.memory import Memory
from remem.store.base import ListFilter


def load_sample() -> dict[str, Any]:
    """The bundled sample conversation (written for this demo)."""
    text = files("remem.data").joinpath("demo-conversation.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def run_demo(console: Console, *, db: Path | None = None, config: Config | None = None) -> None:
    """Ingest the sample into a store at ``db`` (a temp dir if None) and query it."""
    sample = load_sample()
    with tempfile.TemporaryDirectory(prefix="remem-demo-") as tmp:
        path = db if db is not None else Path(tmp) / "demo.db"
        config = config or Config.load()
        user = sample["user"].lower()
        started = time.perf_counter()
        with Memory(path, config=config) as mem:
            console.print(f"[bold]remem demo[/bold] — store: {path}, embedder: {config.embedder}")
            console.print(f"[dim]{sample['title']}[/dim]\n")
            for session in sample["sessions"]:
                when = datetime.fromisoformat(session["date"])
                messages = [
                    {"role": m["role"], "name": m["name"], "content": m["text"], "timestamp": when}
                    for m in session["messages"]
                ]
                mem.add(messages, user_id=user, session_id=session["id"], infer=True)
            elapsed = time.perf_counter() - started
            page = mem.list(
                user_id=user, limit=100, filters=ListFilter(statuses=("active", "superseded"))
            )
            table = Table(
                title=f"{page.total} facts extracted from {sum(len(s['messages']) for s in sample['sessions'])} "
                f"messages in {elapsed:.2f}s (raw messages are kept as resources)"
            )
            for col in ("said", "fact", "category", "importance", "status"):
                table.add_column(col, overflow="fold")
            for record in sorted(page.items, key=lambda r: r.valid_from or r.created_at):
                day = record.valid_from.strftime("%Y-%m-%d") if record.valid_from else ""
                status = record.status.value
                if record.supersedes:
                    status += " (supersedes an older fact)"
                table.add_row(
                    day, record.content, record.category or "", f"{record.importance:.2f}", status
                )
            console.print(table)
            rejected = mem.gate_stats()
            if rejected:
                console.print(
                    "quality gate rejected: "
                    + ", ".join(f"{n} {reason}" for reason, n in rejected.items())
                )
            for question in sample["questions"]:
                t0 = time.perf_counter()
                hits = mem.search(question, user_id=user, limit=3)
                ms = (time.perf_counter() - t0) * 1000
                console.print(f"\n[bold]Q: {question}[/bold]  [dim]({ms:.1f} ms)[/dim]")
                for rank, hit in enumerate(hits, start=1):
                    console.print(
                        f"  {rank}. {hit.memory.content}  [cyan]score {hit.score:.4f}[/cyan]"
                    )
                    parts = [
                        f"{source} #{part['rank']} (raw {part['score']:.3f})"
                        for source, part in hit.explain.items()
                        if isinstance(part, dict) and {"rank", "score", "contribution"} <= set(part)
                    ]
                    factors = hit.explain.get("rank", {})
                    if factors:
                        parts.append(
                            " × ".join(
                                f"{name} {value:.2f}"
                                for name, value in factors.items()
                                if name != "final"
                            )
                        )
                    console.print(f"     [dim]why: {'; '.join(parts)}[/dim]", highlight=False)
