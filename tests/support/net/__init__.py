"""Helpers of the server's tests: a served process, an SSH client, small apps and games."""
