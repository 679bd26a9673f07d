"""The checkers table's window code: board styles, the ten piece sets, the table (a model without pygame in
`table_model.py`, a thin scene in `table.py`, its drawing functions in `drawing.py`), its menu, the playful layer,
the opponents, and the scripted scenes for screenshots. The scenes are registered by `scenes.py` (the registry's
scene module for checkers), so that importing this package or the table's model loads no pygame."""
