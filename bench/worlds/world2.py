#!/usr/bin/env python3
"""Simulated year of a user's life with an assistant, for lifecycle evaluation.

stdlib only, deterministic per (bank, seed).

    python3 world2.py --seed 1 --bank dev  --out world.dev.1.json
    python3 world2.py --seed 1 --bank held --out world.held.1.json

The phrasing banks live in bank_dev.py and bank_held.py (written
separately: different persona, vocabulary, names, templates), plus the later
blind banks bank_third.py, bank_fourth.py, bank_fifth.py, bank_sixth.py, bank_seventh.py, bank_eighth.py and bank_ninth.py (--bank third /
fourth / fifth / sixth / seventh / eighth / ninth).
See README.md.
"""
import argparse
import datetime
import importlib
import json
import math
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday",
                 "Saturday", "Sunday"]

# first words that stay capitalised when a prefix or keep request is put in
# front of a sentence; each bank adds its PROPER names
_KEEP_CAPS = {"I", "I'm", "I've", "I'll", "I'd"}


# --------------------------------------------------------------------------
# word helpers (the same rule the validator uses)
# --------------------------------------------------------------------------
def words_of(s):
    """lower-case words of s: alnum runs, keeping decimals like 4.1"""
    return re.findall(r"[a-z0-9]+(?:\.[0-9]+)?", s.lower())


def has_word(text, w):
    return re.search(r"(?<![a-z0-9])" + re.escape(w.lower()) + r"(?![a-z0-9])",
                     text.lower()) is not None


def value_of(v):
    """bank values are either 'Display' or ('Display', 'value words')"""
    if isinstance(v, tuple):
        return v[0], v[1]
    ws = words_of(v)
    if len(ws) > 1 and ws[0] == "the":
        ws = ws[1:]
    return v, " ".join(ws)


def cap(s):
    return s[:1].upper() + s[1:] if s else s


def lower_first(s, proper=(), value=""):
    """lower-case the first letter unless the sentence opens with a name"""
    first = s.split(" ", 1)[0]
    bare = re.sub(r"('s|'|[:,.])$", "", first)
    if (bare in _KEEP_CAPS or bare in proper or bare.isupper()
            or (value and s.startswith(value))):
        return s
    return s[:1].lower() + s[1:]


def number(s):
    m = re.search(r"[0-9]+(?:[.:][0-9]+)?", s)
    return float(m.group(0).replace(":", ".")) if m else 0.0


def poisson(rng, lam):
    if lam <= 0:
        return 0
    L, k, p = math.exp(-lam), 0, 1.0
    while True:
        p *= rng.random()
        if p <= L:
            return k
        k += 1


