"""Protocols and simulated users named by what they are, never by their 12-hex id.

"smoke: 3 households per dataset, at most 4 questions, template user" and "full (sealed split): all
households, 3 trials" say what a ranking measured; the id stays in the board's ids panel. Four
2024 protocols of one store differed only by their id in the Protocol dropdown before; when two
protocols of one edition still read the same (they differ in data version or simulator pin only),
`protocol_names` numbers them ("... (variant 2)") by their run count, never by a hash.
"""
from __future__ import annotations

from typing import Any, Mapping

from eligibench.results import DEFAULT_EDITION, KIND_WORDS, NO_PROTOCOL, USER_WORDS, V1_PROTOCOL, StoredProtocol

__all__ = ["is_sealed", "protocol_name", "protocol_names", "user_words"]


def user_words(label: Any) -> str:
    """A simulated user's label ("grounded:lexical/template", "custom simulator: vllm:...") in words."""
    text = str(label or "")
    if not text:
        return "simulated user not recorded"
    persona = ""
    if " persona:" in text:
        persona = " (" + text.split(" persona:", 1)[1].split("/", 1)[0].replace("_", " ").replace("-", " ") + " persona)"
    for key, words in USER_WORDS:
        if key in text:
            if key == "custom simulator":  # name the model: "custom model user: qwen2.5:7b"
                model = text.split(":", 2)[-1].split("@", 1)[0].strip()
                return f"{words}: {model}{persona}"
            return words + persona
    return text.replace("_", " ") + persona


def is_sealed(p: StoredProtocol) -> bool:
    return (p.spec or {}).get("split") == "sealed"


def _households(datasets: Mapping[str, Any]) -> str:
    uses = [(n, d) for n, d in sorted(datasets.items()) if isinstance(d, dict)]
    if not uses:
        return ""
    if all(d.get("households_used") == d.get("households_total") for _, d in uses):
        return "all households"
    used = {d.get("households_used") for _, d in uses}
    if len(used) == 1:
        (n,) = used
        return f"{n} household{'s' if n != 1 else ''} per dataset"
    return ", ".join(f"{name} {d.get('households_used')} households" for name, d in uses)


def protocol_name(p: StoredProtocol, edition: bool = False, runs: bool = False) -> str:
    """One line in words: kind (and split), households, question cap, trials, user; `edition` adds
    the rules it followed when not 2024, `runs` the number of runs under it."""
    if p.id == NO_PROTOCOL:
        return f"protocol not recorded ({p.runs} run{'s' if p.runs != 1 else ''})"
    if p.kind == V1_PROTOCOL:
        return "v1 paper (published figures, not re-run)"
    s = p.spec or {}
    head = KIND_WORDS.get(p.kind, p.kind)
    if is_sealed(p):
        head += " (sealed split)"
    parts = [_households(s.get("datasets") or {})]
    if s.get("question_cap") is not None:
        parts.append(f"at most {s['question_cap']} questions")
    trials = s.get("trials")
    if trials not in (None, 1):
        parts.append(f"{trials} trials")
    sim = s.get("simulator") or {}
    if not (isinstance(sim, dict) and sim.get("reference")):
        parts.append(user_words(p.simulator))
    if s.get("persona"):
        parts.append(f"{str(s['persona']).replace('_', ' ')} persona")
    if s.get("scaffold"):
        parts.append(f"{s['scaffold']} scaffold")
    if s.get("decoding") and s.get("decoding") != "constrained":
        parts.append("unconstrained decoding")
    if isinstance(s.get("simulator_pin"), dict) and s["simulator_pin"]:
        parts.append("simulator not as expected")
    if edition and p.edition != DEFAULT_EDITION:
        parts.append(f"{p.edition} rules")
    text = f"{head}: " + ", ".join(x for x in parts if x)
    if runs:
        text += f" · {p.runs} run{'s' if p.runs != 1 else ''}"
    return text


def protocol_names(protos: Mapping[str, StoredProtocol], edition: bool = False,
                   runs: bool = False) -> dict[str, str]:
    """Every protocol's name, distinct: protocols that read the same are numbered (most runs first)."""
    base = {pid: protocol_name(p, edition) for pid, p in protos.items()}
    out: dict[str, str] = {}
    for name in set(base.values()):
        same = sorted((protos[pid] for pid, n in base.items() if n == name), key=lambda p: (-p.runs, p.id))
        for k, p in enumerate(same):
            text = name if k == 0 else f"{name} (variant {k + 1})"
            if runs:
                text += f" · {p.runs} run{'s' if p.runs != 1 else ''}"
            out[p.id] = text
    return out
