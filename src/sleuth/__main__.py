"""``python -m sleuth``: the same command line as ``sleuth``."""

from sleuth.cli import entry

if __name__ == "__main__":
    entry()
