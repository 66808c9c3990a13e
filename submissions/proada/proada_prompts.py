"""ProADA's prompts (written for this project) and the question templates.

Prompt caching: the code-generation instructions are the same for every opportunity, so they come
first and the requirements last; dialog prompts start with the opportunity's requirements (the same
for every question about that opportunity) and end with what changes.
"""
from __future__ import annotations

import json
from typing import Sequence

# Bump when a prompt or the output format changes: cached programs from older prompts are ignored.
PROMPT_VERSION = 1

CODEGEN_SYSTEM = "You write small, safe Python functions that decide eligibility for public benefit programs."

_RULES = """Write a Python function decide(facts) that returns True if the household qualifies for the program \
described at the end, and False otherwise.

Rules:
- Read household facts as facts["key"]. facts["household_size"] is the number of people.
- For facts about one person, loop over the people: for m in facts["members"]: and read m["key"]. \
facts["members"][0] is the person answering.
- If the program is for a person, the household qualifies when any member qualifies.
- Use only def, =, if/elif/else, for, while, return, and/or/not, comparisons, arithmetic, lists, dicts, \
len, min, max, sum, abs, round, int, float, str, bool, range. No imports, try, classes, lambda or print.
- Keys are short snake_case names such as "age", "lives_in_nyc", "yearly_income"."""

_EXAMPLE_CODE = """# lives_in_nyc (bool): the household lives in New York City
# age (int, per member): age in years
def decide(facts):
    if not facts["lives_in_nyc"]:
        return False
    for m in facts["members"]:
        if m["age"] >= 65:
            return True
    return False
"""

_EXAMPLE_PROGRAM = ("Program: a person qualifies for the Park Pass if they are 65 or older and their household "
                    "lives in New York City.")

# Format "comment" (default): the code starts with one comment line per key it reads.
CODEGEN_INSTRUCTIONS = f"""{_RULES}
- Start the code with one comment line per key it reads (not members or household_size):
  # name (type): what it means
  where type is int, float, bool, or choice: a|b|c (the allowed values); add ", per member" for keys \
read from a member m.

Example. {_EXAMPLE_PROGRAM}
```python
{_EXAMPLE_CODE}```"""

_EXAMPLE_JSON = {
    "code": _EXAMPLE_CODE.split("\n", 2)[2],
    "keys": [
        {"name": "lives_in_nyc", "type": "bool", "choices": [], "about": "the household lives in New York City",
         "per_member": False},
        {"name": "age", "type": "int", "choices": [], "about": "age in years", "per_member": True},
    ],
}

# Format "json": a JSON-schema-constrained object {"code": ..., "keys": [...]}.
CODEGEN_INSTRUCTIONS_JSON = f"""{_RULES}

In "keys", declare every key the code reads (not "members" or "household_size"): its "type" \
("int", "float", "bool", or "choice" with the allowed "choices"), "about" (what it means), and \
"per_member" (true if read from a member m).

Example. {_EXAMPLE_PROGRAM}
{json.dumps(_EXAMPLE_JSON)}"""

FORMATS = ("comment", "json")


def existing_keys_text(existing: Sequence[str]) -> str:
    """The paper's "preexisting keys": declarations (`# name (type): about` lines) of the keys the
    household's other programs already read, so this program reads the same fact under the same key."""
    if not existing:
        return ""
    lines = "\n".join(existing)
    return ("Keys already used by the other programs for this household (read the same key when you need "
            f"the same fact; add new keys only for new facts):\n{lines}\n\n")


def codegen_messages(name: str, requirements: str, fmt: str = "comment",
                     existing: Sequence[str] = ()) -> list[dict[str, str]]:
    instructions = CODEGEN_INSTRUCTIONS_JSON if fmt == "json" else CODEGEN_INSTRUCTIONS
    tail = "Reply with the JSON object only." if fmt == "json" else "Reply with the code only, in a ```python block."
    return [
        {"role": "system", "content": CODEGEN_SYSTEM},
        {"role": "user", "content": f"{instructions}\n\n{existing_keys_text(existing)}Program: {name}\nRequirements:\n"
                                    f"{requirements.strip()}\n\n{tail}"},
    ]


def codegen_retry(previous: str, error: str, fmt: str = "comment") -> list[dict[str, str]]:
    tail = "Reply with the JSON object only." if fmt == "json" else "Reply with the code only, in a ```python block."
    return [
        {"role": "assistant", "content": previous},
        {"role": "user", "content": f"That code cannot be used: {error}\nWrite it again following the rules. {tail}"},
    ]


