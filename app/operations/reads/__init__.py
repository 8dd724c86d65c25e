"""The read models, one module per resource: what the routers answer, the exports write and the event stream
sends, built from the rows (derived values such as standings are computed from the board results, never stored).
"""
