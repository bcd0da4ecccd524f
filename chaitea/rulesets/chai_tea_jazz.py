"""Chai Tea Jazz as a ruleset value: its player counts, its options and the parts a
:class:`chaitea.Game` composes: the seating and deck (RULES P), the setup's rows, the choice phase
(:class:`~chaitea.rulesets.barrel.BarrelPicking`: Barrel picking and the offers of Passing the
Barrel), the play on the core's trick rules with the ``chai-tea-jazz`` follow rule (RULES F, R)
and the scoring part (:class:`~chaitea.rulesets.paper_pad.PaperPadScore`: the Paper Pad, the match
point, the metas; the game ends when the pad is full).

>>> from chaitea.rulesets import find_ruleset
>>> ctj = find_ruleset("chai-tea-jazz")
>>> ctj.players, [o.name for o in ctj.options]
((3, 2, 4, 6), ['deck', 'passing_the_barrel', 'match_point', 'meta', 'same_contract_raise'])
>>> parts = ctj.parts(4, "short", match_point=True)
>>> parts.deck.name, parts.seating.tricks(parts.deck.name), parts.scoring.match_point
('standard', 9, True)
>>> ctj.parts(2, meta="second-place")
Traceback (most recent call last):
...
chaitea.core.errors.SetupError: the second-place meta works with three players only (RULES S)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from chaitea.core.cards import deck_named
from chaitea.core.contracts import CTJ_FAMILY
from chaitea.core.errors import SetupError
from chaitea.core.following import FOLLOW_RULES
from chaitea.core.markup import quote, shorten
from chaitea.core.seating import SEATINGS
from chaitea.core.setups import Setup, parse_setup
from chaitea.engine.registry import RECORD_RULESETS, Parts, register
from chaitea.engine.ruleset import Option
from chaitea.engine.validate import record_players
from chaitea.rulesets.barrel import BarrelPicking
from chaitea.rulesets.paper_pad import PaperPadScore

__all__ = ["CHAI_TEA_JAZZ", "JASS_RULESETS", "METAS", "OPTION_NAMES", "ChaiTeaJazzRuleset",
           "Parts", "record_options"]

METAS = (None, "second-place", "cumulative-most", "cumulative-least")
_DECKS = ("standard", "six-player", "double", "jass")  # the decks a record names (RECORD)
JASS_RULESETS = RECORD_RULESETS  # every ruleset name the record knows (RECORD)


@dataclass(frozen=True)
class ChaiTeaJazzRuleset:
    """Chai Tea Jazz: the player counts it allows (the first is the default), its options (as
    the record names them) and the builder of its :class:`Parts`."""

    name: str
    title: str
    players: tuple[int, ...]
    options: tuple[Option, ...]
    doc: str = ""
    family: ClassVar[str] = CTJ_FAMILY  # its games run on chaitea.engine.game (registry.MAKERS)

    def parts(self, players: int = 3, setup: Setup | str | list[dict[str, Any]] = "standard",
              *, deck: str | None = None, passing_the_barrel: bool = False,
              match_point: bool = False, meta: str | None = None,
              same_contract_raise: bool = True) -> Parts:
        """The parts of a game, checking the rules' own constraints (which deck fits which
        player count, which meta...) with a :class:`SetupError` that names the rule."""
        if type(players) is not int or players not in SEATINGS:
            raise SetupError(f"players must be 2, 3, 4 or 6, not {quote(players)} "
                             "(RECORD players)")
        seating = SEATINGS[players]
        deck_name = seating.decks[0] if deck is None else deck
        if not isinstance(deck_name, str) or deck_name not in (*_DECKS, "jass-double"):
            raise SetupError(f"unknown deck {quote(deck_name)}: use standard, six-player, double, "
                             "jass or jass-double (RECORD options.deck)")
        if deck_name not in seating.decks:
            raise SetupError(f"the {shorten(deck_name)} deck does not fit {players} players; use "
                             f"{' or '.join(seating.decks)} (RULES P, RECORD options.deck)")
        the_deck = deck_named(deck_name)
        flags = {"passing_the_barrel": passing_the_barrel, "match_point": match_point,
                 "same_contract_raise": same_contract_raise}
        wrong = [name for name, flag in flags.items() if type(flag) is not bool]
        if wrong:
            raise SetupError(f"option {wrong[0]} must be true or false")
        if not any(type(meta) is type(m) and meta == m for m in METAS):
            raise SetupError(f"unknown meta {quote(meta)}: use null, \"second-place\", "
                             "\"cumulative-most\" or \"cumulative-least\" (RECORD options.meta)")
        the_setup = setup if isinstance(setup, Setup) else parse_setup(setup)
        if players != 3 and (meta == "second-place" or any(r.meta for r in the_setup.rows)):
            raise SetupError("the second-place meta works with three players only (RULES S)")
        return Parts(players, seating, the_deck, the_setup,
                     BarrelPicking(passing_the_barrel, same_contract_raise),
                     PaperPadScore(match_point, meta), FOLLOW_RULES["chai-tea-jazz"])

    def record_options(self, players: object, setup: object,
                       options: object) -> dict[str, Any]:
        """:func:`record_options`: a record's values checked, as ``Game``'s arguments."""
        return record_options(players, setup, options)


CHAI_TEA_JAZZ = register(ChaiTeaJazzRuleset(
    "chai-tea-jazz", "Chai Tea Jazz", (3, 2, 4, 6), (
        Option("deck", None, "standard; six-player or double for six players (RULES P)",
               choices=(None, "standard", "six-player", "double")),
        Option("passing_the_barrel", False, "the barrel holder may offer (RULES V, D11)"),
        Option("match_point", False, "a side that wins every trick takes a point (RULES V)"),
        Option("meta", None, "the game-wide meta contract (RULES S)", choices=METAS),
        Option("same_contract_raise", True, "a raise may name the Current Bet's contract "
               "(D12; false: refused)"),
    ), doc="the rulebook's game (docs/rules.md)"))

OPTION_NAMES = (*(o.name for o in CHAI_TEA_JAZZ.options), "ruleset")


def record_options(players: object, setup: object, options: object) -> dict[str, Any]:
    """A record's ``players``, ``setup`` and ``options`` values checked (anything unknown is
    refused with a :class:`SetupError` that names the field and quotes the value through
    :func:`~chaitea.core.markup.quote`, cut at 60 characters), as ``Game``'s keyword
    arguments."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise SetupError("'options' must be an object (RECORD options)")
    unknown = [k for k in options if k not in OPTION_NAMES]
    if unknown:
        raise SetupError(f"unknown option {quote(unknown[0])} (RECORD options)")
    record_players(players, CHAI_TEA_JAZZ.players)
    if not isinstance(setup, str | list):
        raise SetupError("'setup' must be a name or a list of rows (RECORD setup)")
    deck = options.get("deck")
    if deck is not None and not (isinstance(deck, str) and deck in _DECKS):
        raise SetupError(f"unknown deck {quote(deck)} (RECORD options.deck)")
    ruleset = options.get("ruleset", "chai-tea-jazz")
    if not isinstance(ruleset, str):
        raise SetupError("'ruleset' must be a string (RECORD options.ruleset)")
    meta = options.get("meta")
    if meta is not None and not isinstance(meta, str):
        raise SetupError(f"unknown meta {quote(meta)} (RECORD options.meta)")
    return {"deck": deck, "passing_the_barrel": options.get("passing_the_barrel", False),
            "match_point": options.get("match_point", False), "meta": meta,
            "ruleset": ruleset, "same_contract_raise": options.get("same_contract_raise", True)}
