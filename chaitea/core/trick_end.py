"""The end of a full trick (RULES R, J; D2), compiled with the play step
(:mod:`chaitea.core.compiled`): :mod:`chaitea.core.tricks` re-exports :func:`end_trick`, whose
module keeps the trick rules (frozen dataclasses, which stay Python: mypyc's do not unpickle)."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["end_trick"]


def end_trick(trick: Sequence[int], leader: int, table: Sequence[int], values: Sequence[int],
              bonus: int, credit: Sequence[int], points: list[int], won: list[int],
              tricks: list[tuple[int, tuple[int, ...], int]]) -> int:
    """The end of a full trick, in place (RULES R, J): ``trick`` holds one card id per seat in
    play order from ``leader``. Its winner is the seat of the strongest card by ``table`` (the
    strength table of the led suit, ``tables[led]``; of equal strengths the later-played card,
    D2, as :func:`~chaitea.core.tricks.winning_position`); its points, the ``values`` of its
    cards plus ``bonus`` (the last trick's, :func:`~chaitea.core.tricks.last_trick_bonus`; 0
    before it), go to ``points[credit[winner]]`` (``credit``: each seat's side, or each seat
    itself); ``won[winner]`` counts one more trick and ``tricks`` records ``(leader, cards,
    winner)``. Returns the winner: the next leader.
    The engine's play path (the hot path): three and four players are unrolled.

    >>> from chaitea.core.cards import JASS
    >>> from chaitea.core.tricks import TrickRule, last_trick_bonus, strength_tables
    >>> from chaitea.core.values import JASS_NO_TRUMP
    >>> rule = TrickRule(values=JASS_NO_TRUMP)  # Obenabe: no trump, A K Q J 10 ...
    >>> trick = [JASS.index_of(c) for c in ("KH", "AH", "6C", "10H")]  # seat 3 leads Roses
    >>> points, won, tricks = [0, 0], [0] * 4, []
    >>> end_trick(trick, 3, strength_tables(JASS, rule, -1)[2], rule.values.for_deck(JASS),
    ...           last_trick_bonus(rule), (0, 1, 0, 1), points, won, tricks)
    0
    >>> points, won, tricks == [(3, tuple(trick), 0)]  # 4 + 11 + 0 + 10, and the last 5
    ([30, 0], [1, 0, 0, 0], True)
    """
    n = len(trick)
    if n == 4:  # the strongest card (of equal strengths the later one, D2), unrolled
        a, b, c, d = trick
        best, pos = table[a], 0
        if table[b] >= best:
            best, pos = table[b], 1
        if table[c] >= best:
            best, pos = table[c], 2
        if table[d] >= best:
            pos = 3
        pts = values[a] + values[b] + values[c] + values[d] + bonus
    elif n == 3:  # three players, unrolled as four (ties: the later card, D2)
        a, b, c = trick
        best, pos = table[a], 0
        if table[b] >= best:
            best, pos = table[b], 1
        if table[c] >= best:
            pos = 2
        pts = values[a] + values[b] + values[c] + bonus
    else:
        best, pos = -1, 0
        for p, c in enumerate(trick):
            if table[c] >= best:
                best, pos = table[c], p
        pts = bonus
        for c in trick:
            pts += values[c]
    winner = (leader + pos) % n
    points[credit[winner]] += pts
    won[winner] += 1
    tricks.append((leader, tuple(trick), winner))
    return winner
