"""The priority-aware teacher: the teacher's rules (no model) that first asks what matters most to
the household, then asks for the facts of its most important programs first, and recommends the
program to apply to first. knowledge.py, questions.py and reading.py are the teacher's own
(submissions/teacher), copied: a submission folder is all a jailed agent sees."""
