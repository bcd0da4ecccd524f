"""The usage examples in the engine's docstrings are tests: they must stay true to the code."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import chaitea

MODULES = sorted(
    m.name
    for m in pkgutil.walk_packages(chaitea.__path__, "chaitea.")
    if m.name != "chaitea.__main__"
)


@pytest.mark.parametrize("name", ["chaitea", *MODULES])
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0, f"{result.failed} docstring example(s) failed in {name}"


def test_the_engine_has_examples() -> None:
    """Most engine modules show a usage example (python-chess style)."""
    finder = doctest.DocTestFinder()
    with_examples = [
        n for n in MODULES if any(t.examples for t in finder.find(importlib.import_module(n)))
    ]
    assert len(with_examples) >= 8, with_examples
