"""The records layer: games stored and replayed (RECORD.md), above the rulesets.

The ``chaitea-record/1`` format of every ruleset (:mod:`~chaitea.records.record`: loads,
replay, report, the atomic save; ``sections``: what Chai Tea Jazz's and the Jass family's
records each read their own way), the command line's shared checks (``command_line``) and the
course's teaching deals and examples (``teaching``, ``teaching_deals``). A records module
imports the core, the engine, the rulesets and the records.
"""
