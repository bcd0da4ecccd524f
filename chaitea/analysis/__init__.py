"""The analysis layer: rules exploration over many simulated deals, the top of the engine.

:func:`chaitea.explore` and its summaries (:mod:`~chaitea.analysis.explore`), the chunked and
parallel runs (``chunks``), the batch simulator (``batch``, numba), the rule tables it reads
(``rules``), tables and plots (``tables``, ``plots``) and the ``explore`` command line
(``cli``). An analysis module may import every layer of the engine.
"""
