"""A site grammar of whole lines, compiled into a deterministic line automaton.

A site's lexer classifies each line of a hand into a grammar terminal; the grammar (a Lark
LALR grammar whose terminals are only declared) says in which orders the terminals may come.
The LALR table is run once from every reachable stack, which turns it into an automaton that
checks a line in one dict lookup (the grammar only repeats through inlined left-recursive
rules, so the stacks are finitely many). Each site's parser words the errors its own way.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from typing import Any, Final

from lark import Lark
from lark.lexer import Lexer
from lark.parsers.lalr_analysis import IntParseTable, Shift

__all__ = ["LineAutomaton", "Unexpected"]

_Row = dict[str, int | tuple[int, str]]
_State = dict[str, "_State"]
_MAX_STATES: Final = 10_000


class _LinesLexer(Lexer):
    """Stand-in lexer: the terminals are classified by the site's line reader."""

    def __init__(self, lexer_conf: Any) -> None:
        pass

    def lex(self, lexer_state: Any, parser_state: Any) -> Iterator[Any]:
        return iter(lexer_state)


class Unexpected(Exception):
    """A line kind that cannot come where it is (``index``: its position; ``len(kinds)`` for
    a hand that ends too early); ``expected`` holds what could have come."""

    def __init__(self, index: int, expected: set[str]) -> None:
        super().__init__(index)
        self.index = index
        self.expected = expected


class LineAutomaton:
    """The automaton of one grammar: ``check`` a sequence of line kinds, ``acceptable`` after a
    prefix of one."""

    def __init__(self, grammar: str) -> None:
        # Built at first use, not at import: every site's automaton is made when the site
        # registry is imported (0.1-0.15 s each), and most processes read one site or none.
        # Once built, ``start`` is a plain attribute: ``check`` reads it for every hand.
        self._grammar = grammar

    @functools.cached_property
    def start(self) -> _State:
        """The automaton's first state (built on first use)."""
        lark = Lark(self._grammar, parser="lalr", lexer=_LinesLexer, strict=True)
        table = IntParseTable.from_ParseTable(lark.parser.parser._parse_table)
        size = max(table.states) + 1
        self._actions: list[_Row] = [{} for _ in range(size)]
        self._gotos: list[dict[str, int]] = [{} for _ in range(size)]
        for state, row in table.states.items():
            for token, (kind, arg) in row.items():
                symbol = str(token)
                if not symbol.isupper():
                    self._gotos[state][symbol] = arg
                elif kind is Shift:
                    self._actions[state][symbol] = arg
                else:
                    self._actions[state][symbol] = (len(arg.expansion), str(arg.origin.name))
        self._start = table.start_states["start"]
        self._end = table.end_states["start"]
        return self._determinize()

    def _step(self, stack: tuple[int, ...], terminal: str) -> tuple[int, ...] | None:
        work = list(stack)
        while True:
            action = self._actions[work[-1]].get(terminal)
            if action is None:
                return None
            if isinstance(action, int):
                work.append(action)
                return tuple(work)
            size, rule = action
            if size:
                del work[-size:]
            work.append(self._gotos[work[-1]][rule])
            if work[-1] == self._end and terminal == "$END":
                return tuple(work)

    def _determinize(self) -> _State:
        terminals = sorted({t for row in self._actions for t in row if t != "$END"})
        start: tuple[int, ...] = (self._start,)
        states: dict[tuple[int, ...], _State] = {start: {}}
        todo = [start]
        while todo:
            stack = todo.pop()
            state = states[stack]
            if self._step(stack, "$END") is not None:
                state["$END"] = state
            for terminal in terminals:
                after = self._step(stack, terminal)
                if after is None:
                    continue
                if after not in states:
                    if len(states) >= _MAX_STATES:
                        raise RuntimeError("the grammar does not have a finite line automaton")
                    states[after] = {}
                    todo.append(after)
                state[terminal] = states[after]
        return states[start]

    def _walk(self, kinds: Sequence[str]) -> tuple[int, _State]:
        state = self.start
        for index, terminal in enumerate(kinds):
            after = state.get(terminal)
            if after is None:
                return index, state
            state = after
        return len(kinds), state

    def check(self, kinds: Sequence[str]) -> None:
        """Raise ``Unexpected`` at the first line kind that cannot come where it is, or at the
        end if the sequence stops early."""
        state = self.start
        try:
            for terminal in kinds:
                state = state[terminal]
        except KeyError:
            index, state = self._walk(kinds)
            raise Unexpected(index, set(state)) from None
        if "$END" not in state:
            raise Unexpected(len(kinds), set(state))

    def acceptable(self, kinds: Sequence[str]) -> set[str]:
        """The kinds that could follow ``kinds`` (empty if ``kinds`` is out of order)."""
        index, state = self._walk(kinds)
        return set(state) if index == len(kinds) else set()
