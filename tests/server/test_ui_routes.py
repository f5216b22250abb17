"""Every form of the dashboard, found from the app's routes (not a list kept by
hand): each POST needs the CSRF token and a same-site origin, and writes nothing
without them; each one naming a record finds no record of another scope. And an
open episode is closed with its outcome on its page; search says when tier 1 (a
category summary) answered; a memory shows its source input; browse narrows by kind."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path
from typing import Any

from tests.server.conftest import Live
from tests.server.test_ui_http import csrf, signed_in

from remem.model import Scope, Summary, utcnow
from remem.server import ui
from remem.store.factory import open_store

SIGN_IN = {"/ui/login", "/ui/logout"}  # no token before sign-in; sign-out has its own test


def _forms(live: Live) -> list[str]:
    """Every POST route of the dashboard's router (the one the app includes)."""
    paths = [
        route.path
        for route in ui.router.routes
        if "POST" in getattr(route, "methods", ()) and route.path not in SIGN_IN
    ]
    assert len(paths) >= 15, paths  # every action of every page
    return paths


def _records(live: Live, key: str) -> dict[str, str]:
    with live.client(key) as c:
        made = c.post("/v1/memories", json={"content": "Alice's desk is by the window"})
        lesson = c.post("/v1/lessons", json={"text": "Don't deploy on Fridays"})
        episode = c.post("/v1/episodes", json={"task": "Fix the flaky export"})
        trigger = c.post("/v1/triggers", json={"message": "Renew the cert", "on": "2031-05-02"})
        item = c.post("/v1/working", json={"session_id": "s-a", "content": "reviewing PR 7"})
        return {
            "memory_id": made.json()["memories"][0]["id"],
            "lesson_id": lesson.json()["memory_id"],
            "episode_id": episode.json()["id"],
            "trigger_id": trigger.json()["id"],
            "item_id": item.json()["id"],
            "rule_id": "0" * 32,  # no rule needed: refused before any lookup
            "verb": "done",
        }


def _fill(path: str, ids: dict[str, str]) -> str:
    return re.sub(r"\{(\w+)\}", lambda m: ids[m.group(1)], path)


