"""Fixtures for the browser tests: one Voilà server and one Chromium per session.

Run with ``pytest -m browser tests/browser`` (``make browser``). Every test in
this folder is marked ``browser``, so the default ``pytest`` run skips them.

    from tests.browser.harness import open_dashboard

    def test_my_dashboard(page, voila_url):
        main = open_dashboard(page, voila_url, "01_cards.ipynb")
        ...
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from tests.browser.harness import (
    DESKTOP,
    NOTEBOOKS,
    PHONE,
    VoilaServer,
    close_page,
    launch_chromium,
    new_page,
    voila,
)

HERE = Path(__file__).resolve().parent


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def voila_server() -> Iterator[VoilaServer]:
    """Voilà serving notebooks/ on a free port, with tracebacks shown."""
    with voila(NOTEBOOKS) as server:
        yield server


@pytest.fixture(scope="session")
def voila_url(voila_server: VoilaServer) -> str:
    """Base URL of the session's Voilà server, e.g. ``http://127.0.0.1:41234``."""
    return voila_server.url


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A desktop-size page (1280x900) that can reach only this machine."""
    context, page = new_page(browser, DESKTOP)
    yield page
    close_page(context, page)


@pytest.fixture
def phone_page(browser: Browser) -> Iterator[Page]:
    """A phone-size page (390x844, touch) that can reach only this machine."""
    context, page = new_page(browser, PHONE)
    yield page
    close_page(context, page)
