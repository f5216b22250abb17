"""Shared helpers for the hand-written hidden6 rows.

Every row is written by hand as (template, hidden, malicious[, embedded]).
`@@H@@` in the template is replaced by `embedded` (defaults to `hidden`),
so the hidden text is guaranteed to be verbatim in `text` unless the form
deliberately encodes it (then `embedded` is the encoded form).
"""
import base64, codecs, urllib.parse

ROWS = []

def F(form, items):
    for it in items:
        tpl, hidden, mal = it[0], it[1], it[2]
        emb = it[3] if len(it) > 3 and it[3] is not None else hidden
        assert "@@H@@" in tpl, (form, tpl[:60])
        ROWS.append({"form": form, "text": tpl.replace("@@H@@", emb),
                     "hidden": hidden, "malicious": mal})

# ---- encoders used by the encoding / steganography forms ----
def zw_bits(s, zero="\u200b", one="\u200c"):
    return "".join(zero if b == "0" else one
                   for ch in s.encode("utf-8") for b in format(ch, "08b"))

def tags(s):
    return "".join(chr(0xE0000 + ord(c)) for c in s)

def vs(s):
    out = []
    for b in s.encode("utf-8"):
        out.append(chr(0xFE00 + b) if b < 16 else chr(0xE0100 + b - 16))
    return "".join(out)

def b64(s):
    return base64.b64encode(s.encode()).decode()

def hexs(s):
    return s.encode().hex()

def xhex(s):
    return "".join("\\x%02x" % b for b in s.encode())

def pct(s):
    return urllib.parse.quote(s, safe="")

def ent_dec(s):
    return "".join("&#%d;" % ord(c) for c in s)

def ent_hex(s):
    return "".join("&#x%x;" % ord(c) for c in s)

def rot13(s):
    return codecs.encode(s, "rot13")

CYR = {"a": "\u0430", "e": "\u0435", "o": "\u043e", "p": "\u0440", "c": "\u0441",
       "x": "\u0445", "i": "\u0456", "y": "\u0443", "A": "\u0410", "E": "\u0415",
       "O": "\u041e", "P": "\u0420", "C": "\u0421", "T": "\u0422", "M": "\u041c"}

def cyr(s):
    return "".join(CYR.get(c, c) for c in s)

def ws_stego(lines, secret):
    """Append the secret as trailing space(0)/tab(1) runs spread over the non-empty lines."""
    bits = "".join(format(b, "08b") for b in secret.encode())
    idx = [i for i, ln in enumerate(lines) if ln.strip()]
    per = -(-len(bits) // len(idx))
    out = list(lines)
    for k, i in enumerate(idx):
        chunk = bits[k * per:(k + 1) * per]
        out[i] = lines[i] + chunk.replace("0", " ").replace("1", "\t")
    return "\n".join(out)