# --------------------------------------------------------------------------
# generator
# --------------------------------------------------------------------------
class World:
    def __init__(self, bank, seed, args):
        self.B = importlib.import_module("bank_" + bank)
        self.bank, self.seed, self.a = bank, seed, args
        self.rng = random.Random("lifecycle-world2/%s/%d" % (bank, seed))
        self.days = args.days
        self.start = datetime.date.fromisoformat(args.start)
        self.used_values = set()
        self.warnings = []
        # a bank written in lower case (LOWERCASE = True, the fifth) keeps its
        # first letters; the other banks are capitalised as before
        self.cap = (lambda s: s) if getattr(self.B, "LOWERCASE", False) else cap

    # ---- small utilities --------------------------------------------------
    def pick_value(self, vals):
        free = [v for v in vals if value_of(v)[1] not in self.used_values]
        v = self.rng.choice(free or vals)
        self.used_values.add(value_of(v)[1])
        return v

    def ask_plan(self, asks, n):
        """n questions cycling through shuffled templates, no immediate repeat"""
        out, pool = [], []
        last = None
        for _ in range(n):
            if not pool:
                pool = list(asks)
                self.rng.shuffle(pool)
                if len(pool) > 1 and pool[0] == last:
                    pool.append(pool.pop(0))
            q = pool.pop(0)
            out.append(q)
            last = q
        return out

    def chat_wrap(self, text, disp=""):
        if self.rng.random() < self.a.prefix_prob:
            return self.rng.choice(self.B.PREFIXES) + lower_first(text, self.B.PROPER, disp)
        return text

    def weekday(self, day):
        return (self.start + datetime.timedelta(days=day)).weekday()

    # ---- schedules ----------------------------------------------------------
    def sched_frequent(self):
        a, r = self.a, self.rng
        s = r.randint(0, a.frequent_state_by)
        needs, d = [], s + r.randint(2, a.freq_gap_min)
        while d < self.days:
            needs.append(d)
            d += r.randint(a.freq_gap_min, a.freq_gap_max)
        return s, needs

    def sched_rare(self):
        a, r = self.a, self.rng
        f = min(1.0, self.days / 365.0)  # shorter runs shrink the rare schedule
        by, gmin, gmax = int(a.rare_state_by * f), max(3, int(a.rare_gap_min * f)), max(4, int(a.rare_gap_max * f))
        for _ in range(100):
            s = r.randint(0, by)
            k = r.randint(2, 4)
            needs, d = [], s
            for _ in range(k):
                d += r.randint(gmin, gmax)
                if d >= self.days:
                    break
                needs.append(d)
            if len(needs) >= 2:
                return s, needs
        return s, needs

    def sched_dormant(self):
        r = self.rng
        s = r.randint(0, min(59, self.days // 6))
        needs = []
        if r.random() < self.a.dormant_late_prob:
            needs.append(r.randint(max(s + 1, self.days - 30), self.days - 1))
        return s, needs

    def sched_important(self):
        a, r = self.a, self.rng
        s = r.randint(0, a.important_state_by)
        needs, d = [], s + r.randint(5, 30)
        while d < self.days:
            needs.append(d)
            d += r.randint(a.imp_gap_min, a.imp_gap_max)
        return s, needs

    def sched_updated(self):
        a, r = self.a, self.rng
        s = r.randint(0, min(60, self.days // 6))
        n_up = r.randint(1, 3)
        for _ in range(200):
            ups = sorted(r.sample(range(s + 25, self.days - 20), n_up))
            if all(b - x >= 25 for x, b in zip([s] + ups, ups)):
                break
        needs, d = set(), s + r.randint(3, 14)
        while d < self.days:
            needs.add(d)
            d += r.randint(a.upd_gap_min, a.upd_gap_max)
        for u in ups:  # ask soon after each change
            needs.add(u + r.randint(2, 10))
        stmt_days = set([s] + ups)
        needs = sorted(x for x in needs if x < self.days and x not in stmt_days and x > s)
        return s, ups, needs

    # ---- facts --------------------------------------------------------------
    def take_slots(self, pref, n, pools):
        """take n plain slots preferring pref, borrowing from other prefs"""
        r = self.rng
        own = [p for p in pools if p["pref"] == pref]
        r.shuffle(own)
        got = own[:n]
        for p in got:
            pools.remove(p)
        if len(got) < n:
            rest = list(pools)
            r.shuffle(rest)
            extra = rest[:n - len(got)]
            for p in extra:
                pools.remove(p)
            got += extra
        if len(got) < n:
            self.warnings.append("only %d %s slots available (asked %d)" % (len(got), pref, n))
        return got

    def keep_request(self, fact, text, disp):
        """attach an explicit keep request to a statement; returns statements"""
        r, K = self.rng, self.B.KEEP
        mode = r.choice(["before", "tail", "after_sentence", "next_message",
                         "after_sentence", "next_message"])
        fact["keep_mode"] = mode
        if mode == "before":
            return [r.choice(K["before"]) + lower_first(text, self.B.PROPER, disp)], mode
        if mode == "tail":
            return [text.rstrip(".") + r.choice(K["tail"]) + "."], mode
        if mode == "after_sentence":
            return [text + " " + r.choice(K["after_sentence"])], mode
        return [text, r.choice(K["next_message"])], mode

    def make_plain(self, slot, cls, sched):
        r = self.rng
        s, needs = sched
        v = self.pick_value(slot["vals"])
        disp, val = value_of(v)
        text = self.cap(r.choice(slot["says"]).format(v=disp))
        fact = {"class": cls, "key": slot["key"], "statements": [],
                "explicit_keep": False, "domain": slot.get("domain", "none"),
                "critical": bool(slot.get("critical", False))}
        texts = [self.chat_wrap(text, disp)]
        want_keep = slot.get("keep") == "always" or (
            slot.get("keep") != "never" and cls != "important"
            and r.random() < self.a.keep_other_prob)
        if cls == "important":
            if slot.get("critical"):
                want_keep = r.random() < self.a.critical_keep_prob
            else:
                want_keep = True
        if want_keep:
            texts, _ = self.keep_request(fact, text, disp)
            fact["explicit_keep"] = True
        for i, t in enumerate(texts):
            st = {"day": s, "text": t, "value": val}
            if i > 0:
                st["followup"] = True
                st["turn"] = "next"
            fact["statements"].append(st)
        qs = self.ask_plan(slot["asks"], len(needs) + 1)
        fact["needs"] = [{"day": d, "question": q, "expect": val}
                         for d, q in zip(needs, qs)]
        fact["final_question"] = qs[-1]
        fact["final_expect"] = val
        return fact

    def make_updated(self, slot):
        r = self.rng
        s, ups, needs = self.sched_updated()
        n_vals = len(ups) + 1
        free = [v for v in slot["vals"] if value_of(v)[1] not in self.used_values]
        if len(free) < n_vals:
            free = list(slot["vals"])
        seq = r.sample(free, min(n_vals, len(free)))
        ups = ups[:len(seq) - 1]
        for v in seq:
            self.used_values.add(value_of(v)[1])
        fact = {"class": "updated", "key": slot["key"], "statements": [],
                "explicit_keep": False, "domain": slot.get("domain", "none"),
                "critical": bool(slot.get("critical", False)),
                "group": slot.get("group")}
        d0, v0 = value_of(seq[0])
        fact["statements"].append({"day": s, "text": self.chat_wrap(
            self.cap(r.choice(slot["first"]).format(v=d0)), d0), "value": v0,
            "update_style": "initial"})
        styles = list(slot["upd"].keys())
        r.shuffle(styles)
        for i, day in enumerate(ups):
            old_d, _ = value_of(seq[i])
            new_d, new_v = value_of(seq[i + 1])
            # templates marked "+|" / "-|" only fit a rise / a fall in amount
            sign = "+" if number(new_d) > number(old_d) else "-"
            for j in range(len(styles)):
                style = styles[(i + j) % len(styles)]
                tpls = [t for t in slot["upd"][style] if t[:2] not in ("+|", "-|")
                        or t[0] == sign]
                if tpls:
                    break
            t = r.choice(tpls)
            if t[:2] in ("+|", "-|"):
                t = t[2:]
            t = self.cap(t.format(old=old_d, new=new_d))
            fact["statements"].append({"day": day, "text": self.chat_wrap(t, new_d),
                                       "value": new_v, "update_style": style})

        def current(d):
            cur = None
            for st in fact["statements"]:
                if st["day"] < d:
                    cur = st["value"]
            return cur
        qs = self.ask_plan(slot["asks"], len(needs) + 1)
        fact["needs"] = [{"day": d, "question": q, "expect": current(d)}
                         for d, q in zip(needs, qs)]
        fact["final_question"] = qs[-1]
        fact["final_expect"] = fact["statements"][-1]["value"]
        return fact

    # ---- notes / chatter / requests ----------------------------------------
    def make_notes(self):
        r, out, active = self.rng, [], {}
        for day in range(self.days):
            for _ in range(poisson(r, self.a.notes_per_day)):
                for _try in range(20):
                    t = r.choice(self.B.NOTES)
                    if active.get(t["key"], -1) < day:
                        break
                else:
                    continue
                x = r.random()
                if x < 0.5:
                    off, when = 0, "today"
                elif x < 0.8:
                    off, when = 1, "tomorrow"
                else:
                    off = r.randint(2, 4)
                    when = "on " + WEEKDAY_NAMES[self.weekday(day + off)]
                until = min(day + off + r.randint(0, 1), self.days - 1)
                disp, val = value_of(r.choice(t["vals"]))
                text = self.cap(r.choice(t["text"]).format(v=disp, when=when))
                active[t["key"]] = until
                out.append({"day": day, "until": until, "text": text,
                            "key": t["key"], "value": val,
                            "question": r.choice(t["q"]),
                            "ask_day": r.randint(day, min(day + off, until))})
        for i, n in enumerate(out):
            n["id"] = "n%04d" % (i + 1)
        return [{"id": n.pop("id"), **n} for n in out]

    def fill(self, tpl):
        def rep(m):
            return self.rng.choice(self.B.FILL[m.group(1)])
        return re.sub(r"\{(\w+)\}", rep, tpl)

    def make_lines(self, pool, rate):
        r, out = self.rng, []
        for day in range(self.days):
            for _ in range(poisson(r, rate)):
                out.append({"day": day, "text": self.fill(r.choice(pool))})
        return out

    # ---- assemble -----------------------------------------------------------
    def build(self):
        a, B, r = self.a, self.B, self.rng
        facts = []
        pools = [dict(p) for p in B.PLAIN]
        for cls, n, sch in (("frequent", a.frequent, self.sched_frequent),
                            ("rare", a.rare, self.sched_rare),
                            ("dormant", a.dormant, self.sched_dormant)):
            pref = cls[0]
            for slot in self.take_slots(pref, n, pools):
                facts.append(self.make_plain(slot, cls, sch()))
        # entity groups (two vehicles, two children...) are taken whole so that
        # an update of one sibling can be checked not to touch the other;
        # about 60% of updated slots come from groups, the rest singletons
        groups, singles = {}, []
        for slot in B.UPDATED:
            if slot.get("group"):
                groups.setdefault(slot["group"], []).append(slot)
            else:
                singles.append(slot)
        gunits = [groups[k] for k in sorted(groups)]
        r.shuffle(gunits)
        r.shuffle(singles)
        upd = []
        while gunits and len(upd) + len(gunits[0]) <= max(2, int(a.updated * 0.6)):
            upd += gunits.pop(0)
        for s_ in singles + [x for g in gunits for x in g]:
            if len(upd) >= a.updated:
                break
            upd.append(s_)
        if len(upd) < a.updated:
            self.warnings.append("only %d updated slots" % len(upd))
        for slot in upd:
            facts.append(self.make_updated(slot))
        imp = [dict(p) for p in B.IMPORTANT]
        r.shuffle(imp)
        # about half domain-critical (no request), half explicit requests
        crit = [s for s in imp if s.get("critical")]
        expl = [s for s in imp if not s.get("critical")]
        n_crit = min(len(crit), (a.important + 1) // 2)
        chosen = crit[:n_crit] + expl[:a.important - n_crit]
        if len(chosen) < a.important:
            chosen += crit[n_crit:n_crit + a.important - len(chosen)]
        if len(chosen) < a.important:
            self.warnings.append("only %d important slots" % len(chosen))
        for slot in chosen:
            facts.append(self.make_plain(slot, "important", self.sched_important()))
        r.shuffle(facts)
        out = []
        for i, f in enumerate(facts):
            out.append({"id": "f%03d" % (i + 1), **f})
        notes = self.make_notes()
        chatter = self.make_lines(B.CHATTER, a.chatter_per_day)
        requests = self.make_lines(B.REQUESTS, a.requests_per_day)
        world = {"name": "lifecycle-world2-%s-%d" % (self.bank, self.seed),
                 "persona": B.PERSONA, "user": B.USER,
                 "start": a.start, "days": self.days, "seed": self.seed,
                 "bank": self.bank, "final_day": self.days,
                 "facts": out, "notes": notes, "chatter": chatter,
                 "requests": requests}
        world["stats"] = stats(world)
        if self.warnings:
            world["warnings"] = self.warnings
        return world


def stats(w):
    c = {}
    for f in w["facts"]:
        c[f["class"]] = c.get(f["class"], 0) + 1
    needs = sum(len(f["needs"]) for f in w["facts"])
    return {"facts_per_class": c, "facts": len(w["facts"]),
            "needs": needs, "needs_per_day": round(needs / w["days"], 2),
            "explicit_keep": sum(f["explicit_keep"] for f in w["facts"]),
            "critical_domain": sum(f.get("critical", False) for f in w["facts"]),
            "updates": sum(len(f["statements"]) - 1 for f in w["facts"]
                           if f["class"] == "updated"),
            "notes": len(w["notes"]), "chatter": len(w["chatter"]),
            "requests": len(w["requests"])}


def build_parser():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--bank", choices=["dev", "held", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"], default="dev")
    p.add_argument("--out", default="-")
    p.add_argument("--start", default="2026-01-05")
    p.add_argument("--days", type=int, default=365)
    p.add_argument("--frequent", type=int, default=25)
    p.add_argument("--rare", type=int, default=15)
    p.add_argument("--dormant", type=int, default=10)
    p.add_argument("--updated", type=int, default=12)
    p.add_argument("--important", type=int, default=12)
    p.add_argument("--notes-per-day", type=float, default=3.0)
    p.add_argument("--chatter-per-day", type=float, default=2.0)
    p.add_argument("--requests-per-day", type=float, default=2.0)
    p.add_argument("--frequent-state-by", type=int, default=28,
                   help="frequent facts are stated on a day in [0, this]")
    p.add_argument("--freq-gap-min", type=int, default=5)
    p.add_argument("--freq-gap-max", type=int, default=18)
    p.add_argument("--rare-state-by", type=int, default=100)
    p.add_argument("--rare-gap-min", type=int, default=60)
    p.add_argument("--rare-gap-max", type=int, default=150)
    p.add_argument("--dormant-late-prob", type=float, default=0.4,
                   help="chance a dormant fact is also needed once in the last month")
    p.add_argument("--important-state-by", type=int, default=150)
    p.add_argument("--imp-gap-min", type=int, default=25)
    p.add_argument("--imp-gap-max", type=int, default=60)
    p.add_argument("--upd-gap-min", type=int, default=10)
    p.add_argument("--upd-gap-max", type=int, default=30)
    p.add_argument("--keep-other-prob", type=float, default=0.1,
                   help="chance a frequent/rare/dormant fact carries a keep request")
    p.add_argument("--critical-keep-prob", type=float, default=0.2,
                   help="chance a domain-critical important fact also carries a request")
    p.add_argument("--prefix-prob", type=float, default=0.2,
                   help="chance a statement opens with a conversational prefix")
    return p


def generate(bank, seed, **overrides):
    args = build_parser().parse_args([])
    for k, v in overrides.items():
        setattr(args, k, v)
    return World(bank, seed, args).build()


def main(argv=None):
    args = build_parser().parse_args(argv)
    w = World(args.bank, args.seed, args).build()
    s = json.dumps(w, indent=1, ensure_ascii=False)
    if args.out == "-":
        print(s)
    else:
        with open(args.out, "w") as fh:
            fh.write(s + "\n")
        print(json.dumps(w["stats"]), file=sys.stderr)
    for m in w.get("warnings", []):
        print("warning:", m, file=sys.stderr)


if __name__ == "__main__":
    main()
