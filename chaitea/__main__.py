"""Command line: ``python -m chaitea replay FILE|-``, ``deal``, ``random-game``, ``explore``,
``tournament``.

``replay`` prints the RECORD report as JSON and exits 0, or exits 2 with one line on standard
error (``round R, picking|play step K: ...``), or 1 when the file cannot be opened. Exit codes:

- 0: done (``--help`` too); 2: a record (or a game the engine refuses) was refused, one line on
  standard error;
- 1: a file cannot be opened, or the output cannot be written (a full disk: one line);
- 64: a usage error of the command line (``EX_USAGE``: an unknown command or option, a missing
  argument, a bad option value), with the subcommand's usage and one line on standard error
  that names the option;
- 130: interrupted (Ctrl-C), quietly (``explore`` first writes the rows done so far);
- 141: standard output was closed early (``python -m chaitea ... | head``): nothing more is
  written, quietly, as a command killed by ``SIGPIPE`` would end.

A bad option value is one wrong by itself, whatever the other options say: not a number, a
count out of its range, a name the command does not know (a ruleset, a bot, a setup, a deck, a
contract of the ruleset played), a malformed ``NAME=VALUE`` or JSON. Counts are capped:
``--deals`` 1 to 10,000,000 (:data:`~chaitea.records.command_line.MAX_DEALS`), ``--samples`` 1 to
10,000, ``--workers`` 1 to 256; a ``--seed`` is any whole number of at most 4,000 digits. Values
each fine that the engine refuses together (a deck for the wrong player count, three bots for
a game of two teams, an option the ruleset does not have) are a refused game: exit 2.

It never prints a traceback (a bug shows as one line ``error: internal error (...)``, exit 2);
control characters of the input are escaped in every message.
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import random
import sys
from collections.abc import Sequence
from typing import NoReturn

import chaitea.analysis.cli as explore_cli
from chaitea.core.contracts import Contract, rank_strength
from chaitea.core.deals import Deal
from chaitea.core.errors import ChaiTeaError, RecordError
from chaitea.core.markup import one_line, shorten
from chaitea.engine.game import Game
from chaitea.records.command_line import UsageError, ruleset_name, seed_value
from chaitea.records.record import MAX_RECORD_BYTES, replay, state_to_record

EX_USAGE = 64  # sysexits.h: the command was used incorrectly
EX_INTERRUPTED = 130  # 128 + SIGINT: Ctrl-C
EX_PIPE = 141  # 128 + SIGPIPE: what a shell reports for a command whose reader went away

__all__ = ["EX_USAGE", "UsageError", "build_parser", "main"]


class _Parser(argparse.ArgumentParser):
    """Usage errors exit 64 (argparse's own exit 2 would read as a refused record), with the
    usage and one line; every subcommand's parser is one too (``add_parser`` takes the class
    of its parent)."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        print(one_line(f"{self.prog}: error: {message}"), file=sys.stderr)
        raise SystemExit(EX_USAGE)


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
        print(one_line(str(e)), file=sys.stderr)  # control characters escaped
        return 2
    except Exception as e:  # a bug must still not show a traceback to a user
        print(one_line(f"round 0, picking step 0: internal error ({type(e).__name__}: "
                       f"{shorten(str(e), 200)})"), file=sys.stderr)
        return 2
    print(json.dumps(out, indent=2))
    return 0


def _deal(players: int | None, seed: int, deck: str | None, contract: str | None,
          ruleset: str = "chai-tea-jazz") -> int:
    if ruleset != "chai-tea-jazz":  # a Jass-family game (RULES J): chaitea.records.command_line
        from chaitea.records.command_line import deal
        return deal(ruleset, players, seed, contract, deck)
    players = _ctj_players(players)
    game = Game(players=players, deck=deck)
    d = Deal.from_seed(seed, players, game.deck)
    try:
        c = Contract.parse(contract) if contract else Contract("over")
    except ChaiTeaError as e:
        raise UsageError(f"argument --contract: {e}") from None
    rs = rank_strength(c.order_for(0, game.n_tricks), game.deck.ranks)
    trump = c.trump

    def key(card: object) -> tuple[int, int, int]:
        from chaitea.core.cards import Card
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


