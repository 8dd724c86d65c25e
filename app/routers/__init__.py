"""Thin HTTP handlers: parse, authorise, call a service, persist, respond."""
