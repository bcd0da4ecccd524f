"""Bots for the Jass games (RULES J): rule-based picking and card play, worlds
consistent with what a seat has seen, and perfect-information Monte Carlo, for every ruleset in
:mod:`chaitea.rulesets` (basic Jass, Schieber, Coiffeur-Schieber for 3 or 4, Coiffeur).

The bots speak to a :class:`~chaitea.engine.driver.JassState` through its public API only: a seat's
``observation(seat)``, the round's finished ``tricks()`` (public: every card played is seen by
all), the picking items, and the game's rule tables (``game.trick_rules``, ``game.plan``: the
follow rule's legal function, the strength tables and the card values of each trick). The
Monte Carlo bot's inner loop runs on :class:`JassRound`, a compact copy of the play phase built
from those tables; it never sees a hand other than its own except in a sampled world.

The parts live in their own modules and are re-exported here: the play phase on
masks and the exact values (:mod:`chaitea.ai.play_masks`), a seat's view and the worlds sampled
from it (:mod:`chaitea.ai.worlds`), the rule bot's card play and picking
(:mod:`chaitea.ai.thumb_rules`); this module keeps the Monte Carlo picking and the bots.

>>> from chaitea.rulesets import jass_game
>>> state = jass_game("schieber", no_multipliers=True).new_initial_state(seed=3)
>>> bots = [make_jass_bot("rule", seed=s) for s in range(4)]
>>> while not state.is_terminal():
...     state.apply_action(bots[state.current_player()].act(state))
>>> max(state.totals()) >= 1000
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from chaitea.ai.aims import aim_pick, aim_sign
from chaitea.ai.play_masks import _INFO as _INFO
from chaitea.ai.play_masks import N_CARDS as N_CARDS
from chaitea.ai.play_masks import SUIT_MASKS as SUIT_MASKS
from chaitea.ai.play_masks import DeckInfo as DeckInfo
from chaitea.ai.play_masks import JassRound, camps, exact_values, solver_values
from chaitea.ai.play_masks import _bits as _bits
from chaitea.ai.play_masks import deck_info as deck_info
from chaitea.ai.play_masks import lowest_wins as lowest_wins
from chaitea.ai.thumb_rules import _MEANS as _MEANS
from chaitea.ai.thumb_rules import _PLANS as _PLANS
from chaitea.ai.thumb_rules import PASS_MARGIN as PASS_MARGIN
from chaitea.ai.thumb_rules import PUSH_MARGIN as PUSH_MARGIN
from chaitea.ai.thumb_rules import _best_trumps as _best_trumps
from chaitea.ai.thumb_rules import _chosen_pending as _chosen_pending
from chaitea.ai.thumb_rules import _game_key as _game_key
from chaitea.ai.thumb_rules import _keep as _keep
from chaitea.ai.thumb_rules import _lead as _lead
from chaitea.ai.thumb_rules import _strength_plan as _strength_plan
from chaitea.ai.thumb_rules import hand_strength, jass_card, jass_pick, mean_strength, pick_scores
from chaitea.ai.thumb_rules import info_jacks as info_jacks
from chaitea.ai.thumb_rules import playout as playout
from chaitea.ai.worlds import JassView, jass_view, sample_jass_world
from chaitea.ai.worlds import _chosen_trumps as _chosen_trumps
from chaitea.ai.worlds import _declarations_fit as _declarations_fit
from chaitea.ai.worlds import _is_declaration as _is_declaration
from chaitea.ai.worlds import _turned_up_card as _turned_up_card
from chaitea.ai.worlds import consistent as consistent
from chaitea.core.tricks import TrumpSetting
from chaitea.engine.pick_items import (
    PASS_ITEM,
    Choose,
    Declare,
    Double,
    NameTrump,
    Pass,
    Push,
    chosen,
    contract_spelling,
    legal_items,
    parse_pick,
)
from chaitea.engine.validate import check_samples

if TYPE_CHECKING:
    from chaitea.engine.driver import JassGame, JassState

__all__ = [
    "JASS_BOT_NAMES",
    "JassPimcBot",
    "JassRandomBot",
    "JassRound",
    "JassRuleBot",
    "JassView",
    "camps",
    "contract_baseline",
    "exact_values",
    "hand_strength",
    "jass_card",
    "jass_pick",
    "jass_view",
    "make_jass_bot",
    "mc_pick",
    "mean_strength",
    "pick_scores",
    "picking_outcomes",
    "sample_jass_world",
    "solver_values",
]


# -- picking by Monte Carlo (the PIMC bot and the coach) ----------------------------------------
def _factor(game: JassGame, contract: str) -> int:
    """Schieber's multiplier of a contract (1 elsewhere)."""
    scoring = getattr(game.table.score, "scoring", None)
    return int(scoring.factor(contract_spelling(contract))) if scoring is not None else 1


