"""The analysis board's scene: the board with the square numbers, an evaluation bar beside it, the engine's best
line, the moves with the review's mistakes marked, and the keys. Opened from the checkers menu with the game in
play (or as `--scene checkers:analysis`, with a sample game reviewed). The logic is analysis_board.py's."""

from __future__ import annotations

import math

import pygame

from tablegames.checkers.analysis import WIN_SCORE, View, move_label, move_number, numbered_line, score_words
from tablegames.checkers.engine import BLACK
from tablegames.checkers.pdn import parse_game
from tablegames.checkers.position import Piece
from tablegames.ui import draw
from tablegames.ui.canvas import drawing_scale
from tablegames.ui.checkers.analysis_board import AnalysisBoard
from tablegames.ui.checkers.boards import BoardLayout, board_layout, draw_board_at
from tablegames.ui.checkers.controller import cell_to_square, square_to_cell
from tablegames.ui.checkers.drawing import square_numbers
from tablegames.ui.checkers.pieces import draw_piece
from tablegames.ui.checkers.savegame import export_folder
from tablegames.ui.scene import Context, Intent, Pop, Scene, register_scene
from tablegames.ui.theme import ACCENT, PANEL, PANEL_EDGE, TEXT, TEXT_DIM, draw_background, draw_text, shade
from tablegames.ui.widgets import draw_footer, fit_text, wrap_text

BOARD_RECT = pygame.Rect(64, 24, 712, 712)
BAR_RECT = pygame.Rect(22, 0, 26, 0)  # x and width; the height follows the squares
PANEL_RECT = pygame.Rect(800, 24, 456, 712)
MOVES_TOP = PANEL_RECT.y + 250
ROW_HEIGHT = 28
MISTAKE_COLOUR = (255, 150, 60)
BLUNDER_COLOUR = (255, 90, 90)
BEST_COLOUR = (90, 200, 255)
KEYS = ("Click a piece, then where it goes   Left/Right step   Home/End   R review   E export   S set up   "
        "Ctrl+V paste a FEN   drop a PDN file   F flip   Esc back")
SETUP_KEYS = "Click a square: the next piece   T side to move   C clear   I the start   S done   Esc back"


def bar_share(view: View | None) -> float:
    """Black's share of the evaluation bar: half when even, towards all of it as Black's advantage grows."""
    if view is None:
        return 0.5
    score = view.black_score
    if abs(score) > WIN_SCORE:
        return 1.0 if score > 0 else 0.0
    return 0.5 + 0.5 * math.tanh(score / 300)


def advantage_words(view: View) -> str:
    score = view.black_score
    if abs(score) > WIN_SCORE:
        side = "Black" if score > 0 else "White"
        return f"{side} {score_words(abs(score))}"
    if abs(score) < 15:
        return "About even"
    side = "Black" if score > 0 else "White"
    return f"{side} is better by {abs(score) / 100:.1f} men"


