"""Checkers endgame databases: win, loss or draw for every position of up to 5 pieces (retrograde analysis).

`index` numbers the positions of each material slice, `build` solves the slices, `storage` reads and writes
their files, `probe` loads a built database and answers for the search (levels 9 and 10).
"""
