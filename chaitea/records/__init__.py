"""The records layer: games stored and replayed (RECORD.md), above the rulesets.

The ``chaitea-record/1`` format for Chai Tea Jazz (:mod:`~chaitea.records.record`: loads,
replay, report, the atomic save) and the Jass family (``jass_record``), the Jass deal
command (``jass_cli``) and the teaching deals of the course (``teaching``). A records module
imports the core, the engine, the rulesets and the records.
"""
