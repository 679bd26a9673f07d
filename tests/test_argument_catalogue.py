"""Every option of every table tool refuses a bad value with the suite's one line and exit 2, before any work.

Options with a checked type (core/arguments.py, choices, int/float) are tried with hostile values found by walking
the parsers, so a new option is covered the day it is added; options that take free text are listed here with a
bad value each (the catalogue in docs/reliability.md), and a new text option fails the completeness test until
it is listed.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator

import pytest

from tablegames.cli import main
from tablegames.commands import table_parser
from tablegames.core.arguments import writable_file
from tablegames.tables import command_modules

HOSTILE = ["x", "-1", "0", "1e999", "nan", "-inf", str(2**64), "", "9" * 5000]
NEVER_RIGHT = {str(2**64), "9" * 5000, "1e999", "nan"}  # no option of ours takes these
HOSTILE_PATHS = [".", "/", "/proc/out.txt", "/dev/null/out.txt"]


def every_option() -> Iterator[tuple[str, str, argparse.Action]]:
    for name in command_modules():
        for action in table_parser(name)._actions:
            if isinstance(action, argparse._SubParsersAction):
                for command, sub in action.choices.items():
                    for option in sub._actions:
                        if option.nargs != 0 and not isinstance(option, argparse._HelpAction):
                            yield name, command, option


def option_id(name: str, command: str, option: argparse.Action) -> str:
    return f"{name} {command} {(option.option_strings or [option.dest])[0]}"


def is_text(option: argparse.Action) -> bool:
    return option.type in (None, str) and not option.choices


CHECKED = [(n, c, o) for n, c, o in every_option() if not is_text(o)]


@pytest.mark.parametrize("name, command, option", CHECKED, ids=[option_id(*row) for row in CHECKED])
def test_every_checked_option_refuses_hostile_values_in_one_line(name, command, option, capsys):
    paths = option.type is writable_file
    refused = []
    for value in HOSTILE_PATHS if paths else HOSTILE:
        argv = [command, value] if not option.option_strings else [command, option.option_strings[0], value]
        try:
            table_parser(name).parse_args(argv)
        except SystemExit as error:
            err = capsys.readouterr().err
            assert error.code == 2, (value, err)
            message = err.strip().splitlines()
            assert len(message) == 1 and len(message[0]) < 400 and "Traceback" not in err, (value, err[:500])
            refused.append(value)
    if paths:
        assert refused == HOSTILE_PATHS
    else:
        assert set(refused) >= NEVER_RIGHT, f"{option_id(name, command, option)} took {NEVER_RIGHT - set(refused)}"


# Free-text options: a bad value each, refused by the command itself with one line and exit 2.
TEXT_OPTIONS: dict[str, list[str]] = {
    "checkers perft --fen": ["checkers", "perft", "3", "--fen", "B:W33:B1"],
    "checkers tournament --pairs": ["checkers", "tournament", "--pairs", "nobody:vs"],
    "checkers endgame --fen": ["checkers", "endgame", "probe", "--fen", "B:W33:B1"],
    "checkers review pdn": ["checkers", "review", "/nonexistent/game.pdn"],
    "fasttrack games --red": ["fasttrack", "games", "--count", "1", "--red", "nobody"],
    "fasttrack experiment --strategy": ["fasttrack", "experiment", "--strategy", "nobody", "--seeds", "1"],
    "fasttrack experiment --baseline": ["fasttrack", "experiment", "--baseline", "nobody", "--seeds", "1"],
    "piddle advise dice": ["piddle", "advise", "12345x"],
    "piddle advise --beat": ["piddle", "advise", "666231", "--beat", "7x9"],
    "piddle scan photo": ["piddle", "scan", "/nonexistent/photo.png"],
    "routes solve file": ["routes", "solve", "/nonexistent/board.json"],
    "routes solve --board": ["routes", "solve", "--board", "/nonexistent/map.json"],
    "routes solve --phase": ["routes", "solve", "1889-takamatsu", "--phase", "purple"],
    "routes solve --company": ["routes", "solve", "1889-takamatsu", "--company", "NOBODY"],
    "routes compare file": ["routes", "compare", "/nonexistent/board.json"],
    "routes compare --board": ["routes", "compare", "--board", "/nonexistent/map.json"],
    "routes compare --phase": ["routes", "compare", "1889-takamatsu", "--phase", "purple"],
    "routes compare --company": ["routes", "compare", "1889-takamatsu", "--company", "NOBODY"],
    "music render --style": ["music", "render", "--style", "polka"],
    "music render --mood": ["music", "render", "--mood", "grumpy"],
    "music render --wav": ["music", "render", "--style", "hiphop", "--bars", "1", "--wav", "/proc/song.wav"],
    "music midi out": ["music", "midi", "/proc/song.mid"],
    "music midi --style": ["music", "midi", "/tmp/x.mid", "--style", "polka"],
    "music midi --mood": ["music", "midi", "/tmp/x.mid", "--mood", "grumpy"],
    "music play --style": ["music", "play", "--style", "polka"],
}


def test_every_free_text_option_has_a_bad_value_listed():
    text_options = {option_id(*row) for row in every_option() if is_text(row[2])}
    assert text_options == set(TEXT_OPTIONS), (sorted(text_options - set(TEXT_OPTIONS)),
                                               sorted(set(TEXT_OPTIONS) - text_options))


@pytest.mark.parametrize("argv", TEXT_OPTIONS.values(), ids=TEXT_OPTIONS.keys())
def test_a_bad_free_text_value_is_one_line_and_exit_2(argv, capsys):
    try:
        code = main(argv)
    except SystemExit as error:
        code = error.code
    err = capsys.readouterr().err
    assert code == 2, err[:500]
    message = err.strip().splitlines()
    assert len(message) == 1 and len(message[0]) < 400 and "Traceback" not in err, err[:500]
