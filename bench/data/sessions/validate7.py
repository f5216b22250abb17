#!/usr/bin/env python3
"""Validate the recorded-session corpus (stdlib only).

usage: python3 validate.py [ROOT] [SPLIT ...]
       ROOT defaults to this file's directory; SPLITs default to held7
       (copy of validate.py adapted for the held7 split).  Only aggregate counts are
       printed per split.

Checks every <split>/<project>.json: structure, event kinds, hook/tool pairing,
increasing timestamps, 3-10 week spread, 4-7 sessions, 4-15 prompts/session,
and that every expectation points at the right kind of event and that its
terms occur where they must.  Prints counts per kind per split; exits 1 on error.
"""
import collections
import datetime as dt
import glob
import json
import os
import re
import sys

HOOKS = {"SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse",
         "PostToolUseFailure", "PreCompact", "Stop", "SessionEnd"}
LABELS = {"fact", "request", "question", "correction", "preference", "remember",
          "trigger", "chatter", "thanks", "task_start"}
POLLUTION_LABELS = {"request", "question", "chatter", "thanks"}
SOURCES = {"startup", "resume", "clear", "compact"}
END_REASONS = {"clear", "logout", "prompt_input_exit", "other"}
SPECIAL = re.compile(r"v?\d+(?:\.\d+)+[a-z0-9]*|[a-z0-9_\-/]+\.[a-z0-9_]+(?:\.[a-z0-9_]+)*", re.I)


def ts(s):
    return dt.datetime.strptime(s, "%Y-%m-%dT%H:%M:%SZ")


def text_of(ev):
    parts = []
    for k in ("prompt", "assistant", "error"):
        if k in ev:
            parts.append(ev[k])
    for k in ("tool_input", "tool_response"):
        if k in ev:
            parts.append(json.dumps(ev[k], ensure_ascii=False))
    return "\n".join(parts).lower()


