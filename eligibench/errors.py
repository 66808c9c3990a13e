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


DEBUG_ENV = "BENYFITS_DEBUG"  # set to 1 (or pass --debug to `benyfits`) to see the traceback


def debugging(argv: "list[str] | None" = None) -> bool:
    import os

    return os.environ.get(DEBUG_ENV, "") not in ("", "0") or "--debug" in (argv or [])


def run_main(prog: str, main, *args) -> int:
    """The one way an entry point (every stage script, the `benyfits` command) ends on an error the
    user can fix: a BenyfitsError becomes `<prog>: error: <message>` on stderr and exit status 2,
    no traceback (BENYFITS_DEBUG=1 shows it); Ctrl-C exits 130 quietly. Any other exception is a
    bug and keeps its traceback. Returns the exit status (main's int, or 0)."""
    import sys

    try:
        code = main(*args)
    except BenyfitsError as e:
        if debugging(sys.argv):
            raise
        from eligibench.terminal import safe  # a message may quote an agent's text

        print(f"{prog}: error: {safe(e)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        if debugging(sys.argv):
            raise
        print(f"{prog}: interrupted", file=sys.stderr)
        return 130
    return code if isinstance(code, int) else 0
