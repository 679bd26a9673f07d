"""The playful layer's effects: particles (poof, sparkles, confetti, wind), pop-up words, the chain counter,
screen shake, a lightning flash, a bouncing trophy; the words as data; and what each moment of the game shows
(`show_moment`, for the moments the table's model queues).

Confetti falls beside the board's squares, never on them, and stays on the canvas (`canvas`, `keep_out`): it
is drawn over the panel (`draw_confetti`, after it), the other effects under it.

Accessibility: with Animations off nothing is added; Reduced motion keeps the words (still, no pop) but drops
particles, shake and flashes; Screen shake off drops only the shake. The lightning flash lasts a quarter of a
second, once; nothing here blinks or pulses faster than twice a second.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from tablegames.core.rng import make_rng
from tablegames.ui import draw
from tablegames.ui.checkers.moments import CaptureLanded, Cleared, Crowned, FunStruck, Moment, Party, Won
from tablegames.ui.theme import font, shade

POOF_WORDS = ("Poof!", "Bonk!", "Zap!", "Boing!", "Kapow!", "Splat!", "Whack!", "Bam!")
CHAIN_WORDS = ("", "", "Double!", "Triple!", "Ka-boom!", "Mega chain!", "Unstoppable!", "Legendary!")
EVENT_WORDS = {"gift": "A gift!", "lightning": "ZAP!", "earthquake": "RUMBLE!", "wind": "WHOOSH!"}
CONFETTI = ((255, 90, 90), (255, 200, 60), (90, 210, 120), (80, 170, 255), (200, 110, 255), (255, 140, 200))
FLASH_SECONDS = 0.25
WORD_SECONDS = 1.1
GRAVITY = 900.0
RGB = tuple[int, int, int]


@dataclass
class Particle:
    x: float
    y: float
    vx: float
    vy: float
    life: float
    age: float
    colour: tuple[int, int, int]
    size: float
    kind: str  # smoke | spark | confetti | streak
    gravity: float = 0.0


@dataclass
class Word:
    text: str
    x: float
    y: float
    colour: tuple[int, int, int]
    size: int
    life: float = WORD_SECONDS
    age: float = 0.0


class Effects:
    """Everything that flies, pops or shakes over the table; update(dt) then draw(surface)."""

    def __init__(self, seed: int = 0, animations: bool = True, reduced_motion: bool = False,
                 screen_shake: bool = True) -> None:
        self.rng = make_rng(seed, "checkers-effects")
        self.particles: list[Particle] = []
        self.words: list[Word] = []
        self.shake_left = 0.0
        self.shake_strength = 0.0
        self.flash_left = 0.0
        self.trophy_age: float | None = None
        self.bolt: tuple[float, float] | None = None
        self.bounds: pygame.Rect | None = None  # words and wind stay inside it (the board)
        self.canvas: pygame.Rect | None = None  # confetti stays inside it (the window's picture)
        self.keep_out: pygame.Rect | None = None  # confetti never falls on it (the board's squares)
        self.configure(animations, reduced_motion, screen_shake)

    def configure(self, animations: bool, reduced_motion: bool, screen_shake: bool) -> None:
        self.animations = animations
        self.reduced_motion = reduced_motion
        self.screen_shake = screen_shake
        if not self.allows_particles:
            self.particles.clear()
            self.flash_left = 0.0
        if not self.allows_shake:
            self.shake_left = 0.0

    @property
    def allows_particles(self) -> bool:
        return self.animations and not self.reduced_motion

    @property
    def allows_shake(self) -> bool:
        return self.allows_particles and self.screen_shake

    def clear(self) -> None:
        self.particles.clear()
        self.words.clear()
        self.shake_left = self.flash_left = 0.0
        self.trophy_age = None
        self.bolt = None

    # --- adding effects -------------------------------------------------------------------------------------
    def word(self, text: str, at: tuple[float, float], colour: RGB = (255, 230, 90), size: int = 46) -> None:
        if self.animations and text:
            self.words.append(Word(text, at[0], at[1], colour, size))

    def poof(self, at: tuple[float, float], scale: float, with_word: bool = True) -> None:
        """A capture: a puff of smoke and a comic word."""
        word = POOF_WORDS[int(self.rng.integers(len(POOF_WORDS)))]
        if with_word:
            self.word(word, (at[0], at[1] - scale * 0.6))
        if not self.allows_particles:
            return
        for _ in range(14):
            angle = self.rng.uniform(0, 2 * math.pi)
            speed = self.rng.uniform(40, 130)
            grey = int(self.rng.integers(200, 250))
            self.particles.append(Particle(at[0], at[1], math.cos(angle) * speed, math.sin(angle) * speed - 20,
                                           self.rng.uniform(0.4, 0.7), 0.0, (grey, grey, grey),
                                           scale * self.rng.uniform(0.18, 0.32), "smoke"))

    def sparkles(self, at: tuple[float, float], count: int, colour: RGB = (255, 240, 150), spread: float = 160,
                 ring: float = 0.0) -> None:
        """Sparkles flying out from a ring of radius `ring` around `at` (so the piece itself stays visible)."""
        if not self.allows_particles:
            return
        for _ in range(count):
            angle = self.rng.uniform(0, 2 * math.pi)
            speed = self.rng.uniform(0.3, 1.0) * spread
            self.particles.append(Particle(at[0] + math.cos(angle) * ring, at[1] + math.sin(angle) * ring,
                                           math.cos(angle) * speed, math.sin(angle) * speed,
                                           self.rng.uniform(0.4, 0.9), 0.0, colour, self.rng.uniform(2, 4.5),
                                           "spark"))

    def confetti(self, area: pygame.Rect, count: int = 90) -> None:
        """Flakes falling from the top of `area`, in its columns beside `keep_out` (see `confetti_lanes`)."""
        if not self.allows_particles:
            return
        lanes = confetti_lanes(area, self.keep_out)
        widths = [lane.width for lane in lanes]
        for _ in range(count):
            lane = lanes[int(self.rng.choice(len(lanes), p=[w / sum(widths) for w in widths]))]
            size = min(self.rng.uniform(4, 8), lane.width)
            self.particles.append(Particle(
                self.rng.uniform(lane.left, lane.right - size), lane.top + self.rng.uniform(0, 60),
                self.rng.uniform(-60, 60), self.rng.uniform(-20, 80), self.rng.uniform(1.6, 2.6), 0.0,
                CONFETTI[int(self.rng.integers(len(CONFETTI)))], size, "confetti", 260.0))

    def wind(self, area: pygame.Rect, count: int = 40) -> None:
        if not self.allows_particles:
            return
        for _ in range(count):
            self.particles.append(Particle(
                self.rng.uniform(area.left, area.centerx), self.rng.uniform(area.top, area.bottom),
                self.rng.uniform(700, 1100), self.rng.uniform(-30, 30), self.rng.uniform(0.35, 0.6), 0.0,
                (220, 235, 255), self.rng.uniform(30, 70), "streak"))

    def shake(self, strength: float, seconds: float = 0.35) -> None:
        if self.allows_shake:
            self.shake_strength = max(self.shake_strength if self.shake_left > 0 else 0.0, strength)
            self.shake_left = max(self.shake_left, seconds)

    def flash(self, bolt_to: tuple[float, float] | None = None) -> None:
        """The lightning flash (with a bolt down to `bolt_to`): a quarter of a second, once."""
        if self.allows_particles:
            self.flash_left = FLASH_SECONDS
            self.bolt = bolt_to

    def chain(self, count: int, at: tuple[float, float]) -> None:
        """The count of a multi-jump so far: a word, a bigger shake and more sparkles each time."""
        text = CHAIN_WORDS[min(count, len(CHAIN_WORDS) - 1)]
        if not text:
            return
        size = 44 + 8 * min(count, 6)
        y = at[1] - 40
        if self.bounds is not None and y - size < self.bounds.top:
            y = at[1] + 60  # no room above a piece on the top row: the word goes below it
        self.word(text, (at[0], y), (255, 120, 60), size)
        self.shake(3.0 * count, 0.25 + 0.08 * count)
        self.sparkles(at, 12 * count, (255, 200, 90), 120 + 40 * count, ring=20)

    def trophy(self) -> None:
        if self.animations:
            self.trophy_age = 0.0

    # --- running --------------------------------------------------------------------------------------------
    @property
    def is_busy(self) -> bool:
        return bool(self.particles or self.words or self.shake_left > 0 or self.flash_left > 0)

    def update(self, dt: float) -> None:
        alive = []
        for p in self.particles:
            p.age += dt
            if p.age >= p.life:
                continue
            p.vy += p.gravity * dt
            if p.kind == "confetti":
                p.vx *= 0.99
            was_x = p.x
            p.x += p.vx * dt
            p.y += p.vy * dt
            if p.kind == "confetti":
                self.keep_in_place(p, was_x)
            alive.append(p)
        self.particles = alive
        for w in self.words:
            w.age += dt
        self.words = [w for w in self.words if w.age < w.life]
        self.shake_left = max(0.0, self.shake_left - dt)
        self.flash_left = max(0.0, self.flash_left - dt)
        if self.trophy_age is not None:
            self.trophy_age += dt

    def keep_in_place(self, p: Particle, was_x: float) -> None:
        """A flake bounces off the sides of `keep_out` and of the canvas, and settles on the canvas's floor."""
        size = p.size
        k = self.keep_out
        if k is not None and p.x < k.right and p.x + size > k.left and p.y < k.bottom and p.y + size > k.top:
            came_from_left = was_x + size / 2 < k.centerx
            p.x = k.left - size if came_from_left else float(k.right)
            p.vx = -abs(p.vx) * 0.5 if came_from_left else abs(p.vx) * 0.5
        c = self.canvas
        if c is not None:
            if p.x < c.left:
                p.x, p.vx = float(c.left), abs(p.vx) * 0.5
            elif p.x + size > c.right:
                p.x, p.vx = c.right - size, -abs(p.vx) * 0.5
            if p.y < c.top:
                p.y, p.vy = float(c.top), max(0.0, p.vy)
            elif p.y + size > c.bottom:
                p.y, p.vy, p.vx = c.bottom - size, 0.0, p.vx * 0.8

    def shake_offset(self, t: float) -> tuple[int, int]:
        if self.shake_left <= 0 or not self.allows_shake:
            return (0, 0)
        amount = self.shake_strength * min(1.0, self.shake_left / 0.2)
        return (round(math.sin(t * 71.0) * amount), round(math.cos(t * 59.0) * amount * 0.7))

    def draw(self, surface: pygame.Surface) -> None:
        for p in self.particles:
            fade = 1.0 - p.age / p.life
            if p.kind == "smoke":
                radius = p.size * (1.0 + p.age * 2.0)
                draw.circle(surface, shade(p.colour, 0.75 + 0.25 * fade), (p.x, p.y), max(1.0, radius * fade))
            elif p.kind == "spark":
                size = max(1.0, p.size * fade)
                draw.line(surface, p.colour, (p.x - size * 1.6, p.y), (p.x + size * 1.6, p.y), 2)
                draw.line(surface, p.colour, (p.x, p.y - size * 1.6), (p.x, p.y + size * 1.6), 2)
            elif p.kind == "confetti":
                continue  # drawn by draw_confetti, over the panel
            else:
                if self.bounds is None or self.bounds.collidepoint(p.x, p.y):
                    draw.line(surface, p.colour, (p.x, p.y), (max(p.x - p.size, self.bounds.left
                                                                         if self.bounds else 0), p.y), 2)
        for w in self.words:
            self.draw_word(surface, w)
        if self.flash_left > 0 and self.bolt is not None:
            self.draw_bolt(surface, self.bolt)
        if self.flash_left > 0:
            veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            veil.fill((255, 255, 240, round(170 * self.flash_left / FLASH_SECONDS)))
            surface.blit(veil, (0, 0))

    def draw_confetti(self, surface: pygame.Surface) -> None:
        """The confetti, over everything but the trophy and the banners (it falls over the panel too)."""
        for p in self.particles:
            if p.kind == "confetti":
                draw.rect(surface, p.colour, flake_rect(p))

    def draw_word(self, surface: pygame.Surface, w: Word) -> None:
        grow = 1.0
        if self.allows_particles:
            grow = min(1.0, 0.4 + w.age * 6.0) + 0.15 * math.sin(min(1.0, w.age * 5.0) * math.pi)
        rise = w.age * 30 if self.allows_particles else 0.0
        size = max(8, round(w.size * grow))
        alpha = 255 if w.age < w.life * 0.7 else round(255 * (w.life - w.age) / (w.life * 0.3))
        x, y = w.x, w.y - rise
        if self.bounds is not None:
            half = font(size, True).size(w.text)[0] / 2 + 6
            x = min(max(x, self.bounds.left + half), self.bounds.right - half)
            y = min(max(y, self.bounds.top + size / 2), self.bounds.bottom - size / 2)
        for dx, dy, colour in ((3, 3, (30, 20, 30)), (0, 0, w.colour)):
            image = font(size, True).render(w.text, True, colour)
            image.set_alpha(alpha)
            surface.blit(image, image.get_rect(center=(round(x + dx), round(y + dy))))

    def draw_bolt(self, surface: pygame.Surface, to: tuple[float, float]) -> None:
        """A zigzag of lightning from above the board down to `to`."""
        top = (self.bounds.top if self.bounds else 0) - 10
        steps = 7
        points = []
        for index in range(steps + 1):
            f = index / steps
            jag = 0 if index in (0, steps) else (22 if index % 2 else -22)
            points.append((to[0] + jag + (1 - f) * 40, top + (to[1] - top) * f))
        draw.lines(surface, (170, 200, 255), False, points, 12)
        draw.lines(surface, (255, 255, 235), False, points, 5)

    def draw_trophy(self, surface: pygame.Surface, at: tuple[float, float], size: float) -> None:
        if self.trophy_age is None:
            return
        bounce = 0.0
        if self.allows_particles:
            bounce = abs(math.sin(self.trophy_age * 1.6 * math.pi)) * size * 0.25 * math.exp(-self.trophy_age * 0.4)
        draw_trophy(surface, (at[0], at[1] - bounce), size)


