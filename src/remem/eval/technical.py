"""Text damage: do technical tokens pass sentence splitting and extraction byte for byte?

A corpus file holds one JSON object a line::

    {"id": "t001", "text": "The primary database is db-1.us-east-2.rds.amazonaws.com.",
     "tokens": ["db-1.us-east-2.rds.amazonaws.com"], "sentences": ["..."]}

``sentences`` (optional) is what the splitter must return for ``text``. Each
text is said by one user (``SPEAKER``) through the rules extractor; every token
must then occur, byte for byte, in the facts extracted from it. Two exceptions,
counted apart and never as damage:

- a token holding a relative date ("3 p.m. tomorrow") is looked for as the
  extractor resolves it ("3 p.m. on 2 May 2024"): dates are made absolute on
  purpose;
- a token whose sentence yields no fact on its own (a question, a greeting, an
  instruction the extractor drops) is *filtered*, not damaged.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from remem.config import Config
from remem.errors import ValidationError
from remem.write.dates import resolve_relative_dates
from remem.write.extract.base import ExtractContext
from remem.write.extract.rules import RulesExtractor
from remem.write.extract.sentences import sentences
from remem.write.transcript import Message

SPEAKER = "Dana"
SAID_AT = datetime(2024, 5, 1, 9, 0, tzinfo=UTC)


def load_corpus(path: str | Path) -> list[dict[str, Any]]:
    """The items of a JSON-lines corpus, checked for ``id``, ``text`` and ``tokens``."""
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
        items = [json.loads(line) for line in lines if line.strip()]
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValidationError(f"cannot read the corpus {path}: {exc}") from exc
    for n, item in enumerate(items, start=1):
        ok = isinstance(item, dict) and isinstance(item.get("text"), str)
        if not ok or not isinstance(item.get("tokens"), list) or not item.get("id"):
            raise ValidationError(f"{path}: item {n} needs id, text and tokens")
    if not items:
        raise ValidationError(f"{path}: no items")
    return items


def _facts(extractor: RulesExtractor, context: ExtractContext, text: str) -> list[str]:
    message = Message(speaker=SPEAKER, role="user", text=text, timestamp=SAID_AT)
    return [f.content for f in extractor.extract([message], context=context)]


def run_technical(path: str | Path, *, config: Config | None = None) -> dict[str, Any]:
    """Check every item of the corpus at ``path`` (see the module doc)."""
    items = load_corpus(path)
    extractor = RulesExtractor()
    context = ExtractContext(config=config or Config.model_validate({}), user_name=None)
    split_wrong: list[dict[str, Any]] = []
    damaged: list[dict[str, Any]] = []
    filtered: list[str] = []
    tokens = 0
    for item in items:
        text = item["text"]
        found = sentences(text)
        if "sentences" in item and found != item["sentences"]:
            split_wrong.append({"id": item["id"], "got": found, "want": item["sentences"]})
        facts = _facts(extractor, context, text)
        joined = "\n".join(facts)
        for token in item["tokens"]:
            tokens += 1
            resolved = resolve_relative_dates(token, SAID_AT)
            if token in joined or resolved in joined:
                continue
            own = next((s for s in found if token in s), text)
            if not _facts(extractor, context, own):
                filtered.append(f"{item['id']}: {token}")
                continue
            damaged.append({"id": item["id"], "token": token, "facts": facts})
    return {
        "benchmark": "technical",
        "data": Path(path).name,
        "items": len(items),
        "multi_sentence": sum("sentences" in item for item in items),
        "tokens": tokens,
        "sentences_wrong": len(split_wrong),
        "tokens_damaged": len(damaged),
        "tokens_filtered": len(filtered),
        "split_failures": split_wrong,
        "damage": damaged,
        "filtered": filtered,
    }


def format_summary(result: Mapping[str, Any]) -> str:
    """A short human-readable summary of :func:`run_technical`'s result."""
    lines = [
        f"text damage on {result['data']}: {result['items']} texts "
        f"({result['multi_sentence']} multi-sentence), {result['tokens']} tokens",
        f"  sentence splits wrong  {result['sentences_wrong']}",
        f"  tokens damaged         {result['tokens_damaged']}",
        f"  tokens filtered        {result['tokens_filtered']} (their sentence states no fact)",
    ]
    lines += [f"  split {f['id']}: {f['got']} (want {f['want']})" for f in result["split_failures"]]
    lines += [f"  damaged {d['id']}: {d['token']!r} in {d['facts']}" for d in result["damage"]]
    lines += [f"  filtered {f}" for f in result["filtered"]]
    return "\n".join(lines)