class Checker:
    def __init__(self, path):
        self.path = path
        self.errors = []
        self.warnings = []

    def err(self, msg):
        self.errors.append("%s: %s" % (os.path.basename(self.path), msg))

    def warn(self, msg):
        self.warnings.append("%s: %s" % (os.path.basename(self.path), msg))

    def ev(self, pos, what):
        try:
            s, e = pos[0], pos[1]
            return self.data["sessions"][s]["events"][e]
        except (IndexError, KeyError, TypeError):
            self.err("%s: position %r does not exist" % (what, pos))
            return None

    @staticmethod
    def before(a, b):
        return tuple(a[:2]) < tuple(b[:2])

    def run(self):
        try:
            with open(self.path) as fh:
                self.data = d = json.load(fh)
        except Exception as exc:  # noqa
            self.err("cannot load: %s" % exc)
            return None
        for k in ("project", "cwd", "sessions", "expect"):
            if k not in d:
                self.err("missing key %s" % k)
                return None
        stats = collections.Counter()
        sessions = d["sessions"]
        if not 4 <= len(sessions) <= 7:
            self.err("%d sessions (want 4-7)" % len(sessions))
        prev_t = None
        ids = set()
        for si, s in enumerate(sessions):
            evs = s["events"]
            if s["session_id"] in ids:
                self.err("duplicate session_id %s" % s["session_id"])
            ids.add(s["session_id"])
            if not evs or evs[0].get("hook") != "SessionStart":
                self.err("session %d does not begin with SessionStart" % si)
            if evs and evs[0]["t"] != s["start"]:
                self.err("session %d start != first event time" % si)
            if evs and evs[-1].get("hook") != "SessionEnd":
                self.warn("session %d does not end with SessionEnd" % si)
            prompts = 0
            pending_pre = None
            seen_prompt = False
            answered = True
            for ei, e in enumerate(evs):
                where = "s%d e%d" % (si, ei)
                t = ts(e["t"])
                if prev_t is not None and t <= prev_t:
                    self.err("%s: timestamp %s not after previous" % (where, e["t"]))
                prev_t = t
                if "assistant" in e:
                    stats["assistant_msgs"] += 1
                    answered = True
                    if pending_pre:
                        self.err("%s: assistant text between Pre and Post" % where)
                    continue
                h = e.get("hook")
                if h not in HOOKS:
                    self.err("%s: unknown event %r" % (where, e))
                    continue
                stats["events"] += 1
                if h == "SessionStart":
                    if e.get("source") not in SOURCES:
                        self.err("%s: bad source" % where)
                    if ei > 0 and e.get("source") != "compact":
                        self.err("%s: mid-session SessionStart must be source=compact" % where)
                    if e.get("source") == "compact" and evs[ei - 1].get("hook") != "PreCompact":
                        self.err("%s: compact SessionStart without PreCompact" % where)
                elif h == "UserPromptSubmit":
                    if pending_pre:
                        self.err("%s: prompt while tool pending" % where)
                    if not answered:
                        self.warn("%s: previous prompt got no assistant reply" % where)
                    answered = False
                    seen_prompt = True
                    prompts += 1
                    stats["prompts"] += 1
                    if e.get("label") not in LABELS:
                        self.err("%s: bad label %r" % (where, e.get("label")))
                    stats["label:" + str(e.get("label"))] += 1
                    if not e.get("prompt"):
                        self.err("%s: empty prompt" % where)
                elif h == "PreToolUse":
                    if not seen_prompt:
                        self.err("%s: tool use before first prompt" % where)
                    if pending_pre:
                        self.err("%s: PreToolUse while another pending" % where)
                    pending_pre = e
                    stats["tool_calls"] += 1
                    stats["tool:" + ("mcp" if e["tool_name"].startswith("mcp__") else e["tool_name"])] += 1
                elif h in ("PostToolUse", "PostToolUseFailure"):
                    if not pending_pre:
                        self.err("%s: %s without PreToolUse" % (where, h))
                    elif (pending_pre["tool_name"] != e.get("tool_name")
                          or pending_pre["tool_input"] != e.get("tool_input")):
                        self.err("%s: %s does not match its PreToolUse" % (where, h))
                    pending_pre = None
                    if h == "PostToolUseFailure":
                        stats["tool_failures"] += 1
                        if not e.get("error"):
                            self.err("%s: failure without error" % where)
                    elif "tool_response" not in e:
                        self.err("%s: PostToolUse without tool_response" % where)
                elif h == "Stop":
                    if pending_pre:
                        self.err("%s: Stop while tool pending" % where)
                elif h == "SessionEnd":
                    if e.get("reason") not in END_REASONS:
                        self.err("%s: bad end reason" % where)
                    if ei != len(evs) - 1:
                        self.err("%s: SessionEnd not last" % where)
                elif h == "PreCompact":
                    stats["compactions"] += 1
            if not 4 <= prompts <= 15:
                self.err("session %d has %d prompts (want 4-15)" % (si, prompts))
        stats["sessions"] += len(sessions)
        span = (ts(sessions[-1]["start"]) - ts(sessions[0]["start"])).days
        if not 21 <= span <= 70:
            self.err("sessions span %d days (want 21-70)" % span)
        self.check_expect(stats)
        return stats

    # ------------------------------------------------------------------
    def prompt_at(self, pos, what, labels=None):
        e = self.ev(pos, what)
        if e is None:
            return None
        if e.get("hook") != "UserPromptSubmit":
            self.err("%s: %r is not a UserPromptSubmit" % (what, pos))
            return None
        if labels and e.get("label") not in labels:
            self.err("%s: %r has label %s, want one of %s" % (what, pos, e.get("label"), sorted(labels)))
        return e

    def turn_context(self, pos):
        """Text of the previous turn (assistant + tools) before a prompt."""
        s, e = pos
        evs = self.data["sessions"][s]["events"]
        out = []
        i = e - 1
        while i >= 0 and evs[i].get("hook") != "UserPromptSubmit":
            out.append(text_of(evs[i]))
            i -= 1
        return "\n".join(out)

    def check_expect(self, stats):
        x = self.data["expect"]
        ns = len(self.data["sessions"])
        for f in x.get("facts", []):
            w = "fact " + f["id"]
            e = self.ev(f["stated_in"], w)
            if e is not None and e.get("hook") != "UserPromptSubmit" and "assistant" not in e:
                self.err("%s: stated_in %r is neither a prompt nor an assistant reply" % (w, f["stated_in"]))
            if e is not None:
                t = text_of(e)
                for term in f["terms"]:
                    if term != term.lower():
                        self.err("%s: term %r not lower-case" % (w, term))
                    if term.lower() not in t:
                        self.err("%s: term %r not in statement event" % (w, term))
            if not f["needed_in"]:
                self.err("%s: needed_in empty" % w)
            for n in f["needed_in"]:
                if self.prompt_at(n, w + " needed_in") is not None and not self.before(f["stated_in"], n):
                    self.err("%s: needed_in %r not after statement" % (w, n))
            if f.get("stale_terms"):
                stats["facts_updated"] += 1
                earlier = []
                for si, s in enumerate(self.data["sessions"]):
                    for ei, ev in enumerate(s["events"]):
                        if self.before((si, ei), f["stated_in"]):
                            earlier.append(text_of(ev))
                earlier = "\n".join(earlier)
                for st in f["stale_terms"]:
                    if st.lower() not in earlier:
                        self.err("%s: stale term %r never stated earlier" % (w, st))
                    if st.lower() in [t.lower() for t in f["terms"]]:
                        self.err("%s: stale term %r is also a term" % (w, st))
            stats["facts"] += 1
        for c in x.get("corrections", []):
            w = "correction " + c["id"]
            e = self.prompt_at(c["at"], w, {"correction"})
            if e is not None:
                t = text_of(e)
                ctx = t + "\n" + self.turn_context(c["at"])
                hits_prompt = [lt for lt in c["lesson_terms"] if lt.lower() in t]
                hits_ctx = [lt for lt in c["lesson_terms"] if lt.lower() in ctx]
                if not hits_prompt:
                    self.err("%s: no lesson term in the correction prompt" % w)
                if len(hits_ctx) * 2 < len(c["lesson_terms"]):
                    self.err("%s: fewer than half of lesson terms in correction+context" % w)
            sa = c["shown_at_start_of"]
            if not (isinstance(sa, int) and c["at"][0] < sa < ns):
                self.err("%s: shown_at_start_of %r invalid" % (w, sa))
            stats["corrections"] += 1
        for r in x.get("rules", []):
            w = "rule " + r["id"]
            e = self.prompt_at(r["stated_at"], w, {"correction", "preference", "remember", "fact"})
            if e is not None:
                t = text_of(e)
                for term in r["rule_terms"]:
                    if term.lower() not in t:
                        self.err("%s: rule term %r not in statement" % (w, term))
            if not r["before"]:
                self.err("%s: before empty" % w)
            for b in r["before"]:
                be = self.ev(b, w + " before")
                if be is None:
                    continue
                if be.get("hook") != "PreToolUse" or be.get("tool_name") != r["tool_name"]:
                    self.err("%s: %r is not a PreToolUse of %s" % (w, b, r["tool_name"]))
                if not self.before(r["stated_at"], b):
                    self.err("%s: %r not after statement" % (w, b))
                ti = json.dumps(be.get("tool_input", {})).lower()
                if not any(term.lower() in ti for term in r["rule_terms"]):
                    self.err("%s: no rule term occurs in tool_input at %r" % (w, b))
            stats["rules"] += 1
        for p in x.get("episodes", []):
            w = "episode " + p["id"]
            s, a, b = p["first"]
            self.prompt_at((s, a), w + " first")
            if not a < b < len(self.data["sessions"][s]["events"]):
                self.err("%s: bad range" % w)
                continue
            rng = self.data["sessions"][s]["events"][a:b + 1]
            if not any(ev.get("hook") == "PostToolUseFailure"
                       or (isinstance(ev.get("tool_response"), dict) and ev["tool_response"].get("is_error"))
                       for ev in rng):
                self.err("%s: no failure inside the first episode" % w)
            fix_text = "\n".join(text_of(ev) for ev in rng
                                 if "assistant" in ev or (ev.get("hook") == "PostToolUse"
                                                          and ev.get("tool_name") in ("Edit", "Write", "MultiEdit")))
            for term in p["learning_terms"]:
                if term.lower() not in fix_text:
                    self.err("%s: learning term %r not in replies/edits of first episode" % (w, term))
            self.prompt_at(p["repeat"], w + " repeat", {"task_start"})
            if p["repeat"][0] <= s:
                self.err("%s: repeat not in a later session" % w)
            stats["episodes"] += 1
        for g in x.get("triggers", []):
            w = "trigger " + g["id"]
            e = self.prompt_at(g["set_at"], w, {"trigger"})
            special = [m.lower() for m in SPECIAL.findall(g["subject"])]
            if not special:
                self.err("%s: subject has no version/decimal/dotted token" % w)
            if e is not None:
                t = text_of(e)
                if not any(sp in t for sp in special):
                    self.err("%s: no special token of subject in set_at prompt" % w)
            fe = self.ev(g["fires_at"], w + " fires_at")
            if fe is not None:
                if fe.get("hook") not in ("UserPromptSubmit", "PreToolUse", "SessionStart"):
                    self.err("%s: fires_at is a %s" % (w, fe.get("hook")))
                if not self.before(g["set_at"], g["fires_at"]):
                    self.err("%s: fires_at not after set_at" % w)
                if fe.get("hook") != "SessionStart":
                    ft = text_of(fe)
                    if not any(sp in ft for sp in special):
                        self.err("%s: fires_at event shares no special token with subject" % w)
            stats["triggers"] += 1
        want = []
        for si, s in enumerate(self.data["sessions"]):
            for ei, ev in enumerate(s["events"]):
                if ev.get("hook") == "UserPromptSubmit" and ev.get("label") in POLLUTION_LABELS:
                    want.append([si, ei])
        got = [list(p) for p in x.get("pollution", [])]
        if sorted(got) != sorted(want):
            self.err("pollution list differs from request/question/chatter/thanks prompts "
                     "(missing %s, extra %s)" % ([p for p in want if p not in got][:5],
                                                 [p for p in got if p not in want][:5]))
        stats["pollution"] += len(got)
        for rp in x.get("rejected_proposals", []):
            e = self.ev(rp["at"], "rejected_proposal")
            if e is not None:
                if "assistant" not in e:
                    self.err("rejected_proposal %r is not an assistant event" % rp["at"])
                elif not all(t.lower() in e["assistant"].lower() for t in rp["terms"]):
                    self.err("rejected_proposal %r terms missing" % rp["at"])
            stats["rejected_proposals"] += 1
        # per-project minimums from the brief
        # held7 brief: 5 facts (2 updated), 5 corrections, 3 rules, 2 episodes, 1 trigger, 1 rejected
        mins = {"facts": 5, "corrections": 5, "rules": 3, "episodes": 2, "triggers": 1,
                "rejected_proposals": 1}
        for k, m in mins.items():
            if stats[k] < m:
                self.err("only %d %s (want >= %d)" % (stats[k], k, m))
        if stats["facts_updated"] < 2:
            self.err("only %d updated facts (want >= 2)" % stats["facts_updated"])
        ns = len(self.data["sessions"])
        if not 5 <= ns <= 6:
            self.err("%d sessions (held7 brief wants 5-6)" % ns)
        for si, s in enumerate(self.data["sessions"]):
            n = sum(1 for ev in s["events"] if ev.get("hook") == "UserPromptSubmit")
            if not 6 <= n <= 12:
                self.err("session %d has %d prompts (held7 brief wants 6-12)" % (si, n))
        span = (ts(self.data["sessions"][-1]["start"]) - ts(self.data["sessions"][0]["start"])).days
        if not 32 <= span <= 49:
            self.err("span %d days (held7 brief wants 5-7 weeks)" % span)
        for c in x.get("corrections", []):
            if c["at"][0] == ns - 1:
                self.err("correction %s in last session" % c["id"])


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    splits = sys.argv[2:]
    if not splits:
        splits = ["held7"]
    totals = collections.OrderedDict()
    errors, warnings = [], []
    for split in splits:
        files = sorted(glob.glob(os.path.join(root, split, "*.json")))
        agg = collections.Counter()
        for f in files:
            c = Checker(f)
            st = c.run()
            errors += c.errors
            warnings += c.warnings
            if st:
                agg += st
                agg["projects"] += 1
        totals[split] = agg
    keys = ["projects", "sessions", "prompts", "events", "assistant_msgs", "tool_calls",
            "tool_failures", "compactions", "facts", "facts_updated", "corrections", "rules",
            "episodes", "triggers", "pollution", "rejected_proposals"]
    labels = sorted({k for a in totals.values() for k in a if k.startswith("label:")})
    tools = sorted({k for a in totals.values() for k in a if k.startswith("tool:")})
    print("%-22s" % "kind" + "".join(" %8s" % sp for sp in splits))
    for k in keys + labels + tools:
        print("%-22s" % k + "".join(" %8d" % totals[sp][k] for sp in splits))
    for w in warnings:
        print("WARN", w)
    for e in errors:
        print("ERROR", e)
    print("%d error(s), %d warning(s)" % (len(errors), len(warnings)))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
