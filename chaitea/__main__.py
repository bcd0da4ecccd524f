"""Command line: ``python -m chaitea replay FILE|-``, ``deal``, ``random-game``.

``replay`` prints the RECORD report as JSON and exits 0, or exits 2 with one line on standard
error (``round R, picking|play step K: ...``), or 1 when the file cannot be opened. It never prints
a traceback.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence

from .contracts import Contract, rank_strength
from .deals import Deal
from .errors import ChaiTeaError, RecordError
from .game import Game
from .markup import one_line, shorten
from .record import MAX_RECORD_BYTES, replay, state_to_record


def _replay(path: str) -> int:
    try:
        if path == "-":
            data = sys.stdin.buffer.read(MAX_RECORD_BYTES + 1)
        else:
            with open(path, "rb") as f:
                data = f.read(MAX_RECORD_BYTES + 1)
    except OSError as e:
        print(one_line(f"cannot open {shorten(path, 200)}: {e.strerror or e}"), file=sys.stderr)
        return 1
    try:
        out = replay(data)
    except RecordError as e:
        print(one_line(str(e)), file=sys.stderr)  # control characters escaped (issue 13)
        return 2
    except Exception as e:  # a bug must still not show a traceback to a user
        print(one_line(f"round 0, picking step 0: internal error ({type(e).__name__}: "
                       f"{shorten(str(e), 200)})"), file=sys.stderr)
        return 2
    print(json.dumps(out, indent=2))
    return 0


def _deal(players: int, seed: int, deck: str | None, contract: str | None) -> int:
    game = Game(players=players, deck=deck)
    d = Deal.from_seed(seed, players, game.deck)
    c = Contract.parse(contract) if contract else Contract("over")
    rs = rank_strength(c.order_for(0, game.n_tricks), game.deck.ranks)
    trump = c.trump

    def key(card: object) -> tuple[int, int, int]:
        from .cards import Card
        assert isinstance(card, Card)
        if card.suit is None:
            return (-1, 0, card.copy)
        return (0 if card.suit == trump else 1 + int(card.suit), -rs[card.rank], card.copy)

    print(f"Deal of seed {seed} for {players} players ({game.deck.describe()}), "
          f"sorted for {c.title}:")
    for seat, hand in enumerate(d.hands):
        pts = sum(game.deck.points_of(x) for x in hand)
        team = f" team {game.side_names[game.side_of[seat]]}" if game.side_names else ""
        print(f"  seat {seat}{team}: {' '.join(str(x) for x in sorted(hand, key=key))}"
              f"   ({pts} card points)")
        if d.straw:
            stacks = "  ".join(f"[{up} on ?]" for _down, up in d.straw[seat])
            print(f"          straw-pile: {stacks}")
    if d.set_aside:
        print(f"  set aside (face down): {len(d.set_aside)} cards")
    return 0


def _random_game(players: int, seed: int, setup: str, deck: str | None) -> int:
    game = Game(players=players, setup=setup, deck=deck)
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    print(json.dumps(state_to_record(state), indent=1))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m chaitea",
                                     description="Chai Tea Jazz rules engine")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("replay", help="check a chaitea-record/1 file and print its report")
    p.add_argument("file", help="the record, or - for standard input")
    p = sub.add_parser("deal", help="print a readable seeded deal")
    p.add_argument("--players", type=int, default=3, choices=(2, 3, 4, 6))
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--deck", choices=("standard", "six-player", "double"))
    p.add_argument("--contract", help="sort hands for this contract, e.g. trump(H) or under")
    p = sub.add_parser("random-game", help="play a whole game of random legal actions and print"
                       " its record")
    p.add_argument("--players", type=int, default=3, choices=(2, 3, 4, 6))
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--setup", default="standard", choices=("standard", "short", "long"))
    p.add_argument("--deck", choices=("standard", "six-player", "double"))
    args = parser.parse_args(argv)
    try:
        if args.command == "replay":
            return _replay(args.file)
        if args.command == "deal":
            return _deal(args.players, args.seed, args.deck, args.contract)
        return _random_game(args.players, args.seed, args.setup, args.deck)
    except ChaiTeaError as e:
        print(one_line(f"error: {e}"), file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
