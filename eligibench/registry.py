"""The one shape of an extension point's table: a typed `Registry` of named entries, each with a
one-line description (after tau2-bench's registry: register / get / names / describe).

Each kind's registry is filled where its things are defined (model backends in `models/registry.py`,
personas in `evaluation/user/persona.py`, ...); `eligibench.extensions` gathers them into the one
list a user reads (`benyfits list`), the CLI's choices and `--help`, and the docs' table. This module
imports nothing from the phases, so any phase may define a registry.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, Iterable, Iterator, TypeVar

from eligibench.errors import BenyfitsError

T = TypeVar("T")


class UnknownName(BenyfitsError, KeyError):
    """A name no entry of the registry has; the message names the known ones."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


@dataclass(frozen=True)
class Entry(Generic[T]):
    name: str
    description: str  # one line, what a user reads in `benyfits list` and `--help`
    value: T | None = None  # the thing itself (a Persona, a BackendInfo, ...), None when the name is all


class Registry(Generic[T]):
    """Named entries of one kind, in registration order. A name registers once (a second entry of
    the same name is a programming error, caught at import)."""

    def __init__(self, kind: str, entries: Iterable[Entry[T]] = ()):
        self.kind = kind
        self._entries: dict[str, Entry[T]] = {}
        for e in entries:
            self.add(e)

    def add(self, entry: Entry[T]) -> Entry[T]:
        if entry.name in self._entries:
            raise ValueError(f"{self.kind} {entry.name!r} registered twice")
        if not entry.description or "\n" in entry.description:
            raise ValueError(f"{self.kind} {entry.name!r}: the description must be one non-empty line")
        self._entries[entry.name] = entry
        return entry

    def register(self, name: str, description: str, value: T | None = None) -> Entry[T]:
        return self.add(Entry(name, description, value))

    def entry(self, name: str) -> Entry[T]:
        try:
            return self._entries[name]
        except (KeyError, TypeError):
            raise UnknownName(f"unknown {self.kind} {name!r}; known: {', '.join(self._entries)}") from None

    def get(self, name: str) -> T | None:
        return self.entry(name).value

    def names(self) -> tuple[str, ...]:
        return tuple(self._entries)

    def describe(self) -> tuple[Entry[T], ...]:
        return tuple(self._entries.values())

    def help_text(self) -> str:
        """"name (description), ..." for an option's --help."""
        return "; ".join(f"{e.name}: {e.description}" for e in self._entries.values())

    def __contains__(self, name: object) -> bool:
        return name in self._entries

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)


__all__ = ["Entry", "Registry", "UnknownName"]
