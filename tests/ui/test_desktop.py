import configparser

import pygame

from tablegames.ui.desktop import desktop_entry, install_desktop, uninstall_desktop
from tablegames.ui.icon import ICON_SIZES

REQUIRED = {"Type": "Application", "Name": "tablegames", "Icon": "tablegames", "Terminal": "false",
            "Categories": "Game;BoardGame;", "StartupWMClass": "tablegames"}


def parse_entry(text):
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # keys are case-sensitive in .desktop files
    parser.read_string(text)
    return dict(parser["Desktop Entry"])


def test_entry_has_the_freedesktop_keys():
    keys = parse_entry(desktop_entry("/opt/tg/bin/tablegames-gui"))
    for key, value in REQUIRED.items():
        assert keys[key] == value
    assert keys["Exec"] == "/opt/tg/bin/tablegames-gui"
    assert all(key[0].isupper() for key in keys)


def test_install_and_uninstall(tmp_path):
    written = install_desktop(tmp_path)
    entry = tmp_path / "applications" / "tablegames.desktop"
    assert entry in written and parse_entry(entry.read_text())["Categories"] == "Game;BoardGame;"
    for size in ICON_SIZES:
        icon = tmp_path / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "tablegames.png"
        assert pygame.image.load(str(icon)).get_size() == (size, size)
    removed = uninstall_desktop(tmp_path)
    assert len(removed) == len(written)
    assert not entry.exists()
