"""What the commands print and export on three corpora, as digests to hold the outputs still.

``python tests/golden.py`` records them into ``tests/data/golden.json``; ``tests/test_golden.py``
recomputes them and compares. A refactor that must not change behaviour records first, on the
old code, and the test then holds the new code to those bytes.

The corpora: the real histories of every site (``tests/data/real_histories``), the bundled
``sample_histories/`` and a seeded generated file of 1,000 hands (20,000, then 6,000, 3,000
and 1,500, until the suite outgrew the CI budget). Paths are given relative to the folder each
command runs in, so the digests do not depend on where the repository sits.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pyarrow as pa
import pyarrow.dataset as pads

from histparse import read_histories, write_hand
from histparse.cli import main

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "tests" / "data" / "golden.json"
GENERATED_HANDS = 1_000
GENERATED_SEED = 15


@contextlib.contextmanager
def _cwd(path: Path) -> Iterator[None]:
    old = Path.cwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(old)


def _run(argv: list[str]) -> tuple[int, bytes]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        status = main(argv)
    return status, out.getvalue().encode()


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _dataset_digests(out: Path) -> dict[str, str]:
    """Each exported table's schema and rows, in the order the dataset reads them."""
    digests = {}
    for table in sorted(p.name for p in out.iterdir() if p.is_dir() and p.name[0] != "_"):
        files = sorted(str(f) for f in (out / table).rglob("*.parquet"))
        data = pads.dataset(files, format="parquet").to_table()
        rows = sorted(json.dumps(r, sort_keys=True, default=str) for r in data.to_pylist())
        # The column names and types; not their descriptions, which are documentation.
        schema = pa.schema([pa.field(f.name, f.type, f.nullable) for f in data.schema])
        text = str(schema) + "\n" + "\n".join(rows)
        digests[table] = _digest(text.encode())
    return digests


def corpus_digests(folder: Path, paths: list[str]) -> dict[str, str]:
    """Digests of parse, audit, stats, write-back and export, run in ``folder`` on ``paths``."""
    digests: dict[str, str] = {}
    with _cwd(folder), tempfile.TemporaryDirectory() as tmp:
        for name, argv in {
            "parse": ["parse", *paths],
            "audit": ["audit", "--json", *paths],
            "stats": ["stats", "--json", *paths],
        }.items():
            status, text = _run(argv)
            digests[name] = f"{status}:{_digest(text)}"
        written = hashlib.sha256()
        for hand in read_histories(*paths):
            written.update(write_hand(hand).encode())
        digests["write"] = written.hexdigest()
        status, _ = _run(["export", "-q", "--jobs", "2", "--out", tmp, *paths])
        digests["export"] = str(status)
        for table, digest in _dataset_digests(Path(tmp)).items():
            digests[f"export/{table}"] = digest
    return digests


def generated_digests() -> dict[str, str]:
    """The seeded generated corpus: its text and the commands' outputs on it."""
    with tempfile.TemporaryDirectory() as tmp, _cwd(Path(tmp)):
        status, _ = _run(
            [
                "generate",
                "--hands",
                str(GENERATED_HANDS),
                "--seed",
                str(GENERATED_SEED),
                "--out",
                "generated.txt",
            ]
        )
        text = Path("generated.txt").read_bytes()
        digests = {"generate": f"{status}:{_digest(text)}"}
        digests.update(corpus_digests(Path(tmp), ["generated.txt"]))
    return digests


CORPORA: tuple[str, ...] = ("real_histories", "sample_histories", "generated")


def digests_of(corpus: str) -> dict[str, str]:
    """One corpus's digests (``CORPORA``)."""
    if corpus == "real_histories":
        return corpus_digests(ROOT / "tests" / "data", ["real_histories"])
    if corpus == "sample_histories":
        return corpus_digests(ROOT, ["sample_histories"])
    return generated_digests()


def all_digests() -> dict[str, dict[str, str]]:
    """Every corpus's digests, keyed by corpus."""
    return {corpus: digests_of(corpus) for corpus in CORPORA}


def _explain_corpus(folder: Path, paths: list[str], into: Path) -> None:
    """The outputs behind ``corpus_digests`` as readable files: each command's output, and the
    exported tables as sorted CSV rows, so that a changed digest can be diffed row by row."""
    into.mkdir(parents=True, exist_ok=True)
    with _cwd(folder), tempfile.TemporaryDirectory() as tmp:
        for name, argv in {
            "parse": ["parse", *paths],
            "audit.json": ["audit", "--json", *paths],
            "stats.json": ["stats", "--json", *paths],
            "fairness.json": ["fairness", "--json", *paths],
        }.items():
            status, text = _run(argv)
            (into / name).write_bytes(f"exit {status}\n".encode() + text)
        status, _ = _run(["convert", "--to", "phh", *paths, "--out", f"{tmp}/out.phhs"])
        phh = Path(tmp, "out.phhs")
        (into / "convert.phhs").write_bytes(
            f"exit {status}\n".encode() + (phh.read_bytes() if phh.exists() else b"")
        )
        status, _ = _run(["audit", "--html", f"{tmp}/audit.html", *paths])
        (into / "audit-html.exit").write_text(f"exit {status}\n")
        status, _ = _run(["export", "-q", "--jobs", "2", "--out", f"{tmp}/ds", *paths])
        (into / "export.exit").write_text(f"exit {status}\n")
        out = Path(tmp, "ds")
        for table in sorted(p.name for p in out.iterdir() if p.is_dir() and p.name[0] != "_"):
            files = sorted(str(f) for f in (out / table).rglob("*.parquet"))
            data = pads.dataset(files, format="parquet").to_table()
            rows = sorted(json.dumps(r, sort_keys=True, default=str) for r in data.to_pylist())
            (into / f"{table}.jsonl").write_text("\n".join(rows) + "\n")


def explain(into: Path) -> None:
    """Every corpus's outputs as readable files under ``into`` (``--explain DIR``)."""
    _explain_corpus(ROOT / "tests" / "data", ["real_histories"], into / "real_histories")
    _explain_corpus(ROOT, ["sample_histories"], into / "sample_histories")
    with tempfile.TemporaryDirectory() as tmp, _cwd(Path(tmp)):
        _run(["generate", "--hands", str(GENERATED_HANDS), "--seed", str(GENERATED_SEED),
              "--out", "generated.txt"])  # fmt: skip
        _explain_corpus(Path(tmp), ["generated.txt"], into / "generated")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--explain":
        explain(Path(sys.argv[2]).resolve())
        print(f"explained into {sys.argv[2]}", file=sys.stderr)
        sys.exit(0)
    RECORD.write_text(json.dumps(all_digests(), indent=2, sort_keys=True) + "\n")
    print(f"recorded {RECORD}", file=sys.stderr)
