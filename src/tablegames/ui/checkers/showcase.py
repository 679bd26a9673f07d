"""Scripted scenes for screenshots: `checkers:start|play|capture|king|over|think|ev_zap|ev_gift|ev_quake|ev_wind`.

Each builds a table (nothing resumed or saved), sets its model up with a position and runs it to its moment; the
screenshot's frame count then plays on from there. `context.options` picks the piece set and the level.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future

from tablegames.checkers.engine import BLACK
from tablegames.checkers.funmode import FunEvent, FunGame
from tablegames.checkers.position import Position
from tablegames.core.worker import CancelToken, Job
from tablegames.ui.checkers.drawing import BOARD_RECT
from tablegames.ui.checkers.table import CheckersTable
from tablegames.ui.scene import Context

STEP = 1 / 60
OPENING = "11-15 23-19 8-11 22-17 9-13 17-14 10x17 21x14"
MID_GAME = "B:W17,21,22,23,25,26,27,28,30:B1,2,3,5,6,9"  # the human (Red) is behind after a computer capture


class NeverThinker:
    """A thinker whose jobs never finish: the opponent stays thinking in the `think` screenshot."""

    def submit(self, task: Callable[[CancelToken], object]) -> Job:
        return Job(Future(), CancelToken())

    def shutdown(self, cancel_running: bool = True) -> None:
        pass


def run_for(table: CheckersTable, seconds: float) -> None:
    for _ in range(round(seconds / STEP)):
        table.update(STEP)


def at_pointer(table: CheckersTable, square: int) -> None:
    table.pointer = table.square_centre(square)


def start(table: CheckersTable) -> None:
    table.pointer = (BOARD_RECT.centerx, BOARD_RECT.bottom - 60)
    run_for(table, 0.3)


def play(table: CheckersTable) -> None:
    model = table.model
    for move in OPENING.split():
        model.game.play(move)
    model.after_change()
    table.refresh()
    table.controller.click_square(15)
    model.show.moods.pickup_age = 0.8
    at_pointer(table, 18)
    model.say("winning")


def play_first_move(table: CheckersTable, fen: str) -> None:
    """From the position `fen`, the first legal move (its hops then play on as the script runs)."""
    model = table.model
    model.game = FunGame(Position.from_fen(fen))
    model.after_change()
    model.play_move(model.game.legal_moves()[0])


def capture(table: CheckersTable) -> None:
    play_first_move(table, "B:W14,22,19,24,27,28,30,31,32:B9,1,2,3,5,6,7,11")
    run_for(table, 0.24 + 0.3)


def king(table: CheckersTable) -> None:
    play_first_move(table, "B:W18,27,21,24,28,30,31,20:B14,1,2,3,5,6,9,10")
    run_for(table, 0.24 + 0.65 + 0.25)


def over(table: CheckersTable) -> None:
    play_first_move(table, "B:W14:B9,K22,K27,3")
    run_for(table, 0.24 + 0.7)


def think(table: CheckersTable) -> None:
    for move in OPENING.split()[:5]:
        table.model.game.play(move)
    table.model.after_change()
    table.pointer = (900, 500)
    run_for(table, 0.6)


def fun_event(kind: str, square: int) -> Callable[[CheckersTable], None]:
    def script(table: CheckersTable) -> None:
        model = table.model
        model.settings.checkers_fun_mode = True
        model.game = FunGame(Position.from_fen(MID_GAME))
        model.after_change()
        model.apply_event(FunEvent(kind, square))
        run_for(table, 0.12)
    return script


SCRIPTS: dict[str, Callable[[CheckersTable], None]] = {
    "start": start,
    "play": play,
    "capture": capture,
    "king": king,
    "over": over,
    "think": think,
    "ev_zap": fun_event("lightning", 22),
    "ev_gift": fun_event("gift", 7),
    "ev_quake": fun_event("earthquake", 23),
    "ev_wind": fun_event("wind", 21),
}


def scripted_table(name: str) -> Callable[[Context], CheckersTable]:
    script = SCRIPTS[name]

    def factory(context: Context) -> CheckersTable:
        if name == "think":
            context.thinker = NeverThinker()  # type: ignore[assignment]
        context.settings.checkers_mode = "play"
        context.settings.checkers_colour = "red"
        table = CheckersTable(context, resume=False, save_path=None)
        table.model.human_side = BLACK
        script(table)
        return table

    return factory
