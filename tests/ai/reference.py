"""Plain minimax over the kernel (no pruning, no table): the solver's reference."""

from __future__ import annotations

from chaitea.ai.kernel import Position, Rules, legal_cards, play_card


def side_points(rules: Rules, pos: Position, seats: frozenset[int]) -> int:
    return sum(pos.won[s] for s in {rules.side_of[q] for q in seats})


def minimax(rules: Rules, pos: Position, mine: frozenset[int], aim_low: bool) -> int:
    """Final points of the seats ``mine`` (card points, bonus, set-aside card), ``mine``
    maximising them (minimising when ``aim_low``) and every other seat doing the opposite."""
    if pos.done:
        return side_points(rules, pos, mine)
    vals = []
    for c in legal_cards(rules, pos):
        child = pos.copy()
        play_card(rules, child, c)
        vals.append(minimax(rules, child, mine, aim_low))
    ours = pos.turn in mine
    return max(vals) if ours != aim_low else min(vals)


def coalition(rules: Rules, seat: int, sides: str = "declarer") -> frozenset[int]:
    n = rules.players
    if sides == "individual":
        return frozenset(s for s in range(n) if rules.side_of[s] == rules.side_of[seat])
    d = frozenset(s for s in range(n) if rules.side_of[s] == rules.side_of[rules.declarer])
    return d if seat in d else frozenset(range(n)) - d
