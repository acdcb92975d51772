"""GUI test fixtures; their code lives in ``app_support`` so test modules can import its helpers
by a name no other conftest shares."""

from app_support import demo_profile, make_controller, notification_server

__all__ = ["demo_profile", "make_controller", "notification_server"]
