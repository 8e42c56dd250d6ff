"""pandas tables of hands, players, actions and draws; ``docs/tables.md`` has the schemas."""

from histparse.frames.build import FindingLike, Findings, Tables, tables
from histparse.frames.schema import MONEY, SCHEMAS, Column, Kind
from histparse.stats.errors import TableError

__all__ = [
    "MONEY",
    "SCHEMAS",
    "Column",
    "FindingLike",
    "Findings",
    "Kind",
    "TableError",
    "Tables",
    "tables",
]
