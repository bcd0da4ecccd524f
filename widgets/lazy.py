"""Names of a package loaded on first use (PEP 562): ``from chaitea_widgets import Quiz``
imports only the quiz's module, not every view (and not pandas or matplotlib for lesson 1).

>>> getattr_, dir_ = lazy_names("chaitea_widgets", {"Quiz": "quiz"}, {})
>>> getattr_("Quiz").__name__
'Quiz'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["lazy_names"]


def lazy_names(package: str, modules: Mapping[str, str], namespace: dict[str, Any]
               ) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """A package's ``__getattr__`` and ``__dir__`` for ``modules`` (name -> its module, relative
    to ``package``): a name is imported from its module when first asked for and kept in the
    package's ``namespace`` (its ``globals()``), so the next look-up is a plain attribute."""

    def __getattr__(name: str) -> Any:
        module = modules.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f".{module}", package), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted({*namespace, *modules})

    return __getattr__, __dir__
