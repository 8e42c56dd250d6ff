"""Layers: every import inside ``histparse`` goes down the chain of data flow, never up it.

Each subpackage or top-level module has a rank; a module may import its own package or a
strictly lower rank. Imports are read with ``ast`` at any depth: inside functions and
``if TYPE_CHECKING:`` blocks too, since a type-only import up the chain is still a dependency in
the wrong direction (and the first step to a cycle).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import histparse

PACKAGE_DIR = Path(histparse.__file__).parent

# Lowest first; a package may import only from the lines above its own.
LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"cards", "game", "textio", "numerals", "handids", "_records", "_display"}),
    frozenset({"ranking", "events", "reading", "handstore"}),  # handstore: handids on disk
    frozenset({"money", "ledger", "equity"}),  # equity: draw odds from cards and ranking only
    frozenset({"sites", "engine"}),  # sites: one folder per site, and the registry
    frozenset({"parsing", "writing"}),  # the generic front ends, asking the registry
    frozenset({"replayer", "simulation"}),
    # auditor: many replays; phh converts simulated hands too; allin: the equity of a replayed
    # hand's all-in; review: the equity of the alternatives at each of a player's draws
    frozenset({"auditor", "phh", "allin", "review"}),
    # fairness: counts of the hero's cards, like stats; integrity: screens over pooled replays
    frozenset({"stats", "fairness", "integrity"}),
    frozenset({"frames", "show"}),  # frames build on stats' counts; show prints stats' ledger
    frozenset({"parallel", "plots", "views"}),  # views: HTML of hands (show) and audits
    frozenset({"export"}),  # runs its pieces on the parallel pool
    frozenset({"cli"}),
)
RANK: Mapping[str, int] = {name: i for i, layer in enumerate(LAYERS) for name in layer}

# The package's own __init__ (lazy re-exports of every layer) and __main__ sit above everything.
TOP = frozenset({"__init__", "__main__"})


@dataclass(frozen=True, slots=True)
class Import:
    """One import of a ``histparse`` module found in a source file."""

    file: Path
    line: int
    text: str
    importer: str  # the importing file's subpackage or top-level module
    target: str | None  # the imported subpackage or module; None: the root package itself


def _placed(root: Path) -> set[str]:
    """The subpackages and top-level modules under ``root`` (the ones that need a rank)."""
    names = {p.stem for p in root.glob("*.py")} | {
        p.parent.name for p in root.glob("*/__init__.py")
    }
    return names - TOP


def _package_of(root: Path, path: Path) -> list[str]:
    """The dotted package ``path`` belongs to, as parts (``["histparse", "replayer"]``)."""
    return [root.name, *path.relative_to(root).parts[:-1]]


def _targets(
    module: str, names: list[str], placed: set[str], homes: Mapping[str, str]
) -> Iterator[str | None]:
    """What importing ``names`` from ``module`` (absolute, dotted) depends on."""
    parts = module.split(".")
    if parts[0] != "histparse":
        return
    if len(parts) > 1:
        yield parts[1]
        return
    for name in names:
        if name in placed:  # ``from histparse import plots``: a subpackage
            yield name
        elif name in homes:  # a lazy re-export: the dependency is its home
            yield homes[name].split(".")[1]
        elif not (name.startswith("__") and name.endswith("__")):
            yield None  # anything else through the root hides where it comes from


def imports_of(root: Path, path: Path, homes: Mapping[str, str]) -> Iterator[Import]:
    """Every import of a ``histparse`` module in ``path`` (a file under ``root``)."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source, filename=str(path))
    importer = path.relative_to(root).parts[0].removesuffix(".py")
    placed = _placed(root)
    for node in ast.walk(tree):
        found: list[str | None] = []
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "histparse":
                    found.append(None)
                else:
                    found.extend(_targets(alias.name, [], placed, homes))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = _package_of(root, path)
                base = base[: len(base) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            found.extend(_targets(module, [a.name for a in node.names], placed, homes))
        elif isinstance(node, ast.Call) and (named := _import_module_arg(node)) is not None:
            found.extend(_targets(named, [], placed, homes))
        if found:
            text = " ".join((ast.get_source_segment(source, node) or "").split())
            for target in found:
                yield Import(path, getattr(node, "lineno", 0), text, importer, target)


def _import_module_arg(call: ast.Call) -> str | None:
    """The module named by ``importlib.import_module("...")`` with a literal name, else None."""
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    if name != "import_module" or not call.args:
        return None
    first = call.args[0]
    return first.value if isinstance(first, ast.Constant) and isinstance(first.value, str) else None


def violations(root: Path, homes: Mapping[str, str]) -> list[str]:
    """Every import under ``root`` that goes up the chain (or to an unranked package)."""
    out: list[str] = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root)
        if len(rel.parts) == 1 and rel.stem in TOP:
            continue
        for imp in imports_of(root, path, homes):
            if imp.target == imp.importer:
                continue
            where = f"{root.name}/{rel}:{imp.line}: {imp.text}"
            if imp.target is None:
                out.append(f"{where}: imports the top package; import from the home module")
            elif imp.importer not in RANK or imp.target not in RANK:
                out.append(f"{where}: {imp.importer} -> {imp.target}, not both in LAYERS")
            elif RANK[imp.target] >= RANK[imp.importer]:
                out.append(
                    f"{where}: {imp.importer} (layer {RANK[imp.importer]}) imports "
                    f"{imp.target} (layer {RANK[imp.target]}), not a lower layer"
                )
    return out


