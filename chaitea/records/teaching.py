"""Teaching, as the engine shows it: the deals of the Chai Tea Jazz lessons played out and the
positions of the Jass course judged; the content (each deal's and example's story and claim) is
:mod:`chaitea.records.teaching_deals`.

A teaching deal is made in the manner of BBO's: a constructed (seeded) deal that shows one idea,
with a short story, the learner's task, and feedback from the engine's result. The other seats
play a fixed script, so the lesson goes the same way every time. A script is a list of cards per
seat, in the order they are played. :class:`ScriptedBot` plays the next scripted card of its seat
while it is legal; when the learner's play makes it illegal (or it was already played), the
seat's first scripted card that is legal, else the legal card a careful player would choose
(:class:`CarefulBot`). Scripts are recorded from the careful play of every seat, so a learner who
plays as carefully sees the script exactly.

A teaching example of the Jass course is a small constructed position with the claim a lesson
makes (who wins a trick and its points, which cards may be played, which Weis scores): the
functions here ask the engine (RULES J), on the Jass deck, or on the Chai Tea Jazz deck rank for
rank (lesson 15: one deal, two rulebooks, RULES F).

>>> from chaitea.records.teaching_deals import DEALS, TRICKS, WEIS
>>> deal = DEALS["under-beats-trump"]
>>> reference_round(deal, deal.contract).score > reference_round(deal, deal.compare_with).score
True
>>> ex = TRICKS["puur-takes-it"]
>>> trick_winner(ex) == ex.winner, trick_points(ex) == ex.points
(True, True)
>>> w = WEIS["four-nines"]
>>> weis_points(w.hands[0], w.contract) == w.points[0]
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from chaitea.core.cards import JASS, STANDARD, Deck
from chaitea.core.contracts import JASS_FAMILY, Contract
from chaitea.core.following import FOLLOW_RULES
from chaitea.core.tricks import TrickRule, strength_tables, trump_in_force, winning_position
from chaitea.engine.actions import Play
from chaitea.engine.game import Game, GameState, RoundResult
from chaitea.rulesets.jass.hand import declarations, mode_of
from chaitea.rulesets.jass.weis import best_melds

__all__ = ["CarefulBot", "CarelessBot", "FollowPosition", "ScriptedBot", "TeachingDeal",
           "TrickExample", "WeisExample", "as_ctj", "card_values", "careless_round",
           "ctj_legal_cards", "ctj_trick_winner", "feedback", "jass_rule", "legal_cards",
           "play_script", "reference_round", "script_of", "trick_points", "trick_winner",
           "weis_outcome", "weis_points"]


def _points(g: Game, aid: int) -> int:
    """The card points of the card that the play ``aid`` plays."""
    action = g.action(aid)
    assert isinstance(action, Play)
    return g.deck.points_of(action.card)


class CarefulBot:
    """A simple, deterministic player for scripts and reference rounds: in the declarer's side
    it wins a trick with points (or the last trick) as cheaply as it can; otherwise it plays
    its least valuable card (a defender helps its side the same way). No randomness: the same
    state always gets the same card."""

    def act(self, state: GameState) -> int:
        g = state.game
        seat = state.current_player()
        legal = state.legal_actions()
        if state.phase != "play":
            return legal[0]
        deck = g.deck
        best: tuple[int, int] | None = None
        table_points = sum(deck.points_of(c) for c in state.trick)
        last = state.trick_number == g.n_tricks - 1
        cheapest_win: tuple[int, int] | None = None
        for aid in legal:
            trial = state.clone()
            trial.apply_action(aid)
            value = _points(g, aid)
            wins = trial.trick_winner_so_far() == seat if trial.trick else (
                trial.tricks[-1].winner == seat)
            if wins and (table_points + value > 0 or last):
                key = (value, aid)
                if cheapest_win is None or key < cheapest_win:
                    cheapest_win = key
            key = (value + (100 if wins else 0), aid)
            if best is None or key < best:
                best = key
        if cheapest_win is not None and len(state.trick) == g.players - 1:
            return cheapest_win[1]  # the last to play takes a trick worth taking
        if cheapest_win is not None and table_points >= 5:
            return cheapest_win[1]
        assert best is not None
        return best[1]


class ScriptedBot:
    """Plays a fixed script per seat (``{seat: ["9C", "2H", ...]}``), falling back to a legal
    scripted card, then to :class:`CarefulBot`'s card, when the learner's play makes the
    scripted card illegal."""

    def __init__(self, script: Mapping[int, Sequence[str]]) -> None:
        self.script = {int(s): list(cards) for s, cards in script.items()}
        self.fallback = CarefulBot()
        self.deviations = 0  # how often the script could not be followed

    def act(self, state: GameState) -> int:
        seat = state.current_player()
        cards = self.script.get(seat, [])
        if state.phase == "play" and cards:
            legal = {str(state.game.action(a)): a for a in state.legal_actions()}
            played = max(0, len(cards) - len(state.playable(seat)))
            order = cards[played:] + cards[:played]
            if order and order[0] in legal:
                return legal[order[0]]
            self.deviations += 1
            for card in order:
                if card in legal:
                    return legal[card]
        return self.fallback.act(state)


@dataclass(frozen=True)
class TeachingDeal:
    """One teaching deal: the round (seed, declarer, contract, Bet Debt) the learner plays at
    ``learner``'s seat, the contract it is compared with, the story, the task, and the idea the
    engine's result shows. ``script`` is filled from the careful play of the others."""

    key: str
    lesson: int
    title: str
    story: str
    task: str
    idea: str
    seed: int
    contract: str
    declarer: int = 0
    learner: int = 0
    debt: int = 0
    compare_with: str = ""
    compare_debt: int = 0
    foil: bool = False  # compared with careless play of the learner's side, not a contract
    players: int = 3
    names: tuple[str, ...] = ("Aslan", "Leo", "Mufasa")
    script: dict[int, list[str]] = field(default_factory=dict, compare=False)

    def game(self) -> Game:
        return Game(players=self.players)

    def start(self, contract: str | None = None, debt: int | None = None) -> GameState:
        """The round's first state (names on the seats)."""
        state = self.game().round_state(self.seed, self.declarer, contract or self.contract,
                                        debt=self.debt if debt is None else debt)
        state.names = list(self.names)[: self.players]
        return state

    def bots(self) -> ScriptedBot:
        return ScriptedBot(self.script or script_of(self))


