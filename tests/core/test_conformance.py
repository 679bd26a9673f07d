"""Every registered game, played at random through the uniform interface: the interface's promises hold.

OpenSpiel style: at every step the basic promises (whose turn, distinct legal actions, chance probabilities
summing to 1, apply then undo); at sampled steps the exact ones, compared on a full snapshot of the state
(what the interface shows plus every field of the object, see `snapshot`): an illegal action raises
ValueError and changes nothing, a clone is independent both ways, undo restores exactly what was there, and a
chance node's outcomes are its legal actions with positive probabilities summing to 1.
"""

from __future__ import annotations

import dataclasses
import enum
from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from tablegames.core.gamestate import CHANCE, GAME_REGISTRY, TERMINAL, GameState
from tablegames.tables import load_games

GAMES = load_games()
MAX_ACTIONS = 3000
# the exact checks (on full snapshots, which grow with a game's history) run at every one of a game's first
# actions and then at a few later steps, and at the end
EXACT_CHECKS_FIRST = 40
EXACT_CHECKS_LATER = (64, 128, 256, 512, 1024, 2048)


def test_every_game_of_the_build_is_registered() -> None:
    expected = {"tictactoe", "checkers", "fasttrack", "fasttrack-chance", "piddle"}
    assert expected <= set(GAMES)


# --- a full snapshot of a state ---------------------------------------------------------------------------------

def plain(value: Any) -> Any:
    """`value` as nested plain Python data compared by value: numpy arrays and scalars, enums, dataclasses,
    named tuples, dicts (sorted), sets (sorted), counters (zero counts dropped), numpy generators (their bit
    state) and objects (their fields). A frozen dataclass that compares by identity (eq=False: fixed data
    shared by every state, such as a board layout) stands for itself."""
    kind = type(value)
    handler = PLAIN_HANDLERS.get(kind)
    if handler is None:
        handler = PLAIN_HANDLERS[kind] = plain_handler(kind)
    return handler(value)


def same(value: Any) -> Any:
    return value


def plain_handler(kind: type) -> Callable[[Any], Any]:
    """How `plain` turns a value of type `kind` into plain data (worked out once a type)."""
    name = kind.__name__
    if issubclass(kind, enum.Enum):
        return lambda value: (name, value.name)
    if issubclass(kind, bool | int | float | str | bytes):
        return same
    if issubclass(kind, np.generic):
        return lambda value: ("numpy " + value.dtype.str, value.item())
    if issubclass(kind, np.ndarray):
        return lambda value: ("array", value.dtype.str, value.shape, value.tolist())
    if issubclass(kind, np.random.Generator):
        return lambda value: ("generator", plain(value.bit_generator.state))
    if issubclass(kind, Counter):
        return lambda value: (name, sorted(((plain(k), n) for k, n in value.items() if n > 0), key=repr))
    if issubclass(kind, dict):
        return lambda value: (name, sorted(((plain(k), plain(v)) for k, v in value.items()), key=repr))
    if issubclass(kind, set | frozenset):
        return lambda value: (name, sorted((plain(item) for item in value), key=repr))
    if issubclass(kind, list | tuple):
        return lambda value: (name, [plain(item) for item in value])
    if dataclasses.is_dataclass(kind):
        params = kind.__dataclass_params__  # type: ignore[attr-defined]
        if params.frozen and not params.eq:
            return lambda value: ("same object", name, id(value))
    slots = sorted({slot for klass in kind.__mro__ for slot in getattr(klass, "__slots__", ())} - {"__dict__"})
    if slots or kind.__dictoffset__:
        return lambda value: (name, plain_fields(value, slots))
    raise TypeError(f"snapshot: no plain form for {name}")


PLAIN_HANDLERS: dict[type, Callable[[Any], Any]] = {type(None): same}


def plain_fields(value: Any, slots: list[str]) -> list[tuple[str, Any]]:
    fields = [(name, plain(getattr(value, name))) for name in slots if hasattr(value, name)]
    if hasattr(value, "__dict__"):
        fields += [(name, plain(field)) for name, field in sorted(vars(value).items())]
    return fields


def snapshot(state: GameState) -> tuple[Any, ...]:
    """What the interface shows (whose turn, legal actions with their names, chance outcomes, returns) and
    every field of the state object."""
    player = state.current_player()
    legal = state.legal_actions()
    shown = (player, state.is_terminal(), state.num_players(), legal, [state.action_to_string(a) for a in legal],
             state.chance_outcomes() if player == CHANCE else [], state.returns())
    return plain(shown), plain(state)


def first_difference(a: Any, b: Any, where: str = "") -> str | None:
    """Where two plain snapshots first differ (a readable path), or None when they are equal."""
    if a == b:
        return None
    if isinstance(a, tuple | list) and isinstance(b, tuple | list) and len(a) == len(b):
        for index, (x, y) in enumerate(zip(a, b, strict=True)):
            label = x[0] if isinstance(x, tuple) and len(x) == 2 and isinstance(x[0], str) else index
            found = first_difference(x, y, f"{where}/{label}")
            if found:
                return found
    return f"{where or '/'}: {str(a)[:300]} != {str(b)[:300]}"


