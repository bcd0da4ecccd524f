"""Random Jass-family positions for the solver tests: every ruleset, every mode."""

from __future__ import annotations

import random
from typing import Any

from chaitea.engine.driver import JassState
from chaitea.rulesets import jass_game

# (ruleset, players, options, contract): every ruleset and each play mode of RULES J (trump,
# Obenabe, Undenufe and its 6=11 option, Slalom, Gustav, Riesenslalom, TUO, 3x3, Tutti, Misère),
# teams (Schieber for 4 and 6, 4-player Coiffeur-Schieber) and individuals (basic Jass, Coiffeur,
# 3 players).
JASS_CONFIGS: list[tuple[str, int, dict[str, Any], str]] = [
    ("schieber", 4, {}, "trump(H)"),
    ("schieber", 4, {}, "obenabe"),
    ("schieber", 4, {"undenufe_six": True}, "undenufe"),
    ("schieber", 6, {}, "trump(H)"),  # the 48-card double deck: twins, two Puurs
    ("schieber", 6, {}, "undenufe"),
    ("jass", 4, {}, ""),  # the dealer's card names trump
    ("coiffeur-schieber", 3, {"tuo": "row"}, "trump(S)"),
    ("coiffeur-schieber", 3, {"tuo": "row"}, "slalom(undenufe)"),
    ("coiffeur-schieber", 3, {"tuo": "row"}, "tuo(D)"),
    ("coiffeur-schieber", 3, {"tuo": "row"}, "gustav(obenabe)"),
    ("coiffeur-schieber", 4, {"extra_rows": "slalom+gustav+tuo"}, "gustav(undenufe)"),
    ("coiffeur-schieber", 4, {"extra_rows": "slalom+gustav+tuo"}, "tuo(C)"),
    ("coiffeur-schieber", 4, {"pairs": False}, "undenufe"),
    ("coiffeur", 4, {}, "misere"),
    ("coiffeur", 4, {"misere_mode": "undenufe"}, "misere"),
    ("coiffeur", 4, {}, "tutti"),
    ("coiffeur", 4, {}, "3x3(tou)"),
    ("coiffeur", 4, {}, "3x3(uto)"),
    ("coiffeur", 4, {"undenufe_six": True}, "riesenslalom(obenabe,4)"),
    ("coiffeur", 4, {}, "slalom(obenabe)"),
    ("coiffeur", 4, {}, "trump(C)"),
]


def jass_round(rng: random.Random, ruleset: str, players: int, options: dict[str, Any],
               contract: str) -> JassState:
    """A random deal of ``ruleset`` with ``contract`` picked by the first speaker (3x3: the
    trumps named at random), at the first lead."""
    g = jass_game(ruleset, players, options=options)
    st = g.new_initial_state(seed=rng.randrange(10**6))
    while st.phase == "picking":
        legal = st.legal_moves()
        if contract in legal:
            st.apply_action(contract)
        elif all(m.startswith("trump(") for m in legal) and contract.startswith("3x3("):
            st.apply_action(rng.choice(legal))
        else:
            st.apply_action(next(m for m in legal if m in ("push", "pass")))
    assert st.phase == "play" and (not contract or st.contract == contract), st.contract
    return st


def jass_position(rng: random.Random, ruleset: str, players: int, options: dict[str, Any],
                  contract: str, tricks_left: int, partial: bool = True) -> JassState:
    """A round played at random until ``tricks_left`` tricks remain (and, if ``partial``, a
    random number of cards into the next trick)."""
    st = jass_round(rng, ruleset, players, options, contract)
    n_t = st.game.n_tricks
    while len(st.trick_ids()) < n_t - tricks_left:
        st.apply_action(rng.choice(st.legal_actions()))
    if partial:
        for _ in range(rng.randrange(players)):
            st.apply_action(rng.choice(st.legal_actions()))
    return st
