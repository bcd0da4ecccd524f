"""A compact kernel of one round's card play, for the solver and the Monte Carlo bot.

Cards are the deck's indices and hands are integer bit masks. Everything the kernel knows about
the rules comes from ONE adapter, :func:`rules_for`, which reads the engine's public tables
(:meth:`chaitea.Game.tables_for` built from :func:`chaitea.contracts.strength_table` and
:meth:`chaitea.Contract.schedule`, the deck's points and suit masks, the seating's sides and
last-trick bonus, the setup's Avoidance flag). A new ruleset (a Jass mode) is a new
:class:`Rules` value built by that adapter, not new search code: strength tables per trick, a
point table, the follow masks (``extra``), the sides and the end-of-round bonus.

>>> from chaitea import Game
>>> state = Game(players=3).round_state(7, 0, "trump(H)")
>>> rules, pos = rules_of(state), position_of(state)
>>> rules.n_tricks, rules.points_total, [bin(h).count("1") for h in pos.hands]
(12, 110, [12, 12, 12])
>>> c = legal_cards(rules, pos)[0]
>>> play_card(rules, pos, c); pos.turn
1
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .cards import Deck
from .contracts import Contract
from .game import Game, GameState
from .tricks import TrumpSetting

if TYPE_CHECKING:
    from .driver import JassGame, JassState

LegalFn = Callable[[int, int, Sequence[int]], int]
Tables5 = tuple[tuple[int, ...], ...]

__all__ = [
    "Position",
    "Rules",
    "bits",
    "jass_rules_for",
    "legal_cards",
    "legal_mask",
    "play_card",
    "position_of",
    "rules_for",
    "rules_of",
    "trick_winner_pos",
]


def bits(mask: int) -> list[int]:
    """The card indices of a bit mask, lowest first.

    >>> bits(0b10110)
    [1, 2, 4]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


@dataclass(frozen=True, eq=False)
class Rules:
    """One round's rules as tables (built by :func:`rules_for`; nothing else reads the engine).

    ``tables[t][led]``: strength of every card in trick ``t`` when suit ``led`` (0..3) was led, or
    index 4 when no suit has been led yet (a Joker lead, D6); the strongest card wins and equal
    strengths go to the later-played card (D2, D6). ``extra[led]``: the cards a seat that can
    follow ``led`` may play besides that suit (trumps, RULES F; Jokers, D6). ``ladders[t]``: per
    rank order still to come from trick ``t`` on, each suit's cards weakest first in tie groups
    (for equivalent-card pruning).
    """

    players: int
    n_tricks: int
    n_cards: int
    tables: tuple[tuple[tuple[int, ...], ...], ...]
    points: tuple[int, ...]
    suit_of: tuple[int, ...]
    rank_of: tuple[int, ...]
    suit_masks: tuple[int, int, int, int]
    extra: tuple[int, int, int, int]
    side_of: tuple[int, ...]
    sides: int
    last_trick_bonus: int
    avoidance: bool
    declarer: int
    trump: int  # -1: none
    ladders: tuple[tuple[tuple[tuple[tuple[int, ...], ...], ...], ...], ...]
    points_total: int = 0
    order_names: tuple[str, ...] = field(default=())
    # A follow rule other than Chai Tea Jazz's (whose masks are ``suit_masks``/``extra``):
    # legal_fn(playable, led, trick) -> legal mask (chaitea.following's bound rule).
    legal_fn: LegalFn | None = None
    # Rounds whose trump, card values or follow masks change from trick to trick (the Jass
    # modes, RULES J; built by :func:`jass_rules_for`): per-trick points and legal functions.
    trick_points: tuple[tuple[int, ...], ...] = ()
    legal_fns: tuple[LegalFn, ...] = ()
    # Tutti: trump set by the first player who cannot follow; per trump in force (index
    # ``known + 1``, 0: not set yet): the tables per trick, the legal function, the provisional
    # values per trick, and the values every trick is counted at when the round ends.
    tutti: bool = False
    tutti_tables: tuple[tuple[Tables5, ...], ...] = ()
    tutti_legal: tuple[LegalFn, ...] = ()
    tutti_points: tuple[tuple[tuple[int, ...], ...], ...] = ()
    tutti_values: tuple[tuple[int, ...], ...] = ()
    match_bonus: int = 0  # RULES J: a side taking every trick (0: none)
    solo: int = 0  # cards never merged with a neighbour (the Puur: its follow exception)
    pclass: tuple[int, ...] = ()  # cards of one class score alike in every trick still to come
    jass: bool = False
    # How ``sides="declarer"`` reads (Jass): "mover" (the side to move's own score: Schieber,
    # basic Jass) or "declarer" (the declarer's side's score: the Coiffeur pads' forehand).
    scored_by: str = "declarer"

    def same_side(self, a: int, b: int) -> bool:
        return self.side_of[a] == self.side_of[b]

    def tables_at(self, t: int, known: int = -1) -> Tables5:
        """The five strength tables of trick ``t`` (Tutti: with trump ``known``, -1 unset)."""
        if self.tutti:
            return self.tutti_tables[known + 1][t]
        return self.tables[t]

    def legal_at(self, t: int, known: int = -1) -> LegalFn | None:
        """The legal function of trick ``t`` (``None``: the Chai Tea Jazz masks)."""
        if self.tutti:
            return self.tutti_legal[known + 1]
        if self.legal_fns:
            return self.legal_fns[t]
        return self.legal_fn

    def points_at(self, t: int, known: int = -1) -> tuple[int, ...]:
        """The card values in force in trick ``t`` (Tutti: provisional until the round ends)."""
        if self.tutti:
            return self.tutti_points[known + 1][t]
        if self.trick_points:
            return self.trick_points[t]
        return self.points


