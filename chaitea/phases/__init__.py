"""Phases a ruleset composes (issue 9): how a round's contract is chosen, and how it is scored.

A choice phase is a value with one pure method, ``status(view)``: from the round's first speaker,
the picking items written so far and the game's pad, it says who speaks next and what is legal,
or, once the choice is made, who declared which contract and who leads. Because the status is a
function of the items, a refused item changes nothing and a clone needs no copy of the phase.

- :class:`~chaitea.phases.choice.ForehandChoice`: Schieber's forehand chooses or pushes to the
  partner (option: the partner may push back).
- :class:`~chaitea.phases.choice.RoundPick`: Coiffeur's pick round the table with a forced last
  speaker, each side's open rows.
- :class:`~chaitea.phases.choice.DealerTrump`: basic Jass's trump turned up from the dealer's
  last card, shown to all (no action).
- :mod:`chaitea.phases.scores`: target scores (Schieber), a fixed number of hands (basic Jass),
  a Coiffeur pad (Coiffeur-Schieber, Coiffeur).

Chai Tea Jazz's parts keep their fields on the state (``GameState`` hands itself to them):
:class:`~chaitea.phases.barrel.BarrelPicking` (Barrel picking, Bet Debts, Passing the Barrel's
offers) and :class:`~chaitea.phases.paper_pad.PaperPadScore` (the round score, the Paper Pad,
the end rule "the pad is full", the agreement bound).

>>> from chaitea.phases.choice import ForehandChoice, PickView
>>> phase = ForehandChoice(("trump(C)", "obenabe"))
>>> phase.status(PickView(players=4, first=1, items=("push",))).seat
3
"""

from .choice import DealerTrump, ForehandChoice, PickStatus, PickView, RoundPick

__all__ = ["DealerTrump", "ForehandChoice", "PickStatus", "PickView", "RoundPick"]