def play_script(state: GameState, bot: object) -> GameState:
    """Play ``state`` to the end of its round with ``bot`` at every seat."""
    while not state.is_terminal():
        state.apply_action(bot.act(state))  # type: ignore[attr-defined]
    return state


def _result(state: GameState, bot: object) -> RoundResult:
    """The engine's result of ``state``'s round played to its end by ``bot``."""
    result: RoundResult = play_script(state, bot).round_results[-1]
    return result


def reference_round(deal: TeachingDeal, contract: str | None = None,
                    debt: int | None = None) -> RoundResult:
    """The round played carefully by every seat: the engine's result the lesson compares."""
    return _result(deal.start(contract, debt), CarefulBot())


def script_of(deal: TeachingDeal) -> dict[int, list[str]]:
    """The other seats' cards in the careful play of ``deal``: their script."""
    state = play_script(deal.start(), CarefulBot())
    n = deal.players
    out: dict[int, list[str]] = {s: [] for s in range(n) if s != deal.learner}
    for trick in state.tricks:
        for i, card in enumerate(trick.cards):
            seat = (trick.leader + i) % n
            if seat != deal.learner:
                out[seat].append(str(card))
    return out


class CarelessBot:
    """The foil of a defence lesson: the ``seats`` give their most valuable legal card to
    every trick (the others play as :class:`CarefulBot`)."""

    def __init__(self, seats: Sequence[int]) -> None:
        self.seats = set(seats)
        self.careful = CarefulBot()

    def act(self, state: GameState) -> int:
        if state.current_player() not in self.seats or state.phase != "play":
            return self.careful.act(state)
        return max(state.legal_actions(), key=lambda aid: (_points(state.game, aid), -aid))


def careless_round(deal: TeachingDeal) -> RoundResult:
    """The round with the learner's side careless (each of its players giving its most
    valuable card to every trick): the foil of a lesson on careful play."""
    side = deal.game().side_of
    seats = [s for s in range(deal.players) if side[s] == side[deal.learner]]
    return _result(deal.start(), CarelessBot(seats))


def feedback(deal: TeachingDeal, result: RoundResult) -> str:
    """What the engine's result of the learner's round shows, in words."""
    g = deal.game()
    names = deal.names
    bonus = g.seating.last_trick_bonus if g.side_of[result.last_trick] == g.side_of[
        result.declarer] else 0
    parts = f"{result.card_points} card points"
    if bonus:
        parts += f" + {bonus} for the last trick"
    if result.bet_debt:
        parts += f" − {result.bet_debt} Bet Debt"
    who = names[result.declarer]
    if deal.foil:
        foil = careless_round(deal)
        if deal.learner != deal.declarer:
            return (f"{who} scored {result.score} ({parts}). With a careless defence (each "
                    f"defender giving its most valuable card) {who} would have scored "
                    f"{foil.score}. {deal.idea}")
        return (f"You scored {result.score} ({parts}). Playing carelessly (your most valuable "
                f"card to every trick) scores {foil.score} with these cards. {deal.idea}")
    ref = reference_round(deal, deal.compare_with or deal.contract, deal.compare_debt)
    other = g.spelling_contract.get(deal.compare_with)
    title = other.title if other is not None else deal.compare_with
    debt = f" with Bet Debt {deal.compare_debt}" if deal.compare_debt else " without Bet Debt"
    return (f"You scored {result.score} ({parts}). Played carefully by everyone, "
            f"{title}{debt} scores {ref.score} with these cards. {deal.idea}")


def jass_rule(contract: str) -> TrickRule:
    """The trick rule of a Jass contract spelling (``trump(H)``, ``obenabe``, ``undenufe``)."""
    return Contract.parse(contract, family=JASS_FAMILY).trick_rules(9)[0]


