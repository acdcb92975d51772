"""Generated checks of this project: state loads, types hold, every rule runs."""
