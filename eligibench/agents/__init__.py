"""The toolkit reference agents share (submissions import from here; the harness does not).

Modules:
- `prompting`: requirement blocks and fallback questions for prompt-based agents.
- `sandbox`: a restricted, time-limited process for running model-generated code.
"""
