"""Each source file compiled once per process. The app imports a screen's modules anew at
every change of screen (the board drops them), and where no bytecode is written
(PYTHONDONTWRITEBYTECODE, as on the machine this project is built on) each such import
compiled the source again: a third of a test's time in some of the slowest tests. A file
whose bytes changed is compiled anew."""

_CODE = {}  # path -> (source bytes, code object)


def _cached_source_to_code(loader_source_to_code):
    def source_to_code(self, data, path, *a, **k):
        hit = _CODE.get(path)
        if hit is not None and hit[0] == data:
            return hit[1]
        code = loader_source_to_code(self, data, path, *a, **k)
        _CODE[path] = (data, code)
        return code

    source_to_code.cached = True
    return source_to_code


def cache_compiled():
    """From now on in this process (once is enough)."""
    from importlib.machinery import SourceFileLoader

    if not getattr(SourceFileLoader.source_to_code, "cached", False):
        SourceFileLoader.source_to_code = _cached_source_to_code(SourceFileLoader.source_to_code)
