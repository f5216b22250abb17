#!/usr/bin/env python3
"""Validate the updates8 evaluation set. Stdlib only. Exit 0 = OK."""
import json, os, re, sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
errors = []
def err(m): errors.append(m)
def load(n):
    with open(os.path.join(HERE, n), encoding="utf-8") as f: return json.load(f)

full, dev, held = load("updates8.json"), load("updates8.dev.json"), load("updates8.held.json")
tags = load("tags.json")

UPDATE_CLASSES = ["move_named", "new_state_unnamed_old", "frequency_amount", "habit_order", "category_word",
                  "my_new_x", "second_clause", "no_marker", "embedded", "negation_only"]
CONTROL_CLASSES = ["relative_subject", "additive", "other_slot", "same_word_other_thing", "hypothetical_or_plan"]
REQUIRED_STYLES = ["first_person", "chatty", "terse", "formal", "lowercase_typos", "voice_transcript", "non_native",
                   "technical", "third_person", "we", "reason_before", "reason_after", "emoji_slang"]
OWN_STYLES = ["email", "bullet_list", "sms", "quoted_speech", "diary", "form_field", "reply_to_assistant"]
UKEYS = {"id", "class", "style", "speaker", "before", "after", "q", "new", "old"}
CKEYS = UKEYS | {"keep"}

if not isinstance(full, list): err("full file is not a list")
ids = [it.get("id") for it in full]
if len(set(ids)) != len(ids): err("duplicate ids")
for it in full:
    i = it.get("id", "?")
    if not re.fullmatch(r"x\d{3}", str(i)): err(f"{i}: bad id")
    cls, st = it.get("class"), it.get("style")
    for k in ("before", "after", "q", "new", "speaker"):
        if not isinstance(it.get(k), str) or not it.get(k).strip(): err(f"{i}: empty {k}")
    if st not in REQUIRED_STYLES + OWN_STYLES: err(f"{i}: unknown style {st}")
    b, a, new = it["before"].lower(), it["after"].lower(), it["new"].lower()
    if cls in UPDATE_CLASSES:
        if set(it) != UKEYS: err(f"{i}: update keys {sorted(it)}")
        old = it.get("old")
        if not isinstance(old, str) or not old: err(f"{i}: update without old"); continue
        if old != old.lower(): err(f"{i}: old not lower-case")
        if old not in b: err(f"{i}: old not in before")
        if old in a: err(f"{i}: old occurs in after")
        if new not in a: err(f"{i}: new not in after")
        if new in b: err(f"{i}: new occurs in before")
    elif cls in CONTROL_CLASSES:
        if set(it) != CKEYS: err(f"{i}: control keys {sorted(it)}")
        if it.get("old") is not None: err(f"{i}: control with old")
        keep = it.get("keep")
        if not isinstance(keep, str) or not keep or keep not in it["before"]: err(f"{i}: keep not a substring of before")
        if new not in b and new not in a: err(f"{i}: control new in neither statement")
    else:
        err(f"{i}: unknown class {cls}")
    if it["speaker"].lower() not in it["q"].lower(): err(f"{i}: q does not name the speaker")
    if it["before"].strip() == it["after"].strip(): err(f"{i}: before == after")

ups = [it for it in full if it["class"] in UPDATE_CLASSES]
ctl = [it for it in full if it["class"] in CONTROL_CLASSES]
n = len(full)
if not 220 <= n <= 260: err(f"total {n} not ~240")
if not 160 <= len(ups) <= 185: err(f"updates {len(ups)} not ~170")
if len(ctl) / n < 0.28: err(f"controls {len(ctl)}/{n} < 28%")
cc = Counter(it["class"] for it in full)
for c in UPDATE_CLASSES:
    if not 15 <= cc[c] <= 20: err(f"class {c}: {cc[c]} not 15-20")
for c in CONTROL_CLASSES:
    if not 12 <= cc[c] <= 15: err(f"class {c}: {cc[c]} not 12-15")
sc = Counter(it["style"] for it in full)
for s in REQUIRED_STYLES:
    if sc[s] < 5: err(f"style {s}: only {sc[s]}")
own = [s for s in OWN_STYLES if sc[s] >= 4]
if len(own) < 4: err(f"only {len(own)} own styles used")
for s in sc:
    ncls = len({it["class"] for it in full if it["style"] == s})
    if ncls < 4: err(f"style {s} only in {ncls} classes")
for c in cc:
    nst = len({it["style"] for it in full if it["class"] == c})
    if nst < 12: err(f"class {c} only has {nst} styles")
