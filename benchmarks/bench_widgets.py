"""Widget speed: the Python time to handle one click on a card at the trick table.

A click is handled as the browser's message arrives: the CardStrip's custom message, the view's
handler, the engine applying the card, the bots' replies, and the re-render of every widget of
the view (the new HTML of each card strip, the trick, the caption, the status line). The same
clicks are timed on a dashboard, whose picking panel, table, pad and save button all follow
the game. Baseline: the engine alone applying the same action ids (the person's card and the
bots' replies) to a state, with no widget. The script prints the median and p90 of each and
their ratio. Widgets here have no kernel: state updates are computed but not sent.

    python benchmarks/bench_widgets.py [--games 6] [--players 3]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from chaitea import GameState
from chaitea_widgets import GameDashboard, TrickTable
from chaitea_widgets.session import Session


def _click(view_session: Session, strip_for: Callable[[str], object],
           legal: Callable[[], list[str]]) -> tuple[float, list[int]] | None:
    """One click on the first legal card; returns (seconds, the action ids it applied)."""
    cards = legal()
    if not cards:
        return None
    before = len(view_session.live_state.history())
    strip = strip_for(cards[0])
    t = time.perf_counter()
    strip._handle_custom_msg({"event": "click", "card": cards[0]}, [])  # type: ignore[attr-defined]
    dt = time.perf_counter() - t
    return dt, view_session.live_state.history()[before:]


def table_clicks(games: int, players: int) -> tuple[list[float], list[tuple[GameState, list[int]]]]:
    """Play whole rounds at a TrickTable (seat 0 a person, bots elsewhere)."""
    times: list[float] = []
    replays: list[tuple[GameState, list[int]]] = []
    for g in range(games):
        table = TrickTable(players=players, seed=100 + g, humans=(0,), contract="trump(H)",
                           declarer=g % players)
        ses = table.session

        def strip_for(card: str, table: TrickTable = table) -> object:
            hand = [str(c) for c in table.state.hand(0)]
            return (table.seat_hands if card in hand else table.seat_straws)[0]

        while True:
            before = ses.live_state.clone()
            got = _click(ses, strip_for, table.legal)
            if got is None:
                break
            times.append(got[0])
            replays.append((before, got[1]))
    return times, replays


def dashboard_clicks(games: int, players: int) -> list[float]:
    times: list[float] = []
    for g in range(games):
        dash = GameDashboard(players=players, seed=200 + g)
        ses = dash.session
        for _ in range(400):
            s = dash.state
            if s.is_terminal():
                break
            if ses.paused:
                dash.next_round()
                continue
            if s.phase == "picking":
                legal = s.legal_moves()
                dash.picking._act(legal[-1])
                continue

            def strip_for(card: str, dash: GameDashboard = dash) -> object:
                hand = [str(c) for c in dash.state.hand(0)]
                return (dash.table.seat_hands if card in hand else dash.table.seat_straws)[0]

            got = _click(ses, strip_for, dash.table.legal)
            if got is not None:
                times.append(got[0])
    return times


def engine_baseline(replays: list[tuple[GameState, list[int]]]) -> list[float]:
    """The same action ids applied by the engine alone (validating apply_action)."""
    times = []
    for before, ids in replays:
        state = before.clone()
        t = time.perf_counter()
        for a in ids:
            state.apply_action(a)
        times.append(time.perf_counter() - t)
    return times


def _fmt(name: str, xs: list[float]) -> str:
    xs = sorted(xs)
    med = statistics.median(xs) * 1000
    p90 = xs[int(0.9 * (len(xs) - 1))] * 1000
    return f"{name:<34} n={len(xs):>5}  median {med:8.3f} ms   p90 {p90:8.3f} ms"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--players", type=int, default=3)
    args = ap.parse_args()
    table, replays = table_clicks(args.games, args.players)
    base = engine_baseline(replays)
    dash = dashboard_clicks(max(1, args.games // 3), args.players)
    print(f"Click handling, {args.players} players (target: median under 30 ms)")
    print(_fmt("trick table click (card + bots)", table))
    print(_fmt("dashboard click (card + bots)", dash))
    print(_fmt("baseline: engine only, same actions", base))
    ratio = statistics.median(table) / max(statistics.median(base), 1e-9)
    print(f"ratio table/engine (median): {ratio:.0f}x")


if __name__ == "__main__":
    main()
