"""Piddle: six dice, 1s wild, the best group wins; an exact solver, a table model and a dice photo reader."""
