"""teamswiss: a server for Swiss-system team chess tournaments."""

__version__ = "0.1.0"
