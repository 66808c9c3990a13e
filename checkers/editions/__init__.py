"""Checkers of editions after 2024, one package per edition (`e<edition>`, dashes as underscores)."""
