"""The AI layer: bots, worlds, the double-dummy solver and its kernels, the coach, tournaments.

The kernel's rule tables (:mod:`~chaitea.ai.kernel`, ``_kernel_base``, ``_kernel_jass``), the
Python and numba-compiled searches (``_search``, ``_search_tables``, ``_nbsolver``; whether a
default search may compile: ``compile_policy``) behind
:func:`chaitea.solve` (``solver``), the bots and their sampled worlds (``bots``, ``worlds``;
the Jass family's ``jass_bots``, ``jass_rules``, ``jass_worlds``, ``jass_play``), the coach
(``coach``) and tournaments (``tournament``). An AI module imports every layer below it
(core, engine, rulesets, records, draw) and the AI layer.
"""
