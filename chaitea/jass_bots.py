"""Bots for the Jass games (issue 10, RULES J): rule-based picking and card play, worlds
consistent with what a seat has seen, and perfect-information Monte Carlo, for every ruleset in
:mod:`chaitea.rulesets` (basic Jass, Schieber, Coiffeur-Schieber for 3 or 4, Coiffeur).

The bots speak to a :class:`~chaitea.driver.JassState` through its public API only: a seat's
``observation(seat)``, the round's finished ``tricks()`` (public: every card played is seen by
all), the picking items, and the game's rule tables (``game.trick_rules``, ``game.plan``: the
follow rule's legal function, the strength tables and the card values of each trick). The
Monte Carlo bot's inner loop runs on :class:`JassRound`, a compact copy of the play phase built
from those tables; it never sees a hand other than its own except in a sampled world.

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
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .cards import JASS, Deck
from .driver import mask_ids
from .phases.choice import RoundPick
from .tricks import TrumpSetting

if TYPE_CHECKING:
    from .driver import JassGame, JassState

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

N_CARDS = 36


@dataclass(frozen=True)
class DeckInfo:
    """What the bots read of a Jass deck (the 36 cards, or six-player Schieber's two 24-card
    decks): each card's suit, per suit the mask of its cards, of its Js (the Puur in trump),
    its 9s (the Näll), its Ks and Qs (Stöck)."""

    size: int
    full: int
    suit_of: tuple[int, ...]
    suits: tuple[int, ...]
    jacks: tuple[int, ...]
    nines: tuple[int, ...]
    kings: tuple[int, ...]
    queens: tuple[int, ...]


_INFO: dict[str, DeckInfo] = {}


def deck_info(deck: Deck) -> DeckInfo:
    """The :class:`DeckInfo` of ``deck`` (cached by name).

    >>> deck_info(JASS).size, bin(deck_info(JASS).jacks[2]).count("1")
    (36, 1)
    """
    info = _INFO.get(deck.name)
    if info is None:
        def masks(rank: int | None) -> tuple[int, ...]:
            return tuple(sum(1 << i for i, c in enumerate(deck.cards)
                             if c.suit == s and (rank is None or c.rank == rank))
                         for s in range(4))
        info = _INFO[deck.name] = DeckInfo(
            deck.size, (1 << deck.size) - 1,
            tuple(-1 if c.suit is None else int(c.suit) for c in deck.cards),
            masks(None), masks(11), masks(9), masks(13), masks(12))
    return info


SUIT_MASKS = deck_info(JASS).suits


def _bits(m: int) -> list[int]:
    if m >> 36 == 0:
        return mask_ids(m)
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


# -- who plays with whom ---------------------------------------------------------------------
def camps(game: JassGame, declarer: int | None) -> tuple[int, ...]:
    """Each seat's camp in a round: the teams of a team game (Schieber, four-player
    Coiffeur-Schieber in pairs); in a pad game of individuals the picker (whose card points
    write its row) against the others together (a reading: the others play to keep the row
    low); in basic Jass each seat for itself.

    >>> from chaitea.rulesets import jass_game
    >>> camps(jass_game("schieber"), 1), camps(jass_game("coiffeur"), 2)
    ((0, 1, 0, 1), (1, 1, 0, 1))
    """
    from .phases.scores import PadScore

    t = game.table
    if t.seating.teams:
        return tuple(game.side_of)
    if isinstance(t.score, PadScore) and declarer is not None:
        return tuple(0 if s == declarer else 1 for s in range(game.players))
    return tuple(range(game.players))


def lowest_wins(game: JassGame, contract: str) -> bool:
    """True when the contract's row is won by the fewest points (Coiffeur's Misère)."""
    from .phases.scores import PadScore

    score = game.table.score
    if not isinstance(score, PadScore):
        return False
    c = contract.removeprefix("joker=")
    return any(r.lowest_wins and c in r.contracts for r in score.layout.rows)


# -- the play phase on masks (the Monte Carlo inner loop) -----------------------------------------
class JassRound:
    """One round's play on bit masks, built from the game's rule tables (``game.plan``): the
    same follow rule, strength tables, card values and trump settings (fixed, none, chosen by
    the picker, set by the first player who cannot follow) as :class:`~chaitea.driver.JassState`.

    >>> from chaitea.rulesets import jass_game
    >>> g = jass_game("schieber")
    >>> hands = [SUIT_MASKS[s] for s in range(4)]          # seat s holds suit s
    >>> r = JassRound.start(g, "trump(C)", (), 0, hands)
    >>> while not r.done:
    ...     r.play(_bits(r.legal())[-1])
    >>> r.points, r.won
    ([157, 0, 0, 0], [9, 0, 0, 0])
    """

    __slots__ = ("chosen", "contract", "declarer", "done", "dynamic", "game", "hands", "info",
                 "known", "leader",
                 "led", "legal_fn", "n", "points", "rules", "tables", "trick", "trick_no",
                 "tricks", "trump", "turn", "values", "won")

    game: JassGame
    info: DeckInfo
    contract: str
    declarer: int | None
    rules: Any
    chosen: tuple[int, ...]
    n: int
    hands: list[int]
    trick: list[int]
    leader: int
    turn: int
    led: int
    trick_no: int
    known: int
    trump: int
    dynamic: bool
    legal_fn: Any
    tables: Any
    values: Any
    points: list[int]
    won: list[int]
    tricks: list[tuple[int, tuple[int, ...], int]]
    done: bool

    @classmethod
    def start(cls, game: JassGame, contract: str, trumps: Sequence[int], forehand: int,
              hands: Sequence[int], declarer: int | None = None) -> JassRound:
        """A round of ``contract`` from its first lead by ``forehand``; ``trumps`` the suits the
        picker named for the chosen-trump tricks (3x3), in order; ``declarer`` the seat that
        chose (``None``: nobody, basic Jass)."""
        r = object.__new__(cls)
        r.game = game
        r.info = deck_info(game.deck)
        r.contract = contract
        r.declarer = declarer
        r.rules = game.trick_rules(contract)
        it = iter(trumps)
        r.chosen = tuple(next(it, 0) if rule.trump_setting is TrumpSetting.CHOSEN else -1
                         for rule in r.rules)
        r.n = game.players
        r.hands = list(hands)
        r.trick = []
        r.leader = r.turn = forehand
        r.led = -1
        r.trick_no = 0
        r.known = -1
        r.points = [0] * r.n
        r.won = [0] * r.n
        r.tricks = []
        r.done = False
        r._setup()
        return r

    def copy(self) -> JassRound:
        c = object.__new__(JassRound)
        for k in JassRound.__slots__:
            setattr(c, k, getattr(self, k))
        c.hands = list(self.hands)
        c.trick = list(self.trick)
        c.points = list(self.points)
        c.won = list(self.won)
        c.tricks = list(self.tricks)
        return c

    def _setup(self) -> None:
        rule = self.rules[self.trick_no]
        s = rule.trump_setting
        if s is TrumpSetting.FIXED:
            t = rule.trump
        elif s is TrumpSetting.NONE:
            t = -1
        elif s is TrumpSetting.CHOSEN:
            t = self.chosen[self.trick_no]
        else:
            t = self.known
        self.dynamic = s is TrumpSetting.FIRST_NON_FOLLOWER and t < 0
        self.trump = t
        self.legal_fn, self.tables, self.values = self.game.plan(self.contract, self.trick_no, t)

    def legal(self) -> int:
        """The mask of the cards the seat to play may play."""
        return int(self.legal_fn(self.hands[self.turn], self.led, self.trick))

    def play(self, c: int) -> None:
        """Play card ``c`` (legal: not checked) for the seat to play."""
        seat = self.turn
        self.hands[seat] &= ~(1 << c)
        trick = self.trick
        trick.append(c)
        suit = self.info.suit_of[c]
        if self.led < 0:
            self.led = suit
        elif self.dynamic and suit != self.led:
            self.known = suit
            self._setup()
        n = self.n
        if len(trick) < n:
            self.turn = (seat + 1) % n
            return
        table = self.tables[self.led]
        best, pos = -1, 0
        for p, x in enumerate(trick):
            if table[x] >= best:
                best, pos = table[x], p
        winner = (self.leader + pos) % n
        values = self.values
        pts = sum(values[x] for x in trick)
        k = self.trick_no
        last = k == self.game.n_tricks - 1
        if last:
            bonus = self.rules[k].values.last_trick
            pts += 5 if bonus is None else bonus
        self.points[winner] += pts
        self.won[winner] += 1
        self.tricks.append((self.leader, tuple(trick), winner))
        if last:
            if self.rules[0].trump_setting is TrumpSetting.FIRST_NON_FOLLOWER:
                self._late_trump()
            self.done = True
            return
        self.trick_no = k + 1
        self.trick = []
        self.leader = self.turn = winner
        self.led = -1
        self._setup()

    def _late_trump(self) -> None:
        """Tutti (the engine's reading): the trump set counts in every trick of the hand."""
        from .values import JASS_NO_TRUMP

        if self.known >= 0:
            values = self.rules[0].values.for_deck(self.game.deck, self.known)
        else:
            values = JASS_NO_TRUMP.for_deck(self.game.deck, -1)
        pts = [0] * self.n
        for _leader, cards, winner in self.tricks:
            pts[winner] += sum(values[c] for c in cards)
        pts[self.tricks[-1][2]] += 5
        self.points = pts

    def camp_value(self, camp_of: Sequence[int], seat: int, sign: int = 1) -> int:
        """The card points (and Match bonus) of ``seat``'s camp, times ``sign`` (-1: fewest
        points wins, Misère)."""
        mine = camp_of[seat]
        pts = sum(p for s, p in enumerate(self.points) if camp_of[s] == mine)
        tricks = sum(w for s, w in enumerate(self.won) if camp_of[s] == mine)
        if tricks == len(self.tricks) and self.done:
            pts += 100
        return sign * pts


# -- what a seat has seen ------------------------------------------------------------------------
@dataclass
class JassView:
    """What one seat knows of a Jass round in play, from public information only.

    ``hand``: its own cards; ``played[s]``: the cards seat ``s`` has played this round;
    ``known[s]``: cards seat ``s`` is known to hold (its own hand; the dealer's turned-up card
    in basic Jass until played; the cards of a Weis declared by hand, until played);
    ``excluded[s]``: cards seat ``s`` cannot hold (suits it showed void, RULES J: only a card
    of another non-trump suit proves a void, since trumping is free; to a trump lead a
    non-trump proves no trump but perhaps the Puur; an undertrump proves a hand of nothing but
    trumps); ``hidden[s]``: how many
    cards seat ``s`` holds now that this seat cannot see; ``unknown``: the cards not seen."""

    game: JassGame
    seat: int
    contract: str
    declarer: int | None
    forehand: int
    trumps: tuple[int, ...]
    hand: int
    played: list[int]
    known: list[int]
    excluded: list[int]
    hidden: list[int]
    unknown: list[int]
    history: list[tuple[int, tuple[int, ...]]]  # (leader, cards) of every trick begun
    round: JassRound  # the round as the seat sees it (other hands empty)
    camp_of: tuple[int, ...] = field(default=())
    sign: int = 1
    picking: tuple[str, ...] = ()  # the round's picking items (Weis declared by hand among them)
    turned_up: str | None = None

    def unseen_mask(self) -> int:
        m = 0
        for c in self.unknown:
            m |= 1 << c
        for s, k in enumerate(self.known):
            if s != self.seat:
                m |= k
        return m


def _is_declaration(item: str) -> bool:
    """A Weis declared by hand (``weis(...)``, ``noweis``: the ``declare`` option)."""
    return item == "noweis" or item.startswith("weis(")


def _chosen_trumps(picking: Sequence[str]) -> tuple[int, ...]:
    """The suits a 3x3 picker named after its pick (the picking items after the contract)."""
    items = [p for p in picking if p not in ("pass", "push") and not _is_declaration(p)]
    if not items or not items[0].removeprefix("joker=").startswith("3x3("):
        return ()
    return tuple("CDHS".index(t[6]) for t in items[1:])


def _turned_up_card(state: JassState, obs: dict[str, Any]) -> int:
    """Basic Jass: the dealer's turned-up card, shown to all, if the observation names it."""
    c = obs.get("turned_up_card")
    return state.game.deck.index_of(c) if isinstance(c, str) else -1


def jass_view(state: JassState, seat: int) -> JassView:
    """What ``seat`` may see of the round in play in ``state`` (its observation and the public
    tricks of the round), as a :class:`JassView`.

    >>> from chaitea.rulesets import jass_game
    >>> st = jass_game("schieber").new_initial_state(seed=2)
    >>> st.apply_action("trump(H)")
    >>> v = jass_view(st, st.current_player())
    >>> len(v.unknown), v.hidden
    (27, [0, 9, 9, 9])
    """
    obs = state.observation(seat)
    if obs["phase"] != "play":
        raise ValueError("jass_view needs a round in its play phase")
    game = state.game
    n = game.players
    contract = obs["contract"]
    deck = game.deck
    info = deck_info(deck)
    suit_of, suits = info.suit_of, info.suits
    hand = deck.mask_of(obs["hand"])
    trumps = _chosen_trumps(obs["picking"])
    history: list[tuple[int, tuple[int, ...]]] = [(leader, cards)
                                                  for leader, cards, _w in state.tricks()]
    current = tuple(deck.index_of(c) for c in obs["trick"])
    history.append((obs["trick_leader"], current))
    forehand = obs["forehand"]
    declarer = obs["declarer"]
    # replay the public plays on a round with empty hands: the trump in force and the led suit
    # of each trick, for the voids (the plays are legal: the engine accepted them)
    rnd = JassRound.start(game, contract, trumps, forehand, [0] * n, declarer)
    played = [0] * n
    excluded = [0] * n
    for leader, cards in history:
        for i, c in enumerate(cards):
            s = (leader + i) % n
            if i:
                led, trump = rnd.led, rnd.trump
                suit = suit_of[c]
                if suit != led:
                    if led == trump and led >= 0:  # a trump lead: no trump but perhaps the Puur
                        excluded[s] |= suits[led] & ~info.jacks[led]
                    elif rnd.dynamic or suit != trump:
                        excluded[s] |= suits[led]
                    elif any(suit_of[x] == trump and rnd.tables[led][x] > rnd.tables[led][c]
                             for x in rnd.trick):  # undertrumped: a hand of only trumps
                        excluded[s] |= info.full & ~suits[trump]
            played[s] |= 1 << c
            rnd.hands[s] |= 1 << c
            rnd.play(c)
    known = [0] * n
    known[seat] = hand
    if deck is JASS:  # Weis declared by hand show their cards (the ``declare`` option)
        said = [p for p in obs["picking"] if _is_declaration(p)]
        for k, item in enumerate(said):
            who = (forehand + k) % n
            if item.startswith("weis(") and who != seat:
                for text in item[5:-1].split(","):
                    c = deck.index_of(text)
                    if not played[who] >> c & 1:
                        known[who] |= 1 << c
    up = _turned_up_card(state, obs)
    seen = hand
    for p in played:
        seen |= p
    if up >= 0 and not seen >> up & 1:
        dealer = (forehand - 1) % n
        if dealer != seat:
            known[dealer] |= 1 << up
    for k in known:
        seen |= k
    size = game.n_tricks
    hidden = [size - p.bit_count() - k.bit_count() for p, k in zip(played, known, strict=True)]
    hidden[seat] = 0
    unknown = [c for c in range(info.size) if not seen >> c & 1]
    rnd.hands = [0] * n
    rnd.hands[seat] = hand
    for s in range(n):
        excluded[s] &= ~known[s]
    return JassView(game, seat, contract, declarer, forehand, trumps, hand, played, known,
                    excluded, hidden, unknown, history, rnd, camps(game, declarer),
                    -1 if lowest_wins(game, contract) else 1, tuple(obs["picking"]),
                    obs.get("turned_up"))


def consistent(view: JassView, hands: Sequence[int]) -> bool:
    """Whether current ``hands`` (every seat's) agree with the round so far: each card played
    was legal from the hand its seat held then (the follow rule itself: voids, the Puur
    exception, undertrumping), and each Weis declared by hand was held."""
    n = view.game.players
    dealt = [h | p for h, p in zip(hands, view.played, strict=True)]
    if view.game.by_hand and not _declarations_fit(view, dealt):
        return False
    r = JassRound.start(view.game, view.contract, view.trumps, view.forehand, dealt,
                        view.declarer)
    for leader, cards in view.history:
        for i, c in enumerate(cards):
            if r.turn != (leader + i) % n or not r.legal() >> c & 1:
                return False
            r.play(c)
    return True


def _declarations_fit(view: JassView, dealt: Sequence[int]) -> bool:
    """Weis declared by hand (the ``declare`` option): each one legal from the hands dealt
    (the choice phase's own rule, :mod:`chaitea.phases.declare`)."""
    from .phases.choice import PickView

    choice = view.game.table.choice
    items = view.picking
    for k, item in enumerate(items):
        if _is_declaration(item):
            st = choice.status(PickView(view.game.players, view.forehand, items[:k],
                                        turned_up=view.turned_up, hands=tuple(dealt),
                                        deck=view.game.deck))
            if item not in st.legal:
                return False
    return True


def sample_jass_world(view: JassView, rng: random.Random, tries: int = 500) -> JassRound:
    """One deal of the unseen cards consistent with ``view`` (hand sizes, shown voids, known
    cards, and every play legal from the hands it implies), as the round in progress with every
    hand filled. Raises ``ValueError`` when none is found in ``tries`` attempts."""
    n = view.game.players
    seats = [s for s in range(n) if view.hidden[s]]
    if sum(view.hidden) != len(view.unknown):
        raise ValueError(f"the view is inconsistent: {len(view.unknown)} unseen cards for "
                         f"{sum(view.hidden)} hidden places")
    elig = {c: [s for s in seats if not view.excluded[s] >> c & 1] for c in view.unknown}
    for _ in range(tries):
        cards = list(view.unknown)
        rng.shuffle(cards)
        cards.sort(key=lambda c: len(elig[c]))
        free = list(view.hidden)
        hands = list(view.known)
        ok = True
        for c in cards:
            opts = [s for s in elig[c] if free[s]]
            if not opts:
                ok = False
                break
            s = rng.choices(opts, weights=[free[x] for x in opts])[0]
            free[s] -= 1
            hands[s] |= 1 << c
        if ok and consistent(view, hands):
            w = view.round.copy()
            w.hands = hands
            return w
    raise ValueError("no deal of the unseen cards fits the observation")


# -- card play by rules of thumb ------------------------------------------------------------------
def jass_card(r: JassRound, seat: int, unseen: int, camp_of: Sequence[int], sign: int = 1) -> int:
    """The rule bot's card for ``seat`` (to play in ``r``): ``unseen`` the cards still out that
    it does not hold. Trump: draw trumps with the boss trump (the Puur), keep the Näll; no
    trump: cash the boss cards (Obenabe aces, Undenufe sixes); partner winning safely: give it
    points (schmieren); otherwise win cheaply when it pays, else a cheap discard. With
    ``sign`` -1 (Misère) it plays to take as few points as possible."""
    legal = r.legal()
    cards = _bits(legal)
    if len(cards) == 1:
        return cards[0]
    values = r.values
    trump = r.trump
    trick = r.trick
    n = r.n
    mine = camp_of[seat]
    hand = r.hands[seat]
    suit_of = r.info.suit_of

    def is_trump(c: int) -> bool:
        return suit_of[c] == trump

    if not trick:
        return _lead(r, seat, cards, unseen, camp_of, sign)
    table = r.tables[r.led]
    best, wpos = -1, 0
    for i, c in enumerate(trick):
        if table[c] >= best:
            best, wpos = table[c], i
    winner = (r.leader + wpos) % n
    to_play = n - 1 - len(trick)
    stronger_out = any(table[u] > best for u in _bits(unseen)) if to_play else False
    winners = [c for c in cards if table[c] > best]
    losers = [c for c in cards if table[c] <= best]
    trick_pts = sum(values[c] for c in trick)
    ours = camp_of[winner] == mine
    if sign < 0:  # Misère: the camp wants as few points as it can
        if losers:
            if ours:
                return min(losers, key=lambda c: (values[c], -table[c]))
            return max(losers, key=lambda c: (values[c], table[c]))
        return min(winners, key=lambda c: (values[c], table[c]))
    if ours and (not stronger_out or to_play == 0):  # schmieren: points on the partner's trick
        plain = [c for c in cards if not is_trump(c)] or cards
        if plain is cards and trump >= 0:
            return min(cards, key=lambda c: (values[c], table[c]))
        return max(plain, key=lambda c: (values[c], -_keep(c, hand, unseen, r)))
    if winners and not ours:
        if to_play == 0:
            w = min(winners, key=lambda c: (is_trump(c), table[c]))
            if trick_pts + values[w] > 0 and (not is_trump(w) or trick_pts >= 10
                                             or values[w] >= 10):
                return w
        else:
            sure = [c for c in winners if not any(table[u] > table[c] for u in _bits(unseen))]
            if sure:
                w = min(sure, key=lambda c: (is_trump(c), table[c]))
                if not is_trump(w) or trick_pts >= 10:
                    return w
            if trick_pts >= 10:
                return max(winners, key=lambda c: (not is_trump(c), table[c]))
    pool = losers or cards
    return min(pool, key=lambda c: (is_trump(c), values[c], _keep(c, hand, unseen, r), table[c]))


def _keep(c: int, hand: int, unseen: int, r: JassRound) -> int:
    """How much a card is worth keeping: a boss of its suit (nobody out holds a stronger one)
    counts 2, a card worth 10 or more with another card of its suit beside it 1, else 0."""
    s = r.info.suit_of[c]
    table = r.tables[s]
    if not any(table[u] > table[c] for u in _bits(unseen & r.info.suits[s])):
        return 2
    return 1 if (hand & r.info.suits[s]).bit_count() >= 2 and r.values[c] >= 10 else 0


def _lead(r: JassRound, seat: int, cards: list[int], unseen: int, camp_of: Sequence[int],
          sign: int) -> int:
    values = r.values
    trump = r.trump
    hand = r.hands[seat]
    suit_of, suits = r.info.suit_of, r.info.suits

    def strength(c: int) -> int:
        return int(r.tables[suit_of[c]][c])

    def above(c: int) -> int:
        s = suit_of[c]
        return sum(1 for u in _bits(unseen & suits[s]) if r.tables[s][u] > r.tables[s][c])

    def boss(c: int) -> bool:
        return above(c) == 0

    def length(c: int) -> int:
        return (hand & suits[suit_of[c]]).bit_count()

    if sign < 0:  # Misère: the card least likely to win, fewest points
        return min(cards, key=lambda c: (boss(c), -above(c), values[c]))
    declaring = r.declarer is None or camp_of[seat] == camp_of[r.declarer]
    if trump >= 0:
        mine_t = [c for c in cards if suit_of[c] == trump]
        out_t = unseen & suits[trump]
        if mine_t and out_t and declaring:
            top = max(mine_t, key=strength)
            if boss(top):  # draw trumps with the boss (the Puur), keep the Näll when not boss
                return top
            if len(mine_t) >= 3 and info_jacks(r, trump) & unseen == 0:
                return min(mine_t, key=lambda c: (values[c], strength(c)))
        bosses = [c for c in cards if suit_of[c] != trump and boss(c)]
        if bosses and (not out_t or declaring or len(mine_t) == 0):
            return max(bosses, key=lambda c: (values[c], strength(c)))
        plain = [c for c in cards if suit_of[c] != trump] or cards
        return min(plain, key=lambda c: (values[c] >= 10, boss(c), -length(c), values[c],
                                         strength(c)))
    bosses = [c for c in cards if boss(c)]
    if bosses:  # Obenabe: cash the aces; Undenufe: the sixes
        return max(bosses, key=lambda c: (values[c], -length(c)))
    # no boss: lead toward the longest suit, a low card (keep the 10s guarded)
    return min(cards, key=lambda c: (values[c] >= 10, -length(c), values[c], strength(c)))


def info_jacks(r: JassRound, suit: int) -> int:
    """The mask of the Js (the Puur in trump) of ``suit`` in ``r``'s deck."""
    return r.info.jacks[suit]


# -- picking by hand strength ----------------------------------------------------------------------
def _game_key(game: JassGame) -> tuple[Any, ...]:
    return (game.name, game.players, tuple(sorted(game.options.items(), key=lambda kv: kv[0])))


_PLANS: dict[tuple[Any, ...], tuple[tuple[int, tuple[int, ...]], ...]] = {}


def _strength_plan(game: JassGame, contract: str,
                   trumps: Sequence[int]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Per sampled trick order (first, middle, last trick: Slalom and Gustav change it): the
    trump in force and, per card, the mask of the cards of its suit that beat it."""
    key = (_game_key(game), contract, tuple(trumps))
    plan = _PLANS.get(key)
    if plan is not None:
        return plan
    rules = game.trick_rules(contract)
    n_t = game.n_tricks
    it = iter(trumps)
    chosen = [next(it, 0) if rule.trump_setting is TrumpSetting.CHOSEN else -1 for rule in rules]
    info = deck_info(game.deck)
    out = []
    for k in sorted({0, n_t // 2, n_t - 1}):
        rule = rules[k]
        t = rule.trump if rule.trump_setting is TrumpSetting.FIXED else chosen[k]
        _legal, tables, _values = game.plan(contract, k, t)
        above = []
        for c in range(info.size):
            s = info.suit_of[c]
            table = tables[s]
            above.append(sum(1 << u for u in _bits(info.suits[s]) if table[u] > table[c]))
        out.append((t, tuple(above)))
    plan = _PLANS[key] = tuple(out)
    return plan


def hand_strength(game: JassGame, contract: str, hand: int, trumps: Sequence[int] = ()) -> float:
    """A quick estimate of the card points a hand takes when it picks ``contract``: each card's
    chance of a trick from how many stronger cards of its suit are out (per trick order, for
    Slalom and Gustav), plain cards cut where trumps are out, trump length and the Puur
    counted, times the points of an average trick.

    >>> from chaitea.rulesets import jass_game
    >>> g = jass_game("schieber")
    >>> strong = JASS.mask_of("JH 9H AH KH 10H AC AS 6D 7D".split())
    >>> hand_strength(g, "trump(H)", strong) > hand_strength(g, "trump(C)", strong)
    True
    """
    n_t = game.n_tricks
    per = 157 / n_t
    plan = _strength_plan(game, contract, trumps)
    info = deck_info(game.deck)
    won = 0.0
    mine = _bits(hand)
    out = ~hand
    for t, above in plan:
        n_trumps = (hand & info.suits[t]).bit_count() if t >= 0 else 0
        cut = 1.0 if t < 0 else (0.85 if n_trumps >= 4 else 0.55)
        for c in mine:
            stronger = (above[c] & out).bit_count()
            if info.suit_of[c] == t:
                won += 0.8 ** stronger
            else:
                won += (0.4 ** stronger) * cut
        if t >= 0:
            won += max(0, n_trumps - 3) * 0.6
            if hand & info.jacks[t] and n_trumps >= 3:
                won += 0.4
    return min(won / len(plan), n_t) * per


_MEANS: dict[tuple[Any, ...], float] = {}


def mean_strength(game: JassGame, contract: str) -> float:
    """The mean :func:`hand_strength` of ``contract`` over 60 random hands (a fixed seed): the
    baseline a hand must beat to be worth this contract (cached per ruleset and options)."""
    key = (_game_key(game), contract)
    m = _MEANS.get(key)
    if m is not None:
        return m
    rng = random.Random(4242)
    ids = list(range(game.deck.size))
    total = 0.0
    for _ in range(60):
        rng.shuffle(ids)
        hand = sum(1 << i for i in ids[:game.n_tricks])
        total += hand_strength(game, contract, hand, (0, 1, 2))
    m = _MEANS[key] = total / 60
    return m


def pick_scores(state: JassState, seat: int) -> dict[str, float]:
    """For each contract the seat may write now, how many points its hand beats that
    contract's average hand by (Misère: how far below), weighted by the row's value in a pad
    game; only the seat's own cards and the public rules are read."""
    from .phases.scores import PadScore

    game = state.game
    obs = state.observation(seat)
    hand = game.deck.mask_of(obs["hand"])
    score = game.table.score
    weight: dict[str, float] = {}
    if isinstance(score, PadScore):
        for row in score.layout.rows:
            for c in row.contracts:
                weight[c] = max(weight.get(c, 0.0), float(row.value) ** 0.5)
    out: dict[str, float] = {}
    for sp in obs.get("legal", []):
        if sp in ("push", "pass") or _is_declaration(sp) or (
                sp.startswith("trump(") and _chosen_pending(obs)):
            continue
        base = sp.removeprefix("joker=")
        est = hand_strength(game, sp, hand, _best_trumps(game, hand))
        mean = mean_strength(game, sp)
        m = (mean - est) if lowest_wins(game, sp) else (est - mean)
        if sp.startswith("joker="):
            m -= 6.0
        out[sp] = m * weight.get(base, 1.0)
    return out


def _chosen_pending(obs: dict[str, Any]) -> bool:
    items = [p for p in obs["picking"] if p not in ("pass", "push") and not _is_declaration(p)]
    return bool(items) and items[0].removeprefix("joker=").startswith("3x3(")


def _best_trumps(game: JassGame, hand: int) -> tuple[int, ...]:
    """The three suits a 3x3 picker would name: its longest, strongest suits first."""
    info = deck_info(game.deck)

    def key(s: int) -> tuple[int, int]:
        m = hand & info.suits[s]
        return (m.bit_count() + 2 * bool(m & info.jacks[s]) + bool(m & info.nines[s]), -s)
    return tuple(sorted(range(4), key=key, reverse=True)[:3])


PUSH_MARGIN = 8.0  # Schieber: the forehand pushes when no contract beats its mean by this
PASS_MARGIN = 6.0  # Coiffeur: a seat passes when no open row beats its mean by this


def jass_pick(state: JassState) -> int:
    """The rule bot's picking action: the contract whose margin (:func:`pick_scores`) is
    largest; Schieber's forehand pushes to the partner when no margin reaches
    :data:`PUSH_MARGIN`, a Coiffeur seat passes below :data:`PASS_MARGIN` when it may; a forced
    pick takes the best; a 3x3 picker names its longest, strongest suits."""
    game = state.game
    seat = state.current_player()
    obs = state.observation(seat)
    legal = obs["legal"]
    ids = game.action_ids
    if all(_is_declaration(sp) for sp in legal):  # Weis by hand: the best Weis held
        best_weis = next((sp for sp in legal if sp != "noweis"), legal[0])
        return ids[best_weis]
    if _chosen_pending(obs):
        hand = game.deck.mask_of(obs["hand"])
        for s in _best_trumps(game, hand) + (0, 1, 2, 3):
            sp = f"trump({'CDHS'[s]})"
            if sp in legal:
                return ids[sp]
    scores = pick_scores(state, seat)
    if not scores:
        return ids[legal[0]]
    best = max(scores, key=lambda sp: (scores[sp], -legal.index(sp)))
    if "push" in legal and scores[best] < PUSH_MARGIN:
        return ids["push"]
    if "pass" in legal and scores[best] < PASS_MARGIN:
        return ids["pass"]
    return ids[best]


# -- exact values of the last tricks (hands open) ---------------------------------------------
def exact_values(r: JassRound, camp_of: Sequence[int], seat: int, sign: int = 1) -> dict[int, int]:
    """Per legal card of the seat to play in ``r`` (every hand open), the final value of
    ``seat``'s camp (:meth:`JassRound.camp_value`, signed) under best play: the camp of
    ``seat`` maximises it, every other seat minimises it (in games of individuals: the seat
    against all the others). Plain minimax with a table of solved positions; meant for the
    last two or three tricks (the double-dummy solver, :mod:`chaitea.solver`, goes further).
    Below: leading the 6 first lets the A win the last trick's 5 as well.

    >>> from chaitea.rulesets import jass_game
    >>> g = jass_game("schieber")
    >>> hands = [JASS.mask_of(h.split()) for h in ("AH 6C", "KH 7C", "QH 8C", "JH 9C")]
    >>> r = JassRound.start(g, "obenabe", (), 0, [0] * 4, 0)
    >>> r.trick_no = 7; r.hands = hands; r._setup()
    >>> exact_values(r, camps(g, 0), 0)
    {0: 25, 26: 20}
    """
    memo: dict[tuple[Any, ...], int] = {}
    mine = camp_of[seat]

    def value(p: JassRound) -> int:
        if p.done:
            return p.camp_value(camp_of, seat, sign)
        key = (tuple(p.hands), tuple(p.trick), p.turn, p.known,
               sum(q for s2, q in enumerate(p.points) if camp_of[s2] == mine),
               sum(w for s2, w in enumerate(p.won) if camp_of[s2] == mine))
        hit = memo.get(key)
        if hit is not None:
            return hit
        vals = []
        for c in _bits(p.legal()):
            q = p.copy()
            q.play(c)
            vals.append(value(q))
        best = max(vals) if camp_of[p.turn] == mine else min(vals)
        memo[key] = best
        return best

    out = {}
    for c in _bits(r.legal()):
        q = r.copy()
        q.play(c)
        out[c] = value(q)
    return out


# -- the double-dummy solver on a world (chaitea.solver's Jass modes) ------------------------------
def solver_values(r: JassRound, seat: int, legal: Sequence[int] | None = None
                  ) -> dict[int, float]:
    """Per legal card of ``seat`` (to move in the world ``r``, every hand open), its exact
    value by the double-dummy solver (:func:`chaitea.solver.card_values` on the kernel's Jass
    tables, :func:`chaitea.kernel.jass_rules_for`), oriented so that more is better for the
    seat: its side's score (Schieber, basic Jass), in the Coiffeur pads the picker's row score,
    negated for the others, and negated again in Misère (the lowest wins).

    >>> from chaitea.rulesets import jass_game
    >>> g = jass_game("schieber")
    >>> hands = [JASS.mask_of(h.split()) for h in ("AH 6C", "KH 7C", "QH 8C", "JH 9C")]
    >>> r = JassRound.start(g, "obenabe", (), 0, [0] * 4, 0)
    >>> r.trick_no = 7; r.hands = hands; r._setup()
    >>> solver_values(r, 0) == {c: float(v) for c, v in exact_values(r, camps(g, 0), 0).items()}
    True
    """
    from .kernel import Position, jass_rules_for
    from .phases.scores import PadScore
    from .solver import card_values

    g = r.game
    n = r.n
    pad = isinstance(g.table.score, PadScore)
    lowest = lowest_wins(g, r.contract)
    declarer = r.declarer if r.declarer is not None else r.leader
    rules = jass_rules_for(g, r.contract, declarer, chosen=r.chosen, lowest=lowest)
    known = r.known if rules.tutti else -1
    won = [0] * rules.sides
    side_tricks = [0] * rules.sides
    won_cards = [0] * rules.sides
    for k, (_leader, cards, winner) in enumerate(r.tricks):
        side = rules.side_of[winner]
        pts = rules.points_at(k, known)
        won[side] += sum(pts[c] for c in cards)
        side_tricks[side] += 1
        for c in cards:
            won_cards[side] |= 1 << c
    pos = Position(list(r.hands), [0] * n, {}, [], (), list(r.trick), r.leader, r.turn,
                   r.trick_no, r.led, won, known=known, side_tricks=side_tricks,
                   won_cards=won_cards)
    vals = card_values(rules, pos, list(legal) if legal is not None else None)
    flip = pad and g.side_of[seat] != g.side_of[declarer]
    if lowest:
        flip = not flip
    return {c: float(-v if flip else v) for c, v in vals.items()}


# -- picking by Monte Carlo (the PIMC bot and the coach) ----------------------------------------
def _factor(game: JassGame, contract: str) -> int:
    """Schieber's multiplier of a contract (1 elsewhere)."""
    scoring = getattr(game.table.score, "scoring", None)
    return int(scoring.factor(contract.removeprefix("joker="))) if scoring is not None else 1


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
    better). ``pass`` (Coiffeur) is not valued here. Only the seat's own cards are read."""
    game = state.game
    seat = state.current_player()
    obs = state.observation(seat)
    legal = [sp for sp in obs["legal"] if sp != "pass" and not _is_declaration(sp)]
    rng = random.Random(seed)
    hand = game.deck.mask_of(obs["hand"])
    n = game.players
    others = [c for c in range(game.deck.size) if not hand >> c & 1]
    size = game.n_tricks
    pending = _chosen_pending(obs)
    items = [p for p in obs["picking"] if p not in ("pass", "push") and not _is_declaration(p)]
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
            if sp == "push":
                declarer = (seat + n // 2) % n
                contract = _rule_choice(game, hands[declarer], game.table.contracts)
            if pending:  # 3x3: the suit named now, then the picker's best others
                contract = items[0]
                named = _chosen_trumps(obs["picking"]) + ("CDHS".index(sp[6]),)
                rest = [x for x in _best_trumps(game, hand) if x not in named]
                trumps = named + tuple(rest)
            elif contract.removeprefix("joker=").startswith("3x3("):
                trumps = _best_trumps(game, hand)
            forehand = seat if isinstance(game.table.choice, RoundPick) else obs["forehand"]
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
        trumps = _best_trumps(game, hands[0]) if contract.startswith("3x3(") else ()
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
    game = state.game
    obs = state.observation(state.current_player())
    ids = game.action_ids
    if any(_is_declaration(sp) for sp in obs["legal"]):
        return jass_pick(state)
    outcomes = picking_outcomes(state, samples, seed)
    means = {sp: sum(v) / len(v) for sp, v in outcomes.items() if v}
    if not means:
        return ids[obs["legal"][0]]
    from .phases.scores import PadScore

    score = game.table.score
    if isinstance(score, PadScore) and not _chosen_pending(obs):
        weight: dict[str, float] = {}
        for row in score.layout.rows:
            for c in row.contracts:
                weight[c] = max(weight.get(c, 0.0), float(row.value))
        gain = {sp: (m - contract_baseline(game, sp.removeprefix("joker=")))
                * weight.get(sp.removeprefix("joker="), 1.0) ** 0.5
                - (6.0 if sp.startswith("joker=") else 0.0) for sp, m in means.items()}
        best = max(gain, key=lambda sp: (gain[sp], -obs["legal"].index(sp)))
        if "pass" in obs["legal"] and gain[best] < PASS_MARGIN:
            return ids["pass"]
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
            return jass_pick(state)
        view = jass_view(state, state.current_player())
        return jass_card(view.round, view.seat, view.unseen_mask(), view.camp_of, view.sign)


def playout(r: JassRound, camp_of: Sequence[int], sign: int = 1) -> None:
    """Play ``r`` to its end with the rule bot at every seat (each seeing only its own hand and
    the cards out)."""
    while not r.done:
        out = 0
        for h in r.hands:
            out |= h
        me = r.turn
        r.play(jass_card(r, me, out & ~r.hands[me], camp_of, sign))


class JassPimcBot:
    """Perfect-information Monte Carlo for the Jass games: ``samples`` worlds per move
    (:func:`sample_jass_world`; or as many as fit in ``time_budget`` seconds), each legal card
    valued in each world by a rule-bot playout to the end of the round (the camp's card points
    and Match bonus, :meth:`JassRound.camp_value`) or, in the last ``solve_tricks`` tricks
    (default 0: playouts throughout), by the double-dummy solver (:func:`solver_values`), or
    by a ``solver`` given; the best mean wins (ties: the lowest card id). Picks by Monte
    Carlo too (:func:`mc_pick`, ``pick_samples`` deals per action; 0: like the rule bot)."""

    name = "PIMC"

    def __init__(self, seed: int | None = None, *, samples: int = 10,
                 time_budget: float | None = None,
                 solver: Callable[[JassRound, int, Sequence[int]], dict[int, float]] | None = None,
                 pick_samples: int = 16, solve_tricks: int = 0) -> None:
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
            if not self.pick_samples:
                return jass_pick(state)
            return mc_pick(state, self.pick_samples, self.rng.randrange(2**31))
        view = jass_view(state, state.current_player())
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
