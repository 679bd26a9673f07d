"""English draughts (American checkers): numba bitboard engine, positions and moves, PDN, the game.

engine (kernels), position (Position, Move), pdn, game (CheckersGame), reference (slow 8x8 checker), commands.
See docs/checkers-engine.md.
"""
