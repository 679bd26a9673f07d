"""Benchmark of the music synthesizer: real-time factor per style, and the worst time to render one chunk.

Each style plays a 32-bar song through every mood (calm, threat, tension, a big moment, tension, a win), read in
the player's chunks (CHUNK_SECONDS) exactly as the player reads it: stereo, through the mix bus (a bus per drum
and track, panned) and the master's look-ahead limiter. Printed per style:
- real-time factor: seconds of music per second of rendering (goal: at least 100x on one core);
- the same with the note cache switched off (every note synthesized afresh), to show what the cache buys;
- the worst and the 99th-percentile time to render one chunk, against the chunk's duration;
- baseline: the time numpy takes for one sine of the song's length, measured in the same run (ratios hold
  better than raw figures on a busy machine).

    .venv/bin/python scripts/bench_synth.py [--rate 44100] [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import time

os.environ.setdefault("OMP_NUM_THREADS", "1")  # one core, as promised by the goal

import numpy as np

from tablegames.music.mood import Mood
from tablegames.music.player import CHUNK_SECONDS
from tablegames.music.score import TICKS_PER_BAR, Score
from tablegames.music.styles import STYLES
from tablegames.music.synth import NoteCache, SynthStream

JOURNEY = [(0, Mood.CALM), (4, Mood.THREAT), (8, Mood.TENSION), (16, Mood.BIG_MOMENT), (17, Mood.TENSION),
           (30, Mood.WIN)]
BARS = 32


def play(style, rate: int, use_cache: bool) -> tuple[float, float, list[float]]:
    """(seconds of music, seconds of rendering, per-chunk render times)."""
    stream = SynthStream(Score(style, seed=1), rate)
    if not use_cache:
        stream._notes = NoteCache(max_samples=0)
    chunk = round(CHUNK_SECONDS * rate)
    total = round(BARS * TICKS_PER_BAR * stream.samples_per_tick)
    moods = dict(JOURNEY)
    chunk_times = []
    for start in range(0, total, chunk):
        bar = int(start / (TICKS_PER_BAR * stream.samples_per_tick))
        if bar in moods:
            stream.set_mood(moods.pop(bar))
        began = time.perf_counter()
        samples = stream.read(min(chunk, total - start))
        chunk_times.append(time.perf_counter() - began)
        assert samples.shape[1] == 2  # stereo
    return total / rate, sum(chunk_times), chunk_times


def sine_baseline(seconds: float, rate: int) -> float:
    began = time.perf_counter()
    np.sin(2 * np.pi * 440.0 * np.arange(int(seconds * rate)) / rate)
    return time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rate", type=int, default=44100)
    parser.add_argument("--repeat", type=int, default=3, help="runs per style; the best is reported")
    args = parser.parse_args()
    chunk_ms = 1000 * CHUNK_SECONDS
    print(f"synth benchmark: {BARS} bars per style through every mood, stereo, {args.rate} Hz, chunks of"
          f" {chunk_ms:.0f} ms, best of {args.repeat}")
    header = (f"{'style':13s} {'music s':>7s} {'real-time':>10s} {'no cache':>9s} {'worst chunk':>12s}"
              f" {'p99 chunk':>10s} {'worst/chunk':>11s} {'vs 1 sine':>9s}")
    print(header)
    factors = []
    for style in STYLES:
        if not style.has_music:
            continue
        play(style, args.rate, True)  # warm up numpy and the drum one-shots
        runs = [play(style, args.rate, True) for _ in range(args.repeat)]
        music_seconds, render_seconds, _ = min(runs, key=lambda run: run[1])
        worst = max(max(run[2]) for run in runs)
        p99 = min(float(np.percentile(run[2], 99)) for run in runs)
        uncached = min(play(style, args.rate, False)[1] for _ in range(max(1, args.repeat - 1)))
        baseline = min(sine_baseline(music_seconds, args.rate) for _ in range(args.repeat))
        factor = music_seconds / render_seconds
        factors.append(factor)
        print(f"{style.name:13s} {music_seconds:7.1f} {factor:9.0f}x {music_seconds / uncached:8.0f}x"
              f" {1000 * worst:9.2f} ms {1000 * p99:7.2f} ms {1000 * worst / chunk_ms:10.1%}"
              f" {render_seconds / baseline:8.1f}x")
    print(f"slowest style: {min(factors):.0f}x real time (goal >= 100x); "
          f"'vs 1 sine' = render time / time of one numpy sine as long as the song")


if __name__ == "__main__":
    main()
