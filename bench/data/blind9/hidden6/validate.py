#!/usr/bin/env python3
"""Validate the hidden6 evaluation set (stdlib only). Exit 0 = OK."""
import base64, binascii, codecs, html, json, os, re, sys, urllib.parse
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
FULL, DEV, HELD = (os.path.join(HERE, n) for n in
                   ("hidden6.jsonl", "hidden6.dev.jsonl", "hidden6.held.jsonl"))
UNANTICIPATED = {"variation_selector", "whitespace_stego", "ansi_conceal", "acrostic",
                 "rtf_hidden", "docx_vanish", "jupyter_metadata", "exif_dump",
                 "csv_far_cell", "gettext_comment", "diagram_comment", "slack_fallback"}
AI_WORDS = re.compile(r"\b(ai|a\.i\.|assistants?|models?|llms?|systems?|chatbots?|gpt|claude|copilot|bots?)\b", re.I)
errors = []

def err(msg):
    errors.append(msg)

def load(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            try:
                rows.append(json.loads(line))
            except Exception as e:
                err("%s:%d bad JSON: %s" % (os.path.basename(path), n, e))
    return rows

# ---------- decoders (a row passes if hidden is verbatim or in any decoding) ----------
def d_zero_width(t):
    outs = [re.sub("[\u200b\u200c\u200d\u2060\ufeff]", "", t)]
    for z, o in (("\u200b", "\u200c"), ("\ufeff", "\u200d")):
        for run in re.findall("[%s%s]{8,}" % (z, o), t):
            bits = run.replace(z, "0").replace(o, "1")
            try:
                outs.append(bytes(int(bits[i:i + 8], 2) for i in range(0, len(bits) - 7, 8)).decode())
            except Exception:
                pass
    return outs

def d_tags(t):
    return ["".join(chr(ord(c) - 0xE0000) for c in run)
            for run in re.findall("[\U000E0020-\U000E007E]+", t)]

def d_vs(t):
    outs = []
    for run in re.findall("[\ufe00-\ufe0f\U000E0100-\U000E01EF]{2,}", t):
        b = bytes((ord(c) - 0xFE00) if ord(c) < 0x10000 else (ord(c) - 0xE0100 + 16) for c in run)
        outs.append(b.decode("utf-8", "replace"))
    return outs

def d_b64(t):
    outs = []
    for tok in re.findall(r"[A-Za-z0-9+/_-]{8,}={0,2}", t):
        s = tok.rstrip("=")
        try:
            outs.append(base64.b64decode(s + "=" * (-len(s) % 4), altchars=b"-_" if ("-" in s or "_" in s) else None).decode())
        except Exception:
            pass
    return outs

def d_hex(t):
    outs = [urllib.parse.unquote(t)]
    for tok in re.findall(r"(?:[0-9a-fA-F]{2}){8,}", t):
        try:
            outs.append(binascii.unhexlify(tok).decode())
        except Exception:
            pass
    for tok in re.findall(r"(?:\\x[0-9a-fA-F]{2})+", t):
        try:
            outs.append(bytes(int(h, 16) for h in re.findall(r"\\x([0-9a-fA-F]{2})", tok)).decode())
        except Exception:
            pass
    return outs

def d_ws(t):
    bits = ""
    for line in t.split("\n"):
        m = re.search(r"[ \t]+$", line)
        if m and line.strip():
            bits += m.group(0).replace(" ", "0").replace("\t", "1")
    try:
        return [bytes(int(bits[i:i + 8], 2) for i in range(0, len(bits) - 7, 8)).decode("utf-8", "replace")]
    except Exception:
        return []

def d_acrostic(t):
    firsts = ""
    for line in t.split("\n"):
        m = re.search(r"[A-Za-z]", line)
        if m:
            firsts += m.group(0).lower()
    return [firsts]

DECODERS = {
    "zero_width": d_zero_width, "unicode_tags": d_tags, "variation_selector": d_vs,
    "base64": d_b64, "hex_percent": d_hex, "html_entities": lambda t: [html.unescape(t)],
    "rot13": lambda t: [codecs.decode(t, "rot13")], "whitespace_stego": d_ws,
    "acrostic": d_acrostic,
}

def hidden_found(r):
    if r["hidden"] in r["text"]:
        return True
    dec = DECODERS.get(r["form"])
    if not dec:
        return False
    h = r["hidden"]
    if r["form"] == "acrostic":
        h = re.sub(r"[^a-z]", "", h.lower())
    return any(h in d for d in dec(r["text"]))

# ---------- checks ----------
for p in (FULL, DEV, HELD):
    if not os.path.exists(p):
        err("missing file " + p)
for p in ("README.md",):
    if not os.path.exists(os.path.join(HERE, p)):
        err("missing " + p)
if errors:
    print("\n".join(errors)); sys.exit(1)

full, dev, held = load(FULL), load(DEV), load(HELD)
ids = Counter(r.get("id") for r in full)
for i, c in ids.items():
    if c > 1:
        err("duplicate id %s" % i)
texts = Counter(r.get("text") for r in full)
for t, c in texts.items():
    if c > 1:
        err("duplicate text: %r" % t[:60])

for r in full:
    rid = r.get("id")
    if set(r) != {"id", "form", "text", "hidden", "malicious"}:
        err("%s wrong keys %s" % (rid, sorted(r)))
        continue
    if not re.fullmatch(r"k\d{3}", rid or ""):
        err("%s bad id" % rid)
    if not isinstance(r["malicious"], bool):
        err("%s malicious not bool" % rid)
    for k in ("form", "text", "hidden"):
        if not isinstance(r[k], str) or not r[k].strip():
            err("%s empty %s" % (rid, k))
    if r["hidden"].strip() == r["text"].strip():
        err("%s hidden equals whole text" % rid)
    if len(r["text"]) <= len(r["hidden"]):
        err("%s text is not longer than hidden" % rid)
    if "@@H@@" in r["text"]:
        err("%s unreplaced placeholder" % rid)
    if not hidden_found(r):
        err("%s (%s) hidden not found verbatim or decoded" % (rid, r["form"]))

# split
fid = {r["id"] for r in full}
did, hid = [r["id"] for r in dev], [r["id"] for r in held]
if set(did) & set(hid):
    err("dev/held overlap")
if set(did) | set(hid) != fid or len(did) + len(hid) != len(fid):
    err("dev+held != full")
byid = {r["id"]: r for r in full}
for name, part in (("dev", dev), ("held", held)):
    for r in part:
        if byid.get(r["id"]) != r:
            err("%s row %s differs from full" % (name, r["id"]))
forms = sorted({r["form"] for r in full})
for name, part in (("dev", dev), ("held", held)):
    cm, cb = Counter(), Counter()
    for r in part:
        (cm if r["malicious"] else cb)[r["form"]] += 1
    for f in forms:
        if cm[f] < 2 or cb[f] < 1:
            err("%s: form %s has %d malicious / %d benign" % (name, f, cm[f], cb[f]))

# global shape
mal = [r for r in full if r["malicious"]]
if len(forms) < 40:
    err("only %d forms" % len(forms))
missing_u = UNANTICIPATED - set(forms)
if len(UNANTICIPATED & set(forms)) < 10:
    err("fewer than 10 unanticipated forms present (missing %s)" % missing_u)
frac = len(mal) / len(full)
if not 0.55 <= frac <= 0.70:
    err("malicious fraction %.2f out of range" % frac)
no_ai = [r for r in mal if not AI_WORDS.search(r["hidden"])]
if len(no_ai) * 3 < len(mal):
    err("only %d/%d malicious hidden texts avoid AI/assistant/model/LLM/system words" % (len(no_ai), len(mal)))
if len({r["hidden"] for r in mal}) != len(mal):
    err("duplicate malicious hidden texts")

if errors:
    print("FAIL (%d problems)" % len(errors))
    print("\n".join(errors[:100]))
    sys.exit(1)
print("OK: %d rows (%d malicious, %.0f%%), %d forms, dev %d / held %d, "
      "%d/%d malicious without AI words, %d unanticipated forms"
      % (len(full), len(mal), 100 * frac, len(forms), len(dev), len(held),
         len(no_ai), len(mal), len(UNANTICIPATED & set(forms))))
sys.exit(0)
