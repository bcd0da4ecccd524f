"""A class of N learners opening one lesson at once, against one Voilà server on this machine.

For each server setting (``default``: what ``make dashboard`` serves; ``workshop``: what ``make
workshop LEARNERS=...`` serves, i.e. deploy/workshop/voila.py) and each class size N, starts N
learners within ``--spread`` seconds of each other on one lesson (``--lesson``:
notebooks/06_full_game.ipynb, Chai Tea Jazz, or 13_schieber_at_the_table.ipynb, Schieber):

- a few are headless Chromium pages (Debian's /usr/bin/chromium through Playwright): ready when
  every widget view of the lesson is drawn (the dashboard and the exercise);
- the others are light websocket clients that do what the page's widget manager does: read the
  page, open the kernel's channels, ask for every widget model's state (the widget control
  comm's ``request_states``) and check that every view of the page and every model it refers to
  arrived. They cost the server the same, but not a browser's CPU on this machine (a real
  learner's browser runs on the learner's laptop).

Then each learner makes the lesson's first move (06: Pass, and the lesson's seed leaves Aslan to
lead; 13: the push when the learner is the forehand, then the partner and the bots play) and
plays its first lit card, timed from the click to the card shown in the trick (in the page: the
DOM; for a websocket client: the kernel's update of the trick's strip), while the others are
still loading. Then the
learners leave: the pages close as a browser does (Voilà's page asks the server to shut its
kernel down), and ``--abandon`` of the websocket clients simply disappear.

Printed per setting and N: page-ready median / p90 / max, failed sessions, click-to-screen
median / p90, the server's and the kernels' memory at the peak (proportional set size, so
shared pages are not counted twice), and the kernels left alive after everyone left (right
after, and --linger seconds later; with preheating the standby pool is listed apart). With
``--requests K`` a loop of K plain page requests (no browser, no websocket) follows, and the
kernels alive ``--linger`` seconds later.

Everything stays on 127.0.0.1 (ports 8875-8879 by default); the Chromium pages can reach only
this machine. Other programs loading this machine change the figures: run the full table once,
on an otherwise quiet machine if you can.

    python benchmarks/load_workshop.py                       # N = 1, 5, 10, 20, 30, both settings
    python benchmarks/load_workshop.py --learners 3 --settings workshop --linger 0   # a smoke run
    python benchmarks/load_workshop.py --learners 30 --settings workshop --linger 0 \
        --lesson 13_schieber_at_the_table.ipynb                    # a class on a Jass lesson
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import signal
import statistics
import struct
import subprocess
import sys
import time
import urllib.request
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import psutil  # type: ignore[import-untyped]  # (ipykernel depends on it)
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.harness import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

LESSON = "06_full_game.ipynb"
NOTEBOOKS = ROOT / "notebooks"
WORKSHOP_CONFIG = ROOT / "deploy" / "workshop"
ARTIFACTS = ROOT / "artifacts"
DEFAULT_PORT = 8875
TARGETS = {"ready_p90": 10.0, "ready_max": 20.0, "click_p90_ms": 300.0, "memory_gb": 4.0}

# In the page: click a card button, resolve with the milliseconds until the same card shows in
# the table's centre (benchmarks/dashboard_load.py times the same way).
CLICK_JS = """
async ([root, card, hand, centre]) => {
  const scope = document.querySelector(root);
  const button = scope.querySelector(`.${hand} button.ctj-card-${card}`);
  const shown = () => scope.querySelector(`.${centre} .ctj-card-${card}`);
  return await new Promise((resolve, reject) => {
    const t0 = performance.now();
    const observer = new MutationObserver(() => {
      if (shown()) { observer.disconnect(); resolve(performance.now() - t0); }
    });
    observer.observe(scope, { subtree: true, childList: true, attributes: true });
    setTimeout(() => { observer.disconnect(); reject(new Error(`${card}: not shown in 20 s`)); },
               20000);
    button.click();
  });
}
"""
VIEW_RE = re.compile(r'application/vnd\.jupyter\.widget-view\+json": \{"model_id": "([0-9a-f]+)"')
KERNEL_RE = re.compile(r'"kernelId": "([0-9a-f-]{36})"')
MODEL_REF_RE = re.compile(r"IPY_MODEL_([0-9a-f]+)")
PLAYABLE_RE = re.compile(r'class="[^"]*ctj-playable[^"]*"[^>]*data-card="([^"]+)"|'
                         r'data-card="([^"]+)"[^>]*class="[^"]*ctj-playable')



@dataclass(frozen=True)
class Script:
    """What a learner does on one lesson: the view it plays in (``root``, a CSS class), the
    page's views that make it ready (CSS selector, index), the learner's hand and the trick's
    strip (CSS classes), and the first move before a card: buttons of the class ``first``,
    clicked when there (``prefer``: the one whose tooltip is that item, else the first);
    ``first_required``: the lesson always offers it."""

    lesson: str
    root: str
    ready: tuple[tuple[str, int], ...]
    hand: str
    centre: str
    first: str
    first_required: bool
    prefer: str = ""
    advice: str = ""  # the coach's Advice button (``--advice``), if the lesson has one


SCRIPTS = {
    "06_full_game.ipynb": Script("06_full_game.ipynb", "ctj-dashboard",
                                 ((".ctj-dashboard", 0), (".ctj-main", 1)), "ctj-hand-0",
                                 "ctj-centre", "ctj-pass", True, advice="ctj-advice"),
    "13_schieber_at_the_table.ipynb": Script(
        "13_schieber_at_the_table.ipynb", "ctj-jass-table",
        ((".ctj-jass-table .ctj-jass-hand .ctj-card", 0), (".ctj-exercise", 1)),
        "ctj-jass-hand", "ctj-jass-trick", "ctj-jass-pick", False, prefer="push"),
}


def script_for(lesson: str) -> Script:
    """The learner's script for ``lesson``; a ValueError names the lessons there are."""
    if lesson not in SCRIPTS:
        raise ValueError(f"no learner script for {lesson!r}: {', '.join(SCRIPTS)}")
    return SCRIPTS[lesson]


