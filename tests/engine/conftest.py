"""Helpers for the engine tests (RULES.md, RECORD.md).

Deals are built by hand so that the outcome of a round can be worked out on paper from the
rules, whatever the players choose:

* :func:`sweep_deal` gives the declarer every heart and three 9s (or 1s for Under): they win all
  12 tricks, so the round is 100 card points + the last-trick bonus (RULES S).
* :func:`zero_deal` gives the declarer only low (or, for Under, high) cards of three suits: they
  can win no trick, so the round is 0 card points - Bet Debt (RULES S).
* :func:`clubs_deal` (Under) gives the declarer all nine clubs and 9D 9H 9S; they win exactly the
  nine club tricks and lose the last three, so their card points are 73 minus the points of the
  six cards the defenders keep for the end (RULES S, R).
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from chaitea import STANDARD, Card, Deal, Deck, Game, RoundResult, State

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable

ASLAN, LEO, MUFASA = 0, 1, 2
NAMES = ["Aslan", "Leo", "Mufasa"]

# The pick spellings of the standard setup (RECORD: one spelling per row choice; D10 rows).
STANDARD_SPELLINGS = [
    "trump(C)",
    "trump(D)",
    "trump(H)",
    "trump(S)",
    "under",
    "slalom(high)",
    "slalom(low)",
] + [
    f"joker={c}"
    for c in (
        "trump(C)",
        "trump(D)",
        "trump(H)",
        "trump(S)",
        "under",
        "slalom(high)",
        "slalom(low)",
    )
]

Policy = Callable[[State], int]


def cards(text: str, deck: Deck = STANDARD) -> list[Card]:
    """``"9C 2H"`` -> the cards, read in the context of ``deck``."""
    return [deck.parse(t) for t in text.split()]


def strs(cs: Iterable[Card]) -> list[str]:
    return [str(c) for c in cs]


def make_deal(*hands: str, deck: Deck = STANDARD) -> Deal:
    """An explicit deal, one string of cards per seat. Cards nobody was given fill the hands in
    canonical deck order, seat 0 first, up to the hand size (deck size / players)."""
    players = len(hands)
    size = deck.size // players
    given = [cards(h, deck) for h in hands]
    used = [c for h in given for c in h]
    assert len(set(used)) == len(used), "a card was given twice"
    taken = set(used)
    rest = [c for c in deck.cards if c not in taken]
    out = []
    for h in given:
        need = size - len(h)
        assert need >= 0, f"hand {strs(h)} is larger than {size}"
        out.append(tuple(h + rest[:need]))
        rest = rest[need:]
    assert not rest
    return Deal(tuple(out))


def _seat_hands(declarer: int, hand: str) -> list[str]:
    out = [""] * 3
    out[declarer] = hand
    return out


def sweep_deal(declarer: int, *, under: bool = False) -> Deal:
    """The declarer holds every heart and the 9 (Under: the 1) of clubs, diamonds and spades.

    In Trump (Hearts), Over or Under they win every trick, however anyone plays: a heart lead
    cannot be followed, and their other cards are the strongest of their suits (RULES R)."""
    top = "1" if under else "9"
    return make_deal(*_seat_hands(declarer, f"1H 2H 3H 4H 5H 6H 7H 8H 9H {top}C {top}D {top}S"))


def zero_deal(declarer: int, *, under: bool = False) -> Deal:
    """The declarer holds ranks 1-4 (Under: 6-9) of clubs, diamonds and spades.

    In Trump (Hearts), Over (resp. Under) they win no trick, however anyone plays: the defenders
    hold five stronger cards of each of those suits, so the declarer's one lead (trick 1) is
    beaten, and a card that is not the strongest of the led suit never wins (RULES R)."""
    ranks = "6789" if under else "1234"
    return make_deal(*_seat_hands(declarer, " ".join(f"{r}{s}" for s in "CDS" for r in ranks)))


def clubs_deal(declarer: int, keeps: Mapping[int, str]) -> tuple[Deal, Policy]:
    """Under: the declarer holds 1C..9C and 9D 9H 9S; the defenders hold ranks 1-8 of diamonds,
    hearts and spades. ``keeps`` names, per defender, the three cards they keep for the end; at
    least one kept card must be a diamond.

    With the returned policy the declarer leads the nine clubs first and wins each (nobody else
    holds a club), taking the 18 cards the defenders throw; then 9D is beaten by a kept diamond
    and a defender leads the last two tricks, so the declarer loses tricks 10-12. Their card points
    are 25 (clubs) + 48 (ranks 1-8 of D, H, S) - the kept cards' points = 73 - kept points."""
    defenders = [s for s in range(3) if s != declarer]
    kept = {s: cards(keeps[s]) for s in defenders}
    all_kept = [c for s in defenders for c in kept[s]]
    assert any(c.suit is not None and c.suit.letter == "D" for c in all_kept)
    pool = [
        c
        for c in STANDARD.cards
        if c.suit is not None and c.suit.letter in "DHS" and c.rank <= 8 and c not in all_kept
    ]
    hands = [""] * 3
    prio: dict[int, list[str]] = {}
    hands[declarer] = "1C 2C 3C 4C 5C 6C 7C 8C 9C 9D 9H 9S"
    prio[declarer] = hands[declarer].split()
    for i, s in enumerate(defenders):
        throw = strs(pool[9 * i : 9 * (i + 1)])
        hands[s] = " ".join(throw + strs(kept[s]))
        prio[s] = throw + strs(kept[s])
    return make_deal(*hands), priority_policy(prio)


