"""engine/ and models/ must import with Qt unavailable."""

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_engine_and_models_import_without_qt() -> None:
    script = textwrap.dedent(
        """
        import importlib, pkgutil, sys
        class BlockQt:
            def find_spec(self, name, path=None, target=None):
                if name.split('.')[0] in {'PySide6', 'PyQt5', 'PyQt6', 'shiboken6'}:
                    raise ImportError('Qt is blocked in this test: ' + name)
                return None
        sys.meta_path.insert(0, BlockQt())
        import engine, models
        names = []
        for pkg in (engine, models):
            for mod in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):
                importlib.import_module(mod.name)
                names.append(mod.name)
        assert not any(m.split('.')[0] in {'PySide6', 'shiboken6'} for m in sys.modules), 'Qt got imported'
        print(len(names))
        """
    )
    proc = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert int(proc.stdout.strip()) >= 10
