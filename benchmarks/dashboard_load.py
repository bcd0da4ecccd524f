"""Dashboard speed in headless Chromium: page load -> main widget, and click -> card on screen.

1. Load time. Serves the repository root with Voilà on 127.0.0.1 and opens
   benchmarks/reference.ipynb (one widget: Voilà's own cost) and every course notebook a few
   times, interleaved (reference, 00, 01, ..., then again), so that all share the same machine
   load. Prints the median and worst time from ``page.goto`` to the first ``.ctj-main``
   widget visible (every widget of a notebook is drawn together), and each notebook's median
   over the reference's. Target: at most 1.5x the reference.
2. Click to screen. At the trick table of notebooks/04_playing_a_round.ipynb and the game
   dashboard of notebooks/06_full_game.ipynb, clicks Aslan's first legal card again and again
   and times, inside the page, from the click to the DOM showing that card in the trick (the
   kernel's answer includes the bots' replies). Prints median, p90 and worst. Target: median
   under 150 ms. The same at the Jass table of notebooks/play_jass.ipynb and of lesson 13
   (its bots paced, as a learner has them): target median at most 70 ms.

    python benchmarks/dashboard_load.py [--repeat 3] [--plays 24]

Exits 1 when a target is missed (the figures are printed either way).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402

from tests.browser.harness import (  # noqa: E402
    DESKTOP,
    close_page,
    launch_chromium,
    new_page,
    open_dashboard,
    voila,
)

REFERENCE = "benchmarks/reference.ipynb"
LOAD_TARGET = 1.5  # a dashboard may take this many times the reference's load time
CLICK_TARGET_MS = 150.0
JASS_CLICK_TARGET_MS = 70.0  # the target for the Jass tables (median)

# In the page: click a card button, resolve with the milliseconds until the same card shows in
# the table's centre (the current trick, or the last trick when the bots completed it).
CLICK_JS = """
async ([root, card, hand, centre]) => {
  const scope = document.querySelector(root);
  const button = scope.querySelector(`${hand || ".ctj-hand-0"} button.ctj-card-${card}`);
  const shown = () => scope.querySelector(
    (centre || ".ctj-centre").split(",").map((c) => `${c} .ctj-card-${card}`).join(","));
  return await new Promise((resolve, reject) => {
    const t0 = performance.now();
    const observer = new MutationObserver(() => {
      if (shown()) { observer.disconnect(); resolve(performance.now() - t0); }
    });
    observer.observe(scope, { subtree: true, childList: true, attributes: true });
    setTimeout(() => { observer.disconnect(); reject(new Error(`${card}: not shown in 10 s`)); },
               10000);
    button.click();
  });
}
"""


def load_times(browser: Browser, url: str, names: list[str], repeat: int) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {name: [] for name in names}
    for _ in range(repeat):
        for name in names:
            context, page = new_page(browser, DESKTOP)
            t0 = time.perf_counter()
            open_dashboard(page, url, name, screenshot=False)
            times[name].append(time.perf_counter() - t0)
            close_page(context, page)
    return times


def _lit_card(page: Page, root: str) -> str | None:
    lit = page.locator(f"{root} .ctj-hand-0 button.ctj-playable")
    if not lit.count():
        return None
    return lit.first.get_attribute("data-card")


def _click_first(page: Page, selectors: list[str]) -> bool:
    """Click the first of ``selectors`` that shows an enabled button (then give the page 300
    ms); ``False`` when none does."""
    for css in selectors:
        button = page.locator(css)
        if button.count() and button.first.is_visible() and button.first.is_enabled():
            button.first.click()
            page.wait_for_timeout(300)
            return True
    return False


def _wait_for_turn(page: Page, root: str, timeout: float = 20.0) -> str | None:
    """Until Aslan has a lit card (passing or picking in the dashboard's picking panel, going
    on to the next round after a round's summary). None when the game is over."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        card = _lit_card(page, root)
        if card:
            return card
        if not _click_first(page, [f"{root} {css}" for css in (
                ".ctj-picking-panel button.ctj-pass", ".ctj-picking-panel button.ctj-pick",
                "button.ctj-next-round")]):
            page.wait_for_timeout(50)
    return None


# The Jass table: the learner's hand, the trick and the last trick, its picking
# buttons (the first offered: a contract) and the next hand's button
JASS_HAND = ".ctj-jass-hand"
JASS_CENTRE = ".ctj-jass-trick,.ctj-jass-last"


def jass_click_times(browser: Browser, url: str, name: str, plays: int) -> list[float]:
    """Click to screen at the Jass table: Aslan's first lit card, timed from the click to the
    card in the trick (or the last trick); the bots paced as a learner has them ("normal": the
    learner's card is drawn before the bots think)."""
    root = ".ctj-jass-table"
    context, page = new_page(browser, DESKTOP)
    try:
        open_dashboard(page, url, name, selector=root, screenshot=False)
        times: list[float] = []
        deadline = time.monotonic() + 30 + 15 * plays
        while len(times) < plays and time.monotonic() < deadline:
            lit = page.locator(f"{root} {JASS_HAND} button.ctj-playable")
            if lit.count():
                card = str(lit.first.get_attribute("data-card"))
                times.append(float(page.evaluate(
                    CLICK_JS, [root, card.replace("'", "p"), JASS_HAND, JASS_CENTRE])))
                page.wait_for_timeout(50)
                continue
            if not _click_first(page, [f"{root} .ctj-jass-picks button",
                                       f"{root} button.ctj-jass-next"]):
                page.wait_for_timeout(50)
        return times
    finally:
        close_page(context, page)


def click_times(browser: Browser, url: str, name: str, root: str, plays: int) -> list[float]:
    context, page = new_page(browser, DESKTOP)
    try:
        open_dashboard(page, url, name, screenshot=False)
        times: list[float] = []
        while len(times) < plays:
            card = _wait_for_turn(page, root)
            if card is None:  # the round is over at the trick table: deal another
                new_round = page.locator(f"{root} button.ctj-new-round")
                if not (new_round.is_visible() and new_round.is_enabled()):
                    break
                new_round.click()
                page.wait_for_timeout(500)
                continue
            times.append(float(page.evaluate(CLICK_JS, [root, card.replace("'", "p")])))
            page.wait_for_timeout(50)
        return times
    finally:
        close_page(context, page)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="page loads per notebook")
    parser.add_argument("--plays", type=int, default=24, help="timed card plays per dashboard")
    args = parser.parse_args()
    names = [REFERENCE] + [
        f"notebooks/{p.name}"
        for p in sorted((ROOT / "notebooks").glob("*.ipynb"))
        if not p.name.startswith("_") and p.name != "rules.ipynb"  # rules: text, no widget
    ]
    ok = True
    start = time.perf_counter()
    with voila(ROOT) as server, sync_playwright() as playwright:
        print(f"voila start -> answers HTTP: {time.perf_counter() - start:6.2f} s")
        browser = launch_chromium(playwright)
        times = load_times(browser, server.url, names, args.repeat)
        ref = statistics.median(times[REFERENCE])
        print(f"\npage load -> main widget visible (n={args.repeat} each, interleaved)")
        print(f"{'notebook':45} {'median s':>9} {'worst s':>8} {'x ref':>6}")
        for name in names:
            med = statistics.median(times[name])
            ratio = med / ref
            verdict = "" if name == REFERENCE else (
                "ok" if ratio <= LOAD_TARGET else f"SLOW (> {LOAD_TARGET}x)")
            ok &= name == REFERENCE or ratio <= LOAD_TARGET
            print(f"{name:45} {med:9.2f} {max(times[name]):8.2f} {ratio:6.2f}  {verdict}")

        print(f"\nclick on a card -> card shown in the trick (in-page, n={args.plays} each)")
        print(f"{'view':45} {'median ms':>9} {'p90 ms':>8} {'worst':>6} {'n':>4}")
        for label, name, root in [
            ("trick table (04_playing_a_round)", "notebooks/04_playing_a_round.ipynb",
             ".ctj-trick-table"),
            ("game dashboard (06_full_game)", "notebooks/06_full_game.ipynb", ".ctj-dashboard"),
            ("Jass table (play_jass)", "notebooks/play_jass.ipynb", "jass"),
            ("Jass table (13_schieber_at_the_table)",
             "notebooks/13_schieber_at_the_table.ipynb", "jass"),
        ]:
            ms = (jass_click_times(browser, server.url, name, args.plays) if root == "jass"
                  else click_times(browser, server.url, name, root, args.plays))
            if not ms:
                print(f"{label:45} no card could be played")
                ok = False
                continue
            med = statistics.median(ms)
            p90 = statistics.quantiles(ms, n=10)[-1] if len(ms) > 1 else ms[0]
            target = JASS_CLICK_TARGET_MS if root == "jass" else CLICK_TARGET_MS
            verdict = "ok" if med <= target else f"SLOW (> {target:.0f} ms)"
            ok &= med <= target
            print(f"{label:45} {med:9.0f} {p90:8.0f} {max(ms):6.0f} {len(ms):4}  {verdict}")
        browser.close()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
