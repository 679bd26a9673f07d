import pygame
import pytest


@pytest.fixture(autouse=True, scope="session")
def pygame_headless():
    pygame.init()
    pygame.display.set_mode((1, 1))  # a dummy-driver display, so convert() and fonts work
    yield
    pygame.quit()


@pytest.fixture(autouse=True)
def normal_text_size():
    """The text size is the window's (theme.set_text_size): every test starts and ends at the normal size."""
    from tablegames.ui.theme import set_text_size

    set_text_size("normal")
    yield
    set_text_size("normal")