# Rules depend on the game only through its ruleset, follow rule, seating (player count), deck.
_RULES_CACHE: dict[tuple[str, str, int, str, Contract, int, bool], Rules] = {}


def rules_for(game: Game, contract: Contract | str, declarer: int, *,
              avoidance: bool = False) -> Rules:
    """THE adapter: a round of ``game`` played as ``contract`` by ``declarer`` as kernel tables.

    All rule knowledge of the kernel is read here from the engine's rule tables (the
    :mod:`chaitea.tricks` interface): ``contract.trick_rules(n)`` (trump setting and suit,
    orders, value table), the strength tables per trick (``game.tables_for``, built from
    :func:`chaitea.tricks.strength_tables`), the card values (``values.for_deck``) and last-trick
    bonus, the game's follow rule (:mod:`chaitea.following`), the seating's sides.

    >>> r = rules_for(Game(players=4), "slalom(high)", 1)
    >>> r.sides, r.side_of, r.order_names[:3]
    (2, (0, 1, 0, 1), ('over', 'under', 'over'))
    """
    c = contract if isinstance(contract, Contract) else Contract.parse(contract)
    key = (game.ruleset, game.follow.name, game.players, game.deck.name, c, declarer, avoidance)
    hit = _RULES_CACHE.get(key)
    if hit is None:
        hit = _RULES_CACHE[key] = _build_rules(game, c, declarer, avoidance)
    return hit


def _build_rules(game: Game, c: Contract, declarer: int, avoidance: bool) -> Rules:
    deck = game.deck
    trick_rules = c.trick_rules(game.n_tricks)  # chaitea.tricks: the kernel interface
    if any(r.trump_setting not in (TrumpSetting.NONE, TrumpSetting.FIXED) for r in trick_rules):
        raise ValueError(f"the kernel plays fixed-trump and no-trump contracts only, not {c}")
    trumps = {r.trump for r in trick_rules}
    if len(trumps) != 1:
        raise ValueError(f"the kernel needs one trump suit for the whole round, not {c}")
    trump = trumps.pop()
    tables = tuple(tuple(t) for t in game.tables_for(c))  # [trick][led 0..3, 4 = none]
    values = trick_rules[0].values
    if any(r.values != values for r in trick_rules):
        raise ValueError(f"the kernel needs one card-value table for the whole round, not {c}")
    points = values.for_deck(deck, trump)
    bound = game.follow.bind(deck, trump)  # RULES F: the game's follow rule
    legal_fn = None if game.follow.name == "chai-tea-jazz" else bound.legal
    jokers = deck.joker_mask
    extra: tuple[int, int, int, int] = (jokers, jokers, jokers, jokers)
    if trump >= 0:
        tm = deck.suit_masks[trump]
        e = [jokers | (tm if s != trump else 0) for s in range(4)]  # RULES F, D6
        extra = (e[0], e[1], e[2], e[3])
    schedule = [r.plain_order for r in trick_rules]
    ladders = _ladders(deck, [[tables[t]] for t in range(game.n_tricks)])
    bonus = values.last_trick if values.last_trick is not None else game.seating.last_trick_bonus
    return Rules(
        players=game.players, n_tricks=game.n_tricks, n_cards=deck.size, tables=tables,
        points=points, suit_of=deck.suit_of, rank_of=deck.rank_of,
        suit_masks=deck.suit_masks, extra=extra,
        side_of=game.side_of, sides=game.sides, last_trick_bonus=bonus, avoidance=avoidance,
        declarer=declarer, trump=trump, ladders=ladders,
        points_total=sum(points) + bonus,
        order_names=tuple(o.value for o in schedule),
        legal_fn=legal_fn, pclass=points,
    )


