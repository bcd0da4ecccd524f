"""Slow work and paced bot moves off the kernel's event loop: a :data:`Runner` hands a Hint,
Advice or review to a thread and its result back to the loop; a :data:`Scheduler` runs a
bot's next move a moment later. Outside a running loop (plain Python, the tests) both work at
once, so the synchronous path is the one the tests see."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

__all__ = ["Runner", "Scheduler", "background_runner", "loop_scheduler", "trick_hold"]

Scheduler = Callable[[float, Callable[[], None]], object]
# runs ``work()`` somewhere and hands its result (or the exception it raised) to ``done``
Runner = Callable[[Callable[[], object], Callable[[object], None]], None]


def background_runner() -> Runner:
    """Slow work (a Hint, Advice, a review) off the kernel's event loop: in the running
    asyncio loop's default executor (a thread), ``done`` called back on the loop, so the page
    never freezes; outside a running loop (plain Python, the tests) the work runs at once."""
    try:
        loop = asyncio.get_event_loop()
    except RuntimeError:
        loop = None
    if loop is None or not loop.is_running():
        def now(work: Callable[[], object], done: Callable[[object], None]) -> None:
            try:
                result = work()
            except Exception as e:  # handed on: the view shows it in words
                result = e
            done(result)

        return now
    running = loop

    def threaded(work: Callable[[], object], done: Callable[[object], None]) -> None:
        future = running.run_in_executor(None, work)

        def finished(f: asyncio.Future[object]) -> None:
            try:
                result = f.result()
            except Exception as e:
                result = e
            done(result)

        future.add_done_callback(finished)

    return threaded



def trick_hold(delay: float) -> float:
    """How long a complete trick stays in view when the bots are paced ``delay`` seconds apart:
    2.5 times as long, at most 3 s.

    >>> trick_hold(0.8), trick_hold(1.5)
    (2.0, 3.0)
    """
    return min(3.0, 2.5 * delay)


def loop_scheduler() -> Scheduler | None:
    """``loop.call_later`` of the asyncio loop running this kernel (Jupyter, Voilà), or
    ``None`` outside one (plain Python, the tests): pacing never blocks the kernel."""
    try:
        loop = asyncio.get_event_loop()
    except RuntimeError:
        return None
    if not loop.is_running():
        return None

    def later(seconds: float, callback: Callable[[], None]) -> object:
        return loop.call_later(seconds, callback)

    return later
