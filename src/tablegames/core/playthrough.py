"""Golden playthroughs, OpenSpiel style: a seeded game of every registered game written out action by action.

A playthrough starts from the game's factory with a seed, chooses uniformly among the legal actions and samples
chance outcomes by their probabilities, all from `numpy.random.default_rng(seed)`, for at most `max_actions`
actions. Each line is one action: the ply, who acted ('chance' at a chance node), the action id and
`action_to_string` (named before the action is applied); the last lines say whether the game is over and give
the returns. The text holds only Python ints, floats and strings, so it does not depend on how numpy prints its
numbers; games are listed by name, not in registry order.

The kept files are tests/core/playthroughs/NAME.txt; tests/core/test_playthroughs.py compares them with a fresh
run, and scripts/make_playthroughs.py rewrites them after a deliberate change of a game.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from tablegames.core.gamestate import CHANCE, GAME_REGISTRY, sample_chance

SEED = 0
MAX_ACTIONS = 60
REGENERATE = "python scripts/make_playthroughs.py"


def playthrough(name: str, seed: int = SEED, max_actions: int = MAX_ACTIONS) -> str:
    """The playthrough text of the registered game `name` (its lines, each ending in a newline)."""
    if name not in GAME_REGISTRY:
        raise ValueError(f"playthrough: no game {name!r}; registered: {', '.join(sorted(GAME_REGISTRY))}")
    state = GAME_REGISTRY[name](seed)
    rng = np.random.default_rng(seed)
    lines = [
        f"# {name}: game seed {seed}, choices from numpy.random.default_rng({seed}), at most {max_actions} actions",
        f"# regenerate with: {REGENERATE}",
        f"players: {int(state.num_players())}",
    ]
    for ply in range(max_actions):
        if state.is_terminal():
            break
        player = int(state.current_player())
        if player == CHANCE:
            action = sample_chance(state, rng)
            who = "chance"
        else:
            actions = [int(a) for a in state.legal_actions()]
            action = actions[int(rng.integers(len(actions)))]
            who = f"player {player}"
        lines.append(f"ply {ply}: {who}, action {action}: {state.action_to_string(action)}")
        state.apply_action(action)
    lines.append("game over" if state.is_terminal() else f"not over after {max_actions} actions")
    lines.append("returns: " + " ".join(repr(float(r)) for r in state.returns()))
    return "\n".join(lines) + "\n"


def playthrough_path(folder: Path, name: str) -> Path:
    return folder / f"{name}.txt"


def write_playthroughs(folder: Path) -> list[Path]:
    """Write every registered game's playthrough into `folder` (register them first: tables.load_games); the
    paths written, by game name."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in sorted(GAME_REGISTRY):
        path = playthrough_path(folder, name)
        path.write_text(playthrough(name), encoding="utf-8", newline="\n")
        written.append(path)
    return written
