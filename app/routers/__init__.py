"""Thin HTTP handlers: parse, authorise, call a use case of :mod:`app.operations`, respond; the request's session
(:mod:`app.http.session`) commits."""