def _content(db: Path) -> list[str]:
    """The store's rows, minus the API keys' use and rate counters (a sign-in uses a key)."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        return [
            line
            for line in conn.iterdump()
            if not re.match(r'INSERT INTO "(api_keys|rate|key_)', line)
        ]


def _form(**fields: str) -> dict[str, str]:
    return {"content": "changed", "confirm": "erase", "text": "a lesson", "on": "2031-01-01",
            "message": "m", "session_id": "s-a", "outcome": "success", "score": "1", **fields}  # fmt: skip


def test_every_form_needs_the_csrf_token_and_a_same_site_origin(live: Live) -> None:
    admin = live.key("admin", user_id="alice")
    ids = _records(live, admin)
    db = live.config.db_path or live.config.home / "remem.db"
    with signed_in(live, admin) as c:
        token = csrf(c.get("/ui/memories").text)
        before = _content(db)
        for path in _forms(live):
            url = _fill(path, ids)
            assert c.post(url, data=_form()).status_code == 403, url
            assert c.post(url, data=_form(csrf="f" * 64)).status_code == 403, url
            evil = {"Origin": "https://evil.example"}
            assert c.post(url, data=_form(csrf=token), headers=evil).status_code == 403, url
            cross = {"Sec-Fetch-Site": "cross-site"}
            assert c.post(url, data=_form(csrf=token), headers=cross).status_code == 403, url
        assert _content(db) == before  # nothing was written by any of them


def test_no_form_reaches_a_record_of_another_scope(live: Live) -> None:
    alice, bob = live.key("admin", user_id="alice"), live.key("admin", user_id="bob")
    ids = _records(live, alice)
    with live.client(alice) as api:
        rule = _rule_id(api)
    ids["rule_id"] = rule
    with signed_in(live, bob) as c:
        token = csrf(c.get("/ui/memories").text)
        named = [p for p in _forms(live) if "{" in p]
        assert len(named) >= 10, named
        for path in named:
            url = _fill(path, ids)
            r = c.post(url, data=_form(csrf=token))
            assert r.status_code == 404, (url, r.status_code, r.text[-300:])
    with live.client(alice) as api:  # alice's records are as they were
        assert api.get(f"/v1/memories/{ids['memory_id']}").json()["status"] == "active"
        assert api.get(f"/v1/episodes/{ids['episode_id']}").json()["status"] == "open"
        rule_now = api.get(f"/v1/rules/{rule}").json()
        assert rule_now["revoked"] is None and rule_now["enabled"] is True
        triggers = {t["id"]: t["status"] for t in api.get("/v1/triggers").json()}
        assert triggers[ids["trigger_id"]] == "pending"
        assert [w["id"] for w in api.get("/v1/working").json()] == [ids["item_id"]]
        lessons = {x["id"]: x["revoked"] for x in api.get("/v1/lessons").json()}
        assert ids["lesson_id"] in lessons and lessons[ids["lesson_id"]] is None
    with signed_in(live, alice) as c:  # and alice changes her rule on its page
        page = c.get("/ui/rules").text
        path = f"/ui/rules/{rule}/override"
        assert f'action="{path}"' in page
        r = c.post(path, data={"csrf": csrf(page), "behavior": "Tag and sign every release"})
        assert r.status_code == 303, r.text
    with live.client(alice) as api:  # a new version of the rule, switched off (unticked)
        (changed,) = api.get("/v1/rules", params={"include_disabled": True}).json()
        assert changed["behavior"] == "Tag and sign every release" and changed["enabled"] is False


def _rule_id(api: Any) -> str:
    for n in range(3):
        eid = api.post("/v1/episodes", json={"task": f"release {n}"}).json()["id"]
        api.post(
            f"/v1/episodes/{eid}/complete",
            json={"outcome_score": 1, "success": True, "learnings": ["Tag every release"]},
        )
    api.post("/v1/rules/reflect")
    (rule,) = api.get("/v1/rules").json()
    return str(rule["id"])


def test_an_open_episode_is_closed_on_its_page(live: Live) -> None:
    writer = live.key("writer", user_id="alice")
    with live.client(writer) as api:
        eid = api.post("/v1/episodes", json={"task": "Migrate the billing cron"}).json()["id"]
    with signed_in(live, live.key("reader", user_id="alice")) as c:
        assert "/complete" not in c.get(f"/ui/episodes/{eid}").text  # a reader has no form
    with signed_in(live, writer) as c:
        page = c.get(f"/ui/episodes/{eid}").text
        path = f"/ui/episodes/{eid}/complete"
        assert f'action="{path}"' in page
        for bad in ({"outcome": "success", "score": "2"}, {"outcome": "maybe", "score": "1"},
                    {"outcome": "failure", "score": "nan"},
                    {"outcome": "success", "score": "1", "learnings": "x\n" * 101}):  # fmt: skip
            r = c.post(path, data={"csrf": csrf(page), **bad})
            assert r.status_code == 422 and "not closed" in r.text, bad
        with live.client(writer) as api:
            assert api.get(f"/v1/episodes/{eid}").json()["status"] == "open"
        learnt = "The cron needs the UTC flag\n\nCheck the lock file first"
        r = c.post(
            path,
            data={"csrf": csrf(page), "outcome": "failure", "score": "0.2", "learnings": learnt},
        )
        assert r.status_code == 303, r.text
        closed = c.get(r.headers["location"]).text
        assert "episode closed: failure" in closed and f'action="{path}"' not in closed
    with live.client(writer) as api:
        e = api.get(f"/v1/episodes/{eid}").json()
    assert e["status"] == "completed" and e["success"] is False and e["outcome_score"] == 0.2
    assert e["learnings"] == ["The cron needs the UTC flag", "Check the lock file first"]


def test_tier_one_a_memorys_source_and_browse_by_kind(live: Live) -> None:
    """Search says when a category summary answered (tier 1); a memory extracted from
    a conversation shows that input as its source; browse narrows by kind."""
    writer = live.key("writer", user_id="alice")
    with live.client(writer) as c:
        said = "Hi, I'm Alice. My sister Emma lives in Geneva."
        made = c.post("/v1/memories", json={"messages": [{"role": "user", "content": said}]})
        extracted = made.json()["memories"][0]["id"]
        fact = c.post(
            "/v1/memories",
            json={"content": "Alice is allergic to peanuts", "category": "health", "infer": False},
        ).json()["memories"][0]["id"]
        c.post("/v1/episodes", json={"task": "Book the Geneva trip"})  # an episodic memory
    store = open_store(live.config)
    try:
        summary = Summary(category="health", content="Alice is allergic to peanuts.", facts=1,
                          generator="test", created_at=utcnow(), sources=(fact,))  # fmt: skip
        store.put_summary(Scope(user_id="alice"), summary)
    finally:
        store.close()
    with signed_in(live, writer) as c:
        page = c.get("/ui/search?q=allergic+peanuts").text
        assert "tier 1: category summaries" in page and "allergic to peanuts" in page
        skipped = c.get("/ui/search?q=allergic+peanuts&mode=items").text
        assert "tier 2: memories" in skipped
        page = c.get(f"/ui/memories/{extracted}").text
        source = page.split("<h2>Source</h2>", 1)[1].split("<h2>", 1)[0]
        assert "Hi, I&#x27;m Alice. My sister Emma lives in Geneva." in source
        semantic = c.get("/ui/memories?kind=semantic").text
        episodic = c.get("/ui/memories?kind=episodic").text
        assert "peanuts" in semantic and "Geneva trip" not in semantic
        assert "Geneva trip" in episodic and "peanuts" not in episodic
