"""Every page's assets come from the kit's own server: no request leaves 127.0.0.1 (Voilà's lab
template linked Font Awesome from a CDN, two console errors offline) and no console error,
while the icons Voilà's bundle draws with Font Awesome still have their font."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.browser.harness import open_dashboard, page_log

pytestmark = pytest.mark.browser

DASHBOARDS = ["00_welcome.ipynb", "09_rules_lab.ipynb", "10_swiss_cards_and_values.ipynb"]


def _assert_local(page: Page, where: str, requests: list[str], *, console: bool = True) -> None:
    log = page_log(page)
    away = [u for u in requests if not u.startswith("http://127.0.0.1:")
            and not u.startswith(("data:", "blob:", "about:"))]
    assert not away, f"{where}: requests that leave 127.0.0.1:\n  " + "\n  ".join(away)
    assert not log.blocked, f"{where}: {log.summary()}"
    if console:
        assert not log.console_errors, f"{where}: {log.summary()}"


@pytest.mark.parametrize("name", DASHBOARDS)
def test_dashboard_asks_nothing_of_another_host(page: Page, voila_url: str, name: str) -> None:
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    open_dashboard(page, voila_url, name, screenshot=False)
    page.wait_for_load_state("networkidle")
    _assert_local(page, name, requests)
    # Font Awesome, served by the kit's pages (Voilà's own bundle): its font is there to use
    assert page.evaluate(
        "async () => { await document.fonts.load('900 14px \"Font Awesome 5 Free\"');"
        " return document.fonts.check('900 14px \"Font Awesome 5 Free\"'); }")


def test_tree_page_asks_nothing_of_another_host(page: Page, voila_url: str) -> None:
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(f"{voila_url}/", wait_until="networkidle")
    assert "00_welcome.ipynb" in page.inner_text("body")
    # (Voilà's list page also starts the widget plugins with no kernel, which log errors of
    # their own: not the kit's, so only the requests are checked here)
    _assert_local(page, "the notebook list", requests, console=False)
