"""Parquet export and load: ``export_histories``/``export_results`` write a dataset directory
(``hands``, ``players``, ``actions``, ``draws``, ``findings``), ``load`` reads the tables back.

The schema, partitioning and reading recipes are in ``docs/parquet.md``.
"""

from histparse.export.errors import DatasetError
from histparse.export.findings import AUDIT_FAILED, PARSE_REJECTED, TABLE_REJECTED, FindingRow
from histparse.export.loader import load, load_findings, read_arrow
from histparse.export.parallel import export_files, export_histories, export_results
from histparse.export.schema import (
    DATASETS,
    FILE_SCHEMAS,
    PARTITION_SCHEMA,
    PARTITIONING,
    SCHEMA_VERSION,
    SCHEMAS,
    TABLES,
)
from histparse.export.writer import DEFAULT_BATCH_SIZE, ExportResult

__all__ = [
    "AUDIT_FAILED",
    "DATASETS",
    "DEFAULT_BATCH_SIZE",
    "FILE_SCHEMAS",
    "PARSE_REJECTED",
    "PARTITIONING",
    "PARTITION_SCHEMA",
    "SCHEMAS",
    "SCHEMA_VERSION",
    "TABLES",
    "TABLE_REJECTED",
    "DatasetError",
    "ExportResult",
    "FindingRow",
    "export_files",
    "export_histories",
    "export_results",
    "load",
    "load_findings",
    "read_arrow",
]
