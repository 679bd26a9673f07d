"""Drawing the Piddle table: the players' column, the cloth with its six dice, the buttons, the log, the banner.

Everything here reads the controller and draws; nothing changes state. The layout's rectangles are functions
so the scene's hit tests and the painter agree.
"""

from __future__ import annotations

import math

import pygame

from tablegames.piddle.hands import DICE, describe_hand, hand_of
from tablegames.ui import draw
from tablegames.ui.miniatures import draw_die
from tablegames.ui.piddle.advisor import ADVISED, LOSE_COLOUR, PUSH_COLOUR, WIN_COLOUR
from tablegames.ui.piddle.controller import HUMAN_SEAT, PiddleController
from tablegames.ui.theme import (
    ACCENT,
    FELT,
    FELT_DARK,
    PANEL,
    PANEL_EDGE,
    TEXT,
    TEXT_DIM,
    draw_text,
    shade,
)
from tablegames.ui.widgets import Button, button_row

PLAYERS_RECT = pygame.Rect(20, 84, 300, 640)
FELT_RECT = pygame.Rect(340, 84, 580, 400)
LOG_RECT = pygame.Rect(340, 566, 580, 158)
ADVISOR_RECT = pygame.Rect(940, 84, 320, 640)
DIE_SIZE = 78
DIE_GAP = 16
DICE_Y = FELT_RECT.y + 214
HELD_LIFT = 26  # held dice sit higher on the cloth, set apart from the ones to roll
SEAT_COLOURS = ((255, 196, 64), (92, 168, 240), (236, 104, 96), (120, 206, 120), (196, 128, 232), (80, 210, 210))
DIE_BODY = (246, 243, 236)
DIE_PIPS = (28, 28, 38)
WILD_PIPS = (200, 40, 48)  # 1s are wild: a red pip, as on many sets


BUTTONS_AREA = pygame.Rect(FELT_RECT.x, FELT_RECT.bottom + 18, FELT_RECT.width, 52)


def die_home(position: int) -> tuple[float, float]:
    """Where die `position` rests on the cloth (not held)."""
    total = DICE * DIE_SIZE + (DICE - 1) * DIE_GAP
    left = FELT_RECT.centerx - total / 2 + DIE_SIZE / 2
    return left + position * (DIE_SIZE + DIE_GAP), DICE_Y


def die_rect(position: int, held: bool = False) -> pygame.Rect:
    x, y = die_home(position)
    rect = pygame.Rect(0, 0, DIE_SIZE + 10, DIE_SIZE + 10)
    rect.center = (round(x), round(y - (HELD_LIFT if held else 0)))
    return rect


def die_at(pos: tuple[float, float]) -> int | None:
    for position in range(DICE):
        if die_rect(position).union(die_rect(position, True)).collidepoint(pos):
            return position
    return None


def buttons_for(controller: PiddleController) -> list[Button]:
    """The buttons under the cloth for what the person may do now (roll, stop, hint; next round), laid out."""
    if controller.watch:
        return []
    table = controller.table
    labels: list[tuple[str, str]] = []
    if controller.is_settled and not controller.is_busy():
        labels.append(("next", "Replay round  (Space)" if table.results[-1].is_push else "Next round  (Space)"))
    elif controller.is_persons_turn():
        if table.can_roll():
            labels.append(("roll", "Roll all  (Space)" if table.dice is None else "Roll  (Space)"))
        if table.can_stop():
            labels += [("stop", "Stop  (Enter)"), ("hint", "Hint  (H)")]
    main = "next" if labels and labels[0][0] == "next" else "roll"
    return button_row(labels, BUTTONS_AREA, align="center", height=BUTTONS_AREA.height, size=27, min_width=170,
                      main=main)


def money(amount: int) -> str:
    return f"+${amount}" if amount > 0 else (f"-${-amount}" if amount < 0 else "$0")


def draw_mini_dice(surface: pygame.Surface, dice: tuple[int, ...], left: float, centre_y: float,
                   size: float = 24) -> None:
    for index, value in enumerate(sorted(dice, reverse=True)):
        draw_die(surface, (left + size / 2 + index * (size + 3), centre_y), size, value, 0.0, DIE_BODY,
                 WILD_PIPS if value == 1 else DIE_PIPS, (1, 2))


