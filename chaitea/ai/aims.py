"""The bots in the Jass games where each seat aims at a number it wrote (RULES J): Differenzler's
guess of its card points, Sticheln's bid and announcement of tricks.

The number comes from a Monte Carlo of a few random deals of the cards the seat cannot see,
each played out by the rule bot at every seat, each seat for itself (:func:`expected_take`):
the mean card points taken (the guess), the mean tricks taken with each trump (the bid, the
announcement). In play the rule and PIMC bots aim at it (:func:`aim_sign`): once a seat has
taken its guess or its announced tricks, it plays to take as little as it can. Only the seat's
own cards and its own items are read (a Differenzler seat sees its own guess only).

>>> from chaitea.rulesets import jass_game
>>> state = jass_game("differenzler").new_initial_state(seed=2)
>>> move = state.game.action_to_string(aim_pick(state))
>>> move.startswith("guess(") and 0 <= int(move[6:-1]) <= 157
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from chaitea.ai.play_masks import JassRound, camps
from chaitea.ai.thumb_rules import _game_key, playout
from chaitea.engine.pick_items import Announce, Bid, Guess, chosen, legal_items
from chaitea.rulesets.jass.auction import announced_by_seat, last_bidder
from chaitea.rulesets.jass.guessing import own_guess

if TYPE_CHECKING:
    from chaitea.ai.worlds import JassView
    from chaitea.engine.driver import JassGame, JassState

__all__ = ["SAMPLES", "aim_pick", "aim_sign", "expected_take"]

SAMPLES = 12  # deals per estimate
_TRUMPS = ("trump(C)", "trump(D)", "trump(H)", "trump(S)")
_TAKES: dict[tuple[object, ...], tuple[float, float]] = {}


def expected_take(game: JassGame, contract: str, hand: int, seat: int, forehand: int,
                  samples: int = SAMPLES) -> tuple[float, float]:
    """The mean card points and tricks ``seat`` takes with ``hand`` in ``contract``, the other
    hands dealt at random ``samples`` times (a seed from the hand: the rule bot is
    deterministic) and each round played out by the rule bot, every seat for itself
    (cached)."""
    key = (_game_key(game), contract, hand, seat, forehand, samples)
    got = _TAKES.get(key)
    if got is not None:
        return got
    rng = random.Random(hand * 4 + seat)
    n = game.players
    others = [c for c in range(game.deck.size) if not hand >> c & 1]
    size = game.n_tricks
    points = tricks = 0
    camp_of = camps(game, None)
    for _ in range(samples):
        rng.shuffle(others)
        hands = [0] * n
        k = 0
        for s in range(n):
            if s == seat:
                hands[s] = hand
                continue
            hands[s] = sum(1 << c for c in others[k:k + size])
            k += size
        r = JassRound.start(game, contract, (), forehand, hands, None)
        playout(r, camp_of)
        points += r.points[seat]
        tricks += r.won[seat]
    got = (points / samples, tricks / samples)
    if len(_TAKES) > 4096:
        _TAKES.clear()
    _TAKES[key] = got
    return got


def aim_pick(state: JassState) -> int | None:
    """The action id of the rule bot's guess (Differenzler), bid or pass, or announcement
    (Sticheln); ``None`` when the seat's items are of no such kind."""
    game: JassGame = state.game
    seat = state.current_player()
    obs = state.observation(seat)
    legal = obs["legal"]
    kinds = {type(i) for i in legal_items(obs["picking"], legal)}
    hand = game.deck.mask_of(obs["hand"])
    ids = game.action_ids
    if kinds == {Guess}:
        points, _ = expected_take(game, f"trump({obs['turned_up']})", hand, seat,
                                  obs["forehand"])
        return ids[f"guess({max(0, min(157, round(points)))})"]
    if Bid in kinds:
        best = max(expected_take(game, c, hand, seat, seat)[1] for c in _TRUMPS)
        bids = [sp for sp in legal if sp != "pass"]
        want = f"bid({round(best)})"
        if want in bids:
            return ids[want]
        return ids["pass"] if "pass" in legal else ids[bids[0]]  # forced: the lowest bid
    if kinds == {Announce}:
        contract = chosen(obs["picking"])
        declarer = last_bidder(obs["picking"], obs["forehand"], game.players)
        assert contract is not None
        assert declarer is not None
        _, tricks = expected_take(game, str(contract), hand, seat, declarer)
        return ids[legal[min(round(tricks), len(legal) - 1)]]
    return None


def aim_sign(state: JassState, view: JassView) -> int:
    """The rule bot's sign in play: ``view.sign``, but -1 (take as little as it can) once the
    seat has taken its guess (Differenzler) or its announced tricks (Sticheln)."""
    aims = state.game.table.score.scores
    seat = view.seat
    r = view.round
    if aims == "guess":
        guess = own_guess(view.picking)
        if guess is not None and r.points[seat] >= guess:
            return -1
    elif aims == "tricks" and view.declarer is not None:
        said = announced_by_seat(view.picking, view.declarer, state.game.players)
        if r.won[seat] >= said[seat]:
            return -1
    return view.sign
