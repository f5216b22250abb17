"""The dashboard in a real headless browser: Debian's chromium driven by Selenium
(against the system's chromedriver; nothing is downloaded). The main flows click
through — sign in with the local token, search and open the score breakdown, open
a memory and its history, correct it, forget one, browse by category, the agent's
pages, the lifecycle charts, erase with its confirmation — and a screenshot of each
page is written (``REMEM_UI_SCREENSHOTS``: the directory, e.g. ``docs/img`` to renew
the README's; default a temporary one). Skipped, saying why, where chromium or
chromedriver is not installed (``apt-get install chromium chromium-driver``)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.server.conftest import Live

from remem.server import local

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
selenium = pytest.importorskip("selenium", reason="selenium is not installed (the dev extra)")
if CHROMIUM is None or CHROMEDRIVER is None:
    pytest.skip(
        "chromium and chromedriver are not installed: apt-get install chromium chromium-driver",
        allow_module_level=True,
    )

from selenium.common.exceptions import (  # noqa: E402
    NoAlertPresentException,
    StaleElementReferenceException,
    WebDriverException,
)
from selenium.webdriver import Chrome, ChromeOptions  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.remote.webelement import WebElement  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

# read at import: the tests run in a temporary working directory
SHOTS = (
    Path(os.environ["REMEM_UI_SCREENSHOTS"]).absolute()
    if os.environ.get("REMEM_UI_SCREENSHOTS")
    else None
)
HOSTILE = 'Alice pasted <script>alert("pwned")</script> into the chat'
FACTS = [
    ("Alice prefers dark mode in every editor", "preferences"),
    ("Alice works at Nordwind Logistics as a data engineer", "work"),
    ("Alice's team ships the billing service every second Tuesday", "work"),
    ("Alice is allergic to peanuts", "health"),
    ("Alice runs 10 km on Saturday mornings", "health"),
    ("Alice lives in Lyon", "personal"),
    ("Alice's sister Emma studies medicine in Geneva", "relationships"),
    ("Alice uses Neovim with the gruvbox theme", "preferences"),
    (HOSTILE, "work"),
]


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = SHOTS if SHOTS is not None else tmp_path_factory.mktemp("ui-screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture
def browser() -> Iterator[Chrome]:
    options = ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1280,900", "--disable-extensions", "--no-first-run"):  # fmt: skip
        options.add_argument(arg)
    driver = Chrome(service=Service(executable_path=str(CHROMEDRIVER)), options=options)
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()


def seed(live: Live, token: str) -> dict[str, Any]:
    """A scope with memories of several categories, a superseded one, a lesson, an
    episode, a trigger and working memory — through the REST API."""
    ids: dict[str, Any] = {}
    with live.client(token) as c:
        for content, category in FACTS:
            r = c.post(
                "/v1/memories", json={"content": content, "category": category, "infer": False}
            )
            assert r.status_code == 201, r.text
            ids[content] = r.json()["memories"][0]["id"]
        moved = c.patch(f"/v1/memories/{ids['Alice lives in Lyon']}",
                        json={"content": "Alice lives in Grenoble", "reason": "moved in May"})  # fmt: skip
        assert moved.status_code == 200, moved.text
        ids["Alice lives in Grenoble"] = moved.json()["id"]
        assert (
            c.post("/v1/lessons", json={"text": "Don't run the migrations on Fridays"}).status_code
            == 201
        )
        episode = c.post(
            "/v1/episodes",
            json={"task": "Fix the flaky billing export", "approach": "retry with backoff"},
        )
        assert episode.status_code == 201
        eid = episode.json()["id"]
        c.post(f"/v1/episodes/{eid}/actions",
               json={"type": "edit", "target": "export.py", "description": "added a retry"})  # fmt: skip
        c.post(f"/v1/episodes/{eid}/complete",
               json={"outcome_score": 0.9, "success": True, "learnings": ["retries hide timeouts"]})  # fmt: skip
        assert (
            c.post(
                "/v1/triggers", json={"message": "Billing release", "on": "2031-05-02"}
            ).status_code
            == 201
        )
        assert (
            c.post(
                "/v1/working", json={"session_id": "s1", "content": "Alice is reviewing PR 42"}
            ).status_code
            == 201
        )
    return ids


def shoot(driver: Chrome, shots: Path, name: str) -> None:
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.set_window_size(1280, max(700, min(int(height) + 120, 2400)))
    assert driver.save_screenshot(str(shots / f"ui-{name}.png"))
    driver.set_window_size(1280, 900)


def detached(exc: WebDriverException) -> bool:
    """The element is no longer in the page (chromedriver says so in two ways)."""
    return isinstance(exc, StaleElementReferenceException) or (
        "does not belong to the document" in str(exc)
    )


def stale(element: WebElement) -> bool:
    try:
        element.is_enabled()
    except WebDriverException as exc:
        if detached(exc):
            return True
        raise
    return False


def whole(driver: Chrome) -> None:
    WebDriverWait(driver, 30).until(
        lambda d: d.execute_script("return document.readyState") == "complete"
    )


def go(driver: Chrome, element: WebElement, *, submit: bool = False) -> None:
    """Click ``element`` (or submit its form) and wait for the next page."""
    old = driver.find_element(By.TAG_NAME, "html")
    element.submit() if submit else element.click()
    WebDriverWait(driver, 30).until(lambda d: stale(old))
    # and until the next page is whole: an element found while it still loads can be
    # gone by the click ("Node with given id does not belong to the document")
    whole(driver)


def press(driver: Chrome, by: str, value: str) -> None:
    """Find the element (once the page is whole) and :func:`go` with it; found again
    if the page replaced it between the find and the click ("Node with given id does
    not belong to the document": a late re-render, seen under load). Never pressed
    twice: when the error came after the click went through (the page it was on is
    gone), the next page is waited for instead of the element looked for on it."""
    for attempt in range(3):
        whole(driver)
        page = driver.find_element(By.TAG_NAME, "html")
        try:
            go(driver, driver.find_element(by, value))
            return
        except WebDriverException as exc:
            if not detached(exc) or attempt == 2:
                raise
            if stale(page):  # the click went through
                whole(driver)
                return


def no_alert(driver: Chrome) -> None:
    with pytest.raises(NoAlertPresentException):
        driver.switch_to.alert  # noqa: B018 - a script in a memory must not have run


def test_the_main_flows_click_through(local_live: Live, browser: Chrome, shots: Path) -> None:
    token = local.read_token(local_live.config.token_path)
    ids = seed(local_live, token)
    d, url = browser, local_live.url

    # sign in: the dashboard sends a stranger to the sign-in page
    d.get(f"{url}/ui/search")
    assert "/ui/login" in d.current_url
    shoot(d, shots, "login")
    d.find_element(By.ID, "f-key").send_keys(token)
    press(d, By.CSS_SELECTOR, "form button[type=submit]")
    assert d.current_url.endswith("/ui/search") and token not in d.current_url
    assert "local" in d.find_element(By.CLASS_NAME, "who").text

    # search: scores, the tier that answered, the breakdown
    box = d.find_element(By.ID, "f-q")
    box.send_keys("which editor theme does Alice like?")
    go(d, box, submit=True)
    hits = d.find_elements(By.CSS_SELECTOR, "article.hit")
    assert hits and "tier 2: memories" in d.find_element(By.CLASS_NAME, "tier").text
    hits[0].find_element(By.TAG_NAME, "summary").click()  # <details> opens in place
    assert hits[0].find_element(By.CSS_SELECTOR, "table.explain").is_displayed()
    assert hits[0].find_element(By.CSS_SELECTOR, "svg.bars").is_displayed()
    shoot(d, shots, "search")

    # a hostile memory is text, and nothing ran
    d.get(f"{url}/ui/search?q=pasted+chat&mode=items")
    no_alert(d)
    assert '<script>alert("pwned")</script>' in d.find_element(By.TAG_NAME, "main").text

    # a memory: history chain to the version it superseded, then correct it
    d.get(f"{url}/ui/memories/{ids['Alice lives in Grenoble']}")
    history = d.find_element(By.CSS_SELECTOR, "table.history").text
    assert "superseded" in history and "created" in history
    shoot(d, shots, "memory")
    content = d.find_element(By.ID, "f-content")
    content.clear()
    content.send_keys("Alice lives in Grenoble, near the station")
    d.find_element(By.ID, "f-reason").send_keys("more precise")
    press(d, By.CSS_SELECTOR, "form[action$='/correct'] button")
    assert "saved a new version" in d.find_element(By.CLASS_NAME, "notice").text
    assert "near the station" in d.find_element(By.CSS_SELECTOR, "p.content.big").text

    # forget one
    d.get(f"{url}/ui/memories/{ids['Alice runs 10 km on Saturday mornings']}")
    press(d, By.CSS_SELECTOR, "form[action$='/forget'] button")
    assert "forgotten" in d.find_element(By.CLASS_NAME, "notice").text

    # browse by category
    d.get(f"{url}/ui/memories")
    Select(d.find_element(By.ID, "f-category")).select_by_visible_text("work")
    press(d, By.CSS_SELECTOR, "form.filters button")
    rows = d.find_elements(By.CSS_SELECTOR, "table tbody tr")
    assert len(rows) == 3 and "category=work" in d.current_url
    d.get(f"{url}/ui/memories")
    shoot(d, shots, "browse")

    # the agent's pages and the lifecycle charts
    for name, expect in (("lessons", "Fridays"), ("episodes", "flaky billing"),
                         ("triggers", "Billing release"), ("working", "PR 42"), ("rules", "Rules")):  # fmt: skip
        go(d, d.find_element(By.LINK_TEXT, {"working": "Working memory"}.get(name, name.title())))
        assert expect in d.find_element(By.TAG_NAME, "main").text, name
        shoot(d, shots, name)
    d.get(f"{url}/ui/episodes")
    press(d, By.CSS_SELECTOR, "table tbody tr td a")
    assert "added a retry" in d.find_element(By.TAG_NAME, "main").text
    press(d, By.LINK_TEXT, "Lifecycle")
    assert len(d.find_elements(By.CSS_SELECTOR, "figure.chart svg")) == 4
    shoot(d, shots, "lifecycle")

    # erase: a wrong word changes nothing; the right one erases the scope
    press(d, By.PARTIAL_LINK_TEXT, "Erase")
    shoot(d, shots, "erase")
    d.find_element(By.ID, "f-confirm").send_keys("yes")
    press(d, By.CSS_SELECTOR, "form[action$='/erase'] button")
    assert "not erased" in d.find_element(By.CLASS_NAME, "notice").text
    with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {token}"}) as api:
        assert api.get("/v1/memories").json()["total"] > 0
        d.get(f"{url}/ui/erase")
        d.find_element(By.ID, "f-confirm").send_keys("erase")
        press(d, By.CSS_SELECTOR, "form[action$='/erase'] button")
        assert "erased" in d.find_element(By.CLASS_NAME, "notice").text
        assert api.get("/v1/memories").json()["total"] == 0

    # sign out
    press(d, By.CSS_SELECTOR, ".who button")
    assert "/ui/login" in d.current_url
    d.get(f"{url}/ui/memories")
    assert "/ui/login" in d.current_url
