"""The Jass adapter of the kernel (:mod:`chaitea.ai.kernel`, RULES J): one round of a Jass-family
game as kernel :class:`~chaitea.ai.kernel.Rules` tables, built from the driver's per-trick plans,
and a :class:`chaitea.engine.driver.JassState`'s position (:func:`chaitea.ai.kernel.rules_of` and
:func:`chaitea.ai.kernel.position_of` come here for a Jass state).

>>> from chaitea.rulesets import jass_game
>>> game = jass_game("schieber")
>>> jass_rules_for(game, "obenabe", 0) is jass_rules_for(game, "obenabe", 0)   # cached
True
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from chaitea.ai._kernel_base import Position, Rules, Tables5, _ladders
from chaitea.core.tricks import TrumpSetting

if TYPE_CHECKING:
    from chaitea.engine.driver import JassGame, JassState

__all__ = ["jass_rules_for", "table_position"]


_JASS_CACHE: weakref.WeakKeyDictionary[Any, dict[tuple[str, int, tuple[int, ...], bool],
                                                  Rules]] = weakref.WeakKeyDictionary()


def jass_rules_for(game: JassGame, contract: str, declarer: int, *,
                   chosen: Sequence[int] = (), lowest: bool = False) -> Rules:
    """THE Jass adapter: a round of ``game`` (a :class:`chaitea.engine.driver.JassGame`) played as
    the pick ``contract`` (its spelling: ``trump(H)``, ``slalom(obenabe)``, ``tutti``, ``misere``)
    with ``declarer``'s side scored (the Coiffeur pads: the forehand), as kernel tables.

    Everything is read from the engine: per trick the driver's plan (:meth:`JassGame.plan`:
    the ``jass`` follow rule bound to the trump in force, the strength tables by led suit, the
    card values), the trick rules' trump settings (``chosen``: the suits a 3x3 picker named,
    per trick, -1 elsewhere; Tutti's trump is set in play by the first player who cannot
    follow), the last-trick and Match bonuses of the value tables, the seating's sides.
    ``lowest``: the scored side aims low (Misère, the pad's lowest-wins row).

    >>> from chaitea.rulesets import jass_game
    >>> r = jass_rules_for(jass_game("schieber"), "trump(H)", 0)
    >>> r.n_tricks, r.sides, r.points_total, r.match_bonus, r.scored_by
    (9, 2, 157, 100, 'mover')
    >>> from chaitea.core.cards import JASS
    >>> [r.points[JASS.index_of(c)] for c in ("JH", "9H", "JS")]  # the Puur, the Näll, a Jack
    [20, 14, 2]
    """
    per = _JASS_CACHE.get(game)
    if per is None:
        per = _JASS_CACHE[game] = {}
    key = (contract, declarer, tuple(chosen), lowest)
    hit = per.get(key)
    if hit is None:
        hit = per[key] = _build_jass_rules(game, contract, declarer, tuple(chosen), lowest)
    return hit


def _build_jass_rules(game: JassGame, contract: str, declarer: int, chosen: tuple[int, ...],
                      lowest: bool) -> Rules:
    from chaitea.core.values import JASS_NO_TRUMP

    deck = game.deck
    n_t = game.n_tricks
    trick_rules = game.trick_rules(contract)
    settings = {r.trump_setting for r in trick_rules}
    tutti = TrumpSetting.FIRST_NON_FOLLOWER in settings
    jacks = [i for i in range(deck.size) if deck.rank_of[i] == 11 and deck.suit_of[i] >= 0]
    last = trick_rules[-1].values
    if last.last_trick is None:  # pragma: no cover - every Jass table names its bonus
        raise ValueError(f"{contract}: the Jass value tables name the last-trick bonus")
    kw: dict[str, Any] = {}
    if tutti:
        if settings != {TrumpSetting.FIRST_NON_FOLLOWER}:
            raise ValueError(f"{contract}: the kernel plays Tutti's trump setting in every "
                             "trick or in none")
        plans = [[game.plan(contract, t, k) for t in range(n_t)] for k in (-1, 0, 1, 2, 3)]
        tutti_tables = tuple(tuple(p[1] for p in row) for row in plans)
        # The round's end counts every trick at the set trump's values (none set: no trump),
        # as the engine's play phase does (chaitea.engine.driver: Tutti).
        finals = (JASS_NO_TRUMP.for_deck(deck, -1),
                  *(trick_rules[0].values.for_deck(deck, k) for k in range(4)))
        kw = {"tutti": True, "tutti_tables": tutti_tables,
              "tutti_legal": tuple(row[0][0] for row in plans),
              "tutti_points": tuple(tuple(p[2] for p in row) for row in plans),
              "tutti_values": finals}
        tables = tutti_tables[0]
        points = plans[0][0][2]
        trump = -1
        per_trick: list[list[Tables5]] = [[tutti_tables[k][t] for k in range(5)]
                                          for t in range(n_t)]
        classes = [tuple(f[c] for f in finals) for c in range(deck.size)]
        solo = sum(1 << j for j in jacks)
    else:
        trumps = []
        for t, r in enumerate(trick_rules):
            if r.trump_setting is TrumpSetting.FIXED:
                trumps.append(r.trump)
            elif r.trump_setting is TrumpSetting.NONE:
                trumps.append(-1)
            elif t < len(chosen) and 0 <= chosen[t] < 4:  # 3x3: the suit the picker named
                trumps.append(chosen[t])
            else:
                raise ValueError(f"{contract}: trick {t + 1}'s trump is chosen by the picker; "
                                 "pass the suits named (chosen)")
        plans1 = [game.plan(contract, t, trumps[t]) for t in range(n_t)]
        tables = tuple(p[1] for p in plans1)
        tp = tuple(p[2] for p in plans1)
        kw = {"trick_points": tp, "legal_fns": tuple(p[0] for p in plans1)}
        points = tp[0]
        trump = trumps[0]
        per_trick = [[tables[t]] for t in range(n_t)]
        classes = [tuple(p[c] for p in tp) for c in range(deck.size)]
        solo = sum(1 << j for j in jacks if deck.suit_of[j] in trumps)
    ids: dict[tuple[int, ...], int] = {}
    pclass = tuple(ids.setdefault(k, len(ids)) for k in classes)
    pad = game.table.score.scores == "pad-row"
    return Rules(
        players=game.players, n_tricks=n_t, n_cards=deck.size, tables=tables, points=points,
        suit_of=deck.suit_of, rank_of=deck.rank_of, suit_masks=deck.suit_masks,
        extra=(0, 0, 0, 0), side_of=game.side_of, sides=game.sides,
        last_trick_bonus=last.last_trick, avoidance=lowest, declarer=declarer, trump=trump,
        ladders=_ladders(deck, per_trick), points_total=sum(points) + last.last_trick,
        order_names=tuple(r.plain_order.value for r in trick_rules),
        legal_fn=plans[0][0][0] if tutti else kw["legal_fns"][0],
        match_bonus=last.match, solo=solo, pclass=pclass, jass=True, follow=game.follow.name,
        scored_by="declarer" if pad else "mover", **kw)


def _jass_rules_of(state: JassState) -> Rules:
    if state.phase != "play" or not state.contract:
        raise ValueError("the kernel needs a state in the play phase of a round")
    g = state.game
    contract = state.contract
    score = g.table.score
    lowest = False
    if score.scores == "pad-row":  # the forehand's row score is written (RULES J)
        declarer = state.forehand
        try:
            layout: Any = getattr(score, "layout")  # noqa: B009  (a pad part's rows)
            row = state.score_state.row_for(contract, layout.side_of(declarer))
            lowest = row.lowest_wins  # Misère: the lowest is best
        except ValueError:  # pragma: no cover - the row being played is open
            lowest = False
    else:
        declarer = state.declarer if state.declarer is not None else state.forehand
    # 3x3's named suits (per trick, -1 elsewhere): kept by the driver when the play starts.
    return jass_rules_for(g, contract, declarer, chosen=state.chosen, lowest=lowest)


def _jass_position_of(state: JassState) -> Position:
    rules = _jass_rules_of(state)
    g = state.game
    deck = g.deck
    n = g.players
    idx = deck.index
    hands = [deck.mask_of(state.hand(s)) for s in range(n)]
    trick = [idx[c] for c in state.trick]
    turn = state.current_player()
    known = state.trump if rules.tutti else -1
    done = state.trick_ids()
    led = deck.suit_of[trick[0]] if trick else -1
    return table_position(rules, hands, trick, (turn - len(trick)) % n, turn, len(done), led,
                          done, known)


def table_position(rules: Rules, hands: list[int], trick: list[int], leader: int, turn: int,
                   trick_no: int, led: int, done: Sequence[tuple[int, Sequence[int], int]],
                   known: int) -> Position:
    """The kernel's position of a table's round in play: the hands and the trick, and per side
    the card points, tricks and cards won in the finished tricks ``done`` (leader, card ids,
    winner), each trick's points at the trump ``known`` (Tutti's, RULES J; -1 elsewhere)."""
    won = [0] * rules.sides
    side_tricks = [0] * rules.sides
    won_cards = [0] * rules.sides
    for k, (_leader, cards, winner) in enumerate(done):
        side = rules.side_of[winner]
        pts = rules.points_at(k, known)
        won[side] += sum(pts[c] for c in cards)
        side_tricks[side] += 1
        for c in cards:
            won_cards[side] |= 1 << c
    return Position(hands, [0] * len(hands), {}, [], (), trick, leader, turn, trick_no, led,
                    won, known=known, side_tricks=side_tricks, won_cards=won_cards)
