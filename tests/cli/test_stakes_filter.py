"""``--stakes``: a label or its amounts alone, as numbers, on text histories (the samples, each
generated file cut to its first hands: ``samples`` in conftest.py) and on an exported
dataset alike; a value matching no stake is an error (exit 2) listing the stakes present."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from histparse.cli import main
from histparse.export import export_histories

# The sample histories' cash stakes (their tournaments' levels are in chips).
CASH = ["0.10/0.20 USD Limit", "0.50/1.00 USD Pot Limit", "1/2 USD Limit"]


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def dataset(tmp_path_factory: pytest.TempPathFactory, samples: str) -> str:
    out = tmp_path_factory.mktemp("ds") / "samples"
    export_histories([samples], out, audit=False)
    return str(out)


@pytest.fixture(params=["text", "dataset"])
def source(request: pytest.FixtureRequest, samples: str, dataset: str) -> str:
    return samples if request.param == "text" else dataset


def test_the_amounts_alone_match_the_label_in_text(samples: str) -> None:
    # The text path's ``--by position`` is compared with the dataset's below.
    base = ["stats", samples, "--by", "stakes", "--csv", "--no-ev"]
    status, out, _ = _run([*base, "--stakes", ".1/.2"])
    assert status == 0
    assert out == _run([*base, "--stakes", "0.10/0.20 USD Limit"])[1]
    rows = out.splitlines()[1:]
    assert rows and all('"0.10/0.20 USD Limit"' in r for r in rows)


# More forms are matched in tests/stats/test_stakes.py; here, the dataset path beside the text.
@pytest.mark.parametrize("value", [".1/.2", "0.10/0.20 usd LIMIT"])
def test_the_amounts_alone_match_the_label(value: str, samples: str, dataset: str) -> None:
    source = dataset
    # ``--by stakes`` over a dataset with tournaments loads its tables; ``--by position`` sums
    # it file by file with the filter pushed into the scan: both ways are checked.
    base = ["stats", source, "--by", "stakes", "--csv", "--no-ev"]
    status, out, _ = _run([*base, "--stakes", value])
    assert status == 0
    assert out == _run([*base, "--stakes", "0.10/0.20 USD Limit"])[1]
    rows = out.splitlines()[1:]
    assert rows and all('"0.10/0.20 USD Limit"' in r for r in rows)
    # The filter kept these hands only: without it, other stakes are there too.
    assert any("1/2 USD Limit" in r for r in _run(base)[1].splitlines())
    # (No --no-ev: the dataset holds the all-in EV, as the text path computes it.)
    streamed = ["stats", source, "--by", "position", "--csv"]
    kept = _run([*streamed, "--stakes", value])
    assert kept[0] == 0 and kept[1] == _run([*streamed, "--stakes", "0.10/0.20 USD Limit"])[1]
    assert kept[1] == _run(["stats", samples, *streamed[2:], "--stakes", value])[1]
    assert kept[1] != _run(streamed)[1]


def test_an_unknown_stakes_value_is_an_error_listing_the_known(source: str) -> None:
    status, out, err = _run(["stats", source, "--stakes", "0.25/0.50", "--no-ev"])
    assert status == 2 and out == ""
    assert "unknown stakes '0.25/0.50'" in err
    for label in CASH:
        assert label in err
    # Listed by big blind, not as text (``1/2`` after ``0.50/1.00``).
    assert err.index("0.10/0.20 USD Limit") < err.index("0.50/1.00 USD Pot Limit")
    assert err.index("0.50/1.00 USD Pot Limit") < err.index("1/2 USD Limit")


def test_the_graph_and_sessions_say_an_unknown_stakes_too(tmp_path: Path, samples: str) -> None:
    png = str(tmp_path / "g.png")
    for argv in (
        ["graph", samples, "--player", "Hero", "--out", png, "--stakes", "9/18"],
        ["sessions", samples, "--stakes", "9/18"],
    ):
        status, _, err = _run(argv)
        assert status == 2 and "unknown stakes '9/18'" in err and "1/2 USD Limit" in err, argv
