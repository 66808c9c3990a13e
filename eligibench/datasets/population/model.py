"""Population model: constants, errors and the frozen, validated types population.json loads into."""
from __future__ import annotations

import bisect
import random
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping, Sequence

from eligibench.errors import BenyfitsError
from eligibench.household import FEATURES_BY_NAME

KINDS = ("categorical", "ranges", "derived")
LEVELS = ("member", "household")
ROSTER = ("relation", "age", "sex")  # drawn first, by `_draw_roster`
ENTRY_KEYS = frozenset(
    ("kind", "level", "given", "otherwise", "weights", "bins", "rule", "how", "params", "table",
     "table_feature", "source", "fixes", "note")
)
MAX_ATTEMPTS = 200
ADULT_AGE = 18

TEMPORARY_HOUSING = ("homeless", "DHS shelter", "HRA shelter", "temporary housing")
RENT_FORMULA_HOUSING = ("NYCHA development", "Section 8")
SINGLE_FAMILY = ("2 bedroom, 1 family house", "4 bedroom, 1 family house")
# HHS 2024 poverty guidelines (48 contiguous states and DC): 1 person, then each additional one.
FPL_BASE, FPL_EXTRA = 15_060, 5_380


class PopulationError(BenyfitsError, ValueError):
    """population.json (or a dict in its layout) that does not fit the schema or the sampler."""

    def __init__(self, where: str, problem: str):
        self.where = where
        self.problem = problem
        super().__init__(f"{where}: {problem}" if where else problem)


# ---------------------------------------------------------------------------------------------
# The loaded population: frozen, validated, weights normalised.

@dataclass(frozen=True)
class Fix:
    what: str
    why: str


@dataclass(frozen=True)
class Option:
    value: Any
    p: float  # normalised


@dataclass(frozen=True)
class Bin:
    lo: int
    hi: int
    p: float  # normalised


@dataclass(frozen=True)
class TableRow:
    key: Any  # a value of table_feature, or an inclusive (lo, hi) range of it
    percent: float

    def matches(self, x: Any) -> bool:
        if isinstance(self.key, tuple):
            return self.key[0] <= x <= self.key[1]
        return x == self.key and type(x) is type(self.key)


def cumulative(ps: Sequence[float]) -> tuple[float, ...]:
    out, total = [], 0.0
    for p in ps:
        total += p
        out.append(total)
    return tuple(out)


@dataclass(frozen=True)
class FeaturePopulation:
    """How one feature (or the household size) is drawn."""

    name: str
    kind: str
    level: str = "member"
    given: str = "always"
    otherwise: Any = None
    options: tuple[Option, ...] = ()
    bins: tuple[Bin, ...] = ()
    rule: str | None = None
    how: str = ""
    params: Mapping[str, float] = field(default_factory=lambda: MappingProxyType({}))
    table: tuple[TableRow, ...] = ()
    table_feature: str | None = None
    source: str = ""
    fixes: tuple[Fix, ...] = ()
    note: str = ""
    _cum: tuple[float, ...] = field(default=(), repr=False, compare=False)

    def __post_init__(self) -> None:
        ps = [o.p for o in self.options] or [b.p for b in self.bins]
        object.__setattr__(self, "_cum", cumulative(ps))

    def _index(self, rng: random.Random) -> int:
        i = bisect.bisect_right(self._cum, rng.random() * self._cum[-1])
        return min(i, len(self._cum) - 1)

    def draw(self, rng: random.Random) -> Any:
        """A value from the marginal (`options` or `bins`), ignoring `given`."""
        if self.options:
            return self.options[self._index(rng)].value
        b = self.bins[self._index(rng)]
        value = rng.randint(b.lo, b.hi)
        return float(value) if FEATURES_BY_NAME.get(self.name) and FEATURES_BY_NAME[self.name].type == "float" else value

    @property
    def max_value(self) -> int | None:
        """The largest value the bins can give (None without bins)."""
        return max(b.hi for b in self.bins) if self.bins else None

    def percent(self, key: Any) -> float:
        """The `table` percent of the first row matching `key` (0 when none does)."""
        for row in self.table:
            if row.matches(key):
                return row.percent
        return 0.0


@dataclass(frozen=True)
class Population:
    about: str
    household_size: FeaturePopulation
    features: tuple[FeaturePopulation, ...]  # file order = drawing order
    by_name: Mapping[str, FeaturePopulation] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_name", MappingProxyType({f.name: f for f in self.features}))

    def __getitem__(self, name: str) -> FeaturePopulation:
        return self.by_name[name]


