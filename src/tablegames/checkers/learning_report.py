"""The learning report (docs/checkers-learning.md): the learned weights next to the hand-tuned and piece-count
ones, and how they score against each other over openings the training never saw."""

from __future__ import annotations

import numpy as np

from tablegames.checkers.evaluate import HAND_TUNED, PIECE_COUNT
from tablegames.checkers.search_kernels import FACT_NAMES
from tablegames.checkers.train import TrainingRun, measure
from tablegames.core.fanout import Fanout

MEASURE_DEPTH = 4
MEASURE_SEED = 2024


def build(run: TrainingRun, command: str, opening_count: int, fanout: Fanout | None = None) -> str:
    kings_150 = PIECE_COUNT.copy()
    kings_150[FACT_NAMES.index("kings")] = 150
    learned = run.weights
    matches = [
        ("piece counting", PIECE_COUNT, "hand-tuned", HAND_TUNED),
        ("learned", learned, "hand-tuned", HAND_TUNED),
        ("learned", learned, "piece counting", PIECE_COUNT),
        ("learned", learned, "piece counting, kings 150", kings_150),
    ]
    trained_on = frozenset(run.settings["openings"])
    rows = measure(matches, opening_count, MEASURE_DEPTH, MEASURE_SEED, trained_on, fanout)
    lines = [
        "# Checkers: how the evaluation learns",
        "",
        "Produced by one command:",
        "",
        "```",
        f"{command} --report docs/checkers-learning.md",
        "```",
        "",
        "The evaluation is a weighted sum of eight facts, counted for the side to move minus the opponent "
        "(`src/tablegames/checkers/search_kernels.py`). Training is hill climbing against the champion "
        "(`src/tablegames/checkers/train.py`): it starts from \"count the pieces\" (men 100, kings 100, the "
        "rest 0); each round adds seeded Gaussian noise to the champion's weights (men stay 100, the unit) and "
        f"plays the challenger against the champion over {len(run.settings['openings'])} three-move-ballot "
        f"openings with both colours at depth {run.settings['depth']}; a challenger scoring more than "
        f"{100 * run.settings['threshold']:.0f}% becomes the champion. Everything is seeded and the searches "
        "are deterministic, so the same command writes the same weights file.",
        "",
        f"{len(run.accepted_rounds)} of {run.settings['rounds']} challengers were accepted "
        f"(rounds {', '.join(str(r) for r in run.accepted_rounds) or 'none'}).",
        "",
        "| weights | " + " | ".join(FACT_NAMES) + " |",
        "|---|" + "---:|" * len(FACT_NAMES),
    ]
    for name, weights in (("piece counting (start)", PIECE_COUNT), ("hand-tuned (levels 2-8)", HAND_TUNED),
                          ("learned (levels 9, 10)", learned)):
        lines.append(f"| {name} | " + " | ".join(f"{v:g}" for v in np.round(weights, 2)) + " |")
    lines += [
        "",
        f"## Matches over fresh openings (depth {MEASURE_DEPTH}, openings not used in training, each played "
        "with both colours)",
        "",
        "| match | games | score of the first |",
        "|---|---:|---:|",
    ]
    for first, second, games, score in rows:
        lines.append(f"| {first} vs {second} | {games} | {100 * score:.1f}% |")
    lines.append("")
    return "\n".join(lines)
