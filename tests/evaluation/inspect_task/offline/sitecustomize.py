"""Loaded by the walkthrough test's commands (PYTHONPATH) on a machine without network: Inspect's
mockllm counts tokens with tiktoken's o200k_base file, which tiktoken downloads on first use; here
the count is a character-based estimate instead (docs/inspect.md, "Offline machines"). Only token
counts of unscripted mockllm outputs change; nothing of BeNYfits is replaced."""
from inspect_ai.model import ModelAPI


async def _estimate(self, text: str) -> int:
    return max(1, len(text) // 4)


ModelAPI.count_text_tokens = _estimate
