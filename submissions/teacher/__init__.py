"""The teacher: an oracle-guided, rule-based reference agent (no model) that makes training data."""
