"""Data exchange: a database tournament to and from FIDE report files (TRF-2026, TRF16), JSON and CSV.

:mod:`.imports` stores a TRF file as a new tournament, :mod:`.exports` writes one as TRF, JSON or CSV; the
pure codec is :mod:`app.services.trf`, which reads and writes :class:`app.services.tournament.Tournament`.
"""
