"""Positional constructors for the frozen event records, about twice as fast as their
``__init__``.

A frozen dataclass's ``__init__`` sets every field through ``object.__setattr__``, a Python-level
call per field: for the ~45 records of a hand that was a quarter of the parse time. The
constructors made here create the instance with ``object.__new__`` and fill its slots through
the slot descriptors, which give exactly the object ``__init__`` gives (same class, same
fields, still frozen) and nothing else.

A constructor names its fields when it is made and that list is checked against the class at
import, so a field added to or reordered in ``histparse.events`` fails loudly instead of
filling the wrong slot. A class that is not a plain slotted dataclass (one with
``__post_init__``, say) gets a constructor that calls the class itself.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from types import MemberDescriptorType
from typing import Any, TypeVar

T = TypeVar("T")


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
    ``names`` (which must be the class's field order), and returning the instance."""
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