# ------------------------------------------------------------------ the server
@dataclass
class Server:
    setting: str
    url: str
    process: subprocess.Popen[bytes]
    log_path: Path
    pool: int = 0
    lesson: str = LESSON

    def log_text(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def pools_filled(self) -> int:
        return self.log_text().count(f"Kernel pool of {self.lesson} is filled")


def pool_size(learners: int, lesson: str = LESSON) -> int:
    """The workshop pool for a class: deploy/workshop/voila.py's rule, read from the file."""
    env = {"CHAITEA_LEARNERS": str(learners), "CHAITEA_LESSON": lesson}
    return int(workshop_config(env)["VoilaKernelManager"]["kernel_pools_config"][lesson]
               ["pool_size"])


def workshop_config(env: dict[str, str]) -> Any:
    """deploy/workshop/voila.py loaded by traitlets (as Voilà loads it) under ``env``."""
    from traitlets.config.loader import PyFileConfigLoader

    saved = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        return PyFileConfigLoader("voila.py", path=str(WORKSHOP_CONFIG)).load_config()
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def start_server(setting: str, port: int, learners: int, *, cull_idle: int | None = None,
                 timeout: float = 600.0, lesson: str = LESSON) -> Server:
    """``default``: `make dashboard`'s command line; ``workshop``: `make workshop`'s (its
    ``LESSON`` preheated: ``lesson``). Returns once the server answers and (workshop) the
    lesson's pool of preheated kernels is full."""
    cmd = [sys.executable, "-m", "voila", str(NOTEBOOKS), "--no-browser", "--Voila.ip=127.0.0.1",
           f"--port={port}", "--Voila.port_retries=0"]
    env = dict(os.environ)
    pool = 0
    if setting == "workshop":
        cmd.append(f"--Voila.config_file_paths={WORKSHOP_CONFIG}")
        env["CHAITEA_LEARNERS"] = str(learners)
        env["CHAITEA_LESSON"] = lesson
        if cull_idle is not None:
            env["CHAITEA_CULL_IDLE_TIMEOUT"] = str(cull_idle)
        pool = pool_size(learners, lesson)
    elif setting != "default":
        raise ValueError(f"setting must be default or workshop, not {setting!r}")
    ARTIFACTS.mkdir(exist_ok=True)
    log_path = ARTIFACTS / f"load-workshop-{setting}-{port}.log"
    with log_path.open("wb") as log:
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, cwd=ROOT, env=env,
                                start_new_session=True)
    server = Server(setting, f"http://127.0.0.1:{port}", proc, log_path, pool, lesson)
    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"Voilà exited with {proc.returncode}:\n{server.log_text()[-3000:]}")
        with contextlib.suppress(OSError), \
                urllib.request.urlopen(server.url + "/", timeout=5) as response:
            if response.status == 200 and server.pools_filled() >= (1 if pool else 0):
                wait_quiet(server, deadline)
                return server
        if time.monotonic() > deadline:
            stop_server(server)
            raise RuntimeError(f"Voilà not ready within {timeout} s:\n{server.log_text()[-3000:]}")
        time.sleep(0.5)


