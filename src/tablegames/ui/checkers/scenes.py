"""Registers the checkers scenes: the table, its scripted screenshots and the demo's watch table."""

from tablegames.ui.checkers import analysis_scene  # noqa: F401 - registers checkers:analysis
from tablegames.ui.checkers.showcase import SCRIPTS, scripted_table
from tablegames.ui.checkers.table import CheckersTable, watch_table
from tablegames.ui.scene import register_scene

register_scene("checkers", CheckersTable)
for _name in SCRIPTS:
    register_scene(f"checkers:{_name}", scripted_table(_name))
register_scene("checkers:watch", watch_table)
