"""Screenshots of whole dashboards, at desktop and phone size.

Voilà's lab template scrolls the notebook inside ``#rendered_cells``, so Playwright's
full-page screenshot shows only the viewport: :func:`full_screenshot` grows the viewport to the
content's height for the shot instead, then puts it back.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, ViewportSize

from tests.browser.harness import PHONE, save_screenshot

CONTENT_HEIGHT = """() => {
  const cells = document.querySelector('#rendered_cells');
  return Math.ceil(cells ? cells.scrollHeight : document.documentElement.scrollHeight);
}"""
OVERFLOW = """() => {
  const cells = document.querySelector('#rendered_cells') || document.documentElement;
  return Math.max(cells.scrollWidth - cells.clientWidth,
                  document.documentElement.scrollWidth - window.innerWidth);
}"""


def full_screenshot(page: Page, name: str) -> Path:
    """The whole dashboard, top to bottom, at the page's width (NAME.png / NAME-phone.png)."""
    size = page.viewport_size
    assert size is not None
    height = min(int(page.evaluate(CONTENT_HEIGHT)) + 8, 12_000)
    page.set_viewport_size(ViewportSize(width=size["width"], height=max(height, size["height"])))
    page.wait_for_timeout(200)
    try:
        return save_screenshot(page, name)
    finally:
        page.set_viewport_size(size)


def phone_screenshot(page: Page, name: str) -> None:
    """The same page at phone size (390x844): saved as NAME-phone.png; nothing may stick out
    sideways."""
    page.set_viewport_size(ViewportSize(width=PHONE["width"], height=PHONE["height"]))
    page.wait_for_timeout(300)
    overflow = page.evaluate(OVERFLOW)
    full_screenshot(page, name)
    assert overflow <= 1, f"{name}: {overflow}px too wide for a {PHONE['width']}px phone"
