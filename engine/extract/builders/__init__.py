"""Frame builders, one module per domain: each turns a clause's candidates into draft facts."""
