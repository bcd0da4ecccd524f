"""Play random legal games through the public state API and check them against the reference model.

Everything is a function of one integer seed (the deals, the random choices, which steps are
sampled for the expensive checks), so a failure reproduces from the seed the test reports
(``play_checked_game(cfg, seed)``, adding ``full=True`` when the message says so).

Two kinds of games (drawn from the seed): a *full* game (6%) compares the engine with the
reference before every action; a *light* game logs the actions and, when each round ends, runs
them through the reference (the same seat to act, each action legal in the reference), which is
several times cheaper. The checks (RULES/RECORD sections and D-numbers in brackets):
- picking: the legal set equals the reference's (RULES B, V; D8, D11, D12); play: the legal
  cards equal the reference's (RULES F; D6, D7), and the seat to act is the reference's
  (full games; light games: every action taken is legal in the reference);
- seeded deals follow RECORD's portable shuffle (RECORD ``deal``);
- per round: every card played once (2 players: the 34 hand and straw cards, never the 2 set aside);
  each trick's winner (RULES R; D2-D6); the card points of the tricks each side won, plus the
  set-aside split (D9), sum to the deck total; the last-trick bonus goes to exactly the side that
  won the last trick; the round score is card points + bonus + offer - debt (Avoidance: + debt -
  offer, D13); the row filled (RULES B); declarer, contract, debt and offer;
- the pad: a row completes exactly when every side has scored it; its game points (RULES S) sum
  to 0; match points (RULES V); finish order; the next barrel holder (RULES B);
- the game ends exactly when every row is complete; the winner (RULES S);
- a refused action (an illegal id, string or value; in full games tried before ``legal_actions``
  is asked) raises ``ChaiTeaError`` and leaves the state ``==`` a clone taken before it (sampled);
- ``clone()`` then diverging play never changes the original;
- ``observation(seat)`` never shows another seat's hand, a face-down straw card or a set-aside card
  (full games, sampled);
- the record (sometimes saved to a file) replays to the same rounds, pad, game points and winner
  as the reference (every full game, 10% of light games); a record of a game in progress replays
  to the same seat to act and legal set (RECORD).
"""
from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import chaitea
from chaitea import ChaiTeaError
from chaitea.records.record import report

from . import reference as ref


@dataclass(frozen=True)
class Config:
    name: str
    players: int
    setup: str | list[dict[str, Any]] = "standard"
    deck: str | None = None
    passing_the_barrel: bool = False
    match_point: bool = False
    meta: str | None = None
    extra: bool = False  # a configuration beyond the brief's list: half the default games

    def game(self) -> chaitea.Game:
        return chaitea.Game(players=self.players, setup=self.setup, deck=self.deck,
                            passing_the_barrel=self.passing_the_barrel,
                            match_point=self.match_point, meta=self.meta)


_SHARED: dict[str, tuple[chaitea.Game, list[str], dict[chaitea.Card, str]]] = {}


def shared_game(cfg: Config) -> tuple[chaitea.Game, list[str], dict[chaitea.Card, str]]:
    """One :class:`chaitea.Game` per configuration for the light games (a Game is rules as
    data; building one per game would cost more than a short game), with its action spellings
    and card strings."""
    hit = _SHARED.get(cfg.name)
    if hit is None:
        g = cfg.game()
        names = [g.action_to_string(i) for i in range(g.num_distinct_actions)]
        hit = _SHARED[cfg.name] = (g, names, {c: str(c) for c in g.deck.cards})
    return hit


# A custom setup with an Avoidance row and a second-place row (RULES S, D13; RECORD setup).
CUSTOM_ROWS: list[dict[str, Any]] = [
    {"row": "hearts-trump", "value": 1},
    {"row": "over", "value": 2, "avoidance": True},
    {"row": "under", "value": 2, "meta": "second-place"},
    {"row": "avoidance-middle", "value": 1, "meta": "second-place"},
    {"row": "joker", "value": 3},
]

TEAM_ROWS_4: list[dict[str, Any]] = [
    {"row": "trump-slalom", "value": 2},
    {"row": "over", "value": 1},
    {"row": "avoidance-under", "value": 2},
    {"row": "joker", "value": 3},
]
TEAM_ROWS_6: list[dict[str, Any]] = [
    {"row": "middle", "value": 2},
    {"row": "trump-pyramid", "value": 1},
    {"row": "avoidance-trump-middle", "value": 2},
    {"row": "joker", "value": 3},
]

CONFIGS: list[Config] = [
    Config(f"{label}-{setup}", players, setup, deck)
    for label, players, deck in (("2p", 2, None), ("3p", 3, None), ("4p", 4, None),
                                 ("6p-six", 6, "six-player"), ("6p-double", 6, "double"))
    for setup in ("standard", "short", "long")
] + [
    Config("3p-barrel", 3, passing_the_barrel=True),
    Config("3p-match-point", 3, match_point=True),
    Config("3p-second-place", 3, meta="second-place"),
    Config("3p-cumulative-most", 3, meta="cumulative-most"),
    Config("3p-cumulative-least", 3, meta="cumulative-least"),
    Config("3p-custom", 3, CUSTOM_ROWS, passing_the_barrel=True),
    # Passing the Barrel and the match point with teams too (RULES V, D11).
    # Team games with Passing the Barrel, the match point and custom rows: Trump X (D5),
    # Middle with 13 ranks (D4), Pyramid over 9 tricks (D3), Avoidance with offers (D13).
    Config("4p-barrel-match", 4, TEAM_ROWS_4, passing_the_barrel=True, match_point=True,
           extra=True),
    Config("6p-barrel-match", 6, TEAM_ROWS_6, "six-player", passing_the_barrel=True,
           match_point=True, extra=True),
]


