"""Run every rule on this project's state as of ``--now`` and print the alerts as JSON.

    python run_alerts.py --now 2025-02-01T09:00

Each rule is isolated: a rule that crashes, loops past its time limit or returns something that
is not a list of alerts is reported in ``errors`` and the others still run. A state or rule file
that does not import (a broken hand edit) is reported with its file and line, and the last good
copy kept in ``.uac/good/`` is used instead when there is one.
"""

from __future__ import annotations

import argparse
import datetime
import importlib.util
import json
import os
import signal
import sys
import traceback
import types

HERE = os.path.dirname(os.path.abspath(__file__))
SEVERITIES = ("info", "warning", "critical")
COMPILED = "user_rules"
"""The module of rules compiled from the user's words: one ``RULES`` entry per rule."""
ALERT_CAP = 200
"""Alerts one rule may raise in a run; the rest are counted in one more alert (a rule over a
collection of 800,000 records may match most of them)."""


class RuleTimeout(BaseException):
    """Raised inside a rule that ran past its time limit (a BaseException so rules cannot catch it)."""


class Events:
    """Where results go: one JSON line per event (``--jsonl``) or one JSON document at the end."""

    def __init__(self, out, jsonl: bool) -> None:
        self.out = out
        self.jsonl = jsonl
        self.alerts: list[dict] = []
        self.errors: list[dict] = []

    def emit(self, event: dict) -> None:
        if event["event"] == "alerts":
            self.alerts.extend(event["alerts"])
        elif event["event"] == "problem":
            self.errors.append({"rule": event["rule"], "error": event["error"]})
        if self.jsonl:
            self.out.write(json.dumps(event, sort_keys=True) + "\n")
            self.out.flush()

    def problem(self, rule: str, error: str) -> None:
        self.emit({"event": "problem", "rule": rule, "error": error})

    def finish(self, now: datetime.datetime) -> None:
        if self.jsonl:
            self.emit({"event": "end"})
        else:
            doc = {"now": now.isoformat(), "alerts": self.alerts, "errors": self.errors}
            self.out.write(json.dumps(doc, indent=2, sort_keys=True) + "\n")
            self.out.flush()


def where(exc: BaseException, project: str) -> str:
    """``file line N`` of the innermost frame inside the project (or the syntax error's line)."""
    if isinstance(exc, SyntaxError) and exc.filename:
        return f"{rel(exc.filename, project)} line {exc.lineno}"
    inside = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename.startswith(project)]
    if inside:
        return f"{rel(inside[-1].filename, project)} line {inside[-1].lineno}"
    return "?"


def rel(path: str, project: str) -> str:
    path = os.path.abspath(path)
    good = os.path.join(project, ".uac", "good") + os.sep
    if path.startswith(good):
        return ".uac/good/" + path[len(good):].replace(os.sep, "/")
    if path.startswith(project + os.sep):
        return path[len(project) + 1:].replace(os.sep, "/")
    return path


def describe(exc: BaseException, project: str) -> str:
    if isinstance(exc, SyntaxError):
        return f"{where(exc, project)}: SyntaxError: {exc.msg}"
    return f"{where(exc, project)}: {type(exc).__name__}: {exc}"


