"""The 2026-08 edition's own checkers: the opportunities its manifest (opportunities/2026-08/_edition.yaml) lists as changed or new."""
