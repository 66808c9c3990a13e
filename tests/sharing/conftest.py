"""Sharing tests use the leaderboard's fixtures (the `leaderboard` package sits at the project root)."""
from tests.leaderboard.conftest import lb_dataset  # noqa: F401  (a fixture, used by name)
