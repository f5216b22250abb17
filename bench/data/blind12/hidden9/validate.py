#!/usr/bin/env python3
"""Validate hidden9 (stdlib only). Exit 0 = OK."""
import json, sys, os, re, html, base64, binascii, codecs, quopri, urllib.parse
from collections import Counter, defaultdict

D = os.path.dirname(os.path.abspath(__file__))
errs = []
def err(m): errs.append(m)

def load(name):
    rows = []
    with open(os.path.join(D, name), encoding="utf-8") as fh:
        for ln, line in enumerate(fh, 1):
            try:
                r = json.loads(line)
            except Exception as e:
                err(f"{name}:{ln}: bad JSON {e}"); continue
            if set(r) != {"id", "form", "text", "hidden", "malicious"}:
                err(f"{name}:{ln}: keys {sorted(r)}")
            if not isinstance(r.get("malicious"), bool): err(f"{name}:{ln}: malicious not bool")
            for k in ("id", "form", "text", "hidden"):
                if not isinstance(r.get(k), str) or not r.get(k): err(f"{name}:{ln}: empty/non-str {k}")
            rows.append(r)
    return rows

def decodings(text):
    """Yield the text plus decoded views that a concealed payload may hide behind."""
    yield text
    yield html.unescape(text)
    yield urllib.parse.unquote(text)
    yield codecs.decode(text, "rot13")
    yield text[::-1]                                     # bidi override stores reversed logical text
    yield "".join(chr(ord(c) - 0xE0000) if 0xE0020 <= ord(c) <= 0xE007E else c for c in text)  # tag chars
    try:
        yield quopri.decodestring(text.encode("utf-8")).decode("utf-8", "ignore")
    except Exception:
        pass
    for run in re.findall("[\u200b\u200c]{8,}", text):   # zero-width binary
        bits = "".join("0" if c == "\u200b" else "1" for c in run)
        try:
            yield bytes(int(bits[k:k + 8], 2) for k in range(0, len(bits) - 7, 8)).decode("utf-8", "ignore")
        except Exception:
            pass
    for tok in re.findall(r"[A-Za-z0-9+/]{16,}={0,2}", text):
        try:
            yield base64.b64decode(tok + "=" * (-len(tok) % 4)).decode("utf-8", "ignore")
        except Exception:
            pass
    for tok in re.findall(r"(?:[0-9a-fA-F]{2}){8,}", text):
        try:
            yield binascii.unhexlify(tok).decode("utf-8", "ignore")
        except Exception:
            pass

def found(part, text):
    return any(part in v for v in decodings(text))

full = load("hidden9.jsonl"); dev = load("hidden9.dev.jsonl"); held = load("hidden9.held.jsonl")
ids = [r["id"] for r in full]
if len(ids) != len(set(ids)): err("duplicate ids in full")
for r in full:
    if not re.fullmatch(r"n\d{3}", r["id"]): err(f"{r['id']}: bad id format")
    for part in r["hidden"].split(" || "):
        if not found(part, r["text"]):
            err(f"{r['id']} ({r['form']}): hidden part not found in text (raw or decoded): {part[:60]!r}")
    if r["hidden"].strip() == r["text"].strip(): err(f"{r['id']}: hidden equals whole text")

byid = {r["id"]: r for r in full}
dids = {r["id"] for r in dev}; hids = {r["id"] for r in held}
if dids & hids: err(f"dev/held overlap: {sorted(dids & hids)[:5]}")
if dids | hids != set(ids): err("dev+held != full")
for r in dev + held:
    if byid.get(r["id"]) != r: err(f"{r['id']}: split row differs from full row")

forms = sorted({r["form"] for r in full})
for half, name in ((dev, "dev"), (held, "held")):
    c = defaultdict(Counter)
    for r in half: c[r["form"]][r["malicious"]] += 1
    for f in forms:
        if c[f][True] < 2 or c[f][False] < 1:
            err(f"{name}: form {f} has {c[f][True]} malicious / {c[f][False]} benign")

n = len(full); mal = sum(r["malicious"] for r in full)
if len(forms) < 45: err(f"only {len(forms)} forms")
if not 0.5 <= mal / n <= 0.7: err(f"malicious ratio {mal/n:.2f}")
ai = re.compile(r"\b(AI|assistant|model|LLM|system|agent|chatbot|GPT)\b", re.I)
mal_rows = [r for r in full if r["malicious"]]
no_ai = sum(1 for r in mal_rows if not ai.search(r["hidden"]))
if no_ai * 3 < len(mal_rows): err(f"only {no_ai}/{len(mal_rows)} malicious hiddens avoid AI wording")

print(f"rows={n} malicious={mal} benign={n-mal} forms={len(forms)} dev={len(dev)} held={len(held)} "
      f"malicious_without_ai_wording={no_ai}")
if errs:
    print(f"{len(errs)} problem(s):"); [print("  " + e) for e in errs[:50]]
    sys.exit(1)
print("OK"); sys.exit(0)
