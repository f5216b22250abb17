#!/usr/bin/env python3
"""Validate the updates6 evaluation set (stdlib only). Exit 0 = all invariants hold."""
import json, os, sys
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
UPDATE_CLASSES = {"move_named", "new_state_unnamed_old", "frequency_amount", "habit_order",
                  "category_word", "my_new_x", "second_clause", "no_marker", "embedded",
                  "negation_only"}
CONTROL_CLASSES = {"relative_subject", "additive", "other_slot", "same_word_other_thing",
                   "hypothetical_or_plan"}
REQUIRED_STYLES = {"first_person", "chatty", "terse", "formal", "lowercase_typos",
                   "voice_transcript", "non_native", "technical", "third_person", "we",
                   "reason_before", "reason_after", "emoji_slang"}
OWN_STYLES = {"email", "bullet_list", "sms", "quoted_speech", "diary", "form_field",
              "reply_to_question", "self_correction"}
STYLES = REQUIRED_STYLES | OWN_STYLES
UPDATE_KEYS = ["id", "class", "style", "speaker", "before", "after", "q", "new", "old"]
CONTROL_KEYS = UPDATE_KEYS + ["keep"]
# names/products used in the format reference; must not be reused
FORBIDDEN = ["kofi", "buildkite", "circleci", "leeds"]
NEGATION_WORDS = ["quit", "stopped", "no longer", "cancelled", "gave up", "given up", "give up",
                  "anymore", "any more", "don't", "not ", "switched off", "came off", "closed",
                  "broke the habit", "let that go", "take me off", "stepped down"]

errors = []


def err(msg):
    errors.append(msg)


def load(name):
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        return json.load(f)


full = load("updates6.json")
dev = load("updates6.dev.json")
held = load("updates6.held.json")

if not isinstance(full, list):
    err("updates6.json is not a list")
ids = [it.get("id") for it in full]
if len(ids) != len(set(ids)):
    err("duplicate ids: %s" % [i for i, n in Counter(ids).items() if n > 1])

for it in full:
    iid = it.get("id", "?")
    cls = it.get("class")
    is_ctrl = cls in CONTROL_CLASSES
    if cls not in UPDATE_CLASSES | CONTROL_CLASSES:
        err("%s: unknown class %r" % (iid, cls))
        continue
    want = CONTROL_KEYS if is_ctrl else UPDATE_KEYS
    if list(it.keys()) != want:
        err("%s: keys %s != %s" % (iid, list(it.keys()), want))
    if not (isinstance(iid, str) and len(iid) == 4 and iid[0] == "w" and iid[1:].isdigit()):
        err("%s: bad id format" % iid)
    if it.get("style") not in STYLES:
        err("%s: unknown style %r" % (iid, it.get("style")))
    for k in ("speaker", "before", "after", "q", "new"):
        if not isinstance(it.get(k), str) or not it[k].strip():
            err("%s: empty %s" % (iid, k))
    if any(errors and e.startswith(iid + ": empty") for e in errors):
        continue
    b, a, new = it["before"].lower(), it["after"].lower(), it["new"].lower()
    if b.strip() == a.strip():
        err("%s: before == after" % iid)
    if it["speaker"].split()[0].lower() not in it["q"].lower():
        err("%s: q does not name the speaker" % iid)
    if not it["q"].rstrip().endswith("?"):
        err("%s: q is not a question" % iid)
    text = (b + " " + a + " " + it["speaker"].lower())
    for w in FORBIDDEN:
        if w in text:
            err("%s: forbidden reused token %r" % (iid, w))
    if is_ctrl:
        if it["old"] is not None:
            err("%s: control must have old=null" % iid)
        keep = it.get("keep")
        if not isinstance(keep, str) or not keep:
            err("%s: control without keep" % iid)
        elif keep.lower() not in b:
            err("%s: keep %r not in before" % (iid, keep))
        if new not in b and new not in a:
            err("%s: new %r in neither statement" % (iid, new))
    else:
        old = it["old"]
        if not isinstance(old, str) or not old:
            err("%s: update without old" % iid)
            continue
        if old != old.lower():
            err("%s: old %r not lower-case" % (iid, old))
        if old not in b:
            err("%s: old %r not in before" % (iid, old))
        if old in a:
            err("%s: old %r occurs in after" % (iid, old))
        if new not in a:
            err("%s: new %r not in after" % (iid, new))
        if new in b:
            err("%s: new %r occurs in before" % (iid, new))
        if cls == "negation_only" and not any(w in a for w in NEGATION_WORDS):
            err("%s: negation_only after has no negation/ending word" % iid)
        if cls == "embedded":
            n_sent = sum(a.count(p) for p in (". ", "! ", "? ", "\n- ")) + 1
            if n_sent < 3 and len(a.split()) < 35:
                err("%s: embedded after is not a multi-topic message" % iid)
        if cls == "my_new_x" and "new" not in a:
            err("%s: my_new_x after lacks 'new'" % iid)

