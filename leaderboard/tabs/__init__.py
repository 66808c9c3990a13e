"""The leaderboard's tabs, one module each.

Modules:
- `play`: the Play tab (a person plays the agent or the household; issue 20).
"""
