"""Red-green colour blindness simulated, for the tests that check pieces stay apart without full colour vision.

The simulation is Machado, Oliveira and Fernandes (2009), "A Physiologically-based Model for Simulation of Color
Vision Deficiency", IEEE TVCG 15(6): the published matrices for protanopia and deuteranopia at severity 1.0 (the
strongest), applied to linear sRGB. Differences are CIE 1976 Delta E*ab in CIELAB (D65): about 2.3 is just
noticeable side by side; `DISTINCT` asks for ten times that, so two small marbles far apart on a board are told apart
at a glance.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import numpy as np

RGB = tuple[int, int, int]

PROTANOPIA = np.array([[0.152286, 1.052583, -0.204868],
                       [0.114503, 0.786281, 0.099216],
                       [-0.003882, -0.048116, 1.051998]])
DEUTERANOPIA = np.array([[0.367322, 0.860646, -0.227968],
                         [0.280085, 0.672501, 0.047413],
                         [-0.011820, 0.042940, 0.968881]])
VISIONS = {"normal": np.eye(3), "protanopia": PROTANOPIA, "deuteranopia": DEUTERANOPIA}
DISTINCT = 25.0  # Delta E*ab

SRGB_TO_XYZ = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
D65 = np.array([0.95047, 1.0, 1.08883])


def linear(rgb: RGB) -> np.ndarray:
    c = np.asarray(rgb, dtype=float) / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def lab(linear_rgb: np.ndarray) -> np.ndarray:
    t = (SRGB_TO_XYZ @ linear_rgb) / D65
    f = np.where(t > 0.008856, np.cbrt(t), 7.787 * t + 16 / 116)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def seen(rgb: RGB, vision: str) -> np.ndarray:
    """The colour as someone with `vision` sees it, in CIELAB."""
    return lab(np.clip(VISIONS[vision] @ linear(rgb), 0.0, 1.0))


def delta_e(a: RGB, b: RGB, vision: str) -> float:
    return float(np.linalg.norm(seen(a, vision) - seen(b, vision)))


def too_close(colours: Sequence[RGB], names: Sequence[str]) -> list[str]:
    """Every pair of `colours` closer than DISTINCT in some vision, said as 'red/green deuteranopia 13.5'."""
    return [f"{names[i]}/{names[j]} {vision} {delta_e(colours[i], colours[j], vision):.1f}"
            for i, j in itertools.combinations(range(len(colours)), 2) for vision in VISIONS
            if delta_e(colours[i], colours[j], vision) < DISTINCT]
