"""Dashboard load time: Voilà start, then page open -> main widget visible, per notebook.

Serves the repository root with Voilà on 127.0.0.1, opens benchmarks/reference.ipynb (one
widget: Voilà's own cost) and every course notebook a few times in headless Chromium, and
prints the median and worst time of each.

    python benchmarks/dashboard_load.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.browser.harness import (  # noqa: E402
    DESKTOP,
    close_page,
    launch_chromium,
    new_page,
    open_dashboard,
    voila,
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="page loads per notebook")
    args = parser.parse_args()
    names = ["benchmarks/reference.ipynb"] + [
        f"notebooks/{p.name}"
        for p in sorted((ROOT / "notebooks").glob("*.ipynb"))
        if not p.name.startswith("_")
    ]
    start = time.perf_counter()
    with voila(ROOT) as server, sync_playwright() as playwright:
        print(f"voila start -> answers HTTP: {time.perf_counter() - start:6.2f} s")
        browser = launch_chromium(playwright)
        print(f"{'notebook':40} {'median s':>9} {'worst s':>9}  (n={args.repeat})")
        for name in names:
            times = []
            for _ in range(args.repeat):
                context, page = new_page(browser, DESKTOP)
                t0 = time.perf_counter()
                open_dashboard(page, server.url, name, screenshot=False)
                times.append(time.perf_counter() - t0)
                close_page(context, page)
            print(f"{name:40} {statistics.median(times):9.2f} {max(times):9.2f}")
        browser.close()


if __name__ == "__main__":
    main()