Ladders = tuple[tuple[tuple[tuple[tuple[int, ...], ...], ...], ...], ...]


def _ladders(deck: Deck, per_trick: Sequence[Sequence[Tables5]]) -> Ladders:
    """Per trick, the rank orders still to come as suit ladders (weakest first, equal strengths
    grouped), from each trick's strength tables (several per trick where the trump in force is
    not known yet); Over and Under give the same adjacency, so one ladder serves both."""
    ladder_of: dict[tuple[tuple[tuple[int, ...], ...], ...], int] = {}
    trick_sets: list[set[int]] = []
    all_ladders: list[tuple[tuple[tuple[int, ...], ...], ...]] = []
    for variants in per_trick:
        here: set[int] = set()
        for tables in variants:
            suits = []
            for s in range(4):
                tab = tables[s]
                cards = sorted((i for i in range(deck.size) if deck.suit_of[i] == s),
                               key=lambda i: (tab[i], i))
                groups: list[tuple[int, ...]] = []
                for i in cards:
                    if groups and tab[groups[-1][0]] == tab[i]:
                        groups[-1] = (*groups[-1], i)
                    else:
                        groups.append((i,))
                suits.append(tuple(groups))
            lad = tuple(suits)
            canon = min(lad, tuple(tuple(reversed(g)) for g in lad))
            if canon not in ladder_of:
                ladder_of[canon] = len(all_ladders)
                all_ladders.append(lad)
            here.add(ladder_of[canon])
        trick_sets.append(here)
    n = len(per_trick)
    return tuple(tuple(all_ladders[k] for k in sorted(set().union(*trick_sets[t:])))
                 for t in range(n))


def rules_of(state: GameState | JassState) -> Rules:
    """The kernel rules of the round being played in ``state`` (public information only): a
    Chai Tea Jazz ``GameState`` or a Jass-family ``JassState`` (:func:`jass_rules_for`)."""
    if not isinstance(state, GameState):
        return _jass_rules_of(state)
    if state.phase != "play" or state.contract is None or state.declarer is None:
        raise ValueError("the kernel needs a state in the play phase of a round")
    g = state.game
    key = state.row
    avoid = bool(key) and any(r.key == key and r.avoidance for r in g.setup.rows)
    return rules_for(g, state.contract, state.declarer, avoidance=avoid)


@dataclass
class Position:
    """A round in progress with every card placed: the solver's and the playouts' state.

    ``hands[p]``: the cards seat ``p`` may play from (two players: hand plus face-up straw
    cards, D7); ``downs[p]``: its face-down straw cards; ``cover[c]``: the face-down card under
    face-up straw card ``c`` (turned up after the trick in which ``c`` is played);
    ``pending``: covers to turn up when the current trick ends; ``set_aside``: two players' two
    set-aside cards (D9); ``won[side]``: card points won so far this round.
    """

    hands: list[int]
    downs: list[int]
    cover: dict[int, int]
    pending: list[tuple[int, int]]
    set_aside: tuple[int, ...]
    trick: list[int]
    leader: int
    turn: int
    trick_no: int
    led: int
    won: list[int]
    last_winner: int = -1
    # Jass: the trump set by the first non-follower (Tutti; -1 unset), tricks and cards won
    # per side (the Match; Tutti counts every trick at the final trump's values).
    known: int = -1
    side_tricks: list[int] = field(default_factory=list)
    won_cards: list[int] = field(default_factory=list)

    def copy(self) -> Position:
        return Position(list(self.hands), list(self.downs), self.cover, list(self.pending),
                        self.set_aside, list(self.trick), self.leader, self.turn,
                        self.trick_no, self.led, list(self.won), self.last_winner,
                        self.known, list(self.side_tricks), list(self.won_cards))

    @property
    def done(self) -> bool:
        return self.last_winner >= 0


