"""Secret detection: how many secrets are caught, how many benign texts are touched.
(Not named secrets.py: run as a script, it would shadow the standard library module.)

    .venv/bin/python bench/secret_detection.py
    .venv/bin/python bench/secret_detection.py --locomo ../shared/bench/locomo-dev.json --overhead 2000

- detection rate: the share of the secret corpus (JSONL, ``{"text", "secret"}``
  a line) whose secret is gone from ``redact(text)``; also how many of those texts
  the write path would reject outright (``secret_is_point``) rather than store
  redacted;
- false-positive rate: the share of the benign corpus (one text a line) in which
  anything is found; with ``--locomo``, also the share of every LoCoMo turn;
- with ``--overhead N``: N raw ``Memory.add`` calls (fake embedder) alternating
  in batches between a store with the store's redaction on and one with it off,
  in one process; reports the ratios of the two wall and CPU times only (the
  wall time is mostly fsync, whose variance on a shared disk can swamp the rest),
  and the share of the "on" CPU time spent inside the store's redaction.

- with ``--blind DIR --split dev`` (or ``held``): a blind corpus in the format of
  tests/fixtures/security/ (``secrets.<split>.jsonl`` rows with ``kind``,
  ``secret``, ``also``, ``canonical``; ``benign.<split>.txt`` with
  ``benign.<split>.categories.jsonl``): the detection rate by kind, scored as
  the corpus asks (leaked if ``secret``, any ``also`` or a ``canonical`` of 6+
  characters is in the redacted text, as written or normalised), and the
  false-positive rate by category of benign line; and the same corpus as JSON
  documents through ``scrub`` (the store's choke point): benign lines beside
  their neighbours, secrets whole and split across two values;
- with ``--sessions DIR``: every Claude Code hook event in DIR's JSON files (and
  its tool input and response) through ``scrub``: how many come out changed.

Defaults read the committed corpora in tests/fixtures/. Another corpus written
the same way can be passed with --secrets / --benign. Data read with --locomo is
never copied; the output holds only numbers (and the benign lines flagged, which
are not secrets).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
import unicodedata
from collections import Counter
from pathlib import Path
from typing import Any

from remem.config import Config
from remem.secrets import find_secrets, redact, scrub, secret_is_point
from remem.textnorm import strip_invisible

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"


def detection(path: Path, config: Config) -> dict[str, Any]:
    rows = [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]
    caught = [row for row in rows if row["secret"] not in redact(row["text"])]
    rejected = sum(
        secret_is_point(r["text"], min_words=config.secret_context_min_words) for r in rows
    )
    kinds = Counter(s.kind for row in rows for s in find_secrets(row["text"]))
    return {
        "corpus": str(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path),
        "texts": len(rows),
        "detected": len(caught),
        "detection_rate": round(len(caught) / len(rows), 4) if rows else 0.0,
        "missed": [row["text"][:40] + "…" for row in rows if row not in caught],
        "would_reject": rejected,
        "would_store_redacted": len(caught) - rejected,
        "kinds": dict(sorted(kinds.items())),
    }


def _plain(text: str) -> str:
    return unicodedata.normalize("NFKC", strip_invisible(text))


def leaked(row: dict[str, Any], out: str) -> bool:
    """The blind corpus's scoring (its README): any value found, raw or normalised."""
    values = [row["secret"], *row.get("also", [])]
    if len(row.get("canonical") or "") >= 6:
        values.append(row["canonical"])
    plain = _plain(out)
    return any(v in out or _plain(v) in plain for v in values)


def blind(directory: Path, split: str) -> dict[str, Any]:
    """Detection by kind and false positives by category on one half of a blind corpus."""
    lines = (directory / f"secrets.{split}.jsonl").read_text("utf-8").splitlines()
    rows = [json.loads(line) for line in lines if line.strip()]
    by_kind: dict[str, list[int]] = {}
    missed = []
    for row in rows:
        ok = not leaked(row, redact(row["text"]))
        tally = by_kind.setdefault(row["kind"], [0, 0])
        tally[0] += ok
        tally[1] += 1
        if not ok:
            missed.append(f"{row['id']} {row['kind']}")
    benign = (directory / f"benign.{split}.txt").read_text("utf-8").splitlines()
    categories = [
        json.loads(line)["category"]
        for line in (directory / f"benign.{split}.categories.jsonl").read_text("utf-8").splitlines()
    ]
    by_category: dict[str, list[int]] = {}
    flagged = []
    for text, category in zip(benign, categories, strict=True):
        found = sorted({s.kind for s in find_secrets(text)})
        tally = by_category.setdefault(category, [0, 0])
        tally[0] += bool(found)
        tally[1] += 1
        if found:
            flagged.append({"category": category, "kinds": found, "text": text})
    detected = sum(t[0] for t in by_kind.values())
    fps = sum(t[0] for t in by_category.values())
    return {
        "split": split,
        "secrets": len(rows),
        "detected": detected,
        "detection_rate": round(detected / len(rows), 4) if rows else 0.0,
        "by_kind": {k: f"{a}/{b}" for k, (a, b) in sorted(by_kind.items())},
        "missed": missed,
        "benign": len(benign),
        "flagged": fps,
        "false_positive_rate": round(fps / len(benign), 4) if benign else 0.0,
        "flagged_by_category": {k: f"{a}/{b}" for k, (a, b) in sorted(by_category.items())},
        "flagged_lines": flagged,
    }


