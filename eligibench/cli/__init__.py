"""The `benyfits` command: one thin module per command group over library functions.

Modules:
- `main`: the entry point and the small commands (profile, catalog).
- `check`: `benyfits check` and `benyfits import-v1`.
- `evaluate`: `benyfits evaluate`.
- `submit`: `benyfits submit`, `benyfits worker`.
- `leaderboard`: `benyfits leaderboard`.
- `play`: `benyfits play` (a person as the agent or the household; ceiling; study mode).
"""