def _random_game(players: int | None, seed: int, setup: str, deck: str | None,
                 ruleset: str = "chai-tea-jazz") -> int:
    if ruleset != "chai-tea-jazz":  # a Jass-family game (RULES J): chaitea.records.command_line
        from chaitea.records.command_line import random_game
        return random_game(ruleset, players, seed, deck)
    players = _ctj_players(players)
    game = Game(players=players, setup=setup, deck=deck)
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    print(json.dumps(state_to_record(state), indent=1))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (see the module's docstring), ``--help``
    and usage errors included (argparse's ``SystemExit`` is caught)."""
    try:
        try:
            code = _main(argv)
        except SystemExit as e:  # argparse: --help printed (0), or a usage error (64)
            code = 0 if e.code is None else e.code if isinstance(e.code, int) else EX_USAGE
        sys.stdout.flush()  # a full disk or a closed pipe shows here, not at exit
        return code
    except KeyboardInterrupt:
        return EX_INTERRUPTED
    except BrokenPipeError:
        _silence_stdout()
        return EX_PIPE
    except OSError as e:  # standard output cannot be written: a full disk, a quota, EIO
        if e.errno == errno.EPIPE:
            _silence_stdout()
            return EX_PIPE
        _silence_stdout()
        print(one_line(f"cannot write the output: {e.strerror or e}"), file=sys.stderr)
        return 1


def _silence_stdout() -> None:
    """Point standard output at /dev/null so that nothing is written (or fails) at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # no real file descriptor (tests)
        pass


DECKS = ("standard", "six-player", "double", "jass", "jass-double")



def _ctj_players(players: int | None) -> int:
    """Chai Tea Jazz's player count (3 by default): a count only another ruleset allows is a
    usage error, as argparse's own choices were before the other rulesets' counts joined."""
    from chaitea.core.seating import SEATINGS

    if players is None:
        return 3
    if players not in SEATINGS:
        shown = ", ".join(map(str, SEATINGS))
        raise UsageError(f"argument --players: invalid choice: {players} (choose from {shown})")
    return players


def _player_counts() -> tuple[int, ...]:
    """Every player count some ruleset allows: Chai Tea Jazz's (RULES P) and each registered
    ruleset's (the registry, so a new ruleset's counts need no edit here)."""
    from chaitea.core.seating import SEATINGS
    from chaitea.rulesets import RULESETS

    return tuple(sorted(set(SEATINGS) | {n for r in RULESETS.values() for n in r.players}))

def build_parser() -> argparse.ArgumentParser:
    """The command line's parser, every subcommand added (help texts are %-formatted by
    argparse: a literal percent sign is written ``%%``)."""
    parser = _Parser(prog="python -m chaitea", description="Chai Tea Jazz rules engine",
                     epilog="Exit codes: 0 done, 1 file or output error, 2 refused record or "
                            "game, 64 usage error, 130 interrupted, 141 output closed early.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("replay", help="check a chaitea-record/1 file and print its report")
    p.add_argument("file", help="the record, or - for standard input")
    p = sub.add_parser("deal", help="print a readable seeded deal")
    p.add_argument("--players", type=int, choices=_player_counts())
    p.add_argument("--seed", type=seed_value, default=0, help="a whole number (default 0)")
    p.add_argument("--deck", choices=DECKS)
    p.add_argument("--contract", help="sort hands for this contract, e.g. trump(H) or under")
    p.add_argument("--ruleset", type=ruleset_name, default="chai-tea-jazz",
                   help="chai-tea-jazz, or a Jass game: jass, schieber, coiffeur-schieber, "
                   "coiffeur, ...")
    p = sub.add_parser("random-game", help="play a whole game of random legal actions and print"
                       " its record")
    p.add_argument("--players", type=int, choices=_player_counts())
    p.add_argument("--seed", type=seed_value, default=0, help="a whole number (default 0)")
    p.add_argument("--setup", default="standard", choices=("standard", "short", "long"))
    p.add_argument("--deck", choices=DECKS)
    p.add_argument("--ruleset", type=ruleset_name, default="chai-tea-jazz",
                   help="chai-tea-jazz, or a Jass game")
    explore_cli.add_command(sub)
    from chaitea.ai.tournament import add_cli  # the tournament subcommand

    add_cli(sub)
    return parser


def _subparser(parser: argparse.ArgumentParser, command: str) -> argparse.ArgumentParser:
    """The parser of the subcommand ``command`` (its usage goes with its errors)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            found: argparse.ArgumentParser = action.choices[command]
            return found
    return parser


def _main(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return _run(args)
    except UsageError as e:  # a value checked after parsing: the subcommand's usage, one line
        _subparser(parser, args.command).error(str(e))
    except ChaiTeaError as e:
        print(one_line(f"error: {e}"), file=sys.stderr)
        return 2
    except OSError:  # standard output: a closed pipe (141) or a full disk (1), in main()
        raise
    except Exception as e:  # a bug must still not show a traceback to a user
        print(one_line(f"error: internal error ({type(e).__name__}: {shorten(str(e), 200)})"),
              file=sys.stderr)
        return 2


def _run(args: argparse.Namespace) -> int:
    if args.command == "explore":
        return explore_cli.run(args)
    if args.command == "tournament":
        from chaitea.ai.tournament import run_cli

        return run_cli(args)
    if args.command == "replay":
        return _replay(args.file)
    if args.command == "deal":
        return _deal(args.players, args.seed, args.deck, args.contract, args.ruleset)
    return _random_game(args.players, args.seed, args.setup, args.deck, args.ruleset)


if __name__ == "__main__":
    sys.exit(main())
