"""The command line as a user runs it: in a subprocess, headless."""

import os
import subprocess
import sys

import pygame
import pytest

from tablegames.cli import main

HEADLESS = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def run_cli(*args, cwd=None, timeout=120):
    return subprocess.run([sys.executable, "-m", "tablegames", *args], capture_output=True, text=True,
                          env=HEADLESS, cwd=cwd, timeout=timeout)


def test_screenshot_writes_a_1280x800_png_of_the_lobby(tmp_path):
    out = tmp_path / "lobby.png"
    result = run_cli("--screenshot", str(out), "--scene", "lobby", "--frame", "10")
    assert result.returncode == 0, result.stderr
    picture = pygame.image.load(str(out))
    assert picture.get_size() == (1280, 800)
    colours = {tuple(picture.get_at((x, y)))[:3] for x in range(0, 1280, 40) for y in range(200, 660, 40)}
    assert len(colours) > 20  # four drawn tables, not a blank canvas


def test_screenshot_size_is_honoured(tmp_path):
    out = tmp_path / "small.png"
    assert run_cli("--screenshot", str(out), "--scene", "fasttrack:preparing", "--size", "640x480").returncode == 0
    assert pygame.image.load(str(out)).get_size() == (640, 480)


@pytest.mark.parametrize("args, words", [
    (["--screenshot", "x.png", "--scene", "nope"], ["no scene 'nope'", "lobby", "lobby:first-start"]),
    (["--screenshot", "x.png", "--scene", "lobby", "--size", "big"], ["--size 'big'", "WIDTHxHEIGHT"]),
    (["--screenshot", "x.png", "--scene", "lobby", "--size", "0x10"], ["16-8192"]),
    (["--screenshot", "x.png"], ["needs --scene"]),
    (["chess"], ["no table 'chess'", "checkers", "fasttrack", "piddle", "routes"]),
])
def test_wrong_arguments_exit_2_with_one_line_and_no_traceback(tmp_path, args, words):
    result = run_cli(*args, cwd=tmp_path)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr
    for word in words:
        assert word in lines[0]
    assert not (tmp_path / "x.png").exists()


def test_list_scenes_names_the_lobby_and_the_first_start_pictures():
    result = run_cli("--list-scenes")
    assert result.returncode == 0
    assert {"lobby", "lobby:first-start", "fasttrack:preparing"} <= set(result.stdout.split())


def test_help_documents_the_window_options_and_table_tools(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--help"])
    assert exit_info.value.code == 0
    text = capsys.readouterr().out
    for option in ("--screenshot", "--scene", "--size", "--seed", "--frame", "--list-scenes", "--demo",
                   "--seconds", "--silent", "--install-desktop", "--uninstall-desktop", "tablegames checkers"):
        assert option in text


def test_demo_prints_frame_figures_and_the_audio_engine(tmp_path):
    # The demo waits for every table's kernels: loaded from numba's cache in seconds, but compiled when the cache is
    # cold (a single-process run of a fresh clone), about two minutes on 2 idle cores and more on busy ones.
    result = run_cli("--demo", str(tmp_path / "pictures"), "--seconds", "2", "--silent", timeout=600)
    assert result.returncode == 0, result.stderr
    assert "median" in result.stdout and "p95" in result.stdout and "worst" in result.stdout
    assert "audio engine: silent" in result.stdout
    assert len(list((tmp_path / "pictures").glob("demo-*.png"))) >= 2


def test_a_table_name_with_help_shows_that_tables_tools(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["checkers", "--help"])
    assert exit_info.value.code == 0
    assert "perft" in capsys.readouterr().out


@pytest.mark.parametrize("args, words", [
    (["--screenshot", "x.png", "--scene", "checkers", "--set", "12"], ["--set 12", "0-9"]),
    (["--screenshot", "x.png", "--scene", "checkers", "--set", "-1"], ["--set -1", "0-9"]),
    (["--screenshot", "x.png", "--scene", "checkers", "--level", "0"], ["--level 0", "1-10"]),
    (["--screenshot", "x.png", "--scene", "checkers", "--level", "11"], ["--level 11", "1-10"]),
    (["--screenshot", "x.png", "--scene", "lobby", "--seed", str(2**32)], ["--seed", "0 to 4294967295"]),
    (["--screenshot", ".", "--scene", "lobby"], ["--screenshot .", "folder"]),
    (["--screenshot", "blocker/x.png", "--scene", "lobby"], ["blocker is a file"]),
    (["--screenshot", "/proc/x.png", "--scene", "lobby"], ["cannot write in /proc"]),
    (["--demo", "blocker", "--seconds", "1"], ["--demo blocker", "is a file"]),
    (["--demo", "--seconds", "0"], ["--seconds 0"]),
])
def test_bad_window_options_exit_2_with_one_line_before_anything_starts(tmp_path, args, words):
    (tmp_path / "blocker").write_text("a file in the way")
    result = run_cli(*args, cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    for word in words:
        assert word in lines[0]


def test_no_display_at_all_is_one_line_not_an_invisible_window():
    env = {k: v for k, v in HEADLESS.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    result = subprocess.run([sys.executable, "-m", "tablegames"], capture_output=True, text=True, env=env,
                            timeout=60)
    assert result.returncode == 2 and "no display to open a window on" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_video_driver_that_does_not_exist_is_one_line():
    env = dict(HEADLESS, SDL_VIDEODRIVER="no-such-driver")
    result = subprocess.run([sys.executable, "-m", "tablegames"], capture_output=True, text=True, env=env,
                            timeout=120)
    assert result.returncode == 2, result.stderr
    assert "cannot open a window with the no-such-driver video driver" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_closed_pipe_ends_quietly():
    command = f"{sys.executable} -m tablegames checkers perft 5 --divide | head -1"
    result = subprocess.run(command, shell=True, capture_output=True, text=True, env=HEADLESS, timeout=120)
    assert result.stdout.strip() and "Traceback" not in result.stderr and "BrokenPipe" not in result.stderr


def test_the_demo_says_silent_when_the_synth_plays_into_the_dummy_driver():
    """Under SDL_AUDIODRIVER=dummy the synth engine opens and runs, but nobody can hear it."""
    import types

    import pygame

    from tablegames.ui.audio import describe

    pygame.mixer.init()
    try:
        assert pygame.mixer.get_driver() == "dummy"
        heard = describe(types.SimpleNamespace(engine_name="synth"))  # type: ignore[arg-type]
    finally:
        pygame.mixer.quit()
    assert heard.startswith("silent") and "'dummy' audio driver" in heard