def flake_rect(p: Particle) -> pygame.Rect:
    """Where a flake of confetti is drawn: a square of its size turning over (under a turn a second), so never
    outside (x, y, size, size)."""
    wobble = abs(math.sin(p.age * 3.0 + p.x * 0.1))
    return pygame.Rect(p.x, p.y, p.size, max(1.0, p.size * wobble))


def confetti_lanes(area: pygame.Rect, keep_out: pygame.Rect | None) -> list[pygame.Rect]:
    """The columns of `area` confetti falls in: all of it, or the full-height columns left and right of
    `keep_out` (the board's squares)."""
    if keep_out is None or keep_out.right <= area.left or keep_out.left >= area.right:
        return [area]
    lanes = [pygame.Rect(area.left, area.top, keep_out.left - area.left, area.height),
             pygame.Rect(keep_out.right, area.top, area.right - keep_out.right, area.height)]
    return [lane for lane in lanes if lane.width >= 4] or [area]


def draw_trophy(surface: pygame.Surface, at: tuple[float, float], size: float) -> None:
    """A gold cup on a stand."""
    x, y = at
    gold, dark = (250, 196, 48), (170, 120, 20)
    draw.circle(surface, dark, (x - size * 0.5, y - size * 0.55), size * 0.22, max(3, round(size * 0.07)))
    draw.circle(surface, dark, (x + size * 0.5, y - size * 0.55), size * 0.22, max(3, round(size * 0.07)))
    cup = [(x - size * 0.5, y - size * 0.85), (x + size * 0.5, y - size * 0.85), (x + size * 0.3, y - size * 0.25),
           (x - size * 0.3, y - size * 0.25)]
    draw.polygon(surface, gold, cup)
    draw.polygon(surface, dark, cup, 3)
    draw.rect(surface, gold, pygame.Rect(x - size * 0.08, y - size * 0.28, size * 0.16, size * 0.3))
    draw.rect(surface, dark, pygame.Rect(x - size * 0.35, y, size * 0.7, size * 0.16), border_radius=4)
    draw.circle(surface, (255, 240, 170), (x - size * 0.22, y - size * 0.68), size * 0.07)