def kept_points(*texts: str) -> int:
    """Card points of the given cards, by RULES C (odd ranks score their rank)."""
    return sum(c.rank for t in texts for c in cards(t) if c.rank % 2)


# -- policies ----------------------------------------------------------------------------------
def first_legal(state: State) -> int:
    return state.legal_actions()[0]


def priority_policy(prio: Mapping[int, Sequence[str]]) -> Policy:
    """Each seat plays the first card of its list that is legal (else its first legal card)."""

    def act(state: State) -> int:
        legal = state.legal_actions()
        seat = state.current_player()
        for text in prio.get(seat, ()):
            i = state.game.deck.index_of(text)
            if i in legal:
                return i
        return legal[0]

    return act


# -- playing -----------------------------------------------------------------------------------
def new_game(setup: Any = "standard", **options: Any) -> State:
    """A three-player game waiting for its first deal, barrel at Aslan (seat 0)."""
    return Game(players=3, setup=setup, **options).new_initial_state(names=NAMES)


def play_round(
    state: State,
    picking: Sequence[str],
    deal: Deal | int | None = None,
    policy: Policy = first_legal,
) -> RoundResult:
    """Deal (if the state waits for one), apply the picking strings, check picking ended, then
    play the round out with ``policy``; return the round's result."""
    if state.phase == "deal":
        state.apply_deal(0 if deal is None else deal)
    for item in picking:
        state.apply_action(item)
    assert state.phase == "play", f"picking {list(picking)} did not end"
    n = len(state.round_results)
    while len(state.round_results) == n:
        state.apply_action(policy(state))
    return state.round_results[-1]


def play_cards(state: State, plays: Iterable[str]) -> None:
    for p in plays:
        state.apply_action(p)


# -- records and the command line ---------------------------------------------------------------
def record(rounds: list[dict[str, Any]], setup: Any = "standard", **top: Any) -> dict[str, Any]:
    rec: dict[str, Any] = {
        "format": "chaitea-record/1",
        "players": 3,
        "names": NAMES,
        "setup": setup,
        "options": {},
        "rounds": rounds,
    }
    rec.update(top)
    return rec


def hands_json(deal: Deal) -> dict[str, Any]:
    return {"hands": [strs(h) for h in deal.hands]}


def run_cli(*args: str, stdin: str | bytes | None = None) -> subprocess.CompletedProcess[str]:
    data = stdin.decode() if isinstance(stdin, bytes) else stdin
    return subprocess.run(
        [PYTHON, "-m", "chaitea", *args],
        input=data,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )


def dump(path: Path, obj: object) -> Path:
    path.write_text(json.dumps(obj), encoding="utf-8")
    return path
