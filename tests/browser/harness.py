"""Drive Voilà dashboards in Debian's headless Chromium, as a person would.

Used by the fixtures in ``tests/browser/conftest.py`` and by the benchmarks.
Nothing here reaches past this machine: Voilà listens on 127.0.0.1 and every
page request to another host is aborted.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Browser, BrowserContext, Locator, Page, Playwright, Request, Route
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

REPO_ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO_ROOT / "notebooks"
# The kit's Voilà template (share/jupyter/voila/templates/chaitea: the lab template without its
# CDN links), found through JUPYTER_PATH in a checkout, installed with the kit elsewhere.
KIT_JUPYTER_PATH = REPO_ROOT / "share" / "jupyter"
TEMPLATE = "chaitea"
ARTIFACTS = REPO_ROOT / "artifacts"
SCREENSHOTS = ARTIFACTS / "screenshots"

CHROMIUM = "/usr/bin/chromium"
# Debian's chromium as root, offline: no sandbox, no GPU, no calls home.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

DESKTOP: dict[str, int] = {"width": 1280, "height": 900}
PHONE: dict[str, int] = {"width": 390, "height": 844}

# The class every dashboard adds to its top widget: `widget.add_class("ctj-main")`.
MAIN_SELECTOR = ".ctj-main"
# Text Voilà shows when a cell fails (with --show_tracebacks=True).
ERROR_MARKERS = ("There was an error", "Traceback")
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}


# ------------------------------------------------------------------ Voilà
def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class VoilaServer:
    url: str  # base URL, no trailing slash
    process: subprocess.Popen[bytes]
    log_path: Path

    def log_tail(self, lines: int = 40) -> str:
        try:
            text = self.log_path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])


def _children(pid: int) -> list[int]:
    """Descendants of ``pid`` (kernels run in sessions of their own)."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        parents.setdefault(ppid, []).append(int(entry.name))
    found: list[int] = []
    todo = [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def stop_voila(server: VoilaServer, timeout: float = 15.0) -> None:
    """Stop Voilà and the kernels it started: SIGTERM (Voilà shuts its kernels
    down), then SIGKILL for anything of ours still alive."""
    proc = server.process
    if proc.poll() is not None:
        return
    descendants = _children(proc.pid)
    with suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        with suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=timeout)
    for pid in descendants:
        with suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


def start_voila(
    root: Path = NOTEBOOKS,
    *,
    port: int | None = None,
    extra_args: Sequence[str] = ("--show_tracebacks=True",),
    timeout: float = 90.0,
    log_path: Path | None = None,
) -> VoilaServer:
    """Serve ``root`` with Voilà on 127.0.0.1 and wait until it answers HTTP."""
    port = port or free_port()
    log_path = log_path or ARTIFACTS / f"voila-{port}.log"
    log_path.parent.mkdir(parents=True, exist_ok=True)
    cmd = [
        sys.executable, "-m", "voila", str(root),
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        f"--port={port}",
        "--Voila.port_retries=0",
        f"--template={TEMPLATE}",
        *extra_args,
    ]  # fmt: skip
    env = dict(os.environ)
    env["JUPYTER_PATH"] = os.pathsep.join(
        p for p in (str(KIT_JUPYTER_PATH), env.get("JUPYTER_PATH", "")) if p)
    with log_path.open("wb") as log:
        proc = subprocess.Popen(
            cmd, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            cwd=REPO_ROOT, start_new_session=True, env=env,
        )  # fmt: skip
    server = VoilaServer(url=f"http://127.0.0.1:{port}", process=proc, log_path=log_path)
    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            raise RuntimeError(
                f"Voilà exited with {proc.returncode} before answering:\n{server.log_tail()}"
            )
        try:
            with urllib.request.urlopen(server.url + "/", timeout=5) as response:
                if response.status == 200:
                    return server
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        if time.monotonic() > deadline:
            stop_voila(server)
            raise RuntimeError(f"Voilà did not answer within {timeout} s:\n{server.log_tail()}")
        time.sleep(0.2)


@contextmanager
def voila(root: Path = NOTEBOOKS, **kwargs: Any) -> Iterator[VoilaServer]:
    server = start_voila(root, **kwargs)
    try:
        yield server
    finally:
        stop_voila(server)


# ------------------------------------------------------------------ Chromium
def launch_chromium(playwright: Playwright) -> Browser:
    """Debian's chromium (Playwright cannot download its own browser here)."""
    if not Path(CHROMIUM).exists():
        raise RuntimeError(f"{CHROMIUM} is missing: run `make setup` (apt-get install chromium)")
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


