"""Models are found by name at run time: every `*_model.py` module of this
package is imported, and the class named by the options is looked up in
them. Which class a run builds is not known statically; the classes it can
build are the ones these modules define."""
import importlib
import os

_folder = os.path.dirname(os.path.abspath(__file__))
_modules = [
    importlib.import_module(f"models.{name[:-3]}") for name in sorted(os.listdir(_folder)) if name.endswith("_model.py")
]


def create_model(options):
    for module in _modules:
        model_cls = getattr(module, options["model_type"], None)
        if model_cls is not None:
            break
    if model_cls is None:
        raise ValueError(f"unknown model {options['model_type']}")
    return model_cls(options)
