"""The checkers table's window code: board styles, the ten piece sets, the table scene, its menu, the playful
layer, the opponents, and the scripted scenes for screenshots (registered here)."""

from tablegames.ui.checkers.showcase import SCRIPTS, scripted_table
from tablegames.ui.checkers.table import CheckersTable, watch_table
from tablegames.ui.scene import register_scene

register_scene("checkers", CheckersTable)
for _name in SCRIPTS:
    register_scene(f"checkers:{_name}", scripted_table(_name))
register_scene("checkers:watch", watch_table)
