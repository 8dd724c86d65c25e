"""Thin HTTP handlers: parse, authorise, call a use case of :mod:`app.operations`, respond; ``app.db`` commits."""
