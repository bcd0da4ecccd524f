"""Teaching deals, in the manner of BBO's: a constructed (seeded) deal that shows one idea, with
a short story, the learner's task, and feedback from the engine's result. The other seats play
a fixed script, so the lesson goes the same way every time.

A script is a list of cards per seat, in the order they are played. :class:`ScriptedBot` plays
the next scripted card of its seat while it is legal; when the learner's play makes it illegal
(or it was already played), the seat's first scripted card that is legal, else the legal card
a careful player would choose (:class:`CarefulBot`). Scripts are recorded from the careful
play of every seat, so a learner who plays as carefully sees the script exactly.

>>> from chaitea.records.teaching import DEALS, reference_round
>>> deal = DEALS["under-beats-trump"]
>>> under = reference_round(deal, deal.contract)
>>> trump = reference_round(deal, deal.compare_with)
>>> under.score > trump.score
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from chaitea.engine.actions import Play
from chaitea.engine.game import Game, GameState, RoundResult

__all__ = ["DEALS", "CarefulBot", "CarelessBot", "ScriptedBot", "TeachingDeal",
           "careless_round", "deals_for", "feedback", "play_script", "reference_round",
           "script_of"]


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
            action = g.action(aid)
            assert isinstance(action, Play)
            card = action.card
            value = deck.points_of(card)
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


def reference_round(deal: TeachingDeal, contract: str | None = None,
                    debt: int | None = None) -> RoundResult:
    """The round played carefully by every seat: the engine's result the lesson compares."""
    state = play_script(deal.start(contract, debt), CarefulBot())
    return state.round_results[-1]


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
        g = state.game

        def value(aid: int) -> tuple[int, int]:
            a = g.action(aid)
            assert isinstance(a, Play)
            return g.deck.points_of(a.card), -aid

        return max(state.legal_actions(), key=value)


def careless_round(deal: TeachingDeal) -> RoundResult:
    """The round with the learner's side careless (each of its players giving its most
    valuable card to every trick): the foil of a lesson on careful play."""
    side = deal.game().side_of
    seats = [s for s in range(deal.players) if side[s] == side[deal.learner]]
    return play_script(deal.start(), CarelessBot(seats)).round_results[-1]


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


DEALS: dict[str, TeachingDeal] = {d.key: d for d in [
    TeachingDeal(
        "under-beats-trump", 2, "Low cards are strong too",
        "Aslan holds few high cards and many low ones. With Trump his low cards are worth "
        "little; with Under they take tricks.",
        "You are Aslan, the declarer in Under. Play the round: your low cards win.",
        "Under scores more than Trump with this hand, even Trump in its best suit (Clubs).",
        seed=3, contract="under", compare_with="trump(C)"),
    TeachingDeal(
        "slalom-first-direction", 2, "Which way first?",
        "In Slalom the way flips every trick, but the declarer chooses the first. Aslan's hand "
        "fits one start far better than the other.",
        "You are Aslan, the declarer in Slalom starting high. Play the round.",
        "The first direction decides: starting high scores far more than starting low here.",
        seed=5, contract="slalom(high)", compare_with="slalom(low)"),
    TeachingDeal(
        "debt-worth-taking", 3, "A raise worth its debt",
        "Leo picked Trump (Hearts). Aslan's hand is made for Under: raising to 5 Bet Debt costs "
        "5 points, and Under brings far more.",
        "You are Aslan, the declarer in Under with Bet Debt 5. Play the round.",
        "The 5 Bet Debt was worth taking: Under pays for it many times over.",
        seed=41, contract="under", debt=5, compare_with="trump(H)"),
    TeachingDeal(
        "debt-not-worth-taking", 3, "A raise that costs too much",
        "The Bet Debt is already at 30 and Aslan's Trump (Clubs) hand is only middling. He "
        "raised to 35 anyway.",
        "You are Aslan, the declarer in Trump (Clubs) with Bet Debt 35. Play the round and "
        "see what is left.",
        "The cards were worth a fair score, but not 35 Bet Debt: passing was better.",
        seed=5, contract="trump(C)", debt=35, compare_with="trump(C)"),
    TeachingDeal(
        "defence-keeps-points", 4, "Defending together",
        "Leo declares Trump (Spades). You are Mufasa, a defender: you and Aslan play together "
        "against Leo.",
        "Keep the points from Leo: give your odd cards to tricks Aslan wins, and your even "
        "cards to tricks Leo wins.",
        "A careful defence keeps most of the points from the declarer.",
        seed=18, contract="trump(S)", declarer=1, learner=2, foil=True),
    TeachingDeal(
        "cheap-winners", 4, "Win cheaply, keep the points",
        "Aslan declares Trump (Hearts) with a strong hand. Strong cards are not enough: which "
        "card wins a trick matters too.",
        "You are Aslan. Win tricks with the cheapest card that wins, and keep your odd cards "
        "for tricks you will take.",
        "Careful play keeps the points on the declarer's side: careless play gives most away.",
        seed=50, contract="trump(H)", foil=True),
    TeachingDeal(
        "below-zero", 5, "A score below zero",
        "Aslan raised to 35 Bet Debt for Trump (Spades), but his spades are short.",
        "You are Aslan, the declarer with Bet Debt 35. Play the round and work out the score "
        "before the pad does: card points, + 10 for the last trick, − 35.",
        "A round score may be negative: the Bet Debt is taken off whatever the cards bring.",
        seed=50, contract="trump(S)", debt=35, compare_with="trump(S)"),
    TeachingDeal(
        "last-trick-counts", 5, "Keep a winner for the end",
        "The last trick is worth 10 points on top of its cards. Aslan's high trumps can wait.",
        "You are Aslan, the declarer in Trump (Hearts). Keep a high trump for the last trick.",
        "The last trick's 10 points go to whoever wins it: here, the declarer who kept a "
        "winner.",
        seed=12, contract="trump(H)", compare_with="trump(H)"),
    TeachingDeal(
        "choose-slalom", 6, "The contract that fits the hand",
        "In a game you choose your contracts. Aslan's hand is poor for every Trump and fair "
        "for Under, but it fits Slalom starting low best of all.",
        "You are Aslan, the declarer in Slalom starting low. Play the round.",
        "Slalom (start low) scores more than Under, and far more than any Trump, with this "
        "hand: look at every contract before you pick.",
        seed=132, contract="slalom(low)", compare_with="under"),
    TeachingDeal(
        "choose-the-trump-suit", 6, "Which suit for trumps?",
        "Aslan picks Trump; the suit is his to name. Hearts are his long, strong suit; spades "
        "are short.",
        "You are Aslan, the declarer in Trump (Hearts). Play the round.",
        "The trump suit matters as much as the contract: Hearts score several times what "
        "Spades would.",
        seed=50, contract="trump(H)", compare_with="trump(S)"),
]}


def deals_for(lesson: int) -> list[TeachingDeal]:
    """The teaching deals of a lesson, in order."""
    return [d for d in DEALS.values() if d.lesson == lesson]
