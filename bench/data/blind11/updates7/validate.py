#!/usr/bin/env python3
"""Validate the updates7 evaluation set. Stdlib only. Exit 0 = OK, 1 = problems found.

Usage: python3 validate.py [directory]   (default: the directory of this file)
"""
import json
import os
import re
import sys
from collections import Counter, defaultdict

UPDATE_CLASSES = ["move_named", "new_state_unnamed_old", "frequency_amount", "habit_order",
                  "category_word", "my_new_x", "second_clause", "no_marker", "embedded",
                  "negation_only"]
CONTROL_CLASSES = ["relative_subject", "additive", "other_slot", "same_word_other_thing",
                   "hypothetical_or_plan"]
BRIEF_STYLES = ["first_person", "chatty", "terse", "formal", "lowercase_typos",
                "voice_transcript", "non_native", "technical", "third_person", "we",
                "reason_before", "reason_after", "emoji_slang"]
OWN_STYLES = ["email", "bullet_list", "sms", "quoted_speech", "diary", "form_field",
              "reply_to_assistant"]
STYLES = BRIEF_STYLES + OWN_STYLES
UPDATE_KEYS = {"id", "class", "style", "speaker", "before", "after", "q", "new", "old"}
CONTROL_KEYS = UPDATE_KEYS | {"keep"}
TAGS = {"rare", "split", "newfirst", "agent", "timeword", "selfcorrect"}
# the "obvious" change words of the brief; a `rare` item may contain none of them in `after`
OBVIOUS = re.compile(r"\b(switch|switched|switching|change|changed|changing|move|moved|moving|"
                     r"now|no longer|instead|anymore|any more)\b", re.I)
# names/products from the format reference that must not be reused
BANNED = re.compile(r"\b(kofi|buildkite|circleci|leeds|alex|terraced)\b", re.I)
CLAUSE_BREAK = re.compile(r"[,.;:!?()\n—–]| - |\b(so|and|but|then|because|since|which|while)\b",
                          re.I)

errors = []


def err(msg):
    errors.append(msg)


def load(path):
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except Exception as e:  # noqa: BLE001
        err("%s: cannot load (%s)" % (path, e))
        return []
    if not isinstance(data, list):
        err("%s: top level is not a list" % path)
        return []
    return data


def sentences(text):
    parts = re.split(r"[.!?\n]+", text)
    out = []
    for p in parts:
        p = p.strip().lstrip("-•*>\"' ").strip()
        if p:
            out.append(p)
    return out


