"""The tasks run with no network: nothing they use downloads anything.

Inspect's scripted test model `mockllm` invents token usage for each reply it makes up, and counts
the prompt's tokens with tiktoken's `o200k_base` file, which tiktoken downloads from the internet
the first time it is used (`ModelAPI.count_text_tokens`). Offline, that download fails inside the
first model call and every sample errors ("no samples completed"). Measured: the walkthrough's
`inspect eval benyfits/diverse --model mockllm/model --limit 2` with the network cut ended in that
traceback after 56 s.

We avoid the file instead of shipping it: the BPE file is published by OpenAI without a licence of
its own (tiktoken's MIT licence covers the code that fetches it), and mockllm's counts are made up
anyway (its output tokens are the reply's characters). So `mockllm`'s prompt count becomes a
character estimate, four characters a token, as other offline tools estimate. Only `MockLLM` is
changed, and only where it is loaded with our tasks: real providers report their own usage, and
no BeNYfits figure reads mockllm's counts. The other thing a walkthrough could fetch, the embedded
model's weights, comes from the package index at install time (docs/models.md).
"""
from __future__ import annotations

from inspect_ai.model._providers.mockllm import MockLLM

CHARS_PER_TOKEN = 4


def estimate_tokens(text: str) -> int:
    """A token count without a tokenizer file: about four characters a token, at least one."""
    return max(1, len(text) // CHARS_PER_TOKEN)


async def _count_text_tokens(self: MockLLM, text: str) -> int:
    return estimate_tokens(text)


def use_offline_token_counts() -> None:
    """`mockllm`'s invented usage counts characters, not tiktoken tokens (see the module docstring)."""
    MockLLM.count_text_tokens = _count_text_tokens  # type: ignore[method-assign]
