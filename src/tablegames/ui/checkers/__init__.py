"""The checkers table's window code: board styles, the ten piece sets, the table scene, its menu, the playful
layer, the opponents, and the scripted scenes for screenshots. The scenes are registered by `scenes.py` (the
registry's scene module for checkers), so that importing this package loads no pygame."""
