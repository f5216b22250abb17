#!/usr/bin/env python3
"""Build updates7 json files, split, annotations and README counts from items.py."""
import json
import os
import sys
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from items import ITEMS  # noqa: E402

UPDATE_CLASSES = ["move_named", "new_state_unnamed_old", "frequency_amount", "habit_order",
                  "category_word", "my_new_x", "second_clause", "no_marker", "embedded",
                  "negation_only"]
CONTROL_CLASSES = ["relative_subject", "additive", "other_slot", "same_word_other_thing",
                   "hypothetical_or_plan"]
STYLES = ["first_person", "chatty", "terse", "formal", "lowercase_typos", "voice_transcript",
          "non_native", "technical", "third_person", "we", "reason_before", "reason_after",
          "emoji_slang", "email", "bullet_list", "sms", "quoted_speech", "diary", "form_field",
          "reply_to_assistant"]

items, ann = [], {}
for i, it in enumerate(ITEMS, 1):
    iid = "w%03d" % i
    d = {"id": iid, "class": it["cls"], "style": it["style"], "speaker": it["speaker"],
         "before": it["before"], "after": it["after"], "q": it["q"], "new": it["new"],
         "old": it["old"]}
    if it["old"] is None:
        d["keep"] = it["keep"]
    else:
        ann[iid] = {"cue": it["cue"], "tags": it["tags"]}
    items.append(d)

# ---- split: per class, order by style, alternate; pick the starting side per class that
# keeps per-style dev/held counts most balanced so far.
by_class = defaultdict(list)
for d in items:
    by_class[d["class"]].append(d)
split = {}
style_bal = Counter()   # dev minus held per style
size_bal = 0
for ci, cls in enumerate(UPDATE_CLASSES + CONTROL_CLASSES):
    group = sorted(by_class[cls], key=lambda d: (STYLES.index(d["style"]), d["id"]))
    best = None
    for start in (0, 1):
        sb = Counter(style_bal)
        for k, d in enumerate(group):
            sb[d["style"]] += 1 if (k + start) % 2 == 0 else -1
        tot = size_bal + sum(1 if (k + start) % 2 == 0 else -1 for k in range(len(group)))
        cost = sum(abs(v) for v in sb.values()) + 2 * abs(tot)
        if best is None or cost < best[0]:
            best = (cost, start, sb, tot)
    _, start, style_bal, size_bal = best
    for k, d in enumerate(group):
        split[d["id"]] = "dev" if (k + start) % 2 == 0 else "held"

dev = [d for d in items if split[d["id"]] == "dev"]
held = [d for d in items if split[d["id"]] == "held"]


def dump(path, obj):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(obj, f, ensure_ascii=False, indent=1)
        f.write("\n")


dump(os.path.join(OUT, "updates7.json"), items)
dump(os.path.join(OUT, "updates7.dev.json"), dev)
dump(os.path.join(OUT, "updates7.held.json"), held)
dump(os.path.join(OUT, "annotations.json"), ann)

# ---- README
def table_rows(key, order):
    rows = []
    for k in order:
        a = sum(1 for d in items if d[key] == k)
        b = sum(1 for d in dev if d[key] == k)
        c = sum(1 for d in held if d[key] == k)
        rows.append("| %s | %d | %d | %d |" % (k, a, b, c))
    return "\n".join(rows)


n_upd = sum(1 for d in items if d["old"] is not None)
n_ctl = len(items) - n_upd
tagc = Counter(t for a in ann.values() for t in a["tags"])
tag_lines = "\n".join("| %s | %d | %.0f%% |" % (t, tagc[t], 100.0 * tagc[t] / n_upd)
                      for t in ["rare", "split", "newfirst", "agent", "timeword", "selfcorrect"])

