"""The dashboard's lessons and rules over real HTTP: each shown with its provenance
(who made it and how, the session, when, the text it came from) and its state, and
revoked with a form POST that needs the CSRF token, a writer and the key's own scope
— as ``POST /v1/lessons/{id}/revoke`` and ``POST /v1/rules/{id}/revoke`` do."""

from __future__ import annotations

import re

from tests.server.conftest import Live
from tests.server.test_ui_http import csrf, signed_in

HOSTILE = 'Use <script>alert("x")</script> spaces, not tabs, in <b>Makefiles</b>'


def _lesson(live: Live, key: str, text: str) -> str:
    with live.client(key) as c:
        made = c.post("/v1/lessons", json={"text": text, "session_id": "s-ui"})
        assert made.status_code == 201, made.text
        return str(made.json()["memory_id"])


def _rule(live: Live, key: str, text: str) -> str:
    """A rule reflection learns from three episodes that each learnt ``text``."""
    with live.client(key) as c:
        for n in range(3):
            eid = c.post("/v1/episodes", json={"task": f"release {n}"}).json()["id"]
            done = c.post(
                f"/v1/episodes/{eid}/complete",
                json={"outcome_score": 1, "success": True, "learnings": [text]},
            )
            assert done.status_code == 200, done.text
        c.post("/v1/rules/reflect")
        (rule,) = [r for r in c.get("/v1/rules").json() if r["behavior"] == text]
        return str(rule["id"])


def _lessons(live: Live, key: str, **params: object) -> list[dict[str, object]]:
    with live.client(key) as c:
        return list(c.get("/v1/lessons", params=params).json())


def test_lessons_and_rules_show_where_they_came_from(live: Live) -> None:
    writer = live.key("writer", user_id="alice")
    _lesson(live, writer, HOSTILE)
    _rule(live, writer, "Run the linter before every commit")
    with signed_in(live, writer) as c:
        lessons = c.get("/ui/lessons").text
        assert "user correction in session s-ui (trusted)" in lessons
        assert "loaded" in lessons and "Revoke" in lessons
        assert "<script>alert" not in lessons and "&lt;script&gt;" in lessons
        rules = c.get("/ui/rules").text
        assert "Run the linter before every commit" in rules
        assert "reflection over episodes [" in rules
    with signed_in(live, live.key("reader", user_id="alice")) as c:
        page = c.get("/ui/lessons").text
        assert "user correction in session s-ui" in page and "/revoke" not in page


def test_revoking_on_the_dashboard_is_the_rest_revoke(live: Live) -> None:
    writer = live.key("writer", user_id="alice")
    lesson = _lesson(live, writer, "Never push to main directly; open a pull request")
    rule = _rule(live, writer, "Tag every release with a v prefix")
    with signed_in(live, writer) as c:
        page = c.get("/ui/lessons").text
        token = csrf(page)
        assert f'action="/ui/lessons/{lesson}/revoke"' in page
        path = f"/ui/lessons/{lesson}/revoke"
        assert c.post(path, data={}).status_code == 403  # no CSRF token
        evil = {"Origin": "https://evil.example"}
        assert c.post(path, data={"csrf": token}, headers=evil).status_code == 403
        huge = {"csrf": token, "reason": "x" * 5000}
        assert c.post(path, data=huge).status_code == 422
        assert [x["id"] for x in _lessons(live, writer)] == [lesson]  # nothing changed yet
        done = c.post(path, data={"csrf": token, "reason": 'wrong <i>"advice"</i>'})
        assert done.status_code == 303
        after = c.get(done.headers["location"]).text
        assert "revoked" in after and "&lt;i&gt;" in after and "<i>" not in after
        assert c.post(f"/ui/rules/{rule}/revoke", data={"csrf": token}).status_code == 303
        assert re.search(r"b-revoked", c.get("/ui/rules").text)
    assert _lessons(live, writer) == []
    (gone,) = _lessons(live, writer, include_revoked=True)
    assert gone["revoked"]["reason"] == 'wrong <i>"advice"</i>'  # type: ignore[index]
    with live.client(writer) as c:
        rules = c.get("/v1/rules", params={"include_revoked": True}).json()
        assert [(r["id"], bool(r["revoked"])) for r in rules] == [(rule, True)]


def test_a_key_revokes_in_its_own_scope_only_and_a_reader_not_at_all(live: Live) -> None:
    alice = live.key("writer", user_id="alice")
    lesson = _lesson(live, alice, "Always run the migrations in a transaction")
    rule = _rule(live, alice, "Pin every dependency in requirements.txt")
    with signed_in(live, live.key("writer", user_id="bob")) as c:
        token = csrf(c.get("/ui/lessons").text)
        assert "migrations" not in c.get("/ui/lessons").text
        assert c.post(f"/ui/lessons/{lesson}/revoke", data={"csrf": token}).status_code == 404
        assert c.post(f"/ui/rules/{rule}/revoke", data={"csrf": token}).status_code == 404
    with signed_in(live, live.key("reader", user_id="alice")) as c:
        token = csrf(c.get("/ui/search").text)
        assert c.post(f"/ui/lessons/{lesson}/revoke", data={"csrf": token}).status_code == 403
    assert [x["id"] for x in _lessons(live, alice)] == [lesson]
