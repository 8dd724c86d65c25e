"""Request and response bodies of the API, one module per resource (the tables are in :mod:`app.models`)."""