def card_values(contract: str) -> dict[str, int]:
    """Every card's points in ``contract`` (RULES J), by card spelling."""
    rule = jass_rule(contract)
    values = rule.values.for_deck(JASS, trump_in_force(rule, (), JASS))
    return {str(c): values[i] for i, c in enumerate(JASS.cards)}


@dataclass(frozen=True)
class TrickExample:
    """A trick (cards in play order) in a contract, with the claimed winning card and points."""

    key: str
    title: str
    story: str
    contract: str
    cards: tuple[str, ...]
    winner: str
    points: int


@dataclass(frozen=True)
class FollowPosition:
    """A trick under way and the hand of the player to play: ``legal`` is the claim (the cards the
    player may play), ``why`` the rule in words."""

    key: str
    title: str
    story: str
    contract: str
    trick: tuple[str, ...]
    hand: tuple[str, ...]
    legal: tuple[str, ...]
    why: str
    hint: str = ""  # said after a wrong card, before the answer: names no legal card


@dataclass(frozen=True)
class WeisExample:
    """Hands (only the cards that matter) with their sides, in a contract: the claimed Weis points
    per hand, the side that scores Weis (``None``: nobody) and the Stöck side."""

    key: str
    title: str
    story: str
    contract: str
    hands: tuple[str, ...]
    sides: tuple[int, ...]
    points: tuple[int, ...]
    winner: int | None
    stoeck: int | None = None


def _winner(rule: TrickRule, cards: tuple[str, ...], deck: Deck,
            lay: Callable[[str], str]) -> str:
    """The winning card of a trick of Jass cards under ``rule``, each card laid on ``deck`` as
    ``lay`` spells it."""
    ids = [deck.index_of(lay(c)) for c in cards]
    tables = strength_tables(deck, rule, trump_in_force(rule, ids, deck))
    return cards[winning_position(tables[deck.suit_of[ids[0]]], ids)]


def _legal(pos: FollowPosition, follow: str, deck: Deck,
           lay: Callable[[str], str]) -> tuple[str, ...]:
    """The cards of the position's hand that the follow rule ``follow`` allows, each card laid
    on ``deck`` as ``lay`` spells it."""
    trump, _ = mode_of(pos.contract)
    rule = FOLLOW_RULES[follow].bind(deck, -1 if trump is None else int(trump))
    trick = [deck.index_of(lay(c)) for c in pos.trick]
    led = deck.suit_of[trick[0]] if trick else -1
    mask = rule.legal(deck.mask_of([lay(c) for c in pos.hand]), led, trick)
    return tuple(c for c in pos.hand if mask >> deck.index_of(lay(c)) & 1)


def trick_winner(ex: TrickExample) -> str:
    """The engine's winning card of the example's trick."""
    return _winner(jass_rule(ex.contract), ex.cards, JASS, str)


def trick_points(ex: TrickExample) -> int:
    """The card points of the example's trick (no last-trick bonus)."""
    values = card_values(ex.contract)
    return sum(values[c] for c in ex.cards)


def legal_cards(pos: FollowPosition) -> tuple[str, ...]:
    """The cards of the position's hand that the engine's Jass follow rule allows (RULES J)."""
    return _legal(pos, "jass", JASS, str)


def weis_points(hand: str, contract: str) -> int:
    """The Weis points one hand holds in ``contract`` (``best_melds``: the split worth most)."""
    trump, undenufe = mode_of(contract)
    return sum(m.points for m in best_melds(hand, trump=trump, undenufe=undenufe))


def weis_outcome(ex: WeisExample) -> tuple[int | None, tuple[int, ...], tuple[int, ...]]:
    """``(side that scores Weis, Weis points per side, Stöck per side)`` from the engine."""
    d = declarations(list(ex.hands), ex.contract, sides=ex.sides)
    return d.weis.winner, d.weis.points, d.stoeck


# ------------------------------------------------------------------ one deal, two rulebooks
def as_ctj(card: str) -> str:
    """A Jass card laid on the Chai Tea Jazz deck, rank for rank: 6..A become 1..9, the suit
    kept (lesson 15: one deal, two rulebooks).

    >>> [as_ctj(c) for c in ("6C", "10H", "JS", "AD")]
    ['1C', '5H', '6S', '9D']
    """
    c = JASS.parse(card)
    return str(STANDARD.parse(f"{c.rank - 5}{card[-1]}"))


def ctj_legal_cards(pos: FollowPosition) -> tuple[str, ...]:
    """The cards of the position's hand (Jass spellings) that Chai Tea Jazz's follow rule
    (RULES F: may trump, no undertrumping rule) allows on the same cards."""
    return _legal(pos, "chai-tea-jazz", STANDARD, as_ctj)


def ctj_trick_winner(contract: str, cards: tuple[str, ...]) -> str:
    """The winning card (Jass spelling) of a trick of Jass cards under Chai Tea Jazz's rules
    for the same contract spelling (``trump(H)``: the plain order, 9 highest; ``obenabe``:
    Over; ``undenufe``: Under)."""
    spelling = {"obenabe": "over", "undenufe": "under"}.get(contract, contract)
    return _winner(Contract.parse(spelling).trick_rules(9)[0], cards, STANDARD, as_ctj)