def draw_players(surface: pygame.Surface, controller: PiddleController) -> None:
    table = controller.table
    draw.rect(surface, PANEL, PLAYERS_RECT, border_radius=16)
    draw.rect(surface, PANEL_EDGE, PLAYERS_RECT, 2, border_radius=16)
    draw_text(surface, "Players", (PLAYERS_RECT.x + 20, PLAYERS_RECT.y + 14), 32, ACCENT, bold=True)
    draw_text(surface, "winnings", (PLAYERS_RECT.right - 20, PLAYERS_RECT.y + 22), 22, TEXT_DIM, "topright")
    stage = controller.stage()
    best, _ = table.best_so_far()
    row_height = min(96, (PLAYERS_RECT.height - 60) // table.players)
    settled = controller.is_settled
    winner = table.results[-1].winner if settled and table.results else None
    for seat in range(table.players):
        top = PLAYERS_RECT.y + 52 + seat * row_height
        row = pygame.Rect(PLAYERS_RECT.x + 10, top, PLAYERS_RECT.width - 20, row_height - 8)
        acting = not settled and not controller.showing_break and seat == stage.seat
        if acting or seat == winner:
            draw.rect(surface, shade(PANEL_EDGE, 0.75), row, border_radius=10)
            draw.rect(surface, WIN_COLOUR if seat == winner else ACCENT, row, 2, border_radius=10)
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        draw.circle(surface, colour, (row.x + 18, row.y + 21), 9)
        name_rect = draw_text(surface, table.names[seat], (row.x + 36, row.y + 8), 30, TEXT, bold=seat == HUMAN_SEAT)
        if seat == table.breaker and not controller.showing_break:
            tag = pygame.Rect(name_rect.right + 10, row.y + 9, 62, 22)
            draw.rect(surface, shade(ACCENT, 0.45), tag, border_radius=8)
            draw_text(surface, "breaker", tag.center, 19, ACCENT, "center")
        amount = table.winnings[seat]
        amount_colour = WIN_COLOUR if amount > 0 else (LOSE_COLOUR if amount < 0 else TEXT_DIM)
        draw_text(surface, money(amount), (row.right - 12, row.y + 10), 28, amount_colour, "topright", bold=True)
        line_y = row.y + 52
        if controller.showing_break:
            draw_break(surface, controller, seat, row.x + 36, line_y)
        elif seat in table.hands:
            hand = table.hands[seat]
            draw_mini_dice(surface, table.final_dice[seat], row.x + 36, line_y + 4)
            leading = hand == best and not settled
            draw_text(surface, describe_hand(hand), (row.right - 12, line_y - 6), 24,
                      ACCENT if leading or seat == winner else TEXT_DIM, "topright", bold=leading or seat == winner)
        elif acting:
            rolls = f"roll {stage.rolls_taken} of {stage.roll_limit}" if stage.rolls_taken else "to roll"
            draw_text(surface, rolls, (row.x + 36, line_y - 6), 24, TEXT_DIM)
        elif not settled:
            draw_text(surface, "waiting", (row.x + 36, line_y - 6), 24, shade(TEXT_DIM, 0.7))


def draw_break(surface: pygame.Surface, controller: PiddleController, seat: int, left: float, y: float) -> None:
    """This seat's break dice (one per roll-off it took part in)."""
    table = controller.table
    x = left
    for rolls in table.break_rolls:
        if seat in rolls:
            draw_die(surface, (x + 11, y + 6), 22, rolls[seat], 0.0, DIE_BODY, DIE_PIPS, (1, 2))
            x += 28
    if seat == table.breaker:
        draw_text(surface, "breaks", (x + 8, y - 3), 23, ACCENT, bold=True)


def draw_top_bar(surface: pygame.Surface, controller: PiddleController) -> None:
    table = controller.table
    draw_text(surface, "Piddle", (30, 18), 54, ACCENT, bold=True)
    draw_text(surface, f"round {table.round_index + 1}" + ("  (replay after a push)" if table.is_replay else ""),
              (190, 38), 26, TEXT_DIM)
    pot = pygame.Rect(0, 0, 210, 52)
    pot.center = (FELT_RECT.centerx, 42)
    draw.rect(surface, shade(FELT_DARK, 0.8), pot, border_radius=26)
    draw.rect(surface, ACCENT, pot, 2, border_radius=26)
    draw_text(surface, f"Pot ${table.pot}", pot.center, 36, ACCENT, "center", bold=True)
    cap = "cap: set by the breaker" if table.cap is None else f"cap: {table.cap} roll{'s' if table.cap > 1 else ''}"
    draw_text(surface, cap, (ADVISOR_RECT.x, 30), 30, TEXT if table.cap is not None else TEXT_DIM, bold=table.cap
              is not None)
    draw_text(surface, f"ante ${table.stake}", (ADVISOR_RECT.right, 34), 24, TEXT_DIM, "topright")


def draw_cloth(surface: pygame.Surface) -> None:
    draw.rect(surface, shade(FELT_DARK, 0.6), FELT_RECT.inflate(12, 12), border_radius=26)
    draw.rect(surface, FELT, FELT_RECT, border_radius=22)
    inner = FELT_RECT.inflate(-28, -28)
    draw.rect(surface, shade(FELT, 0.88), inner, 2, border_radius=16)


def draw_stage_text(surface: pygame.Surface, controller: PiddleController) -> None:
    """The heading on the cloth: whose dice, which roll; and the instructions under the dice."""
    table = controller.table
    stage = controller.stage()
    name = "Your" if stage.seat == HUMAN_SEAT and not controller.watch else f"{table.names[stage.seat]}'s"
    if controller.showing_break:
        heading = "Break roll"
    elif controller.is_settled and controller.linger is None:
        heading = ""  # the banner says how the round ended
    else:
        heading = f"{name} turn"
        if stage.rolls_taken:
            heading += f"  ·  roll {stage.rolls_taken} of {stage.roll_limit}"
    colour = SEAT_COLOURS[stage.seat % len(SEAT_COLOURS)] if heading.endswith(("turn", "3", "2", "1")) else ACCENT
    draw_text(surface, heading, (FELT_RECT.centerx, FELT_RECT.y + 40), 40, colour, "center", bold=True)
    showing = not controller.showing_break and controller.tumble is None and not (
        controller.is_settled and controller.linger is None)
    if stage.dice is not None and showing:
        draw_text(surface, describe_hand(hand_of(stage.dice)), (FELT_RECT.centerx, FELT_RECT.y + 82), 30, TEXT,
                  "center")
    elif controller.is_settled and controller.linger is None and stage.dice is not None:
        owner = "Your" if stage.seat == HUMAN_SEAT and not controller.watch else f"{table.names[stage.seat]}'s"
        draw_text(surface, f"{owner} dice: {describe_hand(hand_of(stage.dice))}",
                  (FELT_RECT.centerx, DICE_Y + DIE_SIZE / 2 + 30), 26, TEXT, "center")
    draw_text(surface, controller.instructions(), (FELT_RECT.centerx, FELT_RECT.bottom - 34), 26, TEXT, "center")


def draw_dice(surface: pygame.Surface, controller: PiddleController, show_advice: bool,
              hover: int | None) -> None:
    stage = controller.stage()
    if controller.showing_break:
        return
    if stage.dice is None:  # before the first roll: where the six dice will land
        for position in range(DICE):
            place = die_rect(position).inflate(-10, -10)
            draw.rect(surface, shade(FELT, 0.8), place, 3, border_radius=10)
        return
    advised = set(controller.advised_positions()) if show_advice else set()
    can_hold = controller.can_person_hold()
    for position in range(DICE):
        pose = controller.die_pose(position)
        held = position in stage.held
        x, y = die_home(position)
        y -= HELD_LIFT if held else 0
        x += pose.dx * DIE_SIZE
        y += pose.dy * DIE_SIZE
        size = DIE_SIZE * (1 + 0.18 * pose.lift)
        shadow = pygame.Rect(0, 0, DIE_SIZE * (1.05 - 0.3 * pose.lift), DIE_SIZE * 0.34)
        shadow.center = (round(x + 6 + pose.lift * 18), round(y - pose.dy * DIE_SIZE + DIE_SIZE * 0.5))
        draw.ellipse(surface, shade(FELT, 0.7), shadow)
        if position in advised and controller.tumble is None:
            ring = pygame.Rect(0, 0, DIE_SIZE + 16, DIE_SIZE + 16)
            ring.center = (round(x), round(y))
            draw.rect(surface, ADVISED, ring, 4, border_radius=14)
        if held and controller.tumble is None:
            frame = pygame.Rect(0, 0, DIE_SIZE + 6, DIE_SIZE + 6)
            frame.center = (round(x), round(y))
            draw.rect(surface, ACCENT, frame, border_radius=10)
        elif hover == position and can_hold:
            frame = pygame.Rect(0, 0, DIE_SIZE + 6, DIE_SIZE + 6)
            frame.center = (round(x), round(y))
            draw.rect(surface, shade(ACCENT, 0.7), frame, 2, border_radius=10)
        depth = 3 + 10 * pose.lift
        draw_die(surface, (x, y), size, pose.value, pose.angle, DIE_BODY,
                 WILD_PIPS if pose.value == 1 else DIE_PIPS, (depth * 0.5, depth))
        if can_hold:
            label_y = die_home(position)[1] + DIE_SIZE / 2 + 26
            draw_text(surface, str(position + 1), (die_home(position)[0], label_y), 24,
                      ACCENT if held else TEXT_DIM, "center", bold=held)
        if held and controller.tumble is None:
            draw_text(surface, "held", (x, y - DIE_SIZE / 2 - 14), 20, ACCENT, "center", bold=True)


def draw_break_roll(surface: pygame.Surface, controller: PiddleController) -> None:
    """Each player's break die on the cloth (their last roll-off), the breaker's framed in gold."""
    table = controller.table
    if not controller.showing_break:
        return
    latest = {}
    for rolls in table.break_rolls:
        latest.update(rolls)
    size, gap = 64, 26
    count = table.players
    left = FELT_RECT.centerx - (count * size + (count - 1) * gap) / 2 + size / 2
    for seat in range(count):
        x, y = left + seat * (size + gap), DICE_Y - 10
        if seat == table.breaker:
            frame = pygame.Rect(0, 0, size + 12, size + 12)
            frame.center = (round(x), round(y))
            draw.rect(surface, ACCENT, frame, 4, border_radius=12)
        draw_die(surface, (x, y), size, latest[seat], 0.0, DIE_BODY, WILD_PIPS if latest[seat] == 1 else DIE_PIPS,
                 (2, 4))
        draw_text(surface, table.names[seat], (x, y + size / 2 + 22), 24,
                  ACCENT if seat == table.breaker else TEXT_DIM, "center", bold=seat == table.breaker)
    if len(table.break_rolls) > 1:
        draw_text(surface, f"a tie for the highest: rolled again {len(table.break_rolls) - 1}x",
                  (FELT_RECT.centerx, FELT_RECT.y + 84), 24, TEXT_DIM, "center")


def draw_results(surface: pygame.Surface, rect: pygame.Rect, controller: PiddleController) -> None:
    """The settled round in the side panel: every final hand, best first, and what the pot did."""
    table = controller.table
    result = table.results[-1]
    draw.rect(surface, PANEL, rect, border_radius=16)
    draw.rect(surface, PANEL_EDGE, rect, 2, border_radius=16)
    left, y = rect.x + 20, rect.y + 16
    draw_text(surface, "Round results", (left, y), 36, ACCENT, bold=True)
    y += 52
    best = max(result.hands.values())
    for seat in sorted(result.hands, key=lambda s: (result.hands[s], -table.order.index(s)), reverse=True):
        hand = result.hands[seat]
        top = hand == best
        colour = (PUSH_COLOUR if result.is_push else WIN_COLOUR) if top else TEXT_DIM
        draw_text(surface, table.names[seat], (left, y), 28, colour, bold=top)
        draw_text(surface, describe_hand(hand), (rect.right - 20, y + 2), 26, colour, "topright")
        draw_mini_dice(surface, table.final_dice[seat], left, y + 44)
        y += 74
    y += 6
    lines: tuple[str, ...]
    if result.winner is None:  # a push
        lines = (f"A push: the ${result.pot} pot stays", "and the round replays.")
    else:
        lines = (f"{table.names[result.winner]} took the pot of ${result.pot}.",)
    for line in lines:
        draw_text(surface, line, (left, y), 24, TEXT)
        y += 28


def draw_log(surface: pygame.Surface, controller: PiddleController) -> None:
    draw.rect(surface, shade(PANEL, 0.9), LOG_RECT, border_radius=14)
    draw.rect(surface, shade(PANEL_EDGE, 0.7), LOG_RECT, 1, border_radius=14)
    lines = controller.log[-5:]
    for index, line in enumerate(lines):
        fade = 0.55 + 0.45 * (index + 1) / len(lines)
        draw_text(surface, line, (LOG_RECT.x + 18, LOG_RECT.y + 12 + index * 28), 24, shade(TEXT, fade))


def draw_banner(surface: pygame.Surface, controller: PiddleController, clock: float) -> None:
    """The round's end over the cloth: the winner and the pot, or the push."""
    table = controller.table
    if not controller.is_settled or controller.is_busy() or not table.results:
        return
    result = table.results[-1]
    if result.winner is None:  # a push
        best = max(result.hands.values())
        title, colour = "PUSH", PUSH_COLOUR
        line = f"tie with {describe_hand(best)}: everyone adds ${table.stake}, pot ${result.pot}"
    else:
        name = table.names[result.winner]
        mine = result.winner == HUMAN_SEAT and not controller.watch
        title = "You win!" if mine else f"{name} wins"
        colour = WIN_COLOUR if mine or controller.watch else LOSE_COLOUR
        line = f"${result.pot} with {describe_hand(result.hands[result.winner])}"
    still = controller.reduced_motion or not controller.animations
    pulse = 1.0 if still else 1.0 + 0.04 * math.sin(clock * 4)
    banner = pygame.Rect(0, 0, round(500 * pulse), 124)
    banner.center = (FELT_RECT.centerx, FELT_RECT.y + 96)
    draw.rect(surface, shade(PANEL, 0.8), banner, border_radius=20)
    draw.rect(surface, colour, banner, 4, border_radius=20)
    draw_text(surface, title, (banner.centerx, banner.y + 42), 60, colour, "center", bold=True)
    draw_text(surface, line, (banner.centerx, banner.y + 96), 28, TEXT, "center")
