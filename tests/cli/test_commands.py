"""The CLI's read and maintenance commands on a real profile (detectors only, no model needed)."""

import datetime as dt
import json


def test_demo_profile_has_live_alerts_today(uac) -> None:
    env_off = uac.run("model", "use", "off")
    assert "off" in env_off.stdout
    uac.run("demo")
    sessions = uac.json("log")["sessions"]
    assert len(sessions) == 4 and all(s["source"] == "demo" for s in sessions)
    alerts = uac.json("alerts", "--now", dt.datetime.now().replace(microsecond=0).isoformat())
    titles = " ".join(a["title"] for a in alerts).lower()
    assert "passport" in titles and "penicillin" in titles
    again = uac.run("demo").stdout
    assert "0 sessions ingested" in again  # a second run adds nothing


def test_forget_session_removes_its_facts_and_is_audited(uac) -> None:
    uac.run("model", "use", "off")
    out = json.loads(uac.run("ingest", "--date", "2025-01-10", "--session", "s1", "--json", "-",
                             stdin="User: I'm allergic to penicillin.").stdout)
    assert out["facts"]
    uac.run("forget", "session", "s1", "--reason", "test")
    log = uac.json("log")
    assert log["sessions"] == [] and log["forgotten"][0]["id"] == "s1"
    assert uac.json("state") == {}
    proc = uac.run("forget", "session", "s1", check=False)
    assert proc.returncode == 1 and "no session" in proc.stderr


def test_checkpoint_history_lists_commits(uac) -> None:
    uac.run("model", "use", "off")
    uac.run("ingest", "--date", "2025-01-10", "--session", "first", "-", stdin="User: My passport expires on 2030-05-01.")
    history = uac.json("checkpoint", "--history")
    assert history and "first" in history[0]["title"]
    assert "2030, 5, 1" in uac.run("checkpoint", "--diff").stdout


def test_broken_backend_keeps_the_message_for_retry(uac, tmp_path) -> None:
    broken = tmp_path / "broken.gguf"
    broken.write_bytes(b"GGUF" + b"\0" * (2 << 20))  # a header and nothing else: fails when loaded
    uac.run("model", "use", str(broken))
    text = "User: Rome, 14 June.\n"  # a place and one date with no trigger word: the model is asked
    proc = uac.run("ingest", "--date", "2025-01-10", "--session", "s1", "-", stdin=text, check=False)
    assert proc.returncode == 1 and "retry" in proc.stderr
    msg = uac.json("log")["sessions"][0]["messages"][0]
    assert msg["extraction"] == "failed" and msg["text"].startswith("Rome")
    uac.run("model", "use", "off")
    uac.run("ingest", "--retry")
    assert uac.json("log")["sessions"][0]["messages"][0]["extraction"] == "done"
