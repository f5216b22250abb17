"""The injection attack suite through the REST routes that make lessons and rules, on
both backends, over real HTTP: a spread of the blind corpus's attacks (each
language, encoding and markup of its dev half, and the hidden forms) posted as
corrections (``POST /v1/lessons``), as episode learnings (``.../complete``), as
lessons written directly (``POST /v1/memories`` with ``kind: lesson``) and as updates
of a lesson (``PATCH /v1/memories/{id}``); after ``POST /v1/rules/reflect`` no rule or
lesson holds one, no trigger is made of one (``POST /v1/triggers``, ``.../detect``),
and no session start nor PreToolUse hook (``POST /hooks/claude-code/PreToolUse``, the
attack as the call's input) shows one."""

from __future__ import annotations

from tests.server.conftest import Live

from attack_rows import ATTACKS, marker

BACKENDS = ("sqlite", "postgres")


def test_attacks_through_every_rest_route_that_makes_lessons(live: Live) -> None:
    assert len(ATTACKS) >= 40
    texts = [r["text"] for r in ATTACKS]
    with live.client(live.key("writer", rate=10_000)) as c:
        for text in texts:
            made = c.post("/v1/lessons", json={"text": text, "session_id": "s1"})
            assert made.status_code == 201 and made.json()["action"] == "flagged", text
            raw = c.post("/v1/memories", json={"content": text, "kind": "lesson"})
            assert raw.status_code == 201, raw.text
            assert raw.json()["memories"][0]["source_trust"] == "untrusted", text
        good = c.post("/v1/memories", json={"content": "Tag releases with a v", "kind": "lesson"})
        lesson_id = good.json()["memories"][0]["id"]
        for text in texts[:5]:  # an update is no way around the check
            new = c.patch(f"/v1/memories/{lesson_id}", json={"content": text})
            assert new.status_code == 200 and new.json()["source_trust"] == "untrusted", text
            lesson_id = new.json()["id"]
        for batch in range(3):
            eid = c.post("/v1/episodes", json={"task": f"release {batch}"}).json()["id"]
            done = c.post(
                f"/v1/episodes/{eid}/complete",
                json={"outcome_score": 1, "success": True, "learnings": texts},
            ).json()
            assert done["learnings"] == [] and len(done["withheld"]) == len(texts)
        assert c.post("/v1/rules/reflect").json()["created"] == []
        assert c.get("/v1/rules", params={"include_held": True}).json() == []
        assert c.get("/v1/lessons").json() == []
        for text in texts:  # reminders: an instruction channel too
            made = c.post("/v1/triggers", json={"message": text, "on": "2031-05-02"})
            assert made.status_code == 422, text
            found = c.post("/v1/triggers/detect", json={"text": f"By next Friday: {text}"})
            assert found.status_code == 200 and found.json() == [], text
        assert c.get("/v1/triggers").json() == []
        start = c.post("/v1/sessions/s2/start", json={"opening": "cut the release"})
        shown = [start.json()["context"]["text"]]
        linter = {"text": "Run the linter before every git commit", "session_id": "s3"}
        assert c.post("/v1/lessons", json=linter).json()["action"] == "stored"
        for text in [*texts, "git commit -m fix"]:  # PreToolUse, over HTTP
            answer = c.post(
                "/hooks/claude-code/PreToolUse",
                json={
                    "session_id": "s2",
                    "hook_event_name": "PreToolUse",
                    "tool_name": "Bash",
                    "tool_input": {"command": text},
                },
            )
            assert answer.status_code == 200, answer.text
            out = answer.json().get("hookSpecificOutput", {})
            shown.append(str(out.get("additionalContext", "")))
    assert "linter" in shown[-1]  # the path is live: a user's lesson comes up before its call
    seen = " ".join(" ".join(shown).split()).casefold()
    assert [r["id"] for r in ATTACKS if marker(r["text"]) in seen] == []