def test_every_package_and_module_has_a_layer() -> None:
    placed = _placed(PACKAGE_DIR)
    assert placed - set(RANK) == set(), "place these in LAYERS"
    assert set(RANK) - placed == set(), "LAYERS names packages that do not exist"
    assert sum(len(layer) for layer in LAYERS) == len(RANK), "a package is in two layers"


def test_every_import_goes_down_the_chain() -> None:
    found = violations(PACKAGE_DIR, histparse._HOMES)
    assert found == [], "imports up the chain of layers:\n" + "\n".join(found)


def test_the_checker_sees_imports_at_any_depth(tmp_path: Path) -> None:
    # The replayer importing the auditor (as it once did) in every form the checker must see;
    # the lines marked "ok" go down the chain or stay in the package.
    root = tmp_path / "histparse"
    for package in ("replayer", "auditor", "engine"):
        (root / package).mkdir(parents=True)
        (root / package / "__init__.py").write_text("")
    for module in ("cards", "__init__", "__main__"):
        (root / f"{module}.py").write_text("import histparse.cli\n")
    (root / "newthing.py").write_text("")
    (root / "replayer" / "driver.py").write_text(
        "from __future__ import annotations\n"  # 1 ok
        "from typing import TYPE_CHECKING\n"  # 2 ok
        "from histparse.engine import x\n"  # 3 ok
        "from histparse.replayer.types import Replay\n"  # 4 ok
        "from . import types\n"  # 5 ok
        "from histparse import __version__\n"  # 6 ok
        "if TYPE_CHECKING:\n"
        "    from histparse.auditor.run import AuditRun\n"  # 8
        "def f() -> None:\n"
        "    import histparse.auditor.run as run\n"  # 10
        "    from ..auditor import checks\n"  # 11
        "    from histparse import audit\n"  # 12: a lazy re-export of the auditor
        "    importlib.import_module('histparse.auditor')\n"  # 13
        "    import histparse\n"  # 14
        "    from histparse import newthing\n"  # 15: not in LAYERS
    )
    found = violations(root, {"audit": "histparse.auditor.run"})
    lines = sorted(int(v.split(":")[1]) for v in found if "replayer/driver.py" in v)
    assert lines == [8, 10, 11, 12, 13, 14, 15], found
    # cards (layer 0) importing cli is caught; the exempt top modules are not checked.
    assert [v.split(":")[0] for v in found if "cli" in v] == ["histparse/cards.py"]
    up = f"replayer (layer {RANK['replayer']}) imports auditor (layer {RANK['auditor']})"
    assert any(up in v for v in found)
    assert any("replayer -> newthing, not both in LAYERS" in v for v in found)


# ------------------------------------------------------------------------------------ sites

SITES_DIR = PACKAGE_DIR / "sites"
# The site folders generic code may import directly, and why: the simulator makes PokerStars
# hands (its output format is PokerStars text), so it builds their layout itself.
SITE_IMPORTS_ALLOWED: Mapping[str, frozenset[str]] = {
    "simulation": frozenset({"pokerstars", "fulltilt", "winamax", "kingsclub", "merge"})
}


def _site_folders() -> set[str]:
    return {p.parent.name for p in SITES_DIR.glob("*/__init__.py")}


def site_reaches(root: Path, folders: set[str]) -> list[str]:
    """Imports of a site folder (``histparse.sites.<name>``) from outside ``sites/``."""
    out = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root)
        if rel.parts[0] == "sites":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        importer = rel.parts[0].removesuffix(".py")
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            allowed = SITE_IMPORTS_ALLOWED.get(importer, frozenset())
            for name in names:
                parts = name.split(".")
                site = parts[2] if parts[:2] == ["histparse", "sites"] and len(parts) > 2 else None
                if site in folders and site not in allowed:
                    out.append(f"{rel}:{node.lineno}: {name}")
                    break
    return out


