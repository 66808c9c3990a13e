"""Thin DVC stage entry points: read params.yaml, call the library, write outputs."""
