"""The ``siedler`` command line."""
