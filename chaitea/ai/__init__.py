"""The AI layer: bots, worlds, the double-dummy solver and its kernels, the coach, tournaments.

The kernel's rule tables (:mod:`~chaitea.ai.kernel`, ``_kernel_base``, ``_kernel_plans``), the
Python and numba-compiled searches (``_search``, ``_search_tables``, ``_nbsolver``; whether a
default search may compile: ``compile_policy``) behind
:func:`chaitea.solve` (``solver``), the bots and their sampled worlds (``bots``, ``worlds``;
the table's games' ``table_bots``, ``thumb_rules``, ``play_masks``, ``aims``, ``replay``), the coach
(``coach``) and tournaments (``tournament``); each game's parts of the layer by the family its
ruleset declares (``parts``). An AI module imports every layer below it
(core, engine, rulesets, records, draw) and the AI layer.
"""
