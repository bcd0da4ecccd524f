"""The welcome dashboard, opened in Chromium as a student would."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

import chaitea
from tests.browser.harness import PHONE, open_dashboard, page_log

pytestmark = pytest.mark.browser

NAME = "00_welcome.ipynb"


def test_welcome_shows_engine_version(page: Page, voila_url: str) -> None:
    main = open_dashboard(page, voila_url, NAME)
    expect(main).to_contain_text("Welcome to Chai Tea Jazz")
    expect(main).to_contain_text(chaitea.__version__)
    # Voilà strips the code cells: a student sees the widgets, not the source.
    assert "import chaitea" not in page.content()
    # Nothing left the machine except what the harness blocked.
    assert all("127.0.0.1" not in url for url in page_log(page).blocked)


def test_welcome_fits_a_phone(phone_page: Page, voila_url: str) -> None:
    main = open_dashboard(phone_page, voila_url, NAME)
    expect(main).to_be_visible()
    width = phone_page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"page is {width}px wide on a {PHONE['width']}px phone"


def test_tree_page_lists_the_course(page: Page, voila_url: str) -> None:
    page.goto(voila_url + "/", wait_until="load")
    # Voilà 0.5's tree page is a file browser: one list item per notebook.
    expect(page.get_by_role("listitem").filter(has_text=NAME)).to_be_visible()