def side_name(cfg: Config, side: int) -> str | int:
    return "AB"[side] if cfg.players in (4, 6) else side


# ------------------------------------------------------------------------------------ the checker


def _strings(obj: Any) -> set[str]:
    """Every string anywhere in a JSON-like object (keys and values)."""
    out: set[str] = set()
    stack = [obj]
    while stack:
        o = stack.pop()
        if isinstance(o, str):
            out.add(o)
        elif isinstance(o, dict):
            out.update(k for k in o if isinstance(k, str))
            stack.extend(o.values())
        elif isinstance(o, list | tuple):
            stack.extend(o)
    return out


@dataclass
class RoundModel:
    deal: ref.RefDeal
    barrel: int
    picking: ref.RefPicking
    hands: list[set[str]] = field(default_factory=list)
    stacks: list[list[list[str | None]]] = field(default_factory=list)  # [down, up] per stack
    contract: ref.RefContract | None = None
    declarer: int = -1
    row: int = -1
    debt: int = 0
    offer: int = 0
    leader: int = -1
    turn: int = -1
    trick: list[tuple[int, str]] = field(default_factory=list)
    tricks: list[tuple[int, list[str], int]] = field(default_factory=list)
    reveal: list[tuple[int, int]] = field(default_factory=list)  # (seat, stack) turning up
    played: list[str] = field(default_factory=list)
    log: list[tuple[int, int]] = field(default_factory=list)  # light games: (seat, action id)


