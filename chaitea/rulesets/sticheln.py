"""Sticheln (the text, RULES J): four players each for themselves bid for the trump in an
auction of tricks, then announce the tricks they will take. The rules of Jass, but no Weis and
no Stöck; the auction, the declarer's trump and the announcements are
:class:`~chaitea.rulesets.jass.auction.TrickAuction` (``bid(N)``, ``pass``, ``trump(X)``,
``announce(N)``); the declarer leads trick 1. A seat that takes exactly the tricks it announced
(the declarer: its bid) scores them + 5, any other loses the square of the difference. The game
ends after the hand in which a total reaches 50 (option ``target``); the highest total wins, a
tie for it plays extra hands. Three passes without a bid make the fourth speaker bid (option
``all_pass: "redeal"``: it may pass too; four passes throw the hand in, written unplayed).

>>> t = STICHELN.table(4, {})
>>> t.contracts, t.weis, t.score.scores, t.score.end
(('trump(C)', 'trump(D)', 'trump(H)', 'trump(S)'), False, 'tricks', ReachLimit(limit=50, \
lowest=False))
>>> from chaitea.rulesets import jass_game
>>> state = jass_game("sticheln").new_initial_state(seed=5)
>>> for item in ("pass", "bid(3)", "pass", "pass", "pass", "trump(H)", "announce(2)"):
...     state.apply_action(item)
>>> state.current_player(), state.legal_moves()
(3, ['announce(0)', 'announce(1)', 'announce(2)', 'announce(3)', 'announce(4)'])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chaitea.core.contracts import JASS_FAMILY
from chaitea.core.seating import JASS_SEATINGS
from chaitea.engine.registry import register
from chaitea.engine.ruleset import Option, Ruleset, Table
from chaitea.rulesets.jass.auction import AnnouncedTricks, TrickAuction
from chaitea.rulesets.jass.tally import ReachLimit, TallyScore
from chaitea.rulesets.jass_options import TRUMPS

__all__ = ["STICHELN"]


def _sticheln(players: int, o: Mapping[str, Any]) -> Table:
    score = TallyScore(AnnouncedTricks(), ReachLimit(o["target"]), players=4, scores="tricks")
    auction = TrickAuction(redeal=o["all_pass"] == "redeal")
    return Table("sticheln", 4, JASS_SEATINGS["four"], auction, score, TRUMPS, declaring=None)


STICHELN = register(Ruleset("sticheln", "Sticheln", (4,), (
    Option("target", 50, "the total that ends the game (the highest total then wins; ties "
           "play extra hands)"),
    Option("all_pass", "bid", "three passes without a bid: bid (the fourth speaker must bid) "
           "or redeal (it may pass too, and four passes throw the hand in)", ("bid", "redeal")),
), _sticheln, "four players each for themselves: an auction of tricks for the trump, then "
   "each announces its tricks; exact: tricks + 5, else minus the square of the difference; "
   "to 50",
    family=JASS_FAMILY, order=16))
