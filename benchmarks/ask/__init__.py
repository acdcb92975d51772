"""Question-answering benchmark over generated, imported records (``python -m benchmarks.ask``)."""
