"""Core library of the BeNYfits benchmark: household model, profiles, catalog, tracing, sampling,
simulator, dialog loop, metrics and model layer. (The dataset folder owns the name `benyfits`.)"""

__version__ = "0.1.0"
