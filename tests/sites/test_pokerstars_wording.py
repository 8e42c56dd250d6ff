"""PokerStars' wording tables are the only words its lexer and writer know."""

from __future__ import annotations

from histparse.events import Position, SeatOutcome, Section, StatusKind
from histparse.game import Game, LimitType, PostKind
from histparse.ranking import hand_rank
from histparse.sites import words_for
from histparse.sites.pokerstars import lines, verbs, wording


def test_every_table_is_one_to_one_and_inverts() -> None:
    for table, inverse in (
        (wording.MARKERS, wording.MARKER_SECTION),
        (wording.GAMES, wording.GAME_OF),
        (wording.POSTS, wording.POST_OF),
    ):
        assert len(set(table.values())) == len(table)
        assert {v: k for k, v in table.items()} == dict(inverse)


# Members added for Full Tilt, which PokerStars never prints (so its lexer must not read them).
_FULL_TILT_STATUSES = {
    StatusKind.SITS_DOWN,
    StatusKind.STANDS_UP,
    StatusKind.RECONNECTED,
    StatusKind.REQUESTED_TIME,
}
_FULL_TILT_OUTCOMES = {SeatOutcome.SITTING_OUT, SeatOutcome.NO_OUTCOME}


def test_every_neutral_member_has_pokerstars_words() -> None:
    assert set(wording.SECTIONS) == set(Section)
    assert set(wording.STATUSES) == set(StatusKind) - _FULL_TILT_STATUSES
    assert set(wording.OUTCOMES) == set(SeatOutcome) - _FULL_TILT_OUTCOMES
    assert set(wording.POSITIONS) == set(Position)
    assert set(wording.LIMITS) == set(LimitType)
    # PokerStars prints no dead-blind post, and parses only the two 2-7 games in full.
    assert set(wording.POSTS) == set(PostKind) - {PostKind.DEAD_BLIND}
    assert set(wording.GAMES) == {Game.TRIPLE_DRAW_27, Game.SINGLE_DRAW_27}


def test_the_lexer_reads_only_the_wording_tables() -> None:
    assert set(lines._MARKERS) == set(wording.MARKERS.values())
    statuses = {text.removeprefix(": ").removeprefix(" ") for text in lines._STATUS}
    assert statuses == set(wording.STATUSES.values()) - {wording.STATUSES[StatusKind.JOINS]}
    folds = {text.strip().removesuffix(" (didn't bet)") for text in lines._FOLDS}
    assert folds == {t for o, t in wording.OUTCOMES.items() if o.folded}
    assert set(verbs._POST_KIND) == set(wording.POSTS.values())


def test_the_words_differ_from_the_neutral_ids() -> None:
    # A lexer built from enum values would read "draw_1", not PokerStars' line.
    assert Section.FIRST_DRAW.value == "draw_1"
    assert wording.MARKERS[Section.FIRST_DRAW] == "*** FIRST DRAW ***"
    assert "*** draw_1 ***" not in lines._MARKERS


def test_descriptions_are_the_sites() -> None:
    rank = hand_rank("Kh Ks 5d 4c 2h")
    assert words_for("PokerStars").describe(rank) == "Lo: a pair of Kings"
    # A site the registry does not know is described in plain words.
    assert words_for("Nowhere").describe(rank) == "a pair of Kings"
    assert words_for("Nowhere").markers[Section.FIRST_DRAW] == "[draw_1]"
