"""A compact kernel of one round's card play, for the solver and the Monte Carlo bot.

Cards are the deck's indices and hands are integer bit masks. Everything the kernel knows about
the rules comes from ONE adapter, :func:`rules_for`, which reads the engine's public tables
(:meth:`chaitea.Game.tables_for` built from :func:`chaitea.core.contracts.strength_table` and
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

from collections.abc import Sequence
from typing import TYPE_CHECKING

from chaitea.ai._kernel_base import LegalFn as LegalFn
from chaitea.ai._kernel_base import Position as Position
from chaitea.ai._kernel_base import Rules as Rules
from chaitea.ai._kernel_base import Tables5 as Tables5
from chaitea.ai._kernel_base import _ladders
from chaitea.ai._kernel_base import bits as bits
from chaitea.ai._kernel_plans import _jass_position_of, _jass_rules_of
from chaitea.ai._kernel_plans import jass_rules_for as jass_rules_for
from chaitea.ai.parts import part, provide
from chaitea.core.contracts import Contract
from chaitea.core.tricks import TrumpSetting, winning_position
from chaitea.engine.game import Game, GameState

if TYPE_CHECKING:
    from chaitea.engine.driver import JassState

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

#: The follow rule the kernel plays by its ``extra`` masks alone (must follow, may trump, Jokers
#: free: RULES F, D6); under any other the kernel calls the rule's legal function.
NATIVE_FOLLOW = "chai-tea-jazz"

# Rules depend on the game only through its ruleset, follow rule, seating (player count), deck.
_RULES_CACHE: dict[tuple[str, str, int, str, Contract, int, bool], Rules] = {}


def rules_for(game: Game, contract: Contract | str, declarer: int, *,
              avoidance: bool = False) -> Rules:
    """THE adapter: a round of ``game`` played as ``contract`` by ``declarer`` as kernel tables.

    All rule knowledge of the kernel is read here from the engine's rule tables (the
    :mod:`chaitea.core.tricks` interface): ``contract.trick_rules(n)`` (trump setting and suit,
    orders, value table), the strength tables per trick (``game.tables_for``, built from
    :func:`chaitea.core.tricks.strength_tables`), the card values (``values.for_deck``) and
    last-trick bonus, the game's follow rule (:mod:`chaitea.core.following`), the seating's sides.

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
    trick_rules = c.trick_rules(game.n_tricks)  # chaitea.core.tricks: the kernel interface
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
    legal_fn = None if game.follow.name == NATIVE_FOLLOW else bound.legal
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

def rules_of(state: GameState | JassState) -> Rules:
    """The kernel rules of the round being played in ``state`` (public information only), as
    its game's parts build them (:mod:`chaitea.ai.parts`: Chai Tea Jazz's from the pad's row,
    a table's from its per-trick plans, :func:`jass_rules_for`)."""
    rules: Rules = part(state.game, "rules_of")(state)
    return rules


def _pad_rules_of(state: GameState) -> Rules:
    """:func:`rules_of` for Chai Tea Jazz: the contract, the declarer, the row's Avoidance."""
    if state.phase != "play" or state.contract is None or state.declarer is None:
        raise ValueError("the kernel needs a state in the play phase of a round")
    g = state.game
    key = state.row
    avoid = bool(key) and any(r.key == key and r.avoidance for r in g.setup.rows)
    return rules_for(g, state.contract, state.declarer, avoidance=avoid)


def position_of(state: GameState | JassState) -> Position:
    """Every card of the round in ``state`` placed as it lies (all hands open: for the solver),
    as its game's parts read it (:mod:`chaitea.ai.parts`)."""
    pos: Position = part(state.game, "position_of")(state)
    return pos


def _pad_position_of(state: GameState) -> Position:
    """:func:`position_of` for Chai Tea Jazz: the hands, the straw-piles, the set-aside cards."""
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
    return winning_position(rules.tables_at(trick_no, known)[led if led >= 0 else 4], trick)


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


provide("rules_of", pad=_pad_rules_of, table=_jass_rules_of)
provide("position_of", pad=_pad_position_of, table=_jass_position_of)
