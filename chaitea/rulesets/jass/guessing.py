"""Differenzler's guesses (the text, RULES J): a choice phase of one guess per seat, and the hand
rule that scores the difference between the guess and the card points taken.

The text: "Antes da primeira rodada de cada mão, começando pelo jogador à direita do carteador,
cada jogador deverá anotar quantos pontos acha que vai pegar naquela mão". After the trump is
known (basic Jass: the dealer's last card), each seat in play order from the round's first
speaker (the seat after the dealer, RULES J "Seats and turns") writes ``guess(N)``, N from 0 to
157 (the card points of a hand, the last trick's 5 included; a Match's 100 is no card points, so
by default it is not counted; with Differenzler's option ``match_bonus`` it is, and a guess may
be up to 257).
The guesses are written down face down: a seat's observation shows its own guess and none of the
others' until the hand ends (:meth:`Guessing.shown_to`; the round's result then lists them
all, ``guess``).

>>> from chaitea.rulesets.jass.choice import DealerTrump, PickView
>>> phase = Guessing(DealerTrump())
>>> st = phase.status(PickView(4, 1, ("guess(40)",), turned_up="H"))
>>> st.seat, st.legal[:3], len(st.legal)
(2, ('guess(0)', 'guess(1)', 'guess(2)'), 158)
>>> st.explain("guess(158)")
'guess(158) refused: a guess is 0 to 157, the card points of a hand (the text: Differenzler)'
>>> done = phase.status(PickView(4, 1, ("guess(40)", "guess(0)", "guess(57)", "guess(60)"),
...                              turned_up="H"))
>>> done.done, done.contract, done.forehand, done.declarer
(True, 'trump(H)', 1, None)
>>> guesses_by_seat(("guess(40)", "guess(0)", "guess(57)", "guess(60)"), first=1, players=4)
(60, 40, 0, 57)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, replace

from chaitea.core.cards import Deck
from chaitea.core.errors import IllegalPick
from chaitea.engine.hand import Hand
from chaitea.engine.pick_items import Guess, parse_pick
from chaitea.engine.picking import ChoicePhase, PickStatus, PickView
from chaitea.rulesets.jass.tally import HandScore, TallyState, match_seat

__all__ = ["HAND_POINTS", "DifferenceRule", "Guessing", "guesses_by_seat", "own_guess"]

HAND_POINTS = 157  # 152 card points + 5 for the last trick (RULES J)
_RULE = "(the text: Differenzler)"


@functools.lru_cache(maxsize=8)
def _guesses(most: int) -> tuple[str, ...]:
    return tuple(str(Guess(k)) for k in range(most + 1))


def _inner_done(inner: ChoicePhase, view: PickView) -> tuple[int, PickStatus]:
    """How many items the inner choice took, and its status (done, or the one to answer)."""
    items = tuple(view.items)
    for k in range(len(items) + 1):
        st = inner.status(replace(view, items=items[:k]))
        if st.done:
            return k, st
    return -1, st


def guesses_by_seat(items: Sequence[str], first: int, players: int) -> tuple[int, ...]:
    """The guesses of a round's picking items by seat: the k-th guess was written by the seat
    k places after ``first`` in play order (the round's first speaker).

    >>> guesses_by_seat(("guess(10)", "guess(20)", "guess(30)"), first=2, players=3)
    (20, 30, 10)
    """
    out = [0] * players
    said = [i for i in map(parse_pick, items) if type(i) is Guess]
    for k, item in enumerate(said[:players]):
        out[(first + k) % players] = item.points
    return tuple(out)


def own_guess(items: Sequence[str]) -> int | None:
    """The guess in a seat's observed picking items (before the hand ends a seat sees its own
    guess only, :meth:`Guessing.shown_to`), or ``None`` before it wrote one.

    >>> own_guess(["guess(31)"]), own_guess([])
    (31, None)
    """
    said = [i for i in map(parse_pick, items) if type(i) is Guess]
    return said[0].points if len(said) == 1 else None


@dataclass(frozen=True)
class Guessing:
    """The choice phase ``inner`` (Differenzler: :class:`~chaitea.rulesets.jass.choice.
    DealerTrump`, the trump turned up), then one ``guess(N)`` per seat in play order from the
    round's first speaker, N from 0 to ``most``; done when every seat has guessed, with the
    inner choice's contract, declarer and forehand."""

    inner: ChoicePhase
    most: int = HAND_POINTS

    @property
    def picker_leads(self) -> bool:
        return self.inner.picker_leads

    def spellings(self, deck: Deck) -> tuple[str, ...]:
        """The inner phase's own items, then ``guess(0)`` .. ``guess(most)``."""
        return tuple(dict.fromkeys(self.inner.spellings(deck) + _guesses(self.most)))

    def status(self, view: PickView) -> PickStatus:
        k, st = _inner_done(self.inner, view)
        if k < 0:
            return st
        n = view.players
        said = tuple(view.items)[k:]
        if len(said) >= n:
            return st
        seat = (view.first + len(said)) % n
        most = self.most

        def explain(item: str) -> str | None:
            try:
                guess = parse_pick(item)
            except IllegalPick:
                return None
            if type(guess) is Guess and guess.points > most:
                with_match = ", the Match's 100 included" if most > HAND_POINTS else ""
                return (f"{item} refused: a guess is 0 to {most}, the card points of a hand"
                        f"{with_match} {_RULE}")
            return (f"{item} refused: seat {seat} writes its guess of the card points it "
                    f"will take now, guess(0) to guess({most}) {_RULE}")

        return PickStatus(seat, _guesses(most), forehand=st.forehand,
                          why=f"seat {seat} writes its guess, guess(0) to guess({most}), "
                          f"in play order from the seat after the dealer {_RULE}",
                          explain=explain)

    def shown_to(self, view: PickView, seat: int) -> tuple[str, ...]:
        """The round's items as ``seat`` sees them before the hand ends: the guesses are
        written face down (reading), so the other seats' guesses are left out.

        >>> from chaitea.rulesets.jass.choice import DealerTrump
        >>> view = PickView(4, 0, ("guess(9)", "guess(40)"), turned_up="S")
        >>> Guessing(DealerTrump()).shown_to(view, 1), Guessing(DealerTrump()).shown_to(view, 3)
        (('guess(40)',), ())
        """
        k, _st = _inner_done(self.inner, view)
        items = tuple(view.items)
        if k < 0:
            return items
        n = view.players
        return items[:k] + tuple(item for i, item in enumerate(items[k:])
                                 if (view.first + i) % n == seat)


