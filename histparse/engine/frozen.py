"""Cheap construction of the engine's frozen result dataclasses on its hot paths.

A frozen dataclass ``__init__`` sets each field through ``object.__setattr__`` (the class's
own ``__setattr__`` refuses), which made building an ``ActionResult`` a sixth of the cost of
``HandState.act``. ``twin(cls)`` is a plain class with the same ``__slots__`` as the frozen
slots dataclass ``cls``: fill one in with ordinary attribute sets, then assign
``__class__ = cls``, which Python allows between classes of the same slot layout. The object
is then an ordinary, frozen ``cls`` (equality, hash, repr, ``dataclasses.replace`` unchanged).
A misspelt field raises ``AttributeError`` at once (slots), and a twin whose slots no longer
match its class makes the ``__class__`` assignment raise ``TypeError``.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import Any

__all__ = ["twin"]


def twin(cls: type[Any]) -> type[Any]:
    """A mutable class with the slots of the frozen slots dataclass ``cls``."""
    slots = getattr(cls, "__slots__", None)
    if not is_dataclass(cls) or slots is None:
        raise TypeError(f"{cls.__name__} is not a slots dataclass")
    if tuple(slots) != tuple(f.name for f in fields(cls)):
        raise TypeError(f"{cls.__name__} has slots besides its fields")
    return type(f"_{cls.__name__}Parts", (), {"__slots__": tuple(slots), "__module__": __name__})
