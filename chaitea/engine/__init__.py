"""The engine layer: the state machines that run a game, importing only the core.

The state API both drivers share (``machine``) and their one trick-play path (``play_step``:
per trick the round's tables, the legal mask kept from the follow rule's masks, the trick's
end once); Chai Tea Jazz's ``Game``/``GameState`` (:mod:`~chaitea.engine.game`, its parts
``round_play``, ``rounds``, ``view``, the Paper Pad ``pad``), the Jass family's driver
``JassGame``/``JassState`` (:mod:`~chaitea.engine.driver` with its mixins ``table_dealing``
(the deal), ``status_picking`` (the choice phase, Weis and Stöck, the start of play),
``state_views``, ``spellings``), the protocols a ruleset's parts follow
(``ruleset``: ``Table``, ``Score``, ``DeclaringPart``; ``picking``: ``ChoicePhase``,
``PickView``, ``PickStatus``; ``dealing``: the first forehand; ``hand``: a hand's facts for
scoring), the actions (``actions``), validation of outside input (``validate``) and the
ruleset registry (``registry``) that the rulesets fill. An engine module imports the core and
the engine.
"""
