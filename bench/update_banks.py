"""False supersedes without hand labels: the lifecycle worlds' statements, paired.

A simulated year (``bench/worlds/world2.py`` with a phrasing bank) says which fact
each statement belongs to. Every message of the year (facts, notes, chatter,
requests, in the replay's order) goes through the write path's offline extractor and
gate; each accepted fact is compared with its nearest earlier facts (cosine of the
configured embedder, as the write path finds neighbours) by
:func:`remem.slots.compare` with the embedding evidence, as the write path scores it.

- **false**: an older statement of a fact scored as updated by a fact of anything
  else (another fact, a note, chatter, a request): a current fact hidden;
- **updates found**: an updated fact's statement that scores as an update of its
  previous statement (any fact of one message against any of the other).

Pairs of one fact, of one note, and of two notes with one key (today's low tide
and Friday's) are neither. Each ``--variant`` (JSON Config overrides) is scored
over the same pairs:

    .venv/bin/python bench/update_banks.py --banks dev third fourth --seeds 1 \
        --variant now='{}' --verbose

The banks are read at run time; the output holds counts (``--verbose`` prints the
false pairs and the missed updates to stderr).
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from remem.config import Config
from remem.providers.registry import get_embedder
from remem.slots import Fact, analyse, compare
from remem.slots.compare import texts_to_embed
from remem.slots.semantic import lookup
from remem.write.extract.base import ExtractContext
from remem.write.extract.rules import RulesExtractor
from remem.write.gate import gate
from remem.write.transcript import Message

WORLDS = Path(__file__).resolve().parent / "worlds"


@dataclass(frozen=True, slots=True)
class Said:
    """One accepted fact of the year: the message it came from and what that was."""

    message: int
    source: str  # "fact", "note", "chatter", "request"
    owner: str  # a fact's or a note's id ("" for chatter and requests)
    step: int  # a fact's statement index
    value: str | None  # the statement's value words
    key: str  # a fact's or a note's key
    text: str
    speaker: str | None


def year(bank: str, seed: int) -> tuple[list[tuple[str, str, str, int, str | None, str]], str]:
    """The messages of ``bank``'s year for ``seed`` in replay order: ``(text, source,
    owner, step, value, key)``, and the speaker."""
    sys.path.insert(0, str(WORLDS))
    world2 = importlib.import_module("world2")
    world = world2.generate(bank, seed)
    writes: list[tuple[int, int, int, tuple[str, str, str, int, str | None, str]]] = []
    for fact in world["facts"]:
        for step, s in enumerate(fact["statements"]):
            item = (s["text"], "fact", fact["id"], step, s.get("value"), fact["key"])
            writes.append((s["day"], 0, len(writes), item))
    for note in world["notes"]:
        item = (note["text"], "note", note["id"], 0, note.get("value"), note["key"])
        writes.append((note["day"], 1, len(writes), item))
    for order, kind in ((2, "chatter"), (3, "request")):
        for c in world["chatter" if kind == "chatter" else "requests"]:
            writes.append((c["day"], order, len(writes), (c["text"], kind, "", 0, None, "")))
    speaker = world["user"].split()[0].capitalize()
    return [w[3] for w in sorted(writes)], speaker


def accepted(messages: list[tuple[str, str, str, int, str | None, str]], speaker: str,
             config: Config) -> list[Said]:  # fmt: skip
    """The facts the write path's extractor and gate keep, message by message."""
    context = ExtractContext(config=config)
    out: list[Said] = []
    for i, (text, source, owner, step, value, key) in enumerate(messages):
        message = Message(speaker=speaker, role="user", text=text)
        for fact in RulesExtractor().extract([message], context=context):
            if gate(fact, config=config).accepted:
                out.append(Said(i, source, owner, step, value, key, fact.content, fact.speaker))
    return out