def assert_same(before: Any, after: Any, message: str) -> None:
    difference = first_difference(before, after)
    assert difference is None, f"{message}; first difference at {difference}"


# --- the exact promises ----------------------------------------------------------------------------------------

def illegal_actions(state: GameState, rng: np.random.Generator) -> list[int]:
    legal = set(state.legal_actions())
    top = max(legal, default=0)
    candidates = [-1, top + 1, 10**6] + [int(a) for a in rng.integers(0, top + 2, size=6)]
    return sorted({a for a in candidates if a not in legal})


def check_illegal_actions_change_nothing(state: GameState, rng: np.random.Generator,
                                        before: tuple[Any, ...] | None = None) -> None:
    """Every illegal action tried raises ValueError; afterwards the state is as it was (`before`, its snapshot)."""
    before = snapshot(state) if before is None else before
    tried = illegal_actions(state, rng)
    for action in tried:
        with pytest.raises(ValueError):
            state.apply_action(action)
    assert_same(before, snapshot(state), f"one of the illegal actions {tried} changed the state")


def check_chance_outcomes(state: GameState) -> None:
    outcomes = state.chance_outcomes()
    actions = [action for action, _ in outcomes]
    assert outcomes and len(set(actions)) == len(actions)
    assert sorted(actions) == sorted(state.legal_actions()), "the chance outcomes are not the legal actions"
    assert all(isinstance(action, int) for action in actions)
    assert all(p > 0 for _, p in outcomes)
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9


def check_exact_promises(state: GameState, action: int, rng: np.random.Generator) -> None:
    """At a state about to play the legal `action`: chance outcomes, illegal actions, clone and undo."""
    if state.is_chance_node():
        check_chance_outcomes(state)
    before = snapshot(state)
    check_illegal_actions_change_nothing(state, rng, before)
    twin = state.clone()
    assert_same(before, snapshot(twin), "the clone differs from the original")
    twin.apply_action(action)
    assert_same(before, snapshot(state), "playing on the clone changed the original")
    after = snapshot(twin)
    state.apply_action(action)
    state.undo()
    assert_same(before, snapshot(state), f"undo after {action} did not restore the state exactly")
    assert_same(after, snapshot(twin), "playing and undoing on the original changed the clone")


def choose(state: GameState, rng: np.random.Generator) -> int:
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        return outcomes[int(rng.integers(len(outcomes)))][0]
    actions = state.legal_actions()
    return actions[int(rng.integers(len(actions)))]


@pytest.mark.parametrize("name", GAMES)
def test_random_games_keep_the_interface_promises(name: str) -> None:
    rng = np.random.default_rng(11)
    for game_number in range(5):
        state = GAME_REGISTRY[name](game_number)
        for _ in range(MAX_ACTIONS):
            if state.is_terminal():
                break
            player = state.current_player()
            assert player == CHANCE or 0 <= player < state.num_players()
            actions = state.legal_actions()
            assert actions and len(set(actions)) == len(actions)
            assert all(isinstance(a, int) for a in actions), "actions are Python integers"
            if player == CHANCE:
                outcomes = state.chance_outcomes()
                assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            action = choose(state, rng)
            assert isinstance(state.action_to_string(action), str)
            before = state.clone()
            state.apply_action(action)
            state.undo()
            assert state.legal_actions() == before.legal_actions()
            assert state.current_player() == before.current_player()
            state.apply_action(action)
        assert state.is_terminal(), f"{name} game {game_number} did not end in {MAX_ACTIONS} actions"
        assert state.current_player() == TERMINAL
        assert state.legal_actions() == []
        assert len(state.returns()) == state.num_players()
        assert all(isinstance(r, float) for r in state.returns())


@pytest.mark.parametrize("name", GAMES)
def test_exact_promises_along_random_games(name: str) -> None:
    """Illegal actions, clones, undo and chance outcomes, checked on full snapshots along seeded random games."""
    rng = np.random.default_rng(23)
    for game_number in range(3):
        state = GAME_REGISTRY[name](game_number)
        with pytest.raises(ValueError):
            state.undo()  # nothing to undo in a new game, and nothing changes
        assert snapshot(state) == snapshot(GAME_REGISTRY[name](game_number))
        for step in range(MAX_ACTIONS):
            if state.is_terminal():
                break
            action = choose(state, rng)
            if step < EXACT_CHECKS_FIRST or step in EXACT_CHECKS_LATER:
                check_exact_promises(state, action, rng)
            state.apply_action(action)
        assert state.is_terminal()
        check_illegal_actions_change_nothing(state, rng)  # at the end every action is illegal
        twin = state.clone()
        state.undo()
        assert snapshot(twin) != snapshot(state) and twin.is_terminal(), "undo on the original changed the clone"