class Loader:
    """Imports project modules by file, falling back to ``.uac/good/`` when the live file fails."""

    def __init__(self, project: str, refused: dict, events: Events) -> None:
        self.project = project
        self.good = os.path.join(project, ".uac", "good")
        self.refused = refused
        self.events = events

    def _import(self, name: str, path: str) -> types.ModuleType:
        package = os.path.basename(path) == "__init__.py"
        locations = [os.path.dirname(path)] if package else None
        spec = importlib.util.spec_from_file_location(name, path, submodule_search_locations=locations)
        if spec is None or spec.loader is None:
            raise ImportError(f"cannot load {path}")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        try:
            spec.loader.exec_module(module)
        except BaseException:
            sys.modules.pop(name, None)
            raise
        return module

    def load(self, name: str, relpath: str, *, required: bool = True) -> types.ModuleType | None:
        live = os.path.join(self.project, relpath)
        if not os.path.exists(live) and not required:
            return None
        if relpath in self.refused:
            error = f"{self.refused[relpath]} (refused by the safety check)"
        elif not os.path.exists(live):
            error = f"{relpath}: missing"
        else:
            try:
                return self._import(name, live)
            except RuleTimeout:
                raise
            except BaseException as exc:  # a broken hand edit must not stop the other rules
                error = describe(exc, self.project)
        good = os.path.join(self.good, relpath)
        if os.path.exists(good) and ".uac/good/" + relpath not in self.refused:
            try:
                module = self._import(name, good)
            except BaseException as exc:
                error += f"; the last good copy failed too ({describe(exc, self.project)})"
            else:
                self.events.problem(relpath, error + "; used the last good copy")
                return module
        self.events.problem(relpath, error)
        return None


def load_state(loader: Loader):
    """Import the manifest and every domain; returns (state, built-in pack names, manifest)."""
    uac_records = trusted("uac_records")  # the reader of big collections' data files, this copy's
    uac_records.PROJECT = loader.project
    manifest = loader.load("manifest", "manifest.py")
    if manifest is None:
        return None, [], None
    loader.load("domains", "domains/__init__.py")
    loader.load("domains.record", "domains/record.py")
    modules = {}
    names = {}
    for domain, info in manifest.DOMAINS.items():
        names[domain] = list(info["collections"])
        loader.load(f"domains.{domain}", f"domains/{domain}/__init__.py")
        schema = loader.load(f"domains.{domain}.schema", f"domains/{domain}/schema.py")
        if schema is not None:
            modules[domain] = loader.load(f"domains.{domain}.state", f"domains/{domain}/state.py")
    uac_state = trusted("uac_state")
    return uac_state.build(modules, names), list(getattr(manifest, "RULE_PACKS", ())), manifest


def trusted(name: str) -> types.ModuleType:
    """A module of the harness's own folder (never the project's copy, which a hand edit may change)."""
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, f"{name}.py"))
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def load_rules(loader: Loader, manifest, packs: list, *, builtin: bool = True, user: list | None = None) -> list:
    """(rule name, check function) for the built-in packs and the user rule files asked for
    (``user=None``: every file in ``user/``)."""
    loader.load("data", "data/__init__.py")
    for module in getattr(manifest, "DATA_MODULES", ()):
        loader.load(f"data.{module}", f"data/{module}.py")
    loader.load("rules", "rules/__init__.py")
    loader.load("rules.alerts", "rules/alerts.py")
    rules = []
    for pack in packs if builtin else ():
        module = loader.load(f"rules.{pack}", f"rules/{pack}.py")
        if module is None:
            continue
        if pack == COMPILED:  # the rules the user stated: each one on its own timer
            rules += [(f"{pack}.{rule.__name__}", types.SimpleNamespace(check=rule))
                      for rule in getattr(module, "RULES", ()) if callable(rule)]
        else:
            rules.append((pack, module))
    user_dir = os.path.join(loader.project, "user")
    if os.path.isdir(user_dir):
        package = types.ModuleType("user")
        package.__path__ = [user_dir]
        sys.modules["user"] = package
        names = user_files(user_dir) if user is None else user
        for fname in names:
            stem = fname[:-3]
            module = loader.load(f"user.{stem}", f"user/{fname}")
            if module is not None:
                rules.append((f"user/{stem}", module))
    return rules


def user_files(user_dir: str) -> list:
    """The rule files the user wrote: ``user/*.py`` except private and hidden ones."""
    return [f for f in sorted(os.listdir(user_dir)) if f.endswith(".py") and not f.startswith((".", "_"))]


