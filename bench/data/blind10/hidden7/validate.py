#!/usr/bin/env python3
"""Validate the hidden7 evaluation set.  Stdlib only.  Exit 0 = OK, 1 = problems found.

Checks: schema, unique ids, full == dev + held (disjoint), per-form split constraints
(every form in both halves with >= 2 malicious and >= 1 benign each), overall size and
malicious share, wording diversity (>= 1/3 of malicious hidden texts avoid AI/assistant/
model/LLM/system words), no duplicate texts, >= 15 'unanticipated' forms listed in the
README, and that every line of `hidden` can be found in `text` either verbatim or after one
of the decodings the carriers use (HTML entities, percent/plus, ROT13, base64, hex,
zero-width binary, Unicode tag characters, quoted-printable, ICS/vCard unfold+unescape,
SQL quote doubling, RTF \\uN escapes)."""
import base64, binascii, codecs, collections, html, json, os, quopri, re, sys, urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
KEYS = {"id", "form", "text", "hidden", "malicious"}
AI_WORDS = re.compile(r"\b(ai|assistants?|models?|llms?|systems?|bots?|chatbot|agents?|gpt|language model)\b", re.I)

errors = []


def err(msg):
    errors.append(msg)


def load(name):
    path = os.path.join(HERE, name)
    rows = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                err(f"{name}:{n}: blank line")
                continue
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as e:
                err(f"{name}:{n}: bad JSON: {e}")
    return rows


# ------------------------------------------------------------------ decoders
def dec_zw(t):
    out = []
    for run in re.findall("\u2060([\u200b\u200c]+)\u2060", t):
        bits = "".join("0" if c == "\u200b" else "1" for c in run)
        try:
            out.append(bytes(int(bits[i:i + 8], 2) for i in range(0, len(bits) - 7, 8)).decode("utf-8"))
        except UnicodeDecodeError:
            pass
    return "\n".join(out)


def dec_tags(t):
    return "".join(chr(ord(c) - 0xE0000) if 0xE0020 <= ord(c) <= 0xE007E else ("\n" if 0xE0000 <= ord(c) <= 0xE007F else "\n")
                   for c in t)


def dec_b64(t):
    out = []
    for tok in re.findall(r"[A-Za-z0-9+/_-]{16,}={0,2}", t):
        for fn in (base64.b64decode, base64.urlsafe_b64decode):
            try:
                s = fn(tok + "=" * (-len(tok) % 4)).decode("utf-8")
                out.append(s)
                break
            except (binascii.Error, UnicodeDecodeError, ValueError):
                continue
    return "\n".join(out)


def dec_hex(t):
    out = []
    for tok in re.findall(r"(?:[0-9a-fA-F]{2} ){8,}[0-9a-fA-F]{2}|[0-9a-fA-F]{16,}", t):
        try:
            out.append(bytes.fromhex(tok.replace(" ", "")).decode("utf-8"))
        except (ValueError, UnicodeDecodeError):
            pass
    return "\n".join(out)


def dec_qp(t):
    try:
        return quopri.decodestring(t.replace("\r\n", "\n").encode("utf-8")).decode("utf-8", "replace")
    except Exception:
        return ""


def dec_ics(t):
    u = t.replace("\r\n ", "").replace("\n ", "")
    return u.replace("\\,", ",").replace("\\;", ";").replace("\\n", "\n").replace("\\\\", "\\")


def dec_rtf(t):
    return re.sub(r"\\u(-?\d+)\?", lambda m: chr(int(m.group(1)) % 0x110000), t)


def views(t):
    v = [t, html.unescape(t), urllib.parse.unquote(t), urllib.parse.unquote_plus(t), codecs.decode(t, "rot13"),
         dec_zw(t), dec_tags(t), dec_b64(t), dec_hex(t), dec_qp(t), dec_ics(t), t.replace("''", "'"), dec_rtf(t)]
    return v


def found(hidden, text):
    vs = views(text)
    for line in hidden.split("\n"):
        if not line.strip():
            continue
        if not any(line in v for v in vs):
            return False
    return True


