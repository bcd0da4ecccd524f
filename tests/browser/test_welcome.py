"""The welcome dashboard, opened in Chromium as a student would."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

import chaitea
from tests.browser.harness import NOTEBOOKS, PHONE, open_dashboard, page_log
from tests.browser.shots import full_screenshot

pytestmark = pytest.mark.browser

NAME = "00_welcome.ipynb"
COURSE_NOTEBOOKS = sorted(p for p in NOTEBOOKS.glob("[0-9]*.ipynb") if p.name != NAME)


def test_welcome_shows_engine_version(page: Page, voila_url: str) -> None:
    main = open_dashboard(page, voila_url, NAME)
    expect(main).to_contain_text("Welcome to Chai Tea Jazz")
    expect(main).to_contain_text(chaitea.__version__)
    # Voilà strips the code cells: a student sees the widgets, not the source.
    assert "import chaitea" not in page.content()
    # Nothing left the machine except what the harness blocked.
    assert all("127.0.0.1" not in url for url in page_log(page).blocked)
    # The welcome card deals Aslan a hand; the button deals the next seed's.
    hand = main.locator(".ctj-welcome-hand .ctj-card")
    expect(hand).to_have_count(12)
    main.locator("button.ctj-deal").click()
    expect(main).to_contain_text("dealt from seed 2", timeout=15_000)
    expect(main.locator(".ctj-points")).to_contain_text("card points")
    # The course index links every lesson's dashboard by its relative /voila/render/ URL.
    for lesson in COURSE_NOTEBOOKS:
        link = page.locator(f'a[href="{lesson.name}"]').first
        expect(link).to_be_visible()
        url = link.evaluate("a => a.href")
        assert url == f"{voila_url}/voila/render/{lesson.name}", url
    expect(page.locator("body")).to_contain_text("The Jass roots")
    full_screenshot(page, NAME)


def test_welcome_fits_a_phone(phone_page: Page, voila_url: str) -> None:
    main = open_dashboard(phone_page, voila_url, NAME)
    expect(main).to_be_visible()
    width = phone_page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"page is {width}px wide on a {PHONE['width']}px phone"


def test_tree_page_lists_the_course(page: Page, voila_url: str) -> None:
    page.goto(voila_url + "/", wait_until="load")
    # Voilà 0.5's tree page is a file browser: one list item per notebook.
    expect(page.get_by_role("listitem").filter(has_text=NAME)).to_be_visible()
