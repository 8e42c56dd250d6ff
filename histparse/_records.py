"""Cheap construction of frozen slotted dataclasses, for the few hot paths that build many.

A frozen dataclass ``__init__`` sets each field through ``object.__setattr__`` (the class's own
``__setattr__`` refuses), a Python-level call per field. Two ways around it, one per kind of
record:

* ``twin(cls)``, for the engine's per-action results: a plain class with the same ``__slots__``
  as ``cls``. Fill one in with ordinary attribute sets, then assign ``__class__ = cls``, which
  Python allows between classes of the same slot layout. The object is then an ordinary, frozen
  ``cls`` (equality, hash, repr, ``dataclasses.replace`` unchanged). A misspelt field raises
  ``AttributeError`` at once (slots), and a twin whose slots no longer match its class makes
  the ``__class__`` assignment raise ``TypeError``. Building an ``ActionResult`` this way
  removed a sixth of the cost of ``HandState.act``.
* ``builder(cls, *names)``, for the parser's per-line events: a positional constructor that
  creates the instance with ``object.__new__`` and fills its slots through the slot
  descriptors, about twice as fast as ``__init__``.

Both hide the fields from mypy, so records built once per hand use their own constructors.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from types import MemberDescriptorType
from typing import Any, TypeVar

__all__ = ["builder", "twin"]

T = TypeVar("T")


def twin(cls: type[Any]) -> type[Any]:
    """A mutable class with the slots of the frozen slots dataclass ``cls``."""
    slots = getattr(cls, "__slots__", None)
    if not dataclasses.is_dataclass(cls) or slots is None:
        raise TypeError(f"{cls.__name__} is not a slots dataclass")
    if tuple(slots) != tuple(f.name for f in dataclasses.fields(cls)):
        raise TypeError(f"{cls.__name__} has slots besides its fields")
    return type(f"_{cls.__name__}Parts", (), {"__slots__": tuple(slots), "__module__": __name__})


def _slot_setter(cls: type, name: str) -> Callable[[object, object], None] | None:
    """The setter of slot ``name`` of ``cls`` (None if the field is not a plain slot)."""
    for klass in cls.__mro__:
        descriptor = klass.__dict__.get(name)
        if descriptor is not None:
            if isinstance(descriptor, MemberDescriptorType):
                return descriptor.__set__
            return None
    return None


def builder(cls: type[T], *names: str) -> Callable[..., T]:
    """A function taking the fields of dataclass ``cls`` positionally, in the order
    ``names``, and returning the instance.

    ``names`` must be the class's field order, checked here, so a field added to or reordered
    in the class fails loudly when the constructor is made instead of filling the wrong slot.
    A class that is not a plain slotted dataclass (one with ``__post_init__``, say) gets a
    constructor that calls the class itself.
    """
    fields = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    if list(names) != fields:
        raise TypeError(f"{cls.__name__} has fields {fields}, not {list(names)}")
    setters = [_slot_setter(cls, n) for n in names]
    plain = (
        "__slots__" in cls.__dict__
        and not hasattr(cls, "__post_init__")
        and all(s is not None for s in setters)
        and all(f.init for f in dataclasses.fields(cls))  # type: ignore[arg-type]
    )
    args = ", ".join(f"a{i}" for i in range(len(names)))
    namespace: dict[str, Any] = {"cls": cls, "new": object.__new__}
    if plain:
        body = "".join(f"    s{i}(o, a{i})\n" for i in range(len(names)))
        namespace.update({f"s{i}": s for i, s in enumerate(setters)})
        source = f"def build({args}):\n    o = new(cls)\n{body}    return o\n"
    else:
        keywords = ", ".join(f"{n}=a{i}" for i, n in enumerate(names))
        source = f"def build({args}):\n    return cls({keywords})\n"
    # Generated, like dataclasses' own __init__, so that each field is one direct call.
    exec(source, namespace)
    build: Callable[..., T] = namespace["build"]
    build.__qualname__ = build.__name__ = f"new_{cls.__name__}"
    return build