def _rule_choice(game: JassGame, hand: int, legal: Sequence[str]) -> str:
    """The contract the rule bot writes with ``hand`` when it must choose (a pushed partner)."""
    scores = {sp: hand_strength(game, sp, hand, _best_trumps(game, hand))
                  - mean_strength(game, sp) for sp in legal}
    return max(scores, key=lambda sp: (scores[sp], -list(legal).index(sp)))


def _stoeck_camp(game: JassGame, contract: str, hands: Sequence[int]) -> int:
    """The seat holding K and Q of the contract's fixed trump (Stöck), or -1."""
    rules = game.trick_rules(contract)
    if rules[0].trump_setting is not TrumpSetting.FIXED:
        return -1
    t = rules[0].trump
    info = deck_info(game.deck)
    return next((s for s, h in enumerate(hands) if h & info.kings[t] and h & info.queens[t]),
                -1)


def picking_outcomes(state: JassState, samples: int = 16, seed: int | None = 0
                     ) -> dict[str, list[float]]:
    """For each picking action of the seat to speak (a contract; ``push``: the partner
    chooses by the rule bot's estimate with its sampled hand), the seat's camp score in each
    of ``samples`` deals of the cards it cannot see, the round played out by the rule bots:
    card points, Match bonus and Stöck, times Schieber's multiplier (Misère: negated, fewer is
    better). ``pass`` (Coiffeur) and ``double`` (Sidi Barrani) are not valued here. Only the
    seat's own cards are read."""
    game = state.game
    seat = state.current_player()
    obs = state.observation(seat)
    legal = [sp for sp, i in zip(obs["legal"], legal_items(obs["picking"], obs["legal"]),
                                 strict=True) if type(i) not in (Pass, Declare, Double)]
    rng = random.Random(seed)
    hand = game.deck.mask_of(obs["hand"])
    n = game.players
    others = [c for c in range(game.deck.size) if not hand >> c & 1]
    size = game.n_tricks
    pending = _chosen_pending(obs)
    picked = chosen(obs["picking"])
    out: dict[str, list[float]] = {sp: [] for sp in legal}
    for _ in range(samples):
        rng.shuffle(others)
        hands = [0] * n
        hands[seat] = hand
        k = 0
        for s in range(n):
            if s != seat:
                for c in others[k:k + size]:
                    hands[s] |= 1 << c
                k += size
        for sp in legal:
            declarer = seat
            contract = sp
            trumps: tuple[int, ...] = ()
            item = parse_pick(sp, naming=pending)
            if type(item) is Push:
                declarer = (seat + n // 2) % n
                contract = _rule_choice(game, hands[declarer], game.table.contracts)
            if type(item) is NameTrump and picked is not None:
                # 3x3: the suit named now, then the picker's best others
                contract = str(picked)
                named = _chosen_trumps(obs["picking"]) + (int(item.suit),)
                rest = [x for x in _best_trumps(game, hand) if x not in named]
                trumps = named + tuple(rest)
            elif _names_trumps(contract):
                trumps = _best_trumps(game, hand)
            forehand = seat if game.table.choice.picker_leads else obs["forehand"]
            r = JassRound.start(game, contract, trumps, forehand, hands, declarer)
            camp_of = camps(game, declarer)
            sign = -1 if lowest_wins(game, contract) else 1
            playout(r, camp_of, sign)
            v = r.camp_value(camp_of, seat, sign)
            holder = _stoeck_camp(game, contract, hands)
            if holder >= 0 and game.table.stoeck:
                v += 20 if camp_of[holder] == camp_of[seat] else 0
            out[sp].append(float(v * _factor(game, contract)))
    return out


def _names_trumps(contract: str) -> bool:
    """Whether a contract's picker names its trump tricks' suits (3x3, a Joker row's too),
    from its item."""
    item = parse_pick(contract)
    return type(item) is Choose and item.names_trumps


def _gain(game: JassGame, weight: dict[str, float], spelling: str, mean: float) -> float:
    """A pad game's pick against its row's baseline, weighted by the row's value (a Joker row
    is kept for later: 6 points less)."""
    pick = parse_pick(spelling)
    assert type(pick) is Choose, spelling
    w: float = weight.get(pick.contract, 1.0) ** 0.5
    return (mean - contract_baseline(game, pick.contract)) * w - (6.0 if pick.joker else 0.0)


_BASE: dict[tuple[Any, ...], float] = {}


def contract_baseline(game: JassGame, contract: str, deals: int = 40) -> float:
    """The mean camp score of ``contract`` for its picker with a random hand, played out by the
    rule bots (a fixed seed; cached per ruleset and options): what the row is worth later."""
    key = (_game_key(game), contract, deals)
    b = _BASE.get(key)
    if b is not None:
        return b
    rng = random.Random(777)
    n = game.players
    ids = list(range(game.deck.size))
    total = 0.0
    for _ in range(deals):
        rng.shuffle(ids)
        size = game.n_tricks
        hands = [sum(1 << c for c in ids[s * size:(s + 1) * size]) for s in range(n)]
        trumps = _best_trumps(game, hands[0]) if _names_trumps(contract) else ()
        r = JassRound.start(game, contract, trumps, 0, hands, 0)
        camp_of = camps(game, 0)
        sign = -1 if lowest_wins(game, contract) else 1
        playout(r, camp_of, sign)
        total += r.camp_value(camp_of, 0, sign)
    b = _BASE[key] = total / deals
    return b


def mc_pick(state: JassState, samples: int = 16, seed: int | None = 0) -> int:
    """The Monte Carlo picking action: the action of best mean (:func:`picking_outcomes`);
    in a pad game (Coiffeur) each contract is weighed against its :func:`contract_baseline`
    (what the row is worth later) times the row's weight, and the seat passes, where it may,
    when no contract beats its baseline by :data:`PASS_MARGIN`."""
    game: JassGame = state.game
    obs = state.observation(state.current_player())
    ids = game.action_ids
    if any(type(parse_pick(sp)) is Declare for sp in obs["legal"]):  # Weis by hand
        return jass_pick(state)
    outcomes = picking_outcomes(state, samples, seed)
    means = {sp: sum(v) / len(v) for sp, v in outcomes.items() if v}
    if not means:
        return ids[obs["legal"][0]]
    weight = game.table.score.contract_weights()
    if weight is not None and not _chosen_pending(obs):
        gain = {sp: _gain(game, weight, sp, m) for sp, m in means.items()}
        best = max(gain, key=lambda sp: (gain[sp], -obs["legal"].index(sp)))
        if str(PASS_ITEM) in obs["legal"] and gain[best] < PASS_MARGIN:
            return ids[str(PASS_ITEM)]
        return ids[best]
    best = max(means, key=lambda sp: (means[sp], -obs["legal"].index(sp)))
    return ids[best]


# -- the bots ----------------------------------------------------------------------------------
class JassRandomBot:
    """A uniformly random legal action, from its own seeded generator."""

    name = "Random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, state: JassState) -> int:
        return self.rng.choice(state.legal_actions())


class JassRuleBot:
    """Rules of thumb for the Jass games: :func:`jass_pick` at the contract choice,
    :func:`jass_card` in play (deterministic; ``seed`` for the interface)."""

    name = "Rule"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, state: JassState) -> int:
        if state.phase == "picking":
            aimed = aim_pick(state)  # a guess, a bid, an announcement (aims)
            return jass_pick(state) if aimed is None else aimed
        view = jass_view(state, state.current_player())
        sign = _counted(state, view.round, aim_sign(state, view))
        return jass_card(view.round, view.seat, view.unseen_mask(), view.camp_of, sign)


