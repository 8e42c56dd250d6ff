"""Exit statuses and messages a script can trust (issue 22): no history files, headers one
typo from a supported game, a crash is its own status. README "Exit status and bad input"."""

from __future__ import annotations

from pathlib import Path

import pytest

from histparse.cli import main
from histparse.parsing import ParseError, Unsupported, parse_results

BASE = Path(__file__).resolve().parent / "data" / "hardening" / "three_hands.txt"
TEXT = BASE.read_text(encoding="utf-8")
GAME = "Triple Draw 2-7 Lowball Limit"


@pytest.mark.parametrize("command", ["parse", "audit", "export", "convert", "stats"])
def test_an_empty_or_parquet_only_folder_has_no_history_files(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "ds").mkdir()
    (tmp_path / "ds" / "part-0.parquet").write_bytes(b"PAR1")
    extra = ["--out", str(tmp_path / "out")] if command in ("export", "convert") else []
    if command == "convert":
        extra += ["--to", "phh"]
    assert main([command, str(tmp_path / "ds"), *extra]) == 2
    assert f"no history files under {tmp_path / 'ds'}" in capsys.readouterr().err


@pytest.mark.parametrize(
    "game",
    [
        "Triple Draw 2-7 Lowbal Limit",
        "Tripel Draw 2-7 Lowball Limit",
        "Triple Draw 2-7 Lowball Limti",
        "Triple Draw 2-7 Lowball Limit Turbo",
        "Single Draw 2-7 Lowball No Limitt",
    ],
)
def test_a_game_one_typo_from_a_supported_one_is_rejected(game: str) -> None:
    results = parse_results(TEXT.replace(GAME, game))
    assert all(isinstance(r, ParseError) for r in results)
    assert "unknown game" in str(results[0])


def test_other_games_are_still_unsupported_not_rejected() -> None:
    for game in ("Badugi Limit", "5 Card Draw Limit", "Triple Draw A-5 Lowball Limit"):
        results = parse_results(TEXT.replace(GAME, game))
        assert all(isinstance(r, Unsupported) for r in results), game


def test_a_header_without_a_date_is_rejected_with_a_reason() -> None:
    results = parse_results(TEXT.replace(" - 2013/06/05 16:00:00 ET", "", 1))
    assert isinstance(results[0], ParseError)
    assert "header has no date" in str(results[0])


def test_an_internal_failure_is_one_line_and_status_4(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import concurrent.futures.process as process

    import histparse.cli.audit_cmd as audit_cmd

    def broken(*args: object, **kw: object) -> object:
        raise process.BrokenProcessPool("A process in the process pool was terminated")

    monkeypatch.setattr(audit_cmd, "audit_paths", broken)
    (tmp_path / "h.txt").write_text(TEXT, encoding="utf-8")
    assert main(["audit", str(tmp_path)]) == 4
    err = capsys.readouterr().err
    assert err == (
        "histparse audit: internal error: BrokenProcessPool: A process in the process pool "
        "was terminated\n"
    )


def test_binary_input_is_named_with_a_short_excerpt() -> None:
    results = parse_results("\x00\x01\x02PK" + "\x00\xff" * 5000 + "\n")
    text = str(results[0])
    assert "not a text history: binary data" in text
    assert len(text) < 400


def test_a_rejected_line_is_shown_cut_to_a_few_hundred_characters() -> None:
    results = parse_results("junk " * 10_000 + "\n")
    text = str(results[0])
    assert isinstance(results[0], ParseError)
    assert len(text) < 600 and "characters)" in text
