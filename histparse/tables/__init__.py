"""pandas tables of hands, players, actions and draws; ``docs/tables.md`` has the schemas."""

from histparse.stats.errors import TableError
from histparse.tables.build import FindingLike, Findings, Tables, tables
from histparse.tables.schema import MONEY, SCHEMAS, Column, Kind

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