CODE_SCHEMA = {
    "type": "object",
    "properties": {
        "code": {"type": "string"},
        "keys": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "name": {"type": "string"},
                    "type": {"type": "string", "enum": ["int", "float", "bool", "choice"]},
                    "choices": {"type": "array", "items": {"type": "string"}},
                    "about": {"type": "string"},
                    "per_member": {"type": "boolean"},
                },
                "required": ["name", "type", "choices", "about", "per_member"],
                "additionalProperties": False,
            },
        },
    },
    "required": ["code", "keys"],
    "additionalProperties": False,
}

# ----------------------------------------------------------------------------- dialog

QUESTION_SYSTEM = ("You help a caseworker talk with a New York City resident about their household. "
                   "You write one short, plain question at a time.")


def dialog_text(turns: Sequence[tuple[str, str]], last: int = 12) -> str:
    """The dialog so far as Q/A lines (the last `last` exchanges), for the question writer."""
    if not turns:
        return "Conversation so far: (nothing asked yet)\n\n"
    shown = list(turns)[-last:]
    lines = [f"Q: {q}\nA: {a}" for q, a in shown]
    return "Conversation so far:\n" + "\n".join(lines) + "\n\n"


def question_messages(name: str, requirements: str, key: str, about: str, kind_text: str, who: str,
                      code_excerpt: str, turns: Sequence[tuple[str, str]] | None = None) -> list[dict[str, str]]:
    """`turns`: the dialog so far (ProADA's question writer sees it; None leaves it out)."""
    seen = dialog_text(turns) if turns is not None else ""
    return [
        {"role": "system", "content": QUESTION_SYSTEM},
        {"role": "user", "content": f"Program: {name}\nRequirements:\n{requirements.strip()}\n\n{seen}"
                                    f"The eligibility check needs the fact {key!r} ({about}; {kind_text}) "
                                    f"about {who}. The check's code:\n{code_excerpt}\n\n"
                                    f"Write the one question to ask the resident. Reply with the question only."},
    ]


def mapping_messages(question: str, answer: str, about: str, who: str, requirements: str | None = None,
                     code_line: str | None = None) -> list[dict[str, str]]:
    """`requirements` / `code_line`: the opportunity's requirements and the code line that needs
    the value (ProADA's value mapper sees both; None leaves them out)."""
    context = ""
    if requirements:
        context += f"Requirements:\n{requirements.strip()}\n\n"
    if code_line:
        context += f"The eligibility code that needs this value:\n{code_line.strip()}\n\n"
    return [
        {"role": "user", "content": f"{context}Question: {question}\nAnswer: {answer}\n\n"
                                    f"From this answer, what is {about} for {who}?"},
    ]


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def who_text(member: int | None) -> str:
    """How questions refer to a member: 0 is "you"; others by position (you are the 1st)."""
    if member is None:
        return "your household"
    if member == 0:
        return "you"
    return f"the {ordinal(member + 1)} person in your household (you are the 1st)"


def kind_text(kind) -> str:
    if kind == "int":
        return "a whole number"
    if kind == "float":
        return "a number"
    if kind == "bool":
        return "yes or no"
    return "one of: " + ", ".join(str(c) for c in kind)


def answer_hint(kind) -> str:
    if kind in ("int", "float"):
        return "Please answer with just a number."
    if kind == "bool":
        return "Please answer just yes or no."
    return "Please answer with one of: " + ", ".join(str(c).replace("_", " ") for c in kind) + "."


HOUSEHOLD_SIZE_QUESTION = "How many people live in your household, including you?"


def template_question(key: str, about: str, kind, member: int | None) -> str:
    """The question asked when no model phrases it (or its phrasing is unusable)."""
    if key == "household_size" and member is None:
        return HOUSEHOLD_SIZE_QUESTION
    about = (about or key.replace("_", " ")).strip().rstrip(".?")
    who = who_text(member)
    if kind == "bool":
        if member is None:
            return f"Is this true for your household: {about}? Please answer yes or no."
        if member == 0:
            return f"Is this true for you: {about}? Please answer yes or no."
        return f"Is this true for {who}: {about}? Please answer yes or no."
    if kind in ("int", "float"):
        return f"What is the {about} for {who}? Please answer with a number."
    return f"Which of these describes the {about} for {who}: " + ", ".join(
        str(c).replace("_", " ") for c in kind) + "?"


def clarification(question: str, kind, attempt: int) -> str:
    lead = "Sorry, I did not understand that." if attempt == 1 else "Sorry, I still need a clear answer."
    hint = answer_hint(kind)
    question = question.strip()
    if hint in question:
        return f"{lead} {question}"
    return f"{lead} {question} {hint}"
