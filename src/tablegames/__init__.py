"""tablegames: a desktop suite of table games with strong computer players."""

__version__ = "0.1.0"
