import pygame
import pytest


@pytest.fixture(autouse=True, scope="session")
def pygame_headless():
    pygame.init()
    pygame.display.set_mode((1, 1))  # a dummy-driver display, so convert() and fonts work
    yield
    pygame.quit()
