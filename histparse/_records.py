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

* ``fast(cls)``, for the parser's per-hand records (``Hand``, its layout and source): the same
  generated constructor, taking the fields by name as the class does, typed with the class's
  own signature (``ParamSpec``), so mypy checks every call as it checks ``cls(...)``.

``twin`` and ``builder`` hide the fields from mypy; ``fast`` does not.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from types import MemberDescriptorType
from typing import Any, ParamSpec, TypeVar

__all__ = ["builder", "fast", "twin"]

T = TypeVar("T")
P = ParamSpec("P")


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


def _setters(cls: type[Any]) -> list[Callable[[object, object], None]] | None:
    """The slot setter of each field of ``cls``, in field order; None unless ``cls`` is a plain
    slotted dataclass (no ``__post_init__``, every field in ``__init__``) that may be filled
    slot by slot."""
    if "__slots__" not in cls.__dict__ or hasattr(cls, "__post_init__"):
        return None
    fields = dataclasses.fields(cls)
    setters = [_slot_setter(cls, f.name) for f in fields]
    if not all(f.init for f in fields) or any(s is None for s in setters):
        return None
    return setters  # type: ignore[return-value]


def _generated(
    cls: type[Any], params: list[str], values: list[str], namespace: dict[str, Any]
) -> Callable[..., Any] | None:
    """``def build(<params>)`` creating ``cls`` with ``object.__new__`` and setting field ``i``
    to the expression ``values[i]``; None if ``cls`` cannot be filled slot by slot."""
    setters = _setters(cls)
    if setters is None:
        return None
    namespace.update({"cls": cls, "new": object.__new__})
    namespace.update({f"s{i}": setter for i, setter in enumerate(setters)})
    body = "".join(f"    s{i}(o, {value})\n" for i, value in enumerate(values))
    # Generated, like dataclasses' own __init__, so that each field is one direct call.
    exec(f"def build({', '.join(params)}):\n    o = new(cls)\n{body}    return o\n", namespace)
    build: Callable[..., Any] = namespace["build"]
    build.__qualname__ = build.__name__ = f"new_{cls.__name__}"
    return build


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
    args = [f"a{i}" for i in range(len(names))]
    build = _generated(cls, args, args, {})
    if build is not None:
        return build
    namespace: dict[str, Any] = {"cls": cls}
    keywords = ", ".join(f"{n}={a}" for n, a in zip(names, args, strict=True))
    exec(f"def build({', '.join(args)}):\n    return cls({keywords})\n", namespace)
    call: Callable[..., T] = namespace["build"]
    return call


def fast(cls: Callable[P, T]) -> Callable[P, T]:
    """A constructor of the frozen slotted dataclass ``cls`` taking what ``cls(...)`` takes (the
    fields, by position or name, with their defaults), without the frozen ``__init__``'s one
    Python-level ``object.__setattr__`` per field. mypy checks its calls against ``cls``'s own
    signature. A class that is not a plain slotted dataclass, or has keyword-only fields, gets
    ``cls`` itself."""
    klass: type[Any] = cls  # type: ignore[assignment]
    fields = dataclasses.fields(klass)
    if any(f.kw_only for f in fields):
        return cls
    missing = dataclasses.MISSING
    namespace: dict[str, Any] = {"missing": missing}
    params = []
    values = []
    for i, f in enumerate(fields):
        if f.default is not missing:
            namespace[f"d{i}"] = f.default
            params.append(f"{f.name}=d{i}")
            values.append(f.name)
        elif f.default_factory is not missing:
            namespace[f"f{i}"] = f.default_factory
            params.append(f"{f.name}=missing")
            values.append(f"f{i}() if {f.name} is missing else {f.name}")
        else:
            params.append(f.name)
            values.append(f.name)
    build = _generated(klass, params, values, namespace)
    return cls if build is None else build