def kernel_processes(server: Server) -> list[psutil.Process]:
    try:
        children = psutil.Process(server.process.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []
    found = []
    for p in children:
        with contextlib.suppress(psutil.Error):
            if any("ipykernel" in part for part in p.cmdline()):
                found.append(p)
    return found


def _pss(p: psutil.Process) -> int:
    try:
        info = p.memory_full_info()
        return int(getattr(info, "pss", info.rss))
    except psutil.AccessDenied:
        return int(p.memory_info().rss)


def memory(server: Server) -> tuple[int, list[int]]:
    """(server bytes, [bytes per kernel]), proportional set sizes."""
    kernels = []
    for p in kernel_processes(server):
        with contextlib.suppress(psutil.Error):
            kernels.append(_pss(p))
    try:
        main = _pss(psutil.Process(server.process.pid))
    except psutil.Error:
        main = 0
    return main, kernels


def stop_server(server: Server, timeout: float = 20.0) -> None:
    proc = server.process
    if proc.poll() is not None:
        return
    kids = kernel_processes(server)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=timeout)
    for p in kids:
        with contextlib.suppress(psutil.Error):
            p.kill()


# ------------------------------------------------------------------ learners
@dataclass
class Learner:
    kind: str  # "browser" or "ws"
    ready: float | None = None  # seconds from the request to every view drawn
    click_ms: float | None = None
    advice_ms: float | None = None  # --advice: from the Advice click to the coach's answer
    error: str = ""
    kernel_id: str = ""
    phases: dict[str, float] = field(default_factory=dict)  # seconds or bytes, by name


def _msg(msg_type: str, content: dict[str, Any], session: str,
         channel: str = "shell") -> str:
    return json.dumps({
        "header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": session,
                   "username": "learner", "date": "", "version": "5.3"},
        "parent_header": {}, "metadata": {"version": "1.0.0"} if msg_type == "comm_open" else {},
        "content": content, "channel": channel, "buffers": [],
    })


def _decode(frame: str | bytes) -> dict[str, Any]:
    if isinstance(frame, str):
        return dict(json.loads(frame))
    # Jupyter's legacy binary websocket frame: n, n offsets, then the message and its buffers
    (n,) = struct.unpack("!I", frame[:4])
    offsets = struct.unpack(f"!{n}I", frame[4:4 + 4 * n])
    end = offsets[1] if n > 1 else len(frame)
    return dict(json.loads(frame[offsets[0]:end].decode("utf-8")))


class KernelChannels:
    """The page's side of a kernel's websocket, reduced to widget messages."""

    def __init__(self, ws: Any, session: str) -> None:
        self.ws = ws
        self.session = session

    async def send_comm(self, comm_id: str, data: dict[str, Any]) -> None:
        await self.ws.send(_msg("comm_msg", {"comm_id": comm_id, "data": data}, self.session))

    async def until(self, predicate: Any, timeout: float) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no answer from the kernel")
            msg = _decode(await asyncio.wait_for(self.ws.recv(), left))
            if msg.get("channel") == "iopub" and predicate(msg):
                return msg


def _classes(state: dict[str, Any]) -> list[str]:
    return list(state.get("state", {}).get("_dom_classes", []))


def _find(states: dict[str, Any], *classes: str) -> list[str]:
    return [mid for mid, s in states.items() if all(c in _classes(s) for c in classes)]


def _check_views(states: dict[str, Any], views: Sequence[str]) -> str:
    """'' when every view and every model it refers to (transitively) has its state."""
    todo, seen = list(views), set()
    while todo:
        mid = todo.pop()
        if mid in seen:
            continue
        seen.add(mid)
        if mid not in states:
            return f"model {mid} of the page has no state"
        todo.extend(MODEL_REF_RE.findall(json.dumps(states[mid].get("state", {}))))
    return ""


