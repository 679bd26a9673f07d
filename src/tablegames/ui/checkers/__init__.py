"""The checkers table's window code: board styles, the ten piece sets and (from the lead) the scene."""
