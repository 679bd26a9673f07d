"""The ten piece sets as data: board colours, disc styles and creature recipes (numbers, no drawing code).

Creature coordinates are in piece units: (0, 0) is the piece's centre, 1 its radius, y grows downwards.
Side 0 is the side that moves first (the dark pieces), side 1 the light one: in every set side 0 is much
darker than side 1 and shaped differently, so the two sides stay apart without colour vision.
"""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]

WHITE: RGB = (250, 250, 250)
INK: RGB = (40, 28, 32)
GOLD: RGB = (250, 196, 48)


@dataclass(frozen=True)
class BoardStyle:
    """Square and frame colours; a neon board is dark glass over a circuit with a glowing frame."""

    light: RGB
    dark: RGB  # the playing squares
    frame: RGB
    frame_edge: RGB
    is_neon: bool = False
    glow: RGB = (0, 0, 0)  # neon frame and light-wave colour
    trace: RGB = (0, 0, 0)  # circuit traces on the playing squares
    grain: int = 0  # faint wood-grain strokes per square (0: none)
    stars: int = 0  # tiny stars per square (a night sky)


@dataclass(frozen=True)
class Disc:
    """A plain disc; `style` picks the finish: classic (flat, rim), glossy (gradient, highlight),
    engraved (grooved rings) or modern (flat)."""

    style: str
    colour: RGB
    rim: RGB
    crown: RGB = GOLD
    crown_edge: RGB = (140, 92, 10)


@dataclass(frozen=True)
class Creature:
    """One creature or gadget: body, appendages, face and its live extras, all as numbers."""

    name: str
    body: str  # round | square | stack | pizza | mug | ghost
    colour: RGB
    shadow: RGB  # the body's lower, darker tone
    outline: RGB
    half_w: float = 0.8
    half_h: float = 0.8
    corner: float = 0.2  # corner radius of square bodies
    outline_w: float = 0.07
    ears: str = "none"  # pointy | floppy | horns | antenna | rays | nightcap | ladybird | handle | none
    ear_colour: RGB = (0, 0, 0)
    ear_inner: RGB = (0, 0, 0)
    ear_size: float = 0.4
    ear_spread: float = 0.5
    sway: float = 8.0  # degrees the appendages swing
    eyes: str = "round"  # round | cyclops | square | visor | pixel
    eye_x: float = 0.28
    eye_y: float = -0.12
    eye_r: float = 0.16
    sclera: RGB = WHITE
    pupil: RGB = (24, 20, 30)
    lids: float = 0.0  # how far the eyelids droop at rest (a sleepy face)
    ink: RGB = INK  # mouths, brows, closed eyes
    nose: str = "none"  # cat | snout | beak | none
    nose_colour: RGB = (30, 24, 24)
    snout_colour: RGB = (0, 0, 0)
    mouth: str = "smile"  # smile | fangs | grille | beak
    mouth_y: float = 0.36
    mouth_w: float = 0.22
    cheeks: RGB | None = None
    spots: tuple[tuple[float, float, float], ...] = ()  # (x, y, r): pepperoni, craters, bolts, patches
    spot_colour: RGB = (0, 0, 0)
    spot_rim: RGB | None = None
    whiskers: int = 0
    stripes: int = 0
    stripe_colour: RGB = (0, 0, 0)
    layers: tuple[tuple[float, float, RGB, str], ...] = ()  # stacked bodies: (y, half height, colour, shape)
    pixels: tuple[str, ...] = ()  # pixel bodies: rows of '#' and '.'
    neon: RGB | None = None  # gadgets: rim, bloom and halo colour
    extra: str = "none"  # live animation: steam | reload | echo | none
    cape: RGB = (196, 30, 60)
    cape_lining: RGB = (250, 210, 60)


@dataclass(frozen=True)
class PieceSet:
    """A set: its name, kind, board, its two sides' plural names ("Ducks") and colour words ("yellow"), and how
    the two sides look (side 0 moves first: the PDN's Black, Red in the rules' words)."""

    name: str
    kind: str  # disc | creature | gadget
    board: BoardStyle
    side_names: tuple[str, str]
    looks: tuple[Disc | Creature, Disc | Creature]
    side_colours: tuple[str, str]

    def side_label(self, side: int) -> str:
        """A side as the table names it: "Ducks (yellow)", or "Reds" where the name already says the colour."""
        name, colour = self.side_names[side], self.side_colours[side]
        return name if colour.lower() in name.lower() else f"{name} ({colour})"