def test_generic_code_reaches_sites_only_through_the_registry() -> None:
    found = site_reaches(PACKAGE_DIR, _site_folders())
    assert found == [], "import the registry (histparse.sites), not a site:\n" + "\n".join(found)


def test_the_site_check_sees_a_direct_import(tmp_path: Path) -> None:
    root = tmp_path / "histparse"
    (root / "show").mkdir(parents=True)
    (root / "show" / "find.py").write_text(
        "from histparse.sites import site_for\n"  # ok: the registry
        "from histparse.sites.pokerstars.header import HEADER_START\n"
        "import histparse.sites.pokerstars\n"
        "from histparse.sites import pokerstars\n"
    )
    found = site_reaches(root, {"pokerstars"})
    assert [int(f.split(":")[1]) for f in found] == [2, 3, 4]


def _site_wording() -> set[str]:
    """Text only a site's lines say: the wording of its markers, status lines and summary
    outcomes (phrases of two words or more)."""
    from histparse.sites import SITES

    words: set[str] = set()
    for site in SITES:
        table = site.words
        for texts in (table.markers, table.statuses, table.outcomes):
            words.update(t for t in texts.values() if " " in t)
    return words


def _strings(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """String constants that are not docstrings (docstrings may quote a site's lines)."""
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
        ):
            yield node.lineno, node.value


def wording_outside_sites(root: Path, words: set[str]) -> list[str]:
    """String constants outside ``sites/`` (and the packages allowed to make a site's hands)
    that hold a site's wording."""
    out = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root)
        if rel.parts[0] == "sites" or rel.parts[0] in SITE_IMPORTS_ALLOWED:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for line, text in _strings(tree):
            hits = sorted(w for w in words if w in text)
            if hits:
                out.append(f"{rel}:{line}: {hits[0]!r}")
    return out


def test_site_wording_lives_only_in_its_folder() -> None:
    words = _site_wording()
    assert {"*** FIRST DRAW ***", "has timed out", "folded before the Draw"} <= words
    found = wording_outside_sites(PACKAGE_DIR, words)
    assert found == [], "site wording outside sites/<name>/:\n" + "\n".join(found)


def test_the_wording_check_sees_a_quoted_line(tmp_path: Path) -> None:
    root = tmp_path / "histparse"
    (root / "replayer").mkdir(parents=True)
    (root / "replayer" / "x.py").write_text(
        '"""Quotes ``*** FIRST DRAW ***`` in a docstring: fine."""\n'
        "A = \"no '*** FIRST DRAW ***' section\"\n"
        'B = f"{1} has timed out"\n'
        'C = "a neutral message"\n'
    )
    found = wording_outside_sites(root, {"*** FIRST DRAW ***", "has timed out"})
    assert [int(f.split(":")[1]) for f in found] == [2, 3]


# The readers of a hand's record (issue 32: a hand is read once, by the replay's pass): they
# take ``Replay``/``LineFacts`` and never walk the events again, nor decide who is dealt in.
RECORD_READERS: tuple[str, ...] = (
    "frames",
    "stats",
    "allin",
    "fairness",
    "phh",
    "review",
    "integrity",
)
_EVENT_WALKS = frozenset({"iter_events", "events_of", "dealt_in"})


def event_walks(root: Path, packages: tuple[str, ...]) -> list[str]:
    """Places in ``packages`` that read a hand's events: ``x.events`` other than its length,
    ``iter_events``/``events_of`` and ``Hand.dealt_in()``."""
    out = []
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)]
            counted = {
                id(c.args[0])
                for c in calls
                if isinstance(c.func, ast.Name) and c.func.id == "len" and c.args
            }
            called = {id(c.func) for c in calls}
            for node in ast.walk(tree):
                if not isinstance(node, ast.Attribute):
                    continue
                if (node.attr == "events" and id(node) not in counted) or (
                    node.attr in _EVENT_WALKS and id(node) in called
                ):
                    out.append(f"{path.relative_to(root)}:{node.lineno}: .{node.attr}")
    return out


def test_the_record_readers_never_walk_the_events() -> None:
    found = event_walks(PACKAGE_DIR, RECORD_READERS)
    assert found == [], "events read outside the replay's pass:\n" + "\n".join(found)


def test_the_event_walk_check_sees_a_walk(tmp_path: Path) -> None:
    root = tmp_path / "histparse"
    (root / "frames").mkdir(parents=True)
    (root / "frames" / "x.py").write_text(
        "def f(hand):\n"
        "    n = len(hand.events)\n"
        "    for e in hand.events:\n"
        "        pass\n"
        "    return hand.dealt_in(), n, record.body.dealt_in\n"
    )
    assert [f.split(":")[1] for f in event_walks(root, ("frames",))] == ["3", "5"]
