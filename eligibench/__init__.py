"""Core library of the BeNYfits benchmark: household model, profiles, catalog, tracing, sampling,
simulator, dialog loop, metrics and model layer. (The dataset folder owns the name `benyfits`.)"""

__version__ = "0.1.0"

# A namespace: its subpackages are the API, and its small shared modules (errors, files, params, paths,
# processes, progress, system, extras, preflight) are imported as modules.
__all__ = ["__version__"]