async def ws_learner(base: str, delay: float, timeout: float, leave: bool,
                     script: Script = SCRIPTS[LESSON], advice: bool = False) -> Learner:
    """Read the page, then fetch every widget state over the kernel's websocket, make the
    script's first move and play a card. ``leave``: ask the server to shut the kernel down at
    the end (as the page does when it closes); otherwise just disappear."""
    me = Learner("ws")
    await asyncio.sleep(delay)
    t0 = time.perf_counter()
    try:
        async with httpx.AsyncClient(timeout=timeout) as client:
            chunks: list[str] = []
            async with client.stream("GET", f"{base}/voila/render/{script.lesson}") as page:
                page.raise_for_status()
                async for chunk in page.aiter_text():
                    if not chunks:
                        me.phases["html first byte s"] = time.perf_counter() - t0
                    chunks.append(chunk)
            html = "".join(chunks)
            me.phases["html complete s"] = time.perf_counter() - t0
            found = KERNEL_RE.search(html)
            if not found:
                raise RuntimeError("no kernel id in the page")
            me.kernel_id = found.group(1)
            views = VIEW_RE.findall(html)
            if len(views) < 2:
                raise RuntimeError(f"the page has {len(views)} widget views, not 2 "
                                   "(a cell's output came too late?)")
            session = uuid.uuid4().hex
            ws_url = base.replace("http", "ws", 1) + \
                f"/api/kernels/{me.kernel_id}/channels?session_id={session}"
            # no client keepalive pings: a browser does not drop a slow server's connection
            async with connect(ws_url, max_size=None, open_timeout=timeout,
                               ping_interval=None) as ws:
                ch = KernelChannels(ws, session)
                control = uuid.uuid4().hex
                await ws.send(_msg("comm_open", {"comm_id": control, "target_name":
                                                 "jupyter.widget.control", "data": {}}, session))
                await ch.send_comm(control, {"method": "request_states"})
                reply = await ch.until(lambda m: m["msg_type"] == "comm_msg" and
                                       m["content"].get("comm_id") == control, timeout)
                states = reply["content"]["data"]["states"]
                me.phases["widget models"] = len(states)
                me.phases["widget state bytes"] = len(json.dumps(states))
                problem = _check_views(states, views)
                if problem:
                    raise RuntimeError(problem)
                me.ready = time.perf_counter() - t0
                await _ws_play(ch, states, timeout, me, script, advice)
            if leave:  # as the page does on unload: with the _xsrf cookie the page got
                with contextlib.suppress(httpx.HTTPError):
                    xsrf = client.cookies.get("_xsrf") or ""
                    await client.post(f"{base}/voila/api/shutdown/{me.kernel_id}",
                                      headers={"X-XSRFToken": xsrf})
    except Exception as e:  # a failed session is a figure, not a crash
        me.error = f"{type(e).__name__}: {e}"[:300]
    return me


def _reachable(states: dict[str, Any], roots: Sequence[str]) -> set[str]:
    """The models reachable from ``roots`` through their children, layouts and styles."""
    reach: set[str] = set()
    todo = list(roots)
    while todo:
        mid = todo.pop()
        if mid not in reach and mid in states:
            reach.add(mid)
            todo.extend(MODEL_REF_RE.findall(json.dumps(states[mid]["state"])))
    return reach