class AnalysisScene(Scene):
    name = "checkers:analysis"

    def __init__(self, context: Context, board: AnalysisBoard | None = None) -> None:
        super().__init__(context)
        self.board = board or AnalysisBoard(context.thinker)
        self.layout: BoardLayout = board_layout(BOARD_RECT)
        self.flipped = context.settings.checkers_flip
        self.clock = 0.0
        self.first_row = 0  # the move list's first row shown (keeps the shown move in view)
        self.after_change()

    # --- input --------------------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> list[Intent]:
        board = self.board
        if event.type == pygame.KEYDOWN:
            return self.key(event.key, getattr(event, "mod", 0))
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            row = self.move_at(event.pos)
            if row is not None:
                board.go_to(row + 1)
            else:
                board.click_square(cell_to_square(self.layout.square_at(event.pos), self.flipped))
        elif event.type == pygame.MOUSEWHEEL:
            board.step(-event.y)
        elif event.type == pygame.DROPFILE:
            board.load_file(event.file)
        self.after_change()
        return []

    def key(self, key: int, mod: int) -> list[Intent]:
        board = self.board
        if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            return [Pop()]
        if board.setup is not None:
            if key in (pygame.K_s, pygame.K_RETURN):
                board.finish_setup()
            elif key == pygame.K_t:
                board.toggle_setup_turn()
            elif key == pygame.K_c:
                board.clear_setup()
            elif key == pygame.K_i:
                board.setup_start()
        elif key == pygame.K_v and mod & pygame.KMOD_CTRL:
            board.paste_fen(clipboard_text())
        else:
            steps = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -2, pygame.K_DOWN: 2}
            if key in steps:
                board.step(steps[key])
            elif key == pygame.K_HOME:
                board.go_to(0)
            elif key == pygame.K_END:
                board.go_to(len(board.moves))
            elif key == pygame.K_r:
                board.start_review()
            elif key == pygame.K_e:
                board.export(export_folder())
            elif key == pygame.K_s:
                board.begin_setup()
            elif key == pygame.K_f:
                self.flipped = not self.flipped
        self.after_change()
        return []

    def move_at(self, pos: tuple[float, float]) -> int | None:
        """The move (its index) under a click in the move list."""
        for index, rect in self.move_cells():
            if rect.collidepoint(pos):
                return index
        return None

    def move_cells(self) -> list[tuple[int, pygame.Rect]]:
        """Where each shown move of the list is: two a row, Black's then White's (a game from a White-to-move
        position starts on the right)."""
        offset = 0 if self.board.start.turn == BLACK else 1
        cells = []
        bottom = PANEL_RECT.bottom - 110
        for index in range(len(self.board.moves)):
            row = (index + offset) // 2 - self.first_row
            y = MOVES_TOP + 30 + row * ROW_HEIGHT
            if row < 0 or y + ROW_HEIGHT > bottom:
                continue
            x = PANEL_RECT.x + 74 + ((index + offset) % 2) * 176
            cells.append((index, pygame.Rect(x, y, 168, ROW_HEIGHT)))
        return cells

    # --- the frame ----------------------------------------------------------------------------------------------

    def update(self, dt: float) -> list[Intent]:
        self.clock += dt
        self.after_change()
        return []

    def after_change(self) -> None:
        """Take in the thinker's answers, ask about the shown position, keep the shown move in the list's view."""
        self.board.poll()
        self.board.engine_view()
        offset = 0 if self.board.start.turn == BLACK else 1
        rows_shown = (PANEL_RECT.bottom - 110 - MOVES_TOP - 30) // ROW_HEIGHT
        current_row = max(0, self.board.cursor - 1 + offset) // 2
        if current_row < self.first_row:
            self.first_row = current_row
        elif current_row >= self.first_row + rows_shown:
            self.first_row = current_row - rows_shown + 1

    def on_exit(self) -> None:
        self.board.cancel()

    # --- drawing (reads only) -----------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        draw_background(surface)
        view = self.board.peek_view()
        self.draw_board(surface, view)
        self.draw_bar(surface, view)
        self.draw_panel(surface, view)
        keys = SETUP_KEYS if self.board.setup is not None else KEYS
        draw_footer(surface, keys, (640, 768), 22, 1240, max_lines=2)

    def pieces(self) -> dict[int, Piece]:
        board = self.board
        if board.setup is not None:
            return dict(board.setup)
        position = board.position
        return {s: position.piece_at(s) for s in range(1, 33) if position.piece_at(s) != Piece.EMPTY}

    def draw_board(self, surface: pygame.Surface, view: View | None) -> None:
        settings = self.context.settings
        layout, flipped, board = self.layout, self.flipped, self.board
        draw_board_at(surface, settings.checkers_piece_set, layout, self.clock, False, True)
        if board.cursor > 0 and board.setup is None:  # the move that led here
            last = board.moves[board.cursor - 1]
            for square in (last.from_square, last.to_square):
                draw.rect(surface, (255, 220, 120), layout.square_rect(*square_to_cell(square, flipped)), 3)
        if view is not None and board.setup is None:  # the engine's move
            for square in view.best.path:
                rect = layout.square_rect(*square_to_cell(square, flipped))
                draw.rect(surface, BEST_COLOUR, rect.inflate(-8, -8), 4, border_radius=10)
        for square, piece in self.pieces().items():
            centre = layout.square_centre(*square_to_cell(square, flipped))
            draw_piece(surface, settings.checkers_piece_set, 0 if piece.side == BLACK else 1, piece.is_king, centre,
                       layout.piece_radius, self.clock, animations=False)
        if board.selected is not None:
            rect = layout.square_rect(*square_to_cell(board.selected, flipped))
            draw.rect(surface, ACCENT, rect.inflate(-2, -2), 5, border_radius=6)
            for move in board.legal_moves():
                if move.from_square == board.selected:
                    centre = layout.square_centre(*square_to_cell(move.to_square, flipped))
                    draw.circle(surface, ACCENT, centre, layout.cell * 0.3, max(2, layout.cell // 24))
        surface.blit(square_numbers(settings.checkers_piece_set, layout.cell, flipped, drawing_scale()),
                     layout.inner.topleft)

    def draw_bar(self, surface: pygame.Surface, view: View | None) -> None:
        inner = self.layout.inner
        bar = pygame.Rect(BAR_RECT.x, inner.y, BAR_RECT.width, inner.height)
        black_share = bar_share(view)
        black_on_top = not self.flipped
        draw.rect(surface, (236, 232, 220), bar, border_radius=6)
        black_height = round(bar.height * black_share)
        black_part = pygame.Rect(bar.x, bar.y if black_on_top else bar.bottom - black_height, bar.width, black_height)
        draw.rect(surface, (34, 30, 30), black_part, border_radius=6)
        draw.line(surface, ACCENT, (bar.x - 3, bar.centery), (bar.right + 2, bar.centery), 2)
        draw.rect(surface, PANEL_EDGE, bar, 2, border_radius=6)

    def draw_panel(self, surface: pygame.Surface, view: View | None) -> None:
        board = self.board
        rect = PANEL_RECT
        draw.rect(surface, PANEL, rect, border_radius=18)
        draw.rect(surface, PANEL_EDGE, rect, 2, border_radius=18)
        left = rect.x + 22
        draw_text(surface, "Analysis board", (left, rect.y + 18), 42, ACCENT, bold=True)
        turn = board.setup_turn if board.setup is not None else board.position.turn
        to_move = "Black to move" if turn == BLACK else "White to move"
        if board.setup is not None:
            draw_text(surface, f"Setting up a position: {to_move} (T)", (left, rect.y + 70), 26, TEXT, body=True)
            draw_text(surface, "Each click puts the next piece on a square:", (left, rect.y + 106), 22, TEXT_DIM)
            draw_text(surface, "empty, black man, black king, white man, white king", (left, rect.y + 132), 22,
                      TEXT_DIM)
        elif not board.position.legal_moves():
            loser = "Black" if board.position.turn == BLACK else "White"
            draw_text(surface, f"Game over: {loser} cannot move", (left, rect.y + 70), 28, TEXT, bold=True)
        elif view is None:
            draw_text(surface, f"{to_move}: the engine is thinking...", (left, rect.y + 70), 26, TEXT_DIM,
                      body=True)
        else:
            draw_text(surface, fit_text(advantage_words(view), 30, rect.width - 44, bold=True), (left, rect.y + 70),
                      30, TEXT, bold=True)
            details = f"{to_move}   depth {view.depth}   {view.nodes:,} positions"
            if view.database:  # the endgame database knows the position: its verdict first
                details = f"{to_move}: {view.database}"
            draw_text(surface, fit_text(details, 21, rect.width - 44), (left, rect.y + 108), 21,
                      ACCENT if view.database else TEXT_DIM)
            draw_text(surface, "Best line", (left, rect.y + 140), 22, BEST_COLOUR, bold=True)
            line_text = numbered_line(view.position, view.line, move_number(board.start, board.cursor))
            for number, line in enumerate(wrap_text(line_text, 22, rect.width - 44)[:3]):
                draw_text(surface, line, (left, rect.y + 166 + number * 24), 22, TEXT)
        self.draw_moves(surface)
        shown = board.review_of(board.cursor - 1) if board.cursor > 0 else None
        status = f"{board.moves[board.cursor - 1].notation}{shown.comment()}" if shown and shown.glyph else \
            board.message
        if board.is_reviewing:
            done, total = board.review_progress
            status = f"Reviewing: move {done} of {total}..."
        for number, line in enumerate(wrap_text(status, 21, rect.width - 44)[:3]):
            draw_text(surface, line, (left, rect.bottom - 96 + number * 23), 21, ACCENT if number == 0 else TEXT_DIM)

    def draw_moves(self, surface: pygame.Surface) -> None:
        board = self.board
        rect = PANEL_RECT
        draw.line(surface, PANEL_EDGE, (rect.x + 20, MOVES_TOP), (rect.right - 20, MOVES_TOP), 1)
        reviewed = f"  reviewed: {sum(1 for r in board.reviews if r.glyph)} marked" if board.reviews else \
            "  R reviews them"
        draw_text(surface, "Moves" + (reviewed if board.moves else ""), (rect.x + 22, MOVES_TOP + 4), 22, TEXT_DIM,
                  bold=True)
        if not board.moves:
            draw_text(surface, "Play moves on the board, or drop a PDN file here", (rect.x + 22, MOVES_TOP + 34),
                      21, TEXT_DIM)
            return
        for index, cell in self.move_cells():
            if index % 2 == (0 if board.start.turn == BLACK else 1) or index == 0:
                label = move_label(board.start, index).rstrip(".")
                draw_text(surface, label + ".", (rect.x + 22, cell.centery), 22, TEXT_DIM, "midleft")
            review = board.review_of(index)
            glyph = review.glyph if review is not None else ""
            colour = BLUNDER_COLOUR if glyph == "??" else MISTAKE_COLOUR if glyph else TEXT
            if index == board.cursor - 1:
                draw.rect(surface, shade(PANEL_EDGE, 0.9), cell.inflate(4, 0), border_radius=6)
            draw_text(surface, board.moves[index].notation + glyph, (cell.x + 6, cell.centery), 22, colour,
                      "midleft", bold=bool(glyph))


def clipboard_text() -> str:
    """The clipboard's text ("" when there is none or no clipboard here)."""
    try:
        if not pygame.scrap.get_init():
            pygame.scrap.init()
        return pygame.scrap.get_text() or ""
    except pygame.error:
        return ""


# A sample for the screenshot and the scene list: a short game with a blunder, reviewed.
SAMPLE = ("[Event \"Sample\"]\n[Black \"Clumsy Clara\"]\n[White \"Madame Minimax\"]\n\n"
          "1. 9-14 23-18 2. 14x23 27x18 3. 11-15 18x11 4. 8x15 21-17 5. 10-14 17x10 6. 7x14 24-19 7. 15x24 28x19 "
          "8. 6-10 26-23 9. 5-9 22-18 10. 10-15 19x10 11. 12-16 25-22 12. 16-19 23x16 13. 14x23 16-11 *")


def sample_scene(context: Context) -> AnalysisScene:
    game = parse_game(SAMPLE)
    board = AnalysisBoard(context.thinker, game.start, game.moves, game.tags)
    board.go_to(19)
    board.start_review()
    board.poll()  # an inline thinker has reviewed it already
    return AnalysisScene(context, board)


register_scene("checkers:analysis", sample_scene)