def to_json(item) -> dict:
    """An alert as JSON, checked: a rule returning junk is that rule's problem, not the runner's."""
    fields = {}
    for name in ("key", "rule", "severity", "title", "message"):
        value = getattr(item, name, None)
        if not isinstance(value, str) or not value:
            raise TypeError(f"alert field {name!r} must be a non-empty string, got {value!r}")
        fields[name] = value
    if fields["severity"] not in SEVERITIES:
        raise ValueError(f"severity must be one of {SEVERITIES}, got {fields['severity']!r}")
    evidence = getattr(item, "evidence", ())
    if not isinstance(evidence, (tuple, list)) or not all(type(i) is int for i in evidence):
        raise TypeError(f"alert evidence must be fact ids (ints), got {evidence!r}")
    fields["evidence"] = list(evidence)
    return fields


def capped(rule: str, alerts: list) -> list:
    """At most :data:`ALERT_CAP` alerts, the most severe first, then one that says how many more
    there are."""
    if len(alerts) <= ALERT_CAP:
        return alerts
    ordered = sorted(alerts, key=lambda a: (-SEVERITIES.index(a["severity"]), a["key"]))  # the same ones every run
    kept, rest = ordered[:ALERT_CAP], ordered[ALERT_CAP:]
    worst = max((a["severity"] for a in rest), key=SEVERITIES.index)
    more = {"key": f"{rule}:more", "rule": rule, "severity": worst,
            "title": f"… and {len(rest):,} more alerts from this rule",
            "message": f"This rule raised {len(alerts):,} alerts; {ALERT_CAP} are listed one by one, the most "
                       "severe first. Narrow the rule, or ask about the records instead.",
            "evidence": []}
    return [*kept, more]


def run_rule(name: str, module, state, now, events: Events, limit: float, project: str) -> None:
    check = getattr(module, "check", None)
    if not callable(check):
        events.problem(name, f"{name} has no check(state, now) function")
        return
    events.emit({"event": "start", "rule": name})

    def expire(signum, frame):
        raise RuleTimeout()

    signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        result = check(state, now)
        signal.setitimer(signal.ITIMER_REAL, 0)
        if not isinstance(result, (list, tuple)):
            raise TypeError(f"check() must return a list of alerts, got {type(result).__name__}")
        alerts = capped(name, [to_json(a) for a in result])
    except RuleTimeout:
        events.problem(name, f"{name} ran longer than {limit:g} s and was stopped")
        return
    except BaseException as exc:
        signal.setitimer(signal.ITIMER_REAL, 0)
        events.problem(name, describe(exc, project))
        return
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    events.emit({"event": "alerts", "rule": name, "alerts": alerts})


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Run every rule on this project's state.")
    parser.add_argument("--now", required=True, help="ISO date or datetime the rules run as of")
    parser.add_argument("--project", default=HERE, help="the project folder (default: this one)")
    parser.add_argument("--jsonl", action="store_true", help="one JSON event per line, streamed")
    parser.add_argument("--rule-timeout", type=float, default=2.0, help="seconds per rule")
    parser.add_argument("--refuse-json", default="{}", help=argparse.SUPPRESS)
    parser.add_argument("--packs-only", action="store_true", help="run the built-in packs, no user files")
    parser.add_argument("--user", action="append", metavar="FILE", help="run only this file of user/")
    args = parser.parse_args(argv)
    try:
        now = datetime.datetime.fromisoformat(args.now)
    except ValueError:
        parser.error(f"--now must be an ISO date or datetime, not {args.now!r}")
    project = os.path.abspath(args.project)
    out = sys.stdout
    sys.stdout = sys.stderr  # a rule's print() must not corrupt the JSON on stdout
    events = Events(out, args.jsonl)
    sys.path[:0] = [project]
    loader = Loader(project, json.loads(args.refuse_json), events)
    state, packs, manifest = load_state(loader)
    if state is not None:
        user = [] if args.packs_only else args.user
        rules = load_rules(loader, manifest, packs, builtin=not args.user, user=user)
        events.emit({"event": "plan", "rules": [name for name, _ in rules]})
        for name, module in rules:
            run_rule(name, module, state, now, events, args.rule_timeout, project)
    events.finish(now)
    return 0


if __name__ == "__main__":
    sys.exit(main())