def main():
    base = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    full = load(os.path.join(base, "updates7.json"))
    dev = load(os.path.join(base, "updates7.dev.json"))
    held = load(os.path.join(base, "updates7.held.json"))
    try:
        with open(os.path.join(base, "annotations.json"), encoding="utf-8") as f:
            ann = json.load(f)
    except Exception as e:  # noqa: BLE001
        err("annotations.json: cannot load (%s)" % e)
        ann = {}
    if not full:
        err("full set empty")

    # ---------------------------------------------------------------- per item
    ids = Counter()
    speakers = Counter()
    afters = Counter()
    for d in full:
        if not isinstance(d, dict):
            err("non-object item: %r" % (d,))
            continue
        iid = d.get("id", "?")
        ids[iid] += 1
        if not re.fullmatch(r"w\d{3}", str(iid)):
            err("%s: bad id" % iid)
        cls = d.get("class")
        is_update = cls in UPDATE_CLASSES
        if cls not in UPDATE_CLASSES + CONTROL_CLASSES:
            err("%s: unknown class %r" % (iid, cls))
            continue
        want = UPDATE_KEYS if is_update else CONTROL_KEYS
        if set(d.keys()) != want:
            err("%s: keys %s, expected %s" % (iid, sorted(d.keys()), sorted(want)))
            continue
        if d["style"] not in STYLES:
            err("%s: unknown style %r" % (iid, d["style"]))
        for k in ("speaker", "before", "after", "q", "new"):
            if not isinstance(d[k], str) or not d[k].strip():
                err("%s: empty or non-string %s" % (iid, k))
        if errors and errors[-1].startswith(iid + ": empty"):
            continue
        before, after, q, new = d["before"], d["after"], d["q"], d["new"]
        bl, al = before.lower(), after.lower()
        speakers[d["speaker"]] += 1
        afters[al.strip()] += 1
        first = d["speaker"].split()[0]
        if first.lower() not in q.lower():
            err("%s: q does not name the speaker %r" % (iid, first))
        if not q.rstrip().endswith("?"):
            err("%s: q is not a question" % iid)
        if before.strip() == after.strip():
            err("%s: before == after" % iid)
        for k in ("speaker", "before", "after", "q", "new"):
            if BANNED.search(d[k]):
                err("%s: banned name/product in %s" % (iid, k))

        if is_update:
            old = d["old"]
            if not isinstance(old, str) or not old.strip():
                err("%s: update with empty/non-string old" % iid)
                continue
            if old != old.lower():
                err("%s: old is not lower-case" % iid)
            if old not in bl:
                err("%s: old %r not a substring of lower-cased before" % (iid, old))
            if old in al:
                err("%s: old %r occurs in after" % (iid, old))
            if new.lower() not in al:
                err("%s: new %r not in after" % (iid, new))
            if new.lower() in bl:
                err("%s: new %r occurs in before" % (iid, new))
            # annotation checks
            a = ann.get(iid)
            if a is None:
                err("%s: missing annotation" % iid)
                continue
            cue, tags = a.get("cue", ""), a.get("tags", [])
            bad = set(tags) - TAGS
            if bad:
                err("%s: unknown tags %s" % (iid, sorted(bad)))
            if cue and cue.lower() not in al:
                err("%s: cue %r not in after" % (iid, cue))
            if cls == "no_marker" and (cue or "rare" in tags or "selfcorrect" in tags):
                err("%s: no_marker item carries a change cue" % iid)
            if "rare" in tags:
                if not cue:
                    err("%s: rare without cue" % iid)
                elif OBVIOUS.search(cue):
                    err("%s: rare cue %r is an obvious change word" % (iid, cue))
                m = OBVIOUS.search(after)
                if m:
                    err("%s: rare item's after contains obvious word %r" % (iid, m.group(0)))
            if "split" in tags:
                if not cue:
                    err("%s: split without cue" % iid)
                else:
                    ci, ni = al.find(cue.lower()), al.find(new.lower())
                    lo, hi = (ci + len(cue), ni) if ci < ni else (ni + len(new), ci)
                    between = al[lo:hi] if hi > lo else ""
                    if not CLAUSE_BREAK.search(between):
                        err("%s: split tag but cue and new not separated by a clause break" % iid)
            if "newfirst" in tags:
                nl = new.lower()
                ok = False
                for s in sentences(after):
                    sl = re.sub(r"^(the|a|an)\s+", "", s.lower())
                    if s.lower().startswith(nl) or sl.startswith(nl):
                        ok = True
                if not ok:
                    err("%s: newfirst tag but no sentence starts with new" % iid)
            if cls == "embedded":
                n_sent = len([s for s in re.split(r"[.!?;\n]+", after) if len(s.strip()) > 2])
                if n_sent < 3 and len(after) < 180:
                    err("%s: embedded item is not a multi-topic message" % iid)
                if len(after) < 2 * len(before):
                    err("%s: embedded after not much longer than before" % iid)
        else:
            if d["old"] is not None:
                err("%s: control with non-null old" % iid)
            keep = d["keep"]
            if not isinstance(keep, str) or not keep.strip():
                err("%s: control with empty keep" % iid)
                continue
            if keep not in before:
                err("%s: keep %r not a substring of before" % (iid, keep))
            if new.lower() not in bl and new.lower() not in al:
                err("%s: control new %r in neither statement" % (iid, new))
            if iid in ann:
                err("%s: control has an update annotation" % iid)

    for iid, n in ids.items():
        if n > 1:
            err("duplicate id %s" % iid)
    for s, n in speakers.items():
        if n > 1:
            err("speaker %r used %d times" % (s, n))
    for a, n in afters.items():
        if n > 1:
            err("duplicate after text: %r" % a[:60])
    # shape diversity: no opening of `after` (first three words) more than twice
    openings = Counter(" ".join(re.findall(r"[\w'’+#-]+", d["after"].lower())[:3])
                       for d in full if isinstance(d, dict) and "after" in d)
    for o, n in openings.items():
        if n > 2:
            err("after opening %r used %d times (template?)" % (o, n))

    # ---------------------------------------------------------------- counts
    good = [d for d in full if isinstance(d, dict) and d.get("class") in
            UPDATE_CLASSES + CONTROL_CLASSES]
    n = len(good)
    upd = [d for d in good if d["class"] in UPDATE_CLASSES]
    ctl = [d for d in good if d["class"] in CONTROL_CLASSES]
    if not 220 <= n <= 260:
        err("total %d not in 220..260" % n)
    if n and len(ctl) / n < 0.28:
        err("controls %d/%d < 28%%" % (len(ctl), n))
    if not 160 <= len(upd) <= 185:
        err("updates %d not about 170" % len(upd))
    cc = Counter(d["class"] for d in good)
    for c in UPDATE_CLASSES:
        if not 15 <= cc[c] <= 20:
            err("update class %s has %d items (want 15..20)" % (c, cc[c]))
    for c in CONTROL_CLASSES:
        if not 12 <= cc[c] <= 15:
            err("control class %s has %d items (want 12..15)" % (c, cc[c]))
    sc = Counter(d["style"] for d in good)
    style_classes = defaultdict(set)
    for d in good:
        style_classes[d["style"]].add(d["class"])
    for s in STYLES:
        if sc[s] < 8:
            err("style %s has only %d items" % (s, sc[s]))
        if len(style_classes[s]) < 6:
            err("style %s spread over only %d classes" % (s, len(style_classes[s])))
    if len([s for s in OWN_STYLES if sc[s]]) < 4:
        err("fewer than four own styles")
    for c in UPDATE_CLASSES + CONTROL_CLASSES:
        if len({d["style"] for d in good if d["class"] == c}) < 10:
            err("class %s uses fewer than 10 styles" % c)

    tagc = Counter(t for d in upd for t in ann.get(d["id"], {}).get("tags", []))
    nu = max(len(upd), 1)
    if tagc["rare"] / nu < 0.25:
        err("rare change cues %d/%d < 25%%" % (tagc["rare"], nu))
    if tagc["split"] / nu < 0.15:
        err("split cue/new %d/%d < 15%%" % (tagc["split"], nu))
    for t, m in (("newfirst", 5), ("agent", 8), ("timeword", 10), ("selfcorrect", 4)):
        if tagc[t] < m:
            err("only %d items tagged %s (want >= %d)" % (tagc[t], t, m))
    for iid in ann:
        if iid not in {d["id"] for d in upd}:
            err("annotation for unknown/non-update id %s" % iid)

    # ---------------------------------------------------------------- split
    fid = {d["id"]: d for d in good}
    did = [d.get("id") for d in dev]
    hid = [d.get("id") for d in held]
    if set(did) & set(hid):
        err("dev and held overlap: %s" % sorted(set(did) & set(hid))[:5])
    if sorted(did + hid) != sorted(fid):
        err("dev + held != full")
    for d in dev + held:
        if d.get("id") in fid and d != fid[d["id"]]:
            err("%s: split copy differs from full" % d.get("id"))
    if n and not 0.45 <= len(dev) / n <= 0.55:
        err("dev share %d/%d not ~50%%" % (len(dev), n))
    for key, limit in (("class", 1), ("style", 2)):
        dc = Counter(d[key] for d in dev if key in d)
        hc = Counter(d[key] for d in held if key in d)
        for k in set(dc) | set(hc):
            if abs(dc[k] - hc[k]) > limit:
                err("split unbalanced on %s=%s: dev %d held %d" % (key, k, dc[k], hc[k]))

    if errors:
        for e in errors:
            print("ERROR:", e)
        print("%d problem(s)" % len(errors))
        return 1
    print("OK: %d items (%d updates, %d controls = %.1f%%), dev %d, held %d"
          % (n, len(upd), len(ctl), 100.0 * len(ctl) / n, len(dev), len(held)))
    print("update tags:", ", ".join("%s %d (%.0f%%)" % (t, tagc[t], 100.0 * tagc[t] / nu)
                                    for t in sorted(TAGS)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
