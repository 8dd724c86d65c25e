"""The JSON forms of the rules' results that the API's read models, the exports and the file commands share.

Pure (no database, no HTTP, no pydantic: a file command imports it): the domain in :mod:`app.services` returns
dataclasses, and this package says how they are written as JSON.
"""