def position_of(state: GameState | JassState) -> Position:
    """Every card of the round in ``state`` placed as it lies (all hands open: for the solver)."""
    if not isinstance(state, GameState):
        return _jass_position_of(state)
    g = state.game
    idx = g.deck.index
    n = g.players
    hands = [g.deck.mask_of(state.playable(s)) for s in range(n)]
    downs = [0] * n
    cover: dict[int, int] = {}
    pending: list[tuple[int, int]] = []
    for s in range(n):
        for under, top in state.straw(s):
            if under is None:
                continue
            downs[s] |= 1 << idx[under]
            if top is None:  # its cover is in the current trick: turned up at the trick's end
                pending.append((s, idx[under]))
            else:
                cover[idx[top]] = idx[under]
    deal = state.deal
    aside = tuple(idx[c] for c in deal.set_aside) if deal is not None and deal.set_aside else ()
    trick = [idx[c] for c in state.trick]
    led = next((g.deck.suit_of[c] for c in trick if g.deck.suit_of[c] >= 0), -1)
    return Position(hands, downs, cover, pending, aside, trick, state.trick_leader,
                    state.current_player(), state.trick_number, led, state.side_points)


def legal_mask(rules: Rules, pos: Position) -> int:
    """The cards the seat to play may play (RULES F, D6, D7), as a mask."""
    playable = pos.hands[pos.turn]
    led = pos.led
    fn = rules.legal_at(pos.trick_no, pos.known)
    if fn is not None:
        return fn(playable, led, pos.trick)
    if led < 0:
        return playable
    follow = playable & rules.suit_masks[led]
    if not follow:
        return playable
    return follow | (playable & rules.extra[led])


def legal_cards(rules: Rules, pos: Position) -> list[int]:
    return bits(legal_mask(rules, pos))


def trick_winner_pos(rules: Rules, trick_no: int, led: int, trick: Sequence[int],
                     known: int = -1) -> int:
    """Index in play order of the card winning ``trick`` so far (ties: the later-played;
    ``known``: Tutti's trump once set)."""
    table = rules.tables_at(trick_no, known)[led if led >= 0 else 4]
    best, pos = -1, 0
    for p, c in enumerate(trick):
        if table[c] >= best:
            best, pos = table[c], p
    return pos


def play_card(rules: Rules, pos: Position, card: int) -> None:
    """Play ``card`` for the seat to play (unchecked: it must be in :func:`legal_mask`)."""
    seat = pos.turn
    pos.hands[seat] ^= 1 << card
    cov = pos.cover.get(card, -1)
    if cov >= 0 and pos.downs[seat] >> cov & 1:
        pos.pending.append((seat, cov))
    pos.trick.append(card)
    suit = rules.suit_of[card]
    if pos.led < 0:
        pos.led = suit
    elif rules.tutti and pos.known < 0 and suit != pos.led:
        pos.known = suit  # Tutti: the first card off the led suit sets trump (RULES J)
    n = rules.players
    if len(pos.trick) < n:
        pos.turn = (seat + 1) % n
        return
    w = (pos.leader + trick_winner_pos(rules, pos.trick_no, pos.led, pos.trick,
                                       pos.known)) % n
    side = rules.side_of[w]
    pts = rules.points_at(pos.trick_no, pos.known)
    pos.won[side] += sum(pts[c] for c in pos.trick)
    if rules.jass:
        pos.side_tricks[side] += 1
        for c in pos.trick:
            pos.won_cards[side] |= 1 << c
    for owner, c in pos.pending:  # D7: covers turn up once the trick is complete
        pos.downs[owner] &= ~(1 << c)
        pos.hands[owner] |= 1 << c
    pos.pending = []
    pos.trick = []
    pos.led = -1
    pos.trick_no += 1
    pos.leader = pos.turn = w
    if pos.trick_no == rules.n_tricks:
        pos.last_winner = w
        if rules.tutti:  # every trick at the values of the trump set (none set: no trump)
            vals = rules.tutti_values[pos.known + 1]
            pos.won = [sum(vals[c] for c in bits(m)) for m in pos.won_cards]
        pos.won[side] += rules.last_trick_bonus
        if rules.match_bonus and pos.side_tricks[side] == rules.n_tricks:
            pos.won[side] += rules.match_bonus  # RULES J: the Match
        if pos.set_aside:  # D9: the last trick's winner takes the higher-ranked set-aside card
            a, b = pos.set_aside
            high, low = (a, b) if rules.rank_of[a] >= rules.rank_of[b] else (b, a)
            pos.won[side] += rules.points[high]
            pos.won[rules.side_of[(w + 1) % n]] += rules.points[low]


