"""Evaluation: agents question a simulated user; predictions are scored against checker labels.

tau-bench's split: `agent` (the submission's side), `user` (the simulated user, a language
model playing one household), `environment` (the dialog loop that enforces the protocol and
limits), then `metrics` and the DuckDB `store`.
"""
