"""What the checks of mkfilter-server on the wire share (browser_test.py,
hold_test.py, https_test.py): the tally of checks, the --server argument and
stopping a server they started."""
import argparse
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


class Check:
    """check(condition, message): prints the outcome ("ok" or "FAIL") and the
    message, keeps the message of a failure, and returns the condition."""
    def __init__(self):
        self.failures = []

    def __call__(self, condition, message):
        print(("ok   " if condition else "FAIL ") + message)
        if not condition:
            self.failures.append(message)
        return condition

    def finish(self, name):
        """After the last check: says how many `name` checks failed and exits
        1, or says that the `name` test passed."""
        if self.failures:
            print(f"{len(self.failures)} {name} check(s) failed", file=sys.stderr)
            sys.exit(1)
        print(f"{name} test passed")


def server_argument(binary):
    """The command line's --server: the server to start (by default
    Server/.build/release/`binary`)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", default=str(ROOT / "Server/.build/release" / binary))
    return parser.parse_args().server


def stop(process):
    """Stops a server this check started, waiting 10 s at most."""
    process.terminate()
    process.wait(timeout=10)
