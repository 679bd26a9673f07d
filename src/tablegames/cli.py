"""The command line: `tablegames [TABLE] [options]` opens the window; `tablegames TABLE COMMAND ...` runs a tool."""

from __future__ import annotations

import argparse
import os
import sys
import threading

from tablegames import __version__
from tablegames.commands import has_commands, run_table_command
from tablegames.tables import TABLE_NAMES, TABLES, command_modules
from tablegames.ui.settings import TEXT_SIZES


def build_parser() -> argparse.ArgumentParser:
    tools = ", ".join(f"'tablegames {name} --help'" for name in command_modules())
    titles = [spec.title for spec in TABLES]
    parser = argparse.ArgumentParser(
        prog="tablegames",
        description=f"A desktop suite of table games: {', '.join(titles[:-1])} and {titles[-1]}.",
        epilog=f"Each table also has command-line tools: {tools}.",
    )
    parser.add_argument("table", nargs="?", help=f"open a table directly: {', '.join(TABLE_NAMES)}")
    parser.add_argument("--version", action="version", version=f"tablegames {__version__}")
    parser.add_argument("--about", action="store_true",
                        help="print the version and where the settings, saved games and log file are")
    shot = parser.add_argument_group("screenshots")
    shot.add_argument("--screenshot", metavar="OUT.png", help="render one frame of --scene to a PNG and exit")
    shot.add_argument("--scene", metavar="NAME", help="the scene to render (see --list-scenes)")
    shot.add_argument("--size", metavar="WxH", default="1280x800", help="picture size (default 1280x800)")
    shot.add_argument("--seed", type=int, default=0, help="seed for the scene's game, 0 to 2^32-1 (default 0)")
    shot.add_argument("--frame", type=int, default=0, help="frames of animation to run before the picture")
    shot.add_argument("--set", type=int, dest="piece_set", default=None, help="checkers piece set 0-9")
    shot.add_argument("--level", type=int, default=None, help="checkers computer level 1-10")
    shot.add_argument("--text-size", choices=TEXT_SIZES, default="normal",
                      help="the text size setting to render with (default normal)")
    shot.add_argument("--list-scenes", action="store_true", help="print the scenes that can be rendered")
    demo = parser.add_argument_group("demo")
    demo.add_argument("--demo", nargs="?", const="", metavar="DIR",
                      help="let the computers play; save a picture every 0.75 s to DIR when given")
    demo.add_argument("--seconds", type=float, default=10.0, help="how long the demo runs (default 10)")
    demo.add_argument("--silent", action="store_true", help="no sound in the demo")
    desk = parser.add_argument_group("desktop")
    desk.add_argument("--install-desktop", action="store_true", help="install the launcher and icons")
    desk.add_argument("--uninstall-desktop", action="store_true", help="remove the launcher and icons")
    return parser


def main(argv: list[str] | None = None) -> int:
    """The command line; Ctrl-C anywhere ends it with status 130 and one line, never a traceback."""
    try:
        return run_command_line(list(sys.argv[1:] if argv is None else argv))
    except KeyboardInterrupt:
        print("tablegames: interrupted (Ctrl-C)", file=sys.stderr)
        end_now_if_a_thread_is_stuck(130)
        return 130
    except BrokenPipeError:  # `tablegames ... | head`: the reader left; nothing more to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # (the docs' recipe: no flush error at exit)
        return 0


def end_now_if_a_thread_is_stuck(status: int) -> None:
    """Ctrl-C was asked for and the command's own work was told to stop; a worker thread still busy (a kernel being
    compiled cannot look at its cancel flag) would hold the interpreter's exit until it is done, so end at once."""
    busy = [t for t in threading.enumerate() if t is not threading.main_thread() and not t.daemon and t.is_alive()]
    if busy:
        sys.stdout.flush()
        sys.stderr.flush()
        release_process_semaphores()
        os._exit(status)


def release_process_semaphores() -> None:
    """Before an immediate exit: unlink the named semaphores of multiprocessing's queues and locks (a worker pool
    whose manager thread has not finished yet still holds them), as a normal exit does first. Left to the resource
    tracker, each would be a "leaked semaphore" warning after the command's one line. These finalizers (priority
    0 and up) close and unlink; none waits for a thread."""
    import multiprocessing.util

    run_finalizers = getattr(multiprocessing.util, "_run_finalizers", None)  # no public name for exit's first step
    if run_finalizers is not None:
        run_finalizers(0)


def run_command_line(argv: list[str]) -> int:
    wants_tool = len(argv) >= 2 and (not argv[1].startswith("-") or argv[1] in ("-h", "--help"))
    if wants_tool and has_commands(argv[0]):
        return run_table_command(argv[0], argv[1:])
    if argv and has_commands(argv[0]) and argv[0] not in TABLE_NAMES:  # a tool group alone: its help
        return run_table_command(argv[0], argv[1:])
    args = build_parser().parse_args(argv)
    if args.about:
        from tablegames.core.places import about_lines

        print("\n".join(about_lines()))
        return 0
    from tablegames.ui.main import run  # the window's code loads pygame: only when a window is wanted

    return run(args)


def gui_main() -> int:
    """Entry point of the desktop launcher: the window, no console."""
    return main([])


if __name__ == "__main__":
    sys.exit(main())
