"""The bots for the seats people do not play: the choices a learner has at the table
(:data:`BOT_CHOICES`), a bot by its name, and the bots of every seat of a new game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from chaitea.ai.bots import Bot, RuleBot, make_bot

from .base import Refusal

__all__ = ["BOT_CHOICES", "DEFAULT_BOT", "PIMC_SAMPLES", "bot_named", "choice_name", "make_bots"]

# the bots a learner may choose for a bot seat (``chaitea.ai.bots.make_bot`` names)
BOT_CHOICES = {"rule": "Rule-based", "random": "Random", "pimc": "Monte Carlo"}
DEFAULT_BOT = "rule"
PIMC_SAMPLES = 12  # a Monte Carlo bot chosen at the table: a short budget per card


def bot_named(name: str, seed: int) -> Bot:
    """A bot by its :data:`BOT_CHOICES` name, seeded; an unknown name is refused."""
    if name not in BOT_CHOICES:
        raise Refusal(f"a bot is one of {', '.join(BOT_CHOICES)}, not {name!r}")
    if name == "pimc":
        return make_bot(name, seed, samples=PIMC_SAMPLES)
    return make_bot(name, seed)


def make_bots(players: int, bots: object = None, seed: int = 0) -> dict[int, Bot]:
    """Bots per seat: ``None`` gives each seat a :class:`~chaitea.ai.bots.RuleBot`; a name
    (``"random"``, ``"rule"``, ``"pimc"``) or one object with ``act(state)`` plays every bot
    seat; a sequence or mapping gives them per seat (names or objects)."""
    out: dict[int, Bot] = {}
    for s in range(players):
        bot: object
        if bots is None:
            bot = None
        elif isinstance(bots, str):
            bot = bots
        elif isinstance(bots, Mapping):
            bot = bots.get(s)
        elif isinstance(bots, Sequence):
            bot = bots[s] if s < len(bots) else None
        else:
            bot = bots
        if bot is None:
            bot = RuleBot(seed * 7919 + s)
        elif isinstance(bot, str):
            bot = bot_named(bot, seed * 7919 + s)
        if not callable(getattr(bot, "act", None)):
            raise Refusal(f"a bot needs a method act(state) -> action id; {bot!r} has none")
        out[s] = bot  # type: ignore[assignment]
    return out


def choice_name(bot: object) -> str:
    """The :data:`BOT_CHOICES` name of ``bot`` (``""`` for another kind of bot object)."""
    for name, cls in (("rule", "RuleBot"), ("random", "RandomBot"), ("pimc", "PimcBot")):
        if type(bot).__name__ == cls:
            return name
    return ""
