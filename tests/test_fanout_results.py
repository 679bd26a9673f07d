"""Where the games run changes the speed, never the results: a tournament table, an experiment's figures,
training's weights and the games' digest are the same in this process, on two worker processes and on a Dask
LocalCluster (two threads) as in a plain serial run (tiny sizes; the `fanouts` fixture is in conftest.py)."""

from __future__ import annotations

import numpy as np
import pytest

from tablegames.checkers.evaluate import HAND_TUNED, PIECE_COUNT
from tablegames.checkers.tournament import run_tournament
from tablegames.checkers.train import hill_climb, measure
from tablegames.fasttrack.experiments import compare, play_many, play_seeds
from tablegames.fasttrack.strategy import CHAMPION, FIRST_LEGAL

MODES = ["processes", "cluster"]


@pytest.fixture(scope="module")
def serial():
    """The reference: every figure computed in this process, without a fan-out."""
    return {
        "table": run_tournament([(2, 1), (3, 2)], opening_count=2, seed=4, show_progress=False),
        "comparison": compare(FIRST_LEGAL, list(range(6)), chunk=2),
        "training": hill_climb(rounds=2, opening_count=1, depth=1, seed=3, threshold=0.0, show_progress=False),
        "digest": play_seeds(list(range(30)), [0, 1, 2] * 10, (CHAMPION, FIRST_LEGAL, CHAMPION, CHAMPION)).digest(),
    }


@pytest.mark.parametrize("mode", MODES)
def test_the_same_tournament_table(fanouts, serial, mode):
    table = run_tournament([(2, 1), (3, 2)], opening_count=2, seed=4, fanout=fanouts[mode], show_progress=False)
    assert table == serial["table"]


@pytest.mark.parametrize("mode", MODES)
def test_the_same_experiment_figures(fanouts, serial, mode):
    assert compare(FIRST_LEGAL, list(range(6)), fanout=fanouts[mode], chunk=2) == serial["comparison"]


@pytest.mark.parametrize("mode", MODES)
def test_the_same_training_weights(fanouts, serial, mode):
    run = hill_climb(rounds=2, opening_count=1, depth=1, seed=3, threshold=0.0, fanout=fanouts[mode],
                     show_progress=False)
    assert np.array_equal(run.weights, serial["training"].weights)
    assert run.accepted_rounds == serial["training"].accepted_rounds and run.settings == serial["training"].settings


@pytest.mark.parametrize("mode", ["serial", *MODES])
def test_the_same_games_digest(fanouts, serial, mode):
    games = play_many(list(range(30)), [0, 1, 2] * 10, (CHAMPION, FIRST_LEGAL, CHAMPION, CHAMPION),
                      fanout=fanouts[mode], chunk=7)
    assert games.digest() == serial["digest"] and len(games.logs) == 30


def test_measured_matches_go_out_at_once_and_score_as_one_at_a_time(fanouts):
    matches = [("hand-tuned", HAND_TUNED, "piece counting", PIECE_COUNT),
               ("piece counting", PIECE_COUNT, "hand-tuned", HAND_TUNED)]
    together = measure(matches, 1, 1, 5, fanout=fanouts["processes"])
    alone = [measure([match], 1, 1, 5)[0] for match in matches]
    assert together == alone and together[0][3] + together[1][3] == pytest.approx(1.0)