kwab = [d["id"] for d in items if d["speaker"] == "Kwabena"][0][1:]
readme = f"""# updates7 — everyday knowledge updates with controls

Written blind (no project code, tests or other bench data read; only the format section of the
judgement README). {len(items)} items: {n_upd} updates, {n_ctl} controls
({100.0 * n_ctl / len(items):.1f}% controls).

Files:
* `updates7.json` — full set
* `updates7.dev.json` ({len(dev)}) / `updates7.held.json` ({len(held)}) — split, see below
* `annotations.json` — per update item: the change cue as it appears in `after` and tags
  (not part of the item format; used by `validate.py` to check the mix requirements)
* `validate.py` — stdlib checker, exit 0 = OK (`python3 validate.py`)
* `src/items.py`, `src/build.py` — the hand-written source and the build/split script

## Protocol (same as the judgement "Updates" format)
Ingest `before`, then `after`, both as statements by `speaker`. Ask `q`.
* Update (`old` is a string): the first memory returned for `q` must contain `new`
  (case-insensitive) and the memory holding `old` must no longer be active. `old` is a lower-case
  substring of lower-cased `before` that never occurs in `after`; `new` is in `after`, not in `before`.
* Control (`old` is null, `keep` given): `after` must not supersede `before`; the memory containing
  `keep` (exact substring of `before`) stays active and `new` (from either statement) must be in the
  first memory returned.

For `negation_only`, `new` is the word(s) of `after` that answer `q` with the absence
("given up", "packed in", "stepped down", "ex-smoker", ...).

## Counts by class (full / dev / held)
| class | full | dev | held |
| --- | --- | --- | --- |
{table_rows("class", UPDATE_CLASSES + CONTROL_CLASSES)}

## Counts by style (full / dev / held)
| style | full | dev | held |
| --- | --- | --- | --- |
{table_rows("style", STYLES)}

Own styles beyond the brief's list: `email` (email/letter excerpt), `bullet_list`, `sms`
(texting abbreviations), `quoted_speech`, `diary`, `form_field` (form-like `field: value` lines,
sometimes `old -> new`), `reply_to_assistant` (answer to a question the assistant asked).

## Update mix (from annotations.json, share of {n_upd} updates)
| tag | items | share |
| --- | --- | --- |
{tag_lines}

* `rare` — the change is told with a verb/construction outside the obvious set (switched, changed,
  moved, now, no longer, instead, anymore), and `after` contains none of those words at all
  (e.g. "parked it all with", "gone over to", "ripped out", "hiked its fees",
  "got the chop", "packed in", "handed in my badge", "bumped me up to", "→"). The tag is
  generous: it also covers plain constructions such as "made senior associate", "passed the
  Level 3 assessment", "it's the bus in the morning".
* `split` — cue and new value in different clauses or sentences.
* `newfirst` — new value opens a sentence ("Oat milk from the co-op is what we drink").
* `agent` — another person or role makes the change to the speaker's slot
  ("the landlord put the rent up", "the diabetes nurse said let's take you up to 1000 mg").
* `timeword` — told with a time word ("Since March it's been V5", "as of the 1st", "these days").
* `selfcorrect` — the speaker corrects themselves ("Correction to what I said earlier", "wait no").

## Split
Stratified by class and style: within each class the items are ordered by style and assigned
alternately to dev/held; the starting side for each class is chosen greedily to keep every
style's dev/held counts (and the overall sizes) as even as possible. Dev {len(dev)}, held {len(held)}.
Develop on dev; run held once.

## Checks and caveats
* `validate.py` checks the item format, every update/control invariant, unique ids and speakers,
  class/style counts and spread, the split (dev + held = full, per-class difference <= 1,
  per-style difference <= 2), the annotation-based mix (rare >= 25%, split >= 15%, and minimum
  counts for newfirst/agent/timeword/selfcorrect), that `after` openings are not repeated
  (no three-word opening used more than twice), and that names/products from the format
  reference are not reused.
* Overlap with `/work/shared/bench/updates-dev.json` was checked by script without reading it
  (speaker names, sentences, capitalised tokens); colliding names/products were replaced.
* Borderline items worth knowing about: w{kwab} keeps a superseded intermediate value in the
  same message ("£350 ... wait no, £400"); a few items describe a current state that is
  temporary ("im seein jess ... til she's back") or just agreed ("got the job!! start mon").
"""
with open(os.path.join(OUT, "README.md"), "w", encoding="utf-8") as f:
    f.write(readme)
print("built", len(items), "dev", len(dev), "held", len(held))