# ---- mix and size
cls_counts = Counter(it["class"] for it in full)
n = len(full)
n_ctrl = sum(cls_counts[c] for c in CONTROL_CLASSES)
if not 220 <= n <= 260:
    err("size %d outside ~240" % n)
if n_ctrl / n < 0.28:
    err("controls %d/%d < 28%%" % (n_ctrl, n))
for c in UPDATE_CLASSES:
    if not 15 <= cls_counts[c] <= 20:
        err("update class %s has %d items (want 15-20)" % (c, cls_counts[c]))
for c in CONTROL_CLASSES:
    if not 12 <= cls_counts[c] <= 15:
        err("control class %s has %d items (want 12-15)" % (c, cls_counts[c]))
style_counts = Counter(it["style"] for it in full)
for s in REQUIRED_STYLES:
    if style_counts[s] < 5:
        err("required style %s has only %d items" % (s, style_counts[s]))
own_used = [s for s in OWN_STYLES if style_counts[s] >= 3]
if len(own_used) < 4:
    err("fewer than four own styles in use")
style_classes = defaultdict(set)
for it in full:
    style_classes[it["style"]].add(it["class"])
for s in REQUIRED_STYLES:
    if len(style_classes[s]) < 8:
        err("style %s spread over only %d classes" % (s, len(style_classes[s])))
# no template reuse: identical (before, after) pairs or identical sentences
for k in ("before", "after", "q"):
    dup = [v for v, c in Counter(it[k] for it in full).items() if c > 1]
    if dup:
        err("duplicate %s texts: %s" % (k, dup))
speakers = Counter(it["speaker"] for it in full)
dup_sp = [s for s, c in speakers.items() if c > 1]
if len(dup_sp) > 5:
    err("too many repeated speakers: %s" % dup_sp)

# ---- split
dev_ids = [it["id"] for it in dev]
held_ids = [it["id"] for it in held]
if set(dev_ids) & set(held_ids):
    err("dev and held overlap")
if sorted(dev_ids + held_ids) != sorted(ids):
    err("dev + held != full")
by_id = {it["id"]: it for it in full}
for part, name in ((dev, "dev"), (held, "held")):
    for it in part:
        if by_id.get(it["id"]) != it:
            err("%s item %s differs from full" % (name, it["id"]))
for key in ("class", "style"):
    cd = Counter(it[key] for it in dev)
    ch = Counter(it[key] for it in held)
    limit = 1 if key == "class" else 2
    for v in set(cd) | set(ch):
        if abs(cd[v] - ch[v]) > limit:
            err("split unbalanced on %s=%s: dev %d held %d" % (key, v, cd[v], ch[v]))
if abs(len(dev) - len(held)) > 2:
    err("split sizes %d/%d" % (len(dev), len(held)))

# ---- no reuse of the shared dev file (names and sentences); only our ids are reported
shared = "/work/shared/bench/updates-dev.json"
if os.path.exists(shared):
    try:
        other = json.load(open(shared, encoding="utf-8"))
        o_names = {str(r.get("speaker", "")).lower() for r in other}
        o_texts = {str(r.get(k, "")).strip().lower() for r in other for k in ("before", "after", "q")}
        for it in full:
            if it["speaker"].lower() in o_names:
                err("%s: speaker name reused from shared dev file" % it["id"])
            for k in ("before", "after", "q"):
                if it[k].strip().lower() in o_texts:
                    err("%s: %s text reused from shared dev file" % (it["id"], k))
    except (ValueError, OSError):
        pass

if errors:
    print("\n".join(errors))
    print("FAILED: %d problem(s)" % len(errors))
    sys.exit(1)
print("OK: %d items (%d updates, %d controls = %.0f%%), dev %d, held %d"
      % (n, n - n_ctrl, n_ctrl, 100.0 * n_ctrl / n, len(dev), len(held)))
sys.exit(0)