# ---- plain discs -------------------------------------------------------------------------------------------

CLASSIC = PieceSet("Classic", "disc",
                   BoardStyle(light=(238, 218, 176), dark=(58, 116, 72), frame=(92, 56, 30), frame_edge=(150, 100, 56),
                              grain=3),
                   ("Reds", "Whites"),
                   (Disc("classic", (200, 46, 40), (128, 24, 20)), Disc("classic", (242, 234, 216), (176, 160, 132))),
                   ("red", "white"))
GLOSSY = PieceSet("Glossy", "disc",
                  BoardStyle(light=(200, 210, 228), dark=(54, 64, 90), frame=(28, 32, 46), frame_edge=(110, 124, 160)),
                  ("Rubies", "Pearls"),
                  (Disc("glossy", (150, 18, 44), (70, 6, 18)), Disc("glossy", (246, 242, 232), (176, 170, 160))),
                  ("red", "white"))
ENGRAVED = PieceSet("Engraved", "disc",
                    BoardStyle(light=(222, 214, 196), dark=(86, 100, 106), frame=(60, 48, 40), frame_edge=(130, 112, 96),
                               grain=2),
                    ("Walnuts", "Maples"),
                    (Disc("engraved", (106, 62, 34), (62, 34, 16)), Disc("engraved", (234, 206, 152), (172, 140, 90))),
                    ("brown", "cream"))
MODERN = PieceSet("Modern", "disc",
                  BoardStyle(light=(236, 236, 240), dark=(72, 76, 88), frame=(36, 38, 46), frame_edge=(100, 104, 118)),
                  ("Teals", "Ambers"),
                  (Disc("modern", (0, 124, 126), (0, 124, 126), crown=(250, 250, 250), crown_edge=(0, 80, 84)),
                   Disc("modern", (255, 190, 40), (255, 190, 40), crown=(60, 40, 10), crown_edge=(150, 100, 10))),
                  ("blue-green", "yellow"))

# ---- creatures ---------------------------------------------------------------------------------------------

DOG = Creature("dog", "round", colour=(160, 100, 54), shadow=(128, 76, 38), outline=(60, 34, 16),
               half_w=0.78, half_h=0.76,
               ears="floppy", ear_colour=(92, 54, 26), ear_inner=(120, 72, 38), ear_size=0.58, ear_spread=0.62,
               sway=10, eye_x=0.28, eye_y=-0.2, eye_r=0.14,
               nose="snout", nose_colour=(26, 18, 16), snout_colour=(228, 198, 158),
               mouth_y=0.5, mouth_w=0.18, spots=((0.3, -0.22, 0.24),), spot_colour=(110, 64, 30))
CAT = Creature("cat", "round", colour=(248, 238, 216), shadow=(228, 212, 184), outline=(130, 104, 80),
               half_w=0.8, half_h=0.74,
               ears="pointy", ear_colour=(248, 238, 216), ear_inner=(246, 170, 176), ear_size=0.56, ear_spread=0.5,
               sway=7, eye_x=0.3, eye_y=-0.08, eye_r=0.15, pupil=(40, 90, 40),
               nose="cat", nose_colour=(236, 124, 138), mouth_y=0.3, mouth_w=0.16,
               whiskers=3, stripes=3, stripe_colour=(232, 178, 112))
MONSTER = Creature("monster", "round", colour=(116, 56, 168), shadow=(86, 38, 128), outline=(44, 16, 66),
                   half_w=0.82, half_h=0.8,
                   ears="horns", ear_colour=(238, 228, 196), ear_inner=(200, 186, 150), ear_size=0.44, ear_spread=0.46,
                   sway=5, eyes="cyclops", eye_x=0.0, eye_y=-0.16, eye_r=0.3, pupil=(40, 150, 70),
                   mouth="fangs", mouth_y=0.42, mouth_w=0.34,
                   spots=((-0.55, 0.25, 0.09), (-0.42, 0.5, 0.06), (0.56, 0.2, 0.07)), spot_colour=(146, 88, 200))
