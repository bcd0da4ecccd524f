"""A class of three against the workshop setting (`make workshop-smoke`, a stage of `make test`).

One headless Chromium page and two websocket learners (benchmarks/load_workshop.py) open
notebooks/06_full_game.ipynb from a pool of preheated kernels, each sees every widget view,
passes and plays a card; one leaves without closing its page. With the culler's idle time
shortened to 15 s, no kernel beyond the standby pool is left 45 s later. About 60 s; run with
``pytest -m workshop tests/test_workshop_smoke.py``.
"""

from __future__ import annotations

import asyncio
import time

import pytest

from benchmarks import load_workshop as lw

pytestmark = pytest.mark.workshop
PORT = 8877  # this project's workshop ports are 8875-8879


def test_a_class_of_three_gets_working_dashboards_and_frees_its_kernels() -> None:
    # LEARNERS=1 makes a pool of three (one and two spares): the class of three takes them all
    server = lw.start_server("workshop", PORT, learners=1, cull_idle=15, timeout=240)
    try:
        assert server.pool == 3
        assert len(lw.kernel_processes(server)) == server.pool
        run = asyncio.run(lw.run_class(server, 3, browsers=1, spread=2.0, timeout=60,
                                       abandon=1, seed=1))
        failed = [f"{r.kind}: {r.error}" for r in run.results if r.error]
        assert not failed, "\n".join(failed) + "\n" + server.log_text()[-3000:]
        assert all(r.ready is not None and r.click_ms is not None for r in run.results)
        # served from the pool: the page's HTML needs no notebook run (one page would take ~4 s)
        assert "Using pre-heated kernel" in server.log_text()
        deadline = time.monotonic() + 45
        while time.monotonic() < deadline:
            if len(lw.kernel_processes(server)) <= server.pool and \
                    server.log_text().count("Culling 'idle'") >= 3:
                break
            time.sleep(1)
        alive = len(lw.kernel_processes(server))
        assert alive <= server.pool, f"{alive} kernels alive, the pool is {server.pool}"
        assert server.log_text().count("Culling 'idle'") >= 3  # the class's three kernels
    finally:
        lw.stop_server(server)
    assert not lw.kernel_processes(server)


def test_a_jass_lesson_is_served_from_the_preheated_pool() -> None:
    """`make workshop LESSON=13_schieber_at_the_table.ipynb` serves a Jass lesson as
    it serves the others: its kernels preheated, a learner's page drawn from the pool, the
    Jass table playable (a pick, then the hand's legal cards lit)."""
    from playwright.sync_api import sync_playwright

    from tests.browser.harness import close_page, launch_chromium, new_page, open_dashboard

    lesson = "13_schieber_at_the_table.ipynb"
    server = lw.start_server("workshop", PORT + 1, learners=1, timeout=240, lesson=lesson)
    try:
        assert server.pool == 3 and len(lw.kernel_processes(server)) == server.pool
        with sync_playwright() as p:
            browser = launch_chromium(p)
            context, page = new_page(browser)
            try:
                table = open_dashboard(page, server.url, lesson, selector=".ctj-jass-table",
                                       screenshot=False)
                table.locator(".ctj-jass-picks button").first.click()
                lit = table.locator(".ctj-jass-hand button.ctj-playable")
                lit.first.wait_for(state="visible", timeout=20_000)
                assert lit.count() >= 1
            finally:
                close_page(context, page)
                browser.close()
        assert "Using pre-heated kernel" in server.log_text(), server.log_text()[-3000:]
    finally:
        lw.stop_server(server)
    assert not lw.kernel_processes(server)