def remaining_points(rules: Rules, pos: Position) -> int:
    """Card points (and the last-trick bonus) not yet won by anyone."""
    m = 0
    for h in pos.hands:
        m |= h
    for d in pos.downs:
        m |= d
    for c in pos.trick:
        m |= 1 << c
    for c in pos.set_aside:
        m |= 1 << c
    pts = rules.points
    return sum(pts[c] for c in bits(m)) + (rules.last_trick_bonus if not pos.done else 0)


# -- the Jass family (RULES J): the same kernel, built from the driver's per-trick plans ------

_JASS_CACHE: weakref.WeakKeyDictionary[Any, dict[tuple[str, int, tuple[int, ...], bool],
                                                  Rules]] = weakref.WeakKeyDictionary()


def jass_rules_for(game: JassGame, contract: str, declarer: int, *,
                   chosen: Sequence[int] = (), lowest: bool = False) -> Rules:
    """THE Jass adapter: a round of ``game`` (a :class:`chaitea.driver.JassGame`) played as the
    pick ``contract`` (its spelling: ``trump(H)``, ``slalom(obenabe)``, ``tutti``, ``misere``)
    with ``declarer``'s side scored (the Coiffeur pads: the forehand), as kernel tables.

    Everything is read from the engine: per trick the driver's plan (:meth:`JassGame.plan`:
    the ``jass`` follow rule bound to the trump in force, the strength tables by led suit, the
    card values), the trick rules' trump settings (``chosen``: the suits a 3x3 picker named,
    per trick, -1 elsewhere; Tutti's trump is set in play by the first player who cannot
    follow), the last-trick and Match bonuses of the value tables, the seating's sides.
    ``lowest``: the scored side aims low (Misère, the pad's lowest-wins row).

    >>> from chaitea.rulesets import jass_game
    >>> r = jass_rules_for(jass_game("schieber"), "trump(H)", 0)
    >>> r.n_tricks, r.sides, r.points_total, r.match_bonus, r.scored_by
    (9, 2, 157, 100, 'mover')
    >>> from chaitea.cards import JASS
    >>> [r.points[JASS.index_of(c)] for c in ("JH", "9H", "JS")]  # the Puur, the Näll, a Jack
    [20, 14, 2]
    """
    per = _JASS_CACHE.get(game)
    if per is None:
        per = _JASS_CACHE[game] = {}
    key = (contract, declarer, tuple(chosen), lowest)
    hit = per.get(key)
    if hit is None:
        hit = per[key] = _build_jass_rules(game, contract, declarer, tuple(chosen), lowest)
    return hit


