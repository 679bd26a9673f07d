"""Music tools, no window and no sound card needed: render and measure the styles, write a song as MIDI, play.

  tablegames music render [--style S] [--deep] [--wav OUT]   eight bars per style, measured (the docs table); the
                                                             WAV is 16-bit stereo
  tablegames music midi OUT.mid [--style S] [--deep]          the same bars as a Standard MIDI File
  tablegames music play [--style S] [--seconds N]             play through the sound card; prints the engine
"""

from __future__ import annotations

import argparse
import sys
import time

from tablegames.core.arguments import positive_number, seed_number, whole_number
from tablegames.music.measure import measure, write_wav
from tablegames.music.mood import Mood, parse_mood
from tablegames.music.score import TICKS_PER_BAR
from tablegames.music.styles import STYLES, Style, find_style
from tablegames.music.synth import SAMPLE_RATE, SynthStream, song_for

DEFAULT_BARS = 8


def _add_song_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--style", help="hiphop, modern, reggae, techno or classical (default: every style)")
    parser.add_argument("--deep", action="store_true", help="deep bass on (default: off and on for the table)")
    parser.add_argument("--seed", type=seed_number, default=0, help="song seed (default 0)")
    parser.add_argument("--bars", type=whole_number(1, MAX_BARS), default=DEFAULT_BARS, help=f"bars to render (default {DEFAULT_BARS})")
    parser.add_argument("--mood", default="tension", help="calm, threat or tension (default tension: every layer)")


def add_commands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    render = subparsers.add_parser("render", help="render eight bars per style offline and measure them")
    _add_song_options(render)
    render.add_argument("--wav", metavar="OUT.wav", help="write the render of --style as a 16-bit stereo WAV")
    render.add_argument("--markdown", action="store_true", help="print the table in Markdown")
    render.set_defaults(run=run_render)

    midi = subparsers.add_parser("midi", help="write the bars of one style as a Standard MIDI File")
    midi.add_argument("out", metavar="OUT.mid")
    _add_song_options(midi)
    midi.set_defaults(run=run_midi)

    play = subparsers.add_parser("play", help="play a style through the sound card and print the audio engine")
    play.add_argument("--style", default="hiphop", help="music style (default hiphop)")
    play.add_argument("--deep", action="store_true", help="deep bass on")
    play.add_argument("--seed", type=seed_number, default=0, help="song seed (default 0)")
    play.add_argument("--seconds", type=positive_number(3600.0), default=8.0, help="how long to play (default 8)")
    play.set_defaults(run=run_play)


MAX_BARS = 256


def _fail(message: str) -> int:
    print(f"tablegames music: error: {message}", file=sys.stderr)
    return 2


def _song_arguments(args: argparse.Namespace) -> tuple[list[Style], list[bool], Mood]:
    mood = parse_mood(args.mood)
    if mood is Mood.BIG_MOMENT or mood.is_outro:
        raise ValueError(f"--mood {args.mood!r}: expected calm, threat or tension (the others are events)")
    styles = [find_style(args.style)] if args.style else [s for s in STYLES if s.has_music]
    return styles, [True] if args.deep else [False, True], mood


HEADER = ("style", "deep bass", "seconds", "peak", "clipped", "RMS", "loudness", "bass below 120 Hz", "deep adds",
          "width", "limiter")


def run_render(args: argparse.Namespace) -> int:
    try:
        styles, deep_settings, mood = _song_arguments(args)
        if args.wav and len(styles) != 1:
            raise ValueError("--wav needs one --style")
    except ValueError as error:
        return _fail(str(error))
    if args.wav:
        deep_settings = [args.deep]
    rows = []
    for style in styles:
        shares: dict[bool, float] = {}
        for deep in deep_settings:
            stream = SynthStream(song_for(style, args.seed, deep, mood), SAMPLE_RATE)
            samples = stream.read(round(args.bars * TICKS_PER_BAR * stream.samples_per_tick))
            result = measure(samples, SAMPLE_RATE)
            shares[deep] = result.bass_share
            gain = f"{100 * (result.bass_share - shares[False]):+.1f}" if deep and False in shares else ""
            rows.append((style.name, "on" if deep else "off", f"{result.seconds:.1f}", f"{result.peak:.2f}",
                         f"{100 * result.clipped:.2f}%", f"{result.rms:.3f}", f"{result.loudness:.1f} LKFS",
                         f"{100 * result.bass_share:.1f}%", gain, f"{result.width:.2f}",
                         f"{stream.limiter.mean_reduction_db:.2f} dB"))
            if args.wav:
                try:
                    write_wav(args.wav, samples, SAMPLE_RATE)
                except OSError as error:
                    return _fail(f"cannot write {args.wav}: {error.strerror or error}")
    if args.markdown:
        print("| " + " | ".join(HEADER) + " |")
        print("|" + "|".join("---" for _ in HEADER) + "|")
        for row in rows:
            print("| " + " | ".join(row) + " |")
    else:
        widths = [max(len(str(r[i])) for r in [HEADER, *rows]) for i in range(len(HEADER))]
        for row in [HEADER, *rows]:
            print("  ".join(str(cell).ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip())
    if args.wav:
        print(f"wrote {args.wav}")
    return 0


def run_midi(args: argparse.Namespace) -> int:
    from tablegames.music.midi import write_midi

    try:
        if not args.style:
            raise ValueError("midi needs --style")
        styles, _, mood = _song_arguments(args)
        score = song_for(styles[0], args.seed, args.deep, mood)
        path = write_midi(args.out, score.bars(args.bars), score.tempo, score.style)
    except ValueError as error:
        return _fail(str(error))
    except OSError as error:
        return _fail(f"cannot write {args.out}: {error.strerror or error}")
    print(f"wrote {path} ({score.style.name}, {score.tempo} BPM, {args.bars} bars)")
    return 0


def run_play(args: argparse.Namespace) -> int:
    from tablegames.music.player import MusicPlayer

    try:
        player = MusicPlayer(args.style, seed=args.seed, deep_bass=args.deep)
    except ValueError as error:
        return _fail(str(error))
    print(f"audio engine: {player.engine_name}")
    moods = [Mood.CALM, Mood.THREAT, Mood.TENSION]
    start = time.monotonic()
    try:
        while (elapsed := time.monotonic() - start) < args.seconds:
            player.set_mood(moods[min(int(3 * elapsed / max(args.seconds, 1e-9)), 2)])
            player.update()
            time.sleep(0.02)
    except KeyboardInterrupt:
        pass
    finally:
        player.close()
    return 0
