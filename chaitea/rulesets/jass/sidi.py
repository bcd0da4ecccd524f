"""Sidi Barrani's additions to Schieber as parts (RULES J; the text, "O Sidi Barrani é uma
variação do Schieber Jass"): Misère on any contract, the opponents' double, and the score part
that writes both.

- Misère (the text: "os pontos de uma dupla serão anotados para a outra"): a contract with
  Misère is spelled ``misere(<contract>)`` (``misere(trump(C))``, ``misere(slalom(obenabe))``;
  RECORD Jass, "word(args)") and played as its contract; at the end of the hand the two teams'
  points are swapped. Reading: the swap takes the hand's whole score (cards, Match, Weis and
  Stöck), so the team that chose writes what the other team made (option ``misere_swaps``:
  the cards and Match only).
- Doubling (the text: "Imediatamente após o forehand (ou seu parceiro) escolher o Contrato ...
  a dupla oponente ... pode dobrar"): right after the choice the opponents speak in play order
  from the forehand (reading: the seat after the forehand first, then the other opponent), each
  writing ``double`` or ``pass``; a ``double`` ends the speaking, two ``pass`` leave the
  contract undoubled (:class:`Doubling`; option ``double_speakers``: the first opponent alone
  speaks for the team).
- A doubled contract counts double only for the team that made more points; the other team's
  points are written normally; with Misère the doubling applies after the swap (the text).
  Readings: "more points" compares the hand's score before doubling (cards, Match, Weis, Stöck;
  option ``double_compares``: card points and Match only); equal points double nobody.

The text's example: Acorns Misère chosen by team A, A makes 47 and B 110: A writes 110 and B 47;
doubled, A writes 220 (the higher, after the swap) and B still 47::

    >>> sidi_round((47, 110), None, (0, 0), (0, 0), 1, misere=True).score
    (110, 47)
    >>> sidi_round((47, 110), None, (0, 0), (0, 0), 1, misere=True, doubled=True).score
    (220, 47)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from chaitea.core.cards import Deck
from chaitea.engine.hand import Hand
from chaitea.engine.pick_items import Double, wrapped_contract
from chaitea.engine.picking import PASS, PickStatus, PickView
from chaitea.rulesets.jass.choice import ForehandChoice, inner_status
from chaitea.rulesets.jass.scores import TargetScore, TargetState, _match
from chaitea.rulesets.jass.scoring import MATCH_BONUS, JassRound, _ints, target_progress

__all__ = ["COMPARES", "DOUBLE", "MISERE", "SPEAKERS", "SWAPS", "Doubling", "SidiScore", "misere",
           "misere_of", "sidi_round"]

MISERE = "misere"  # the modifier word of a Misère contract (RECORD Jass: word(args))
DOUBLE = str(Double())  # the opponents' double, ``double`` (RECORD Jass picking)
#: what "the team that made more points" compares (option ``double_compares``)
COMPARES = ("hand", "cards")
#: what Misère swaps (option ``misere_swaps``): the whole hand, or the cards and the Match only
SWAPS = ("hand", "cards")
#: who may double (option ``double_speakers``): both opponents in turn, or the first only
SPEAKERS = ("both", "first")


def misere(contract: str) -> str:
    """The spelling of ``contract`` with Misère added.

    >>> misere("trump(C)"), misere("slalom(undenufe)")
    ('misere(trump(C))', 'misere(slalom(undenufe))')
    """
    return f"{MISERE}({contract})"


def misere_of(contract: str) -> str | None:
    """The contract a Misère spelling plays, ``None`` for a contract without Misère.

    >>> misere_of("misere(obenabe)"), misere_of("obenabe")
    ('obenabe', None)
    """
    if not contract.startswith(MISERE + "("):
        return None
    c = wrapped_contract(contract)
    return None if c is None else c.spelling


def sidi_round(card_points: Sequence[int], match: int | None, weis: Sequence[int],
               stoeck: Sequence[int], multiplier: int, *, misere: bool = False,
               doubled: bool = False, compare: str = "hand", swaps: str = "hand") -> JassRound:
    """A Sidi Barrani hand's points per side as a :class:`JassRound` of multiplier 1 whose
    parts are already multiplied (so :func:`target_progress` writes them Stöck, Weis, cards):
    (cards + Match), Weis, Stöck per side × the contract's multiplier; with ``misere`` the two
    sides' parts swapped (``swaps``: ``"hand"`` all three, ``"cards"`` the cards and Match
    only); with ``doubled`` the side that made more points (``compare``:
    ``"hand"`` its whole hand, ``"cards"`` its cards and Match) × 2, none on equal points.

    A Match on Bells (×2) by B, doubled by B: (157 + 100) × 2 × 2::

        >>> sidi_round((0, 157), 1, (0, 0), (0, 0), 2, doubled=True).score
        (0, 1028)
    """
    cards = [c + (MATCH_BONUS if s == match else 0) for s, c in enumerate(card_points)]
    w, k = list(weis), list(stoeck)
    if misere:  # the two teams' points swapped (the text)
        cards = cards[::-1]
        if swaps == "hand":
            w, k = w[::-1], k[::-1]
    factors = [multiplier] * len(cards)
    if doubled:
        made = cards if compare == "cards" else [sum(p) for p in zip(cards, w, k, strict=True)]
        high = max(made)
        if made.count(high) == 1:  # only the team that made more points (the text)
            factors[made.index(high)] *= 2
    return JassRound(tuple(c * f for c, f in zip(cards, factors, strict=True)), None,
                     tuple(x * f for x, f in zip(w, factors, strict=True)),
                     tuple(x * f for x, f in zip(k, factors, strict=True)), 1)


def _doubled(items: Sequence[str]) -> bool:
    """Whether the round's picking items hold the opponents' ``double``."""
    return DOUBLE in items


@dataclass(frozen=True)
class Doubling:
    """Schieber's choice (:class:`ForehandChoice`) followed by the opponents' double (the text):
    the opponent after the forehand writes ``double`` or ``pass``; after ``pass`` the other
    opponent does; ``double`` ends the speaking. The forehand leads.

    >>> phase = Doubling(ForehandChoice(("trump(C)", "obenabe")))
    >>> st = phase.status(PickView(4, 0, ("push", "obenabe")))
    >>> st.seat, st.legal
    (1, ('pass', 'double'))
    >>> phase.status(PickView(4, 0, ("push", "obenabe", "pass"))).seat
    3
    >>> done = phase.status(PickView(4, 0, ("push", "obenabe", "pass", "double")))
    >>> done.done, done.declarer, done.forehand, done.contract
    (True, 2, 0, 'obenabe')
    """

    inner: ForehandChoice
    speakers: str = "both"  # "first": only the seat after the forehand may double (SPEAKERS)
    picker_leads = False  # the forehand leads, whoever chose (ChoicePhase.picker_leads)

    def spellings(self, deck: Deck) -> tuple[str, ...]:
        """``double`` (``pass`` is every game's)."""
        return (*self.inner.spellings(deck), DOUBLE)

    def status(self, view: PickView) -> PickStatus:
        st, said = inner_status(self.inner.status, view)
        if said is None:
            return st
        n = view.players
        opponents = tuple((st.forehand + i) % n for i in range(1, n, 2))
        if self.speakers == "first":
            opponents = opponents[:1]
        if len(said) >= len(opponents) or _doubled(said):
            return st
        seat = opponents[len(said)]
        first = "the seat after the forehand" if not said else "after a pass, the other opponent"
        return PickStatus(seat, (PASS, DOUBLE),
                          why=f"{st.contract} is chosen: the opponents may double it, "
                          f"{first} (seat {seat}) writes double or pass (RULES J, Sidi Barrani)")


@dataclass(frozen=True)
class SidiScore(TargetScore):
    """Schieber's target score (:class:`TargetScore`: the multipliers, Stöck first, the mid-hand
    end) with Misère's swap and the double (:func:`sidi_round`). Readings: a game that ends
    on Stöck or Weis before the cards (the mid-hand end) writes them swapped under Misère and
    undoubled, as who made more points is known only at the hand's end; a doubled hand played
    out is written in the order Stöck, Weis, cards with its cards always written.

    >>> from chaitea.rulesets.jass import SCHIEBER
    >>> part = SidiScore(SCHIEBER)
    >>> hand = Hand(0, 0, "trump(C)", (4, 5, 0, 0), (47, 110), (0, 0), (0, 0),
    ...             items=("trump(C)", "double"))
    >>> part.write(part.initial(), hand)[1]["score"]
    (47, 220)
    """

    compare: str = "hand"
    swaps: str = "hand"

    def _sidi(self, hand: Hand) -> tuple[JassRound, int, int | None]:
        m = self.scoring.factor(hand.contract)
        match = _match(hand.side_tricks(self.side_of, self.sides)) if hand.played else None
        r = sidi_round(hand.card_points, match, hand.weis, hand.stoeck, m,
                       misere=misere_of(hand.contract) is not None,
                       doubled=hand.played and _doubled(hand.items), compare=self.compare,
                       swaps=self.swaps)
        return r, m, match

    def may_end_declared(self, state: TargetState, contract: str, weis: tuple[int, ...],
                         stoeck: tuple[int, ...]) -> bool:
        """Whether a side may reach the target on the Stöck and Weis (swapped under Misère)."""
        end = self.scoring.end
        if not end.mid_hand:
            return False
        r = sidi_round((0,) * len(weis), None, weis, stoeck, self.scoring.factor(contract),
                       misere=misere_of(contract) is not None, swaps=self.swaps)
        return any(t + p >= end.target for t, p in zip(state.totals, r.score, strict=True))

    def declared(self, state: TargetState, hand: Hand) -> tuple[TargetState, bool]:
        end = self.scoring.end
        if not end.mid_hand:
            return state, False
        r, _, _ = self._sidi(hand)
        check = target_progress(state.totals, r, end)
        return state, check.finished and not check.played_out

    def write(self, state: TargetState, hand: Hand) -> tuple[TargetState, dict[str, object]]:
        start = state.totals if state.made else _ints("totals", state.totals,
                                                      len(hand.card_points))
        r, m, match = self._sidi(hand)
        # a hand played out writes its cards: the order only decides who reached the target
        end = replace(self.scoring.end, mid_hand=False) if hand.played else self.scoring.end
        check = target_progress(start, r, end)
        score = tuple(a - b for a, b in zip(check.totals, start, strict=True))
        step = None if check.step is None else check.step.value
        fields: dict[str, object] = {
            "match": match, "multiplier": m, "score": score,
            "misere": misere_of(hand.contract) is not None, "doubled": _doubled(hand.items)}
        return TargetState(check.totals, check.winner, step, True), fields

    def lowest_wins(self, contract: str) -> bool:
        """Misère: the team that chose wants the fewest points (they are swapped)."""
        return misere_of(contract) is not None
