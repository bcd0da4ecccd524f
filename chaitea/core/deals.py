"""Deals: portable seeded shuffles and explicit hands (RULES P, RECORD ``deal``).

A seed deals portably: the deck in canonical order, shuffled by ``random.Random(seed).shuffle``,
then dealt in consecutive blocks (two players: the 2 set-aside cards, each seat's 5 face-down straw
cards, each seat's 5 face-up straw cards, each seat's 7 hand cards).

>>> from chaitea.core.cards import STANDARD
>>> d = Deal.from_seed(7, 3, STANDARD)
>>> [len(h) for h in d.hands], d.seed
([12, 12, 12], 7)
>>> Deal.from_json({"seed": 7}, 3, STANDARD) == d
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from chaitea.core.cards import Card, Deck
from chaitea.core.errors import CardError, DealError
from chaitea.core.seating import SEATINGS, Seating
from chaitea.core.shuffle import IdLists, seeded_layout, shuffled_indices

__all__ = ["Deal", "deal_layout", "seeded_layout", "shuffled_indices"]

Stack = tuple[Card, Card]  # (face-down, face-up)


def deal_layout(deal: Deal | int, seating: Seating, deck: Deck) -> tuple[
        list[int], IdLists, IdLists, IdLists]:
    """Where ``deal`` puts each card id, as :func:`seeded_layout` says it for a seed: the
    set-aside cards, per seat the face-down and the face-up straw cards (two players; else
    empty) and the hand. A :class:`Deal` is validated first (:meth:`Deal.validate`: a
    :class:`DealError` names the rule); anything else is refused. The states' one deal step
    (:mod:`chaitea.engine.deal_step`) reads it.

    >>> from chaitea.core.cards import STANDARD
    >>> by_seed = deal_layout(5, SEATINGS[3], STANDARD)
    >>> deal_layout(Deal.from_seed(5, 3, STANDARD), SEATINGS[3], STANDARD) == by_seed
    True
    >>> deal_layout("5", SEATINGS[3], STANDARD)
    Traceback (most recent call last):
    ...
    chaitea.core.errors.DealError: a deal is a Deal or an integer seed (RECORD deal)
    """
    if isinstance(deal, int) and not isinstance(deal, bool):
        return _seeded(deal, seating, deck.size)
    if not isinstance(deal, Deal):
        raise DealError("a deal is a Deal or an integer seed (RECORD deal)")
    deal.validate(seating, deck)
    idx = deck.index
    hands = tuple([idx[c] for c in h] for h in deal.hands)
    if deal.set_aside is None:
        return [], (), (), hands
    aside = [idx[c] for c in deal.set_aside]
    if deal.straw is None:  # a stock (Oh Hell)
        return aside, (), (), hands
    downs = tuple([idx[d] for d, _ in stacks] for stacks in deal.straw)
    ups = tuple([idx[u] for _, u in stacks] for stacks in deal.straw)
    return aside, downs, ups, hands


def _seeded(seed: int, seating: Seating, size: int) -> tuple[list[int], IdLists, IdLists,
                                                             IdLists]:
    """:func:`seeded_layout`, and the deal of a seating that leaves a stock (``set_aside``
    without straw-piles, Oh Hell): the hands in consecutive blocks of ``hand_size``, then the
    stock, the rest of the deck in the shuffled order (its first card is the one turned up).

    >>> from chaitea.core.cards import FRENCH
    >>> three = Seating(3, 5, set_aside=37, decks=("french",))
    >>> aside, _, _, hands = _seeded(4, three, 52)
    >>> [len(h) for h in hands], len(aside), sorted(aside + sum(hands, [])) == list(range(52))
    ([5, 5, 5], 37, True)
    """
    if not seating.set_aside or seating.straw_stacks:
        return seeded_layout(seed, seating, size)
    order = shuffled_indices(seed, size)
    n, h = seating.players, seating.hand_size
    return order[n * h:], (), (), tuple([order[s * h:(s + 1) * h] for s in range(n)])


@dataclass(frozen=True)
class Deal:
    """The cards of one round: ``hands`` per seat; two players also ``straw`` (5 stacks of
    (face-down, face-up) per seat) and ``set_aside``; a seating that leaves a stock (Oh Hell)
    ``set_aside``, the stock, its first card the one turned up. ``seed`` is set when it was
    dealt from one."""

    hands: tuple[tuple[Card, ...], ...]
    straw: tuple[tuple[Stack, ...], ...] | None = None
    set_aside: tuple[Card, ...] | None = None
    seed: int | None = None

    @classmethod
    def from_seed(cls, seed: int, players: int | Seating, deck: Deck) -> Deal:
        """Deal ``deck`` shuffled by ``seed`` to a seating (a
        :class:`~chaitea.core.seating.Seating`,
        or a player count: Chai Tea Jazz's seating for it, RULES P).

        >>> from chaitea.core.cards import JASS
        >>> from chaitea.core.seating import JASS_SEATINGS
        >>> [len(h) for h in Deal.from_seed(3, JASS_SEATINGS["four"], JASS).hands]
        [9, 9, 9, 9]
        """
        seating = _seating(players)
        cards = deck.cards
        aside, downs, ups, hands = _seeded(seed, seating, deck.size)
        held = tuple(tuple(cards[i] for i in h) for h in hands)
        if seating.straw_stacks:
            straw = tuple(tuple((cards[d], cards[u]) for d, u in zip(ds, us, strict=True))
                          for ds, us in zip(downs, ups, strict=True))
            return cls(held, straw, tuple(cards[i] for i in aside), seed)
        if seating.set_aside:  # the stock (Oh Hell)
            return cls(held, set_aside=tuple(cards[i] for i in aside), seed=seed)
        return cls(held, seed=seed)

    def all_cards(self) -> list[Card]:
        out = [c for h in self.hands for c in h]
        if self.straw:
            out += [c for stacks in self.straw for st in stacks for c in st]
        if self.set_aside:
            out += list(self.set_aside)
        return out

    def validate(self, seating: Seating, deck: Deck) -> None:
        """Raise :class:`DealError` unless this deal uses every card of ``deck`` once with the
        hand sizes of ``seating`` (RULES P; a seating that leaves a stock: the hands and the
        stock, Oh Hell)."""
        n = seating.players
        if len(self.hands) != n:
            raise DealError(f"the deal has {len(self.hands)} hands; {n} players need {n}")
        stock = seating.set_aside and not seating.straw_stacks  # Oh Hell: hands and a stock
        size = seating.hand_size if seating.straw_stacks or stock else deck.size // n
        for seat, h in enumerate(self.hands):
            if len(h) != size:
                raise DealError(f"seat {seat} holds {len(h)} cards; each hand must have {size}"
                                " (RULES P)")
        if seating.straw_stacks:
            if self.straw is None or self.set_aside is None:
                raise DealError("a two-player deal needs 'straw' and 'set_aside' (RECORD deal)")
            if len(self.straw) != n or any(len(s) != seating.straw_stacks for s in self.straw):
                raise DealError("each player's straw-pile must be 5 stacks of two (RULES P)")
            if len(self.set_aside) != seating.set_aside:
                raise DealError("two players set aside exactly 2 cards (RULES P)")
        elif stock:
            if self.straw is not None:
                raise DealError("'straw' belongs to two-player deals only (RECORD deal)")
            if self.set_aside is None or len(self.set_aside) != seating.set_aside:
                raise DealError(f"the deal needs 'set_aside', the {seating.set_aside} cards of "
                                "the stock, its first card turned up (RECORD deal)")
        elif self.straw is not None or self.set_aside is not None:
            raise DealError("'straw' and 'set_aside' belong to two-player deals only (RECORD deal)")
        seen: set[Card] = set()
        for c in self.all_cards():
            if c not in deck.index:
                raise DealError(f"{c} is not a card of the {deck.describe()}")
            if c in seen:
                raise DealError(f"duplicate card {c} in the deal (RULES P: each card once)")
            seen.add(c)
        missing = [c for c in deck.cards if c not in seen]
        if missing:
            shown = ", ".join(map(str, missing[:4])) + (" ..." if len(missing) > 4 else "")
            raise DealError(f"missing card(s) {shown}: a deal uses the whole deck (RULES P)")

    def to_json(self) -> dict[str, Any]:
        """The record's ``deal`` object: ``{"seed": N}`` when seeded, else the explicit cards."""
        if self.seed is not None:
            return {"seed": self.seed}
        out: dict[str, Any] = {"hands": [[str(c) for c in h] for h in self.hands]}
        if self.straw is not None:
            out["straw"] = [[[str(d), str(u)] for d, u in s] for s in self.straw]
        if self.set_aside is not None:
            out["set_aside"] = [str(c) for c in self.set_aside]
        return out

    @classmethod
    def from_json(cls, obj: object, players: int | Seating, deck: Deck) -> Deal:
        """Read a record's ``deal`` for a seating (or a player count) and validate it (raises
        :class:`DealError` naming the field)."""
        seating = _seating(players)
        if not isinstance(obj, dict):
            raise DealError("'deal' must be an object: {\"seed\": N} or {\"hands\": [...]}")
        if "seed" in obj:
            extra = set(obj) - {"seed"}
            if extra:
                raise DealError(f"a seeded deal takes no {sorted(extra)[0]!r} (RECORD deal)")
            seed = obj["seed"]
            if type(seed) is not int:
                raise DealError("'seed' must be an integer (RECORD deal)")
            return cls.from_seed(seed, seating, deck)
        if "hands" not in obj:
            raise DealError("'deal' needs 'seed' or 'hands' (RECORD deal)")
        hands = _cards_2d(obj["hands"], deck, "hands")
        straw = None
        aside = None
        if "straw" in obj:
            raw = obj["straw"]
            if not isinstance(raw, list) or not all(
                isinstance(s, list) and all(isinstance(st, list) and len(st) == 2 for st in s)
                for s in raw
            ):
                raise DealError("'straw' must list, per seat, 5 stacks [face-down, face-up]"
                                " (RECORD deal)")
            straw = tuple(
                tuple((_card(st[0], deck), _card(st[1], deck)) for st in s) for s in raw
            )
        if "set_aside" in obj:
            raw = obj["set_aside"]
            if not isinstance(raw, list):
                raise DealError("'set_aside' must be a list of 2 cards (RECORD deal)")
            aside = tuple(_card(c, deck) for c in raw)
        deal = cls(tuple(tuple(h) for h in hands), straw, aside)
        deal.validate(seating, deck)
        return deal


def _seating(players: int | Seating) -> Seating:
    if isinstance(players, Seating):
        return players
    seating = SEATINGS.get(players)
    if seating is None:
        raise DealError(f"no seating for {players!r} players: give a Seating (RULES P)")
    return seating


def _card(text: object, deck: Deck) -> Card:
    if not isinstance(text, str):
        raise DealError(f"{text!r} is not a card string (RULES C)")
    try:
        return deck.parse(text)
    except CardError as e:
        raise DealError(str(e)) from None


def _cards_2d(raw: object, deck: Deck, name: str) -> list[list[Card]]:
    if not isinstance(raw, list) or not all(isinstance(h, list) for h in raw):
        raise DealError(f"'{name}' must be a list of card lists, one per seat (RECORD deal)")
    rows: Sequence[list[object]] = raw
    return [[_card(c, deck) for c in h] for h in rows]