def _build_jass_rules(game: JassGame, contract: str, declarer: int, chosen: tuple[int, ...],
                      lowest: bool) -> Rules:
    from .phases.scores import PadScore
    from .values import JASS_NO_TRUMP

    deck = game.deck
    n_t = game.n_tricks
    trick_rules = game.trick_rules(contract)
    settings = {r.trump_setting for r in trick_rules}
    tutti = TrumpSetting.FIRST_NON_FOLLOWER in settings
    jacks = [i for i in range(deck.size) if deck.rank_of[i] == 11 and deck.suit_of[i] >= 0]
    last = trick_rules[-1].values
    if last.last_trick is None:  # pragma: no cover - every Jass table names its bonus
        raise ValueError(f"{contract}: the Jass value tables name the last-trick bonus")
    kw: dict[str, Any] = {}
    if tutti:
        if settings != {TrumpSetting.FIRST_NON_FOLLOWER}:
            raise ValueError(f"{contract}: the kernel plays Tutti's trump setting in every "
                             "trick or in none")
        plans = [[game.plan(contract, t, k) for t in range(n_t)] for k in (-1, 0, 1, 2, 3)]
        tutti_tables = tuple(tuple(p[1] for p in row) for row in plans)
        # The round's end counts every trick at the set trump's values (none set: no trump),
        # as the engine's play phase does (chaitea.phases.play: Tutti).
        finals = (JASS_NO_TRUMP.for_deck(deck, -1),
                  *(trick_rules[0].values.for_deck(deck, k) for k in range(4)))
        kw = {"tutti": True, "tutti_tables": tutti_tables,
              "tutti_legal": tuple(row[0][0] for row in plans),
              "tutti_points": tuple(tuple(p[2] for p in row) for row in plans),
              "tutti_values": finals}
        tables = tutti_tables[0]
        points = plans[0][0][2]
        trump = -1
        per_trick: list[list[Tables5]] = [[tutti_tables[k][t] for k in range(5)]
                                          for t in range(n_t)]
        classes = [tuple(f[c] for f in finals) for c in range(deck.size)]
        solo = sum(1 << j for j in jacks)
    else:
        trumps = []
        for t, r in enumerate(trick_rules):
            if r.trump_setting is TrumpSetting.FIXED:
                trumps.append(r.trump)
            elif r.trump_setting is TrumpSetting.NONE:
                trumps.append(-1)
            elif t < len(chosen) and 0 <= chosen[t] < 4:  # 3x3: the suit the picker named
                trumps.append(chosen[t])
            else:
                raise ValueError(f"{contract}: trick {t + 1}'s trump is chosen by the picker; "
                                 "pass the suits named (chosen)")
        plans1 = [game.plan(contract, t, trumps[t]) for t in range(n_t)]
        tables = tuple(p[1] for p in plans1)
        tp = tuple(p[2] for p in plans1)
        kw = {"trick_points": tp, "legal_fns": tuple(p[0] for p in plans1)}
        points = tp[0]
        trump = trumps[0]
        per_trick = [[tables[t]] for t in range(n_t)]
        classes = [tuple(p[c] for p in tp) for c in range(deck.size)]
        solo = sum(1 << j for j in jacks if deck.suit_of[j] in trumps)
    ids: dict[tuple[int, ...], int] = {}
    pclass = tuple(ids.setdefault(k, len(ids)) for k in classes)
    pad = isinstance(game.table.score, PadScore)
    return Rules(
        players=game.players, n_tricks=n_t, n_cards=deck.size, tables=tables, points=points,
        suit_of=deck.suit_of, rank_of=deck.rank_of, suit_masks=deck.suit_masks,
        extra=(0, 0, 0, 0), side_of=game.side_of, sides=game.sides,
        last_trick_bonus=last.last_trick, avoidance=lowest, declarer=declarer, trump=trump,
        ladders=_ladders(deck, per_trick), points_total=sum(points) + last.last_trick,
        order_names=tuple(r.plain_order.value for r in trick_rules),
        legal_fn=plans[0][0][0] if tutti else kw["legal_fns"][0],
        match_bonus=last.match, solo=solo, pclass=pclass, jass=True,
        scored_by="declarer" if pad else "mover", **kw)


def _jass_rules_of(state: JassState) -> Rules:
    if state.phase != "play" or not state.contract:
        raise ValueError("the kernel needs a state in the play phase of a round")
    from .phases.scores import PadScore

    g = state.game
    contract = state.contract
    score = g.table.score
    lowest = False
    if isinstance(score, PadScore):  # the forehand's row score is written (RULES J)
        declarer = state.forehand
        try:
            row = state.score_state.row_for(contract, score.layout.side_of(declarer))
            lowest = row.lowest_wins  # Misère: the lowest is best
        except ValueError:  # pragma: no cover - the row being played is open
            lowest = False
    else:
        declarer = state.declarer if state.declarer is not None else state.forehand
    # 3x3's named suits (per trick, -1 elsewhere): kept by the driver when the play starts.
    chosen: tuple[int, ...] = tuple(getattr(state, "_chosen", ()))
    return jass_rules_for(g, contract, declarer, chosen=chosen, lowest=lowest)


def _jass_position_of(state: JassState) -> Position:
    rules = _jass_rules_of(state)
    g = state.game
    deck = g.deck
    n = g.players
    idx = deck.index
    hands = [deck.mask_of(state.hand(s)) for s in range(n)]
    trick = [idx[c] for c in state.trick()]
    turn = state.current_player()
    known = state.trump if rules.tutti else -1
    won = [0] * rules.sides
    side_tricks = [0] * rules.sides
    won_cards = [0] * rules.sides
    done = state.tricks()
    for k, (_leader, cards, winner) in enumerate(done):
        side = rules.side_of[winner]
        pts = rules.points_at(k, known)
        won[side] += sum(pts[c] for c in cards)
        side_tricks[side] += 1
        for c in cards:
            won_cards[side] |= 1 << c
    led = deck.suit_of[trick[0]] if trick else -1
    return Position(hands, [0] * n, {}, [], (), trick, (turn - len(trick)) % n, turn,
                    len(done), led, won, known=known, side_tricks=side_tricks,
                    won_cards=won_cards)
