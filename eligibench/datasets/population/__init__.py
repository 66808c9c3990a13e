"""The Representative dataset's population: marginals per feature, and a household sampler.

`population.json` (beside this package) holds, for every one of the 124 features plus the household size, how a
value is drawn and why:

- ``kind``: ``categorical`` (``weights``: value and weight), ``ranges`` (``bins``: inclusive
  integer range and weight; a value is drawn uniformly inside the chosen bin) or ``derived``
  (computed by the named ``rule`` from features drawn before it, described in ``how``);
- ``level``: ``member`` (drawn per member) or ``household`` (drawn once, from the self's
  point of view, and given to every member);
- ``given`` / ``otherwise``: the marginal applies to members for whom the named condition
  holds (see `CONDITIONS`); everyone else gets the fixed ``otherwise`` value;
- ``params`` / ``table``: numbers a derived rule uses (``table`` rows are keyed by a value or
  an inclusive range of ``table_feature``);
- ``source`` (one line: where the numbers come from) and ``fixes`` (each change to v1's
  marginal: what and why).

Weights need not sum to 100: they are normalised at load time. Features are drawn column by
column in file order, after the roster (household size, relations, ages, sexes), so a condition
or rule may read any feature listed before it; `load_population` checks that it does.

Every household `sample_household` returns keeps `consistency.violations(hh) == []`: the
conditions and rules keep the consistency limits by construction, numbers are capped at what
the member's age allows (`consistency.numeric_cap`), each member's benefit contradictions are
repaired (`consistency.repair_member`, no draws), and a household that still breaks a rule is
drawn again (at most `MAX_ATTEMPTS` times).

Modules: `model` (marginals), `conditions` (`given`), `rules` (derived rules), `load`, `sampler`, `docs`,
and `v2` (feature schema version 2's flags, drawn after a version-1 sample from their own
generator, with their sources).
"""
from eligibench.datasets.population.conditions import DrawnHousehold
from eligibench.datasets.population.docs import population_table_markdown
from eligibench.datasets.population.load import load_population
from eligibench.datasets.population.model import ROSTER, Population, PopulationError
from eligibench.datasets.population.rules import RULES
from eligibench.datasets.population.sampler import draw_column, sample_household, sample_households
from eligibench.datasets.population.v2 import sample_v2

__all__ = [
    "DrawnHousehold",
    "Population",
    "PopulationError",
    "ROSTER",
    "RULES",
    "draw_column",
    "load_population",
    "population_table_markdown",
    "sample_household",
    "sample_households",
    "sample_v2",
]
