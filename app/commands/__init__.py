"""Sub-commands of the ``teamswiss`` command, one module per group.

Each module defines ``register(subparsers)``, which adds its sub-commands with
``parser.set_defaults(func=handler)``; a handler takes the parsed arguments and
returns the process exit code. ``app.cli`` finds the modules here by itself.
"""
