"""GUI responsiveness: the event loop's lag while the engine works, and typing → confirmation time."""
