"""`python -m eligibench.datasets.population > docs/population.md`: the population table."""
from eligibench.datasets.population.docs import population_table_markdown
from eligibench.datasets.population.load import load_population

print(population_table_markdown(load_population()), end="")