@dataclass
class PageLog:
    """What happened on a page besides the DOM: for failure messages."""

    blocked: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)

    def summary(self) -> str:
        parts = []
        if self.page_errors:
            parts.append("uncaught page errors:\n  " + "\n  ".join(self.page_errors))
        if self.console_errors:
            parts.append("console errors:\n  " + "\n  ".join(self.console_errors[:20]))
        if self.blocked:
            parts.append("blocked (not local):\n  " + "\n  ".join(self.blocked[:20]))
        return "\n".join(parts)


def _is_local(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob", "about"):
        return True
    return (parts.hostname or "") in LOCAL_HOSTS


def new_page(browser: Browser, viewport: dict[str, int] = DESKTOP) -> tuple[BrowserContext, Page]:
    """A fresh context and page that can reach only this machine.

    Requests to any other host (the lab template's CDN fonts, for one) are
    aborted and listed in ``page_log(page).blocked``.
    """
    phone = viewport["width"] < 600
    context = browser.new_context(
        viewport={"width": viewport["width"], "height": viewport["height"]},
        is_mobile=phone,
        has_touch=phone,
    )
    log = PageLog()

    def route(route: Route, request: Request) -> None:
        if _is_local(request.url):
            route.continue_()
        else:
            log.blocked.append(request.url)
            route.abort()

    context.route("**/*", route)
    page = context.new_page()
    page.on("pageerror", lambda exc: log.page_errors.append(str(exc)))
    page.on(
        "console",
        lambda msg: log.console_errors.append(msg.text) if msg.type == "error" else None,
    )
    _LOGS[id(page)] = log
    return context, page


_LOGS: dict[int, PageLog] = {}


def page_log(page: Page) -> PageLog:
    return _LOGS.setdefault(id(page), PageLog())


def close_page(context: BrowserContext, page: Page) -> None:
    _LOGS.pop(id(page), None)
    context.close()


# ------------------------------------------------------------------ dashboards
def screenshot_path(name: str, page: Page) -> Path:
    """artifacts/screenshots/NAME.png (NAME-phone.png for a phone-size page)."""
    stem = re.sub(r"[^A-Za-z0-9_.-]+", "_", Path(name).stem)
    size = page.viewport_size
    if size is not None and size["width"] < 600:
        stem += "-phone"
    return SCREENSHOTS / f"{stem}.png"


def save_screenshot(page: Page, name: str) -> Path:
    path = screenshot_path(name, page)
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path), full_page=True)
    return path


def assert_no_errors(page: Page, name: str = "") -> None:
    """Fail if Voilà shows a cell error or the page threw an uncaught error."""
    text = page.inner_text("body")
    for marker in ERROR_MARKERS:
        if marker in text:
            start = max(text.find(marker) - 200, 0)
            raise AssertionError(
                f"{name}: the page shows {marker!r}:\n{text[start : start + 3000]}"
            )
    log = page_log(page)
    if log.page_errors:
        raise AssertionError(f"{name}: uncaught errors in the page:\n{log.summary()}")


def open_dashboard(
    page: Page,
    base_url: str,
    name: str,
    *,
    selector: str = MAIN_SELECTOR,
    timeout_ms: float = 60_000,
    screenshot: bool = True,
) -> Locator:
    """Open ``/voila/render/NAME`` and wait until ``selector`` is visible.

    Voilà sends the page while it executes the notebook, so ``load`` means every
    cell has run; the widgets are drawn after that. Fails if the page shows a
    cell error or a traceback. Saves ``artifacts/screenshots/NAME.png`` (also on
    failure) and returns the main widget's locator.
    """
    page.goto(f"{base_url}/voila/render/{name}", wait_until="load", timeout=timeout_ms)
    main = page.locator(selector).first
    try:
        main.wait_for(state="visible", timeout=timeout_ms)
    except PlaywrightTimeoutError:
        save_screenshot(page, name)
        assert_no_errors(page, name)
        raise AssertionError(
            f"{name}: {selector!r} did not appear within {timeout_ms / 1000:.0f} s\n"
            f"{page_log(page).summary()}\npage text:\n{page.inner_text('body')[:3000]}"
        ) from None
    assert_no_errors(page, name)
    if screenshot:
        save_screenshot(page, name)
    return main
