"""Made-up member names for sampled households, from small built-in lists (no data files).

The lists are ours, chosen to be as varied as New York City; they are not drawn from any
dataset. Both functions use only the `random.Random` they are given, so a seeded generator
gives the same names every run.
"""
from __future__ import annotations

import random

FEMALE_FIRST_NAMES: tuple[str, ...] = (
    "Aaliyah", "Adaeze", "Aisha", "Alejandra", "Amara", "Ana", "Anjali", "Camila",
    "Carmen", "Chen", "Chloe", "Daniela", "Deborah", "Esther", "Fatima", "Grace",
    "Guadalupe", "Hannah", "Ifeoma", "Imani", "Jasmine", "Keisha", "Leah", "Lucia",
    "Mei", "Maria", "Marisol", "Mariam", "Nadia", "Naomi", "Olga", "Priya",
    "Rivka", "Rosa", "Sofia", "Svetlana", "Tamika", "Yesenia", "Yuki", "Zainab",
)

MALE_FIRST_NAMES: tuple[str, ...] = (
    "Abdul", "Ahmed", "Alexei", "Andre", "Anthony", "Arjun", "Carlos", "Chinedu",
    "Darnell", "David", "Dmitri", "Eduardo", "Elijah", "Giovanni", "Hector", "Hiroshi",
    "Ibrahim", "Isaac", "Jamal", "Javier", "Jean", "Jose", "Kwame", "Luis",
    "Malik", "Marcus", "Mateo", "Mohammed", "Moshe", "Nikolai", "Omar", "Pedro",
    "Rahul", "Samuel", "Terrence", "Tyrone", "Victor", "Wei", "Yosef", "Kofi",
)

SURNAMES: tuple[str, ...] = (
    "Abdullah", "Adeyemi", "Alvarez", "Baptiste", "Brown", "Chen", "Cohen", "Cruz",
    "Diallo", "Dominguez", "Friedman", "Garcia", "Goldberg", "Gonzalez", "Haque", "Hernandez",
    "Ivanova", "Jackson", "Johnson", "Kim", "Kowalski", "Lee", "Lin", "Martinez",
    "Mendoza", "Murphy", "Nguyen", "O'Brien", "Okafor", "Patel", "Perez", "Rahman",
    "Ramirez", "Rodriguez", "Rossi", "Santos", "Singh", "Smith", "Williams", "Wong",
)

_FIRST_NAMES = {"female": FEMALE_FIRST_NAMES, "male": MALE_FIRST_NAMES}


def pick_surname(rng: random.Random) -> str:
    """A surname drawn uniformly from SURNAMES."""
    return rng.choice(SURNAMES)


def pick_name(rng: random.Random, sex: str, surname: str | None = None) -> str:
    """A full name "First Last" for a member of `sex` ("male" or "female").

    With `surname` given (e.g. the self's, for a spouse or child) that surname is used;
    otherwise one is drawn.
    """
    try:
        firsts = _FIRST_NAMES[sex]
    except KeyError:
        raise ValueError(f"sex must be 'male' or 'female', got {sex!r}") from None
    first = rng.choice(firsts)
    last = surname if surname is not None else pick_surname(rng)
    return f"{first} {last}"
