"""The ``teamswiss`` command line: the program entry point, the parser and its commands."""