def label(old: Said, new: Said) -> str | None:
    """``false``, ``update`` (an updated fact's next statement), or None (neither)."""
    if old.source == "fact":
        if new.source != "fact" or new.owner != old.owner:
            return "false"
        changed = old.value and new.value and old.value != new.value
        return "update" if new.step == old.step + 1 and changed else None
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--banks", nargs="+", default=["dev", "third", "fourth"])
    parser.add_argument("--seeds", nargs="+", type=int, default=[1])
    parser.add_argument("--neighbours", type=int, default=10)
    parser.add_argument(
        "--variant", action="append", default=[], metavar="NAME=JSON", help="Config overrides"
    )
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args(argv)
    variants = dict(v.split("=", 1) for v in args.variant) or {"default": "{}"}
    config = Config.load()
    embedder = get_embedder(config.embedder, config)
    result: dict[str, object] = {"benchmark": "update-banks", "embedder": config.embedder}
    worlds: dict[str, object] = {}
    for bank in args.banks:
        for seed in args.seeds:
            worlds[f"{bank}-{seed}"] = _world(bank, seed, args, variants, config, embedder)
    result["worlds"] = worlds
    result["total"] = {
        name: {
            k: sum(w[name][k] for w in worlds.values())  # type: ignore[index]
            for k in ("false", "updates_found", "updates")
        }
        for name in variants
    }
    result["command"] = "python bench/update_banks.py " + " ".join(argv or sys.argv[1:])
    print(json.dumps(result, indent=2))
    return 0


def _world(bank: str, seed: int, args: argparse.Namespace, variants: dict[str, str],
           config: Config, embedder: object) -> dict[str, object]:  # fmt: skip
    messages, speaker = year(bank, seed)
    said = accepted(messages, speaker, config)
    vectors = np.asarray(embedder.embed_documents([s.text for s in said]))  # type: ignore[attr-defined]
    shapes: dict[int, Fact] = {}

    def shape(i: int) -> Fact:
        if i not in shapes:
            shapes[i] = analyse(said[i].text, said[i].speaker)
        return shapes[i]

    pairs: set[tuple[int, int]] = set()
    for i, s in enumerate(said):
        earlier = [j for j in range(i) if said[j].message < s.message]
        if earlier:
            sims = vectors[earlier] @ vectors[i]
            pairs.update((earlier[k], i) for k in np.argsort(-sims)[: args.neighbours])
        # an update's own pair, whether or not it is among the nearest
        pairs.update((j, i) for j in earlier if label(said[j], s) == "update")
    labelled = [(a, b, lab) for a, b in sorted(pairs) if (lab := label(said[a], said[b]))]
    scored = [
        (a, b, lab)
        for a, b, lab in labelled
        if compare(shape(a), shape(b), weights=config.update_weights).relation
        not in ("other", "same")
    ]
    texts = list(dict.fromkeys(t for a, b, _ in scored for t in texts_to_embed(shape(a), shape(b))))
    vecs = dict(zip(texts, embedder.embed_documents(texts), strict=True))  # type: ignore[attr-defined]
    events = {(said[b].owner, said[b].step) for _, b, lab in labelled if lab == "update"}
    out: dict[str, object] = {
        "messages": len(messages), "facts": len(said), "pairs": len(pairs),
        "updates": len(events),
    }  # fmt: skip
    for name, overrides in variants.items():
        cfg = config.model_copy(update=json.loads(overrides))
        similarity = lookup(
            vecs, cfg.update_slot_floor, cfg.update_kin_floor, cfg.update_slot_share,
            cfg.update_change_share, cfg.update_weak_cue_floor,
            cfg.update_tie_floor, cfg.update_person_margin,
        )  # fmt: skip
        false: list[str] = []
        found: set[tuple[str, int]] = set()
        for a, b, lab in scored:
            verdict = compare(shape(a), shape(b), weights=cfg.update_weights, similarity=similarity)
            if not verdict.updates(cfg.update_threshold):
                continue
            if lab == "update":
                found.add((said[b].owner, said[b].step))
            else:
                false.append(f"{said[a].text} => [{said[b].source}] {said[b].text} | "
                             + verdict.explain())  # fmt: skip
        if args.verbose:
            for line in false:
                print(f"{bank}-{seed} {name} FALSE: {line}", file=sys.stderr)
            for owner, step in sorted(events - found):
                texts_b = [s.text for s in said if s.owner == owner and s.step == step]
                texts_a = [s.text for s in said if s.owner == owner and s.step == step - 1]
                print(f"{bank}-{seed} {name} MISSED: {texts_a} => {texts_b}", file=sys.stderr)
        out[name] = {"false": len(false), "updates_found": len(found), "updates": len(events)}
    return out


if __name__ == "__main__":
    raise SystemExit(main())
