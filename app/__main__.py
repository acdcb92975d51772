"""``python -m app``: the desktop window (same as ``uac gui``)."""

from app.main import main

raise SystemExit(main())