ROBOT = Creature("robot", "square", colour=(210, 216, 226), shadow=(176, 184, 198), outline=(78, 86, 102),
                 half_w=0.76, half_h=0.7, corner=0.16,
                 ears="antenna", ear_colour=(78, 86, 102), ear_inner=(236, 60, 60), ear_size=0.38, sway=12,
                 eyes="square", eye_x=0.3, eye_y=-0.14, eye_r=0.16, sclera=(236, 250, 255), pupil=(30, 60, 100),
                 mouth="grille", mouth_y=0.36, mouth_w=0.3,
                 spots=((-0.6, -0.54, 0.055), (0.6, -0.54, 0.055), (-0.6, 0.54, 0.055), (0.6, 0.54, 0.055)),
                 spot_colour=(150, 158, 174))
BURGER = Creature("burger", "stack", colour=(166, 90, 36), shadow=(140, 74, 28), outline=(70, 36, 14),
                  half_w=0.86, half_h=0.84,
                  eye_x=0.26, eye_y=-0.46, eye_r=0.13, mouth_y=-0.2, mouth_w=0.16, ink=(60, 26, 10),
                  spots=((-0.5, -0.62, 0.035), (-0.18, -0.74, 0.035), (0.2, -0.74, 0.035), (0.52, -0.6, 0.035),
                         (0.62, -0.36, 0.035), (-0.64, -0.34, 0.035)),
                  spot_colour=(250, 238, 206),
                  layers=((0.52, 0.17, (140, 76, 30), "bun"), (0.31, 0.12, (80, 44, 24), "patty"),
                          (0.18, 0.07, (250, 196, 50), "cheese"), (0.09, 0.08, (84, 168, 58), "lettuce"),
                          (-0.42, 0.44, (166, 90, 36), "dome")))
PIZZA = Creature("pizza", "pizza", colour=(252, 224, 124), shadow=(228, 170, 92), outline=(168, 108, 50),
                 half_w=0.86, half_h=0.86, eye_x=0.26, eye_y=-0.1, eye_r=0.15, mouth_y=0.3, mouth_w=0.2,
                 spots=((-0.5, 0.3, 0.13), (0.52, 0.34, 0.12), (0.02, 0.62, 0.12), (-0.44, -0.44, 0.12),
                        (0.46, -0.46, 0.13)),
                 spot_colour=(196, 56, 44), spot_rim=(160, 36, 30))
SUN = Creature("sun", "round", colour=(206, 80, 16), shadow=(180, 60, 12), outline=(130, 40, 6),
               half_w=0.7, half_h=0.7,
               ears="rays", ear_colour=(226, 110, 24), ear_inner=(170, 56, 10), ear_size=0.3, ear_spread=10,
               sway=9, eye_x=0.25, eye_y=-0.1, eye_r=0.13, mouth_y=0.28, mouth_w=0.2, cheeks=(236, 66, 60))
MOON = Creature("moon", "round", colour=(238, 238, 228), shadow=(216, 216, 204), outline=(140, 140, 156),
                half_w=0.78, half_h=0.78,
                ears="nightcap", ear_colour=(146, 170, 244), ear_inner=WHITE, ear_size=0.6, sway=10,
                eye_x=0.27, eye_y=-0.02, eye_r=0.14, lids=0.45, mouth_y=0.36, mouth_w=0.16,
                spots=((-0.48, 0.34, 0.12), (0.46, 0.4, 0.09), (0.5, -0.3, 0.07), (-0.1, 0.58, 0.07)),
                spot_colour=(208, 208, 200), spot_rim=(184, 184, 180))

# ---- neon gadgets ------------------------------------------------------------------------------------------

CYAN: RGB = (0, 236, 255)
DUCK_RIM: RGB = (255, 150, 40)
MAGENTA: RGB = (255, 56, 206)
LIME: RGB = (150, 255, 60)

MUG = Creature("mug", "mug", colour=(26, 36, 76), shadow=(16, 22, 52), outline=CYAN, half_w=0.62, half_h=0.66,
               corner=0.14, outline_w=0.06, ears="handle", ear_colour=CYAN, ear_size=0.3,
               eye_x=0.24, eye_y=-0.02, eye_r=0.14, sclera=(236, 250, 255), pupil=(10, 20, 44), ink=CYAN,
               mouth_y=0.36, mouth_w=0.18, cheeks=(200, 60, 150), neon=CYAN, extra="steam")
