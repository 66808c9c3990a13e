"""The toolkit reference agents share (submissions import from here; the harness does not).

Modules:
- `prompting`: requirement blocks and fallback questions for prompt-based agents.
- `sandbox`: a restricted, time-limited process for running model-generated code.
"""
from eligibench.agents.prompting import (
    GENERIC_QUESTION,
    QUESTION_WORDS,
    WORD,
    fallback_question,
    per_call_limit,
    raw_question,
    requirement_lines,
    requirements_block,
)

__all__ = [
    "GENERIC_QUESTION",
    "QUESTION_WORDS",
    "WORD",
    "fallback_question",
    "per_call_limit",
    "raw_question",
    "requirement_lines",
    "requirements_block",
]
