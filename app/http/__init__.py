"""Everything that knows HTTP: the app factory, middleware, problem+json, load shedding, read caching, the
OpenAPI contract and the access dependencies. Nothing below this layer imports it."""