class GameChecker:
    """Drives one random game; every step is checked against :mod:`reference`."""

    def __init__(self, cfg: Config, seed: int, *, save_dir: Path | None = None,
                 full: bool | None = None, full_rate: float = 0.06,
                 replay_rate: float = 0.1, refusal_rate: float | None = None,
                 equality_rate: float | None = None, observe_rate: float = 0.02,
                 record_rate: float | None = None, tricks_rate: float | None = None,
                 deal_check_rate: float | None = None) -> None:
        self.cfg = cfg
        self.seed = seed
        self.rng = random.Random(seed)
        self.seats = ref.seats_for(cfg.players, cfg.deck)
        self.rows = ref.build_rows(cfg.setup)
        self.pad = ref.RefPad(self.rows, self.seats.sides, cfg.meta)
        self.top = 13 if self.seats.deck == "six-player" else 9
        self.total = sum(ref.points(c) for c in ref.deck_cards(self.seats.deck))
        self.deal_mode = self.rng.choice(["auto", "seed", "explicit", "mixed"])
        self.barrel = self.rng.randrange(cfg.players)
        self.p_pass = self.rng.random() * 0.95
        self.p_offer = self.rng.random()
        self.p_accept = self.rng.random() * 0.6
        self.sweep = cfg.match_point and self.rng.random() < 0.5
        # A full game checks every step against the reference; a light game replays each
        # round's actions through the reference when the round ends (the same checks but the
        # legal sets of the steps not taken), which is several times cheaper.
        draws = self.rng.random(), self.rng.random()  # drawn whether or not ``full`` is given
        self.full = draws[0] < full_rate if full is None else full
        self.replay = self.full or draws[1] < replay_rate
        if equality_rate is None:
            equality_rate = 0.15 if self.full else 0.05
        if refusal_rate is None:
            refusal_rate = 0.3 if self.full else 0.06
        if tricks_rate is None:
            tricks_rate = 0.5 if self.full else 0.1
        self.deal_check_rate = (1.0 if self.full else 0.3) if deal_check_rate is None \
            else deal_check_rate
        self.refusal_rate = refusal_rate
        self.equality_rate = equality_rate
        self.observe_rate = observe_rate
        self.record_rate = (0.05 if self.full else 0.0) if record_rate is None else record_rate
        self.tricks_rate = tricks_rate
        if self.full:  # a fresh Game, its action table spelled here
            self.game = cfg.game()
            self.names = [self.game.action_to_string(i)
                          for i in range(self.game.num_distinct_actions)]
            self.card_str = {c: str(c) for c in self.game.deck.cards}
        else:
            self.game, self.names, self.card_str = shared_game(cfg)
        self.n_cards = self.game.n_cards
        self.id_of = {n: i for i, n in enumerate(self.names)}
        self.offer_ids = set(self.game.offer_ids.values())
        self.deck_list = ref.deck_cards(self.seats.deck)
        self.sorted_deck = sorted(self.deck_list)
        step = self.seats.step
        self.pick_strings = [  # record spellings, and picking strings that are never legal
            "pass", "accept", "decline", "rescind", f"offer {step}", f"offer {step * 7}",
            "under", f"{step} under", "trump(H)", f"{step * 2} trump(H)", "slalom(high)",
            "avoidance-over", "hearts-trump", "joker=under", "joker=trump(S)",
            "offer 0", "offer 4", "offer 40", "4 under", "40 under", "joker=joker",
            "trump", "trump(X)", "slalom", "joker", "offer -5"]
        self.save_dir = save_dir
        seed_arg = self.rng.randrange(2**31) if self.deal_mode == "auto" else None
        self.state = self.game.new_initial_state(seed=seed_arg, barrel=self.barrel)
        self.round: RoundModel | None = None
        self.rounds_done = 0
        self.results: list[dict[str, Any]] = []
        self.steps = 0
        est = len(self.rows) * self.seats.sides * (self.seats.n_tricks * cfg.players + 3)
        self.clone_step = self.rng.randrange(est)
        self.record_step = self.rng.randrange(est) \
            if self.full or self.rng.random() < 0.05 else -1
        self.n_plays = 34 if cfg.players == 2 else self.seats.n_tricks * cfg.players
        self.stats = {"offers": 0, "accepted": 0, "match_points": 0, "refusals": 0,
                      "full": int(self.full), "replays": 0}

    # -- helpers --------------------------------------------------------------------------------
    def fail(self, msg: str) -> AssertionError:
        full = ", full=True" if self.full else ""
        return AssertionError(f"[{self.cfg.name} seed={self.seed}{full} step={self.steps} "
                              f"round={self.rounds_done + 1}] {msg}")

    def check(self, cond: bool, msg: str | Callable[[], str]) -> None:
        """Fail with ``msg`` (a string, or a function making one: formatted only on failure)."""
        if not cond:
            raise self.fail(msg() if callable(msg) else msg)

    def side(self, seat: int) -> int:
        return self.seats.side(seat)

    # -- rounds ---------------------------------------------------------------------------------
    def deal_next(self) -> None:
        """At a chance node: deal by seed or explicitly (RECORD deal)."""
        mode = self.deal_mode
        if mode == "mixed":
            mode = self.rng.choice(["seed", "explicit"])
        seed = self.rng.randrange(2**31)
        if mode == "seed":
            self.state.apply_deal(seed)
            return
        d = ref.seeded_deal(seed, self.seats)
        parse = self.game.deck.parse
        straw = None if d.straw is None else tuple(
            tuple((parse(a), parse(b)) for a, b in s) for s in d.straw)
        aside = None if d.set_aside is None else tuple(parse(c) for c in d.set_aside)
        self.state.apply_deal(chaitea.Deal(tuple(tuple(parse(c) for c in h) for h in d.hands),
                                           straw, aside))

    def begin_round(self) -> None:
        st = self.state
        deal = st.deal
        assert deal is not None
        cs = self.card_str
        rd = ref.RefDeal([[cs[c] for c in h] for h in deal.hands],
                         None if deal.straw is None else
                         [[(cs[a], cs[b]) for a, b in s] for s in deal.straw],
                         None if deal.set_aside is None else [cs[c] for c in deal.set_aside])
        if deal.seed is not None and self.rng.random() < self.deal_check_rate:
            # RECORD deal: the portable shuffle
            exp = ref.seeded_deal(deal.seed, self.seats)
            self.check((rd.hands, rd.straw, rd.set_aside) == (exp.hands, exp.straw,
                                                               exp.set_aside),
                       lambda: f"seeded deal {deal.seed} differs from RECORD's portable shuffle")
        # RULES P: the whole deck, each card once, in the right hand sizes.
        allc = [c for h in rd.hands for c in h]
        if rd.straw is not None:
            allc += [c for s in rd.straw for st_ in s for c in st_]
            allc += list(rd.set_aside or [])
            self.check([len(h) for h in rd.hands] == [7, 7]
                       and [len(s) for s in rd.straw] == [5, 5]
                       and len(rd.set_aside or []) == 2, "two-player deal shape (RULES P)")
        else:
            self.check(self.cfg.players != 2, "two-player deal without straw")
            self.check({len(h) for h in rd.hands} == {self.seats.n_tricks},
                       "hand sizes (RULES P, D2)")
        self.check(sorted(allc) == self.sorted_deck,
                   "the deal is not the whole deck once (RULES P)")
        self.check(st.barrel == self.barrel,
                   lambda: f"barrel at seat {st.barrel}, expected {self.barrel} (RULES B)")
        picking = ref.RefPicking(self.seats, self.pad, self.barrel, self.cfg.passing_the_barrel)
        self.round = RoundModel(rd, self.barrel, picking)
        self.round.hands = [set(h) for h in rd.hands]
        if rd.straw is not None:
            self.round.stacks = [[[a, b] for a, b in s] for s in rd.straw]

    def ref_turn(self) -> int:
        r = self.round
        assert r is not None
        return r.picking.turn if r.contract is None else r.turn

    def ref_playable(self, seat: int) -> set[str]:
        r = self.round
        assert r is not None
        out = set(r.hands[seat])
        if r.stacks:
            out |= {st_[1] for st_ in r.stacks[seat] if st_[1] is not None}
        return out

    def ref_legal(self) -> set[str]:
        r = self.round
        assert r is not None
        if r.contract is None:
            return r.picking.legal()
        return ref.legal_plays(self.ref_playable(r.turn), [c for _, c in r.trick],
                               r.contract.trump)

    def hidden_from(self, seat: int) -> set[str]:
        """Cards ``seat`` must not see: other hands, face-down straw cards, the set-aside cards."""
        r = self.round
        assert r is not None
        out = {c for s, h in enumerate(r.hands) if s != seat for c in h}
        for stacks in r.stacks:
            out |= {st_[0] for st_ in stacks if st_[0] is not None}
        out |= set(r.deal.set_aside or [])
        return out

    # -- the policy -----------------------------------------------------------------------------
    def choose(self, st: chaitea.State, ids: list[int], rng: random.Random) -> int:
        if ids[0] < self.game.n_cards:  # playing a card
            if self.sweep and st is self.state:
                return self.sweep_choice(st, ids, rng)
            return rng.choice(ids)
        g = self.game  # a policy only: it may use the engine's action ids
        if g.PASS in ids and rng.random() < self.p_pass:
            return g.PASS
        if g.ACCEPT in ids:
            return g.ACCEPT if rng.random() < self.p_accept else g.DECLINE
        offer_ids = self.offer_ids
        offers = [a for a in ids if a in offer_ids]
        if offers and rng.random() < self.p_offer:
            return rng.choice(offers)
        rest = [a for a in ids if a != g.PASS and a not in offer_ids]
        return rng.choice(rest or ids)

    def sweep_choice(self, st: chaitea.State, ids: list[int], rng: random.Random) -> int:
        """Match-point games: the declarer's side tries to win every trick, the others duck
        (a policy only: it reads the engine's state; the checks do not rely on it)."""
        assert st.contract is not None and st.declarer is not None
        contract = ref.parse_contract(st.contract.spelling)
        trick = [self.card_str[c] for c in st.trick]
        k, leader, dside = st.trick_number, st.trick_leader, self.side(st.declarer)
        if not trick:
            if self.side(st.current_player()) != dside:
                return rng.choice(ids)
            # lead the card that the fewest unseen cards can beat
            r = self.round
            assert r is not None
            seen = set(r.played) | {self.card_str[c] for c in st.playable(st.current_player())}
            unseen = [c for c in self.deck_list if c not in seen]
            strength = ref.STRENGTH[contract.order_for(k, self.seats.n_tricks), self.top]
            jokers = sum(1 for c in unseen if ref.SUIT[c] is None)
            trumps = sum(1 for c in unseen if ref.SUIT[c] == contract.trump)

            def threat(a: int) -> int:
                c = self.names[a]
                s = ref.SUIT[c]
                if s is None:
                    return jokers
                mine = strength[ref.RANK[c]]
                t = sum(1 for x in unseen if ref.SUIT[x] == s and strength[ref.RANK[x]] >= mine)
                return t + jokers + (trumps if contract.trump not in (None, s) else 0)

            scored = [(threat(a), rng.random(), a) for a in ids]
            return min(scored)[2]
        good = []
        for a in ids:
            pos = ref.trick_winner(contract, k, self.seats.n_tricks, [*trick, self.names[a]],
                                   self.top)
            if self.side((leader + pos) % self.cfg.players) == dside:
                good.append(a)
        return rng.choice(good or ids)

    # -- the refusal check ----------------------------------------------------------------------
    def illegal_candidate(self, legal_ids: list[int], moves: set[str]) -> Any:
        rng, g = self.rng, self.game
        r = self.round
        for _ in range(8):
            k = rng.randrange(7)
            if k == 0:
                cand: Any = rng.randrange(g.num_distinct_actions)
            elif k == 1:
                cand = rng.choice([-1, g.num_distinct_actions, 10**6, True, None, 2.5, b"7H"])
            elif k == 2:
                cand = rng.choice(self.deck_list)
            elif k == 3:
                cand = rng.choice(self.pick_strings)
            elif k == 4:
                cand = rng.choice(["", "7Z", "JK3", "14H", "0C", "xyzzy", " pass", "offer",
                                   "5  under", "under ", "-5 under", "joker="])
            elif k == 5 and r is not None and r.stacks:  # D7: a face-down straw card
                downs = [s_[0] for s in r.stacks for s_ in s if s_[0] is not None]
                cand = rng.choice(downs) if downs else "xyzzy"
                if rng.random() < 0.5:
                    cand = self.id_of.get(cand, -1)
            else:
                cand = self.names[rng.randrange(g.num_distinct_actions)]
            if isinstance(cand, bool) or cand is None or isinstance(cand, float | bytes):
                return cand
            if isinstance(cand, int):
                if cand not in legal_ids:
                    return cand
            elif cand not in moves:
                # every candidate string is either a record spelling (legal exactly when it is
                # in ``moves``) or no action of this game at all
                return cand
        return None

    def check_refusal(self, legal_ids: list[int], moves: set[str], *,
                      engine_ids: bool = True) -> None:
        """Try an illegal action (``legal_ids``/``moves``: the legal actions, from the engine or,
        with ``engine_ids=False``, from the reference): it must raise ``ChaiTeaError`` and leave
        the state as it was (== a clone taken before, on a sample)."""
        st = self.state
        cand = self.illegal_candidate(legal_ids, moves)
        if cand is None:
            return
        deep = self.rng.random() < self.equality_rate
        before = st.clone() if deep else None
        try:
            st.apply_action(cand)
        except ChaiTeaError as e:
            self.check(bool(str(e).strip()), lambda: f"empty refusal message for {cand!r}")
        else:
            raise self.fail(f"illegal action {cand!r} was accepted (legal: {sorted(moves)})")
        self.stats["refusals"] += 1
        if engine_ids and st.legal_actions() != legal_ids:
            raise self.fail(f"refusing {cand!r} changed the legal actions")
        if before is not None:
            self.check(st == before, lambda: f"refusing {cand!r} changed the state (== clone)")

    # -- observation ----------------------------------------------------------------------------
    def check_observations(self) -> None:
        st, r = self.state, self.round
        assert r is not None
        for seat in range(self.cfg.players):
            obs = st.observation(seat)
            seen = _strings(obs)
            leak = seen & self.hidden_from(seat)
            if leak:
                raise self.fail(f"observation({seat}) reveals hidden cards {sorted(leak)}")
            if set(obs["hand"]) != r.hands[seat]:
                raise self.fail(f"observation({seat}) hand")
            if r.stacks:
                exp = [[{"down": d is not None, "up": u} for d, u in s] for s in r.stacks]
                if obs["straw"] != exp:
                    raise self.fail(f"observation({seat}) straw (D7)")
            if st.current_player() == seat:
                self.check(set(obs["legal"]) == self.ref_legal(), "observation legal set")

    # -- the step -------------------------------------------------------------------------------
    def step(self) -> None:
        st = self.state
        if st.is_chance_node():
            self.check(self.round is None or self.round.contract is None
                       or len(self.round.tricks) == self.seats.n_tricks, "chance node mid-round")
            if self.rng.random() < self.record_rate:
                self.check_record_midgame()
            self.deal_next()
            self.begin_round()
            return
        r = self.round
        if r is None or st.round_number != self.rounds_done + 1:
            raise self.fail("round bookkeeping out of step")
        seat = st.current_player()
        if seat != self.ref_turn():
            raise self.fail(f"seat {seat} to act, expected {self.ref_turn()}")
        exp = self.ref_legal()
        if self.rng.random() < self.refusal_rate:
            # before legal_actions(): the engine may not lean on a legal set computed for it
            self.check_refusal([self.id_of[m] for m in exp], exp, engine_ids=False)
        if self.rng.random() < 0.15:
            # act without asking legal_actions() first: a legal action from the reference
            move = self.rng.choice(sorted(exp))
            st.apply_action(self.id_of[move])
            self.steps += 1
            if r.contract is None:
                self.after_pick(move)
            else:
                self.after_play(seat, move)
            return
        legal_ids = st.legal_actions()
        names = self.names
        moves = {names[a] for a in legal_ids}
        if moves != exp or len(moves) != len(legal_ids):
            raise self.fail(f"legal set differs: engine-only {sorted(moves - exp)}, "
                            f"reference-only {sorted(exp - moves)}, {len(legal_ids)} ids")
        if self.rng.random() < self.observe_rate:
            self.check_details()
            self.check_observations()
        if self.steps == self.clone_step:
            self.check_clone()
        if self.steps == self.record_step:
            self.check_record_midgame()
        aid = self.choose(st, legal_ids, self.rng)
        move = names[aid]
        # apply through each spelling of an action: id, record string, action value (API brief)
        how = self.rng.randrange(4)
        st.apply_action(aid if how < 2 else move if how == 2 else self.game.action(aid))
        self.steps += 1
        if r.contract is None:
            self.after_pick(move)
        else:
            self.after_play(seat, move)

    def step_light(self) -> None:
        """A light game's step: act and log; the round is checked when it ends."""
        st = self.state
        if st.is_chance_node():
            if self.rng.random() < self.record_rate:
                self.check_record_midgame()
            self.deal_next()
            self.begin_round()
            return
        r = self.round
        assert r is not None
        seat = st.current_player()
        legal_ids = st.legal_actions()
        rng = self.rng
        if rng.random() < self.refusal_rate:
            self.check_refusal(legal_ids, {self.names[a] for a in legal_ids})
        steps = self.steps
        if steps == self.clone_step:
            self.check_clone()
        if steps == self.record_step:
            self.check_record_midgame()
        if legal_ids[0] < self.n_cards and not self.sweep:
            aid = rng.choice(legal_ids)
        else:
            aid = self.choose(st, legal_ids, rng)
        st.apply_action(aid)
        self.steps = steps + 1
        r.log.append((seat, aid))
        if aid < self.n_cards:
            r.played.append(self.names[aid])
            if len(r.played) == self.n_plays:
                self.replay_round_log()

    def replay_round_log(self) -> None:
        """Light games: run the round's actions through the reference (by the reference's seat
        to act; each pick and each card in the reference's legal set), then score the round."""
        r = self.round
        assert r is not None
        r.played = []
        for seat, aid in r.log:
            move = self.names[aid]
            if seat != self.ref_turn():
                raise self.fail(f"{move} by seat {seat}, expected seat {self.ref_turn()}")
            if r.contract is None:
                legal = r.picking.legal()
                if move not in legal:
                    raise self.fail(f"the engine accepted {move!r} by seat {seat}; the "
                                    f"reference allows {sorted(legal)}")
                self.ref_pick(move)
            else:
                if not ref.is_legal_play(move, self.ref_playable(seat), [c for _, c in r.trick],
                                         r.contract.trump):
                    raise self.fail(f"the engine accepted {move} by seat {seat} to the trick "
                                    f"{[c for _, c in r.trick]} (RULES F, D6, D7)")
                self.ref_play(seat, move)
        self.check(len(r.tricks) == self.seats.n_tricks, "the round did not end")
        self.end_round()

    def check_details(self) -> None:
        """Sampled: phase, the trick in progress and the straw piles (D7) as the API shows them."""
        st, r = self.state, self.round
        assert r is not None
        self.check(st.phase == ("picking" if r.contract is None else "play"), "phase")
        if r.contract is None:
            return
        self.check([str(c) for c in st.trick] == [c for _, c in r.trick]
                   and (not r.trick or st.trick_leader == r.leader), "current trick")
        if r.stacks:
            exp_straw = [[(d, u) for d, u in s] for s in r.stacks]
            got = [[(None if d is None else str(d), None if u is None else str(u))
                    for d, u in st.straw(s)] for s in range(2)]
            self.check(got == exp_straw, lambda: f"straw piles {got} != {exp_straw} (D7)")

    def ref_pick(self, move: str) -> bool:
        """The reference's picking step; True when picking has ended."""
        r = self.round
        assert r is not None
        p = r.picking
        if move.startswith("offer"):
            self.stats["offers"] += 1
        if move == "accept":
            self.stats["accepted"] += 1
        p.apply(move)
        if p.result is None:
            return False
        declarer, spelling, debt, offer = p.result
        r.declarer, r.debt, r.offer = declarer, debt, offer
        r.row = p.row_for(declarer, spelling)
        r.contract = ref.parse_contract(self.rows[r.row].choices[spelling])
        r.leader = r.turn = declarer  # RULES B: the declarer leads the first trick
        return True

    def after_pick(self, move: str) -> None:
        r = self.round
        assert r is not None
        if not self.ref_pick(move):
            self.check(self.state.phase == "picking", "picking ended early")
            return
        declarer, debt, offer = r.declarer, r.debt, r.offer
        contract = r.contract
        assert contract is not None
        st = self.state
        self.check(st.phase == "play", lambda: f"picking should have ended with {move!r}")
        self.check(st.declarer == declarer, lambda: f"declarer {st.declarer}, expected {declarer}")
        self.check(st.contract is not None and st.contract.spelling == contract.spelling,
                   lambda: f"contract {st.contract}, expected {contract.spelling}")
        self.check(st.row == self.rows[r.row].key, lambda: f"row {st.row}, expected "
                   f"{self.rows[r.row].key} (RULES B: first open row that accepts the pick)")
        self.check(st.bet_debt == debt and st.offer == offer, "debt/offer in play")

    def after_play(self, seat: int, card: str) -> None:
        r = self.round
        assert r is not None and r.contract is not None
        k = len(r.tricks)
        winner = self.ref_play(seat, card)
        if winner is None:
            return
        if self.state.trick_leader != winner:  # the winner leads the next trick (RULES R)
            raise self.fail(f"trick {r.tricks[-1][1]} won by seat {self.state.trick_leader}, "
                            f"expected {winner} ({r.contract.spelling}, trick {k + 1})")
        if len(r.tricks) == self.seats.n_tricks:
            self.end_round()

    def ref_play(self, seat: int, card: str) -> int | None:
        """The reference's play; returns the trick's winner when the card completes a trick."""
        r = self.round
        assert r is not None and r.contract is not None
        if card in r.hands[seat]:
            r.hands[seat].remove(card)
        else:
            k = next((i for i, s in enumerate(r.stacks[seat]) if s[1] == card), -1)
            if k < 0:
                raise self.fail(f"seat {seat} played {card}, which it does not hold face up")
            r.stacks[seat][k][1] = None
            if r.stacks[seat][k][0] is not None:
                r.reveal.append((seat, k))  # D7: turned face up after the trick
        r.played.append(card)
        r.trick.append((seat, card))
        n = self.cfg.players
        if len(r.trick) < n:
            r.turn = (seat + 1) % n
            return None
        k = len(r.tricks)
        cards = [c for _, c in r.trick]
        pos = ref.trick_winner(r.contract, k, self.seats.n_tricks, cards, self.top)
        winner = r.trick[pos][0]
        r.tricks.append((r.leader, cards, winner))
        for s, i in r.reveal:  # D7: covers turn face up once the trick is complete
            r.stacks[s][i] = [None, r.stacks[s][i][0]]
        r.reveal = []
        r.trick = []
        r.leader = r.turn = winner
        return winner

    def end_round(self) -> None:
        st, r, cfg, seats = self.state, self.round, self.cfg, self.seats
        assert r is not None and r.contract is not None
        results = st.round_results
        self.check(len(results) == self.rounds_done + 1, "round result missing")
        res = results[-1]
        # every card once (2 players: hand + straw, not the set-aside cards)
        dealt = [c for h in r.deal.hands for c in h]
        if r.deal.straw is not None:
            dealt += [c for s in r.deal.straw for st_ in s for c in st_]
            self.check(len(r.played) == 34, "two players play 34 cards")
            self.check(not set(r.played) & set(r.deal.set_aside or []),
                       "a set-aside card was played")
        self.check(sorted(r.played) == sorted(dealt), "not every dealt card played exactly once")
        if self.rng.random() < self.tricks_rate:  # the engine's trick records (sampled)
            tr = st.tricks
            self.check([(t.leader, [str(c) for c in t.cards], t.winner) for t in tr]
                       == r.tricks, "trick records / winners differ from the reference")
            self.check(all(t.reason for t in tr), "a trick without a reason")
        # card points per side from the tricks actually won (+ D9 split)
        side_pts = [0] * seats.sides
        for _, cards, w in r.tricks:
            side_pts[self.side(w)] += sum(map(ref.points, cards))
        last = r.tricks[-1][2]
        if r.deal.set_aside is not None:
            a, b = r.deal.set_aside
            high, low = (a, b) if ref.rank_of(a) >= ref.rank_of(b) else (b, a)
            side_pts[self.side(last)] += ref.points(high)
            side_pts[self.side((last + 1) % 2)] += ref.points(low)
        self.check(sum(side_pts) == self.total == (200 if cfg.players == 6 else 100),
                   lambda: f"card points {side_pts} do not sum to the deck total (RULES C, D1)")
        bonus = [seats.bonus if self.side(last) == s else 0 for s in range(seats.sides)]
        self.check(sum(bonus) == seats.bonus and sum(b > 0 for b in bonus) == 1, "bonus")
        dside = self.side(r.declarer)
        row = self.rows[r.row]
        if row.avoidance:  # D13
            score = side_pts[dside] + bonus[dside] + r.debt - r.offer
        else:
            score = side_pts[dside] + bonus[dside] + r.offer - r.debt
        tricks = [0] * cfg.players
        for _, _, w in r.tricks:
            tricks[w] += 1
        exp = {"declarer": r.declarer, "row": row.key, "contract": r.contract.spelling,
               "bet_debt": r.debt, "tricks": tricks, "card_points": side_pts[dside],
               "last_trick": last, "score": score}
        got = res.to_json()
        self.check(got == exp, lambda: f"round result {got} != reference {exp}")
        self.check(res.offer == r.offer, lambda: f"offer {res.offer} != {r.offer}")
        if res.side_points:
            self.check(list(res.side_points) == side_pts, "side points")
        self.results.append(exp)
        # the pad
        self.pad.record(r.row, dside, score)
        if cfg.match_point:  # RULES V: one side alone won every trick
            sweepers = {self.side(s) for s in range(cfg.players) if tricks[s]}
            if len(sweepers) == 1:
                self.pad.match_points[sweepers.pop()] += 1
                self.stats["match_points"] += 1
        self.check_pad()
        self.rounds_done += 1
        if self.pad.complete():
            self.check(st.is_terminal(), "every row is complete but the game goes on (RULES S)")
            self.check(st.winner() == self.pad.winner(),
                       lambda: f"winner {st.winner()}, expected {self.pad.winner()} (RULES S)")
            self.check(st.current_player() == chaitea.TERMINAL and st.legal_actions() == [],
                       "terminal state API")
        else:
            self.check(not st.is_terminal(), "the game ended with rows open (RULES S)")
            self.barrel = ref.next_barrel(seats, self.pad, r.barrel)
            if not st.is_chance_node():
                self.begin_round()

    def check_pad(self) -> None:
        """The pad against the reference pad: scores, completion order, and a row's game
        points exactly when every side has scored it (RULES S), each row summing to 0."""
        pad, mine = self.state.pad, self.pad
        if pad.scores != mine.scores or pad.order != mine.order:
            raise self.fail(f"pad scores {pad.scores} order {pad.order}, expected "
                            f"{mine.scores} {mine.order}")
        if pad.row_points != mine.points:  # None exactly for the incomplete rows
            raise self.fail(f"row game points {pad.row_points}, expected {mine.points}")
        for i, pts in enumerate(mine.points):
            if pts is not None and sum(pts) != 0:
                raise self.fail(f"row {self.rows[i].key} game points {pts} do not sum to 0")
            if pad.is_row_complete(i) != (pts is not None):
                raise self.fail(f"row {self.rows[i].key}: is_row_complete disagrees")
        gp = mine.game_points
        if pad.game_points != gp or self.state.game_points() != gp:
            raise self.fail(f"game points {pad.game_points}, expected {gp}")
        self.check(pad.finish_order == mine.finish_order, "finish order")
        if self.cfg.meta and self.cfg.meta.startswith("cumulative"):
            self.check(pad.cumulative == mine.cumulative, "cumulative sums")

    # -- clone and record -----------------------------------------------------------------------
    def check_clone(self) -> None:
        st = self.state
        keep = st.clone()
        self.check(keep == st, "a fresh clone is not equal")
        other = st.clone()
        rng = random.Random(self.rng.random())
        moved = 0
        for _ in range(rng.randrange(1, 60)):
            if other.is_terminal():
                break
            if other.is_chance_node():
                other.apply_deal(rng.randrange(2**31))
                continue
            other.apply_action(rng.choice(other.legal_actions()))
            moved += 1
        self.check(st == keep, "playing on a clone changed the original")
        if moved:
            self.check(other != st, "a clone that moved on still equals the original")

    def report_expected(self) -> dict[str, Any]:
        cfg = self.cfg
        def by_side(vals: list[Any]) -> Any:
            return {"AB"[s]: v for s, v in enumerate(vals)} if cfg.players in (4, 6) \
                else list(vals)
        pad = {}
        for i, row in enumerate(self.rows):
            pad[row.key] = {"scores": by_side(self.pad.scores[i]),
                            "order": [side_name(cfg, s) for s in self.pad.order[i]]}
        out = {"rounds": self.results, "pad": pad, "game_points": by_side(self.pad.game_points)}
        if cfg.meta and cfg.meta.startswith("cumulative"):
            out["cumulative"] = by_side(self.pad.cumulative)
        out["finish_order"] = [side_name(cfg, s) for s in self.pad.finish_order]
        return out

    def check_record_midgame(self) -> None:
        st = self.state
        text = json.dumps(st.record())
        rep = chaitea.replay(text)
        exp = self.report_expected()
        for k, v in exp.items():
            if rep[k] != v:
                raise self.fail(f"mid-game replay {k}: {rep[k]} != {v}")
        self.check(rep["finished"] is False and rep["winner"] is None, "mid-game finished")
        nxt = rep["next"]
        if st.is_chance_node():
            self.check(nxt["seat"] == self.barrel and nxt["phase"] == "picking",
                       lambda: f"between rounds, next {nxt} (barrel {self.barrel})")
            fresh = ref.RefPicking(self.seats, self.pad, self.barrel,
                                   self.cfg.passing_the_barrel)
            self.check(set(nxt["legal"]) == fresh.legal(), lambda: f"between rounds, legal {nxt}")
        else:
            legal = self.ref_legal() if self.full else set(st.legal_moves())
            self.check(nxt["seat"] == st.current_player() and nxt["phase"] == st.phase
                       and set(nxt["legal"]) == legal, lambda: f"replay next {nxt}")

    def check_final_record(self) -> None:
        if not self.replay:
            return
        st = self.state
        rec = st.record()
        self.stats["replays"] += 1
        self.check(rec["format"] == "chaitea-record/1" and rec["players"] == self.cfg.players,
                   "record header")
        self.check(len(rec["rounds"]) == self.rounds_done, "record rounds")
        if self.save_dir is not None and self.rng.random() < 0.1:
            path = self.save_dir / f"{self.cfg.name}-{self.seed}.json"
            chaitea.save(st, path)
            again = chaitea.load(path)
        else:
            again = chaitea.loads(json.dumps(rec))
        rep = report(again)  # = chaitea.replay(record)
        exp = self.report_expected()
        for k, v in exp.items():
            if rep[k] != v:
                raise self.fail(f"replay {k}: {rep[k]} != reference {v}")
        w = self.pad.winner()
        self.check(rep["finished"] is True and rep["next"] is None
                   and rep["winner"] == side_name(self.cfg, w),
                   lambda: f"replay end {rep['winner']}")
        self.check(again.record() == rec, "load(record).record() differs")
        self.check([x.to_json() for x in again.round_results]
                   == [x.to_json() for x in st.round_results], "loaded round results")

    # -- the whole game -------------------------------------------------------------------------
    def play(self, max_steps: int = 100_000) -> GameChecker:
        try:
            if not self.state.is_chance_node():
                self.begin_round()
            step = self.step if self.full else self.step_light
            while not self.state.is_terminal():
                step()
                self.check(self.steps < max_steps, "the game does not end")
            self.check(self.pad.complete(), "terminal with open rows (RULES S)")
            self.check(self.rounds_done == len(self.rows) * self.seats.sides,
                       "each contract is played once per side (RULES P)")
            self.check_final_record()
        except AssertionError:
            raise
        except Exception as e:  # e.g. the engine refusing an action it listed as legal
            raise self.fail(f"{type(e).__name__}: {e}") from e
        return self


def play_checked_game(cfg: Config, seed: int, **kw: Any) -> GameChecker:
    return GameChecker(cfg, seed, **kw).play()