@dataclass(frozen=True)
class DifferenceRule:
    """Differenzler's hand rule (the text): each seat writes the difference between the points
    it took and its guess ("se um jogador disse que pegaria 30 pontos e pegou 39, ganhará 9
    pontos"); an exact guess takes ``exact`` (10) off, never below 0 ("um jogador que tenha
    menos de 10 pontos perderá todos eles"); an exact guess of 0 loses nothing (the text's
    exception; ``zero_bonus``: it takes ``exact`` off like any exact guess). The points taken
    are the card points (the last trick's 5 included), and ``match_bonus`` more for the seat
    that took every trick (0 by default; 100, basic Jass's Match, with Differenzler's option
    ``match_bonus``). The guesses come from the hand's items in play order from the forehand
    (the first speaker leads).

    >>> rule = DifferenceRule()
    >>> hand = Hand(0, None, "trump(H)", (3, 2, 2, 2), (39, 25, 40, 53), (0,) * 4, (0,) * 4,
    ...             items=("guess(30)", "guess(30)", "guess(40)", "guess(0)"))
    >>> hs = rule.score(hand, TallyState((0, 0, 4, 20)))
    >>> hs.score, hs.fields["guess"]
    ((9, 5, -4, 53), [30, 30, 40, 0])

    Seat 0 guessed 157 and takes every trick: exact (10 off) without the Match; with it, 257
    taken misses the guess by 100:

    >>> hand = Hand(0, None, "trump(H)", (9, 0, 0, 0), (157, 0, 0, 0), (0,) * 4, (0,) * 4,
    ...             items=("guess(157)", "guess(0)", "guess(0)", "guess(0)"))
    >>> rule.score(hand, TallyState((20,) * 4)).score
    (-10, 0, 0, 0)
    >>> DifferenceRule(match_bonus=100).score(hand, TallyState((20,) * 4)).score
    (100, 0, 0, 0)
    """

    exact: int = 10
    zero_bonus: bool = False
    match_bonus: int = 0

    def taken(self, hand: Hand) -> tuple[int, ...]:
        """The points each seat took: its card points, and ``match_bonus`` more for a Match."""
        match = match_seat(hand.tricks) if self.match_bonus else None
        return tuple(p + (self.match_bonus if s == match else 0)
                     for s, p in enumerate(hand.card_points))

    def score(self, hand: Hand, state: TallyState) -> HandScore:
        n = len(hand.tricks)
        guesses = guesses_by_seat(hand.items, hand.forehand, n)
        taken_points = self.taken(hand)
        out = []
        for seat, (guess, taken) in enumerate(zip(guesses, taken_points, strict=True)):
            if taken != guess:
                out.append(abs(taken - guess))
            elif guess == 0 and not self.zero_bonus:
                out.append(0)
            else:
                out.append(-min(self.exact, state.totals[seat]))
        diff = tuple(abs(t - g) for g, t in zip(guesses, taken_points, strict=True))
        # lists by seat, as the replay output writes them (RECORD Jass)
        return HandScore(tuple(out), fields={"guess": list(guesses), "difference": list(diff)})
