"""Authentication and authorisation without HTTP.

- :mod:`~app.auth.principal`: who is calling (the signed-in user, a token's scopes);
- :mod:`~app.auth.credentials`: passwords, login tokens (JWT) and API tokens, and the bearer they name;
- :mod:`~app.auth.throttle`: failed logins counted in the database, so every worker agrees;
- :mod:`~app.auth.policy`: the action table, who holds each action (pure);
- :mod:`~app.auth.rights`: what a principal holds in a tournament, over a club or a player (database reads).

The HTTP edge (:mod:`app.http.access`) reads the bearer header and declares each route's action with these.
"""
