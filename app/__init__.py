"""The desktop GUI: thin views over the engine's service façade, which runs on one worker thread."""
