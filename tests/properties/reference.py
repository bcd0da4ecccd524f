"""An independent reference model of Chai Tea Jazz, written from RULES.md and RECORD.md only.

The property tests compare the engine against this model step by step. It shares no code with
``chaitea`` (it works on card *strings* and plain Python data), so a test that compares the two can
fail when either is wrong. Every rule cites its section or decision number.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

SUITS = "CDHS"

# ------------------------------------------------------------------------------- cards (RULES C)


def deck_cards(deck: str) -> list[str]:
    """The canonical order of RECORD ``deal``: suits C, D, H, S, ranks ascending, Jokers last,
    the double deck's second copy (``7H'``) as a whole block after the first."""
    if deck == "standard":
        return [f"{r}{s}" for s in SUITS for r in range(1, 10)]
    if deck == "six-player":
        return [f"{r}{s}" for s in SUITS for r in range(1, 14)] + ["JK1", "JK2"]
    if deck == "double":
        first = [f"{r}{s}" for s in SUITS for r in range(1, 10)]
        return first + [c + "'" for c in first]
    raise ValueError(deck)


def _suit(card: str) -> str | None:
    if card.startswith("JK"):
        return None
    return card.rstrip("'")[-1]


def _rank(card: str) -> int:
    if card.startswith("JK"):
        return 0
    return int(card.rstrip("'")[:-1])


def _points(card: str) -> int:
    """RULES C: odd ranks score their rank, even ranks 0; D1: a Joker scores 2."""
    if card.startswith("JK"):
        return 2
    r = _rank(card)
    return r if r % 2 else 0


_ALL = {c for d in ("standard", "six-player", "double") for c in deck_cards(d)}
SUIT: dict[str, str | None] = {c: _suit(c) for c in _ALL}
RANK: dict[str, int] = {c: _rank(c) for c in _ALL}
POINTS: dict[str, int] = {c: _points(c) for c in _ALL}


def suit_of(card: str) -> str | None:
    """The suit letter, ``None`` for a Joker (D6: a Joker has no suit)."""
    return SUIT[card]


def rank_of(card: str) -> int:
    return RANK[card]


def points(card: str) -> int:
    return POINTS[card]


# ------------------------------------------------------------------------------- seating (RULES P)


@dataclass(frozen=True)
class Seats:
    players: int
    deck: str
    teams: tuple[tuple[int, ...], ...] | None
    step: int
    max_debt: int
    n_tricks: int
    bonus: int

    @property
    def sides(self) -> int:
        return len(self.teams) if self.teams else self.players

    def side(self, seat: int) -> int:
        if self.teams is None:
            return seat
        return 0 if seat in self.teams[0] else 1


def seats_for(players: int, deck: str | None) -> Seats:
    """RULES P, B (step 5 for 2-3 players, 3 for 4-6; max 35, or 33 with step 3), C (bonus)."""
    if players == 2:
        return Seats(2, "standard", None, 5, 35, 17, 10)
    if players == 3:
        return Seats(3, "standard", None, 5, 35, 12, 10)
    if players == 4:
        return Seats(4, "standard", ((0, 2), (1, 3)), 3, 33, 9, 10)
    assert players == 6
    d = deck or "six-player"
    # D2: the double deck deals all 72 cards, 12 each.
    return Seats(6, d, ((0, 2, 4), (1, 3, 5)), 3, 33, 12 if d == "double" else 9, 20)


@dataclass
class RefDeal:
    hands: list[list[str]]
    straw: list[list[tuple[str, str]]] | None = None  # (face-down, face-up) per stack
    set_aside: list[str] | None = None


def seeded_deal(seed: int, seats: Seats) -> RefDeal:
    """RECORD ``deal``: canonical order shuffled by ``random.Random(N).shuffle``, consecutive blocks
    (two players: 2 set aside, each seat's 5 face-down, each seat's 5 face-up, each seat's 7)."""
    cards = deck_cards(seats.deck)
    random.Random(seed).shuffle(cards)
    n = seats.players
    if n == 2:
        aside = cards[0:2]
        downs = [cards[2 + 5 * s : 7 + 5 * s] for s in range(2)]
        ups = [cards[12 + 5 * s : 17 + 5 * s] for s in range(2)]
        hands = [cards[22 + 7 * s : 29 + 7 * s] for s in range(2)]
        straw = [list(zip(downs[s], ups[s], strict=True)) for s in range(2)]
        return RefDeal(hands, straw, aside)
    h = len(cards) // n
    return RefDeal([cards[s * h : (s + 1) * h] for s in range(n)])


# ------------------------------------------------------------------------- contracts (RULES R)

_BASE = {
    "trump": "over",
    "over": "over",
    "under": "under",
    "middle": "middle",
    "slalom": "slalom",
    "pyramid": "pyramid",
    "trump-under": "under",
    "trump-middle": "middle",
    "trump-slalom": "slalom",
    "trump-pyramid": "pyramid",
}


@dataclass(frozen=True)
class RefContract:
    kind: str
    trump: str | None
    start: str | None

    @property
    def spelling(self) -> str:
        params = [p for p in (self.trump, self.start) if p]
        return f"{self.kind}({','.join(params)})" if params else self.kind

    def order_for(self, k: int, n: int) -> str:
        """Slalom alternates trick by trick; Pyramid: the first ceil(n/2) tricks one way (D3)."""
        base = _BASE[self.kind]
        if base in ("over", "under", "middle"):
            return base
        first, other = ("over", "under") if self.start == "high" else ("under", "over")
        if base == "slalom":
            return first if k % 2 == 0 else other
        return first if k < math.ceil(n / 2) else other


def parse_contract(text: str) -> RefContract:
    if "(" in text:
        kind, params = text[:-1].split("(")
        ps = params.split(",")
    else:
        kind, ps = text, []
    trump = start = None
    if kind.startswith("trump"):
        trump = ps.pop(0)
    if _BASE[kind] in ("slalom", "pyramid"):
        start = ps.pop(0)
    assert not ps, text
    return RefContract(kind, trump, start)


def strongest_first(order: str, top: int) -> list[int]:
    """Rank orders of RULES R, strongest first (Middle 9 ranks from the rulebook, 13 ranks D4)."""
    if order == "over":
        return list(range(top, 0, -1))
    if order == "under":
        return list(range(1, top + 1))
    if top == 9:
        return [5, 4, 6, 3, 7, 2, 8, 1, 9]
    assert top == 13
    return [7, 6, 8, 5, 9, 4, 10, 3, 11, 2, 12, 1, 13]  # D4


STRENGTH = {(o, t): {r: t - i for i, r in enumerate(strongest_first(o, t))}
             for o in ("over", "under", "middle") for t in (9, 13)}


def led_suit(trick: list[str]) -> str | None:
    """The suit of the first non-Joker card (D6: after a Joker lead the next card sets it)."""
    for c in trick:
        s = SUIT[c]
        if s is not None:
            return s
    return None


def trick_winner(contract: RefContract, k: int, n: int, trick: list[str], top: int) -> int:
    """Index in ``trick`` of the winning card: Jokers beat all, of two the later (RULES R, D6);
    then trump, then the led suit; identical cards: the later-played wins (D2)."""
    led = led_suit(trick)
    strength = STRENGTH[contract.order_for(k, n), top]
    trump = contract.trump
    best, pos = -1, 0
    for i, c in enumerate(trick):
        s = SUIT[c]
        if s is None:
            key = 300
        elif s == trump:
            key = 200 + strength[RANK[c]]
        elif s == led:
            key = 100 + strength[RANK[c]]
        else:
            key = 0
        if key >= best:
            best, pos = key, i
    return pos


def is_legal_play(card: str, playable: set[str], trick: list[str], trump: str | None) -> bool:
    """Membership in :func:`legal_plays` (``card`` being in ``playable``), without the set."""
    led = led_suit(trick)
    s = SUIT[card]
    if led is None or s == led or s is None or (s == trump and trump is not None):
        return True
    return not any(SUIT[c] == led for c in playable)


def legal_plays(playable: set[str], trick: list[str], trump: str | None) -> set[str]:
    """RULES F + D6 + D7: follow the led suit if able; may trump; a Joker may always be played."""
    led = led_suit(trick)
    if led is None:
        return set(playable)
    follow = {c for c in playable if SUIT[c] == led}
    if not follow:
        return set(playable)
    allowed = (None, trump) if trump is not None and led != trump else (None,)
    return follow | {c for c in playable if SUIT[c] in allowed}


# ------------------------------------------------------------------------------ setups (RULES S)

NAMED_SETUPS: dict[str, list[dict[str, object]]] = {
    # D10
    "standard": [
        {"row": "trump", "value": 1},
        {"row": "under", "value": 2},
        {"row": "slalom", "value": 2},
        {"row": "joker", "value": 3},
    ],
    # D14
    "short": [{"row": "trump", "value": 1}, {"row": "slalom/pyramid", "value": 2}],
    "long": [
        {"row": "black-trump", "value": 1},
        {"row": "red-trump", "value": 1},
        {"row": "under", "value": 2},
        {"row": "over", "value": 2},
        {"row": "slalom", "value": 2},
        {"row": "pyramid", "value": 2},
        {"row": "joker", "value": 3},
        {"row": "joker", "value": 3},
        {"row": "joker", "value": 3},
    ],
}

_SUIT_NAMES = {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S"}


def kind_choices(kind: str) -> list[tuple[str, str]]:
    """(pick spelling, contract spelling) of a row kind (RECORD: one pick spelling per row)."""
    if kind == "trump":
        return [(f"trump({s})", f"trump({s})") for s in SUITS]
    if kind.endswith("-trump") and kind[:-6] in _SUIT_NAMES:
        return [(kind, f"trump({_SUIT_NAMES[kind[:-6]]})")]
    if kind == "black-trump":
        return [(f"black-trump({s})", f"trump({s})") for s in "CS"]
    if kind == "red-trump":
        return [(f"red-trump({s})", f"trump({s})") for s in "DH"]
    if kind in ("over", "under", "middle"):
        return [(kind, kind)]
    if kind in ("slalom", "pyramid"):
        return [(f"{kind}({st})", f"{kind}({st})") for st in ("high", "low")]
    if kind == "slalom/pyramid":
        return [
            (f"{k}({st})", f"{k}({st})") for k in ("slalom", "pyramid") for st in ("high", "low")
        ]
    if kind in ("trump-under", "trump-middle"):
        return [(f"{kind}({s})", f"{kind}({s})") for s in SUITS]
    if kind in ("trump-slalom", "trump-pyramid"):
        return [(f"{kind}({s},{st})", f"{kind}({s},{st})") for s in SUITS for st in ("high", "low")]
    raise ValueError(kind)


@dataclass
class RefRow:
    kind: str
    value: int
    avoidance: bool
    meta: str | None
    key: str
    choices: dict[str, str]  # pick spelling -> contract spelling


def build_rows(spec: str | list[dict[str, object]]) -> list[RefRow]:
    items = NAMED_SETUPS[spec] if isinstance(spec, str) else spec
    parsed = []
    for it in items:
        kind = str(it["row"])
        avoid = bool(it.get("avoidance", False))
        if kind.startswith("avoidance-"):
            kind, avoid = kind[len("avoidance-") :], True
        meta = it.get("meta")
        parsed.append((kind, int(it["value"]), avoid,  # type: ignore[call-overload]
                       None if meta is None else str(meta)))
    # RULES B: a Joker may name any contract another row plays, never another Joker.
    joker_contracts = {c for kind, *_ in parsed if kind != "joker" for _, c in kind_choices(kind)}
    rows: list[RefRow] = []
    seen: dict[str, int] = {}
    for kind, value, avoid, meta in parsed:
        base = f"avoidance-{kind}" if avoid else kind
        seen[base] = seen.get(base, 0) + 1
        key = base if seen[base] == 1 else f"{base}#{seen[base]}"
        if kind == "joker":
            choices = {f"joker={c}": c for c in joker_contracts}
        else:
            prefix = "avoidance-" if avoid else ""
            choices = {prefix + sp: c for sp, c in kind_choices(kind)}
        rows.append(RefRow(kind, value, avoid, meta, key, choices))
    return rows


def row_game_points(
    row: RefRow, scores: list[int], order: list[int], game_meta: str | None
) -> list[int]:
    """RULES S: rank by score (Avoidance: lowest best), ties to the earlier completer; 3 sides
    +V 0 -V, 2 sides +V -V; second place (row or game meta): best -V, second +V, worst 0."""
    v = row.value
    sign = 1 if row.avoidance else -1
    ranked = sorted(range(len(scores)), key=lambda s: (sign * scores[s], order.index(s)))
    if row.meta == "second-place" or game_meta == "second-place":
        awards = [-v, v, 0]
    elif len(scores) == 3:
        awards = [v, 0, -v]
    else:
        awards = [v, -v]
    out = [0] * len(scores)
    for place, side in enumerate(ranked):
        out[side] = awards[place]
    return out


@dataclass
class RefPad:
    rows: list[RefRow]
    sides: int
    meta: str | None
    scores: list[list[int | None]] = field(init=False)
    order: list[list[int]] = field(init=False)
    points: list[list[int] | None] = field(init=False)
    finish_order: list[int] = field(default_factory=list)
    match_points: list[int] = field(init=False)

    def __post_init__(self) -> None:
        self.scores = [[None] * self.sides for _ in self.rows]
        self.order = [[] for _ in self.rows]
        self.points = [None for _ in self.rows]
        self.match_points = [0] * self.sides

    def is_open(self, r: int, side: int) -> bool:
        return self.scores[r][side] is None

    def open_rows(self, side: int) -> list[int]:
        return [r for r in range(len(self.rows)) if self.is_open(r, side)]

    def complete(self) -> bool:
        return all(s is not None for row in self.scores for s in row)

    def record(self, r: int, side: int, score: int) -> None:
        assert self.is_open(r, side)
        self.scores[r][side] = score
        self.order[r].append(side)
        if not self.open_rows(side):
            self.finish_order.append(side)
        if len(self.order[r]) == self.sides:
            sc = [s for s in self.scores[r] if s is not None]
            self.points[r] = row_game_points(self.rows[r], sc, self.order[r], self.meta)

    @property
    def game_points(self) -> list[int]:
        out = list(self.match_points)
        for pts in self.points:
            if pts is not None:
                out = [a + b for a, b in zip(out, pts, strict=True)]
        return out

    @property
    def cumulative(self) -> list[int]:
        return [sum(row[s] or 0 for row in self.scores) for s in range(self.sides)]

    def winner(self) -> int:
        """Most game points (or cumulative most/least); ties to who finished first (RULES S)."""
        fin = {s: i for i, s in enumerate(self.finish_order)}
        if self.meta in ("cumulative-most", "cumulative-least"):
            sign = -1 if self.meta == "cumulative-most" else 1
            cum = self.cumulative
            return min(range(self.sides), key=lambda s: (sign * cum[s], fin.get(s, 99)))
        gp = self.game_points
        return min(range(self.sides), key=lambda s: (-gp[s], fin.get(s, 99)))


# ------------------------------------------------------------- picking (RULES B, V; D8, D11, D12)


def split_pick(text: str) -> tuple[int, str]:
    head, _, tail = text.partition(" ")
    if tail and head.isdigit():
        return int(head), tail
    return 0, text


@dataclass
class RefPicking:
    """The picking phase of one round. ``legal()`` is the set of record spellings allowed now."""

    seats: Seats
    pad: RefPad
    barrel: int
    passing_the_barrel: bool
    eligible: set[int] = field(init=False)
    turn: int = field(init=False)
    passed: set[int] = field(default_factory=set)
    bet: tuple[int, str, int] | None = None  # (seat, spelling, debt)
    forced: bool = False
    stage: str = "none"  # none | answering | declined | accepted | rescinded
    offer: int = 0
    queue: list[int] = field(default_factory=list)
    result: tuple[int, str, int, int] | None = None  # declarer, spelling, debt, offer

    def __post_init__(self) -> None:
        self.eligible = {
            s for s in range(self.seats.players) if self.pad.open_rows(self.seats.side(s))
        }
        self.turn = self.barrel

    def spellings(self, seat: int) -> set[str]:
        side = self.seats.side(seat)
        return {sp for r in self.pad.open_rows(side) for sp in self.pad.rows[r].choices}

    def steps(self) -> list[int]:
        return list(range(self.seats.step, self.seats.max_debt + 1, self.seats.step))

    def opponents(self) -> list[int]:
        """D11: the holder's eligible opponents, clockwise from the holder."""
        n, b = self.seats.players, self.barrel
        return [
            (b + k) % n
            for k in range(1, n)
            if (b + k) % n in self.eligible and self.seats.side((b + k) % n) != self.seats.side(b)
        ]

    def legal(self) -> set[str]:
        if self.stage == "answering":
            return {"accept", "decline"}
        if self.stage == "declined":
            return {f"offer {x}" for x in self.steps() if x > self.offer} | {"rescind"}
        sps = self.spellings(self.turn)
        if self.stage in ("accepted", "rescinded"):
            return sps
        if self.forced:
            out = set(sps)
            if self.passing_the_barrel and self.opponents():
                out |= {f"offer {x}" for x in self.steps()}
            return out
        if self.bet is None:
            return sps if len(self.eligible) == 1 else sps | {"pass"}  # lone player picks at once
        # D8: every later pick raises the Bet Debt; D12: any open row, even the same contract.
        raises = [d for d in self.steps() if d > self.bet[2]]
        return {"pass"} | {f"{d} {sp}" for sp in sps for d in raises}

    def _advance(self, seat: int) -> None:
        n = self.seats.players
        nxt = next(
            (
                q
                for q in ((seat + k) % n for k in range(1, n + 1))
                if q in self.eligible and q not in self.passed
            ),
            None,
        )
        if self.bet is not None:
            if nxt == self.bet[0]:
                self.result = (self.bet[0], self.bet[1], self.bet[2], 0)
            else:
                assert nxt is not None
                self.turn = nxt
        elif nxt is None:  # everyone passed: the holder must pick (or offer)
            self.forced = True
            self.turn = self.barrel
        else:
            self.turn = nxt

    def apply(self, text: str) -> None:
        seat = self.turn
        if text == "pass":
            self.passed.add(seat)
            self._advance(seat)
        elif text.startswith("offer "):
            self.offer = int(text[6:])
            self.queue = self.opponents()
            self.stage = "answering"
            self.turn = self.queue[0]
        elif text == "decline":
            self.queue.pop(0)
            if self.queue:
                self.turn = self.queue[0]
            else:
                self.stage = "declined"
                self.turn = self.barrel
        elif text == "accept":
            self.stage = "accepted"
        elif text == "rescind":
            self.stage = "rescinded"
            self.offer = 0
            self.turn = self.barrel
        else:
            debt, sp = split_pick(text)
            if self.stage == "accepted":
                self.result = (seat, sp, 0, self.offer)
            elif self.stage == "rescinded" or self.forced:
                self.result = (seat, sp, 0, 0)
            else:
                self.bet = (seat, sp, debt)
                self._advance(seat)

    def row_for(self, seat: int, spelling: str) -> int:
        """A pick fills the first open row, in setup order, that accepts its spelling (RULES B)."""
        side = self.seats.side(seat)
        return next(r for r in self.pad.open_rows(side) if spelling in self.pad.rows[r].choices)


def next_barrel(seats: Seats, pad: RefPad, barrel: int) -> int:
    """RULES B: the next eligible player clockwise from the barrel holder, else the holder."""
    n = seats.players
    for k in range(1, n):
        q = (barrel + k) % n
        if pad.open_rows(seats.side(q)):
            return q
    return barrel