def show_moment(effects: Effects, moment: Moment, centre_of: Callable[[int], tuple[float, float]], radius: float,
                board: pygame.Rect) -> None:
    """Add what `moment` shows to `effects`: `centre_of(square)` is a square's centre on screen, `radius` a
    piece's and `board` the board's rectangle (wind blows over it; confetti falls over the canvas, beside it)."""
    sky = effects.canvas or board
    if isinstance(moment, CaptureLanded):
        # a chain's words are its count (Double! Triple!), so only a single capture says Poof!
        effects.poof(centre_of(moment.square), radius, with_word=moment.is_single)
        if moment.chain >= 2:
            effects.chain(moment.chain, centre_of(moment.landing))
    elif isinstance(moment, Crowned):
        at = centre_of(moment.square)
        if not moment.after_chain:  # after a chain its count is the word, and confetti flies
            effects.word("Crowned!", (at[0], at[1] + 56), (255, 215, 80), 44)
        effects.sparkles(at, 24, (255, 220, 90), ring=radius)
        if moment.after_chain:
            effects.confetti(sky)
    elif isinstance(moment, Won):
        effects.trophy()
        effects.confetti(sky, 140)
    elif isinstance(moment, FunStruck):
        show_fun_event(effects, moment, centre_of(moment.event.square), radius, board)
    elif isinstance(moment, Party):
        effects.confetti(sky, 120)
        effects.word("Party!", board.center, (255, 120, 200), 72)
    elif isinstance(moment, Cleared):
        effects.clear()


def show_fun_event(effects: Effects, moment: FunStruck, at: tuple[float, float], radius: float,
                   board: pygame.Rect) -> None:
    """A gift sparkles; lightning flashes, earthquakes shake and wind blows the computer's piece away."""
    kind = moment.event.kind
    effects.word(EVENT_WORDS[kind], (at[0], at[1] - 50), (120, 220, 255), 52)
    if moment.event.is_gift:
        effects.sparkles(at, 30, (255, 240, 140), ring=radius)
    elif kind == "lightning":
        effects.flash(at)
        effects.sparkles(at, 36, (255, 255, 200), 220, ring=radius * 0.5)
    elif kind == "earthquake":
        effects.shake(12.0, 1.0)
        effects.poof(at, radius, with_word=False)
    else:
        effects.wind(board)
        effects.poof(at, radius, with_word=False)
