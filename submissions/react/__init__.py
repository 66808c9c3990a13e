"""The react reference submission (imported as a package by the harness)."""
