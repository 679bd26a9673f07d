"""Where the player's files are: one module, moved by the XDG variables, listed by --about and the lobby's I."""

import logging
import subprocess
import sys

import pygame

from tablegames.core import places
from tablegames.ui.widgets import Toasts


def test_every_folder_follows_the_xdg_variables(tmp_path):
    assert places.data_folder() == tmp_path / "user-data" / "tablegames"
    assert places.config_folder() == tmp_path / "user-config" / "tablegames"
    assert places.cache_folder() == tmp_path / "user-cache" / "tablegames"
    assert places.log_file().is_relative_to(tmp_path / "user-state")


def test_about_prints_every_place(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "XDG_STATE_HOME": str(tmp_path / "state"),
           "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    done = subprocess.run([sys.executable, "-m", "tablegames", "--about"], capture_output=True, text=True,
                          env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert f"settings:    {tmp_path / 'config' / 'tablegames' / 'settings.json'}" in done.stdout
    assert f"saved games: {tmp_path / 'data' / 'tablegames'}" in done.stdout
    assert f"log file:    {tmp_path / 'state' / 'tablegames' / 'log' / 'tablegames.log'}" in done.stdout


def test_the_log_file_keeps_what_the_player_was_told():
    path = places.start_log_file()
    try:
        assert path == places.log_file()
        toasts = Toasts()
        toasts.show("fasttrack-game.json could not be read; kept as fasttrack-game.json.bad", important=True)
        toasts.show("fasttrack-game.json could not be read; kept as fasttrack-game.json.bad", important=True)
        toasts.show("a passing remark")
        logging.getLogger("tablegames.test").info("an ordinary line")
    finally:
        places.stop_log_file()
    text = path.read_text()
    assert text.count("told the player: fasttrack-game.json could not be read") == 1  # not once a frame
    assert "a passing remark" not in text and "an ordinary line" in text


def test_an_unwritable_log_folder_is_said_once_and_the_suite_goes_on(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "state-is-a-file"
    blocker.write_text("in the way")
    monkeypatch.setenv("XDG_STATE_HOME", str(blocker))
    assert places.start_log_file() is None
    assert "cannot write the log file" in capsys.readouterr().err
    assert blocker.read_text() == "in the way"


def test_the_lobby_i_key_opens_the_about_page():
    from tablegames.ui.lobby import LobbyScene
    from tablegames.ui.overlay import RulesScene
    from tablegames.ui.scene import Context, Push
    from tablegames.ui.settings import Settings

    pygame.init()
    lobby = LobbyScene(Context(settings=Settings()))
    intents = lobby.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_i, mod=0, unicode="i"))
    assert len(intents) == 1 and isinstance(intents[0], Push) and isinstance(intents[0].scene, RulesScene)
