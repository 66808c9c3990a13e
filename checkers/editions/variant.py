"""Edition checkers that share their rules with their 2024 twin.

A later edition's checker that differs from its 2024 twin only in constants (an income table, an
age) is a *variant*: a module that says only that. It holds its docstring (the edition's readings,
held to its YAML like every checker's), `TWIN`, `ID` and the constants that differ, and ends with
`share_rules(globals())`:

    from checkers.editions.variant import share_rules

    TWIN = "checkers.lifeline"
    ID = "Lifeline"
    INCOME_LIMITS = (21128, 28553, ...)  # 135% of the 2026 poverty guidelines
    EACH_ADDITIONAL_PERSON = 7425

    share_rules(globals())

`share_rules` runs the twin's code in the variant's namespace without the twin's docstring and
without the assignments of the names the variant set (`eligibench.truth.tracing.compose`), so
`check` is the twin's rule reading the variant's constants: a fix to the rule is made once and
reaches both editions, and the edition's verdicts stay frozen by its own tests. A "one condition"
difference is written as a parameter of the twin (a constant its condition reads, e.g. an age
limit) that the variant sets. The instrumenter (`eligibench.truth.tracing.instrument`) compiles a
variant the same way, so its trace records the twin's lines under the variant's opportunity, and
the explanation shows the variant's constants beside them.

A condition added, removed or re-routed is written by *replacing a whole function* of the twin
(the one mechanism for a non-numeric difference; checkers/README.md says why a switch constant or
a shared rules module would not do): the variant defines it under the twin's name above
`share_rules`, which then leaves the twin's definition out, and the twin's constants and functions
only the replaced functions used (no twin line nothing can reach stays coverable). A replacing
function may call a helper of the variant's own that the twin lacks. The variant's lines are
traced as `OWN_LINES + n` of its file, so the replaced lines leave the variant's coverable set and
the twin's other lines keep their numbers (checkers/README.md, "Edition checkers").
"""
from __future__ import annotations

from pathlib import Path

from eligibench.truth import TWIN, compose


def share_rules(namespace: dict) -> None:
    """Run the twin's code (named by `namespace["TWIN"]`) in a variant module's namespace, keeping
    the variant's docstring, ID and constants. Fails naming the variant file when it sets a name
    its twin does not assign, or defines code of its own."""
    twin_path, tree, _ = compose(Path(namespace["__file__"]), namespace[TWIN])
    exec(compile(tree, str(twin_path), "exec"), namespace)