async def _ws_play(ch: KernelChannels, states: dict[str, Any], timeout: float,
                   me: Learner, script: Script, advice: bool = False) -> None:
    """With ``advice``, first the coach's Advice, timed from the click to its answer; then the
    script's first move (06: Pass), then the first lit card. Widgets the kernel creates on the
    way (the trick table is built when first shown) arrive as comm_open messages and join
    ``states``."""
    dash = _find(states, script.root)
    if not dash:
        raise RuntimeError(f"no {script.root} among the page's widgets")

    def track(msg: dict[str, Any]) -> None:
        content = msg["content"]
        if msg["msg_type"] == "comm_open" and content.get("target_name") == "jupyter.widget":
            states[content["comm_id"]] = {"state": dict(content["data"]["state"])}
        elif msg["msg_type"] == "comm_msg" and content.get("comm_id") in states:
            data = content.get("data", {})
            if data.get("method") == "update":
                states[content["comm_id"]]["state"].update(data.get("state", {}))

    def lit_card() -> tuple[str, str] | None:
        # cheap tests first: this runs for every message, for every learner of the class
        for mid in _find(states, script.hand):
            found = PLAYABLE_RE.search(states[mid]["state"].get("html", ""))
            if found and mid in _reachable(states, dash):
                return mid, found.group(1) or found.group(2)
        return None

    reach = _reachable(states, dash)
    if advice and script.advice:
        button = next((m for m in _find(states, script.advice) if m in reach), "")
        if not button:
            raise RuntimeError(f"the page has no {script.advice} button")

        def answered(msg: dict[str, Any]) -> bool:
            track(msg)
            return any(s["state"].get("value") and "ctj-thinking" not in s["state"]["value"]
                       for s in states.values() if "ctj-advice-line" in _classes(s))

        t_advice = time.perf_counter()
        await ch.send_comm(button, {"method": "custom", "content": {"event": "click"}})
        await ch.until(answered, timeout)
        me.advice_ms = (time.perf_counter() - t_advice) * 1000
    firsts = [m for m in _find(states, script.first) if m in reach]
    if script.first_required and not firsts:
        raise RuntimeError(f"the page has no {script.first} button")
    if firsts:
        chosen = next((m for m in firsts
                       if states[m]["state"].get("tooltip") == script.prefer), firsts[0])
        await ch.send_comm(chosen, {"method": "custom", "content": {"event": "click"}})

    def tracked_until_lit(msg: dict[str, Any]) -> bool:
        track(msg)
        return msg["msg_type"] in ("comm_open", "comm_msg") and lit_card() is not None

    if lit_card() is None:
        await ch.until(tracked_until_lit, timeout)
    hand_id, card = lit_card() or ("", "")
    reach = _reachable(states, dash)
    centre = _reachable(states, [m for m in _find(states, script.centre) if m in reach])
    css = "ctj-card-" + card.replace("'", "p")
    t0 = time.perf_counter()
    await ch.send_comm(hand_id, {"method": "custom", "content": {"event": "click", "card": card}})
    await ch.until(lambda m: m["content"].get("comm_id") in centre and
                   css in m["content"].get("data", {}).get("state", {}).get("html", ""), timeout)
    me.click_ms = (time.perf_counter() - t0) * 1000


async def browser_learner(browser: Any, base: str, delay: float, timeout: float,
                          script: Script = SCRIPTS[LESSON]) -> Learner:
    """A Chromium page: ready when the script's views are drawn (06: the dashboard and the
    exercise); then its first move and one card, timed inside the page; then the page closes
    as a tab does (Voilà's unload handler asks the server to shut the kernel down)."""
    me = Learner("browser")
    await asyncio.sleep(delay)
    context = await browser.new_context(viewport={"width": 1280, "height": 900})

    async def local_only(route: Any, request: Any) -> None:
        host = httpx.URL(request.url).host
        if request.url.startswith(("data:", "blob:")) or host in ("127.0.0.1", "localhost"):
            await route.continue_()
        else:
            await route.abort()

    await context.route("**/*", local_only)
    page = await context.new_page()
    t0 = time.perf_counter()
    try:
        ms = timeout * 1000
        await page.goto(f"{base}/voila/render/{script.lesson}", wait_until="load", timeout=ms)
        for selector, index in script.ready:
            await page.locator(selector).nth(index).wait_for(state="visible", timeout=ms)
        me.ready = time.perf_counter() - t0
        root = f".{script.root}"
        firsts = page.locator(f"{root} button.{script.first}")
        if script.first_required:
            await firsts.first.wait_for(state="visible", timeout=ms)
        if await firsts.count():
            preferred = page.locator(f'{root} button.{script.first}[title="{script.prefer}"]')
            await (preferred if await preferred.count() else firsts).first.click(timeout=ms)
        lit = page.locator(f"{root} .{script.hand} button.ctj-playable").first
        await lit.wait_for(state="visible", timeout=ms)
        card = await lit.get_attribute("data-card") or ""
        me.click_ms = float(await page.evaluate(
            CLICK_JS, [root, card.replace("'", "p"), script.hand, script.centre]))
    except Exception as e:
        me.error = f"{type(e).__name__}: {str(e).splitlines()[0]}"[:300]
    finally:
        with contextlib.suppress(Exception):
            await page.close(run_before_unload=True)
            await asyncio.sleep(0.5)
        await context.close()
    return me