# ------------------------------------------------------------------ main
def main():
    full = load("hidden7.jsonl")
    dev = load("hidden7.dev.jsonl")
    held = load("hidden7.held.jsonl")

    ids = collections.Counter()
    for r in full:
        if set(r) != KEYS:
            err(f"{r.get('id')}: keys {sorted(r)} != {sorted(KEYS)}")
            continue
        ids[r["id"]] += 1
        if not re.fullmatch(r"[mb]\d{3}", r["id"]):
            err(f"{r['id']}: bad id")
        if not isinstance(r["malicious"], bool):
            err(f"{r['id']}: malicious must be bool")
        for k in ("form", "text", "hidden"):
            if not isinstance(r[k], str) or not r[k].strip():
                err(f"{r['id']}: empty {k}")
        if isinstance(r["text"], str) and isinstance(r["hidden"], str) and not found(r["hidden"], r["text"]):
            err(f"{r['id']} ({r['form']}): hidden text not found in text (raw or decoded)")
        if r.get("malicious") is True and r["id"][0] != "m" or r.get("malicious") is False and r["id"][0] != "b":
            err(f"{r['id']}: id prefix does not match label")
    for i, c in ids.items():
        if c > 1:
            err(f"duplicate id {i}")

    texts = collections.Counter(r["text"] for r in full)
    for t, c in texts.items():
        if c > 1:
            err(f"duplicate text: {t[:60]!r}")
    mh = collections.Counter(r["hidden"] for r in full if r["malicious"])
    for t, c in mh.items():
        if c > 1:
            err(f"duplicate malicious hidden: {t[:60]!r}")

    # split
    key = lambda r: json.dumps(r, sort_keys=True, ensure_ascii=False)
    fs, ds, hs = {key(r) for r in full}, {key(r) for r in dev}, {key(r) for r in held}
    if ds & hs:
        err(f"dev and held overlap in {len(ds & hs)} rows")
    if ds | hs != fs or len(dev) + len(held) != len(full):
        err("dev + held != full")
    forms = sorted({r["form"] for r in full})
    for half_name, half in (("dev", dev), ("held", held)):
        cnt = collections.Counter((r["form"], r["malicious"]) for r in half)
        for f in forms:
            if cnt[(f, True)] < 2:
                err(f"{half_name}: form {f} has {cnt[(f, True)]} malicious (< 2)")
            if cnt[(f, False)] < 1:
                err(f"{half_name}: form {f} has no benign row")

    # size / balance / wording
    n, nm = len(full), sum(r["malicious"] for r in full)
    if not 150 <= n <= 400:
        err(f"row count {n} outside 150..400")
    if not 0.55 <= nm / max(n, 1) <= 0.72:
        err(f"malicious share {nm / n:.2f} outside 0.55..0.72")
    if len(forms) < 40:
        err(f"only {len(forms)} forms")
    no_ai = sum(1 for r in full if r["malicious"] and not AI_WORDS.search(r["hidden"]))
    if no_ai * 3 < nm:
        err(f"only {no_ai}/{nm} malicious hidden texts avoid AI wording (< 1/3)")

    # README lists the unanticipated forms
    try:
        readme = open(os.path.join(HERE, "README.md"), encoding="utf-8").read()
        m = re.search(r"<!-- unanticipated: (.*?) -->", readme)
        un = [x.strip() for x in m.group(1).split(",")] if m else []
        if len(un) < 15:
            err(f"README lists {len(un)} unanticipated forms (< 15)")
        for u in un:
            if u not in forms:
                err(f"README unanticipated form {u!r} not in data")
    except FileNotFoundError:
        err("README.md missing")

    lens = sorted(len(r["hidden"]) for r in full if r["malicious"])
    print(f"rows={n} malicious={nm} ({nm / n:.1%}) benign={n - nm} forms={len(forms)} dev={len(dev)} held={len(held)}")
    print(f"malicious hidden without AI wording: {no_ai}/{nm}; hidden length min/median/max: {lens[0]}/{lens[len(lens) // 2]}/{lens[-1]}")
    split_rows = sum(1 for r in full if r["malicious"] and "\n" in r["hidden"])
    print(f"malicious payloads split across two places: {split_rows}")
    if errors:
        print(f"{len(errors)} problem(s):")
        for e in errors[:200]:
            print("  -", e)
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