DUCK = Creature("duck", "round", colour=(255, 224, 64), shadow=(240, 192, 34), outline=DUCK_RIM,
                half_w=0.8, half_h=0.78, outline_w=0.06,
                ears="ladybird", ear_colour=(228, 36, 36), ear_inner=(20, 16, 16), ear_size=0.26,
                eye_x=0.3, eye_y=-0.2, eye_r=0.14, pupil=(16, 14, 20), ink=(90, 56, 10),
                nose="beak", nose_colour=(255, 132, 30), mouth="beak", mouth_y=0.2, mouth_w=0.3,
                cheeks=(255, 150, 120), neon=DUCK_RIM)
REBOOT_ROBOT = Creature("reboot robot", "square", colour=(54, 56, 64), shadow=(40, 42, 48), outline=LIME,
                        half_w=0.74, half_h=0.74, corner=0.18, outline_w=0.06,
                        eyes="visor", eye_x=0.26, eye_y=-0.08, eye_r=0.15, sclera=(14, 20, 16), pupil=LIME,
                        ink=LIME, mouth_y=0.44, mouth_w=0.2, neon=LIME, extra="reload")
GHOST = Creature("ghost", "ghost", colour=(220, 206, 252), shadow=(194, 176, 238), outline=MAGENTA,
                 half_w=0.84, half_h=0.84, outline_w=0.06,
                 eyes="pixel", eye_x=0.28, eye_y=-0.14, eye_r=0.15, pupil=(60, 40, 170), ink=(70, 30, 110),
                 mouth_y=0.3, mouth_w=0.16, neon=MAGENTA, extra="echo",
                 pixels=(".....####.....",
                         "...########...",
                         "..##########..",
                         ".############.",
                         ".############.",
                         "##############",
                         "##############",
                         "##############",
                         "##############",
                         "##############",
                         "##############",
                         "##############",
                         "##.###..###.##",
                         "#...##..##...#"))

CRITTERS = PieceSet("Critters", "creature",
                    BoardStyle(light=(220, 236, 180), dark=(104, 156, 84), frame=(120, 80, 44), frame_edge=(180, 130, 80)),
                    ("Dogs", "Cats"), (DOG, CAT), ("brown", "white"))
MONSTERS = PieceSet("Monsters", "creature",
                    BoardStyle(light=(206, 214, 222), dark=(52, 88, 98), frame=(34, 40, 52), frame_edge=(90, 120, 140)),
                    ("Monsters", "Robots"), (MONSTER, ROBOT), ("purple", "silver"))
SNACKS = PieceSet("Snacks", "creature",
                  BoardStyle(light=(250, 244, 234), dark=(212, 72, 66), frame=(150, 40, 36), frame_edge=(230, 120, 110)),
                  ("Burgers", "Pizzas"), (BURGER, PIZZA), ("brown", "yellow"))
SPACE = PieceSet("Space", "creature",
                 BoardStyle(light=(72, 82, 136), dark=(22, 26, 62), frame=(12, 14, 34), frame_edge=(100, 110, 180),
                            stars=3),
                 ("Suns", "Moons"), (SUN, MOON), ("orange", "white"))
NEO_DUCK = PieceSet("Neo Duck", "gadget",
                    BoardStyle(light=(34, 42, 68), dark=(12, 16, 30), frame=(8, 10, 20), frame_edge=CYAN,
                               is_neon=True, glow=CYAN, trace=(0, 120, 150)),
                    ("Mugs", "Ducks"), (MUG, DUCK), ("blue", "yellow"))
NEO_GLITCH = PieceSet("Neo Glitch", "gadget",
                      BoardStyle(light=(40, 30, 60), dark=(14, 10, 26), frame=(10, 6, 18), frame_edge=MAGENTA,
                                 is_neon=True, glow=MAGENTA, trace=(140, 40, 130)),
                      ("Robots", "Ghosts"), (REBOOT_ROBOT, GHOST), ("green", "pink"))

PIECE_SETS: tuple[PieceSet, ...] = (CLASSIC, GLOSSY, ENGRAVED, MODERN, CRITTERS, MONSTERS, SNACKS, SPACE,
                                    NEO_DUCK, NEO_GLITCH)
DEFAULT_PIECE_SET = 8  # Neo Duck: what a first run shows
