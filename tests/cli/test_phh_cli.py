"""``histparse convert --to phh`` and ``histparse generate --phh`` from the command line."""

from __future__ import annotations

import warnings
from collections import deque
from pathlib import Path

import pytest
from pokerkit import HandHistory

from histparse.cli import main
from histparse.simulation import SimConfig, simulate
from histparse.writing import write_file

PS_DATA = Path(__file__).resolve().parents[1] / "data" / "pokerstars"
TRIPLE = PS_DATA / "3-Draw-Limit-USD-0.10-0.20-200911.txt"


def load_all(path: Path) -> list[HandHistory]:
    with path.open("rb") as f:
        return list(HandHistory.load_all(f))


def replays_to_its_stacks(history: HandHistory) -> bool:
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Returning reserved")
        state = deque(history, maxlen=1).pop()
    rake = history.user_defined_fields.get("_rake", 0)
    finishing = history.finishing_stacks or []
    return not state.status and sum(state.stacks) - sum(finishing) == rake


@pytest.fixture
def generated(tmp_path: Path) -> Path:
    path = tmp_path / "sim.txt"
    write_file(path, simulate(40, 3, SimConfig(path=str(path))))
    return path


def test_strict_convert_lists_every_skipped_hand(
    generated: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out.phhs"
    assert main(["convert", "--to", "phh", str(generated), "--out", str(out)]) == 0
    text = capsys.readouterr().out
    first = text.splitlines()[0]
    assert first.startswith("converted ") and " of 40 hand(s) to " in first
    assert "cards not fully known" in text
    # Each skipped hand: file:line: hand #id: reason: detail.
    listed = [line for line in text.splitlines() if line.startswith(f"  {generated}:")]
    skipped = int(first.split("; ")[1].split()[0])
    assert len(listed) == skipped > 0
    assert all(": hand #" in line for line in listed)
    assert out.exists() and len(load_all(out)) == 40 - skipped


def test_allow_unknown_converts_and_pokerkit_replays(
    generated: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out.phhs"
    code = main(["convert", "--to", "phh", str(generated), "--out", str(out), "--allow-unknown"])
    assert code == 0
    first = capsys.readouterr().out.splitlines()[0]
    converted = int(first.split()[1])
    histories = load_all(out)
    assert len(histories) == converted > 30
    assert all(replays_to_its_stacks(h) for h in histories)


def test_real_histories_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Real PokerStars files: triple draw converts (unknown cards allowed); other games are
    listed as unsupported or skipped with the reason."""
    out = tmp_path / "real.phhs"
    code = main(["convert", "--to", "phh", str(PS_DATA), "--out", str(out), "--allow-unknown"])
    assert code == 0
    text = capsys.readouterr().out
    assert "hand cancelled" in text and "not 2-7 Triple Draw" in text
    assert "unsupported:" in text
    histories = load_all(out)
    assert len(histories) > 20
    assert all(replays_to_its_stacks(h) for h in histories)


def test_listing_is_capped_unless_list_all(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "many.txt"
    write_file(path, simulate(130, 1, SimConfig(path=str(path))))
    out = tmp_path / "o.phhs"
    assert main(["convert", "--to", "phh", str(path), "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "more (--list-all lists them)" in text
    assert main(["convert", "--to", "phh", str(path), "--out", str(out), "--list-all"]) == 0
    text = capsys.readouterr().out
    assert "--list-all" not in text
    assert sum(1 for line in text.splitlines() if line.startswith(f"  {path}:")) > 100


def test_rejected_input_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = TRIPLE.read_text()
    first_hand = good.split("\n\n\n")[0]
    bad = first_hand.replace("Hero: folds", "Hero: juggles")
    path = tmp_path / "bad.txt"
    path.write_text(first_hand + "\n\n\n\n" + bad + "\n")
    out = tmp_path / "o.phhs"
    assert main(["convert", "--to", "phh", str(path), "--out", str(out), "--allow-unknown"]) == 1
    text = capsys.readouterr().out
    assert "1 rejected by the parser" in text and "rejected by the parser:" in text
    assert len(load_all(out)) == 1


@pytest.mark.parametrize(
    "args, message",
    [
        (["missing.txt", "--out", "x.phhs"], "missing.txt"),
        ([str(TRIPLE), "--out", "x.txt"], ".phhs"),
        ([str(TRIPLE), "--out", "x.phh", "--allow-unknown"], "holds one hand"),
    ],
    ids=["missing input", "wrong extension", "several hands in .phh"],
)
def test_could_not_run_exits_2(
    args: list[str], message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    monkeypatch.chdir(tmp_path)
    assert main(["convert", "--to", "phh", *args]) == 2
    assert message in capsys.readouterr().err
    assert not list(tmp_path.iterdir())  # nothing left behind, not even a temporary file


def test_single_hand_phh(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "one.txt"
    path.write_text(TRIPLE.read_text().split("\n\n\n")[0] + "\n")
    out = tmp_path / "one.phh"
    assert main(["convert", "--to", "phh", str(path), "--out", str(out), "--allow-unknown"]) == 0
    text = out.read_text()
    assert not text.startswith("[")
    with out.open("rb") as f:
        assert replays_to_its_stacks(HandHistory.load(f))


def test_unwritable_output_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "no" / "such" / "dir" / "x.phhs"
    assert main(["convert", "--to", "phh", str(TRIPLE), "--out", str(out)]) == 2
    assert "histparse convert:" in capsys.readouterr().err


def test_to_is_required_and_only_phh(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["convert", str(TRIPLE), "--out", "x.phhs"])
    with pytest.raises(SystemExit):
        main(["convert", "--to", "json", str(TRIPLE), "--out", "x.phhs"])


def test_generate_writes_phh_with_every_card(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text, phh = tmp_path / "g.txt", tmp_path / "g.phhs"
    args = ["generate", "--hands", "60", "--seed", "2", "--out", str(text), "--phh", str(phh)]
    assert main(args) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("wrote 60 hand(s) to ")
    assert lines[1].startswith("wrote ") and " hand(s) as PHH to " in lines[1]
    written = int(lines[1].split()[1])
    histories = load_all(phh)
    assert len(histories) == written > 45
    assert not any("??" in a for h in histories for a in h.actions)
    assert all(replays_to_its_stacks(h) for h in histories)
    # The text file is what generate always writes.
    plain = tmp_path / "plain.txt"
    assert main(["generate", "--hands", "60", "--seed", "2", "--out", str(plain), "-q"]) == 0
    assert plain.read_bytes() == text.read_bytes()


def test_generate_pot_limit_phh_skips_every_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text, phh = tmp_path / "g.txt", tmp_path / "g.phhs"
    args = ["generate", "--hands", "10", "--limit", "pl", "--out", str(text), "--phh", str(phh)]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "wrote 0 hand(s) as PHH" in out and "10 not fixed limit" in out
    assert phh.read_text() == ""


def test_generate_rejects_a_bad_phh_target(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["generate", "--hands", "5", "--out", str(tmp_path / "g.txt"), "--phh", "g.json"]
    assert main(args) == 2
    assert ".phhs" in capsys.readouterr().err
