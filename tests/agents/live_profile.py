"""The simulated user's profile in the live model tests of the agents (tests/agents).

These tests exercise an agent's path through the real embedded model: its prompts, its parsing,
its predictions. The rendered profile of their two-member household states every feature of the
schema, 13,551 characters (about 3,230 prompt tokens), and reading it was most of each test:
the simulated user's first answer alone took 67 CPU-s on the 2-core machine (then "No."). This
profile states the same household's facts that the two programs asked about need (residence in
the city, the members, their ages and relation) in about 60 tokens, so the model reads what the
agent's questions are about, and every assertion of the tests stands.
"""
from __future__ import annotations

LIVE_PROFILE = (
    "I am Ana Ruiz, 34 years old. I live in New York City, in Brooklyn, with my son Leo Ruiz, who is 4. "
    "It is just the two of us at home. I work and earn a modest wage. Leo is not in school yet."
)
