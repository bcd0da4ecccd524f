"""Replays of a Jass game for practice: "same deal, your seat" (a finished hand
played again from its deal with a bot in the learner's seat, the other seats' bots as before,
and the two scores side by side), and taking back a seat's last action.

>>> from chaitea.rulesets import jass_game
>>> from chaitea.ai.table_bots import make_jass_bot
>>> state = jass_game("schieber").new_initial_state(forehand=0)
>>> state.apply_deal(11)
>>> bots = {s: make_jass_bot("rule", seed=s) for s in range(4)}
>>> while state.phase in ("picking", "play"):
...     state.apply_action(bots[state.current_player()].act(state))
>>> same = same_deal(state, 0, bots=bots, stand_in=make_jass_bot("rule", seed=0))
>>> same.yours == same.bots   # the same rule bot in seat 0 plays the hand the same way
True
>>> same.contract == state.round_results[0]["contract"]
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from chaitea.engine.driver import JassState
from chaitea.records.record import loads

__all__ = ["SameDeal", "round_start", "same_deal", "side_score"]


@dataclass(frozen=True)
class SameDeal:
    """One finished hand twice: ``yours`` is the learner's side's score as it was played,
    ``bots`` the same side's score with the stand-in bot in the learner's seat; ``contract``
    and ``bot_contract`` the contracts played; ``plays`` the bot replay's cards in order."""

    seat: int
    round_number: int
    contract: str
    bot_contract: str
    yours: int | None
    bots: int | None
    plays: tuple[str, ...]

    @property
    def difference(self) -> int | None:
        """The learner's score minus the bot's (``None`` where the side scored nothing here:
        the Coiffeur family writes only the forehand's row)."""
        if self.yours is None or self.bots is None:
            return None
        return self.yours - self.bots


def side_score(state: JassState, result: Mapping[str, Any], seat: int) -> int | None:
    """What a finished hand wrote for ``seat``'s side: a per-side score, or the Coiffeur
    family's one row score when the seat's side is the forehand's (else ``None``)."""
    side = state.game.side_of[seat]
    score = result.get("score")
    if isinstance(score, (list, tuple)):
        return int(score[side])
    if isinstance(score, int) and state.game.side_of[int(result["forehand"])] == side:
        return score
    return None


def round_start(state: JassState, round_number: int) -> JassState:
    """A new state at the start of hand ``round_number`` (1-based) of ``state``'s game: the
    hands before it replayed from the record, this one dealt and nothing written yet."""
    rec = state.record()
    rounds = rec["rounds"]
    if not 1 <= round_number <= len(rounds):
        raise ValueError(f"round_number must be 1..{len(rounds)}")
    start = dict(rec)
    start["rounds"] = [*rounds[: round_number - 1],
                       {**rounds[round_number - 1], "picking": [], "plays": []}]
    out: JassState = loads(start)  # the one state of every game: its record rebuilds its game
    return out


def same_deal(state: JassState, seat: int, *, bots: Mapping[int, Any], stand_in: Any,
              round_number: int | None = None) -> SameDeal:
    """Play finished hand ``round_number`` (default: the last) again from its deal, with
    ``stand_in`` (any bot with ``act(state)``) in ``seat`` and ``bots[s]`` in the others."""
    results = state.round_results
    played = [i + 1 for i, r in enumerate(results) if r.get("played", True)]
    if not played:
        raise ValueError("no hand of this game is finished yet")
    r = played[-1] if round_number is None else round_number
    if r not in played:
        raise ValueError(f"round_number must be a finished hand whose cards were played: "
                         f"{', '.join(map(str, played))}")
    if not 0 <= seat < state.game.players:
        raise ValueError(f"seat must be 0..{state.game.players - 1}")
    replay = round_start(state, r)
    cards = replay.game.n_cards
    acts: list[int] = []
    while replay.phase in ("picking", "play") and len(replay.round_results) < r:
        s = replay.current_player()
        a = (stand_in if s == seat else bots[s]).act(replay)
        replay.apply_action(a)
        acts.append(a)
    res = replay.round_results[r - 1]
    mine = results[r - 1]
    return SameDeal(seat, r, str(mine["contract"]), str(res["contract"]),
                    side_score(state, mine, seat), side_score(replay, res, seat),
                    tuple(replay.game.action_to_string(a) for a in acts if a < cards))
