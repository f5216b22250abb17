"""Small DSL for writing recorded Claude Code sessions (held4 corpus).

Written from the format described in bench/data/sessions/README.md (the original
_gen/builder.py was not available in the checkout, so this is a re-implementation
of the same idea).  Every method that adds an event returns its position
(session index, event index), so expectations are built from variables instead
of hand-counted indices.

    p = Project("name", "/home/x/code/name", voice=..., stack=..., seed=7)
    s = p.session("2026-03-09 19:40")
    f = s.user("we deploy to europe-west1 btw, add a function", "fact")
    s.bash("firebase deploy --only functions --project dev", out="...")
    s.reply("Deployed.")
    s.end()
    p.fact("F1", f, needed=[...], terms=["europe-west1"])
    p.dump(path)
"""
import datetime as dt
import json
import os
import random
import uuid

FMT = "%Y-%m-%dT%H:%M:%SZ"


def _lines(text):
    return text.split("\n") if text else []


class Project:
    def __init__(self, name, cwd, voice, stack, seed):
        self.name, self.cwd, self.voice, self.stack = name, cwd, voice, stack
        self.rng = random.Random(seed)
        self.sessions = []
        self.clock = None
        self.expect = {"facts": [], "corrections": [], "rules": [], "episodes": [],
                       "triggers": [], "pollution": [], "rejected_proposals": []}

    # -- sessions -------------------------------------------------------
    def session(self, start, source="startup"):
        t = dt.datetime.strptime(start, "%Y-%m-%d %H:%M") + dt.timedelta(seconds=self.rng.randint(3, 57))
        if self.clock is not None and t <= self.clock:
            raise ValueError("session %s starts before the previous one ended" % start)
        self.clock = t - dt.timedelta(seconds=1)
        sid = str(uuid.UUID(int=self.rng.getrandbits(128), version=4))
        s = Session(self, len(self.sessions), sid)
        self.sessions.append(s)
        s._add({"hook": "SessionStart", "source": source}, 1)
        return s

    # -- expectations ---------------------------------------------------
    def fact(self, id, stated, needed, terms, stale=None, note=None):
        f = {"id": id, "stated_in": list(stated), "needed_in": [list(n) for n in needed], "terms": terms}
        if stale:
            f["stale_terms"] = stale
        if note:
            f["note"] = note
        self.expect["facts"].append(f)

    def correction(self, id, at, lesson, note=None):
        c = {"id": id, "at": list(at), "lesson_terms": lesson, "shown_at_start_of": at[0] + 1}
        if note:
            c["note"] = note
        self.expect["corrections"].append(c)

    def rule(self, id, stated, tool, before, terms, note=None):
        r = {"id": id, "stated_at": list(stated), "tool_name": tool,
             "before": [list(b) for b in before], "rule_terms": terms}
        if note:
            r["note"] = note
        self.expect["rules"].append(r)

    def episode(self, id, first, last, repeat, learning, note=None):
        assert first[0] == last[0]
        e = {"id": id, "first": [first[0], first[1], last[1]], "repeat": list(repeat),
             "learning_terms": learning}
        if note:
            e["note"] = note
        self.expect["episodes"].append(e)

    def trigger(self, id, set_at, fires_at, subject):
        self.expect["triggers"].append({"id": id, "set_at": list(set_at),
                                        "fires_at": list(fires_at), "subject": subject})

    def rejected(self, at, terms, note):
        self.expect["rejected_proposals"].append({"at": list(at), "terms": terms, "note": note})

    # -- output ---------------------------------------------------------
    def to_json(self):
        pol = []
        for si, s in enumerate(self.sessions):
            for ei, ev in enumerate(s.events):
                if ev.get("hook") == "UserPromptSubmit" and ev["label"] in ("request", "question", "chatter", "thanks"):
                    pol.append([si, ei])
        self.expect["pollution"] = pol
        return {"project": self.name, "cwd": self.cwd, "voice": self.voice, "stack": self.stack,
                "sessions": [{"session_id": s.sid, "start": s.events[0]["t"], "events": s.events}
                             for s in self.sessions],
                "expect": self.expect}

    def dump(self, path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as fh:
            json.dump(self.to_json(), fh, indent=1, ensure_ascii=False)
            fh.write("\n")


class Session:
    def __init__(self, project, index, sid):
        self.p, self.i, self.sid = project, index, sid
        self.events = []

    # -- plumbing -------------------------------------------------------
    def _gap(self, gap, lo, hi):
        if gap is None:
            return self.p.rng.randint(lo, hi)
        if isinstance(gap, tuple):
            return self.p.rng.randint(*gap)
        return gap

    def _add(self, ev, gap):
        self.p.clock += dt.timedelta(seconds=max(1, gap))
        out = {"t": self.p.clock.strftime(FMT)}
        out.update(ev)
        self.events.append(out)
        return (self.i, len(self.events) - 1)

    def path(self, p):
        if p.startswith("/") or p.startswith("~"):
            return p
        return self.p.cwd.rstrip("/") + "/" + p

    # -- conversation ---------------------------------------------------
    def user(self, prompt, label, gap=None):
        return self._add({"hook": "UserPromptSubmit", "prompt": prompt, "label": label},
                         self._gap(gap, 45, 320))

    def say(self, text, gap=None):
        """Mid-turn assistant text (before tools)."""
        return self._add({"assistant": text}, self._gap(gap, 3, 11))

    def reply(self, text, gap=None):
        """Final assistant reply of a turn, followed by Stop one second later."""
        pos = self._add({"assistant": text}, self._gap(gap, 4, 16))
        self._add({"hook": "Stop"}, 1)
        return pos

    def wait(self, seconds):
        self.p.clock += dt.timedelta(seconds=seconds)

    def compact(self, trigger="auto", instructions=""):
        pos = self._add({"hook": "PreCompact", "trigger": trigger, "custom_instructions": instructions},
                        self._gap(None, 20, 90))
        self._add({"hook": "SessionStart", "source": "compact"}, self._gap(None, 12, 30))
        return pos

    def end(self, reason="prompt_input_exit", gap=None):
        return self._add({"hook": "SessionEnd", "reason": reason}, self._gap(gap, 20, 200))

    # -- tools ----------------------------------------------------------
    def tool(self, name, tool_input, response=None, error=None, dur=None, gap=None):
        pos = self._add({"hook": "PreToolUse", "tool_name": name, "tool_input": tool_input},
                        self._gap(gap, 2, 7))
        if error is not None:
            self._add({"hook": "PostToolUseFailure", "tool_name": name, "tool_input": tool_input,
                       "error": error}, self._gap(dur, 1, 9))
        else:
            self._add({"hook": "PostToolUse", "tool_name": name, "tool_input": tool_input,
                       "tool_response": response}, self._gap(dur, 1, 9))
        return pos

    def bash(self, command, out="", err="", fail=None, dur=None, desc=None, interrupted=False, gap=None):
        ti = {"command": command}
        if desc:
            ti["description"] = desc
        if fail is not None:
            code, output = fail
            return self.tool("Bash", ti, error="Exit code %d\n%s" % (code, output), dur=dur, gap=gap)
        return self.tool("Bash", ti, {"stdout": out, "stderr": err, "interrupted": interrupted,
                                      "isImage": False}, dur=dur, gap=gap)

    def read(self, path, content, start=1, total=None, limit=None, gap=None):
        fp = self.path(path)
        ti = {"file_path": fp}
        if start != 1:
            ti["offset"] = start
        if limit:
            ti["limit"] = limit
        n = len(content.split("\n"))
        return self.tool("Read", ti, {"type": "text", "file": {
            "filePath": fp, "content": content, "numLines": n, "startLine": start,
            "totalLines": total or (start - 1 + n)}}, gap=gap)

    def edit(self, path, old, new, line=None, replace_all=False, fail=None, gap=None):
        fp = self.path(path)
        ti = {"file_path": fp, "old_string": old, "new_string": new}
        if replace_all:
            ti["replace_all"] = True
        if fail:
            return self.tool("Edit", ti, error=fail, gap=gap)
        ln = line or self.p.rng.randint(3, 140)
        ol, nl = _lines(old), _lines(new)
        patch = [{"oldStart": ln, "oldLines": len(ol), "newStart": ln, "newLines": len(nl),
                  "lines": ["-" + x for x in ol] + ["+" + x for x in nl]}]
        return self.tool("Edit", ti, {"filePath": fp, "oldString": old, "newString": new,
                                      "replaceAll": replace_all, "userModified": False,
                                      "structuredPatch": patch}, gap=gap)

    def write(self, path, content, kind="create", gap=None):
        fp = self.path(path)
        patch = [] if kind == "create" else [{"oldStart": 1, "oldLines": 1, "newStart": 1,
                                              "newLines": len(_lines(content)),
                                              "lines": ["+" + x for x in _lines(content)]}]
        return self.tool("Write", {"file_path": fp, "content": content},
                         {"type": kind, "filePath": fp, "content": content, "structuredPatch": patch}, gap=gap)

    def grep(self, pattern, files, path=None, glob=None, content=None, gap=None):
        ti = {"pattern": pattern}
        if path:
            ti["path"] = self.path(path)
        if glob:
            ti["glob"] = glob
        files = [self.path(f) for f in files]
        if content is not None:
            ti["output_mode"] = "content"
            ti["-n"] = True
            resp = {"mode": "content", "filenames": files, "numFiles": len(files), "content": content,
                    "numLines": len(content.split("\n"))}
        else:
            resp = {"mode": "files_with_matches", "filenames": files, "numFiles": len(files)}
        return self.tool("Grep", ti, resp, gap=gap)

    def glob(self, pattern, files, gap=None):
        files = [self.path(f) for f in files]
        return self.tool("Glob", {"pattern": pattern},
                         {"filenames": files, "durationMs": self.p.rng.randint(4, 60),
                          "numFiles": len(files), "truncated": False}, gap=gap)

    def webfetch(self, url, prompt, result, code=200, gap=None):
        return self.tool("WebFetch", {"url": url, "prompt": prompt},
                         {"bytes": len(result) * 7 + self.p.rng.randint(2000, 90000), "code": code,
                          "codeText": "OK" if code == 200 else "Error", "result": result,
                          "durationMs": self.p.rng.randint(400, 4000), "url": url}, dur=(2, 6), gap=gap)

    def mcp(self, name, tool_input, text, error=None, gap=None):
        if error:
            return self.tool(name, tool_input, error=error, gap=gap)
        return self.tool(name, tool_input, [{"type": "text", "text": text}], gap=gap)
