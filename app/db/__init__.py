"""The database: the engine and sessions (no HTTP) and the migrations runner."""