# ------------------------------------------------------------------ one class
@dataclass
class ClassRun:
    setting: str
    learners: int
    results: list[Learner]
    server_mem: int
    kernel_mem: list[int]
    alive_after: int
    pool: int


def _q(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[k]


async def run_class(server: Server, n: int, browsers: int, spread: float, timeout: float,
                    abandon: int, seed: int, advice: bool = False) -> ClassRun:
    script = script_for(server.lesson)
    from playwright.async_api import async_playwright

    rng = random.Random(seed + n)
    delays = sorted(rng.uniform(0, spread) for _ in range(n)) if n > 1 else [0.0]
    kinds = ["browser" if i < browsers else "ws" for i in range(n)]
    rng.shuffle(kinds)
    peak: list[tuple[int, list[int]]] = []

    async def sample() -> None:
        while True:
            mem = await asyncio.to_thread(memory, server)
            if not peak or sum(mem[1]) + mem[0] > sum(peak[0][1]) + peak[0][0]:
                peak[:] = [mem]
            await asyncio.sleep(1.0)

    async with async_playwright() as pw:
        browser = None
        if browsers:
            browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        sampler = asyncio.create_task(sample())
        tasks = []
        ws_seen = 0
        for kind, delay in zip(kinds, delays, strict=True):
            if kind == "browser":
                tasks.append(browser_learner(browser, server.url, delay, timeout, script))
            else:
                ws_seen += 1
                tasks.append(ws_learner(server.url, delay, timeout, leave=ws_seen > abandon,
                                        script=script, advice=advice))
        results = list(await asyncio.gather(*tasks))
        sampler.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await sampler
        if browser is not None:
            await browser.close()
    await asyncio.sleep(3)
    alive = len(kernel_processes(server))
    server_mem, kernel_mem = peak[0] if peak else (0, [])
    return ClassRun(server.setting, n, results, server_mem, kernel_mem, alive, server.pool)


def wait_for_pool(server: Server, filled_before: int, used: int, timeout: float = 600) -> None:
    """Until the pool has refilled the ``used`` kernels (Voilà logs each kernel start) and
    their notebooks have run (the kernels fall quiet)."""
    deadline = time.monotonic() + timeout
    while server.pools_filled() < filled_before + used and time.monotonic() < deadline:
        time.sleep(1)
    wait_quiet(server, deadline)


def wait_quiet(server: Server, deadline: float) -> None:
    """Until the kernels together used under 5 % of a core for two seconds running."""
    def busy() -> float:
        total = 0.0
        for p in kernel_processes(server):
            with contextlib.suppress(psutil.Error):
                t = p.cpu_times()
                total += t.user + t.system
        return total

    quiet, last = 0, busy()
    while quiet < 2 and time.monotonic() < deadline:
        time.sleep(1)
        now = busy()
        quiet = quiet + 1 if now - last < 0.05 else 0
        last = now


def count_after(server: Server, seconds: float) -> int:
    time.sleep(max(seconds, 0))
    return len(kernel_processes(server))


def request_loop(server: Server, count: int) -> float:
    """``count`` plain page requests, no browser and no websocket; returns seconds taken."""
    t0 = time.perf_counter()

    async def one(client: httpx.AsyncClient, sem: asyncio.Semaphore) -> None:
        async with sem:
            with contextlib.suppress(httpx.HTTPError):
                await client.get(f"{server.url}/voila/render/{server.lesson}")

    async def run() -> None:
        sem = asyncio.Semaphore(10)
        async with httpx.AsyncClient(timeout=300) as client:
            await asyncio.gather(*(one(client, sem) for _ in range(count)))

    asyncio.run(run())
    return time.perf_counter() - t0


def profile_one(server: Server, repeat: int = 3) -> list[str]:
    """Where one learner's page start goes: phases of a websocket learner (median of
    ``repeat``), and the CPU seconds it cost the server and its kernel."""
    phases: dict[str, list[float]] = {}
    cpu_server, cpu_kernel = [], []
    main = psutil.Process(server.process.pid)
    for _ in range(repeat):
        before = {p.pid for p in kernel_processes(server)}
        t_server = sum(main.cpu_times()[:2])
        me = asyncio.run(ws_learner(server.url, 0, 90, leave=True,
                                    script=script_for(server.lesson)))
        if me.error:
            return [f"profile: failed: {me.error}"]
        cpu_server.append(sum(main.cpu_times()[:2]) - t_server)
        for p in kernel_processes(server):
            if p.pid not in before:  # this learner's kernel (with preheating: a refill's)
                with contextlib.suppress(psutil.Error):
                    t = p.cpu_times()
                    cpu_kernel.append(t.user + t.system + t.children_user + t.children_system)
        for k, v in me.phases.items():
            phases.setdefault(k, []).append(v)
        phases.setdefault("ready s", []).append(me.ready or float("nan"))
        phases.setdefault("click ms", []).append(me.click_ms or float("nan"))
        time.sleep(2)
    out = [f"profile ({server.setting}, one websocket learner, median of {repeat}): " +
           ", ".join(f"{k} {statistics.median(v):.3g}" for k, v in phases.items())]
    out.append(f"  CPU per page: server {statistics.median(cpu_server):.2f} s, new kernel "
               f"{statistics.median(cpu_kernel) if cpu_kernel else float('nan'):.2f} s")
    return out


# ------------------------------------------------------------------ report
def row(run: ClassRun) -> str:
    ready = [r.ready for r in run.results if r.ready is not None and not r.error]
    clicks = [r.click_ms for r in run.results if r.click_ms is not None]
    failed = sum(1 for r in run.results if r.error)
    total = (run.server_mem + sum(run.kernel_mem)) / 2**30
    per_kernel = statistics.median(run.kernel_mem) / 2**20 if run.kernel_mem else float("nan")
    kinds = f"{sum(r.kind == 'browser' for r in run.results)}b+" \
            f"{sum(r.kind == 'ws' for r in run.results)}ws"
    pages = [r.ready for r in run.results if r.kind == "browser" and r.ready is not None]
    page_fig = f"{statistics.median(pages):.1f}/{max(pages):.1f}" if pages else "-"
    return (f"{run.setting:<9} {run.learners:>3} {kinds:>8} {page_fig:>10} "
            f"{statistics.median(ready) if ready else float('nan'):>7.2f} "
            f"{_q(ready, 0.9):>6.2f} {max(ready) if ready else float('nan'):>6.2f} "
            f"{failed:>6} {statistics.median(clicks) if clicks else float('nan'):>7.0f} "
            f"{_q(clicks, 0.9):>6.0f} {run.server_mem / 2**20:>7.0f} {per_kernel:>6.0f} "
            f"{len(run.kernel_mem):>4} {total:>6.2f} {run.alive_after:>6} {run.pool:>5}")


HEADER = ("setting     N  learners  Chromium  ready s p90 s  max s failed click ms  p90   "
          "server MB kernel MB  n  total GB alive  pool\n"
          "                        med/max s   median   (all learners)   median           "
          "(peak, PSS)               after")


SETTINGS = ("default", "workshop")


def parse_settings(text: str) -> list[str]:
    """``--settings``: ``default``, ``workshop``, ``both`` (the two, in that order) or a
    comma-separated list of them, each run once in the order given. A ValueError names an
    unknown one (so ``both``, which the help offers, never reaches start_server as a setting)."""
    settings: list[str] = []
    for item in (s.strip() for s in text.split(",")):
        if not item:
            continue
        if item not in (*SETTINGS, "both"):
            raise ValueError(f"unknown setting {item!r}: default, workshop or both")
        for setting in SETTINGS if item == "both" else (item,):
            if setting not in settings:
                settings.append(setting)
    if not settings:
        raise ValueError("no setting: default, workshop or both")
    return settings


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--learners", default="1,5,10,20,30", help="class sizes, comma-separated")
    ap.add_argument("--settings", default="both",
                    help="default, workshop or both (or a comma-separated list; default: both)")
    ap.add_argument("--browsers", type=int, default=3,
                    help="Chromium pages per class (the rest are websocket clients)")
    ap.add_argument("--spread", type=float, default=10.0, help="the class arrives within S s")
    ap.add_argument("--abandon", type=int, default=2,
                    help="websocket learners per class who leave without closing the page")
    ap.add_argument("--timeout", type=float, default=90.0, help="per-learner time limit, s")
    ap.add_argument("--linger", type=float, default=120.0,
                    help="count the kernels this long after the last class left")
    ap.add_argument("--requests", type=int, default=0,
                    help="then K plain page requests (workshop setting only)")
    ap.add_argument("--class-size", type=int, default=0,
                    help="LEARNERS of the workshop setting (default: the largest N)")
    ap.add_argument("--cull-idle", type=int, default=None,
                    help="the workshop setting's cull_idle_timeout, s (default: the config's)")
    ap.add_argument("--lesson", default=LESSON,
                    help=f"the lesson the class opens: {', '.join(SCRIPTS)} (default: {LESSON})")
    ap.add_argument("--advice", action="store_true",
                    help="each websocket learner first asks the coach's Advice (lesson 06), "
                         "timed from the click to the answer")
    ap.add_argument("--port", type=int, default=DEFAULT_PORT)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--profile", type=int, default=3,
                    help="first profile one learner this many times (0: no profile)")
    args = ap.parse_args(argv)
    sizes = [int(x) for x in args.learners.split(",") if x.strip()]
    try:
        settings = parse_settings(args.settings)
    except ValueError as e:
        ap.error(str(e))  # exits 2 with the usage, before any server starts
    if args.lesson not in SCRIPTS:
        ap.error(f"no learner script for {args.lesson!r}: {', '.join(SCRIPTS)}")
    class_size = args.class_size or max(sizes)
    print(f"load_workshop: {args.lesson}, N = {sizes}, arrivals within {args.spread:.0f} s, "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at start "
          "(other programs on this machine change the figures)")
    runs: list[ClassRun] = []
    notes: list[str] = []
    for setting in settings:
        t0 = time.perf_counter()
        server = start_server(setting, args.port, class_size, cull_idle=args.cull_idle,
                              lesson=args.lesson)
        notes.append(f"{setting}: server ready in {time.perf_counter() - t0:.0f} s"
                     + (f" (pool of {server.pool} preheated kernels)" if server.pool else ""))
        try:
            if args.profile:
                notes.extend(profile_one(server, args.profile))
                if server.pool:
                    wait_for_pool(server, 1, args.profile)
            for n in sizes:
                filled = server.pools_filled()
                run = asyncio.run(run_class(server, n, min(args.browsers, n), args.spread,
                                            args.timeout, min(args.abandon, n - 1), args.seed,
                                            args.advice))
                runs.append(run)
                print(HEADER if len(runs) == 1 else "", end="\n" if len(runs) == 1 else "")
                print(row(run), flush=True)
                asked = [r.advice_ms for r in run.results if r.advice_ms is not None]
                if asked:
                    print(f"    Advice, click to answer: median {statistics.median(asked):.0f}"
                          f" ms, p90 {_q(asked, 0.9):.0f} ms, max {max(asked):.0f} ms "
                          f"({len(asked)} learners)")
                for r in run.results:
                    if r.error:
                        print(f"    failed ({r.kind}): {r.error}")
                if server.pool and n != sizes[-1]:
                    wait_for_pool(server, filled, n)
            if args.linger:
                left = count_after(server, args.linger) - server.pool
                notes.append(f"{setting}: {left} kernels beyond the pool {args.linger:.0f} s "
                             "after the last class left")
            if args.requests and setting == "workshop":
                took = request_loop(server, args.requests)
                left = count_after(server, args.linger) - server.pool
                notes.append(f"{setting}: {args.requests} plain page requests in {took:.0f} s; "
                             f"{left} kernels beyond the pool {args.linger:.0f} s later")
        finally:
            stop_server(server)
    for note in notes:
        print(note)
    return check_targets(runs)


def check_targets(runs: Sequence[ClassRun]) -> int:
    """Exit status 1 if the workshop setting misses a target at its largest N."""
    ws = [r for r in runs if r.setting == "workshop"]
    if not ws:
        return 0
    big = max(ws, key=lambda r: r.learners)
    ready = [r.ready for r in big.results if r.ready is not None and not r.error]
    clicks = [r.click_ms for r in big.results if r.click_ms is not None]
    missed = []
    if any(r.error for r in big.results):
        missed.append("failed sessions")
    if ready and _q(ready, 0.9) > TARGETS["ready_p90"]:
        missed.append("page-ready p90")
    if ready and max(ready) > TARGETS["ready_max"]:
        missed.append("page-ready max")
    if clicks and _q(clicks, 0.9) > TARGETS["click_p90_ms"]:
        missed.append("click p90")
    if (big.server_mem + sum(big.kernel_mem)) / 2**30 > TARGETS["memory_gb"]:
        missed.append("memory")
    print(f"targets at N = {big.learners}: " + ("met" if not missed else
                                               "missed: " + ", ".join(missed)))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
