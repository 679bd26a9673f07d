"""Sound and display: the suite's one settings scene, reached from the lobby (S) and every table's menu.

The shared overlay menu (ui/overlay.py) with the settings every table obeys: all sound on or muted (M does the
same everywhere), the music on or off and its style, the music's and the effects' volumes, deep bass, animations,
reduced motion, screen shake and the text size. `SoundDisplayMenu` is graphics-free (tests drive it); each change
is saved at once, heard at once (the music player follows the settings) and, over a table, applied by the table at
once (`apply_settings`: its animations, its shaking). Registered as the scene `settings`.
"""

from __future__ import annotations

from typing import Any

import pygame

from tablegames.music.styles import find_style
from tablegames.ui.audio import apply_sound
from tablegames.ui.overlay import (
    VOLUME_STEPS,
    MenuItem,
    Option,
    OptionsMenu,
    OverlayMenuScene,
    centred_rect,
    on_off,
    percent,
)
from tablegames.ui.scene import Context, Scene, register_scene
from tablegames.ui.settings import MUSIC_STYLES, TEXT_SIZES
from tablegames.ui.theme import set_text_size

TEXT_SIZE_NAMES = {"normal": "normal", "large": "large", "larger": "larger still"}

OPTIONS: tuple[Option[Any], ...] = (
    Option[bool]("sound", "Sound (M)", (True, False), lambda v: "on" if v else "muted"),
    Option[bool]("music", "Music", (True, False), on_off),
    Option[str]("music_style", "Music style", MUSIC_STYLES, lambda v: find_style(v).name),
    Option[float]("music_volume", "Music volume", VOLUME_STEPS, percent),
    Option[float]("effects_volume", "Effects volume", VOLUME_STEPS, percent),
    Option[bool]("deep_bass", "Deep bass", (False, True), on_off),
    Option[bool]("animations", "Animations", (True, False), on_off),
    Option[bool]("reduced_motion", "Reduced motion", (False, True), on_off),
    Option[bool]("screen_shake", "Screen shake", (True, False), on_off),
    Option[str]("text_size", "Text size", TEXT_SIZES, lambda v: TEXT_SIZE_NAMES[v]),
)
ITEMS = tuple(MenuItem(option.field, option.label) for option in OPTIONS) + (MenuItem("back", "Back"),)


class SoundDisplayMenu(OptionsMenu):
    """The rows: every option steps through its values (wrapping); Back closes. Opens on Back."""

    items = ITEMS
    options = OPTIONS


class SoundDisplayScene(OverlayMenuScene[SoundDisplayMenu]):
    """The settings scene over the lobby or a table (`table`: the table below, which follows each change), or,
    as the registered screenshot scene, over a picture of the lobby (`backdrop`)."""

    name = "settings"
    title = "Sound and display"
    notes = ("Left/Right or a click change a row: saved and applied at once.",
             "M turns all sound on or off, in the lobby and at every table.")
    menu_rect = centred_rect(640, 86 + len(ITEMS) * 46 + 70)
    row_height = 46
    label_size = 30
    value_size = 30

    def __init__(self, context: Context, table: Scene | None = None, backdrop: Scene | None = None) -> None:
        super().__init__(context, table, SoundDisplayMenu(context.settings))
        self.backdrop = backdrop

    def settings_changed(self) -> None:
        """Saved, heard and shown at once: the player, the text size, and the table below (its animations)."""
        super().settings_changed()
        settings = self.context.settings
        apply_sound(self.context.audio, settings)
        set_text_size(settings.text_size)
        self.fit_text_size()
        apply = getattr(self.table, "apply_settings", None)
        if apply is not None:
            apply()

    def draw(self, surface: pygame.Surface) -> None:
        if self.backdrop is not None:
            self.backdrop.draw(surface)
        super().draw(surface)


def settings_scene(context: Context) -> SoundDisplayScene:
    """The scene as the lobby opens it, drawn over the lobby (`tablegames --screenshot --scene settings`)."""
    from tablegames.ui.lobby import LobbyScene  # the lobby opens this scene: imported when it is drawn alone

    return SoundDisplayScene(context, backdrop=LobbyScene(context))


register_scene("settings", settings_scene)
