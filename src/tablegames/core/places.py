"""Where the suite keeps the player's files (platformdirs), and its log file.

One place for every folder so `tablegames --about` can list them all and tests can move them all (XDG_* variables).
"""

from __future__ import annotations

import logging
import logging.handlers
import os
import sys
from pathlib import Path

import platformdirs

APP = "tablegames"
LOG_NAME = "tablegames.log"
LOG_BYTES = 512 * 1024  # a log the player can attach to a report; two older ones are kept beside it
LOG_BACKUPS = 2


def data_folder() -> Path:
    """Saved games, exports and the route planner's boards."""
    return Path(platformdirs.user_data_dir(APP))


def config_folder() -> Path:
    """The settings file."""
    return Path(platformdirs.user_config_dir(APP))


def cache_folder() -> Path:
    """Tables that can be built again (Piddle's solved table)."""
    return Path(platformdirs.user_cache_dir(APP))


def log_folder() -> Path:
    """The log file (on Linux under ~/.local/state)."""
    return Path(platformdirs.user_log_dir(APP))


def log_file() -> Path:
    return log_folder() / LOG_NAME


_handler: logging.Handler | None = None


def start_log_file() -> Path | None:
    """Send the suite's log (INFO and up) to the log file as well as stderr; the file's path, or None when it
    cannot be opened (a read-only home: the suite goes on, saying so once on stderr)."""
    global _handler
    path = log_file()
    if _handler is not None:
        return path
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(path, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS,
                                                       encoding="utf-8", delay=False)
    except OSError as error:
        print(f"tablegames: cannot write the log file {path} ({error}); logging to the terminal only",
              file=sys.stderr)
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.setLevel(logging.INFO)
    from tablegames import __version__

    # the session's first line goes to the file only: the terminal stays quiet when all is well
    handler.handle(logging.makeLogRecord({"name": APP, "levelno": logging.INFO, "levelname": "INFO",
                                          "msg": "tablegames %s started (pid %d)",
                                          "args": (__version__, os.getpid())}))
    logging.getLogger().addHandler(handler)
    suite = logging.getLogger(APP)
    if suite.getEffectiveLevel() > logging.INFO:  # the file keeps the suite's INFO lines whatever stderr shows
        suite.setLevel(logging.INFO)
    _handler = handler
    return path


def stop_log_file() -> None:
    global _handler
    if _handler is not None:
        logging.getLogger().removeHandler(_handler)
        _handler.close()
        _handler = None


def about_lines() -> list[str]:
    """What `tablegames --about` prints: the version and where every file of the player's is."""
    from tablegames import __version__

    return [
        f"tablegames {__version__} (Python {sys.version.split()[0]})",
        f"settings:    {config_folder() / 'settings.json'}",
        f"saved games: {data_folder()}",
        f"cache:       {cache_folder()}",
        f"log file:    {log_file()}",
        "A file the suite could not read is kept beside itself as NAME.bad (then NAME.bad.2, ...).",
    ]