sp = Counter(it["speaker"] for it in full)
dup = [k for k, v in sp.items() if v > 1]
if dup: err(f"speakers reused: {dup}")
for key in ("before", "after"):
    dd = [k for k, v in Counter(it[key] for it in full).items() if v > 1]
    if dd: err(f"duplicate {key} texts: {dd[:3]}")

# two-message updates: after = "<message about something else>\n\n<update>"
two = [it for it in ups if it["style"] != "email" and len(it["after"].split("\n\n")) == 2
       and it["new"].lower() not in it["after"].split("\n\n")[0].lower()
       and it["new"].lower() in it["after"].split("\n\n")[1].lower()]
if len(two) < 20: err(f"two-message updates: {len(two)} < 20")
# controls whose after carries a change word about another slot/person
CHW = re.compile(r"\b(now|switched|new|no longer|moved)\b")
chc = [it for it in ctl if CHW.search(it["after"].lower())]
if len(chc) < 15: err(f"controls with a change word: {len(chc)} < 15")
# updates without the obvious change words
OBV = re.compile(r"\b(switch\w*|chang\w*|mov\w*|now|no longer|instead|anymore|any more)\b")
unob = [it for it in ups if not OBV.search(it["after"].lower())]
if len(unob) < 0.25 * len(ups): err(f"non-obvious change wording: {len(unob)} < 25%")
# manual tags
byid = {it["id"]: it for it in full}
for i, t in tags.items():
    if i not in byid: err(f"tags: unknown id {i}"); continue
    if "pronoun_old" in t:
        if byid[i]["old"] is None: err(f"{i}: pronoun_old on a control")
        if t["pronoun_old"] not in byid[i]["after"].lower(): err(f"{i}: pronoun phrase not in after")
def tagged(name): return [i for i, t in tags.items() if name in t and byid.get(i, {}).get("old")]
if len(tagged("pronoun_old")) < 10: err("fewer than 10 pronoun/description-only old values")
if len(tagged("cue_split")) < 0.15 * len(ups): err("fewer than 15% cue/value in different clauses")
for name, lo in (("new_at_start", 3), ("third_party_agent", 5), ("self_correction", 3), ("time_word", 5)):
    if len(tagged(name)) < lo: err(f"fewer than {lo} {name} updates")

# split
fi = {it["id"]: it for it in full}
di, hi = {it["id"] for it in dev}, {it["id"] for it in held}
if di & hi: err("dev and held overlap")
if di | hi != set(fi): err("dev + held != full")
for it in dev + held:
    if fi.get(it["id"]) != it: err(f"{it['id']}: differs between split and full")
for c in cc:
    d = sum(1 for it in dev if it["class"] == c); h = sum(1 for it in held if it["class"] == c)
    if abs(d - h) > 1: err(f"split unbalanced for class {c}: {d}/{h}")
if abs(len(dev) - len(held)) > 2: err("halves not ~50/50")
for s in sc:
    d = sum(1 for it in dev if it["style"] == s); h = sum(1 for it in held if it["style"] == s)
    if sc[s] >= 4 and (d == 0 or h == 0): err(f"style {s} missing from a half")
    if abs(d - h) > 4: err(f"style {s} badly split {d}/{h}")
dc = sum(1 for it in dev if it["old"] is None); hc = sum(1 for it in held if it["old"] is None)
if abs(dc - hc) > 3: err(f"controls split {dc}/{hc}")

# no reuse of the shared format example (sentences, speakers)
ex = "/work/shared/bench/updates-dev.json"
if os.path.exists(ex):
    with open(ex, encoding="utf-8") as f: exd = json.load(f)
    exsp = {e.get("speaker", "").lower() for e in exd}
    sents = set()
    for e in exd:
        for k in ("before", "after", "q"):
            for s in re.split(r"(?<=[.!?])\s+|\n+", str(e.get(k, ""))):
                s = s.strip().lower()
                if len(s) > 15: sents.add(s)
    for it in full:
        if it["speaker"].lower() in exsp: err(f"{it['id']}: speaker reused from example file")
        blob = " ".join([it["before"], it["after"], it["q"]]).lower()
        for s in sents:
            if s in blob: err(f"{it['id']}: sentence reused from example file")
for it in full:
    if it["speaker"] == "Kofi": err(f"{it['id']}: speaker from the README example")

if errors:
    print("\n".join(errors)); print(f"FAILED: {len(errors)} problem(s)"); sys.exit(1)
print(f"OK: {n} items ({len(ups)} updates, {len(ctl)} controls); dev {len(dev)}, held {len(held)}; "
      f"two-message {len(two)}, change-word controls {len(chc)}, non-obvious {len(unob)}, "
      f"pronoun-old {len(tagged('pronoun_old'))}, cue-split {len(tagged('cue_split'))}")