def _counted(state: JassState, r: JassRound, sign: int) -> int:
    """Where the scoring part says what the hand counts card by card (the avoidance games'
    penalty cards and tricks, Guggitaler's rule of the hand:
    :meth:`chaitea.rulesets.jass.tally.TallyScore.card_weights`), the rule bot plays this
    card to those weights, the card points only breaking ties: ``r.values`` (this view's copy)
    is replaced and the hand's sign answered; else ``sign`` as it was. Only public facts are
    read (the hands played, the trick in play)."""
    found = _card_weights(state, r.trick_no)
    if found is None:
        return sign
    counted, weights = found
    r.values = tuple(w + v * _TIE for w, v in zip(weights, r.values, strict=False))
    return counted


_TIE = 0.001  # the card points break ties between cards of equal weight (the high cards last)


def _card_weights(state: JassState, trick: int) -> tuple[int, tuple[float, ...]] | None:
    weigh = getattr(state.game.table.score, "card_weights", None)
    found = None if weigh is None else weigh(state.score_state, trick, state.game.n_tricks)
    return None if found is None else (int(found[0]), tuple(found[1]))


class JassPimcBot:
    """Perfect-information Monte Carlo for the Jass games: ``samples`` worlds per move
    (:func:`sample_jass_world`; or as many as fit in ``time_budget`` seconds), each legal card
    valued in each world by a rule-bot playout to the end of the round (the camp's card points
    and Match bonus, :meth:`JassRound.camp_value`) or, in the last ``solve_tricks`` tricks
    (default 0: playouts throughout), by the double-dummy solver (:func:`solver_values`), or
    by a ``solver`` given; the best mean wins (ties: the lowest card id). Picks by Monte
    Carlo too (:func:`mc_pick`, ``pick_samples`` deals per action; 0: like the rule bot).
    ``samples`` is a whole number of at least 1, checked as :class:`~chaitea.ai.bots.PimcBot`
    checks it (:func:`~chaitea.engine.validate.check_samples`: a
    :class:`~chaitea.core.errors.SetupError` otherwise)."""

    name = "PIMC"

    def __init__(self, seed: int | None = None, *, samples: int = 10,
                 time_budget: float | None = None,
                 solver: Callable[[JassRound, int, Sequence[int]], dict[int, float]] | None = None,
                 pick_samples: int = 16, solve_tricks: int = 0) -> None:
        check_samples(samples)  # the same check as PimcBot's
        self.rng = random.Random(seed)
        self.samples = samples
        self.pick_samples = pick_samples
        self.solve_tricks = solve_tricks
        self.time_budget = time_budget
        self.solver = solver
        self.last: dict[int, float] = {}

    def act(self, state: JassState) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if state.phase == "picking":
            aimed = aim_pick(state)  # a guess, a bid, an announcement: the rule bot's
            if aimed is not None:
                return aimed
            if not self.pick_samples:
                return jass_pick(state)
            return mc_pick(state, self.pick_samples, self.rng.randrange(2**31))
        view = jass_view(state, state.current_player())
        view.sign = aim_sign(state, view)  # Differenzler, Sticheln: avoid once aim reached
        found = _card_weights(state, view.round.trick_no)
        if found is not None:  # the hand's sign (Guggitaler: lost or won), card points counted
            view.sign = found[0]
        try:
            vals = self.evaluate(view, legal)
        except ValueError:  # no world found (a rare web of voids): the rule bot's card
            self.last = {}
            return jass_card(view.round, view.seat, view.unseen_mask(), view.camp_of, view.sign)
        means = {a: sum(v) / len(v) for a, v in vals.items()}
        self.last = means
        return max(legal, key=lambda a: (means[a], -a))

    def evaluate(self, view: JassView, legal: Sequence[int]) -> dict[int, list[float]]:
        """Per legal card, its value in each sampled world (the camp's points, signed)."""
        out: dict[int, list[float]] = {a: [] for a in legal}
        start = time.perf_counter()
        k = 0
        while k < self.samples or (self.time_budget is not None and k == 0):
            if self.time_budget is not None and k and \
                    time.perf_counter() - start > self.time_budget:
                break
            world = sample_jass_world(view, self.rng)
            k += 1
            solver = self.solver
            if solver is None and view.game.n_tricks - world.trick_no <= self.solve_tricks:
                solver = solver_values
            if solver is not None:
                vals = solver(world, view.seat, legal)
                for a in legal:
                    out[a].append(float(vals[a]))
                continue
            for a in legal:
                w = world.copy()
                w.play(a)
                playout(w, view.camp_of, view.sign)
                out[a].append(float(w.camp_value(view.camp_of, view.seat, view.sign)))
        return out


JASS_BOT_NAMES: dict[str, Callable[..., Any]] = {
    "random": JassRandomBot,
    "rule": JassRuleBot,
    "pimc": JassPimcBot,
}


def make_jass_bot(name: str, seed: int | None = None, **options: Any) -> Any:
    """A Jass bot by name (``random``, ``rule``, ``pimc``), seeded; ``options`` go to its class
    (``pimc``: ``samples``, ``time_budget``, ``solver``, ``pick_samples``, ``solve_tricks``).

    >>> make_jass_bot("pimc", seed=1, samples=4).samples
    4
    """
    cls = JASS_BOT_NAMES.get(name)
    if cls is None:
        raise ValueError(f"unknown bot {name!r}: use random, rule or pimc")
    return cls(seed, **options)
