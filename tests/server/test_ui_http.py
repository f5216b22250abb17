"""The dashboard over real HTTP (no browser): sign-in is the REST key check, a key
sees and changes its own scope only, every page escapes what memories say, forms
that change state need the CSRF token and a same-site origin, and bad input
changes nothing."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
from tests.server.conftest import Live

from remem.model import AuditEvent, Scope, Status
from remem.server import local
from remem.server.keys import Keys
from remem.store.factory import open_store
from remem.validation import Limits

HOSTILE = 'Alice likes <script>alert("x")</script> and <img src=x onerror=alert(1)> dark mode'
PAGES = (
    "/ui/search?q=dark+mode",
    "/ui/search?q=dark+mode&mode=items",
    "/ui/memories",
    "/ui/memories?status=forgotten",
    "/ui/lessons",
    "/ui/rules",
    "/ui/episodes",
    "/ui/triggers",
    "/ui/working",
    "/ui/lifecycle",
)


@contextmanager
def signed_in(live: Live, key: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=live.url, timeout=30) as c:
        r = c.post("/ui/login", data={"key": key, "next": "/ui/search"})
        assert r.status_code == 303 and r.headers["location"] == "/ui/search"
        yield c


def add(live: Live, key: str, content: str, **kw: object) -> str:
    with live.client(key) as c:
        r = c.post("/v1/memories", json={"content": content, "infer": False, **kw})
        assert r.status_code == 201, r.text
        return str(r.json()["memories"][0]["id"])


def csrf(page: str) -> str:
    found = re.search(r'name="csrf" value="([0-9a-f]{64})"', page)
    assert found, "no CSRF token on the page"
    return found.group(1)


def status_of(live: Live, key: str, memory_id: str) -> str:
    with live.client(key) as c:
        return str(c.get(f"/v1/memories/{memory_id}").json()["status"])


def test_signing_in_checks_the_key_as_rest_does_and_keeps_it_out_of_urls(live: Live) -> None:
    key = live.key("reader", user_id="alice")
    with httpx.Client(base_url=live.url, timeout=30) as c:
        r = c.get("/ui/memories?category=work")
        assert r.status_code == 303
        assert r.headers["location"] == "/ui/login?next=%2Fui%2Fmemories%3Fcategory%3Dwork"
        page = c.get("/ui/login")
        assert page.status_code == 200 and 'type="password"' in page.text
        assert "script-src" not in page.headers["content-security-policy"]  # no script at all
        assert "default-src 'none'" in page.headers["content-security-policy"]
        for bad in ("remem_000000000000_" + "A" * 43, "nonsense", ""):
            r = c.post("/ui/login", data={"key": bad})
            assert r.status_code == 401 and "set-cookie" not in r.headers
        r = c.post("/ui/login", data={"key": key, "next": "https://evil.example/ui/x"})
        assert r.status_code == 303 and r.headers["location"] == "/ui/search"  # never off-site
        cookie = r.headers["set-cookie"]
        assert "HttpOnly" in cookie and "SameSite=strict" in cookie and "Path=/ui" in cookie
        for path in PAGES:
            r = c.get(path)
            assert r.status_code == 200, (path, r.text)
            assert key not in r.text  # the key is in the cookie only, never on a page
            assert all(key not in href for href in re.findall(r'(?:href|action)="([^"]*)"', r.text))
        # a revoked key is out at its next click
        store = open_store(live.config)
        try:
            Keys(store, Limits.of(live.config)).revoke(key)
        finally:
            store.close()
        assert c.get("/ui/memories").status_code == 303


def test_memories_are_shown_as_text_never_as_markup(live: Live) -> None:
    key = live.key("admin", user_id="alice")
    memory_id = add(live, key, HOSTILE, category="<b>work</b>")
    with signed_in(live, key) as c:
        pages = [*PAGES, f"/ui/memories/{memory_id}", "/ui/memories?category=%3Cb%3Ework%3C%2Fb%3E"]
        for path in pages:
            text = c.get(path).text
            assert (
                "<script>alert" not in text and "<img src=x" not in text and "<b>work" not in text
            )
        detail = c.get(f"/ui/memories/{memory_id}").text
        assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in detail
        found = c.get("/ui/search?q=dark+mode&mode=items").text
        assert "&lt;img src=x onerror=alert(1)&gt;" in found
        # a query and a note are escaped too
        echoed = c.get('/ui/search?q="><script>alert(2)</script>&done=<i>hi</i>').text
        assert "<script>alert(2)" not in echoed and "<i>hi" not in echoed


def test_a_key_sees_and_changes_its_own_scope_only(live: Live) -> None:
    alice, bob = live.key("admin", user_id="alice"), live.key("admin", user_id="bob")
    secret = add(live, alice, "Alice's bank is Nordbank")
    add(live, bob, "Bob rides a green bicycle")
    with signed_in(live, bob) as c:
        assert "Nordbank" not in c.get("/ui/search?q=bank&mode=items").text
        assert "Nordbank" not in c.get("/ui/memories").text
        assert "bicycle" in c.get("/ui/memories").text
        page = c.get(f"/ui/memories/{secret}")
        assert page.status_code == 404 and "Nordbank" not in page.text
        token = csrf(c.get("/ui/memories").text)
        r = c.post(f"/ui/memories/{secret}/forget", data={"csrf": token})
        assert r.status_code == 404
        r = c.post("/ui/erase", data={"csrf": token, "confirm": "erase"})
        assert r.status_code == 303
    assert status_of(live, alice, secret) == "active"  # bob's erase was bob's scope only
    with signed_in(live, bob) as c:
        assert "bicycle" not in c.get("/ui/memories").text


def test_changes_need_the_csrf_token_a_same_site_origin_and_the_role(live: Live) -> None:
    writer, reader = live.key("writer", user_id="alice"), live.key("reader", user_id="alice")
    memory_id = add(live, writer, "Alice's desk is by the window")
    with signed_in(live, writer) as c:
        page = c.get(f"/ui/memories/{memory_id}").text
        token = csrf(page)
        forget = f"/ui/memories/{memory_id}/forget"
        assert c.post(forget, data={}).status_code == 403
        assert c.post(forget, data={"csrf": "0" * 64}).status_code == 403
        evil = {"Origin": "https://evil.example"}
        assert c.post(forget, data={"csrf": token}, headers=evil).status_code == 403
        cross = {"Sec-Fetch-Site": "cross-site"}
        assert c.post(forget, data={"csrf": token}, headers=cross).status_code == 403
        assert c.post(forget, json={"csrf": token}).status_code == 415
        assert status_of(live, writer, memory_id) == "active"
        assert c.get("/ui/erase").status_code == 403  # erase is an admin's
        r = c.post(forget, data={"csrf": token, "reason": "moved"}, headers={"Origin": live.url})
        assert r.status_code == 303 and r.headers["location"].startswith(
            f"/ui/memories/{memory_id}"
        )
        assert status_of(live, writer, memory_id) == "forgotten"
        assert "forgotten" in c.get(r.headers["location"]).text
    with signed_in(live, reader) as c:
        page = c.get(f"/ui/memories/{memory_id}").text
        assert "/forget" not in page and "/correct" not in page  # no forms for a reader
        r = c.post(f"/ui/memories/{memory_id}/restore", data={"csrf": csrf(page)})
        assert r.status_code == 403
    # another credential's token is refused
    other = live.key("writer", user_id="alice")
    with signed_in(live, other) as c:
        r = c.post(f"/ui/memories/{memory_id}/forget", data={"csrf": token})
        assert r.status_code == 403


def test_correct_makes_a_new_version_and_bad_input_writes_nothing(live: Live) -> None:
    key = live.key("writer", user_id="alice")
    memory_id = add(live, key, "Alice lives in Lyon")
    with signed_in(live, key) as c:
        token = csrf(c.get(f"/ui/memories/{memory_id}").text)
        path = f"/ui/memories/{memory_id}/correct"
        for bad in ({"content": "  "}, {"content": "Alice lives in Nice", "importance": "high"}):
            r = c.post(path, data={"csrf": token, **bad})
            assert r.status_code == 422 and "nothing was saved" in r.text
        assert status_of(live, key, memory_id) == "active"
        r = c.post(path, data={"csrf": token, "content": "Alice lives in Nice", "reason": "moved"})
        assert r.status_code == 303
        new_id = r.headers["location"].split("/ui/memories/")[1].split("?")[0]
        assert new_id != memory_id
        assert status_of(live, key, memory_id) == "superseded"
        page = c.get(f"/ui/memories/{new_id}").text
        assert "Alice lives in Nice" in page and "superseded" in page  # the history chain
        assert memory_id[:12] in page


def test_erase_asks_for_confirmation(live: Live) -> None:
    key = live.key("admin", user_id="alice")
    memory_id = add(live, key, "Alice's locker code is blue")
    with signed_in(live, key) as c:
        page = c.get("/ui/erase")
        assert page.status_code == 200 and 'name="confirm"' in page.text
        token = csrf(page.text)
        for word in ("", "yes", "eras"):
            r = c.post("/ui/erase", data={"csrf": token, "confirm": word})
            assert r.status_code == 422 and "not erased" in r.text
        assert status_of(live, key, memory_id) == "active"
        r = c.post("/ui/erase", data={"csrf": token, "confirm": "erase"})
        assert r.status_code == 303 and "erased+1+memories" in r.headers["location"]
        assert "locker" not in c.get("/ui/memories?status=purged").text
    with live.client(key) as api:
        assert api.get(f"/v1/memories/{memory_id}").status_code == 404


def test_the_local_token_signs_in_from_loopback(local_live: Live) -> None:
    token = local.read_token(local_live.config.token_path)
    add(local_live, token, "Alice keeps notes in a paper notebook")
    with signed_in(local_live, token) as c:
        page = c.get("/ui/memories").text
        assert "paper notebook" in page and "key <code>local</code> · admin" in page
        token_csrf = csrf(page)
        r = c.post("/ui/logout", data={"csrf": token_csrf})
        assert r.status_code == 303 and 'remem_ui=""' in r.headers["set-cookie"]
        assert c.get("/ui/memories").status_code == 303


@pytest.mark.parametrize("path", ["/ui/static/ui.css"])
def test_the_stylesheet_ships_in_the_package(live: Live, path: str) -> None:
    with httpx.Client(base_url=live.url, timeout=30) as c:
        r = c.get(path)
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/css")
    assert "http" not in r.text  # nothing from another host


def test_remem_ui_serves_the_dashboard_on_loopback(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "REMEM_HOME": str(tmp_path / "home"),
        "REMEM_EMBEDDER": "fake",
        "REMEM_DEFAULT_USER_ID": "maya",
        "REMEM_SCOPE_MODE": "user",
    }
    remem = str(Path(sys.executable).parent / "remem")
    proc = subprocess.Popen(
        [remem, "ui", "--port", "0"],
        env=env,
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert proc.stderr is not None
        line = proc.stderr.readline()
        found = re.search(
            r"open (http://127\.0\.0\.1:\d+/ui/) and sign in with the local token in (\S+)", line
        )
        assert found, line
        url, token_file = found.groups()
        token = local.read_token(Path(token_file))
        assert token not in line  # the token is named by its file, never printed
        with httpx.Client(base_url=url.removesuffix("/ui/"), timeout=30) as c:
            r = c.post("/ui/login", data={"key": token})
            assert r.status_code == 303
            page = c.get("/ui/memories")
            assert page.status_code == 200 and "user=maya" in page.text
    finally:
        proc.terminate()
        proc.communicate(timeout=30)
    assert proc.returncode == 0


def test_the_agent_pages_change_what_remem_lets_a_user_change(live: Live) -> None:
    key = live.key("writer", user_id="alice")
    with signed_in(live, key) as c:
        token = csrf(c.get("/ui/lessons").text)
        assert c.post("/ui/lessons", data={"csrf": token, "text": " "}).status_code == 422
        r = c.post("/ui/lessons", data={"csrf": token, "text": "Don't use tabs, use spaces"})
        assert r.status_code == 303
        assert "spaces" in c.get("/ui/lessons").text
        bad = {"csrf": token, "on": "next friday", "message": "release"}
        assert c.post("/ui/triggers", data=bad).status_code == 422
        r = c.post("/ui/triggers", data={**bad, "on": "2031-05-02"})
        assert r.status_code == 303
        page = c.get("/ui/triggers").text
        assert "2031-05-02" in page and "release" in page
        trigger_done = re.search(r'action="(/ui/triggers/[0-9a-f]+/done)"', page)
        assert trigger_done
        assert c.post(trigger_done.group(1), data={"csrf": token}).status_code == 303
        assert "b-done" in c.get("/ui/triggers").text
        r = c.post(
            "/ui/working",
            data={"csrf": token, "session_id": "s1", "content": "Alice is debugging the parser"},
        )
        assert r.status_code == 303
        page = c.get("/ui/working").text
        promote = re.search(r'action="(/ui/working/[0-9a-f]+/promote)"', page)
        assert promote and "debugging the parser" in page
        r = c.post(promote.group(1), data={"csrf": token})
        assert r.status_code == 303 and "promoted" in r.headers["location"]
        assert "debugging the parser" in c.get("/ui/memories").text
        r = c.post("/ui/working/clear", data={"csrf": token})
        assert r.status_code == 303
        assert "debugging the parser" not in c.get("/ui/working").text
        assert c.get("/ui/episodes?status=nonsense").status_code == 422


def test_restore_and_the_lifecycle_page_stay_in_the_scope(live: Live) -> None:
    alice, bob = live.key("writer", user_id="alice"), live.key("writer", user_id="bob")
    archived = add(live, alice, "Alice used to play the oboe")
    add(live, alice, "Alice plays the cello")
    add(live, bob, "Bob plays the drums")
    store = open_store(live.config)  # what the weekly job does to an unused memory
    try:
        record = store.get_memory(archived, Scope(user_id="alice"))
        assert record is not None
        record.status = Status.ARCHIVED
        store.update_memory(record, event=AuditEvent(event="archived", memory_id=archived))
    finally:
        store.close()
    with signed_in(live, bob) as c:
        page = c.get("/ui/lifecycle").text
        assert "3 memories" not in page and "1 memories in this scope, 1 active" in page
        token = csrf(page)
        assert c.post(f"/ui/memories/{archived}/restore", data={"csrf": token}).status_code == 404
    with signed_in(live, alice) as c:
        assert "2 memories in this scope, 1 active" in c.get("/ui/lifecycle").text
        page = c.get(f"/ui/memories/{archived}").text
        assert f"/ui/memories/{archived}/restore" in page
        r = c.post(f"/ui/memories/{archived}/restore", data={"csrf": csrf(page)})
        assert r.status_code == 303
        assert status_of(live, alice, archived) == "active"
        again = c.post(f"/ui/memories/{archived}/restore", data={"csrf": csrf(page)})
        assert again.status_code == 422  # an active memory has nothing to restore


def test_erase_one_memory_and_its_older_versions_for_good(live: Live) -> None:
    admin, writer = live.key("admin", user_id="alice"), live.key("writer", user_id="alice")
    old = add(live, admin, "Alice's PIN hint is her cat's name")
    kept = add(live, admin, "Alice's cat is called Miso")
    with live.client(admin) as api:
        new = api.patch(
            f"/v1/memories/{old}", json={"content": "Alice's PIN hint is her dog's name"}
        )
        new_id = new.json()["id"]
    path = f"/ui/memories/{new_id}/erase"
    with signed_in(live, writer) as c:
        page = c.get(f"/ui/memories/{new_id}").text
        assert path not in page  # an admin's form
        assert c.post(path, data={"csrf": csrf(page), "confirm": "erase"}).status_code == 403
    with signed_in(live, admin) as c:
        page = c.get(f"/ui/memories/{new_id}").text
        assert path in page
        r = c.post(path, data={"csrf": csrf(page), "confirm": "no"})
        assert r.status_code == 422 and status_of(live, admin, new_id) == "active"
        r = c.post(path, data={"csrf": csrf(page), "confirm": "erase"})
        assert r.status_code == 303 and "erased+2+version" in r.headers["location"]
        assert "PIN hint" not in c.get(f"/ui/memories/{old}").text
        found = c.get("/ui/search?q=PIN+hint&mode=items&history=1").text
        assert "0 results" in found and "name" not in found.split("</form>")[-1]
    with live.client(admin) as api:
        for gone in (old, new_id):
            record = api.get(f"/v1/memories/{gone}").json()
            assert record["status"] == "purged" and record["content"] == ""
        assert api.get(f"/v1/memories/{kept}").json()["status"] == "active"


def test_browse_narrows_to_an_agent_or_namespace_within_the_scope_never_beyond(
    live: Live,
) -> None:
    alice, bob = live.key("writer", user_id="alice"), live.key("writer", user_id="bob")
    add(live, live.key("writer", user_id="alice", agent_id="coder"), "Alice's coder prefers pytest")
    add(live, alice, "Alice drinks green tea")
    add(live, bob, "Bob's coder prefers unittest")
    with signed_in(live, alice) as c:
        everything = c.get("/ui/memories").text
        assert "pytest" in everything and "green tea" in everything and "unittest" not in everything
        page = c.get("/ui/memories?agent_id=coder").text
        assert "pytest" in page and "green tea" not in page and 'value="coder"' in page
        assert "unittest" not in c.get("/ui/memories?agent_id=coder&namespace=x").text
    with signed_in(live, bob) as c:
        widened = c.get("/ui/memories?agent_id=coder").text
        assert "pytest" not in widened and "unittest" not in widened  # bob's has no agent
        assert c.get("/ui/memories?status=nonsense").status_code == 422
