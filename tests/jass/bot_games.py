"""Seeded bot games of every Jass ruleset configuration, reduced to what the bots chose: the
golden file ``bot_games.json`` (written by ``python -m tests.jass.bot_games`` before the picking
items were typed, RULES J / RECORD Jass) pins the bots' and the coach's choices, so a change of
how picks are read must leave them identical.

Per configuration: full games of the rule bots and of the random bots (every round's ``picking``
items and a digest of the whole record), the Monte Carlo pick (:func:`mc_pick`) and the
coach's recommendation (:func:`advise`) at picking decisions along the rule bots' game, and a
few rounds of the PIMC bot.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from chaitea.ai.coach import advise
from chaitea.ai.table_bots import make_jass_bot, mc_pick, pick_scores
from chaitea.engine.driver import JassState
from chaitea.rulesets import jass_game

GOLDEN = Path(__file__).with_name("bot_games.json")

# every ruleset and player count, the Joker, 3x3, Misère, TUO, Slalom/Gustav rows, push_back and
# Weis declared by hand
CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    ("schieber", 4, {}), ("schieber", 4, {"push_back": True, "declare": "hand"}),
    ("schieber", 6, {}), ("schieber", 6, {"deck": "jass", "declare": "hand"}),
    ("jass", 4, {"hands": 3}), ("jass", 4, {"hands": 3, "declare": "hand"}),
    ("coiffeur-schieber", 3, {}), ("coiffeur-schieber", 3, {"tuo": "joker"}),
    ("coiffeur-schieber", 4, {}),
    ("coiffeur-schieber", 4, {"pairs": False, "extra_rows": "slalom+gustav+tuo"}),
    ("coiffeur", 4, {}), ("coiffeur", 4, {"misere_mode": "undenufe", "undenufe_six": True}),
]
MAX_ROUNDS = 48  # every game played to its end (Coiffeur has 48 rounds)


def label(name: str, players: int, opts: dict[str, Any]) -> str:
    return f"{name}/{players}/" + ",".join(f"{k}={v}" for k, v in sorted(opts.items()))


def new_state(name: str, players: int, opts: dict[str, Any], seed: int) -> JassState:
    o = dict(opts)
    deck = o.pop("deck", None)
    if name == "schieber":
        o.setdefault("target", 1500)
    return jass_game(name, players, deck=deck, options=o).new_initial_state(seed=seed)


def digest(record: object) -> str:
    return hashlib.sha256(json.dumps(record, sort_keys=True).encode()).hexdigest()[:16]


def bot_game(name: str, players: int, opts: dict[str, Any], bot: str, seed: int,
             rounds: int = MAX_ROUNDS, probe: bool = False, **bot_options: Any) -> dict[str, Any]:
    """One seeded game of ``bot`` at every seat, cut after ``rounds`` rounds; with ``probe`` at
    each picking decision also the Monte Carlo pick, (every third decision) the coach's
    recommendation and action id, and a digest of the rule bot's scores and the coach's table."""
    state = new_state(name, players, opts, seed)
    bots = [make_jass_bot(bot, seed=seed * 10 + s, **bot_options) for s in range(players)]
    probes: list[list[Any]] = []
    k = 0
    while not state.is_terminal() and len(state.round_results) < rounds:
        if probe and state.phase == "picking":
            seat = state.current_player()
            scores = {sp: round(v, 6) for sp, v in pick_scores(state, seat).items()}
            row: list[Any] = [state.game.action_to_string(mc_pick(state, 3, k))]
            detail: list[Any] = [scores]
            declaring = all(sp == "noweis" or sp.startswith("weis(") for sp in state.legal_moves())
            if k % 3 == 0 and not declaring:  # advise() has no table at a declaration
                a = advise(state, samples=3, seed=k)
                row += [a.recommended, a.action]
                detail.append([[str(r["pick"]), round(float(r["margin"]), 6)]
                               for _, r in a.table.iterrows()])
            row.append(digest(detail))  # the rule bot's scores and the coach's table
            probes.append(row)
            k += 1
        state.apply_action(bots[state.current_player()].act(state))
    rec = state.record()
    return {"picking": [r["picking"] for r in rec["rounds"]], "digest": digest(rec),
            "probes": probes}


def all_games() -> dict[str, Any]:
    """Every configuration's games, as the golden file holds them (the test plays the same)."""
    out: dict[str, Any] = {}
    for name, players, opts in CONFIGS:
        key = label(name, players, opts)
        out[key] = {
            "rule": [bot_game(name, players, opts, "rule", s, probe=s == 0) for s in (0, 1)],
            "random": [bot_game(name, players, opts, "random", s) for s in (0, 1)],
            "pimc": [bot_game(name, players, opts, "pimc", 0, rounds=2, samples=2,
                              pick_samples=3)],
        }
    return out


if __name__ == "__main__":
    data = all_games()
    GOLDEN.write_text(json.dumps(data, sort_keys=True, separators=(",", ":")) + "\n")
    print(f"wrote {GOLDEN} ({GOLDEN.stat().st_size:,} bytes)", file=sys.stderr)
