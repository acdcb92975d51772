"""Phase-1 extraction: deterministic detectors find candidates, rules pick frames, the model only breaks ties.

Entry point: :func:`engine.extract.pipeline.extract_messages`.
"""
