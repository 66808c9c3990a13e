"""Errors raised at the edges (files, params, user input): each says where and what was expected."""


class BenyfitsError(Exception):
    """Base class: a message fit to show a user as is."""


class HouseholdError(BenyfitsError, ValueError):
    """A household that does not fit the schema.

    `where` locates the problem (e.g. "member 2, feature 'age'") so callers reading files can
    prefix the file and row.
    """

    def __init__(self, where: str, problem: str):
        self.where = where
        self.problem = problem
        super().__init__(f"{where}: {problem}" if where else problem)


class CatalogError(BenyfitsError, ValueError):
    """An opportunity file that is malformed or inconsistent."""


class ParamsError(BenyfitsError, ValueError):
    """A params.yaml value that cannot work."""