def _json_shapes(text: str, before: str, after: str) -> list[Any]:
    """``text`` as the store writes it inside JSON (a tool call's input, a journal
    row's list of turns, a record beside an id): the documents a line can reach the
    choke point in, with its neighbouring lines as the other values."""
    return [
        {"command": text, "description": "run it"},
        [before, text, after],
        {"session_id": "agent-7f3a", "text": text, "next": after},
    ]


def _strings(value: Any) -> list[str]:
    """Every string of a decoded JSON document (keys too), in order."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (*_strings(k), *_strings(v))]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def _split_shapes(text: str, secret: str) -> dict[str, Any]:
    """A secret's text as JSON whose values hold the secret together only: cut where
    the secret starts (two items of a list, or two fields), or cut inside it."""
    cut = text.find(secret)
    if cut <= 0:
        return {}
    half = cut + len(secret) // 2
    return {
        "cut_at_secret_list": [text[:cut], text[cut:]],
        "cut_at_secret_fields": {"note": text[:cut], "value": text[cut:]},
        "cut_inside_secret_list": [text[:half], text[half:]],
    }


def json_blind(directory: Path, split: str) -> dict[str, Any]:
    """The blind corpus as JSON documents through :func:`remem.secrets.scrub` (the
    store's choke point). A benign line goes into three documents
    (:func:`_json_shapes`, its neighbouring lines as the other values): a document is
    a false positive when scrub changes it at all. A secret's text goes into the same
    three ("whole") and into the split shapes of :func:`_split_shapes`: a document
    leaks when the secret, an ``also`` value or its ``canonical`` form survives in
    its decoded strings (read one a line, and joined)."""
    lines = (directory / f"secrets.{split}.jsonl").read_text("utf-8").splitlines()
    rows = [json.loads(line) for line in lines if line.strip()]
    benign = (directory / f"benign.{split}.txt").read_text("utf-8").splitlines()
    docs = changed = 0
    changed_lines: list[str] = []
    for i, text in enumerate(benign):
        around = (benign[i - 1], benign[(i + 1) % len(benign)])
        hit = False
        for shape in _json_shapes(text, *around):
            raw = json.dumps(shape, ensure_ascii=False)
            docs += 1
            if scrub(raw) != raw:
                changed += 1
                hit = True
        if hit:
            changed_lines.append(text)
    tally: dict[str, list[int]] = {}
    for row in rows:
        shapes = {f"whole_{i}": s for i, s in enumerate(_json_shapes(row["text"], "ok", "done"))}
        shapes.update(_split_shapes(row["text"], row["secret"]))
        for name, shape in shapes.items():
            stored = json.loads(scrub(json.dumps(shape, ensure_ascii=False)))
            strings = _strings(stored)
            kept = leaked(row, "\n".join(strings)) or leaked(row, "".join(strings))
            group = "whole" if name.startswith("whole") else name
            counts = tally.setdefault(group, [0, 0, 0])
            counts[0] += not kept
            counts[1] += 1
            if kept:
                counts[2] += 1
    return {
        "split": split,
        "benign_documents": docs,
        "benign_documents_changed": changed,
        "benign_lines_changed": len(changed_lines),
        "benign_changed_lines": changed_lines,
        "secret_documents_caught": {k: f"{a}/{b}" for k, (a, b, _) in tally.items()},
    }


def hook_events(directory: Path) -> dict[str, Any]:
    """Claude Code sessions (JSON files of hook events, as in /work/evalsets/sessions/):
    every event, its ``tool_input`` and its ``tool_response`` through
    :func:`remem.secrets.scrub` as a store writes them; how many come out changed,
    with what scrub took out of each (the kinds and the first characters around)."""
    docs = 0
    changed: list[dict[str, Any]] = []

    def events(value: Any) -> Any:
        if isinstance(value, dict):
            if "hook" in value:
                yield value
            for item in value.values():
                yield from events(item)
        elif isinstance(value, list):
            for item in value:
                yield from events(item)

    for path in sorted(directory.glob("*.json")):
        for event in events(json.loads(path.read_text("utf-8"))):
            for doc in (event, event.get("tool_input"), event.get("tool_response")):
                if doc is None:
                    continue
                raw = json.dumps(doc, ensure_ascii=False)
                out = scrub(raw)
                docs += 1
                if out != raw:
                    gone = [s for s in _strings(doc) if s not in _strings(json.loads(out))]
                    changed.append({"file": path.name, "values_changed": [g[:80] for g in gone]})
    return {"documents": docs, "changed": len(changed), "changed_documents": changed}


def false_positives(texts: list[str], name: str) -> dict[str, Any]:
    flagged = [(t, sorted({s.kind for s in find_secrets(t)})) for t in texts if find_secrets(t)]
    return {
        "corpus": name,
        "texts": len(texts),
        "flagged": len(flagged),
        "false_positive_rate": round(len(flagged) / len(texts), 4) if texts else 0.0,
    }


def benign_lines(path: Path) -> list[str]:
    lines = path.read_text("utf-8").splitlines()
    return [line for line in lines if line and not line.startswith("# ")]


def locomo_turns(path: Path) -> list[str]:
    data = json.loads(path.read_text("utf-8"))
    turns: list[str] = []
    for sample in data if isinstance(data, list) else [data]:
        for key, value in sample.get("conversation", {}).items():
            if key.startswith("session_") and isinstance(value, list):
                turns += [str(t.get("text", "")) for t in value if t.get("text")]
    return turns


def overhead(n: int, texts: list[str]) -> dict[str, Any]:
    """Time ``n`` raw adds with the store's redaction on and off (same process,
    alternating batches so both see the same machine load)."""
    from remem import secrets
    from remem.memory import Memory
    from remem.store import codec, redacting

    spent = [0.0]  # CPU inside the store's redaction (connection and codec), "on" only

    def timed(fn: Any) -> Any:
        def wrapper(arg: Any) -> Any:
            began = time.process_time()
            try:
                return fn(arg)
            finally:
                spent[0] += time.process_time() - began

        return wrapper

    on = {"scrub_params": timed(secrets.scrub_params), "redact": timed(secrets.redact)}
    off = {"scrub_params": lambda params: params, "redact": lambda text: text}

    def switch(state: dict[str, Any]) -> None:
        redacting.scrub_params = state["scrub_params"]  # type: ignore[attr-defined]
        codec.redact = state["redact"]  # type: ignore[attr-defined]

    config = Config(embedder="fake")
    times = {"on": 0.0, "off": 0.0}
    cpu = {"on": 0.0, "off": 0.0}
    batch = 100
    with tempfile.TemporaryDirectory() as tmp:
        stores = {k: Memory(Path(tmp) / f"{k}.db", config=config) for k in times}
        try:
            for start in range(0, n, batch):
                for key, state in (
                    (("on", on), ("off", off)) if start % 200 else (("off", off), ("on", on))
                ):
                    switch(state)
                    began, began_cpu = time.perf_counter(), time.process_time()
                    for i in range(start, min(n, start + batch)):
                        stores[key].add(f"{texts[i % len(texts)]} #{i}", user_id="bench")
                    times[key] += time.perf_counter() - began
                    cpu[key] += time.process_time() - began_cpu
        finally:
            switch({"scrub_params": secrets.scrub_params, "redact": secrets.redact})
            for store in stores.values():
                store.close()
    return {
        "adds": n,
        "wall_time_ratio_on_over_off": round(times["on"] / times["off"], 3),
        "cpu_time_ratio_on_over_off": round(cpu["on"] / cpu["off"], 3),
        "redaction_share_of_cpu_on": round(spent[0] / cpu["on"], 3),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--secrets", type=Path, default=FIXTURES / "secrets_corpus.jsonl")
    parser.add_argument("--benign", type=Path, default=FIXTURES / "secrets_benign.txt")
    parser.add_argument("--locomo", type=Path, help="LoCoMo-format JSON: every turn is benign")
    parser.add_argument("--overhead", type=int, default=0, metavar="N", help="time N raw adds")
    parser.add_argument("--blind", type=Path, help="a blind corpus directory (see above)")
    parser.add_argument("--sessions", type=Path, help="a folder of Claude Code hook-event JSON")
    parser.add_argument("--split", default="dev", help="its half: dev or held (held: once)")
    parser.add_argument("--out", type=Path, default=Path("bench/results/secret_detection.json"))
    args = parser.parse_args(argv)
    config = Config()
    benign = benign_lines(args.benign)
    result: dict[str, Any] = {
        "command": "python bench/secret_detection.py "
        + " ".join(argv if argv is not None else sys.argv[1:]),
        "secrets": detection(args.secrets, config),
        "benign": false_positives(benign, str(args.benign.name)),
    }
    result["benign"]["flagged_texts"] = [t for t in benign if find_secrets(t)]
    if args.locomo:
        result["locomo_turns"] = false_positives(locomo_turns(args.locomo), "locomo turns")
    if args.blind:
        result["blind"] = blind(args.blind, args.split)
        result["blind_json"] = json_blind(args.blind, args.split)
    if args.sessions:
        result["hook_events"] = hook_events(args.sessions)
    if args.overhead:
        result["overhead"] = overhead(args.overhead, [t for t in benign if "[REDACTED:" not in t])
    text = json.dumps(result, indent=2, ensure_ascii=False)
    print(text)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
