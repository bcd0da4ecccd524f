"""``make openspiel-check`` sets ``CHAITEA_OPENSPIEL=required``: pyspiel is then imported here,
so a venv without it fails the run (an error while loading this conftest) instead of skipping
every test as the kit's own ``pytest`` run does (``pytest.importorskip`` in the test module)."""

from __future__ import annotations

import importlib
import os

if os.environ.get("CHAITEA_OPENSPIEL") == "required":
    importlib.import_module("pyspiel")  # ImportError: make openspiel-check fails
