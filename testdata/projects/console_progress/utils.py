"""A hand-made progress bar and a tracker facade, as small training
repositories write them."""
import sys
import time

BAR = 40
_last = time.time()


def progress_bar(current, total, msg=None):
    global _last
    done = int(BAR * current / total)
    sys.stdout.write(" [" + "=" * done + "." * (BAR - done) + "]")
    now = time.time()
    sys.stdout.write(" step %.3fs" % (now - _last))
    _last = now
    if msg:
        sys.stdout.write(" | " + msg)
    sys.stdout.write("\r" if current < total - 1 else "\n")
    sys.stdout.flush()


def finish_line(current, total):
    # Writes only at the end of the bar.
    if current == total - 1:
        sys.stdout.write("\n")


class Tracker:
    def __init__(self, sinks):
        self.sinks = sinks

    def log(self, values, step=None):
        for sink in self.sinks:
            sink.log(values, step=step)
